package optimal

import (
	"math/bits"
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
	// Elapsed is how long the solve took (zero for a table read from a file).
	Elapsed time.Duration
}

// Rules returns the rules the table solves.
func (t *Table) Rules() *engine.Rules { return t.rules }

// Expected returns the optimal expected final score of a game.
func (t *Table) Expected() float64 { return t.v[t.sp.index(0, 0, 0)] }

// States returns the number of reachable turn-start states the table covers.
func (t *Table) States() int {
	n := 0
	for i := range t.v {
		if t.sp.valid(t.sp.split(i)) {
			n++
		}
	}
	return n
}

// Value returns the optimal expected score still to come from the start of a turn on
// sheet s, the bonuses included. It reports false if the sheet is not one of the table's
// states (another rule set, or a state no game reaches).
func (t *Table) Value(s *engine.Sheet) (float64, bool) {
	i, ok := t.sp.sheetState(s)
	if !ok {
		return 0, false
	}
	return t.v[i], true
}

// newSolverSpace returns the space the solver works on: u capped at the threshold.
func newSolverSpace(r *engine.Rules) (*space, error) {
	return newSpace(r, r.UpperThreshold()*min(1, r.UpperPoints()), true)
}

// Solve computes the table of rules by backward induction over the number of filled
// boxes, with workers goroutines (0: one per CPU). Every state is computed by the same
// sequential code whichever worker takes it, so the table is the same bit for bit
// whatever the number of workers.
func Solve(r *engine.Rules, workers int) (*Table, error) {
	if err := checkMemory("solving rules "+r.Name(), solveMemory(r)); err != nil {
		return nil, err
	}
	start := time.Now()
	sp, err := newSolverSpace(r)
	if err != nil {
		return nil, err
	}
	t, _ := solveSpace(r, sp, workers, false)
	t.Elapsed = time.Since(start)
	return t, nil
}

// solveSpace solves the game on sp; with decisions it also works out the optimal
// decisions of every state on the way, keeps them compressed in the table, and returns
// the policy that plays from them (which decodes a group the first time a game reaches it).
func solveSpace(r *engine.Rules, sp *space, workers int, decisions bool, progress ...func(layers int)) (*Table, *policy) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{rules: r, sp: sp, v: make([]float64, sp.numStates()), solved: time.Now().UTC().Truncate(time.Second)}
	layers := make([][]uint32, sp.nb+1)
	for m := range uint32(1 << sp.nb) {
		if sp.maskOK[m] {
			n := bits.OnesCount32(m)
			layers[n] = append(layers[n], m)
		}
	}
	var encoded [][]byte // per group, its decisions compressed
	if decisions {
		encoded = make([][]byte, sp.nf<<sp.nb)
	}
	widgets := make([]*widget, workers)
	for i := range widgets {
		widgets[i] = newWidget(sp, t.v)
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
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range widgets {
			wg.Go(func() {
				var entries []uint32 // the decisions of the group's lanes, lane after lane
				var lane [numRolls]uint32
				for {
					i := int(next.Add(1)) - 1
					if i >= len(groups) {
						return
					}
					g := groups[i]
					m, f := uint32(g/sp.nf), g%sp.nf
					lanes := sp.lanes[sp.up(m)]
					entries = entries[:0]
					for lo := 0; lo < len(lanes); lo += maxLanes {
						block := lanes[lo:min(lo+maxLanes, len(lanes))]
						w.setLanes(block)
						e := w.evaluate(m, f, decisions)
						for i, u := range block {
							t.v[sp.index(m, int(u), f)] = e[i]
						}
						if decisions {
							for i := range block {
								w.laneEntries(i, &lane)
								entries = append(entries, lane[:]...)
							}
						}
					}
					if decisions {
						encoded[g] = encodeGroup(nil, entries, wideEntries(sp.rolls))
					}
				}
			})
		}
		wg.Wait()
		for _, f := range progress {
			f(sp.nb - n)
		}
	}
	if decisions {
		d := &decisionStream{wide: wideEntries(sp.rolls), off: make([]uint64, len(encoded)+1)}
		size := 0
		for _, e := range encoded {
			size += len(e)
		}
		d.data = make([]byte, 0, size)
		for g, e := range encoded {
			d.data = append(d.data, e...)
			d.off[g+1] = uint64(len(d.data))
		}
		t.dec = d
		return t, newPolicy(t)
	}
	return t, nil
}

// sheetState returns the state index of a one-column sheet at the start of a turn.
func (sp *space) sheetState(s *engine.Sheet) (int, bool) {
	if s.Rules() != sp.rules && s.Rules().Hash() != sp.rules.Hash() {
		return 0, false
	}
	mask, u, f, ok := sp.sheetParts(s)
	return sp.index(mask, u, f), ok
}

// sheetParts returns the state of a sheet of the space's rules as (mask, u, f).
func (sp *space) sheetParts(s *engine.Sheet) (mask uint32, u, f int, ok bool) {
	mask = uint32(s.FilledMask())
	u = sp.canon(mask, min(sp.cap, s.Upper(0)))
	if sp.nf == 2 && mask&(1<<sp.ybox) != 0 && s.Score(engine.BoxID(sp.ybox)) > 0 {
		f = 1
	}
	return mask, u, f, u >= 0 && int(mask) < len(sp.maskOK) && sp.valid(mask, u, f)
}
