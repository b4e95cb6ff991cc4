package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// win plays at a table only: every command whose games have one player refuses it in one
// line, saying where it plays. (yams bot win plays at a table, which yams's hello tells
// it: it refuses a hello alone, TestBotWinAtTable.)
func TestWinRefusedAlone(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--strategy", "win", "--games", "10"},
		{"compare", "--strategy", "win,optimal", "--games", "10"},
		{"bench", "--strategy", "win", "--games", "10"},
		{"exact", "--strategy", "win"},
	} {
		stdout, stderr, code := execYams(t, "", args...)
		wantUsageError(t, strings.Join(args, " "), stdout, stderr, code, "compare --players win,optimal")
	}
}

// win at a table of a small sheet: it plays, says what it assumes of the others, notes
// that the seat may matter, and its report has the figures of its decisions and of the
// chances along the traced game. Its tables that would not fit in --max-memory are
// refused in one line.
func TestWinAtTable(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "five.json")
	spec := `{"name": "five", "rolls": 3, "boxes": [
		{"id": "ones", "section": "upper", "kind": "face", "face": 1},
		{"id": "fours", "section": "upper", "kind": "face", "face": 4},
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance", "add": "all"},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}],
		"upper_bonus": {"threshold": 25, "points": 20, "when": "complete"}}`
	if err := os.WriteFile(rules, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	stdout, stderr, code := execYams(t, "", "compare", "--players", "win,optimal,target:60", "--rules", rules, "--games", "400", "--out", out, "--trace-game", "17")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`(?m)^1: win `,
		`win expects target:60 to play the rest of a game as optimal does: its decisions depend on the points scored`,
		`the seat may matter`,
	} {
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("no %q in:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"win_decisions.svg", "win_chances.png", "win_decisions.csv", "win_chances.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if _, stderr, code := execYams(t, "", "solve", "--rules", "yams-app"); code != 0 {
		t.Fatal(stderr)
	}
	stdout, stderr, code = execYams(t, "", "compare", "--players", "win,optimal", "--rules", "yams-app", "--games", "10", "--max-memory", "200")
	wantUsageError(t, "win over --max-memory", stdout, stderr, code, "the strategies win, optimal, with ")
	stdout, stderr, code = execYams(t, "", "compare", "--players", "greedy,optimal", "--games", "10", "--trace-game", "3")
	wantUsageError(t, "--trace-game without --out", stdout, stderr, code, "--trace-game")
}
