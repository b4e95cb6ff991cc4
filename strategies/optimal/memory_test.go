package optimal

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/memlimit"
)

// hugeRules is a rule file whose solve would take gigabytes: sixteen upper boxes of
// chance at 1000 points, a bonus at 16,000.
func hugeRules(t *testing.T) *engine.Rules {
	t.Helper()
	var boxes []string
	for i := range 16 {
		boxes = append(boxes, `{"id": "b`+string(rune('a'+i))+`", "section": "upper", "kind": "chance", "points": 1000}`)
	}
	huge, err := engine.Parse("huge.json", []byte(`{"name": "huge", "rolls": 3, "boxes": [`+strings.Join(boxes, ",")+`], "upper_bonus": {"threshold": 16000, "points": 35}}`))
	if err != nil {
		t.Fatal(err)
	}
	return huge
}

// TestMemoryLimit: a rule file whose solve would take gigabytes (hugeRules) is refused at
// once, with the estimate, before anything is allocated; so is its exact analysis.
// Hasbro is well within the limit.
func TestMemoryLimit(t *testing.T) {
	huge := hugeRules(t)
	start := time.Now()
	_, err := Solve(huge, 0)
	var me *memlimit.Error
	if !errors.As(err, &me) || !errors.Is(err, memlimit.ErrTooLarge) || me.Need < 8<<30 || !strings.Contains(err.Error(), "--max-memory") {
		t.Errorf("solve: %v", err)
	}
	if _, _, err := LoadOrSolve(huge, false, 0); !errors.As(err, &me) {
		t.Errorf("LoadOrSolve: %v", err)
	}
	if _, err := Analyze("greedy", huge, Options{}); !errors.As(err, &me) {
		t.Errorf("analysis: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusals took %v", d)
	}
	hasbro, err := newSolverSpace(exacttest.MustRules(t, "hasbro"))
	if err != nil {
		t.Fatal(err)
	}
	// The process of yams exact peaks at 253 MiB on hasbro, decoding every group.
	if need := tableMemory(hasbro); need > 300<<20 || need < 253<<20 {
		t.Errorf("hasbro's table and decisions are estimated at %d MiB", need>>20)
	}
	memlimit.Set(1 << 20)
	defer memlimit.Set(memlimit.Default)
	if _, err := Solve(exacttest.SmallRules(t), 0); !errors.As(err, &me) {
		t.Errorf("a limit of 1 MiB: %v", err)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// within reports whether the estimate is within 10% of what was measured.
func within(estimate, measured int64) bool {
	return float64(estimate) >= 0.9*float64(measured) && float64(estimate) <= 1.1*float64(measured)
}

// The estimates of what each worker of a simulation holds are those of the structures
// they estimate, allocated here: a widget, a goal strategy's cache of decisions, an
// evaluator's cache of turns with every slot filled, a Strategy.
func TestWorkerMemoryEstimates(t *testing.T) {
	for _, r := range []*engine.Rules{exacttest.SmallRules(t), exacttest.MustRules(t, "hasbro"), exacttest.MustRules(t, "yams-wiki", "rolls=4"), exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,sec")} {
		sh, _, err := playShape(r)
		if err != nil {
			t.Fatal(err)
		}
		sp := sh.sp
		var w *widget
		got := allocated(func() { w = newWidgetFor(sp, nil, sh.sameStop, sh.columns) })
		if !within(widgetMemory(sh), got) {
			t.Errorf("%s: a widget takes %d bytes, estimated at %d", r.Name(), got, widgetMemory(sh))
		}
		var gc goalCache
		if got := allocated(func() { gc = newGoalCache(sp.rolls) }); !within(goalCacheMemory(sp.rolls), got) {
			t.Errorf("%s: a goal's cache takes %d bytes, estimated at %d", r.Name(), got, goalCacheMemory(sp.rolls))
		}
		var c *turnCache
		full := allocated(func() {
			c = newTurnCache(sp, sh.columns, sh.sameStop)
			for i := range c.vals {
				c.vals[i] = make([]float64, c.size)
			}
		})
		if !within(turnCacheMemory(sh), full) {
			t.Errorf("%s: a full cache of turns takes %d bytes, estimated at %d", r.Name(), full, turnCacheMemory(sh))
		}
		if sh.columns == 1 {
			var wt *winTurn
			if got := allocated(func() { wt = newWinTurn(sp, nil, nil) }); !within(winTurnMemory(sp), got) {
				t.Errorf("%s: win's turn takes %d bytes, estimated at %d", r.Name(), got, winTurnMemory(sp))
			}
			runtime.KeepAlive(wt)
		}
		runtime.KeepAlive(w)
		runtime.KeepAlive(gc)
	}
	// A run of win counts its worker's strategy and, once its tables are loaded, the
	// distributions it shares.
	r := exacttest.TinyRules(t)
	sh, err := winSharedFor(r)
	if err != nil {
		t.Fatal(err)
	}
	shared, perWorker, err := PlayMemory(r, []string{"win"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := winWorkerMemory(shapeOf(sh.mean.sp)); perWorker != want {
		t.Errorf("win: %d bytes a worker, want %d", perWorker, want)
	}
	if shared < sh.own.bytes()+sh.mean.bytes() {
		t.Errorf("win: %d bytes shared, below its distributions (%d) and optimal's table (%d)", shared, sh.own.bytes(), sh.mean.bytes())
	}
	// A goal strategy of the four-roll rules keeps its decisions in two words: 127 MiB,
	// where three rolls take 64 (the keys 1 MiB, the decisions 63).
	if goalCacheMemory(3) != 64<<20 || goalCacheMemory(4) != 127<<20 {
		t.Errorf("goal caches of %d and %d bytes", goalCacheMemory(3), goalCacheMemory(4))
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
	solver, err := newSolverSpace(r)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := newSpace(r, r.MaxUpper(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		sp   *space
	}{{"optimal", solver}, {"greedy", exact}, {"upper-first", exact}} {
		fig, err := Analyze(c.name, r, Options{Distribution: true, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		bound := distributionPeak(c.sp)
		if bound < fig.DistributionBytes || bound > 4*fig.DistributionBytes {
			t.Errorf("%s: %d bytes of probabilities at the peak, bound %d", c.name, fig.DistributionBytes, bound)
		}
	}
}

// An exact analysis whose estimate is over the limit is refused at once, the bound of
// its space checked before the space is built; one within it passes. Hasbro's analysis
// of optimal with its distribution (843 MiB at the peak of the process, refused by the
// analysis itself below about 1,000 MiB) is estimated at 991 MiB; yatzy's at 1,373 MiB,
// so that a limit of 1,200 MiB, which the analysis reached after 23 seconds and 1.1 GB,
// is refused at once.
func TestCheckAnalysis(t *testing.T) {
	huge := hugeRules(t)
	hasbro := exacttest.MustRules(t, "hasbro")
	var me *memlimit.Error
	start := time.Now()
	for _, c := range []struct {
		name  string
		rules *engine.Rules
		opts  Options
		want  bool // refused
	}{
		{"optimal", huge, Options{}, true},
		{"greedy", huge, Options{Distribution: true}, true},
		{"target:300", huge, Options{}, true},
		{"optimal", hasbro, Options{Distribution: true}, false},
		{"optimal", hasbro, Options{Distribution: true, DistributionBudget: 1200 << 20}, false},
		{"optimal", hasbro, Options{Distribution: true, DistributionBudget: 900 << 20}, true},
		{"optimal", exacttest.MustRules(t, "yatzy"), Options{Distribution: true, DistributionBudget: 1200 << 20}, true},
		{"bonus", hasbro, Options{}, false},
		{"greedy", hasbro, Options{Distribution: true, Regret: true}, false},
		{"risk:0.02", hasbro, Options{Distribution: true, DistributionBudget: 300 << 20}, true},
	} {
		err := CheckAnalysis(c.name, c.rules, c.opts)
		if refused := errors.As(err, &me); refused != c.want || (err != nil && !refused) {
			t.Errorf("%s on %s (%+v): %v", c.name, c.rules.Name(), c.opts, err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the checks took %v", d)
	}
	err := CheckAnalysis("optimal", hasbro, Options{Distribution: true, DistributionBudget: 900 << 20, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "the exact analysis of optimal on rules hasbro with its distribution would take about 991 MiB") {
		t.Errorf("message: %v", err)
	}
}
