package columns

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/sim"
	"yams/strategies"
)

// The tests' sheets of several columns are small: their fits and calibrations take fewer
// games, and the fits fewer rounds (three, which damp twice; the exhaustive tests of the
// golden figures fit as yams does).
func init() { FitRounds, FitGames, CalibrationGames = 3, 4000, 8192 }

// smallColumnData returns the columns' tables of rules r, without a flexTable.
func smallColumnData(t testing.TB, r *engine.Rules) *columnData {
	t.Helper()
	tables, err := columnTablesOf(r)
	if err != nil {
		t.Fatal(err)
	}
	return &columnData{rules: r, tables: tables}
}

// TestColumnTablesOnOneColumn checks that column-tables is the optimal strategy on a sheet
// of one column: the same decision at every position of thousands of games.
func TestColumnTablesOnOneColumn(t *testing.T) {
	r := exacttest.SmallRules(t)
	ct, err := strategies.New(ColumnTablesName, r)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := strategies.New("optimal", r)
	if err != nil {
		t.Fatal(err)
	}
	g := rand.NewPCG(8, 9)
	sh := engine.NewSheet(r)
	for range 3000 {
		sh.Reset()
		for !sh.Done() {
			roll, used := engine.Throw(g), 1
			for left := r.Rolls() - 1; left > 0; left-- {
				k := ct.Keep(&sh, roll, left)
				if o := opt.Keep(&sh, roll, left); o != k {
					t.Fatalf("keep of %v: column-tables %v, optimal %v", roll, k, o)
				}
				if k == roll.Keep() {
					break
				}
				roll, used = engine.Reroll(g, k), used+1
			}
			b := ct.Box(&sh, roll, used)
			if o := opt.Box(&sh, roll, used); o != b {
				t.Fatalf("box of %v: column-tables %d, optimal %d", roll, b, o)
			}
			sh.Fill(b, roll)
		}
	}
}

// TestColumnTablesLegal checks that column-tables only takes legal decisions on sheets of
// every kind of column, the "sec" and ordered ones included (sim.Game refuses the others).
func TestColumnTablesLegal(t *testing.T) {
	for _, cols := range []string{"sec,top_down", "bottom_up,sec,free", "free,free,sec"} {
		r := exacttest.ColumnsRules(t, exacttest.FourBoxes, cols)
		exacttest.PlayGames(t, newColumnTablesOf(smallColumnData(t, r), nil), r, 3000, 4)
	}
}

// TestFlexFit checks the fit of what the choice among columns adds: the same table with
// one worker or three (its games are split in fixed chunks), a table that goes to the
// cache file and back, and a strategy that plays better with it than without, on a sheet
// whose exact optimum tells how far each is.
func TestFlexFit(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,bottom_up")
	d := smallColumnData(t, r)
	f1, err := fitFlex(d, 2, 3000, 3, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	f3, err := fitFlex(d, 2, 3000, 3, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f1.v, f3.v) {
		t.Fatal("the fit differs with one worker and three")
	}
	path := t.TempDir() + "/flex.table"
	if err := f1.writeTableFile(path, r, ColumnTablesName); err != nil {
		t.Fatal(err)
	}
	back, err := readTableFile(path, r, ColumnTablesName, "")
	if err != nil || !slices.Equal(back.v, f1.v) {
		t.Fatalf("read back: %v", err)
	}
	if _, err := readTableFile(path, exacttest.ColumnsRules(t, exacttest.FourBoxes, "bottom_up,top_down"), ColumnTablesName, ""); err == nil {
		t.Error("the file of other rules was read")
	}
	// A fit made otherwise (an older build) is refused, to be fitted again.
	f1.fit = "fit A"
	if err := f1.writeTableFile(path, r, ColumnTablesName); err != nil {
		t.Fatal(err)
	}
	if _, err := readTableFile(path, r, ColumnTablesName, "fit A"); err != nil {
		t.Errorf("the fit's own file: %v", err)
	}
	if _, err := readTableFile(path, r, ColumnTablesName, "fit B"); !errors.Is(err, errOtherFit) {
		t.Errorf("a file of another fit: %v", err)
	}
	// The strategy says what fit it plays (strategies.Dependent): the same text for the
	// same fit (one worker or three), another for other cells, or none.
	f3.fit = "fit A"
	other := &flexTable{cols: f1.cols, radix: f1.radix, v: slices.Clone(f1.v), ok: slices.Clone(f1.ok), fit: f1.fit}
	other.v[slices.Index(other.ok, true)]++
	a, same := newColumnTablesOf(d, f1).DependsOn(), newColumnTablesOf(d, f3).DependsOn()
	b, none := newColumnTablesOf(d, other).DependsOn(), newColumnTablesOf(d, nil).DependsOn()
	if a != same || a == b || a == none || !strings.Contains(a, "fit A") {
		t.Errorf("DependsOn: %q, %q, %q, %q", a, same, b, none)
	}
	if exacttest.RaceEnabled {
		return // what follows is games played one after the other: no concurrency to check
	}
	exact := solveProductOf(t, r).Expected()
	const n = 60000
	without := exacttest.PlayGames(t, newColumnTablesOf(d, nil), r, n, 21).Sum / n
	with := exacttest.PlayGames(t, newColumnTablesOf(d, f1), r, n, 21).Sum / n
	t.Logf("exact %.3f, column-tables %.3f without the fit, %.3f with it", exact, without, with)
	if !(with > without) || with > exact+0.5 {
		t.Errorf("exact %.3f, column-tables %.3f without the fit, %.3f with it", exact, without, with)
	}
}

// TestColumnTablesWorkers checks that a run of column-tables and of the exact strategy of
// several columns gives the same summary with one worker or three.
func TestColumnTablesWorkers(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.ThreeBoxes, "free,sec")
	var sums [2]*sim.Results
	for i, w := range []int{1, 3} {
		res, err := sim.Run(context.Background(), sim.Config{Rules: r, Strategies: []strategies.Info{mustInfo(t, ColumnTablesName), mustInfo(t, "optimal")}, Games: 3000, Seed: 5, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		sums[i] = res
	}
	if id := sums[0].Summaries[0].Identity; id == "" || id != sums[1].Summaries[0].Identity {
		t.Errorf("column-tables's identity %q with one worker, %q with three", id, sums[1].Summaries[0].Identity)
	}
	for s := range sums[0].Summaries {
		a, b := sums[0].Summaries[s].Stats(), sums[1].Summaries[s].Stats()
		if a.Mean != b.Mean || a.StdDev != b.StdDev || math.IsNaN(a.Mean) {
			t.Errorf("%s: mean %v with one worker, %v with three", sums[0].Summaries[s].Strategy, a.Mean, b.Mean)
		}
	}
}

func mustInfo(t testing.TB, name string) strategies.Info {
	t.Helper()
	info, err := strategies.Resolve(name)
	if err != nil {
		t.Fatal(err)
	}
	return info
}
