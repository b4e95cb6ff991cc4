package columns

import (
	"errors"
	"math"
	"slices"
	"testing"

	"yams/internal/exacttest"
	"yams/strategies/analysis"
)

// The calibration's value at the start of a game, added to the columns' values there, is
// column-tables's expected final score: it agrees with the exact analysis of the strategy
// within the games' standard error, on sheets with and without a flexTable. It does not
// depend on the number of workers, it is 0 wherever one column is open, and its file is
// read back, and refused as another objective's.
func TestCalibrationAgreesWithExactMean(t *testing.T) {
	const games = 8192
	for _, cols := range []string{"free,top_down", "top_down,bottom_up"} {
		r := exacttest.ColumnsRules(t, exacttest.FourBoxes, cols)
		d, err := columnDataFor(r)
		if err != nil {
			t.Fatal(err)
		}
		if exacttest.RaceEnabled {
			// The race run keeps the calibration's workers, on fewer games; the
			// agreements are statistics, left to the run without the race detector.
			a, b := calibrate(d, 600, 6, 1), calibrate(d, 600, 6, 3)
			if !slices.Equal(a.ft.v, b.ft.v) || !slices.Equal(a.spread.v, b.spread.v) {
				t.Errorf("%s: the calibration differs with one worker and three", cols)
			}
			return
		}
		c := calibrate(d, games, 5, 2)
		fig, err := analyzeProductNamed(ColumnTablesName, r, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		open := make([]int, len(r.Columns()))
		est := 0.0
		for k, tb := range d.tables {
			est += tb.Values[tb.Space.Index(0, 0, 0)]
			open[k] = r.NumBoxes()
		}
		est += c.Beyond(open)
		se := fig.SD / math.Sqrt(games)
		if math.Abs(est-fig.Mean) > 4*se {
			t.Errorf("%s: the calibrated estimate at the start is %.4f, column-tables's exact mean %.4f (standard error %.4f)", cols, est, fig.Mean, se)
		}
		if c.Beyond(open) <= 0 {
			t.Errorf("%s: the choice among columns adds %.4f at the start, want more than 0", cols, c.Beyond(open))
		}
		// The spread at the start is the variance of column-tables's final score (the
		// start's base is the same in every game), within a few standard errors of it.
		if v := c.Spread(open); math.Abs(v-fig.SD*fig.SD) > 6*fig.SD*fig.SD*math.Sqrt(2.0/games) {
			t.Errorf("%s: the spread at the start is %.2f, column-tables's exact variance %.2f", cols, v, fig.SD*fig.SD)
		}
		if cols == "free,top_down" {
			a, b := calibrate(d, 3000, 6, 1), calibrate(d, 3000, 6, 3)
			if !slices.Equal(a.ft.v, b.ft.v) || !slices.Equal(a.spread.v, b.spread.v) {
				t.Errorf("%s: the calibration differs with one worker and three", cols)
			}
		}
		for n := 0; n <= r.NumBoxes(); n++ {
			if a, b := c.Spread([]int{n, 0}), c.Spread([]int{0, n}); a != 0 || b != 0 {
				t.Errorf("%s: one column open with %d boxes: spread %g and %g, want 0", cols, n, a, b)
			}
			if a, b := c.Beyond([]int{n, 0}), c.Beyond([]int{0, n}); a != 0 || b != 0 {
				t.Errorf("%s: one column open with %d boxes: %g and %g, want 0", cols, n, a, b)
			}
			if x := c.Choice([]int{n, 0}, 0); x != 0 {
				t.Errorf("%s: one column open: column-tables's correction %g, want 0", cols, x)
			}
		}
	}
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,sec")
	c, err := CalibrationFor(r)
	if err != nil {
		t.Fatal(err)
	}
	path, err := calibrationPath(r, calibrationObjective)
	if err != nil {
		t.Fatal(err)
	}
	spath, err := calibrationPath(r, spreadObjective)
	if err != nil {
		t.Fatal(err)
	}
	if sback, err := readTableFile(spath, r, spreadObjective, calibrationProvenance()); err != nil || !slices.Equal(sback.v, c.spread.v) {
		t.Fatalf("the calibration's spread read back: %v", err)
	}
	back, err := readTableFile(path, r, calibrationObjective, calibrationProvenance())
	if err != nil || !slices.Equal(back.v, c.ft.v) {
		t.Fatalf("the calibration read back: %v", err)
	}
	if _, err := readTableFile(path, r, ColumnTablesName, calibrationProvenance()); err == nil {
		t.Error("a calibration's file was read as a flexTable")
	}
	if _, err := readTableFile(path, r, calibrationObjective, "another build's"); !errors.Is(err, errOtherFit) {
		t.Errorf("a calibration of another build: %v", err)
	}
}
