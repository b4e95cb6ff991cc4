package goals

import (
	"fmt"
	"math"
	"runtime"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// goalDecider follows target:T or beat:S in one turn: the decisions worked out for the
// turn's (state, score so far) pair, or, where the objective is settled, the optimal
// strategy's.
type goalDecider struct {
	mean    *analysis.OptimalDecider
	settled bool
	out     [widget.NumRolls]uint32
}

func (d *goalDecider) Begin(st widget.TurnState) error {
	if d.settled {
		return d.mean.Begin(st)
	}
	return nil
}

func (d *goalDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	if d.settled {
		return d.mean.Keep(r, rollsLeft)
	}
	return widget.EntryKeep(d.out[r], r, rollsLeft)
}

func (d *goalDecider) Box(r engine.Roll, rollsUsed int) int {
	if d.settled {
		return d.mean.Box(r, rollsUsed)
	}
	return widget.EntryBox(d.out[r])
}

func (d *goalDecider) Err() error { return nil }

// goalSegment is what the games of a state with some scores so far do in one turn: the
// probability of each score from lo on, and where the turn takes them.
type goalSegment struct {
	lo   int
	mass []float64
	tr   []analysis.Transition
}

// goalStateResult is the turn of one state: a segment per score so far whose decisions
// depend on it, and one for the scores where the target is settled.
type goalStateResult struct {
	src  int
	segs []goalSegment
	err  error
	// buffers reused from state to state
	res  analysis.TurnResult
	mass []float64
}

// goalWorker works out the turns of the states of a layer under target:T or beat:S.
type goalWorker struct {
	tw *analysis.TurnWorker
	d  *goalDecider
	w  *widget.Widget
}

// AnalyzeGoal computes the exact figures of an objective of the final score (target:T,
// beat:S) by a forward pass over the states and the scores so far: its decisions depend
// on the score so far, so each (state, score so far) pair plays its own turn, its
// decisions worked out by the widget for up to maxLanes pairs of a state at once, while
// the scores where the objective is settled (goalValues.settled) play optimal's
// decisions together. The distribution of the final score is therefore always computed;
// the mean and the deviation come from it. The figures do not depend on the number of
// workers: states are worked out in parallel and merged in state order.
func AnalyzeGoal(o solver.Objective, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	start := time.Now()
	t, err := analysisGoal(r, o)
	if err != nil {
		return nil, err
	}
	mp, err := solver.PolicyFor(r, solver.Mean)
	if err != nil {
		return nil, err
	}
	sp, gv := t.Space, t.GoalValues
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*goalWorker, workers)
	for i := range ws {
		d := &goalDecider{mean: &analysis.OptimalDecider{Filler: solver.NewGroupFiller(mp), P: mp}}
		tw := analysis.NewTurnWorker(sp, d)
		if opts.Regret {
			tw.Ev = analysis.NewEvaluator(mp.Table)
			tw.Ev.Blocks = true
		}
		ws[i] = &goalWorker{tw: tw, d: d, w: t.NewWidget()}
	}
	n := sp.NumStates()
	base := memlimit.Sum(8*int64(len(gv.Values)), mp.Bytes(), int64(32*n)) // a distVec per state
	dist := analysis.NewDistribution(n, opts.DistributionBudget, base)
	dist.Set(sp.Index(0, 0, 0), 0, []float64{1})
	layers := sp.Layers()
	var total analysis.PartialStats
	reached := 0
	const batch = 64
	results := make([]goalStateResult, batch)
	var list []int
	for layer := range sp.NumBoxes {
		list = list[:0]
		for _, m := range layers[layer] {
			for f := range sp.NumFlags {
				for u := range sp.NumSubtotals {
					if i := sp.Index(m, u, f); dist.Vec[i].Values != nil {
						list = append(list, i)
					}
				}
			}
		}
		reached += len(list)
		for lo := 0; lo < len(list); lo += batch {
			part := list[lo:min(lo+batch, len(list))]
			solver.ForEach(ws, len(part), func(w *goalWorker, _, k int) {
				w.State(gv, part[k], dist.Vec[part[k]], &results[k])
			})
			for k := range part {
				res := &results[k]
				if res.err != nil {
					return nil, res.err
				}
				for _, s := range res.segs {
					if err := dist.PushFrom(s.lo, s.mass, s.tr); err != nil {
						return nil, err
					}
				}
				total.Add(&res.res.Stats)
			}
		}
		for _, i := range list {
			dist.Drop(i)
		}
	}
	fig := &analysis.Figures{Rules: r.Name(), Strategy: o.Strategy(), States: reached, HasBonus: r.UpperPoints() != 0, HasYahtzee: r.FiveOfAKindBox() >= 0}
	fig.DistMin, fig.Distribution = dist.Final(analysis.EndStates(sp))
	fig.DistributionBytes = dist.Peak
	mean, m2 := 0.0, 0.0
	for i, p := range fig.Distribution {
		s := float64(fig.DistMin + i)
		mean += p * s
		m2 += p * s * s
	}
	fig.Mean, fig.SD = mean, math.Sqrt(max(0, m2-mean*mean))
	total.Fill(fig, sp.Rules, mp.Table, opts.Regret)
	fig.Objective = &analysis.ObjectiveFigure{Objective: o, Value: t.Value()}
	gl := gv.Goal // a copy: the figures must not hold the values alive
	fig.Goal = &gl
	if !opts.Distribution {
		fig.Distribution, fig.DistMin = nil, 0
	}
	fig.Elapsed = time.Since(start)
	return fig, nil
}

// State works out the turn of state i, whose games have the scores so far of x, into res.
func (w *goalWorker) State(gv *widget.GoalValues, i int, x analysis.DistVec, res *goalStateResult) {
	sp, tw, d := w.tw.Space, w.tw, w.d
	mask, u, f := sp.Split(i)
	g := int(mask)*sp.NumFlags + f
	res.src, res.segs, res.err = i, res.segs[:0], nil
	res.res.Src, res.res.Count, res.res.Transitions = res.res.Src[:0], res.res.Count[:0], res.res.Transitions[:0]
	res.res.Stats = analysis.PartialStats{} // the figures of the state's games, as run adds them
	// The scores whose turn depends on the score so far: lanes of the widget, offsets
	// from the state's first pair.
	res.mass = append(res.mass[:0], x.Values...)
	settled := 0.0
	var lanes [widget.MaxLanes]uint16
	var scores [widget.MaxLanes]int
	nl := 0
	flush := func() {
		if nl == 0 || res.err != nil {
			return
		}
		w.w.SetLanes(lanes[:nl])
		w.w.Evaluate(mask, f, true)
		for j := range nl {
			w.w.LaneEntries(j, &d.out)
			d.settled = false
			m := x.Values[scores[j]-x.Lo]
			k := len(res.res.Transitions)
			if err := tw.Run(i, m, &res.res); err != nil {
				res.err = err
				return
			}
			res.segs = append(res.segs, goalSegment{lo: scores[j], mass: x.Values[scores[j]-x.Lo:][:1], tr: res.res.Transitions[k:]})
		}
		nl = 0
	}
	for j, m := range x.Values {
		if m == 0 {
			continue
		}
		s := x.Lo + j
		if !gv.Reachable(g, s) {
			res.err = fmt.Errorf("optimal: %s: games reach %d points scored so far with boxes %#x filled, beyond the bound of the values (%d)", sp.Rules.Name(), s, mask, gv.Lo[g]+gv.Width[g]-1)
			return
		}
		if gv.Settled(sp, g, mask, u, s) {
			settled += m
			continue
		}
		res.mass[j] = 0
		w.w.PairBase, lanes[nl] = gv.Pair(sp, g, mask, u, s)
		scores[nl] = s
		if nl++; nl == widget.MaxLanes {
			flush()
		}
	}
	flush()
	if res.err != nil || settled == 0 {
		return
	}
	d.settled = true
	k := len(res.res.Transitions)
	if err := tw.Run(i, settled, &res.res); err != nil {
		res.err = err
		return
	}
	res.segs = append(res.segs, goalSegment{lo: x.Lo, mass: res.mass, tr: res.res.Transitions[k:]})
}
