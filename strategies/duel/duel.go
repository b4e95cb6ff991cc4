package duel

import (
	"fmt"
	"math/bits"
	"runtime"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Duel is the exact solve of a game of two players on one column: the best response, a
// player who sees both sheets, against an opponent who plays a deterministic strategy
// state by state. Its values are the best response's chance of winning, a tie counting
// half, from every position where it is its turn to play: its own state, the opponent's,
// and the difference of their points, in each seat.
type Duel struct {
	Rules    *engine.Rules
	Opponent string
	sp       *widget.Space // the best response's states: the solver's
	opp      *opponent
	rank     []uint16 // the rank of each subtotal among its group's lanes
	own      []bounds // per group of sp
	// lay[gB] is the layout of the positions against an opponent in group gB.
	lay []*layout
	// seat[s] holds the values of seat s (0: the best response plays first in each
	// round): off[i] is where the block of the opponent's state i starts in v (−1: no
	// game reaches it in that seat).
	seat [2]struct {
		off []int64
		v   []float64
	}
	mean   *solver.Policy // optimal's, whose values break ties and play where nothing is at stake
	layers [][]uint32     // the best response's masks by their filled boxes
}

// Solve solves the duel of the best response against strategy opponent on rules r, with
// workers goroutines (0: one per CPU). It refuses, before anything is built, a sheet of
// several columns and one whose values would not fit in the memory limit
// (internal/memlimit), and an opponent whose decisions depend on more than its sheet's
// state and the dice.
func Solve(r *engine.Rules, opponent string, workers int) (*Duel, error) {
	if err := CheckMemory(r, opponent); err != nil {
		return nil, err
	}
	mean, err := solver.PolicyFor(r, solver.Mean)
	if err != nil {
		return nil, err
	}
	opp, err := newOpponent(r, opponent, workers)
	if err != nil {
		return nil, err
	}
	du := newDuel(r, mean.Space, opp)
	du.mean = mean
	du.solve(workers)
	return du, nil
}

// newDuel lays out the duel of space sp against opp, without its values.
func newDuel(r *engine.Rules, sp *widget.Space, opp *opponent) *Duel {
	du := &Duel{Rules: r, Opponent: opp.name, sp: sp, opp: opp, own: groupBounds(sp), rank: lanesRank(sp), layers: sp.Layers()}
	osp := opp.sp
	ob := groupBounds(osp)
	du.lay = make([]*layout, len(ob))
	for gB := range ob {
		mask, f := uint32(gB/osp.NumFlags), gB%osp.NumFlags
		if osp.GroupValid(mask, f) {
			du.lay[gB] = newLayout(sp, du.own, du.rank, ob[gB], bits.OnesCount32(mask))
		}
	}
	for s := range du.seat {
		st := &du.seat[s]
		st.off = make([]int64, osp.NumStates())
		n := int64(0)
		for i := range st.off {
			st.off[i] = -1
			if !opp.reach[i] {
				continue
			}
			l := du.lay[du.oppGroup(i)]
			if l.size[s] > 0 {
				st.off[i] = n
				n += l.size[s]
			}
		}
		st.v = make([]float64, n)
	}
	return du
}

// lanesRank returns the rank of each subtotal among the lanes of its group, by Up(mask)·nu + u.
func lanesRank(sp *widget.Space) []uint16 {
	rank := make([]uint16, len(sp.UpperReach))
	for up, lanes := range sp.Lanes {
		for k, u := range lanes {
			rank[up*sp.NumSubtotals+int(u)] = uint16(k)
		}
	}
	return rank
}

// oppGroup returns the group of the opponent's state i.
func (du *Duel) oppGroup(i int) int {
	mask, _, f := du.opp.sp.Split(i)
	return int(mask)*du.opp.sp.NumFlags + f
}

// ownGroup returns the group of the best response's state i, and the rank of its subtotal.
func (du *Duel) ownGroup(i int) (g, r int) {
	sp := du.sp
	mask, u, f := sp.Split(i)
	return int(mask)*sp.NumFlags + f, int(du.rank[sp.Up(mask)*sp.NumSubtotals+u])
}

// outcome is what the final difference of points is worth to the best response: a win,
// a tie (half), a loss.
func outcome(d int) float64 {
	switch {
	case d > 0:
		return 1
	case d == 0:
		return 0.5
	}
	return 0
}

// Value returns the best response's chance of winning (a tie counting half) in seat s,
// when it is its turn to play from its state a (a dense index of the solver's space)
// against the opponent's state b (of the opponent's space), d points ahead.
func (du *Duel) Value(s, a, b, d int) float64 {
	g, r := du.ownGroup(a)
	st := &du.seat[s]
	if !du.opp.reach[b] {
		panic(fmt.Sprintf("duel: the opponent's state %d is not one its games reach", b))
	}
	var vals []float64
	if off := st.off[b]; off >= 0 { // else every difference is settled
		vals = st.v[off:]
	}
	return du.lay[du.oppGroup(b)].value(vals, g, r, d)
}

// after returns the value, in seat s, of the position after the best response's turn: its
// state a, the opponent's b about to play (or done), d points ahead.
func (du *Duel) after(s, a, b, d int) float64 {
	full := du.sp.NumBoxes
	aFull := layerOf(du.sp, a) == full
	ts := du.opp.trans[b]
	if ts == nil { // the opponent's sheet is full: so is the best response's
		return outcome(d)
	}
	x := 0.0
	for _, t := range ts {
		if aFull {
			x += t.Q * outcome(d-int(t.Reward))
		} else {
			x += t.Q * du.Value(s, a, int(t.Next), d-int(t.Reward))
		}
	}
	return x
}

// Positions returns the number of positions the duel holds values of: the best
// response's state, the opponent's and the difference of points, at the start of a turn
// of the best response, in either seat (those whose outcome is settled left out).
func (du *Duel) Positions() int64 { return int64(len(du.seat[0].v) + len(du.seat[1].v)) }

// Chance returns the best response's chance of winning the game in seat s (0: it plays
// first), a tie counting half.
func (du *Duel) Chance(s int) float64 {
	a := du.sp.Index(0, 0, 0)
	b := du.opp.first
	if s == 0 {
		return du.Value(0, a, b, 0)
	}
	x := 0.0
	for _, t := range du.opp.trans[b] {
		x += t.Q * du.Value(1, a, int(t.Next), -int(t.Reward))
	}
	return x
}

// solveWorker is what a goroutine of the solve holds: a widget and the values of the
// states after the turns it works out.
type solveWorker struct {
	w    *widget.Widget
	gv   widget.GoalValues
	post []float64
}

// laneNumbers are the offsets of a block's pairs from its first, for the widget's lanes.
var laneNumbers = func() []uint16 {
	l := make([]uint16, widget.MaxLanes)
	for i := range l {
		l[i] = uint16(i)
	}
	return l
}()

// solve works out the values of both seats by backward induction: for each layer of the
// best response's sheet from the last turn back to the first, the opponent's states of
// the layer of the round in parallel, each by the same sequential code, so that the
// values do not depend on the number of workers.
func (du *Duel) solve(workers int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	maxPost := int64(0)
	for _, l := range du.lay {
		if l != nil {
			maxPost = max(maxPost, l.post)
		}
	}
	ws := make([]*solveWorker, workers)
	for i := range ws {
		sw := &solveWorker{w: widget.NewWidget(du.sp, nil), post: make([]float64, maxPost)}
		sw.w.GoalValues = &sw.gv
		ws[i] = sw
	}
	n := du.sp.NumBoxes
	for s := range du.seat {
		for k := n - 1; k >= 0; k-- {
			if k+s > n {
				continue
			}
			list := du.opp.layers[k+s]
			solver.ForEach(ws, len(list), func(sw *solveWorker, _, j int) {
				du.solveOpponentState(sw, s, k, int(list[j]))
			})
		}
	}
}

// solveOpponentState works out the values of seat s of the best response's states of
// layer k against the opponent's state b: the values after its turn first (the
// opponent's turn to come, mixed over its outcomes), then its turn by the widget.
func (du *Duel) solveOpponentState(sw *solveWorker, s, k, b int) {
	sp := du.sp
	st := &du.seat[s]
	if st.off[b] < 0 {
		return
	}
	l := du.lay[du.oppGroup(b)]
	sw.gv = l.gv
	sw.gv.Values = sw.post
	layers := du.layers
	for _, m := range layers[k+1] {
		for f := range sp.NumFlags {
			g := int(m)*sp.NumFlags + f
			w := int(l.gv.Width[g])
			if !sp.GroupValid(m, f) || w == 0 {
				continue
			}
			lo := int(l.gv.Lo[g])
			for r, u := range sp.Lanes[sp.Up(m)] {
				a := sp.Index(m, int(u), f)
				dst := sw.post[l.gv.Base[g]+int64(r*w) : l.gv.Base[g]+int64((r+1)*w)]
				du.afterRow(dst, s, a, b, lo)
			}
		}
	}
	vals := st.v[st.off[b]:]
	for _, m := range layers[k] {
		for f := range sp.NumFlags {
			g := int(m)*sp.NumFlags + f
			if !sp.GroupValid(m, f) {
				continue
			}
			pairs := len(sp.Lanes[sp.Up(m)]) * int(l.gv.Width[g])
			for lo := 0; lo < pairs; lo += widget.MaxLanes {
				hi := min(lo+widget.MaxLanes, pairs)
				sw.w.SetLanes(laneNumbers[:hi-lo])
				sw.w.PairBase = lo
				e := sw.w.Evaluate(m, f, false)
				copy(vals[l.rel[g]+int64(lo):], e[:hi-lo])
			}
		}
	}
}

// afterRow sets dst[x] to the value after the best response's turn (after) of its state a
// against the opponent's state b, lo+x points ahead, in seat s.
func (du *Duel) afterRow(dst []float64, s, a, b, lo int) {
	ts := du.opp.trans[b]
	if ts == nil {
		for x := range dst {
			dst[x] = outcome(lo + x)
		}
		return
	}
	clear(dst)
	aFull := layerOf(du.sp, a) == du.sp.NumBoxes
	g, r := du.ownGroup(a)
	for _, t := range ts {
		q, y := t.Q, int(t.Reward)
		if aFull {
			for x := range dst {
				dst[x] += q * outcome(lo+x-y)
			}
			continue
		}
		b2 := int(t.Next)
		l2 := du.lay[du.oppGroup(b2)]
		var vals []float64
		if off := du.seat[s].off[b2]; off >= 0 { // else every difference is settled
			vals = du.seat[s].v[off:]
		}
		// The differences below the stored ones are worth 0, those above 1 or 0 (sure
		// wins, or differences no game reaches), those in between are read.
		lo2, w2 := int(l2.gv.Lo[g]), int(l2.gv.Width[g])
		row := vals[l2.rel[g]+int64(r*w2):]
		for x := range dst {
			d := lo + x - y
			switch k := d - lo2; {
			case k < 0:
			case k >= w2:
				if d+int(l2.gv.Least[g]) >= l2.gv.Upto {
					dst[x] += q
				}
			default:
				dst[x] += q * row[k]
			}
		}
	}
}

// CheckMemory refuses, before anything is built, the duel of the best response against
// strategy opponent on rules r where it has no exact solve here: a sheet of several
// columns, an opponent yams cannot follow state by state, or values that would not fit in
// the memory limit.
func CheckMemory(r *engine.Rules, opponent string) error {
	if len(r.Columns()) != 1 {
		return widget.RefuseColumns(r, "the best response to "+opponent)
	}
	need, err := Memory(r, opponent)
	if err != nil {
		return err
	}
	return memlimit.Check(what(r, opponent), need)
}

// what names the duel in a *memlimit.Error.
func what(r *engine.Rules, opponent string) string {
	return fmt.Sprintf("the exact best response to %s on rules %s (its values for every pair of sheets and difference of points, in each seat)", opponent, r.Name())
}

// Memory estimates the memory of the duel of the best response against strategy
// opponent on rules r of one column, from the spaces alone: its own arrays (ownMemory),
// optimal's table and the tables the opponent reads (one, when it is optimal).
func Memory(r *engine.Rules, opponent string) (int64, error) {
	tables, err := tablesMemory(r, opponent)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, need := range tables {
		n = memlimit.Sum(n, need)
	}
	return n, nil
}

// TablesMemory is Memory as strategies.Info.Memory counts it, each table keyed so that a
// table another player of the run reads counts once, after checking that the whole fits
// (CheckMemory).
func TablesMemory(r *engine.Rules, opponent string) (map[string]int64, error) {
	if err := CheckMemory(r, opponent); err != nil {
		return nil, err
	}
	return tablesMemory(r, opponent)
}

// tablesMemory returns the duel's own arrays, optimal's table (solver.TablesMemory) and
// the tables the opponent reads (its Info.Memory, or its objective's table), keyed.
func tablesMemory(r *engine.Rules, opponent string) (map[string]int64, error) {
	own, err := ownMemory(r, opponent)
	if err != nil {
		return nil, err
	}
	tables, err := solver.TablesMemory(r, solver.Mean)
	if err != nil {
		return nil, err
	}
	tables[r.Hash()+" "+Prefix+" "+opponent] = own
	var of map[string]int64
	if o, err := solver.ParseObjective(opponent); err == nil {
		of, err = solver.TablesMemory(r, o)
		if err != nil {
			return nil, err
		}
	} else if info, err := strategies.Resolve(opponent); err == nil && info.Memory != nil {
		if of, err = info.Memory(r); err != nil {
			return nil, err
		}
	}
	for key, need := range of {
		tables[key] = max(tables[key], need)
	}
	return tables, nil
}

// ownMemory estimates the duel's own arrays: the values of every state of the opponent's
// space (those its games reach are fewer), the layouts, the outcomes of the opponent's
// turns (bounded by every box's scores from every state), and the workers' scratch.
func ownMemory(r *engine.Rules, opponent string) (int64, error) {
	osp, err := opponentSpace(r, opponent)
	if err != nil {
		return 0, err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return 0, err
	}
	own, ob := groupBounds(sp), groupBounds(osp)
	// The values: for each group of the opponent, its states times the positions of each
	// of the best response's groups of the two layers where it is its turn.
	var values, post int64
	perLayer := make([][]int, sp.NumBoxes+1)
	for g := range own {
		if mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags; sp.GroupValid(mask, f) {
			perLayer[bits.OnesCount32(mask)] = append(perLayer[bits.OnesCount32(mask)], g)
		}
	}
	var transitions int64
	for gB, b := range ob {
		mask, f := uint32(gB/osp.NumFlags), gB%osp.NumFlags
		if !osp.GroupValid(mask, f) {
			continue
		}
		states := int64(len(osp.Lanes[osp.Up(mask)]))
		kB := bits.OnesCount32(mask)
		var size, after int64
		for _, k := range []int{kB - 1, kB, kB + 1} {
			if k < 0 || k > sp.NumBoxes {
				continue
			}
			for _, g := range perLayer[k] {
				a := own[g]
				w := min(a.done-b.lowest, b.most-a.least) - max(a.lowest-b.done, b.least-a.most) + 1
				n := int64(len(sp.Lanes[sp.Up(uint32(g/sp.NumFlags))])) * int64(max(0, w))
				if k < kB+1 {
					size += n
				}
				if k > kB-1 {
					after += n
				}
			}
		}
		values = memlimit.Sum(values, memlimit.Mul(states, size))
		post = max(post, after)
		for l := osp.FullMask &^ mask; l != 0; l &= l - 1 {
			transitions += states * int64(len(osp.BoxScores(bits.TrailingZeros32(l))))
		}
	}
	ng := int64(len(ob)) * int64(len(own))
	workers := int64(runtime.GOMAXPROCS(0))
	return memlimit.Sum(memlimit.Mul(values, 8), memlimit.Mul(ng, 8+8+4+4+4), memlimit.Mul(transitions, 24+16),
		memlimit.Mul(workers, post*8+widget.WidgetMemory(widget.ShapeOf(sp)))), nil
}
