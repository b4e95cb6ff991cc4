package analysis

import (
	"os"
	"sync"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

var solvedTables sync.Map // rules hash -> *solver.Table

// solved returns the table of a preset with options, solving it once per test binary.
func solved(t testing.TB, name string, options ...string) *solver.Table {
	t.Helper()
	r := exacttest.MustRules(t, name, options...)
	if tab, ok := solvedTables.Load(r.Hash()); ok {
		return tab.(*solver.Table)
	}
	tab, err := solver.Solve(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := solvedTables.LoadOrStore(r.Hash(), tab)
	return got.(*solver.Table)
}

// tableOf solves the small rules with options, with the decisions of every state.
func tableOf(t *testing.T, options ...string) *solver.Table {
	t.Helper()
	r := exacttest.SmallRules(t, options...)
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := solver.SolveSpace(r, sp, 0, true)
	return tab
}

// loadOrSolveFor loads or solves the table of objective o (the mean, bonus or risk:θ:
// not a goal of the final score, whose table needs an analysis above this one).
func loadOrSolveFor(r *engine.Rules, o solver.Objective, force bool, workers int) (*solver.Table, solver.CacheStatus, error) {
	t, _, st, err := solver.LoadOrSolveObjective(r, o, force, workers, nil)
	return t, st, err
}
