package goals

import (
	"os"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/analysis"
	"yams/strategies/solver"
)

func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

// analyze analyses a strategy of one column: target:T and beat:S here, the others as
// the analysis of one column does.
func analyze(name string, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	if o, err := solver.ParseObjective(name); err == nil && (o.Kind == solver.Target || o.Kind == solver.Beat) {
		return AnalyzeGoal(o, r, opts)
	}
	return analysis.AnalyzeOneColumn(name, r, opts)
}

// loadOrSolveFor loads or solves the table of objective o, beat:S analysing S.
func loadOrSolveFor(r *engine.Rules, o solver.Objective, force bool, workers int) (*solver.Table, solver.CacheStatus, error) {
	t, _, st, err := solver.LoadOrSolveObjective(r, o, force, workers, GoalOf)
	return t, st, err
}
