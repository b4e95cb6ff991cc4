package optimal

import (
	"fmt"
	"math"
	"runtime"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
)

// goalDecider follows target:T or beat:S in one turn: the decisions worked out for the
// turn's (state, score so far) pair, or, where the objective is settled, the optimal
// strategy's.
type goalDecider struct {
	mean    *optimalDecider
	settled bool
	out     [numRolls]uint32
}

func (d *goalDecider) begin(st turnState) error {
	if d.settled {
		return d.mean.begin(st)
	}
	return nil
}

func (d *goalDecider) keep(r engine.Roll, rollsLeft int) engine.Keep {
	if d.settled {
		return d.mean.keep(r, rollsLeft)
	}
	return entryKeep(d.out[r], r, rollsLeft)
}

func (d *goalDecider) box(r engine.Roll, rollsUsed int) int {
	if d.settled {
		return d.mean.box(r, rollsUsed)
	}
	return entryBox(d.out[r])
}

func (d *goalDecider) err() error { return nil }

// goalSegment is what the games of a state with some scores so far do in one turn: the
// probability of each score from lo on, and where the turn takes them.
type goalSegment struct {
	lo   int
	mass []float64
	tr   []transition
}

// goalStateResult is the turn of one state: a segment per score so far whose decisions
// depend on it, and one for the scores where the target is settled.
type goalStateResult struct {
	src  int
	segs []goalSegment
	err  error
	// buffers reused from state to state
	res  turnResult
	mass []float64
}

// goalWorker works out the turns of the states of a layer under target:T or beat:S.
type goalWorker struct {
	tw *turnWorker
	d  *goalDecider
	w  *widget
}

// analyzeGoal computes the exact figures of an objective of the final score (target:T,
// beat:S) by a forward pass over the states and the scores so far: its decisions depend
// on the score so far, so each (state, score so far) pair plays its own turn, its
// decisions worked out by the widget for up to maxLanes pairs of a state at once, while
// the scores where the objective is settled (goalValues.settled) play optimal's
// decisions together. The distribution of the final score is therefore always computed;
// the mean and the deviation come from it. The figures do not depend on the number of
// workers: states are worked out in parallel and merged in state order.
func analyzeGoal(o Objective, r *engine.Rules, opts Options) (*Figures, error) {
	start := time.Now()
	t, err := analysisGoal(r, o)
	if err != nil {
		return nil, err
	}
	mp, err := policyFor(r, Mean)
	if err != nil {
		return nil, err
	}
	sp, gv := t.sp, t.gv
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*goalWorker, workers)
	for i := range ws {
		d := &goalDecider{mean: &optimalDecider{gf: newGroupFiller(mp), p: mp}}
		tw := newTurnWorker(sp, d)
		if opts.Regret {
			tw.ev = NewEvaluator(mp.t)
			tw.ev.blocks = true
		}
		ws[i] = &goalWorker{tw: tw, d: d, w: t.newWidget()}
	}
	n := sp.numStates()
	base := memlimit.Sum(8*int64(len(gv.v)), mp.bytes(), int64(32*n)) // a distVec per state
	dist := newDistribution(n, opts.DistributionBudget, base)
	dist.set(sp.index(0, 0, 0), 0, []float64{1})
	layers := sp.layers()
	var total partialStats
	reached := 0
	const batch = 64
	results := make([]goalStateResult, batch)
	var list []int
	for layer := range sp.nb {
		list = list[:0]
		for _, m := range layers[layer] {
			for f := range sp.nf {
				for u := range sp.nu {
					if i := sp.index(m, u, f); dist.vec[i].v != nil {
						list = append(list, i)
					}
				}
			}
		}
		reached += len(list)
		for lo := 0; lo < len(list); lo += batch {
			part := list[lo:min(lo+batch, len(list))]
			forEach(ws, len(part), func(w *goalWorker, _, k int) {
				w.state(gv, part[k], dist.vec[part[k]], &results[k])
			})
			for k := range part {
				res := &results[k]
				if res.err != nil {
					return nil, res.err
				}
				for _, s := range res.segs {
					if err := dist.pushFrom(s.lo, s.mass, s.tr); err != nil {
						return nil, err
					}
				}
				total.add(&res.res.stats)
			}
		}
		for _, i := range list {
			dist.drop(i)
		}
	}
	fig := &Figures{Rules: r.Name(), Strategy: o.Strategy(), States: reached, HasBonus: r.UpperPoints() != 0, HasYahtzee: r.FiveOfAKindBox() >= 0}
	fig.DistMin, fig.Distribution = dist.final(endStates(sp))
	fig.DistributionBytes = dist.peak
	mean, m2 := 0.0, 0.0
	for i, p := range fig.Distribution {
		s := float64(fig.DistMin + i)
		mean += p * s
		m2 += p * s * s
	}
	fig.Mean, fig.SD = mean, math.Sqrt(max(0, m2-mean*mean))
	total.fill(fig, sp.rules, mp.t, opts.Regret)
	fig.Objective = &ObjectiveFigure{Objective: o, Value: t.Value()}
	gl := gv.goal // a copy: the figures must not hold the values alive
	fig.goal = &gl
	if !opts.Distribution {
		fig.Distribution, fig.DistMin = nil, 0
	}
	fig.Elapsed = time.Since(start)
	return fig, nil
}

// state works out the turn of state i, whose games have the scores so far of x, into res.
func (w *goalWorker) state(gv *goalValues, i int, x distVec, res *goalStateResult) {
	sp, tw, d := w.tw.sp, w.tw, w.d
	mask, u, f := sp.split(i)
	g := int(mask)*sp.nf + f
	res.src, res.segs, res.err = i, res.segs[:0], nil
	res.res.src, res.res.count, res.res.tr = res.res.src[:0], res.res.count[:0], res.res.tr[:0]
	res.res.stats = partialStats{} // the figures of the state's games, as run adds them
	// The scores whose turn depends on the score so far: lanes of the widget, offsets
	// from the state's first pair.
	res.mass = append(res.mass[:0], x.v...)
	settled := 0.0
	var lanes [maxLanes]uint16
	var scores [maxLanes]int
	nl := 0
	flush := func() {
		if nl == 0 || res.err != nil {
			return
		}
		w.w.setLanes(lanes[:nl])
		w.w.evaluate(mask, f, true)
		for j := range nl {
			w.w.laneEntries(j, &d.out)
			d.settled = false
			m := x.v[scores[j]-x.lo]
			k := len(res.res.tr)
			if err := tw.run(i, m, &res.res); err != nil {
				res.err = err
				return
			}
			res.segs = append(res.segs, goalSegment{lo: scores[j], mass: x.v[scores[j]-x.lo:][:1], tr: res.res.tr[k:]})
		}
		nl = 0
	}
	for j, m := range x.v {
		if m == 0 {
			continue
		}
		s := x.lo + j
		if !gv.reachable(g, s) {
			res.err = fmt.Errorf("optimal: %s: games reach %d points scored so far with boxes %#x filled, beyond the bound of the values (%d)", sp.rules.Name(), s, mask, gv.lo[g]+gv.width[g]-1)
			return
		}
		if gv.settled(sp, g, mask, u, s) {
			settled += m
			continue
		}
		res.mass[j] = 0
		w.w.pairBase, lanes[nl] = gv.pair(sp, g, mask, u, s)
		scores[nl] = s
		if nl++; nl == maxLanes {
			flush()
		}
	}
	flush()
	if res.err != nil || settled == 0 {
		return
	}
	d.settled = true
	k := len(res.res.tr)
	if err := tw.run(i, settled, &res.res); err != nil {
		res.err = err
		return
	}
	res.segs = append(res.segs, goalSegment{lo: x.lo, mass: res.mass, tr: res.res.tr[k:]})
}
