package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"yams/internal/cachedir"
	"yams/internal/exhaustive"
)

// threeOfEach is a hand-written rule file of the examples.
const threeOfEach = "../../examples/strategies/three-of-each.rules"

// A rule file plays through every command that plays: sim (with --regret), yams bot (to
// the same counts), exact (with --regret, which adds up to the optimal mean less its
// own), compare; and a mistake in it is one line with its line and column.
func TestRuleFileStrategy(t *testing.T) {
	name := "rules:" + threeOfEach
	out, errOut, code := execYams(t, "", "sim", "--rules", "yams-app", "--bot", selfBot("b", name), "--strategy", name+",b", "--games", "500", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s := readSummaryJSON(t, []byte(out))
	if len(s.Strategies) != 2 || !sameStrategy(s.Strategies[0], s.Strategies[1]) {
		t.Errorf("the rule file served and the rule file differ")
	}
	if !strings.Contains(errOut, "rules:"+threeOfEach+" ") {
		t.Errorf("the table does not name the strategy: %s", errOut)
	}
	// The exact figures and the regret identity, on the sheet played in order in the default
	// run (seconds fewer: 817 turn-start states, not 142,385).
	exact, least := []string{"--rules", "yams-app", "--rule", "order=top_down"}, 60.0
	if exhaustive.On {
		exact, least = []string{"--rules", "yams-app"}, 150
	}
	out, errOut, code = execYams(t, "", append([]string{"exact", "--strategy", name, "--regret", "--json", "-"}, exact...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ex struct {
		Strategy    string  `json:"strategy"`
		Mean        float64 `json:"mean"`
		OptimalMean float64 `json:"optimal_mean"`
		Regret      struct {
			Total float64 `json:"total"`
		} `json:"regret"`
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatal(err)
	}
	if ex.Strategy != name || math.Abs(ex.OptimalMean-ex.Mean-ex.Regret.Total) > 1e-9 || ex.Mean < least {
		t.Errorf("exact: %+v", ex)
	}
	out, errOut, code = execYams(t, "", "compare", "--rules", "yams-app", "--strategy", "greedy,"+name, "--games", "500", "--regret")
	if code != 0 || !strings.Contains(out+errOut, "greedy − rules:") {
		t.Errorf("compare: exit %d\n%s%s", code, out, errOut)
	}

	bad := filepath.Join(t.TempDir(), "bad.rules")
	if err := os.WriteFile(bad, []byte("if pair then keep group\nif sixes >= 3 then score one_pair\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"exact", "--strategy", "rules:" + bad},
		{"sim", "--strategy", "rules:" + bad, "--games", "10"},
		{"bot", "rules:" + bad, "--rules", "hasbro"},
		{"explain", bad},
	} {
		out, errOut, code := execYams(t, "", args...)
		wantUsageError(t, strings.Join(args, " "), out, errOut, code, bad+`:2:26: rules hasbro have no box "one_pair"`)
	}
	out, errOut, code = execYams(t, "", "sim", "--strategy", "rules:"+bad+".missing", "--games", "10")
	wantUsageError(t, "missing", out, errOut, code, "rule file "+bad+".missing: ")
	out, errOut, code = execYams(t, "", "sim", "--strategy", "rules", "--games", "10")
	wantUsageError(t, "no file", out, errOut, code, "strategy rules takes a parameter: rules:FILE")
}

// yams explain prints a file in words, in English or French, or in its canonical
// spelling, from a file or standard input.
func TestExplain(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := execYams(t, "", "explain", threeOfEach, "--rules", "yatzy", "--lang", "fr")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Dés gardés :\n", "  6. Si cinq dés identiques et la case Yatzy est libre, marquer dans la case Yatzy.\n", "    Sinon, marquer là où ça rapporte le plus.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	src := "if pair  and sum>=20 then   keep group # a pair\notherwise score best"
	out, _, code = execYams(t, src, "explain", "-", "--canonical")
	if want := "if pair and sum >= 20 then keep group  # a pair\notherwise score best\n"; code != 0 || out != want {
		t.Errorf("canonical: exit %d, %q, want %q", code, out, want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"explain"}, "no rule file given"},
		{[]string{"explain", "a", "b"}, "want one rule file"},
		{[]string{"explain", threeOfEach, "--lang", "de"}, "--lang"},
		{[]string{"explain", threeOfEach, "--rules", "hasbro", "--rule", "columns=free,free"}, "a rule file plays a sheet of one column"},
		{[]string{"explain", dir}, "rule file " + dir + ": a directory"},
	} {
		out, errOut, code := execYams(t, "", c.args...)
		wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
	}
}

// yams distill on a short game: the files it writes are the files it reports, their exact
// figures those of yams exact, and its mistakes are the user's.
func TestDistill(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	dir := t.TempDir()
	rules := filepath.Join("..", "..", "examples", "rules", "six-boxes.json")
	out, errOut, code := execYams(t, "", "distill", "--rules", rules, "--size", "1,2", "--states", "20", "--out", dir, "--json", filepath.Join(dir, "d.json"), "--lang", "fr")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "rules-2.rules: exact mean ") || !strings.Contains(out, "Dés gardés :") || !strings.Contains(errOut, "learning up to 2 rules on six-boxes") {
		t.Errorf("output:\n%s\n%s", out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "d.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Optimal float64 `json:"optimal_mean"`
		Files   []struct {
			Rules  int     `json:"rules"`
			Text   string  `json:"text"`
			Mean   float64 `json:"mean"`
			Regret struct {
				Total float64 `json:"total"`
			} `json:"regret"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Files) != 2 {
		t.Fatalf("%d files in the JSON", len(d.Files))
	}
	for _, f := range d.Files {
		path := filepath.Join(dir, "rules-"+string(rune('0'+f.Rules))+".rules")
		written, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(string(written), "\n"+f.Text) || !strings.HasPrefix(string(written), "# Learned by yams distill on rules six-boxes") {
			t.Errorf("%s:\n%s\nthe JSON's text:\n%s", path, written, f.Text)
		}
		out, errOut, code := execYams(t, "", "exact", "--rules", rules, "--strategy", "rules:"+path, "--regret", "--json", "-")
		if code != 0 {
			t.Fatalf("exact %s: exit %d: %s", path, code, errOut)
		}
		var ex struct {
			Mean   float64 `json:"mean"`
			Regret struct {
				Total float64 `json:"total"`
			} `json:"regret"`
		}
		if err := json.Unmarshal([]byte(out), &ex); err != nil {
			t.Fatal(err)
		}
		if math.Abs(ex.Mean-f.Mean) > 1e-9 || math.Abs(ex.Regret.Total-f.Regret.Total) > 1e-9 || math.Abs(d.Optimal-f.Mean-f.Regret.Total) > 1e-9 {
			t.Errorf("%s: yams exact %.10f (regret %.10f), distill %.10f (regret %.10f)", path, ex.Mean, ex.Regret.Total, f.Mean, f.Regret.Total)
		}
	}
	for _, name := range []string{"distill.md", "distill.csv", "distill_curve.svg", "distill_curve.png", "distill_regret.svg", "distill_regret_by_box.png", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "0"}, `--size: "0" is not a number of rules from 1 to 200`},
		{[]string{"--size", "3,x"}, `"x" is not a number of rules`},
		{[]string{"--size", "3,3"}, "3 given twice"},
		{[]string{"--states", "0"}, "--states 0: want 1 to"},
		{[]string{"--lang", "de"}, "--lang"},
		{[]string{"--rules", "hasbro", "--rule", "columns=free,free"}, "a rule file plays a sheet of one column"},
		{[]string{"extra"}, "extra"},
	} {
		out, errOut, code := execYams(t, "", append([]string{"distill"}, c.args...)...)
		wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
	}
}
