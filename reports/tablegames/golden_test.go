package tablegames

import (
	"slices"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
)

// Every kind of plot of table games has a golden SVG.
func TestGoldenPlots(t *testing.T) {
	tr, err := newTableReport(reporttest.TableFixture(t), reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := tr.figures()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
		reporttest.CheckGolden(t, f.Name, f.SVG)
	}
	if want := []string{"wins", "seats"}; !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}
}
