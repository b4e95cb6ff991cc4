package optimal

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"yams/engine"
)

// Table holds the optimal expected future score of every turn-start state of a rule
// set: the solution of the game. It is immutable once built and safe to share.
type Table struct {
	rules *engine.Rules
	sp    *space
	v     []float64 // dense over the space's states; unreachable states hold 0
	// dec holds the optimal decisions of every state, compressed; nil for a table solved
	// without them (the strategy then works each group out when a game first reaches it).
	dec    *decisionStream
	solved time.Time
	// obj is what the table's values are the best expectation of (Objective); meanV, for
	// the bonus objective, the values of the mean's table, which decide where the bonus
	// is settled.
	obj   Objective
	meanV []float64
	// gv holds the values of target:T or beat:S (in place of v, which is then nil).
	gv *goalValues
	// pc is the state space of a sheet of several columns (nil for one column): v is then
	// laid out as pc says, sp is its lane column's space, and the table has no decisions.
	pc *product
	// pol is the policy that plays from the table, once made (policyOf).
	pol atomic.Pointer[policy]
	// Elapsed is how long the solve took (zero for a table read from a file).
	Elapsed time.Duration
}

// Expected returns the optimal expected final score of a game (for a table of the mean;
// see Value for the others).
func (t *Table) Expected() float64 { return t.start() }

// start returns the value of the empty sheet under the table's objective.
func (t *Table) start() float64 {
	if t.gv != nil {
		return t.gv.value(t.sp, 0, 0, 0, 0)
	}
	if t.pc != nil {
		return t.v[t.pc.index(0, 0, 0, 0)]
	}
	return t.v[t.sp.index(0, 0, 0)]
}

// Objective returns what the table is solved for.
func (t *Table) Objective() Objective { return t.obj }

// Value returns the best value of the objective over a whole game, in its unit
// (Objective.Value): the expected score, the certainty equivalent in points, or the
// probability of the upper bonus.
func (t *Table) Value() float64 { return t.obj.Value(t.start()) }

// newWidget returns a widget that works turns out under the table's objective.
func (t *Table) newWidget() *widget {
	if t.gv != nil {
		w := newWidget(t.sp, nil)
		w.gv = t.gv
		return w
	}
	if t.pc != nil {
		return newProductWidget(t.pc, t.v)
	}
	return newObjectiveWidget(t.sp, t.v, t.obj, t.meanV)
}

// States returns the number of reachable turn-start states the table covers.
func (t *Table) States() int {
	if t.gv != nil {
		return t.sp.countStates()
	}
	if t.pc != nil {
		return t.pc.countStates()
	}
	n := 0
	for i := range t.v {
		if t.sp.valid(t.sp.split(i)) {
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
	if t.gv == nil {
		return 0
	}
	return int64(len(t.gv.v))
}

// value returns the optimal expected score still to come from the start of a turn on
// sheet s, the bonuses included. It reports false if the sheet is not one of the table's
// states (another rule set, or a state no game reaches).
func (t *Table) value(s *engine.Sheet) (float64, bool) {
	if t.pc != nil {
		o, mask, u, f, ok := t.pc.sheetState(s)
		if !ok {
			return 0, false
		}
		return t.v[t.pc.index(o, mask, u, f)], true
	}
	i, ok := t.sp.sheetState(s)
	if !ok {
		return 0, false
	}
	return t.v[i], true
}

// Solve computes the table of rules by backward induction over the number of filled
// boxes, with workers goroutines (0: one per CPU). Every state is computed by the same
// sequential code whichever worker takes it, so the table is the same bit for bit
// whatever the number of workers.
func Solve(r *engine.Rules, workers int) (*Table, error) {
	if err := checkShapeMemory(r); err != nil {
		return nil, err
	}
	start := time.Now()
	sp, err := newSolverSpace(r)
	if err != nil {
		return nil, err
	}
	if err := checkTableMemory(sp); err != nil {
		return nil, err
	}
	t, _ := solveSpace(r, sp, workers, false)
	t.Elapsed = time.Since(start)
	return t, nil
}

// solveSpace solves the game of the mean on sp (solveTable).
func solveSpace(r *engine.Rules, sp *space, workers int, decisions bool, progress ...func(layers int)) (*Table, *policy) {
	return solveTable(&Table{rules: r, sp: sp, obj: Mean}, workers, decisions, progress...)
}

// solveTable solves the game of t (its rules, space and objective, and the mean's values
// for the bonus objective); with decisions it also works out the optimal decisions of
// every state on the way, keeps them compressed in the table, and returns the policy that
// plays from them (which decodes a group the first time a game reaches it).
func solveTable(t *Table, workers int, decisions bool, progress ...func(layers int)) (*Table, *policy) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sp := t.sp
	t.v, t.solved = make([]float64, sp.numStates()), time.Now().UTC().Truncate(time.Second)
	if x := t.obj.terminal(); x != 0 {
		for f := range sp.nf {
			for u := range sp.nu {
				t.v[sp.index(sp.full, u, f)] = x
			}
		}
	}
	layers := sp.layers()
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.newWidget()}
	}
	var c *coder
	if decisions {
		c = newCoder(sp, workers)
	}
	for n := sp.nb - 1; n >= 0; n-- {
		// The groups of a layer: their next states are all in layers already solved.
		var groups []int
		for _, m := range layers[n] {
			for f := range sp.nf {
				if sp.groupValid(m, f) {
					groups = append(groups, int(m)*sp.nf+f)
				}
			}
		}
		forEach(ws, len(groups), func(sw *solveWorker, id, i int) {
			g := groups[i]
			m, f := uint32(g/sp.nf), g%sp.nf
			gd := sw.solveGroup(t, m, f, decisions)
			if c != nil {
				c.model(id, g, gd)
			}
		})
		if c != nil {
			c.endLayer(n, groups, ws)
		}
		for _, f := range progress {
			f(sp.nb - n)
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
	w *widget
	// gd holds a group's decisions; rows, those of a group of more lanes than a widget
	// takes at once, gathered block by block.
	gd   groupDecisions
	rows [engine.MaxRollsPerTurn][]uint8
}

// forEach calls f(worker, its index, i) for every i below n, on the workers at once, each
// taking the next i.
func forEach[W any](ws []W, n int, f func(w W, id, i int)) {
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
	sp, w := t.sp, sw.w
	lanes := sp.lanes[sp.up(m)]
	L := len(lanes)
	gd := &sw.gd
	gd.rolls, gd.lanes, gd.stride = sp.rolls, L, L
	for lo := 0; lo < L; lo += maxLanes {
		block := lanes[lo:min(lo+maxLanes, L)]
		w.setLanes(block)
		e := w.evaluate(m, f, decisions)
		for i, u := range block {
			t.v[sp.index(m, int(u), f)] = e[i]
		}
		if !decisions {
			continue
		}
		if L <= maxLanes {
			// One block: the coder reads the widget's rows.
			gd.stride = w.S
			gd.rows[0] = w.box
			for ru := range sp.rolls - 1 {
				gd.rows[sp.rolls-1-ru] = w.keep[ru]
			}
			break
		}
		for fld := range sp.rolls {
			if len(sw.rows[fld]) < numRolls*L+8 {
				sw.rows[fld] = make([]uint8, numRolls*L+8) // the coder reads 8 bytes at a time
			}
			gd.rows[fld] = sw.rows[fld]
			src := w.box
			if fld > 0 {
				src = w.keep[sp.rolls-1-fld]
			}
			for r := range numRolls {
				copy(gd.rows[fld][r*L+lo:][:len(block)], src[r*w.S:][:len(block)])
			}
		}
	}
	return gd
}

// newObjectiveWidget returns a widget that values the states of v under objective o;
// meanV, the mean's values, is needed by the bonus objective only.
func newObjectiveWidget(sp *space, v []float64, o Objective, meanV []float64) *widget {
	w := newWidget(sp, v)
	if o.Kind == MeanScore {
		return w
	}
	if o.Kind == Risk {
		w.sc = newRiskScorer(sp, o.Theta)
	} else {
		w.sc = bonusScorer
		w.settledW = newWidget(sp, meanV)
	}
	return w
}
