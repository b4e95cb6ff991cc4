package simulation

import (
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
)

func TestMain(m *testing.M) { reporttest.Main(m) }

// written writes the report of res into a new temporary directory, and returns the
// directory and the names of the files written.
func written(t *testing.T, res *sim.Results, opt reports.Options) (dir string, names []string) {
	t.Helper()
	dir = t.TempDir()
	names, err := Write(dir, res, opt)
	if err != nil {
		t.Fatal(err)
	}
	return dir, names
}
