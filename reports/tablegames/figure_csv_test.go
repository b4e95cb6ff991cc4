package tablegames

import (
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// The figures of table games have their CSV files, with the numbers of table.csv.
func TestFigureCSVs(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, reporttest.TableFixture(t), reports.Options{}); err != nil {
		t.Fatal(err)
	}
	csvs := reporttest.CheckFigureCSVs(t, dir)
	table := reporttest.ReadCSV(t, dir, "table.csv")
	if reporttest.Col(t, csvs["wins"], 1, "won_percent") != 100*reporttest.Col(t, table, 1, "win_rate") {
		t.Errorf("wins.csv differs from table.csv")
	}
}
