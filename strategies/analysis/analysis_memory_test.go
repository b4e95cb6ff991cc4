package analysis

import (
	"runtime"
	"testing"

	"yams/internal/exacttest"
	"yams/strategies/widget"
)

// The estimate of an Evaluator's cache of turns, every slot filled, is that of the cache
// allocated.
func TestTurnCacheMemoryEstimate(t *testing.T) {
	for _, r := range exacttest.MemoryShapes(t) {
		sh, err := widget.SheetShapeOf(r)
		if err != nil {
			t.Fatal(err)
		}
		var c *turnCache
		full := exacttest.Allocated(func() {
			c = newTurnCache(sh.Space, sh.Columns, sh.SameStop)
			for i := range c.vals {
				c.vals[i] = make([]float64, c.size)
			}
		})
		if !exacttest.Within(TurnCacheMemory(sh), full) {
			t.Errorf("%s: a full cache of turns takes %d bytes, estimated at %d", r.Name(), full, TurnCacheMemory(sh))
		}
		runtime.KeepAlive(c)
	}
}

// The bound of an exact distribution's memory bounds the probabilities an analysis holds
// at its peak, and is not far above them: measured on a short sheet with every feature
// (a subtracted box, the extra bonus, the joker), for optimal, which the analysis follows
// on the solver's states, and heuristics, on the exact subtotals. (The bound counts every
// state a game can reach; a strategy reaches fewer. Optimal's peak and the bound: 2.4 and
// 8.9 MiB here, 57.8 and 61.5 MiB on yams-app, 231 and 444 MiB on hasbro.)
func TestDistributionPeakBounds(t *testing.T) {
	r := exacttest.SmallRules(t)
	solver, err := widget.NewSolverSpace(r)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := widget.NewSpace(r, r.MaxUpper(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		sp   *widget.Space
	}{{"optimal", solver}, {"greedy", exact}, {"upper-first", exact}} {
		fig, err := AnalyzeOneColumn(c.name, r, Options{Distribution: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		bound := DistributionPeak(c.sp)
		if bound < fig.DistributionBytes || bound > 4*fig.DistributionBytes {
			t.Errorf("%s: %d bytes of probabilities at the peak, bound %d", c.name, fig.DistributionBytes, bound)
		}
	}
}
