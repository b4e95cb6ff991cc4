package widget

import (
	"math/bits"

	"yams/engine"
)

// MaxLanes is the most turn-start states a widget works out at once: every subtotal of a
// group when the bonus threshold is below 64. Its vectors then take about 1 MB, which
// stays in a core's second-level cache.
const MaxLanes = 64

// Widget evaluates one turn from turn-start states of one group — the same filled boxes and
// yahtzee flag — for several upper subtotals at once (its "lanes"), given the values of the
// states after the turn: the stop value of every final roll (best box), then, roll number
// by roll number backwards, the value of every keep (the one-die-at-a-time recurrence) and
// of every roll (the best keep). The states of a group share their dice and their boxes, so
// each step is one operation on a vector of lanes (kernels.go): the loops read and write
// memory in order, run many lanes per instruction where the processor can, and the
// bookkeeping of the keeps and the rolls is paid once for all the lanes.
//
// Every vector holds S values per roll or keep, row after row: the L lanes, padded to a
// multiple of what the kernels take at once with lanes whose values nobody reads. Each
// lane is computed with the same operations in the same order as a widget of one lane, so
// a state's value does not depend on the lanes it was solved with, nor on the number of
// workers.
type Widget struct {
	Space *Space
	v     []float64 // values of turn-start states, read for the states after the turn

	lanes []uint16 // the subtotal of each lane
	L, S  int
	One   [1]uint16 // the lanes of a single state

	// lvl[ru], ru from 0 to rolls−1, holds numKeeps rows: rows [rollBase, numKeeps), the
	// value of holding each roll after ru+1 rolls and playing on optimally (for the last
	// roll number, the stop values); rows [0, rollBase) for ru ≥ 1, the value of holding
	// each smaller keep after ru rolls and rolling the other dice. Every step reads and
	// writes these rows in place: nothing is copied.
	Levels [engine.MaxRollsPerTurn][]float64
	// stop[ru]: the value of ending the turn with each roll after ru+1 rolls, for the
	// roll numbers before the last when a column takes first rolls only (!sameStop).
	stop [engine.MaxRollsPerTurn][]float64
	m    []float64 // [rollBase*S]: best value of a keep inside each keep
	mk   []float64 // [rollBase*S]: with tracking, the rank (keepRank) of the keep that reaches m
	cv   []float64 // the value of each score of each open box, a row per score
	e    []float64 // [S]: value of each state before its first roll
	// boxes lists the legal boxes for the stop kernels: BoxIDs of the sheet, which on a
	// sheet of one column are the boxes.
	boxes [engine.MaxSlots]stopBox
	// SameStop: the value of ending a turn does not depend on the roll number.
	SameStop bool
	// With tracking: box[r*S+i], the best box for roll r (stopping after the first roll)
	// in lane i; keep[ru][r*S+i], the rank of the best keep of roll r after ru+1 rolls
	// (0: stop).
	Box  []uint8
	Keep [engine.MaxRollsPerTurn - 1][]uint8
	// BoxLast, when the value of ending a turn depends on the roll number (a "sec"
	// column), is box for a turn ended after the last roll (or any roll but the first:
	// they have the same boxes).
	BoxLast []uint8
	// Scratch space for the AVX kernels, which carry boxes and ranks as float64.
	argf []float64

	// sc values a box under an objective other than the mean (nil: the mean).
	Scorer *scorer
	// settledW, for the bonus objective, works out the decisions of the lanes where the
	// bonus is decided (space.settled) for the mean; sub and at are its lanes and their
	// positions among this widget's.
	SettledWidget *Widget
	sub, at       [MaxLanes]uint16
	// gv, for an objective of the final score (target:T, beat:S), holds the values of the
	// states after the turn; the lanes are then (subtotal, score so far) pairs of the
	// group, pairBase + the lane (goalValues.scoreValues).
	GoalValues *GoalValues
	PairBase   int
	// pc, for a sheet of several columns, is its space: the widget works out the states of
	// outer number outer (whose other columns fill outerFilled) and lane column group
	// (mask, f), reading the values of the whole table in pv; v is then the block of outer.
	pc          *Product
	pv          []float64
	outer       int
	outerFilled uint64
}

func NewWidget(sp *Space, v []float64) *Widget { return newWidgetFor(sp, v, sp.SameStop, 1) }

// NewProductWidget returns a widget of the states of a sheet of several columns, whose
// values are pv.
func NewProductWidget(pc *Product, pv []float64) *Widget {
	w := newWidgetFor(pc.LaneSpace(), nil, pc.sameStop, len(pc.Cols))
	w.pc, w.pv = pc, pv
	return w
}

// newWidgetFor returns a widget of the states of sp, on a sheet of that many columns.
func newWidgetFor(sp *Space, v []float64, sameStop bool, columns int) *Widget {
	w := &Widget{Space: sp, v: v, SameStop: sameStop}
	const s = MaxLanes // a multiple of what every kernel takes at once
	for ru := range sp.Rolls {
		w.Levels[ru] = make([]float64, NumKeeps*s)
		if !sameStop && ru < sp.Rolls-1 {
			w.stop[ru] = make([]float64, NumRolls*s)
		}
	}
	for ru := range sp.Rolls - 1 {
		w.Keep[ru] = make([]uint8, NumRolls*s+8) // the coder reads 8 bytes at a time
	}
	rows := 0
	for b := range sp.NumBoxes {
		rows += columns * len(sp.ClassScores[b])
	}
	w.m = make([]float64, RollBase*s)
	w.mk = make([]float64, RollBase*s)
	w.cv = make([]float64, max(rows, 1)*s)
	w.e = make([]float64, s)
	w.Box = make([]uint8, NumRolls*s+8)
	if !sameStop {
		w.BoxLast = make([]uint8, NumRolls*s)
	}
	w.argf = make([]float64, NumRolls*s)
	return w
}

// SetLanes makes the widget work on the states of the given subtotals (at most maxLanes).
func (w *Widget) SetLanes(lanes []uint16) {
	w.lanes, w.L, w.S = lanes, len(lanes), laneStride(len(lanes))
}

// rolls returns the rows of the rolls of a level.
func (w *Widget) rolls(ru int) []float64 { return w.Levels[ru][RollBase*w.S : NumKeeps*w.S] }

// SetOuter makes a widget of a sheet of several columns work on the states of outer
// number o.
func (w *Widget) SetOuter(o int) {
	pc := w.pc
	w.outer, w.outerFilled = o, pc.outerMask(o)
	w.v = w.pv[o*pc.nLane : (o+1)*pc.nLane]
}

// Legal returns the slots (BoxIDs of the sheet) where roll may go after rollsUsed rolls
// from the states of group (mask, f).
func (w *Widget) Legal(mask uint32, roll engine.Roll, rollsUsed int) uint64 {
	if w.pc == nil {
		return uint64(w.Space.Legal(mask, roll, rollsUsed))
	}
	return w.pc.Rules.Legal(w.outerFilled|uint64(mask)<<(w.pc.Lane*w.Space.NumBoxes), roll, rollsUsed)
}

// points returns what roll scores in slot s from the states of group (mask, f), the
// joker applied.
func (w *Widget) points(mask uint32, s int, roll engine.Roll) int {
	if w.pc == nil {
		return w.Space.Rules.Points(uint64(mask), engine.BoxID(s), roll)
	}
	return w.pc.Rules.Points(w.outerFilled|uint64(mask)<<(w.pc.Lane*w.Space.NumBoxes), engine.BoxID(s), roll)
}

// laneSlot reports whether slot s is a box of the lane column (on one column, every box
// is), and returns its box.
func (w *Widget) laneSlot(s int) (box int, lane bool) {
	nb := w.Space.NumBoxes
	if w.pc == nil {
		return s, true
	}
	return s % nb, s/nb == w.pc.Lane
}

// SlotValues is boxValues for slot s of the sheet.
func (w *Widget) SlotValues(mask uint32, f, s int, dst []float64) {
	b, lane := w.laneSlot(s)
	if lane {
		w.boxValues(mask, f, b, dst)
		return
	}
	for c, pts := range w.Space.ClassScores[b] {
		w.outerValues(mask, f, s, pts, false, dst[c*w.S:][:w.L])
	}
}

// slotScoreValues is scoreValues for slot s of the sheet.
func (w *Widget) slotScoreValues(mask uint32, f, s, pts int, five bool, dst []float64) {
	if b, lane := w.laneSlot(s); lane {
		w.scoreValues(mask, f, b, pts, five, dst)
	} else {
		w.outerValues(mask, f, s, pts, five, dst)
	}
}

// outerValues sets dst[i] to the value of scoring pts in slot s, a box of another column
// than the lane column, from the state of lane i: the points gained in that column and
// the value of the next state, whose lane column is the same.
func (w *Widget) outerValues(mask uint32, f, s, pts int, five bool, dst []float64) {
	sp, pc := w.Space, w.pc
	o, x := pc.Step(w.outer, s/sp.NumBoxes, s%sp.NumBoxes, pts, five)
	next := w.pv[pc.Index(o, mask, 0, f):][:sp.NumSubtotals]
	reward := float64(x.Reward)
	for i, u := range w.lanes[:len(dst)] {
		dst[i] = reward + next[u]
	}
}

// StopLayer returns the stop values for rollsUsed (1-based).
func (w *Widget) StopLayer(rollsUsed int) []float64 {
	if w.SameStop || rollsUsed == w.Space.Rolls {
		return w.rolls(w.Space.Rolls - 1)
	}
	return w.stop[rollsUsed-1][:NumRolls*w.S]
}

// Stops fills the stop values of the lanes of group (mask, f); with track it also
// records the best box of every roll after the first roll, the lowest box index winning
// ties.
func (w *Widget) Stops(mask uint32, f int, track bool) {
	sp, S := w.Space, w.S
	layers := sp.Rolls
	if w.SameStop {
		layers = 1
	}
	// The values of every score of every box open at some roll number, once.
	var legal [engine.MaxRollsPerTurn]uint64
	var open uint64
	for ru := 1; ru <= layers; ru++ {
		legal[ru-1] = w.Legal(mask, PlainRoll, ru)
		open |= legal[ru-1]
	}
	var base [engine.MaxSlots]int
	row := 0
	for l := open; l != 0; l &= l - 1 {
		s := bits.TrailingZeros64(l)
		base[s] = row
		w.SlotValues(mask, f, s, w.cv[row*S:])
		row += len(sp.ClassScores[s%sp.NumBoxes])
	}
	for ru := 1; ru <= layers; ru++ {
		st := w.StopLayer(ru)
		var arg []uint8
		switch {
		case track && ru == 1:
			arg = w.Box[:NumRolls*S]
		case track && ru == layers:
			arg = w.BoxLast[:NumRolls*S]
		}
		n := 0
		for l := legal[ru-1]; l != 0; l &= l - 1 {
			s := bits.TrailingZeros64(l)
			b := s % sp.NumBoxes
			w.boxes[n] = stopBox{cls: &sp.ScoreClass[b], base: 8 * base[s] * S, box: s, rows: len(sp.ClassScores[b])}
			n++
		}
		stopsLanes(st, arg, w.argf, w.cv, S, w.boxes[:n])
		// Five of a kind: the joker changes the points and, forced, the legal boxes; the
		// extra bonus adds to every box. The boxes are tried in increasing order, and a
		// tie keeps the lower.
		cv := w.e[:w.L]
		for _, y := range YahtzeeRolls {
			dst := st[int(y)*S : int(y)*S+w.L]
			fillNegInf(dst)
			for l := w.Legal(mask, y, ru); l != 0; l &= l - 1 {
				s := bits.TrailingZeros64(l)
				w.slotScoreValues(mask, f, s, w.points(mask, s, y), true, cv)
				for i, x := range cv {
					if x > dst[i] {
						dst[i] = x
						if arg != nil {
							arg[int(y)*S+i] = uint8(s)
						}
					}
				}
			}
		}
	}
}

// boxValues sets the rows of dst (S values each) to the value of scoring each score of
// box b (clsScore[b]) from the state of each lane of group (mask, f), five of a kind
// aside.
func (w *Widget) boxValues(mask uint32, f, b int, dst []float64) {
	for c, pts := range w.Space.ClassScores[b] {
		w.scoreValues(mask, f, b, pts, false, dst[c*w.S:][:w.L])
	}
}

// scoreValues sets dst[i] to the value of scoring pts in box b from the state of lane i:
// the points gained (the upper bonus and, for five of a kind, the extra bonus included)
// and the value of the next state, the sum space.applyPoints makes.
func (w *Widget) scoreValues(mask uint32, f, b, pts int, five bool, dst []float64) {
	sp := w.Space
	reward := sp.Sign[b] * pts
	f0 := f
	if sp.NumFlags == 2 {
		if five && f == 1 {
			reward += sp.ExtraBonus
		}
		if b == sp.YahtzeeBox && pts > 0 {
			f = 1
		}
	}
	lanes := w.lanes[:len(dst)]
	if w.GoalValues != nil {
		w.GoalValues.scoreValues(sp, mask, f0, f, b, pts, reward, w.PairBase, lanes, dst)
		return
	}
	next := w.v[sp.Index(mask|1<<b, 0, f):][:sp.NumSubtotals]
	if w.Scorer != nil {
		w.Scorer.scoreValues(sp, mask, b, pts, reward, next, lanes, dst)
		return
	}
	if sp.UpperMask&(1<<b) == 0 {
		// A lower box leaves the subtotal as it is: the next states are a row of the table.
		x := float64(reward)
		for i, u := range lanes {
			dst[i] = x + next[u]
		}
		return
	}
	// An upper box adds its points to the subtotal, capped, merged where the bonus is out
	// of reach (space.canon), and pays the bonus to the lanes that reach the threshold.
	dead := 0
	if sp.Merged {
		dead = sp.DeadBelow[sp.Up(mask|1<<b)]
	}
	for i, u := range lanes {
		t, bonus := sp.UpperStep(int(u), pts, dead)
		dst[i] = float64(reward+bonus) + next[t]
	}
}

// UpperStep returns the subtotal of the next state when a lane of subtotal u scores pts
// in an upper box (capped, and merged into 0 below dead, where the bonus is out of reach:
// space.canon), and the upper bonus it earns by reaching the threshold.
func (sp *Space) UpperStep(u, pts, dead int) (t, bonus int) {
	nu := u + pts
	if sp.threshold > 0 && u < sp.threshold && nu >= sp.threshold {
		bonus = sp.UpperBonus
	}
	t = min(sp.UpperCap, nu)
	if t < dead {
		t = 0
	}
	return t, bonus
}

// Evaluate works out the turn from the lanes' states of group (mask, f) and returns the
// value of each before its first roll. With track it also leaves the decisions of every
// lane and roll in w.box and w.keep: the best box, and the best keep of each roll number,
// ties going to stopping, then to the keep of more dice, then to the lower keep index
// (the order of engine.SubKeeps, as engine.TurnPlan breaks them; keepRank numbers the
// keeps in it).
func (w *Widget) Evaluate(mask uint32, f int, track bool) []float64 {
	sp, S := w.Space, w.S
	w.Stops(mask, f, track)
	for ru := sp.Rolls - 2; ru >= 0; ru-- {
		ev := w.Levels[ru+1][:NumKeeps*S]
		expectLanes(ev, S)
		if track {
			decideRollsLanes(ev, w.m, w.mk, w.StopLayer(ru+1), w.rolls(ru), w.Keep[ru], w.argf, S)
		} else {
			bestRollsLanes(ev, w.m, w.StopLayer(ru+1), w.rolls(ru), S)
		}
	}
	dotLanes(w.e, w.rolls(0), S)
	if track && w.SettledWidget != nil {
		w.settledDecisions(mask, f)
	}
	return w.e[:w.L]
}

// settledDecisions replaces the decisions of the lanes where the bonus is decided, to
// which every option is worth the same to the bonus objective, by those of the mean:
// the strategy bonus plays for the score once it has nothing left to play for.
func (w *Widget) settledDecisions(mask uint32, f int) {
	n := 0
	for i, u := range w.lanes {
		if w.Space.Settled(mask, int(u)) {
			w.sub[n], w.at[n] = u, uint16(i)
			n++
		}
	}
	if n == 0 {
		return
	}
	sw := w.SettledWidget
	sw.SetLanes(w.sub[:n])
	sw.Evaluate(mask, f, true)
	S, T := w.S, sw.S
	for j, i := range w.at[:n] {
		for r := range NumRolls {
			w.Box[r*S+int(i)] = sw.Box[r*T+j]
			for ru := range w.Space.Rolls - 1 {
				w.Keep[ru][r*S+int(i)] = sw.Keep[ru][r*T+j]
			}
		}
	}
}

// Decide works out the decisions of every roll of state (mask, u, f) into out and
// returns its value.
func (w *Widget) Decide(mask uint32, u, f int, out *[NumRolls]uint32) float64 {
	w.One[0] = uint16(u)
	w.SetLanes(w.One[:])
	e := w.Evaluate(mask, f, true)[0]
	w.LaneEntries(0, out)
	return e
}

// A policy entry packs the decisions for one roll in one state: bits 0-3 the box to
// score it in, then 5 bits per reroll, for 1, 2, ... rerolls left, the position of the
// keep in engine.SubKeeps(roll) (0: keep all five dice, that is stop).
const (
	BoxBits  = 4
	KeepBits = 5
)

// LaneEntries writes the policy entries of lane i (after evaluate with track) into out.
func (w *Widget) LaneEntries(i int, out *[NumRolls]uint32) {
	S, last := w.S, w.Space.Rolls-1
	for r := range out {
		e := uint32(w.Box[r*S+i])
		for ru := range last {
			e |= uint32(PosOfRank[r][w.Keep[ru][r*S+i]]) << (BoxBits + KeepBits*(last-ru-1))
		}
		out[r] = e
	}
}

func EntryBox(e uint32) int { return int(e & (1<<BoxBits - 1)) }

func EntryKeep(e uint32, r engine.Roll, rollsLeft int) engine.Keep {
	i := e >> (BoxBits + KeepBits*(rollsLeft-1)) & (1<<KeepBits - 1)
	return engine.SubKeeps(r)[i]
}
