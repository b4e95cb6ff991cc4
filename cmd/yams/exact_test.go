package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/optimal"
)

// TestMain keeps every test of the package, whichever command it runs, out of the
// user's cache: building the optimal strategy solves and caches tables.
func TestMain(m *testing.M) {
	// The test binary is also yams itself, for the bots of the tests: run as
	// "TESTBIN yams ARGS...", it is yams ARGS; as "TESTBIN yams-fail-after N", a bot that
	// plays greedy for N batches and then exits.
	if len(os.Args) > 1 && os.Args[1] == "yams" {
		os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[2:]))
	}
	if len(os.Args) > 2 && os.Args[1] == "yams-fail-after" {
		os.Exit(failingBot(os.Args[2]))
	}
	dir, err := os.MkdirTemp("", "yams-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv(optimal.EnvCacheDir, dir)
	held := holdHeuristics("hasbro")
	code := m.Run()
	runtime.KeepAlive(held)
	os.RemoveAll(dir)
	os.Exit(code)
}

// holdHeuristics returns greedy and upper-first on each rule set. The heuristics' tables
// are cached weakly, for as long as a strategy uses them: held for the whole test binary,
// the tables of the rules most tests play are built once, not once per command run.
func holdHeuristics(rules ...string) []strategies.Strategy {
	var held []strategies.Strategy
	for _, name := range rules {
		r, err := engine.Load(name)
		if err != nil {
			panic(err)
		}
		for _, h := range []string{"greedy", "upper-first"} {
			st, err := strategies.New(h, r)
			if err != nil {
				panic(err)
			}
			held = append(held, st)
		}
	}
	return held
}

func TestExact(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "d.csv")
	out, errOut, code := execYams(t, "", "exact", "--rules", "yams-app", "--csv", csv)
	if code != 0 {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	for _, want := range []string{"(78,292 turn-start states reached)", "mean score", "198.7293046", "P(upper bonus)", "4 of a kind ", "quantiles: p1 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(csv)
	if err != nil || !strings.HasPrefix(string(data), "score,probability\n") {
		t.Errorf("csv: %v %.40q", err, data)
	}
	out, errOut, code = execYams(t, "", "exact", "--strategy", "random")
	wantUsageError(t, "random", out, errOut, code, "random numbers")
	out, errOut, code = execYams(t, "", "exact", "--strategy", "nope")
	wantUsageError(t, "unknown strategy", out, errOut, code, `unknown strategy "nope"`)
	out, errOut, code = execYams(t, "", "exact", "--strategy", "greedy,optimal")
	wantUsageError(t, "two strategies", out, errOut, code, "--strategy greedy,optimal: exact takes one strategy")
	// A computation that fails leaves the --csv file of the one before as it was.
	_, errOut, code = execYams(t, "", "exact", "--rules", "yams-app", "--csv", csv, "--max-memory", "1")
	if code != 2 || !strings.Contains(errOut, "with its distribution would take about") || !strings.Contains(errOut, "more than the limit of 1 MiB (raise it with --max-memory MiB)") {
		t.Errorf("budget: exit %d, %q", code, errOut)
	}
	if now, _ := os.ReadFile(csv); !bytes.Equal(now, data) {
		t.Errorf("the failed exact changed %s", csv)
	}
	out, errOut, code = execYams(t, "", "exact", "--rules", "yams-app", "--csv", filepath.Join(csv, "x.csv"))
	wantUsageError(t, "csv under a file", out, errOut, code, "exact: --csv: ")
}
