package solver

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/widget"
)

// checkGoal refuses a goal on sp when a group would store more scores so far than the
// widget's lanes can number, or when its values and optimal's table would take more
// memory than the limit.
func checkGoal(sp *widget.Space, o Objective, gl widget.Goal) error {
	gv := widget.NewGoalValues(sp, gl)
	if w := slices.Max(gv.Width); w > widget.MaxGoalWidth {
		return fmt.Errorf("%w: %s on rules %s: a sheet would store %d scores so far, more than the solver's %d", ErrObjective, o, sp.Rules.Name(), w, widget.MaxGoalWidth)
	}
	return memlimit.Check(goalWhat(sp.Rules, o), goalMemory(sp, gv.Size()))
}

// goalMemory estimates the memory of solving or loading pairs values of a goal on sp:
// the values (read from a file a chunk at a time), and the mean's table and decisions,
// which play where the objective is settled.
func goalMemory(sp *widget.Space, pairs int64) int64 {
	return memlimit.Sum(memlimit.Mul(pairs, 8), TableMemory(sp))
}

// goalWhat names the strategy of objective o on r in a *memlimit.Error.
func goalWhat(r *engine.Rules, o Objective) string {
	return "the strategy " + o.String() + " of rules " + r.Name() + " (its values for every state and score so far, and the optimal strategy's table)"
}

// laneNumbers are the offsets of a block's pairs from its first, for the widget's lanes.
var laneNumbers = func() []uint16 {
	l := make([]uint16, widget.MaxLanes)
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
	sp, gv := t.Space, t.GoalValues
	gv.Values = make([]float64, gv.Size())
	t.Solved = time.Now().UTC().Truncate(time.Second)
	// The sheets with every box filled are worth u of their score.
	for f := range sp.NumFlags {
		g := int(sp.FullMask)*sp.NumFlags + f
		if !sp.GroupValid(sp.FullMask, f) {
			continue
		}
		n := int(gv.Width[g])
		for k := range sp.Lanes[sp.Up(sp.FullMask)] {
			for j := range n {
				gv.Values[gv.Base[g]+int64(k*n+j)] = gv.Utility(int(gv.Lo[g]) + j)
			}
		}
	}
	layers := sp.Layers()
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.NewWidget()}
	}
	for n := sp.NumBoxes - 1; n >= 0; n-- {
		// A group's pairs in blocks of maxLanes: the work items of the layer.
		type block struct {
			g      int32
			lo, hi int32 // pairs of the group
		}
		var blocks []block
		for _, m := range layers[n] {
			for f := range sp.NumFlags {
				g := int(m)*sp.NumFlags + f
				if !sp.GroupValid(m, f) {
					continue
				}
				pairs := len(sp.Lanes[sp.Up(m)]) * int(gv.Width[g])
				for lo := 0; lo < pairs; lo += widget.MaxLanes {
					blocks = append(blocks, block{int32(g), int32(lo), int32(min(lo+widget.MaxLanes, pairs))})
				}
			}
		}
		ForEach(ws, len(blocks), func(sw *solveWorker, _, i int) {
			bl := blocks[i]
			g := int(bl.g)
			w := sw.w
			w.SetLanes(laneNumbers[:bl.hi-bl.lo])
			w.PairBase = int(bl.lo)
			e := w.Evaluate(uint32(g/sp.NumFlags), g%sp.NumFlags, false)
			copy(gv.Values[gv.Base[g]+int64(bl.lo):], e)
		})
		for _, f := range progress {
			f(sp.NumBoxes - n)
		}
	}
}
