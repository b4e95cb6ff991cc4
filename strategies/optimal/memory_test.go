package optimal

import (
	"errors"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
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
	_, err := solver.Solve(huge, 0)
	var me *memlimit.Error
	if !errors.As(err, &me) || !errors.Is(err, memlimit.ErrTooLarge) || me.Need < 8<<30 || !strings.Contains(err.Error(), "--max-memory") {
		t.Errorf("solve: %v", err)
	}
	if _, _, err := solver.LoadOrSolve(huge, false, 0); !errors.As(err, &me) {
		t.Errorf("LoadOrSolve: %v", err)
	}
	if _, err := Analyze("greedy", huge, analysis.Options{}); !errors.As(err, &me) {
		t.Errorf("analysis: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusals took %v", d)
	}
	hasbro, err := widget.NewSolverSpace(exacttest.MustRules(t, "hasbro"))
	if err != nil {
		t.Fatal(err)
	}
	// The process of yams exact peaks at 253 MiB on hasbro, decoding every group.
	if need := solver.TableMemory(hasbro); need > 300<<20 || need < 253<<20 {
		t.Errorf("hasbro's table and decisions are estimated at %d MiB", need>>20)
	}
	memlimit.Set(1 << 20)
	defer memlimit.Set(memlimit.Default)
	if _, err := solver.Solve(exacttest.SmallRules(t), 0); !errors.As(err, &me) {
		t.Errorf("a limit of 1 MiB: %v", err)
	}
}

// A run of win counts its worker's strategy, and its tables once each: optimal's, and the
// distributions of win's model of each player, estimated before any is loaded.
func TestPlayMemoryOfWin(t *testing.T) {
	r := exacttest.TinyRules(t)
	shared, perWorker, err := PlayMemory(r, []string{"win", "optimal", "greedy"}, false)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := widget.SheetShapeOf(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := tableplay.WinWorkerMemory(sh) + solver.StrategyMemory(sh); perWorker != want {
		t.Errorf("win, optimal: %d bytes a worker, want %d", perWorker, want)
	}
	tables, err := tableplay.WinTablesMemory(r, []string{"win", "optimal", "greedy"})
	if err != nil {
		t.Fatal(err)
	}
	want := int64(memlimit.Process)
	for _, need := range tables {
		want += need
	}
	// optimal's table, the models optimal and greedy, and, with a model to compute, the
	// largest layer of distributions it is computed from.
	models := len(tables)
	if _, ok := tables[r.Hash()+" remaining: the layer in the making"]; ok {
		models--
	}
	if shared != want || models != 3 {
		t.Errorf("win, optimal, greedy: %d bytes shared, want %d (tables %v)", shared, want, tables)
	}
}

// An exact analysis whose estimate is over the limit is refused at once, the bound of
// a space far beyond any limit checked before the space is built; one within it passes.
// Hasbro's analysis of optimal with its distribution (818 MiB at the peak of the process,
// refused by the analysis itself below about 1,000 MiB) is estimated at 1,065 MiB;
// yatzy's at 2,168 MiB, so that a limit of 1,200 MiB, which the analysis reached after 23
// seconds and 1.1 GB, is refused at once.
func TestCheckAnalysis(t *testing.T) {
	huge := hugeRules(t)
	hasbro := exacttest.MustRules(t, "hasbro")
	var me *memlimit.Error
	start := time.Now()
	for _, c := range []struct {
		name  string
		rules *engine.Rules
		opts  analysis.Options
		want  bool // refused
	}{
		{"optimal", huge, analysis.Options{}, true},
		{"greedy", huge, analysis.Options{Distribution: true}, true},
		{"target:300", huge, analysis.Options{}, true},
		{"optimal", hasbro, analysis.Options{Distribution: true}, false},
		{"optimal", hasbro, analysis.Options{Distribution: true, DistributionBudget: 1200 << 20}, false},
		{"optimal", hasbro, analysis.Options{Distribution: true, DistributionBudget: 900 << 20}, true},
		{"optimal", exacttest.MustRules(t, "yatzy"), analysis.Options{Distribution: true, DistributionBudget: 1200 << 20}, true},
		{"bonus", hasbro, analysis.Options{}, false},
		{"greedy", hasbro, analysis.Options{Distribution: true, Regret: true}, false},
		{"risk:0.02", hasbro, analysis.Options{Distribution: true, DistributionBudget: 300 << 20}, true},
	} {
		err := CheckAnalysis(c.name, c.rules, c.opts)
		if refused := errors.As(err, &me); refused != c.want || (err != nil && !refused) {
			t.Errorf("%s on %s (%+v): %v", c.name, c.rules.Name(), c.opts, err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the checks took %v", d)
	}
	err := CheckAnalysis("optimal", hasbro, analysis.Options{Distribution: true, DistributionBudget: 900 << 20, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "the exact analysis of optimal on rules hasbro with its distribution would take about 1065 MiB") {
		t.Errorf("message: %v", err)
	}
}
