package columns

import (
	"math"
	"math/bits"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/rollout"
	"yams/strategies/widget"
)

// column-tables is a rollout.Valued strategy: its potential h of a sheet is the points
// scored, the columns' values and what its flexTable adds at the count of open boxes (a
// cell the fit does not trust taking the mean of the trusted cells with as many boxes
// open: smooth). The rollouts of its figures take the dice's luck out of their games
// with it, and rollout:column-tables ranks the options by it.

// DefaultEstimateGames is the games played on from a position for the figure of its best
// option: 640, a 95% interval of about ±2.0 points at the start of the family sheet
// (512 gave ±2.26 to ±2.41).
const DefaultEstimateGames = 640

// Figure is the measured expected final score of column-tables playing on from a
// position: the mean of the corrected scores of Games games, and the half width of its
// 95% interval.
type Figure = rollout.Figure

// potential returns h of the sheet column-tables has planned (ct.plan), and the cell of
// its count of open boxes (−1 without a flexTable).
func (ct *columnTables) potential(sh *engine.Sheet) (h float64, here int) {
	h = analysis.SolverPoints(sh)
	var open [engine.MaxColumns]int
	for c := range ct.cols {
		p := &ct.cols[c]
		h += p.t.Values[p.state]
		open[c] = ct.nb - bits.OnesCount32(p.mask)
	}
	here = -1
	if ft := ct.flex; ft != nil {
		here = ft.cell(open[:len(ct.cols)])
		h += ft.smooth(here)
	}
	return h, here
}

// Potential returns h of sheet sh, at a turn's start.
func (ct *columnTables) Potential(sh *engine.Sheet) float64 {
	h := analysis.SolverPoints(sh)
	filled := sh.FilledMask()
	var open [engine.MaxColumns]int
	for c := range ct.cols {
		p := &ct.cols[c]
		mask, u, f := p.sp.ColumnState(sh, filled, c, ct.nb)
		h += p.t.Values[p.sp.Index(mask, u, f)]
		open[c] = ct.nb - bits.OnesCount32(mask)
	}
	if ft := ct.flex; ft != nil {
		h += ft.smooth(ft.cell(open[:len(ct.cols)]))
	}
	return h
}

// smooth returns the value of a cell for the control variate: its own if trusted, else
// the mean of the trusted cells with as many boxes open in all. A game that leaves the
// trusted cells then moves h by what the count of its boxes says, not by the whole of
// what the choice among columns adds (about 230 points at the start of the family
// sheet), which would put that jump into the spread of the corrected scores.
//
// Where one column is left, or none, the choice among columns is worth nothing: 0, so
// that h is then the exact value of the column that is left.
func (ft *flexTable) smooth(cell int) float64 {
	if ft.ok[cell] {
		return ft.v[cell]
	}
	if ft.columnsOpen(cell) <= 1 {
		return 0
	}
	ft.fallbackOnce.Do(func() {
		sum := make([]float64, ft.cols*(ft.radix-1)+1)
		n := make([]int, len(sum))
		for i, ok := range ft.ok {
			if ok {
				o := ft.totalOpen(i)
				sum[o] += ft.v[i]
				n[o]++
			}
		}
		ft.fallback = make([]float64, len(sum))
		for o := range sum {
			if n[o] > 0 {
				ft.fallback[o] = sum[o] / float64(n[o])
			}
		}
	})
	return ft.fallback[ft.totalOpen(cell)]
}

// columnsOpen returns the columns of a cell with a box open.
func (ft *flexTable) columnsOpen(cell int) int {
	n := 0
	for range ft.cols {
		if cell%ft.radix > 0 {
			n++
		}
		cell /= ft.radix
	}
	return n
}

// totalOpen returns the boxes open in all the columns of a cell.
func (ft *flexTable) totalOpen(cell int) int {
	total := 0
	for range ft.cols {
		total += cell % ft.radix
		cell /= ft.radix
	}
	return total
}

// smoothDelta returns what h gains beyond the columns' values when column c fills a box,
// from the cell here (0 without a flexTable).
func (ct *columnTables) smoothDelta(c, here int) float64 {
	ft := ct.flex
	if ft == nil {
		return 0
	}
	return ft.smooth(here-pow(ft.radix, c)) - ft.smooth(here)
}

// boxGain returns what scoring roll r in box id changes in h, from the sheet planned
// whose flexTable cell is here.
func (ct *columnTables) boxGain(id engine.BoxID, r engine.Roll, here int) float64 {
	c, b := int(id)/ct.nb, int(id)%ct.nb
	p := &ct.cols[c]
	mask, u, f := p.sp.Split(p.state)
	x := p.sp.Apply(mask, u, f, b, r)
	return float64(x.Reward) + p.t.Values[x.Next] - p.t.Values[p.state] + ct.smoothDelta(c, here)
}

// adjustments sets adj[c] to what h gains beyond the plan's worth when column c takes
// the turn's box: the smoothed correction of the flexTable less the one the plan adds
// (they differ where a cell is not trusted), and reports whether every open column's is
// the same.
func (ct *columnTables) adjustments(here int, adj *[engine.MaxColumns]float64) (same bool) {
	same = true
	first := true
	for c := range ct.cols {
		adj[c] = 0
		if ct.cols[c].mask == ct.cols[c].sp.FullMask {
			continue
		}
		if ct.flex != nil {
			adj[c] = ct.smoothDelta(c, here) - ct.flex.delta(here, c)
		}
		if !first && adj[c] != adj[0] {
			same = false
		}
		if first {
			adj[0], first = adj[c], false
		}
	}
	return same
}

// Evaluate implements rollout.Valued: h at the end of the turn of sheet sh after the box
// column-tables chooses for every roll, and its expectation under column-tables's keeps.
// The box it chooses for a roll is the best of its column, whose gain the plan holds: h
// gains that, less the flexTable's correction the plan added, plus the smoothed one.
func (ct *columnTables) Evaluate(sh *engine.Sheet, t *rollout.Turn) {
	ct.plan(sh)
	h, here := ct.potential(sh)
	var adj [engine.MaxColumns]float64
	ct.adjustments(here, &adj)
	ct.stops(h, &adj, t)
	rollout.Backward(t, sh, &ct.solver, ct.rolls)
}

// stops sets t.Stop: h after the box of every roll, the plan's worth of it plus h now
// and the column's adjustment.
func (ct *columnTables) stops(h float64, adj *[engine.MaxColumns]float64, t *rollout.Turn) {
	for u := 1; u <= ct.rolls; u++ {
		worth, box := &ct.later, &ct.boxLater
		if u == 1 && ct.anySec {
			worth, box = &ct.first, &ct.boxFirst
		}
		stop := &t.Stop[u]
		for r := range stop {
			if math.IsInf(worth[r], -1) {
				stop[r] = h // no box takes the roll (only "sec" columns are open): never reached
				continue
			}
			stop[r] = h + worth[r] + adj[int(box[r])/ct.nb]
		}
	}
}

// TurnStart implements rollout.Valued. Where every open column's adjustment is the same
// (every cell the turn may reach is trusted, or none), h at the turn's end is the plan's
// worth of its box shifted by h now and that adjustment: its expectation is the plan's
// own (TurnSolver.Expected), and TurnEnd reads the plan's worth. Elsewhere the turn is
// worked out (Evaluate).
func (ct *columnTables) TurnStart(sh *engine.Sheet) float64 {
	ct.plan(sh)
	h, here := ct.potential(sh)
	var adj [engine.MaxColumns]float64
	if ct.cv.fast = ct.adjustments(here, &adj); ct.cv.fast {
		ct.cv.h = h + adj[0]
		return ct.cv.h + ct.solver.Expected()
	}
	ct.stops(h, &adj, &ct.cv.turn)
	return rollout.Backward(&ct.cv.turn, sh, &ct.solver, ct.rolls)
}

// TurnEnd implements rollout.Valued.
func (ct *columnTables) TurnEnd(r engine.Roll, rollsUsed int) float64 {
	if !ct.cv.fast {
		return ct.cv.turn.Stop[rollsUsed][r]
	}
	worth := &ct.later
	if rollsUsed == 1 && ct.anySec {
		worth = &ct.first
	}
	if math.IsInf(worth[r], -1) {
		return ct.cv.h // never reached, as in stops
	}
	return ct.cv.h + worth[r]
}

// After implements rollout.Valued: h once roll r is scored in box id of sheet sh.
func (ct *columnTables) After(sh *engine.Sheet, id engine.BoxID, r engine.Roll) float64 {
	ct.plan(sh)
	h, here := ct.potential(sh)
	return h + ct.boxGain(id, r, here)
}

// keepValues sets ev[k], for every keep k, to the expectation of the values of the rolls
// after it, rolls[r] for roll r.
func keepValues(ev *[widget.NumKeeps]float64, rolls *[widget.NumRolls]float64) {
	rollout.KeepMeans(ev, rolls)
}
