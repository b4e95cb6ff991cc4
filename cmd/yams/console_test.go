package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// consoleEnglish are words a French console must not print: English words that are not
// also French (nor names of strategies or rules). A text printed in English only, which
// the catalogue lacks, is very likely to hold one of them.
var consoleEnglish = []string{
	"the", "of", "and", "with", "from", "than", "more", "per", "each", "which", "where", "when",
	"game", "games", "played", "strategy", "strategies", "rules", "seed", "player", "players", "seat", "seats",
	"mean", "median", "sd", "deviation", "rate", "share", "zero", "upper", "extra", "bonuses", "box", "boxes",
	"turn", "turns", "cost", "costly", "lost", "decisions", "decision", "keep", "keeps", "roll", "dice", "choice", "best",
	"wins", "won", "ties", "tied", "alone", "paired", "unpaired", "degrees", "freedom",
	"exact", "figures", "reached", "computed", "memory", "peak", "quantiles", "distribution", "objective", "equivalent",
	"written", "open", "files", "file", "worker", "workers", "ready", "solving", "caching", "left", "under",
	"free", "top", "down", "top_down", "bottom_up",
}

// TestFrenchConsole runs sim, compare, exact and frontier in French, with every option
// that adds to what they print, and fails on a text the catalogue lacks, on an English
// word, and on a number with a decimal point.
func TestFrenchConsole(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	rules := frontierRules
	// A sheet of two columns small enough to analyse exactly.
	cols := filepath.Join(dir, "cols.json")
	if err := os.WriteFile(cols, []byte(`{"name": "cols", "rolls": 3, "boxes": [
		{"id": "sixes", "label": "Sixes", "label_fr": "Six", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "label": "Chance", "section": "lower", "kind": "chance", "add": "all"},
		{"id": "yahtzee", "label": "Yahtzee", "label_fr": "Yam's", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}],
		"upper_bonus": {"threshold": 18, "points": 10, "when": "complete"}, "extra_yahtzee": {"box": "yahtzee", "points": 100}}`), 0o666); err != nil {
		t.Fatal(err)
	}
	runs := [][]string{
		{"exact", "--rules", cols, "--rule", "columns=free,top_down", "--distribution", "--regret"},
		{"sim", "--rules", cols, "--rule", "columns=free,top_down", "--games", "200", "--strategy", "greedy,optimal", "--regret"},
		{"sim", "--rules", rules, "--games", "300", "--strategy", "greedy,optimal", "--regret", "--out", out("r1")},
		{"compare", "--rules", rules, "--games", "300", "--strategy", "greedy,upper-first", "--out", out("r2")},
		{"compare", "--rules", rules, "--games", "300", "--players", "greedy,random,greedy", "--out", out("r3")},
		{"exact", "--rules", rules, "--strategy", "greedy", "--distribution", "--regret", "--out", out("r4")},
		{"exact", "--rules", rules, "--strategy", "risk:0.01", "--distribution"},
		{"exact", "--rules", rules, "--strategy", "bonus"},
		// A low target: a goal's table, and its solve, grow with T.
		{"exact", "--rules", rules, "--strategy", "target:60", "--distribution"},
		{"frontier", "--rules", rules, "--thetas", "-0.02,0.03", "--out", out("r5")},
	}
	untranslated.Lock()
	clear(untranslated.texts)
	untranslated.Unlock()
	names := []string{"greedy", "upper-first", "random", "optimal", "risk:θ", "risk:0.01", "risk:-0.02", "risk:0.03", "bonus", "target:60", "target:T",
		"frontier-small", "columns=free,top_down", dir, "--json", "P(score >= 200)", "P(score >= 300)", "P(score >= 400)", "P(score >= 500)", "P(score ≥ T)"}
	decimalPoint := regexp.MustCompile(`\d\.\d`)
	for _, args := range runs {
		args = append(args, "--lang", "fr", "--workers", "1")
		stdout, stderr, code := execYams(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, stderr)
		}
		text := strings.ReplaceAll(stdout+stderr, "yams: "+args[0]+":", " ")
		for _, n := range names {
			text = strings.ReplaceAll(text, n, " ")
		}
		var english []string
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }) {
			if w = strings.ToLower(w); slices.Contains(consoleEnglish, w) && !slices.Contains(english, w) {
				english = append(english, w)
			}
		}
		if len(english) > 0 {
			t.Errorf("yams %s prints English words %q:\n%s", args[0], english, stdout+stderr)
		}
		if m := decimalPoint.FindString(text); m != "" {
			t.Errorf("yams %s prints a decimal point, %q:\n%s", args[0], m, stdout)
		}
	}
	untranslated.Lock()
	defer untranslated.Unlock()
	for text := range untranslated.texts {
		t.Errorf("the French catalogue lacks %q", text)
	}
	// The check reads something: the English console has the words it looks for.
	stdout, _, _ := execYams(t, "", "exact", "--rules", rules, "--strategy", "greedy", "--regret", "--workers", "1")
	if !strings.Contains(stdout, "exact figures of greedy") || !strings.Contains(stdout, "where greedy loses its points") {
		t.Errorf("the English console:\n%s", stdout)
	}
}

// Every text of the catalogue has a French that keeps its verbs: the same %s and %d, in
// the same order.
func TestFrenchCatalogue(t *testing.T) {
	verbs := regexp.MustCompile(`%(\[\d+\])?[-+#0]*\d*(\.\d+)?[a-zA-Z%]`)
	for en, fr := range frenchConsole {
		if !slices.Equal(verbs.FindAllString(en, -1), verbs.FindAllString(fr, -1)) {
			t.Errorf("%q: the French %q has verbs %q, the English %q", en, fr, verbs.FindAllString(fr, -1), verbs.FindAllString(en, -1))
		}
		if fr == "" {
			t.Errorf("%q has no French", en)
		}
	}
}
