package solver

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"yams/engine"
	"yams/strategies/widget"
)

// Table holds the optimal expected future score of every turn-start state of a rule
// set: the solution of the game. It is immutable once built and safe to share.
type Table struct {
	Rules  *engine.Rules
	Space  *widget.Space
	Values []float64 // dense over the space's states; unreachable states hold 0
	// dec holds the optimal decisions of every state, compressed; nil for a table solved
	// without them (the strategy then works each group out when a game first reaches it).
	dec    *decisionStream
	Solved time.Time
	// Obj is what the table's values are the best expectation of (Objective); meanV, for
	// the bonus objective, the values of the mean's table, which decide where the bonus
	// is settled.
	Obj        Objective
	MeanValues []float64
	// gv holds the values of target:T or beat:S (in place of v, which is then nil).
	GoalValues *widget.GoalValues
	// pc is the state space of a sheet of several columns (nil for one column): v is then
	// laid out as pc says, sp is its lane column's space, and the table has no decisions.
	Product *widget.Product
	// pol is the policy that plays from the table, once made (policyOf).
	pol atomic.Pointer[Policy]
	// Elapsed is how long the solve took (zero for a table read from a file).
	Elapsed time.Duration
}

// Expected returns the optimal expected final score of a game (for a table of the mean;
// see Value for the others).
func (t *Table) Expected() float64 { return t.Start() }

// Start returns the value of the empty sheet under the table's objective.
func (t *Table) Start() float64 {
	if t.GoalValues != nil {
		return t.GoalValues.Value(t.Space, 0, 0, 0, 0)
	}
	if t.Product != nil {
		return t.Values[t.Product.Index(0, 0, 0, 0)]
	}
	return t.Values[t.Space.Index(0, 0, 0)]
}

// Objective returns what the table is solved for.
func (t *Table) Objective() Objective { return t.Obj }

// Value returns the best value of the objective over a whole game, in its unit
// (Objective.Value): the expected score, the certainty equivalent in points, or the
// probability of the upper bonus.
func (t *Table) Value() float64 { return t.Obj.Value(t.Start()) }

// NewWidget returns a widget that works turns out under the table's objective.
func (t *Table) NewWidget() *widget.Widget {
	if t.GoalValues != nil {
		w := widget.NewWidget(t.Space, nil)
		w.GoalValues = t.GoalValues
		return w
	}
	if t.Product != nil {
		return widget.NewProductWidget(t.Product, t.Values)
	}
	return newObjectiveWidget(t.Space, t.Values, t.Obj, t.MeanValues)
}

// States returns the number of reachable turn-start states the table covers.
func (t *Table) States() int {
	if t.GoalValues != nil {
		return t.Space.CountStates()
	}
	if t.Product != nil {
		return t.Product.CountStates()
	}
	n := 0
	for i := range t.Values {
		if t.Space.Valid(t.Space.Split(i)) {
			n++
		}
	}
	return n
}

// HasDecisions reports whether the table holds the decisions of every state (a table of
// the mean, bonus or risk:θ on one column); the others hold values, and play works the
// decisions of a turn out from them.
func (t *Table) HasDecisions() bool { return t.dec != nil }

// Pairs returns the number of (state, score so far) pairs whose values a table of
// target:T or beat:S stores (0 for the other objectives).
func (t *Table) Pairs() int64 {
	if t.GoalValues == nil {
		return 0
	}
	return int64(len(t.GoalValues.Values))
}

// value returns the optimal expected score still to come from the start of a turn on
// sheet s, the bonuses included. It reports false if the sheet is not one of the table's
// states (another rule set, or a state no game reaches).
func (t *Table) SheetValue(s *engine.Sheet) (float64, bool) {
	if t.Product != nil {
		o, mask, u, f, ok := t.Product.SheetState(s)
		if !ok {
			return 0, false
		}
		return t.Values[t.Product.Index(o, mask, u, f)], true
	}
	i, ok := t.Space.SheetState(s)
	if !ok {
		return 0, false
	}
	return t.Values[i], true
}

// Solve computes the table of rules by backward induction over the number of filled
// boxes, with workers goroutines (0: one per CPU). Every state is computed by the same
// sequential code whichever worker takes it, so the table is the same bit for bit
// whatever the number of workers.
func Solve(r *engine.Rules, workers int) (*Table, error) {
	if err := CheckShapeMemory(r); err != nil {
		return nil, err
	}
	start := time.Now()
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return nil, err
	}
	if err := checkTableMemory(sp); err != nil {
		return nil, err
	}
	t, _ := SolveSpace(r, sp, workers, false)
	t.Elapsed = time.Since(start)
	return t, nil
}

// SolveSpace solves the game of the mean on sp (solveTable).
func SolveSpace(r *engine.Rules, sp *widget.Space, workers int, decisions bool, progress ...func(layers int)) (*Table, *Policy) {
	return SolveTable(&Table{Rules: r, Space: sp, Obj: Mean}, workers, decisions, progress...)
}

// SolveTable solves the game of t (its rules, space and objective, and the mean's values
// for the bonus objective); with decisions it also works out the optimal decisions of
// every state on the way, keeps them compressed in the table, and returns the policy that
// plays from them (which decodes a group the first time a game reaches it).
func SolveTable(t *Table, workers int, decisions bool, progress ...func(layers int)) (*Table, *Policy) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sp := t.Space
	t.Values, t.Solved = make([]float64, sp.NumStates()), time.Now().UTC().Truncate(time.Second)
	if x := t.Obj.terminal(); x != 0 {
		for f := range sp.NumFlags {
			for u := range sp.NumSubtotals {
				t.Values[sp.Index(sp.FullMask, u, f)] = x
			}
		}
	}
	layers := sp.Layers()
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.NewWidget()}
	}
	var c *coder
	if decisions {
		c = newCoder(sp, workers)
	}
	for n := sp.NumBoxes - 1; n >= 0; n-- {
		// The groups of a layer: their next states are all in layers already solved.
		var groups []int
		for _, m := range layers[n] {
			for f := range sp.NumFlags {
				if sp.GroupValid(m, f) {
					groups = append(groups, int(m)*sp.NumFlags+f)
				}
			}
		}
		ForEach(ws, len(groups), func(sw *solveWorker, id, i int) {
			g := groups[i]
			m, f := uint32(g/sp.NumFlags), g%sp.NumFlags
			gd := sw.solveGroup(t, m, f, decisions)
			if c != nil {
				c.model(id, g, gd)
			}
		})
		if c != nil {
			c.endLayer(n, groups, ws)
		}
		for _, f := range progress {
			f(sp.NumBoxes - n)
		}
	}
	if c != nil {
		t.dec = c.stream()
		return t, newPolicy(t)
	}
	return t, nil
}

// solveWorker is what one goroutine of a solve works with.
type solveWorker struct {
	w *widget.Widget
	// gd holds a group's decisions; rows, those of a group of more lanes than a widget
	// takes at once, gathered block by block.
	gd   groupDecisions
	rows [engine.MaxRollsPerTurn][]uint8
}

// ForEach calls f(worker, its index, i) for every i below n, on the workers at once, each
// taking the next i.
func ForEach[W any](ws []W, n int, f func(w W, id, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for id, sw := range ws {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(sw, id, i)
			}
		})
	}
	wg.Wait()
}

// solveGroup works out the states of group (m, f), writes their values in t and, with
// decisions, returns their decisions.
func (sw *solveWorker) solveGroup(t *Table, m uint32, f int, decisions bool) *groupDecisions {
	sp, w := t.Space, sw.w
	lanes := sp.Lanes[sp.Up(m)]
	L := len(lanes)
	gd := &sw.gd
	gd.rolls, gd.lanes, gd.stride = sp.Rolls, L, L
	for lo := 0; lo < L; lo += widget.MaxLanes {
		block := lanes[lo:min(lo+widget.MaxLanes, L)]
		w.SetLanes(block)
		e := w.Evaluate(m, f, decisions)
		for i, u := range block {
			t.Values[sp.Index(m, int(u), f)] = e[i]
		}
		if !decisions {
			continue
		}
		if L <= widget.MaxLanes {
			// One block: the coder reads the widget's rows.
			gd.stride = w.S
			gd.rows[0] = w.Box
			for ru := range sp.Rolls - 1 {
				gd.rows[sp.Rolls-1-ru] = w.Keep[ru]
			}
			break
		}
		for fld := range sp.Rolls {
			if len(sw.rows[fld]) < widget.NumRolls*L+8 {
				sw.rows[fld] = make([]uint8, widget.NumRolls*L+8) // the coder reads 8 bytes at a time
			}
			gd.rows[fld] = sw.rows[fld]
			src := w.Box
			if fld > 0 {
				src = w.Keep[sp.Rolls-1-fld]
			}
			for r := range widget.NumRolls {
				copy(gd.rows[fld][r*L+lo:][:len(block)], src[r*w.S:][:len(block)])
			}
		}
	}
	return gd
}

// newObjectiveWidget returns a widget that values the states of v under objective o;
// meanV, the mean's values, is needed by the bonus objective only.
func newObjectiveWidget(sp *widget.Space, v []float64, o Objective, meanV []float64) *widget.Widget {
	w := widget.NewWidget(sp, v)
	if o.Kind == MeanScore {
		return w
	}
	if o.Kind == Risk {
		w.Scorer = widget.NewRiskScorer(sp, o.Theta)
	} else {
		w.Scorer = widget.BonusScorer
		w.SettledWidget = widget.NewWidget(sp, meanV)
	}
	return w
}
