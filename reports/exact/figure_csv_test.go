package exact

import (
	"testing"
	"yams/reports/internal/reporttest"
)

// The figures of a frontier and of exact figures have their CSV files, with the numbers
// of frontier.csv.
func TestFigureCSVs(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteFrontier(dir, frontierFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	csvs := reporttest.CheckFigureCSVs(t, dir)
	front := reporttest.ReadCSV(t, dir, "frontier.csv")
	if reporttest.Col(t, csvs["frontier_sd"], 3, "sd") != reporttest.Col(t, front, 3, "sd") || reporttest.Col(t, csvs["frontier_p300"], 3, "p_at_least_300_percent") != 100*reporttest.Col(t, front, 3, "p_at_least_300") {
		t.Errorf("the trade-offs' CSV differ from frontier.csv")
	}
	dir = t.TempDir()
	if _, err := Write(dir, exactFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	reporttest.CheckFigureCSVs(t, dir)
}
