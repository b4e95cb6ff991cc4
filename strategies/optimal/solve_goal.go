package optimal

import (
	"fmt"
	"runtime"
	"slices"
	"time"
	"yams/engine"
	"yams/internal/memlimit"
)

// checkGoal refuses a goal on sp when a group would store more scores so far than the
// widget's lanes can number, or when its values and optimal's table would take more
// memory than the limit.
func checkGoal(sp *space, o Objective, gl goal) error {
	gv := newGoalValues(sp, gl)
	if w := slices.Max(gv.width); w > maxGoalWidth {
		return fmt.Errorf("%w: %s on rules %s: a sheet would store %d scores so far, more than the solver's %d", ErrObjective, o, sp.rules.Name(), w, maxGoalWidth)
	}
	return memlimit.Check(goalWhat(sp.rules, o), goalMemory(sp, gv.size()))
}

// goalMemory estimates the memory of solving or loading pairs values of a goal on sp:
// the values (read from a file a chunk at a time), and the mean's table and decisions,
// which play where the objective is settled.
func goalMemory(sp *space, pairs int64) int64 {
	return memlimit.Sum(memlimit.Mul(pairs, 8), tableMemory(sp))
}

// goalWhat names the strategy of objective o on r in a *memlimit.Error.
func goalWhat(r *engine.Rules, o Objective) string {
	return "the strategy " + o.String() + " of rules " + r.Name() + " (its values for every state and score so far, and the optimal strategy's table)"
}

// laneNumbers are the offsets of a block's pairs from its first, for the widget's lanes.
var laneNumbers = func() []uint16 {
	l := make([]uint16, maxLanes)
	for i := range l {
		l[i] = uint16(i)
	}
	return l
}()

// solveGoal solves the goal of t (target:T, beat:S) on its space: the values of every
// (state, score so far) pair, by
// backward induction over the filled boxes as solveTable does, each group's pairs worked
// out maxLanes at a time by the widget. It keeps no decisions: play works them out from
// the values (goalStrategy).
func solveGoal(t *Table, workers int, progress ...func(layers int)) {
	sp, gv := t.sp, t.gv
	gv.v = make([]float64, gv.size())
	t.solved = time.Now().UTC().Truncate(time.Second)
	// The sheets with every box filled are worth u of their score.
	for f := range sp.nf {
		g := int(sp.full)*sp.nf + f
		if !sp.groupValid(sp.full, f) {
			continue
		}
		n := int(gv.width[g])
		for k := range sp.lanes[sp.up(sp.full)] {
			for j := range n {
				gv.v[gv.base[g]+int64(k*n+j)] = gv.utility(int(gv.lo[g]) + j)
			}
		}
	}
	layers := sp.layers()
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.newWidget()}
	}
	for n := sp.nb - 1; n >= 0; n-- {
		// A group's pairs in blocks of maxLanes: the work items of the layer.
		type block struct {
			g      int32
			lo, hi int32 // pairs of the group
		}
		var blocks []block
		for _, m := range layers[n] {
			for f := range sp.nf {
				g := int(m)*sp.nf + f
				if !sp.groupValid(m, f) {
					continue
				}
				pairs := len(sp.lanes[sp.up(m)]) * int(gv.width[g])
				for lo := 0; lo < pairs; lo += maxLanes {
					blocks = append(blocks, block{int32(g), int32(lo), int32(min(lo+maxLanes, pairs))})
				}
			}
		}
		forEach(ws, len(blocks), func(sw *solveWorker, _, i int) {
			bl := blocks[i]
			g := int(bl.g)
			w := sw.w
			w.setLanes(laneNumbers[:bl.hi-bl.lo])
			w.pairBase = int(bl.lo)
			e := w.evaluate(uint32(g/sp.nf), g%sp.nf, false)
			copy(gv.v[gv.base[g]+int64(bl.lo):], e)
		})
		for _, f := range progress {
			f(sp.nb - n)
		}
	}
}
