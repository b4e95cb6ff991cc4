package columns

import (
	"fmt"
	"math/bits"
	"slices"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// ColumnEstimate values the options at a position of a sheet of several columns as
// column-tables does: the points scored so far, the columns' values (each column played
// alone), what the choice among columns adds at the count of open boxes (flexTable), and
// the turn planned on them. It is an estimate, not an expectation under any strategy; on
// the sheets with an exact table it is within about half a point per turn of the exact
// values (README). Build one per goroutine.
type ColumnEstimate struct {
	ct    *columnTables
	sheet engine.Sheet
	base  float64
	// val[ru][r] is the value of holding roll r after ru rolls and playing on (ru from 1);
	// ev[ru][k] that of keeping k after ru rolls and rolling the other dice; both relative
	// to base.
	val [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	ev  [engine.MaxRollsPerTurn][widget.NumKeeps]float64
	// delta[c] is what the flexTable adds to scoring in column c.
	delta [engine.MaxColumns]float64
}

// NewColumnEstimate returns the estimate of column-tables on rules r of several columns.
func NewColumnEstimate(r *engine.Rules) (*ColumnEstimate, error) {
	if len(r.Columns()) == 1 {
		return nil, fmt.Errorf("optimal: an estimate of a sheet of one column, whose values are exact")
	}
	d, err := columnDataFor(r)
	if err != nil {
		return nil, err
	}
	return &ColumnEstimate{ct: newColumnTablesOf(d, d.flex)}, nil
}

// Exact reports that the values are an estimate.
func (e *ColumnEstimate) Exact() bool { return false }

// Start works the turn of sheet s out.
func (e *ColumnEstimate) Start(s *engine.Sheet) error {
	ct := e.ct
	if s.Rules() != ct.rules && s.Rules().Hash() != ct.rules.Hash() {
		return fmt.Errorf("a sheet of rules %s, not of rules %s", s.Rules().Name(), ct.rules.Name())
	}
	if s.Done() {
		return fmt.Errorf("the sheet is full")
	}
	e.sheet = *s
	ct.key = solver.SheetKey{} // plan again: the gains of every column are looked at below
	ct.plan(s)
	e.base = analysis.SolverPoints(s)
	var open [engine.MaxColumns]int
	for c := range ct.cols {
		p := &ct.cols[c]
		e.base += p.t.Values[p.state]
		open[c] = ct.nb - bits.OnesCount32(p.mask)
	}
	clear(e.delta[:])
	if ft := ct.flex; ft != nil {
		here := ft.cell(open[:len(ct.cols)])
		if ft.ok[here] {
			e.base += ft.v[here]
		}
		for c := range ct.cols {
			if open[c] > 0 {
				e.delta[c] = ft.delta(here, c)
			}
		}
	}
	rolls := ct.rolls
	e.val[rolls] = *e.stop(rolls)
	for ru := rolls - 1; ru >= 1; ru-- {
		ev := &e.ev[ru]
		for r := range engine.Roll(widget.NumRolls) {
			ev[r.Keep()] = e.val[ru+1][r]
		}
		for k := widget.RollBase - 1; k >= 0; k-- {
			a := &widget.KeepAdd[k]
			ev[k] = (ev[a[0]] + ev[a[1]] + ev[a[2]] + ev[a[3]] + ev[a[4]] + ev[a[5]]) * (1.0 / 6)
		}
		stop := e.stop(ru)
		for r := range engine.Roll(widget.NumRolls) {
			best := stop[r]
			for _, k := range engine.SubKeeps(r)[1:] {
				best = max(best, ev[k])
			}
			e.val[ru][r] = best
		}
	}
	return nil
}

// stop returns the best worth, relative to base, of ending the turn with each roll after
// rollsUsed rolls.
func (e *ColumnEstimate) stop(rollsUsed int) *[widget.NumRolls]float64 {
	if rollsUsed == 1 && e.ct.anySec {
		return &e.ct.first
	}
	return &e.ct.later
}

// Value returns the estimated final score of the best play from the start of the turn.
func (e *ColumnEstimate) Value() float64 {
	x := 0.0
	for r, p := range widget.RollProb {
		x += p * e.val[1][r]
	}
	return e.base + x
}

// BestKeepValue returns the value of the best keep of roll r after rollsUsed rolls.
func (e *ColumnEstimate) BestKeepValue(r engine.Roll, rollsUsed int) float64 {
	return e.base + e.val[rollsUsed][r]
}

// BestBoxValue returns the value of the best box for the final roll r.
func (e *ColumnEstimate) BestBoxValue(r engine.Roll, rollsUsed int) float64 {
	return e.base + e.stop(rollsUsed)[r]
}

// Keeps returns every keep of roll r after rollsUsed rolls with its value, the best first.
func (e *ColumnEstimate) Keeps(r engine.Roll, rollsUsed int) []analysis.Option {
	subs := engine.SubKeeps(r)
	out := make([]analysis.Option, len(subs))
	for i, k := range subs {
		v := e.stop(rollsUsed)[r]
		if i > 0 {
			v = e.ev[rollsUsed][k]
		}
		out[i] = analysis.Option{Keep: k, Value: e.base + v}
	}
	slices.SortStableFunc(out, func(a, b analysis.Option) int { return analysis.CmpDesc(a.Value, b.Value) })
	return out
}

// Boxes returns every (column, box) that may take the final roll r after rollsUsed rolls,
// with its value, the best first.
func (e *ColumnEstimate) Boxes(r engine.Roll, rollsUsed int) []analysis.Option {
	ct := e.ct
	var out []analysis.Option
	for l := e.sheet.Legal(r, rollsUsed); l != 0; l &= l - 1 {
		id := bits.TrailingZeros64(l)
		c, b := id/ct.nb, id%ct.nb
		p := &ct.cols[c]
		mask, u, f := p.sp.Split(p.state)
		x := p.sp.Apply(mask, u, f, b, r)
		gain := float64(x.Reward) + p.t.Values[x.Next] - p.t.Values[p.state] + e.delta[c]
		out = append(out, analysis.Option{Box: engine.BoxID(id), Value: e.base + gain})
	}
	slices.SortStableFunc(out, func(a, b analysis.Option) int { return analysis.CmpDesc(a.Value, b.Value) })
	return out
}
