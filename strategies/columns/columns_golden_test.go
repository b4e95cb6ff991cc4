package columns

import (
	"fmt"
	"math"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
)

// columnTablesGolden are the exact means of column-tables on the sheets of
// docs/columns.md whose exact analysis fits, with the fit of a fresh cache (2 rounds of
// 20,000 games). They are what
//
//	yams exact --rules yams --rule columns=top_down,bottom_up --strategy column-tables
//
// and its like print; regenerate them so (with YAMS_CACHE_DIR pointing at an empty
// directory, to fit again) whenever the fit or the play changes, and raise
// flexFitVersion then.
var columnTablesGolden = []struct {
	rules, columns string
	mean           float64
}{
	{"yams", "top_down,bottom_up", 348.2228338},
	{"hasbro", "top_down,bottom_up", 347.4446937},
}

// TestColumnTablesGolden fits column-tables as a fresh cache does and checks its exact
// mean on the sheets of docs/columns.md against their golden figures, to the 7 decimals
// printed.
func TestColumnTablesGolden(t *testing.T) {
	exhaustive.Only(t)
	defer func(n int) { flexGames = n }(flexGames)
	flexGames = 20000 // the fit of yams, not the tests' smaller one
	for _, g := range columnTablesGolden {
		t.Run(g.rules+":"+g.columns, func(t *testing.T) {
			r, err := engine.Load(g.rules, "columns="+g.columns)
			if err != nil {
				t.Fatal(err)
			}
			d, err := loadColumnData(r)
			if err != nil {
				t.Fatal(err)
			}
			mean := exactColumnTables(t, d)
			if got := fmt.Sprintf("%.7f", mean); math.Abs(mean-g.mean) > 5e-8 {
				t.Errorf("column-tables on %s --rule columns=%s: exact mean %s, golden %.7f", g.rules, g.columns, got, g.mean)
			}
		})
	}
}
