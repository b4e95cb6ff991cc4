package simulation

import (
	"fmt"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
)

// The captions of scores and cdf count the games beyond the axis, on either side, and
// how far they go.
func TestBeyondAxis(t *testing.T) {
	res, _ := reporttest.Fixture(t)
	r, err := newReport(res, reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// An axis that leaves games out on both sides.
	all := reports.Merged([]sim.Histogram{res.Summaries[0].Scores, res.Summaries[1].Scores})
	lo, hi := all.Min+5, all.Max()-5
	var below, above int64
	lowest, highest := lo, hi
	for _, s := range res.Summaries {
		for k, c := range s.Scores.Counts {
			v := s.Scores.Min + k
			if c > 0 && v < lo {
				below, lowest = below+c, min(lowest, v)
			}
			if c > 0 && v >= hi {
				above, highest = above+c, max(highest, v)
			}
		}
	}
	if above == 0 || below == 0 {
		t.Fatalf("%d games below %d, %d above %d: the test checks nothing", below, lo, above, hi)
	}
	got := r.beyondAxis(lo, hi)
	want := fmt.Sprintf("%d games at %d points or more (up to %d) and %d games below %d points (down to %d)", above, hi, highest, below, lo, lowest)
	if !strings.Contains(got, want) || !strings.HasPrefix(got, " Beyond the axis, all strategies together: ") {
		t.Errorf("caption %q, want it to say %q", got, want)
	}
	if got := r.beyondAxis(-1000, 1000); got != "" {
		t.Errorf("every game on the axis, caption %q", got)
	}
}
