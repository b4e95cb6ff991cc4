package simulation

import (
	"math"
	"testing"
	"yams/reports"
)

// Every tick of a heat map's colour bar has its number (issue 40 §5): a share too close to
// the one before is left out, not marked blank; 0 and the top are always there.
func TestColourBarTicksAllLabelled(t *testing.T) {
	l, _ := reports.LabelsFor("en")
	for _, top := range []float64{0.5, 1, 2, 3, 5, 8, 10, 15, 20, 30, 40, 50, 60, 80, 100} {
		ticks := sqrtTicks{l: l, top: top}.Ticks(0, math.Sqrt(top))
		if len(ticks) < 3 || ticks[0].Value != 0 || ticks[len(ticks)-1].Value != math.Sqrt(top) {
			t.Errorf("top %v: ticks %v, want 0, a share between and the top", top, ticks)
		}
		for _, tk := range ticks {
			if tk.Label == "" {
				t.Errorf("top %v: a tick at %v (a share of %v) without its number: %v", top, tk.Value, tk.Value*tk.Value, ticks)
			}
		}
	}
}
