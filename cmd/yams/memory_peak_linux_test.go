package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/internal/memlimit"
	"yams/strategies/optimal"
)

// peakRun runs yams with args in a process of its own (the test binary, which is yams as
// "TESTBIN yams ARGS"), in the package's cache, and returns its peak resident memory as
// the process counted it (writePeak), and what it wrote on standard error.
func peakRun(t *testing.T, args ...string) (peak int64, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"yams"}, args...)...)
	file := filepath.Join(t.TempDir(), "peak")
	env := []string{envPeak + "=" + file}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "GOGC=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("yams %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	kib, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no peak written: %v", err)
	}
	n, err := strconv.ParseInt(string(kib), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n << 10, errb.String()
}

// mib is an amount of memory in whole MiB, rounded up, as --max-memory takes it.
func mib(b int64) int64 { return (b + 1<<20 - 1) >> 20 }

// withinEstimate checks a run's peak against its limit and its estimate: the peak must
// stay within --max-memory, and the estimate must not be so far above the peak that it
// refuses runs that fit (at most twice the peak, and a margin for the runtime's own
// memory on small runs).
func withinEstimate(t *testing.T, what string, estimate, limit, peak int64) {
	t.Helper()
	t.Logf("%s: estimate %d MiB, limit %d MiB, peak %d MiB", what, mib(estimate), mib(limit), mib(peak))
	if peak > limit {
		t.Errorf("%s: peaked at %d MiB, beyond --max-memory %d MiB (estimate %d MiB)", what, mib(peak), mib(limit), mib(estimate))
	}
	if estimate > 2*peak+96<<20 {
		t.Errorf("%s: estimated at %d MiB, far above its peak of %d MiB", what, mib(estimate), mib(peak))
	}
}

// playCase is a simulation whose memory PlayMemory estimates: the tables its strategies
// share, and what each worker adds.
type playCase struct {
	name    string
	args    []string // the command and its flags, but --workers and --max-memory
	rules   []string // --rules and --rule, also given to PlayMemory
	players []string // the strategies
	regret  bool
	workers int
	heavy   bool // in the exhaustive run
	// bound: the estimate is a bound the run reaches only when it is long (a goal's
	// cache of decisions fills with the turns met), not checked against a short run's peak.
	bound bool
	// own: the run is given no --max-memory, and must keep within its estimate all the
	// same (holdWithin).
	own bool
}

func (c playCase) check(t *testing.T) {
	name, opts := c.rules[0], c.rules[1:]
	r, err := engine.Load(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	shared, perWorker, err := optimal.PlayMemory(r, c.players, c.regret)
	if err != nil {
		t.Fatal(err)
	}
	estimate := shared + int64(c.workers)*perWorker
	args := append([]string{}, c.args...)
	args = append(args, "--rules", name)
	for _, o := range opts {
		args = append(args, "--rule", o)
	}
	args = append(args, "--workers", strconv.Itoa(c.workers))
	if !c.own {
		args = append(args, "--max-memory", strconv.FormatInt(mib(estimate), 10))
	}
	peak, stderr := peakRun(t, args...)
	if strings.Contains(stderr, "rather than") {
		t.Errorf("the run did not get the %d workers its estimate fits: %s", c.workers, stderr)
	}
	if c.bound {
		estimate = min(estimate, peak)
	}
	withinEstimate(t, c.name, estimate, mib(estimate)<<20, peak)
}

// TestPeakMemoryWithinEstimates runs commands of every kind of table and of many workers
// with --max-memory at their estimate, and checks that the process's peak, as the
// operating system counted it, stays within it: the tables of optimal, of a goal, of
// several columns, of a rule file, win's distributions, the best response's duel, the
// workers' evaluators of --regret, and an exact analysis with its distribution.
func TestPeakMemoryWithinEstimates(t *testing.T) {
	cases := []playCase{
		{name: "optimal's table", args: []string{"sim", "--games", "4000", "--strategy", "optimal"},
			rules: []string{"yams-app"}, players: []string{"optimal"}, workers: 2},
		{name: "the workers of --regret", args: []string{"sim", "--games", "20000", "--regret", "--strategy", "greedy,random,upper-first,optimal"},
			rules: []string{"yams-app"}, players: []string{"greedy", "random", "upper-first", "optimal"}, regret: true, workers: 8, heavy: true},
		{name: "a goal's values and caches", args: []string{"sim", "--games", "2000", "--strategy", "target:40"},
			rules: []string{"../../examples/rules/six-boxes.json"}, players: []string{"target:40"}, workers: 2, bound: true},
		{name: "a rule file's table", args: []string{"sim", "--games", "4000", "--strategy", "rules:../../examples/strategies/three-of-each.rules"},
			rules: []string{"yams-app"}, players: []string{"rules:../../examples/strategies/three-of-each.rules"}, workers: 2},
		{name: "two columns' product", args: []string{"sim", "--games", "2000", "--strategy", "optimal"},
			rules: []string{"yams", "columns=top_down,bottom_up"}, players: []string{"optimal"}, workers: 2},
		{name: "column-tables' columns", args: []string{"sim", "--games", "2000", "--strategy", "column-tables"},
			rules: []string{"yams", "columns=free,top_down,bottom_up"}, players: []string{"column-tables"}, workers: 2, heavy: true},
		{name: "win on several columns", args: []string{"compare", "--games", "2000", "--players", "win,column-tables"},
			rules: []string{"yams", "columns=free,top_down"}, players: []string{"win", "column-tables"}, workers: 2, heavy: true},
		{name: "win on several columns, within its own estimate", args: []string{"compare", "--games", "20000", "--players", "win,column-tables"},
			rules: []string{"yams", "columns=free,top_down"}, players: []string{"win", "column-tables"}, workers: 2, heavy: true, own: true},
		{name: "win's distributions", args: []string{"compare", "--games", "2000", "--players", "win,optimal,greedy"},
			rules: []string{"yams-app"}, players: []string{"win", "optimal", "greedy"}, workers: 2, heavy: true},
		{name: "the best response's duel", args: []string{"compare", "--games", "4000", "--players", "best-response:optimal,optimal"},
			rules: []string{"../../examples/rules/ones-twos-threes-chance.json"}, players: []string{"best-response:optimal", "optimal"}, workers: 2},
		{name: "the workers of --regret on hasbro", args: []string{"sim", "--games", "100000", "--regret"},
			rules: []string{"hasbro"}, players: []string{"greedy", "random", "upper-first", "optimal"}, regret: true, workers: 24, heavy: true},
		{name: "win's distributions on hasbro", args: []string{"compare", "--games", "20000", "--players", "win,optimal,greedy"},
			rules: []string{"hasbro"}, players: []string{"win", "optimal", "greedy"}, workers: 2, heavy: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.heavy {
				exhaustive.Only(t)
			}
			c.check(t)
		})
	}
	t.Run("an exact distribution", func(t *testing.T) {
		// The estimate the command gives when it refuses, then a run at that limit.
		args := []string{"exact", "--rules", "yams-app", "--strategy", "optimal", "--distribution", "--workers", "2"}
		cmd := exec.Command(os.Args[0], append(append([]string{"yams"}, args...), "--max-memory", "64")...)
		out, _ := cmd.CombinedOutput()
		m := regexp.MustCompile(`would take about (\d+) MiB`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("no estimate in the refusal: %s", out)
		}
		estimate, _ := strconv.ParseInt(string(m[1]), 10, 64)
		peak, _ := peakRun(t, append(args, "--max-memory", fmt.Sprint(estimate))...)
		withinEstimate(t, "exact --distribution", estimate<<20, estimate<<20, peak)
	})
}

// A run that plays tells the garbage collector its own estimate, not --max-memory alone
// (holdWithin): what its tables and workers take, less the process's code, where that is
// below --max-memory, and at least minHeld; --max-memory's bound otherwise (issue 40 §2:
// win against column-tables peaked at 1,541 MiB under an estimate of 1,239, its play's
// garbage left until the heap doubled).
func TestRunHeldWithinItsEstimate(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT decides the runtime's limit")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	shared, perWorker, err := optimal.PlayMemory(r, []string{"optimal", "greedy"}, false)
	if err != nil {
		t.Fatal(err)
	}
	estimate := shared + 2*perWorker
	if estimate < minHeld {
		t.Fatalf("optimal's estimate on hasbro, %d MiB, is below the least bound, %d MiB: the case checks nothing", mib(estimate), mib(minHeld))
	}
	for _, c := range []struct {
		name string
		args []string
		want int64
	}{
		{"sim", []string{"sim", "--rules", "hasbro", "--strategy", "optimal,greedy", "--games", "200", "--workers", "2"}, estimate - memlimit.Process},
		{"compare", []string{"compare", "--rules", "hasbro", "--strategy", "optimal,greedy", "--games", "200", "--workers", "2"}, estimate - memlimit.Process},
		{"compare at a table", []string{"compare", "--rules", "hasbro", "--players", "optimal,greedy", "--games", "200", "--workers", "2"}, estimate - memlimit.Process},
		// A heuristic's estimate is the process alone: the least bound.
		{"a heuristic", []string{"sim", "--rules", "hasbro", "--strategy", "greedy", "--games", "200", "--workers", "2"}, minHeld - memlimit.Process},
		// --max-memory below the least bound keeps its own.
		{"--max-memory below", []string{"sim", "--rules", "hasbro", "--strategy", "greedy", "--games", "200", "--max-memory", "200"}, 200<<20 - memlimit.Process - (200<<20)/12},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		if _, errOut, code := execYams(t, "", c.args...); code != 0 {
			t.Fatalf("%s: exit %d, %s", c.name, code, errOut)
		}
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("%s: the runtime's limit is %d MiB, want %d MiB", c.name, got>>20, c.want>>20)
		}
	}
}
