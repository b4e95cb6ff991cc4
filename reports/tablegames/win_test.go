package tablegames

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// The figures of a table with a player that sees it have golden SVGs, and the report
// writes their tables and CSV files.
func TestGoldenWinPlots(t *testing.T) {
	res := reporttest.WinTableFixture(t)
	for _, lang := range []string{"en", "fr"} {
		tr, err := newTableReport(res, reports.Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := tr.winFigures()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range figs {
			names = append(names, f.Name)
			suffix := ""
			if lang == "fr" {
				suffix = ".fr"
			}
			reporttest.CheckGolden(t, f.Name+suffix, f.SVG)
		}
		if !slices.Equal(names, []string{"win_decisions", "win_chances"}) {
			t.Errorf("%s: figures %v", lang, names)
		}
	}
	dir := t.TempDir()
	if _, err := Write(dir, res, reports.Options{}); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "table.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Decisions of seer against optimal's", "ahead by 55 or more", "from −15 to 14", "may matter"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("table.md lacks %q", want)
		}
	}
	csv, err := os.ReadFile(filepath.Join(dir, "win_chances.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// The start, then a turn of each of the two seats for each of the eight boxes.
	if rows := strings.Count(string(csv), "\n"); rows != 1+2*(1+2*8) {
		t.Errorf("win_chances.csv has %d lines", rows)
	}
	if _, err := os.Stat(filepath.Join(dir, "win_decisions.csv")); err != nil {
		t.Error(err)
	}
}
