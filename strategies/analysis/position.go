package analysis

import (
	"fmt"
	"math/bits"
	"slices"

	"yams/engine"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Evaluator gives the value of every option at a position of play under optimal play
// afterwards: the value of every keep of a roll and of every box a final roll may go in,
// as expected final scores. It is the one place that values options: the regret of a
// strategy (exact or simulated), the grading of a recorded game and the advice at a
// position all ask it, so they agree to the last bit.
//
// A position is a sheet at the start of a turn (Start), then a roll and the number of
// rolls used. Start works the turn out once (one widget, tens of microseconds) and keeps
// it (a cache of 2,048 turns, which play meets again and again); every value of that turn
// is then a lookup. An Evaluator holds scratch space: build one per goroutine.
type Evaluator struct {
	t *solver.Table
	w *widget.Widget
	// Blocks: work out every subtotal of a group's block of lanes at once (for an exact
	// analysis, which visits the states of a group one after the other), rather than
	// the one state asked for (for play, which does not come back to a group soon).
	Blocks bool
	// The states worked out: group (mask, f), the subtotals of lanes; the lane of the
	// current state, i; the points the sheet holds as the solver counts them (the upper
	// bonus from the moment the subtotal reaches the threshold).
	mask    uint32
	f       int
	o       int    // on a sheet of several columns, the outer number of the state (product)
	filled  uint64 // the sheet's filled boxes, BoxIDs
	lanes   []uint16
	laneBuf [widget.MaxLanes]uint16
	u, i    int
	valid   bool
	soFar   float64
	// before[i]: the value of lane i's state at the start of the turn. The values of
	// the keeps and the rolls are the widget's.
	before []float64
	// cur: where the values of the current turn are read, the widget's or the cache's.
	cur turnView
	// cache: the turns worked out one state at a time (not with blocks), created at the
	// first.
	cache *turnCache
	// boxes[b][c*S+i]: the value of scoring the c-th score of box b (a BoxID of the
	// sheet; no five of a kind).
	boxes [engine.MaxSlots][]float64
}

// NewEvaluator returns an evaluator of positions of the table's rules. Its values are
// expected final scores: t must be a table of the mean (LoadOrSolve), and one of
// another objective is a programming error.
func NewEvaluator(t *solver.Table) *Evaluator {
	if t.Objective() != solver.Mean {
		panic("optimal: an evaluator of positions from a table of " + t.Objective().String() + ": its values are not points")
	}
	e := &Evaluator{t: t, w: t.NewWidget(), before: make([]float64, widget.MaxLanes)}
	for b := range t.Rules.NumSlots() {
		e.boxes[b] = make([]float64, len(t.Space.ClassScores[b%t.Space.NumBoxes])*widget.MaxLanes)
	}
	return e
}

// Option is a keep or a box with its value: the expected final score when it is chosen
// and the rest of the game is played optimally.
type Option struct {
	Keep  engine.Keep  // for a keep: the dice held (the whole roll: stop)
	Box   engine.BoxID // for a box
	Value float64
}

// Start works out the turn that starts on sheet s. It fails if the sheet is not one of
// the table's (other rules, or a state no game reaches).
func (e *Evaluator) Start(s *engine.Sheet) error {
	t := e.t
	if s.Rules() != t.Rules && s.Rules().Hash() != t.Rules.Hash() {
		return fmt.Errorf("a sheet of rules %s, not of the table's rules %s", s.Rules().Name(), t.Rules.Name())
	}
	var (
		o, u, f int
		mask    uint32
		ok      bool
	)
	if t.Product != nil {
		o, mask, u, f, ok = t.Product.SheetState(s)
	} else {
		mask, u, f, ok = t.Space.SheetParts(s)
	}
	if !ok {
		return fmt.Errorf("the sheet (boxes %#x filled, upper subtotal %d) is not a position of rules %s", s.FilledMask(), s.Upper(0), t.Rules.Name())
	}
	e.soFar = SolverPoints(s)
	if !e.sameState(o, mask, u, f) {
		e.startState(o, mask, u, f)
	}
	return nil
}

// cacheKey returns the key of state (o, mask, u, f) in the turn cache.
func (e *Evaluator) cacheKey(o int, mask uint32, u, f int) uint64 {
	if pc := e.t.Product; pc != nil {
		return productKey(pc.Index(o, mask, u, f))
	}
	return turnKey(mask, u, f)
}

// startState works out the turn of state (o, mask, u, f), and with blocks those of the
// other subtotals of its block of lanes.
func (e *Evaluator) startState(o int, mask uint32, u, f int) {
	t, sp, w := e.t, e.t.Space, e.w
	filled := uint64(mask)
	if t.Product != nil {
		filled = t.Product.Filled(o, mask)
		w.SetOuter(o)
	}
	// The boxes a final roll that is no five of a kind may take at some roll number: the
	// others (in an ordered column, every open box but the next) lead to no state.
	var open uint64
	for ru := 1; ru <= sp.Rolls; ru++ {
		open |= t.Rules.Legal(filled, widget.PlainRoll, ru)
	}
	if !e.Blocks {
		if e.cache == nil {
			e.cache = newTurnCache(sp, len(t.Rules.Columns()), w.SameStop)
		}
		if e.cache.lookup(e.cacheKey(o, mask, u, f), open, &e.cur) {
			e.o, e.filled, e.mask, e.f, e.u, e.valid, e.i = o, filled, mask, f, u, true, 0
			e.laneBuf[0] = uint16(u)
			e.lanes = e.laneBuf[:1]
			return
		}
	}
	lanes := w.One[:]
	w.One[0] = uint16(u)
	if e.Blocks {
		all := sp.Lanes[sp.Up(mask)]
		pos, _ := slices.BinarySearch(all, uint16(u))
		lo := pos / widget.MaxLanes * widget.MaxLanes
		lanes = all[lo:min(lo+widget.MaxLanes, len(all))]
	}
	e.o, e.filled, e.mask, e.f, e.u, e.valid = o, filled, mask, f, u, true
	e.lanes = append(e.laneBuf[:0], lanes...)
	e.i, _ = slices.BinarySearch(e.lanes, uint16(u))
	w.SetLanes(e.lanes)
	copy(e.before, w.Evaluate(mask, f, false))
	for l := open; l != 0; l &= l - 1 {
		b := bits.TrailingZeros64(l)
		w.SlotValues(mask, f, b, e.boxes[b])
	}
	e.cur.S, e.cur.before, e.cur.boxes = w.S, e.before, e.boxes
	for ru := range sp.Rolls {
		e.cur.lvl[ru], e.cur.stop[ru] = w.Levels[ru], w.StopLayer(ru+1)
	}
	if !e.Blocks {
		e.cache.store(e.cacheKey(o, mask, u, f), open, &e.cur, e.i)
	}
}

// sameState reports whether the evaluator has worked out the turn of (o, mask, u, f),
// and makes it the current state if so.
func (e *Evaluator) sameState(o int, mask uint32, u, f int) bool {
	if !e.valid || o != e.o || mask != e.mask || f != e.f {
		return false
	}
	if u == e.u {
		return true
	}
	i, found := slices.BinarySearch(e.lanes, uint16(u))
	if found {
		e.u, e.i = u, i
	}
	return found
}

// SolverPoints returns what sheet s has scored as the solver counts it: the boxes (a
// subtracted one negatively), the extra bonuses, and the upper bonus once the subtotal has
// reached the threshold, whenever the rules pay it.
func SolverPoints(s *engine.Sheet) float64 {
	r := s.Rules()
	pts := s.ExtraTotal()
	for c := range r.Columns() {
		pts += s.SectionTotal(c, engine.Upper) + s.SectionTotal(c, engine.Middle) + s.SectionTotal(c, engine.Lower)
		if r.UpperPoints() != 0 && s.Upper(c) >= r.UpperThreshold() {
			pts += r.UpperPoints()
		}
	}
	return float64(pts)
}

// Value returns the expected final score of optimal play from the start of the turn.
func (e *Evaluator) Value() float64 { return e.soFar + e.cur.before[e.i] }

// KeepValue returns the value of holding keep k of roll r after rollsUsed rolls and
// rerolling the other dice (k = r.Keep(): stopping, the value of the best box for r).
// rollsUsed is below the rules' rolls.
func (e *Evaluator) KeepValue(r engine.Roll, rollsUsed int, k engine.Keep) float64 {
	if k.IsRoll() {
		return e.BestBoxValue(r, rollsUsed)
	}
	return e.soFar + e.cur.lvl[rollsUsed][int(k)*e.cur.S+e.i]
}

// BestKeepValue returns the value of the best keep of roll r after rollsUsed rolls.
func (e *Evaluator) BestKeepValue(r engine.Roll, rollsUsed int) float64 {
	return e.soFar + e.cur.lvl[rollsUsed-1][(widget.RollBase+int(r))*e.cur.S+e.i]
}

// BoxValue returns the value of scoring roll r in box b, reached after rollsUsed rolls;
// b must be legal there.
func (e *Evaluator) BoxValue(r engine.Roll, rollsUsed int, b engine.BoxID) float64 {
	sp := e.t.Space
	if r.OfAKind() == 0 {
		return e.soFar + e.cur.boxes[b][int(sp.ScoreClass[int(b)%sp.NumBoxes][r])*e.cur.S+e.i]
	}
	reward, next := fiveFill(e.t, e.o, e.mask, e.u, e.f, int(b), r)
	return e.soFar + (reward + e.t.Values[next]) // the sum the widget makes, then the points so far
}

// fiveFill returns the points gained by scoring five of a kind r in slot b of table t from state
// (o, mask, u, f), and the index of the state it leads to.
func fiveFill(t *solver.Table, o int, mask uint32, u, f, b int, r engine.Roll) (float64, int) {
	pc := t.Product
	if pc == nil {
		x := t.Space.Apply(mask, u, f, b, r)
		return float64(x.Reward), x.Next
	}
	pts := t.Rules.Points(pc.Filled(o, mask), engine.BoxID(b), r)
	if c := b / pc.NumBoxes; c != pc.Lane {
		o2, x := pc.Step(o, c, b%pc.NumBoxes, pts, true)
		return float64(x.Reward), pc.Index(o2, mask, u, f)
	}
	x := t.Space.ApplyPoints(mask, u, f, b%pc.NumBoxes, pts, true)
	return float64(x.Reward), pc.Index(o, x.Mask, x.U, x.F)
}

// BestBoxValue returns the value of the best box for the final roll r after rollsUsed rolls.
func (e *Evaluator) BestBoxValue(r engine.Roll, rollsUsed int) float64 {
	return e.soFar + e.cur.stop[rollsUsed-1][int(r)*e.cur.S+e.i]
}

// Keeps returns every keep of roll r after rollsUsed rolls with its value, the best first
// (ties in the order the optimal strategy breaks them: stop, more dice, lower index).
func (e *Evaluator) Keeps(r engine.Roll, rollsUsed int) []Option {
	subs := engine.SubKeeps(r)
	out := make([]Option, len(subs))
	for i, k := range subs {
		out[i] = Option{Keep: k, Value: e.KeepValue(r, rollsUsed, k)}
	}
	slices.SortStableFunc(out, func(a, b Option) int { return CmpDesc(a.Value, b.Value) })
	return out
}

// Boxes returns every box that may take the final roll r after rollsUsed rolls, with its
// value, the best first (ties to the lower box, as the optimal strategy breaks them).
func (e *Evaluator) Boxes(r engine.Roll, rollsUsed int) []Option {
	var out []Option
	for l := e.t.Rules.Legal(e.filled, r, rollsUsed); l != 0; l &= l - 1 {
		b := engine.BoxID(bits.TrailingZeros64(l))
		out = append(out, Option{Box: b, Value: e.BoxValue(r, rollsUsed, b)})
	}
	slices.SortStableFunc(out, func(a, b Option) int { return CmpDesc(a.Value, b.Value) })
	return out
}

func CmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// BestKeep returns the best keep of roll r after rollsUsed rolls (the first of the best
// in the order engine.SubKeeps lists them, the order of the optimal strategy's ties).
func (e *Evaluator) BestKeep(r engine.Roll, rollsUsed int) engine.Keep {
	best := e.BestKeepValue(r, rollsUsed)
	for _, k := range engine.SubKeeps(r) {
		if e.KeepValue(r, rollsUsed, k) == best {
			return k
		}
	}
	return r.Keep()
}

// BestBox returns the best box for the final roll r after rollsUsed rolls (the lowest of
// the best, as the optimal strategy breaks ties).
func (e *Evaluator) BestBox(r engine.Roll, rollsUsed int) engine.BoxID {
	best := e.BestBoxValue(r, rollsUsed)
	legal := e.t.Rules.Legal(e.filled, r, rollsUsed)
	for l := legal; l != 0; l &= l - 1 {
		b := engine.BoxID(bits.TrailingZeros64(l))
		if e.BoxValue(r, rollsUsed, b) == best {
			return b
		}
	}
	return engine.BoxID(bits.TrailingZeros64(legal))
}

// Positions values every option at a position of play: every keep of a roll and every box
// a final roll may go in, as expected final scores. An *Evaluator values them exactly,
// optimal play afterwards; on a sheet of several columns too large for an exact solve, a
// *ColumnEstimate gives the estimate that column-tables plays by.
type Positions interface {
	// Start works out the turn that starts on sheet s.
	Start(s *engine.Sheet) error
	// Value is the expected final score of the best play from the start of the turn.
	Value() float64
	Keeps(r engine.Roll, rollsUsed int) []Option
	Boxes(r engine.Roll, rollsUsed int) []Option
	BestKeepValue(r engine.Roll, rollsUsed int) float64
	BestBoxValue(r engine.Roll, rollsUsed int) float64
	// Exact reports whether the values are exact (optimal play afterwards) rather than an
	// estimate.
	Exact() bool
}

// Exact reports that an Evaluator's values are exact.
func (e *Evaluator) Exact() bool { return true }
