package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A goal strategy holds a cache of decisions of 64 MiB per worker, which --max-memory
// counts: a run that asks for more workers than fit plays with those that fit, says so
// with the estimate, and gives the results it gives on one worker, bit for bit; a run
// whose first worker does not fit is refused in one line with the estimate. A heuristic,
// which holds next to nothing per worker, is never capped.
func TestWorkersWithinMemory(t *testing.T) {
	rules := filepath.Join("testdata", "frontier_small.json")
	play := func(workers, memory string, strategy string) (string, string, int) {
		return execYams(t, "", "sim", "--rules", rules, "--strategy", strategy, "--games", "3000", "--seed", "4",
			"--workers", workers, "--max-memory", memory, "--json", "-")
	}
	one, errOut, code := play("1", "4096", "target:200")
	if code != 0 {
		t.Fatalf("one worker: exit %d: %s", code, errOut)
	}
	capped, errOut, code := play("8", "200", "target:200")
	if code != 0 {
		t.Fatalf("eight workers asked: exit %d: %s", code, errOut)
	}
	note := "yams: sim: the strategy target:200 takes about 6"
	if first, _, _ := strings.Cut(errOut, "\n"); !strings.HasPrefix(first, note) { // the tables follow: --json -
		t.Errorf("stderr: %q", errOut)
	}
	if !strings.Contains(errOut, note) || !strings.Contains(errOut, "rather than 8, within --max-memory 200 MiB") {
		t.Errorf("no note of the workers capped: %q", errOut)
	}
	if withoutProvenance(t, capped) != withoutProvenance(t, one) {
		t.Errorf("the results of the capped run differ from those of one worker")
	}
	// Two goals: each table within the limit, but not a worker's two caches beside them
	// (target:300 solved first, for one line on stderr).
	if _, errOut, code := play("1", "4096", "target:300"); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code := play("2", "100", "target:200,target:300")
	wantUsageError(t, "a worker beyond the limit", out, errOut, code, "the strategies target:200, target:300, with ")
	if !regexp.MustCompile(`a worker, would take about \d+ MiB`).MatchString(errOut) || !strings.Contains(errOut, "more than the limit of 100 MiB (raise it with --max-memory MiB)") {
		t.Errorf("no estimate: %q", errOut)
	}
	if _, errOut, code := play("256", "64", "greedy"); code != 0 || strings.Contains(errOut, "rather than") {
		t.Errorf("greedy on 256 workers within 64 MiB: exit %d, %q", code, errOut)
	}
}

// withoutProvenance returns a summary without its provenance, which names the command
// line and the time of the run: two runs of different flags that must give the same
// results differ there only.
func withoutProvenance(t *testing.T, summary string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(summary), &m); err != nil {
		t.Fatalf("not a summary: %v", err)
	}
	if _, ok := m["provenance"]; !ok {
		t.Fatal("a summary without its provenance")
	}
	delete(m, "provenance")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
