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

// ColumnEstimate values the options at a position of a sheet of several columns too large
// for an exact table, as expected final scores when column-tables plays on from there.
//
// Two things are estimated, each by the method that suits it. Which option is best, and
// what each costs against the best, are column-tables's own values: the points scored so
// far, the columns' values (each column played alone), what the choice among columns adds
// at the count of open boxes (flexTable), and the turn planned on them. Those values rank
// the options but are not the expectation of any play (on the family sheet, at a first
// roll of 6-6-6-2-3, they said 626.64 where the strategy scored 845 from the start, before its fit had a table there). The expected final score of the best choice is therefore
// measured: column-tables plays Games games on from the position (rollouts, with a control
// variate: columns_rollout.go), on dice drawn from a hash of the position, so that the
// figure does not change from one run to the next nor with Workers; every option's value
// is the best's figure less its cost. Figure gives the measurement and its interval.
// Build one per goroutine.
type ColumnEstimate struct {
	// Games is the number of games played on from a position for its figure, and Workers
	// the goroutines that play them (0: one per CPU).
	Games, Workers int
	d              *columnData
	players        []*rollout
	// The position measured last, its figure, and what the figure adds to the plan's
	// value of its best choice.
	at    estimateAt
	fig   Figure
	shift float64
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
	return &ColumnEstimate{Games: DefaultEstimateGames, d: d, ct: newColumnTablesOf(d, d.flex)}, nil
}

// estimateAt is a position within the turn started: the roll and the rolls thrown (0:
// the turn's start).
type estimateAt struct {
	roll engine.Roll
	used int
	ok   bool
}

// Figure returns the measured expected final score of the best choice at roll r after
// rollsUsed rolls of the turn started (rollsUsed 0: at the turn's start, before the first
// roll), with its interval.
func (e *ColumnEstimate) Figure(r engine.Roll, rollsUsed int) Figure {
	e.measure(r, rollsUsed)
	return e.fig
}

// measure measures the figure of a position unless it is the one measured last.
func (e *ColumnEstimate) measure(r engine.Roll, rollsUsed int) {
	at := estimateAt{roll: r, used: rollsUsed, ok: true}
	if rollsUsed == 0 {
		at.roll = 0
	}
	if e.at == at {
		return
	}
	e.at = at
	e.fig = rollouts(e.d, &e.players, &e.sheet, r, rollsUsed, e.Games, e.Workers)
	e.shift = e.fig.Mean - e.plan(r, rollsUsed)
}

// plan returns the plan's value of the best choice at roll r after rollsUsed rolls (0:
// the turn's start).
func (e *ColumnEstimate) plan(r engine.Roll, rollsUsed int) float64 {
	switch {
	case rollsUsed == 0:
		x := 0.0
		for r, p := range widget.RollProb {
			x += p * e.val[1][r]
		}
		return e.base + x
	case rollsUsed < e.ct.rolls && e.sheet.Legal(r, rollsUsed+1) != 0:
		return e.base + e.val[rollsUsed][r]
	}
	return e.base + e.stop(rollsUsed)[r]
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
	e.at = estimateAt{}
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
		e.base += ft.smooth(here)
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
		keepValues(ev, &e.val[ru+1])
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

// Value returns the measured expected final score from the start of the turn.
func (e *ColumnEstimate) Value() float64 { return e.Figure(0, 0).Mean }

// BestKeepValue returns the measured expected final score of the best choice at roll r
// after rollsUsed rolls.
func (e *ColumnEstimate) BestKeepValue(r engine.Roll, rollsUsed int) float64 {
	e.measure(r, rollsUsed)
	return e.base + e.val[rollsUsed][r] + e.shift
}

// BestBoxValue returns the value of the best box for the final roll r: the measured figure
// where no rolls are left, else that less the cost of stopping.
func (e *ColumnEstimate) BestBoxValue(r engine.Roll, rollsUsed int) float64 {
	e.measure(r, rollsUsed)
	return e.base + e.stop(rollsUsed)[r] + e.shift
}

// Keeps returns every keep of roll r after rollsUsed rolls with its value, the best first.
func (e *ColumnEstimate) Keeps(r engine.Roll, rollsUsed int) []analysis.Option {
	e.measure(r, rollsUsed)
	subs := engine.SubKeeps(r)
	out := make([]analysis.Option, len(subs))
	for i, k := range subs {
		v := e.stop(rollsUsed)[r]
		if i > 0 {
			v = e.ev[rollsUsed][k]
		}
		out[i] = analysis.Option{Keep: k, Value: e.base + v + e.shift}
	}
	slices.SortStableFunc(out, func(a, b analysis.Option) int { return analysis.CmpDesc(a.Value, b.Value) })
	return out
}

// Boxes returns every (column, box) that may take the final roll r after rollsUsed rolls,
// with its value, the best first.
func (e *ColumnEstimate) Boxes(r engine.Roll, rollsUsed int) []analysis.Option {
	e.measure(r, rollsUsed)
	ct := e.ct
	var out []analysis.Option
	for l := e.sheet.Legal(r, rollsUsed); l != 0; l &= l - 1 {
		id := bits.TrailingZeros64(l)
		c, b := id/ct.nb, id%ct.nb
		p := &ct.cols[c]
		mask, u, f := p.sp.Split(p.state)
		x := p.sp.Apply(mask, u, f, b, r)
		gain := float64(x.Reward) + p.t.Values[x.Next] - p.t.Values[p.state] + e.delta[c]
		out = append(out, analysis.Option{Box: engine.BoxID(id), Value: e.base + gain + e.shift})
	}
	slices.SortStableFunc(out, func(a, b analysis.Option) int { return analysis.CmpDesc(a.Value, b.Value) })
	return out
}

// keepValues sets ev[k], for every keep k, to the expectation of the values of the rolls
// after it, rolls[r] for roll r.
func keepValues(ev *[widget.NumKeeps]float64, rolls *[widget.NumRolls]float64) {
	for r := range engine.Roll(widget.NumRolls) {
		ev[r.Keep()] = rolls[r]
	}
	for k := widget.RollBase - 1; k >= 0; k-- {
		a := &widget.KeepAdd[k]
		ev[k] = (ev[a[0]] + ev[a[1]] + ev[a[2]] + ev[a[3]] + ev[a[4]] + ev[a[5]]) * (1.0 / 6)
	}
}
