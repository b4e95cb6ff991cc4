package optimal

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/columns"
	"yams/strategies/goals"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Analyze computes the exact figures of a registered strategy on rules r. The optimal
// strategy is analysed from its table (loaded or solved, see LoadOrSolve); any other
// strategy is asked for its decisions on a sheet built for each state. That is exact
// for a strategy whose decisions depend only on the dice and on what the state records
// of the sheet: the filled boxes, the upper subtotal, whether the yahtzee box holds a
// non-zero score, and the turn number. Scores written in other boxes are made up
// (zero where a box can hold zero), and the count of extra bonuses is zero. A strategy
// that draws random numbers (strategies.GameStarter) is refused.
//
// It dispatches on the kind of sheet and of strategy: a sheet of several columns to the
// analysis of the product of its columns, target:T and beat:S to the analysis that
// follows every score so far, the rest to the analysis of one column.
func Analyze(name string, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	o, perr := solver.ParseObjective(name)
	if perr == nil && (o.Kind == solver.Target || o.Kind == solver.Beat) {
		return goals.AnalyzeGoal(o, r, opts)
	}
	if len(r.Columns()) == 1 {
		return analysis.AnalyzeOneColumn(name, r, opts)
	}
	if perr == nil {
		if o != solver.Mean {
			return nil, widget.RefuseColumns(r, o.String())
		}
		// The table, then three numbers per state of it, before the table is solved.
		if err := checkProductAnalysis(name, r, opts); err != nil {
			return nil, err
		}
		e := solver.SharedFor(r, solver.Mean)
		if e.Err != nil {
			return nil, e.Err
		}
		return columns.AnalyzeProduct(e.Table, opts)
	}
	info, ok := strategies.Lookup(name)
	if !ok {
		_, err := strategies.New(name, r)
		return nil, err
	}
	if info.Table {
		return nil, fmt.Errorf("strategy %s %w", name, analysis.ErrTable)
	}
	return columns.AnalyzeProductStrategy(name, info, r, opts)
}

// LoadOrSolveFor is LoadOrSolve for objective o: each objective has its own file. The
// bonus objective loads or solves the mean's table first (see Objective); beat:S
// analyses its opponent first when its table must be solved.
func LoadOrSolveFor(r *engine.Rules, o solver.Objective, force bool, workers int) (*solver.Table, solver.CacheStatus, error) {
	t, _, st, err := solver.LoadOrSolveObjective(r, o, force, workers, goals.GoalOf)
	return t, st, err
}
