package rulefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/rulefile"
)

// The line of rules names the rule set as the command line does, in English or French,
// reads back from the canonical text, and its mistakes are one line at their column.
func TestRuleSetLine(t *testing.T) {
	for _, c := range []struct {
		src, want string
		options   []string
	}{
		{"rules: yatzy\nif pair then keep group", "yatzy", nil},
		{"# learned\nRules:hasbro --rule joker=free --rule upper_bonus.threshold=60\notherwise score best", "hasbro", []string{"joker=free", "upper_bonus.threshold=60"}},
		{"règles : yams  # the French twin\notherwise keep for points", "yams", nil},
		{"rules: ../rules/six-boxes.json\n", "../rules/six-boxes.json", nil},
	} {
		f, err := rulefile.Parse("x.rules", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if f.RuleSet == nil || f.RuleSet.Name != c.want || strings.Join(f.RuleSet.Options, " ") != strings.Join(c.options, " ") {
			t.Errorf("%q: rule set %+v, want %s %v", c.src, f.RuleSet, c.want, c.options)
			continue
		}
		text := f.String()
		g, err := rulefile.Parse("again.rules", []byte(text))
		if err != nil || g.String() != text || g.RuleSet.String() != f.RuleSet.String() {
			t.Errorf("%q: the canonical text %q does not read back (%v)", c.src, text, err)
		}
		if !strings.Contains(text, "rules: "+f.RuleSet.String()+"\n") {
			t.Errorf("%q: canonical text %q", c.src, text)
		}
	}
	for _, c := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"rules:", 1, 7, "expected the rules the file was written for"},
		{"rules: hasbro joker=free", 1, 15, `expected --rule KEY=VALUE after the rules hasbro, found "joker=free"`},
		{"rules: hasbro --rule", 1, 21, "expected KEY=VALUE after --rule"},
		{"rules: hasbro --rule=joker=free", 1, 15, `expected --rule KEY=VALUE after the rules hasbro, found "--rule=joker=free"`},
		{"rules:  hasbro --rule joker", 1, 23, `expected KEY=VALUE after --rule, found "joker"`},
		{"rules: yatzy\nrules: hasbro", 2, 1, "a second line of rules (the first is at line 1)"},
		{"if pair then keep group\nrules: yatzy", 2, 1, "the line of rules comes first"},
		{"if pair then keep group rules: yatzy", 1, 30, `unexpected character ':'`},
		{"if rules open then keep all", 1, 4, "expected a condition"},
	} {
		_, err := rulefile.Parse("x.rules", []byte(c.src))
		var pe *rulefile.Error
		if !errors.As(err, &pe) || pe.Pos != (rulefile.Pos{Line: c.line, Col: c.col}) || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%q: got %v, want x.rules:%d:%d: ...%s...", c.src, err, c.line, c.col, c.msg)
		}
	}
}

// A file says the rules it was written for: its rules load from its line (a path from
// the file's directory), the rules it says are the same rules again, other rules get a
// warning, and a box the other rules lack gets the rules to play it on.
func TestDeclaredRules(t *testing.T) {
	dir := t.TempDir()
	json := filepath.Join(dir, "mine.json")
	os.WriteFile(json, []byte(`{"extends": "hasbro", "name": "mine", "options": {"upper_bonus.threshold": 60}}`), 0o644)
	path := filepath.Join(dir, "mine.rules")
	os.WriteFile(path, []byte("rules: mine.json\nif pair then keep for full_house"), 0o644)
	f, err := rulefile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	declared, err := f.DeclaredRules()
	if err != nil || declared.UpperThreshold() != 60 {
		t.Fatalf("declared rules %v, %v", declared, err)
	}
	hasbro, _ := engine.Load("hasbro")
	if w := f.PlayedOn(declared); w != "" {
		t.Errorf("played on its own rules: %q", w)
	}
	if w := f.PlayedOn(hasbro); !strings.Contains(w, "was written for rules mine.json (its line 1), not for the rules hasbro") || strings.Contains(w, "\n") {
		t.Errorf("played on hasbro: %q", w)
	}
	yatzy, _ := engine.Load("yatzy")
	learned, err := rulefile.ReadFile("../../examples/strategies/yatzy-10.rules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rulefile.Compile(learned, yatzy); err != nil {
		t.Errorf("yatzy-10.rules on yatzy: %v", err)
	}
	_, err = rulefile.Compile(learned, hasbro)
	if err == nil || !strings.HasSuffix(err.Error(), `no box "one_pair" (their boxes: ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, yahtzee, chance) (the file was written for rules yatzy: play it with --rules yatzy)`) {
		t.Errorf("yatzy-10.rules on hasbro: %v", err)
	}
	// A file that says no rules plays on any, without a word.
	plain, _ := rulefile.Parse("x.rules", []byte("otherwise keep group"))
	if w := plain.PlayedOn(yatzy); w != "" {
		t.Errorf("a file without a line of rules: %q", w)
	}
	missing, _ := rulefile.Parse("x.rules", []byte("rules: nosuch.json\notherwise keep group"))
	if _, err := missing.DeclaredRules(); err == nil || !strings.HasPrefix(err.Error(), "x.rules:1:1: the rules the file was written for, nosuch.json:") {
		t.Errorf("rules that do not load: %v", err)
	}
	if w := missing.PlayedOn(yatzy); !strings.Contains(w, "nosuch.json") || !strings.HasSuffix(w, "played on rules yatzy") {
		t.Errorf("rules that do not load, played on yatzy: %q", w)
	}
	words, err := learned.Explain(yatzy, "fr")
	if err != nil || !strings.HasPrefix(words, "Écrit pour les règles yatzy.\n") {
		t.Errorf("in words: %v\n%s", err, words)
	}
}

// A strategy rules:FILE played on other rules than its file says gives one notice, once
// whatever the number of workers and strategies that play it; on its own rules none.
func TestPlayedOnOtherRules(t *testing.T) {
	var mu sync.Mutex
	var notices []string
	rulefile.SetNotify(func(line string) {
		mu.Lock()
		defer mu.Unlock()
		notices = append(notices, line)
	})
	defer rulefile.SetNotify(nil)
	dir := t.TempDir()
	six, err := os.ReadFile("../../examples/rules/six-boxes.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "six-boxes.json"), six, 0o644)
	path := filepath.Join(dir, "six.rules")
	os.WriteFile(path, []byte("rules: six-boxes.json\nif three of a kind then keep group"), 0o644)
	own, err := engine.Load(filepath.Join(dir, "six-boxes.json"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := engine.Load(filepath.Join(dir, "six-boxes.json"), "upper_bonus.threshold=30")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := strategies.New("rules:"+path, own); err != nil {
			t.Fatal(err)
		}
	}
	if len(notices) != 0 {
		t.Errorf("on its own rules: %q", notices)
	}
	for range 3 {
		if _, err := strategies.New("rules:"+path, other); err != nil {
			t.Fatal(err)
		}
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "was written for rules six-boxes.json (its line 1), not for the rules it is played on, six-boxes changed (rules hash "+other.Hash()+", not "+own.Hash()+")") {
		t.Errorf("on other rules: %q, want one notice", notices)
	}
}
