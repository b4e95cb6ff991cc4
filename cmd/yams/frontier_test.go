package main

import (
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/internal/provenance"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
)

// frontierRules is a small sheet (the upper section, a yahtzee and a chance) whose
// large bonuses spread the scores from 50 to 350: every analysis takes milliseconds.
var frontierRules = filepath.Join("testdata", "frontier_small.json")

// frontierOutput is what frontier --json writes, read back.
type frontierOutput struct {
	Rules       string   `json:"rules"`
	RulesHash   string   `json:"rules_hash"`
	RuleOptions []string `json:"rule_options"`
	Strategies  []struct {
		Strategy  string `json:"strategy"`
		Objective struct {
			Kind         string   `json:"kind"`
			Parameter    *float64 `json:"parameter"`
			Value        float64  `json:"value"`
			OptimalValue float64  `json:"optimal_value"`
		} `json:"objective"`
		Mean       float64            `json:"mean"`
		SD         float64            `json:"sd"`
		AtLeast    map[string]float64 `json:"p_at_least"`
		UpperBonus *float64           `json:"upper_bonus"`
		Yahtzee    *float64           `json:"yahtzee"`
	} `json:"strategies"`
}

// certaintyEquivalent is (1/θ)·ln Σ p(s)·exp(θ·s), computed here apart from the package
// optimal: shifted by the largest exponent, so that nothing overflows.
func certaintyEquivalent(dist []float64, lo int, theta float64) float64 {
	top := math.Inf(-1)
	for i, p := range dist {
		if p > 0 {
			top = max(top, theta*float64(lo+i))
		}
	}
	sum := 0.0
	for i, p := range dist {
		sum += p * math.Exp(theta*float64(lo+i)-top)
	}
	return (top + math.Log(sum)) / theta
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// The table of yams frontier holds, for each strategy, the figures of its own exact
// analysis, and the identities of playing for an objective: no strategy beats optimal on
// the mean, none beats bonus on P(upper bonus), and each risk:θ reaches a certainty
// equivalent at least optimal's at the same θ (computed here from optimal's exact
// distribution).
func TestFrontierFigures(t *testing.T) {
	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "frontier.json")
	stdout, stderr, code := execYams(t, "", "frontier", "--rules", frontierRules, "--json", jsonPath, "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var got frontierOutput
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	rules, err := engine.Load(frontierRules)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rules != "frontier-small" || got.RulesHash != rules.Hash() {
		t.Errorf("rules %s %s, want frontier-small %s", got.Rules, got.RulesHash, rules.Hash())
	}
	var names []string
	for _, s := range got.Strategies {
		names = append(names, s.Strategy)
	}
	want := []string{"risk:-0.05", "risk:-0.03", "risk:-0.02", "risk:-0.01", "risk:-0.005", "optimal",
		"risk:0.005", "risk:0.01", "risk:0.02", "risk:0.03", "risk:0.05", "bonus"}
	if !slices.Equal(names, want) {
		t.Fatalf("strategies %v, want %v", names, want)
	}
	best, err := optimal.Analyze("optimal", rules, analysis.Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	// Each point against optimal's distribution, then against its own analysis: that of
	// optimal, of bonus and of the two θ at the ends in the default run (the other risk:θ
	// differ from these only by their θ), every point's in the exhaustive run.
	ownAnalysis := map[string]bool{"risk:-0.05": true, "optimal": true, "risk:0.05": true, "bonus": true}
	for _, s := range got.Strategies {
		t.Run(s.Strategy, func(t *testing.T) {
			o := s.Objective
			var theta float64
			switch o.Kind {
			case "risk":
				var err error
				theta, err = strconv.ParseFloat(strings.TrimPrefix(s.Strategy, "risk:"), 64)
				if err != nil || o.Parameter == nil || *o.Parameter != theta {
					t.Fatalf("parameter %v of %s", o.Parameter, s.Strategy)
				}
				ce := certaintyEquivalent(best.Distribution, best.DistMin, theta)
				if !near(o.OptimalValue, ce) {
					t.Errorf("optimal's certainty equivalent at θ = %v: %v, its distribution gives %v", theta, o.OptimalValue, ce)
				}
				if o.Value < ce-1e-9 {
					t.Errorf("certainty equivalent %v below optimal's %v at the same θ", o.Value, ce)
				}
			case "bonus":
				if o.Parameter != nil || !near(o.OptimalValue, best.PUpperBonus) || o.Value < best.PUpperBonus {
					t.Errorf("P(upper bonus) %v, optimal's %v (given as %v)", o.Value, best.PUpperBonus, o.OptimalValue)
				}
			case "mean":
				if !near(o.Value, best.Mean) || !near(o.OptimalValue, best.Mean) {
					t.Errorf("optimal's objective %v and %v, its mean %v", o.Value, o.OptimalValue, best.Mean)
				}
			default:
				t.Errorf("objective kind %q", o.Kind)
			}
			if !ownAnalysis[s.Strategy] && !exhaustive.On {
				return
			}
			fig, err := optimal.Analyze(s.Strategy, rules, analysis.Options{Distribution: true})
			if err != nil {
				t.Fatal(err)
			}
			if !near(s.Mean, fig.Mean) || !near(s.SD, fig.SD) || s.UpperBonus == nil || !near(*s.UpperBonus, fig.PUpperBonus) ||
				s.Yahtzee == nil || !near(*s.Yahtzee, fig.PYahtzee) {
				t.Errorf("mean %v sd %v bonus %v yahtzee %v, the analysis gives %v %v %v %v",
					s.Mean, s.SD, s.UpperBonus, s.Yahtzee, fig.Mean, fig.SD, fig.PUpperBonus, fig.PYahtzee)
			}
			for _, th := range []int{200, 250, 300, 350} {
				p := 0.0
				for i, q := range fig.Distribution {
					if fig.DistMin+i >= th {
						p += q
					}
				}
				if v, ok := s.AtLeast[strconv.Itoa(th)]; !ok || !near(v, p) {
					t.Errorf("P(score ≥ %d) = %v, the distribution gives %v", th, v, p)
				}
			}
			if !near(o.Value, fig.Objective.Value) || o.Kind != fig.Objective.KindName() {
				t.Errorf("objective %s %v, the analysis gives %s %v", o.Kind, o.Value, fig.Objective.KindName(), fig.Objective.Value)
			}
			if o.Kind == "risk" {
				if fig.Objective.Theta != theta {
					t.Errorf("θ %v, the analysis's %v", theta, fig.Objective.Theta)
				}
				if own := certaintyEquivalent(fig.Distribution, fig.DistMin, theta); !near(o.Value, own) {
					t.Errorf("certainty equivalent %v, its distribution gives %v", o.Value, own)
				}
			}
		})
	}
	for _, s := range got.Strategies {
		if s.Strategy != "optimal" && s.Mean > best.Mean+1e-9 {
			t.Errorf("%s: mean %v above optimal's %v", s.Strategy, s.Mean, best.Mean)
		}
		if s.Strategy != "bonus" && *s.UpperBonus > *got.Strategies[len(got.Strategies)-1].UpperBonus+1e-9 {
			t.Errorf("%s: P(upper bonus) %v above bonus's", s.Strategy, *s.UpperBonus)
		}
	}
	// The text: a row per strategy, optimal marked, the figures of the JSON rounded.
	for _, w := range []string{"exact figures of 12 strategies on frontier-small", "P(≥ 300)", "upper bonus", "Yahtzee scored",
		"optimal ★ ", strconv.FormatFloat(best.Mean, 'f', 2, 64), "computed in "} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the table lacks %q:\n%s", w, stdout)
		}
	}
}

// --out writes the table and the figures, in English or in French; --json - writes the
// JSON on standard output and the table on standard error.
func TestFrontierOut(t *testing.T) {
	files := []string{"frontier.md", "frontier.csv", "frontier_sd.svg", "frontier_sd.png", "frontier_sd.csv", "frontier_p300.svg", "frontier_p300.png",
		"frontier_p300.csv", "frontier_scores.svg", "frontier_scores.png", "frontier_scores.csv", "report.html"}
	cases := []struct {
		lang       string
		written    string   // what the command prints before the directory
		want, deny []string // in frontier.md
	}{
		{"en", "12 files written to ", []string{"| strategy | objective | under optimal | mean | sd | P(≥ 200) |", "| optimal ★ | 174.49 | 174.49 | 174.49 |"}, []string{"moyenne"}},
		{"fr", "12 fichiers écrits dans ", []string{"| stratégie | objectif | en jeu optimal | moyenne | écart type | P(≥ 200) |", "| optimal ★ | 174,49 | 174,49 | 174,49 |", "prime de la partie haute", "Yam's marqué"},
			[]string{"| mean |", "upper bonus", "174.49"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			stdout, stderr, code := execYams(t, "", "frontier", "--rules", frontierRules, "--thetas", "-0.02,0.03", "--out", dir, "--lang", c.lang)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stdout, c.written+dir) {
				t.Errorf("stdout does not say where the files are:\n%s", stdout)
			}
			for _, name := range files {
				fi, err := os.Stat(filepath.Join(dir, name))
				if err != nil || fi.Size() == 0 {
					t.Errorf("%s: %v, %v", name, err, fi)
				}
			}
			f, err := os.Open(filepath.Join(dir, "frontier_sd.png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := png.Decode(f); err != nil {
				t.Errorf("frontier_sd.png: %v", err)
			}
			md, err := os.ReadFile(filepath.Join(dir, "frontier.md"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(md), "`yams frontier --rules "+frontierRules+" --thetas -0.02,0.03 --out "+dir+" --lang "+c.lang+"`") {
				t.Errorf("frontier.md does not name its command")
			}
			for _, w := range c.want {
				if !strings.Contains(string(md), w) {
					t.Errorf("frontier.md lacks %q:\n%s", w, md)
				}
			}
			for _, w := range c.deny {
				if strings.Contains(string(md), w) {
					t.Errorf("frontier.md holds %q:\n%s", w, md)
				}
			}
		})
	}
	t.Run("json to standard output", func(t *testing.T) {
		stdout, stderr, code := execYams(t, "", "frontier", "--rules", frontierRules, "--thetas", "0.01", "--json", "-")
		var got frontierOutput
		if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
			t.Fatalf("exit %d, %v: %s", code, err, stdout)
		}
		if len(got.Strategies) != 3 || !strings.Contains(stderr, "optimal ★") {
			t.Errorf("%d strategies; stderr:\n%s", len(got.Strategies), stderr)
		}
		var prov struct{ Provenance *provenance.Record }
		want := "yams frontier --rules " + frontierRules + " --thetas 0.01 --json -"
		if err := json.Unmarshal([]byte(stdout), &prov); err != nil || prov.Provenance == nil || prov.Provenance.Command != want || prov.Provenance.Yams != provenance.Current() {
			t.Errorf("provenance %+v, want the command %s", prov.Provenance, want)
		}
	})
}

// A θ the user gives that the rules refuse (exp(θ·score) would leave float64) is bad
// input, found before anything is solved.
func TestFrontierRefusedTheta(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("YAMS_CACHE_DIR", dir)
	stdout, stderr, code := execYams(t, "", "frontier", "--rules", frontierRules, "--rule", "box.yahtzee.points=1000", "--thetas", "0.05,0.9", "--json", "-")
	wantUsageError(t, "θ = 0.9", stdout, stderr, code, "--thetas: objective not available: risk:0.9 on rules frontier-small: exp(θ·score) leaves the range of float64")
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("%d files in the cache: a table was solved before the θ was refused", len(files))
	}
}

// Every mistake of the user's is one line and exit status 2, before any analysis.
func TestFrontierBadInput(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", []string{"--frob"}, "unknown flag --frob (see yams"},
		{"argument", []string{"hasbro"}, `unexpected argument "hasbro"`},
		{"θ not a number", []string{"--thetas", "0.01,abc"}, `--thetas: θ "abc" is not a number`},
		{"θ beyond 1", []string{"--thetas", "2"}, "--thetas: θ = 2 is beyond ±1"},
		{"θ = 0", []string{"--thetas", "-0.01,0"}, "--thetas: θ = 0 is optimal, which the frontier always has"},
		{"θ twice", []string{"--thetas", "0.01,0.010"}, "--thetas: θ = 0.010 given twice"},
		{"empty θ", []string{"--thetas", "0.01,,0.02"}, "--thetas: an empty θ"},
		{"empty list", []string{"--thetas", ""}, "--thetas: an empty θ"},
		{"several columns", []string{"--rules", "hasbro", "--rule", "columns=free,free"}, "rules hasbro have 2 columns"},
		{"unknown rules", []string{"--rules", "nope"}, "nope"},
		{"language", []string{"--out", t.TempDir(), "--lang", "de"}, `--lang: language "de": want en or fr`},
		{"--out under a file", []string{"--out", filepath.Join(file, "out")}, "--out: "},
		{"--json under a file", []string{"--json", filepath.Join(file, "f.json")}, "--json: "},
		{"memory", []string{"--max-memory", "0"}, "--max-memory 0: want a positive number of MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"frontier", "--rules", frontierRules}, c.args...)
			stdout, stderr, code := execYams(t, "", args...)
			wantUsageError(t, c.name, stdout, stderr, code, c.want)
		})
	}
}

// pAtLeast is P(score ≥ t) of a distribution of the final score from lo, computed here
// apart from the command and the package optimal.
func pAtLeast(dist []float64, lo, t int) float64 {
	p := 0.0
	for i, q := range dist {
		if lo+i >= t {
			p += q
		}
	}
	return p
}

// --targets adds a point per target:T, after bonus and in the order of T whatever the
// order given: its objective is the P(score ≥ T) of target:T's own exact analysis, at
// least optimal's P(score ≥ T) (computed here from optimal's exact distribution), which
// the point gives as the objective under optimal play; its parameter is T. --out draws
// the targets in every figure and writes them in the table.
func TestFrontierTargets(t *testing.T) {
	dir := t.TempDir()
	jsonPath, out := filepath.Join(dir, "frontier.json"), filepath.Join(dir, "out")
	stdout, stderr, code := execYams(t, "", "frontier", "--rules", frontierRules, "--thetas", "0.01", "--targets", "300,200",
		"--json", jsonPath, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var got frontierOutput
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range got.Strategies {
		names = append(names, s.Strategy)
	}
	if want := []string{"optimal", "risk:0.01", "bonus", "target:200", "target:300"}; !slices.Equal(names, want) {
		t.Fatalf("strategies %v, want %v", names, want)
	}
	rules, err := engine.Load(frontierRules)
	if err != nil {
		t.Fatal(err)
	}
	best, err := optimal.Analyze("optimal", rules, analysis.Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	// Each target's figures are those of its own analysis: target:200's in the default
	// run (another analysis of a goal's for target:300 shows nothing more), both in the
	// exhaustive run.
	checked := got.Strategies[3:4]
	if exhaustive.On {
		checked = got.Strategies[3:]
	}
	for _, s := range checked {
		t.Run(s.Strategy, func(t *testing.T) {
			target, _ := strconv.Atoi(strings.TrimPrefix(s.Strategy, "target:"))
			fig, err := optimal.Analyze(s.Strategy, rules, analysis.Options{Distribution: true})
			if err != nil {
				t.Fatal(err)
			}
			o := s.Objective
			if o.Kind != "target" || o.Parameter == nil || *o.Parameter != float64(target) {
				t.Errorf("objective %s, parameter %v, want target %d", o.Kind, o.Parameter, target)
			}
			if !near(o.Value, fig.Objective.Value) {
				t.Errorf("P(score ≥ %d) %v, the analysis of %s gives %v", target, o.Value, s.Strategy, fig.Objective.Value)
			}
			if own := pAtLeast(fig.Distribution, fig.DistMin, target); !near(o.Value, own) || !near(s.AtLeast[strconv.Itoa(target)], own) {
				t.Errorf("P(score ≥ %d) %v (column %v), its distribution gives %v", target, o.Value, s.AtLeast[strconv.Itoa(target)], own)
			}
			underOptimal := pAtLeast(best.Distribution, best.DistMin, target)
			if !near(o.OptimalValue, underOptimal) {
				t.Errorf("under optimal %v, optimal's distribution gives P(score ≥ %d) = %v", o.OptimalValue, target, underOptimal)
			}
			if o.Value < o.OptimalValue-1e-12 {
				t.Errorf("P(score ≥ %d) %v below optimal's %v", target, o.Value, o.OptimalValue)
			}
			if !near(s.Mean, fig.Mean) || !near(s.SD, fig.SD) || s.Mean > best.Mean+1e-9 {
				t.Errorf("mean %v sd %v, the analysis gives %v %v, optimal's mean %v", s.Mean, s.SD, fig.Mean, fig.SD, best.Mean)
			}
		})
	}
	// On this sheet, target:200 gives up mean for P(score ≥ 200): a frontier that shows
	// the trade-off, not two copies of optimal.
	if t200 := got.Strategies[3]; t200.Objective.Value < t200.Objective.OptimalValue+0.01 {
		t.Errorf("target:200 reaches 200 with probability %v, optimal %v: no trade-off to show", t200.Objective.Value, t200.Objective.OptimalValue)
	}
	for _, w := range []string{"exact figures of 5 strategies", "target:200 ", "target:300 ", "P(score ≥ T) for target:T"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the table lacks %q:\n%s", w, stdout)
		}
	}

	t.Run("out", func(t *testing.T) {
		for _, name := range []string{"frontier.md", "frontier.csv", "frontier_sd.svg", "frontier_sd.png", "frontier_p300.svg", "frontier_p300.png",
			"frontier_scores.svg", "frontier_scores.png", "report.html"} {
			if fi, err := os.Stat(filepath.Join(out, name)); err != nil || fi.Size() == 0 {
				t.Errorf("%s: %v, %v", name, err, fi)
			}
		}
		for name, want := range map[string][]string{
			"frontier.md":         {"| target:200 |", "| target:300 |", "for `target:T` the probability of a final score of T or more"},
			"frontier_sd.svg":     {">target:200<", ">target:300<", ">target:T<"},
			"frontier_p300.svg":   {">target:200<", ">target:300<", ">target:T<"},
			"frontier_scores.svg": {">target:200<", ">target:300<"},
			"report.html":         {"Each <code>target:T</code>, which maximises the probability of a final score of T or more", "each <code>target:T</code>"},
		} {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range want {
				if !strings.Contains(string(data), w) {
					t.Errorf("%s lacks %q", name, w)
				}
			}
		}
	})
}

// A mistake in --targets, or a target the rules refuse, is one line and exit status 2,
// before anything is solved.
func TestFrontierBadTargets(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"not a number", []string{"--targets", "300,abc"}, `--targets: target "abc" is not a whole number of points`},
		{"not whole", []string{"--targets", "250.5"}, `--targets: target "250.5" is not a whole number of points`},
		{"zero", []string{"--targets", "0,300"}, "--targets: objective not available: target:0 on rules frontier-small: every game scores at least 5"},
		{"negative", []string{"--targets", "-5"}, "--targets: objective not available: target:-5 on rules frontier-small: every game scores at least 5"},
		{"twice", []string{"--targets", "300,200,0300"}, "--targets: target 0300 given twice"},
		{"empty T", []string{"--targets", "200,,300"}, "--targets: an empty T"},
		// Beyond every score of the rules and what the solver holds: the reason is
		// optimal's to give, the line names the flag and the target.
		{"out of reach", []string{"--targets", "200,100000"}, "--targets: objective not available: target:100000 on rules frontier-small: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cache := t.TempDir()
			t.Setenv("YAMS_CACHE_DIR", cache)
			args := append([]string{"frontier", "--rules", frontierRules, "--thetas", "0.01", "--json", "-"}, c.args...)
			stdout, stderr, code := execYams(t, "", args...)
			wantUsageError(t, c.name, stdout, stderr, code, c.want)
			if files, _ := os.ReadDir(cache); len(files) != 0 {
				t.Errorf("%d files in the cache: a table was solved before the target was refused", len(files))
			}
		})
	}
}

// On a standard error that is not a terminal (a log), a frontier that takes its time says
// which analysis it starts, a line each, rather than stay silent for minutes; a quick one
// says nothing.
func TestFrontierLog(t *testing.T) {
	args := []string{"frontier", "--rules", frontierRules, "--thetas", "0.01", "--json", filepath.Join(t.TempDir(), "f.json")}
	if _, errOut, code := execYams(t, "", args...); code != 0 || errOut != "" && !strings.Contains(errOut, "solving") {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	defer func(d time.Duration) { quietFrontier = d }(quietFrontier)
	quietFrontier = 0
	_, errOut, code := execYams(t, "", args...)
	want := "yams: frontier: analysing optimal exactly (1 of 3), 0s so far\nyams: frontier: analysing risk:0.01 exactly (2 of 3), "
	if code != 0 || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 3 {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
