package solver

import (
	"os"
	"sync"
	"testing"

	"yams/internal/exacttest"
)

func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

var solvedTables sync.Map // rules hash -> *Table

// solved returns the table of a preset with options, solving it once per test binary.
func solved(t testing.TB, name string, options ...string) *Table {
	t.Helper()
	r := exacttest.MustRules(t, name, options...)
	if tab, ok := solvedTables.Load(r.Hash()); ok {
		return tab.(*Table)
	}
	tab, err := Solve(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := solvedTables.LoadOrStore(r.Hash(), tab)
	return got.(*Table)
}
