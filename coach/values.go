package coach

import (
	"errors"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/columns"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Values values the positions of one rule set: from its exact table, or from
// column-tables's estimate where the sheet has several columns and no exact solve.
type Values struct {
	Rules *engine.Rules
	// Table is the exact table of the mean, nil for an estimate.
	Table *solver.Table
	// Estimate says why the values are estimated (the exact solve that was refused),
	// nil when they are exact.
	Estimate error
	// EstimateGames, when above 0, is the games an estimate plays on from a position for
	// its figure, in place of columns.DefaultEstimateGames (the tests play fewer).
	EstimateGames int
}

// RulesError is an error that comes from the rules: a sheet without an exact solve, a
// table that would not fit in --max-memory. It is the user's to mend.
type RulesError struct{ Err error }

func (e *RulesError) Error() string { return e.Err.Error() }
func (e *RulesError) Unwrap() error { return e.Err }

// rulesError marks err as a *RulesError when it comes from the rules.
func rulesError(err error) error {
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return &RulesError{err}
	}
	return err
}

// ValuesOf returns the values of the positions of rules: the exact table where the rules
// have one that fits in memory (loaded from the cache or solved), else, on a sheet of
// several columns, the estimate of column-tables, with why the exact table was not
// available.
func ValuesOf(rules *engine.Rules) (*Values, error) {
	tab, _, err := solver.LoadOrSolve(rules, false, 0)
	if err == nil {
		return &Values{Rules: rules, Table: tab}, nil
	}
	if errors.Is(err, widget.ErrColumns) && len(rules.Columns()) > 1 {
		// The estimate's tables are loaded (or fitted) once per process: check now that
		// they can be.
		if _, err2 := columns.NewColumnEstimate(rules); err2 != nil {
			return nil, err2
		}
		return &Values{Rules: rules, Estimate: err}, nil
	}
	return nil, rulesError(err)
}

// Exact reports whether the values are exact.
func (v *Values) Exact() bool { return v.Table != nil }

// Positions returns a valuer of positions for one goroutine: an analysis.Evaluator of
// the table, or a column-tables estimate.
func (v *Values) Positions() (analysis.Positions, error) {
	if v.Table != nil {
		return analysis.NewEvaluator(v.Table), nil
	}
	est, err := columns.NewColumnEstimate(v.Rules)
	if err != nil {
		return nil, err
	}
	// Every valuer of the rules shares one cache of the games measured: a position asked
	// again (advised, then judged, then graded; in one game or another) is not played again.
	est.Cache = columns.EstimateCache(v.Rules)
	if v.EstimateGames > 0 {
		est.Games = v.EstimateGames
	}
	return est, nil
}

// OptimalStart returns the expected final score of the best play from the empty sheet:
// the table's, or the estimate's of pos (a valuer of v's).
func (v *Values) OptimalStart(pos analysis.Positions) (float64, error) {
	if v.Table != nil {
		return v.Table.Expected(), nil
	}
	empty := engine.NewSheet(v.Rules)
	if err := pos.Start(&empty); err != nil {
		return 0, err
	}
	return pos.Value(), nil
}
