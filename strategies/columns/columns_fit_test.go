package columns

import (
	"math"
	"testing"

	"yams/internal/exacttest"
)

// TestExpectedGainsTarget checks the fit's target against the games' final scores and the
// exact analysis: at the start of a small two-column sheet, the sum of the turns' expected
// gains (the flexTable's target) and what the games went on to score beyond the columns'
// values estimate the same thing, with and without a flexTable, both within four standard
// errors of the exact analysis of the same play; the expected gains' spread is a fraction
// of the final scores'; and where one column is open, play is that column's optimal play,
// whose expected gains are 0 to rounding.
func TestExpectedGainsTarget(t *testing.T) {
	exacttest.NotUnderRace(t) // the fit's workers are raced by TestFlexFit; these are statistics
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,bottom_up")
	d := smallColumnData(t, r)
	shape, _ := newFlexTable(2, r.NumBoxes())
	games := 4000
	fit, err := fitFlex(d, 2, 3000, 3, 2, nil)
	if err != nil || fit == nil {
		t.Fatalf("no fit: %v", err)
	}
	nb := r.NumBoxes()
	start := shape.cell([]int{nb, nb})
	startValue := d.tables[0].Values[d.tables[0].Space.Index(0, 0, 0)] + d.tables[1].Values[d.tables[1].Space.Index(0, 0, 0)]
	for _, flex := range []*flexTable{nil, fit} {
		exact := exactColumnTables(t, &columnData{rules: r, tables: d.tables, flex: flex}) - startValue
		expected, _ := playRound(d, flex, shape, games, 5, 2, expectedGains)
		final, _ := playRound(d, flex, shape, games, 5, 2, finalScore)
		stats := func(s flexSums, cell int) (mean, sd float64) {
			n := float64(s.count[cell])
			mean = s.sum[cell] / n
			return mean, math.Sqrt(max(0, s.sq[cell]/n-mean*mean))
		}
		em, esd := stats(expected, start)
		fm, fsd := stats(final, start)
		n := math.Sqrt(float64(games))
		if math.Abs(em-exact) > 4*esd/n || math.Abs(fm-exact) > 4*fsd/n {
			t.Errorf("flexTable %v: beyond the columns' values at the start, expected gains %.4f ± %.4f and final scores %.4f ± %.4f, exactly %.4f",
				flex != nil, em, esd/n, fm, fsd/n, exact)
		}
		t.Logf("flexTable %v: at the start, expected gains %.4f (deviation %.2f), final scores %.4f (deviation %.2f), exactly %.4f",
			flex != nil, em, esd, fm, fsd, exact)
		if !(esd < fsd/2) {
			t.Errorf("flexTable %v: the expected gains' deviation %.3f, the final scores' %.3f", flex != nil, esd, fsd)
		}
		for open := 1; open <= nb; open++ {
			for _, cell := range []int{shape.cell([]int{open, 0}), shape.cell([]int{0, open})} {
				if expected.count[cell] > 0 {
					if m, _ := stats(expected, cell); math.Abs(m) > 1e-9 {
						t.Errorf("flexTable %v: one column open with %d boxes: expected gains %.12f, not 0", flex != nil, open, m)
					}
				}
			}
		}
	}
}

// TestSmoothFallback: the control variate's value of a cell the fit does not trust is the
// mean of the trusted cells with as many boxes open in all, 0 where none is or where one
// column alone is open (no choice among columns is left); a trusted cell keeps its own.
func TestSmoothFallback(t *testing.T) {
	ft, _ := newFlexTable(2, 3)
	set := func(open []int, v float64) {
		c := ft.cell(open)
		ft.v[c], ft.ok[c] = v, true
	}
	set([]int{2, 1}, 10)
	set([]int{0, 3}, 20)
	set([]int{3, 3}, 50)
	for _, c := range []struct {
		open []int
		want float64
	}{{[]int{2, 1}, 10}, {[]int{0, 3}, 20}, {[]int{1, 2}, 15}, {[]int{3, 0}, 0}, {[]int{2, 2}, 0}, {[]int{3, 3}, 50}} {
		if got := ft.smooth(ft.cell(c.open)); got != c.want {
			t.Errorf("open %v: %v, want %v", c.open, got, c.want)
		}
	}
}
