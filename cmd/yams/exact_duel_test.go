package main

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// exact --strategy best-response:S prints the best response's chances in each seat and
// win's beside them, its games followed exactly against the same opponent: win's below
// the best response's, and its share of the edge what the two chances make.
func TestExactBestResponse(t *testing.T) {
	rules := "../../examples/rules/fours-fives-sixes-full-chance.json" // the quicker of the two sheets
	out, errOut, code := execYams(t, "", "exact", "--rules", rules, "--strategy", "best-response:optimal", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || (f[0] != "first" && f[0] != "second" && f[0] != "seats") {
			continue
		}
		f = f[len(f)-3:]
		var pct [3]float64
		for i, s := range f {
			v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			pct[i] = v
		}
		best, win, share := pct[0], pct[1], pct[2]
		if win > best || math.Abs(100*(win-50)/(best-50)-share) > 0.05+1e-9 || share < 90 {
			t.Errorf("%q: the best response %.7f%%, win %.7f%%, its share %.1f%%", line, best, win, share)
		}
		rows++
	}
	if rows != 3 || !strings.Contains(out, "win, exact") {
		t.Errorf("want the rows of the two seats and of the seats rotating, each with win's chance:\n%s", out)
	}
	out, errOut, code = execYams(t, "", "exact", "--rules", rules, "--strategy", "best-response:optimal", "--max-memory", "1")
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "would take about") || !strings.Contains(errOut, "--max-memory") {
		t.Errorf("--max-memory 1: exit %d, %q %q", code, out, errOut)
	}
	out, errOut, code = execYams(t, "", "exact", "--rules", rules, "--strategy", "best-response:optimal", "--regret")
	wantUsageError(t, "--regret", out, errOut, code, "a player at a table of two")
}

// A table its player refuses (best-response:S seated beside another than S) is bad input,
// said in one line before the games.
func TestCompareRefusesTheTable(t *testing.T) {
	// The optimal table cached first, so that its solve's notice is not said beside.
	if _, errOut, code := execYams(t, "", "exact", "--rules", "../../examples/rules/ones-twos-threes-chance.json"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out, errOut, code := execYams(t, "", "compare", "--rules", "../../examples/rules/ones-twos-threes-chance.json",
		"--players", "best-response:optimal,greedy", "--games", "10")
	wantUsageError(t, "best-response beside greedy", out, errOut, code, "best-response:optimal plays against optimal only; its table seats greedy")
}
