package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// The tables of yams sim depend on the seed alone (testdata/sim.stdout holds them, with
// one worker); the timings come last, on lines of their own.
func TestSimTable(t *testing.T) {
	args := []string{"sim", "--games", "2_000", "--seed", "3", "--strategy", "random,greedy,upper-first"}
	out, errOut, code := execYams(t, "", append(args, "--workers", "3")...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		`(?m)^6,000 games \(3 strategies × 2,000\) in \d+(\.\d+)? (s|ms|µs) on 3 workers: [\d,]+ games/s; strategies ready in \d+(\.\d+)? (s|ms|µs)$`,
		`(?m)^per strategy, over the time spent playing it: random [\d,]+ games/s, greedy [\d,]+ games/s, upper-first [\d,]+ games/s$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	// The same seed gives the same tables, whatever the workers.
	one, _, _ := execYams(t, "", append(args, "--workers", "1")...)
	if a, b := scrubTimings(out), strings.Replace(scrubTimings(one), "on 1 worker:", "on 3 workers:", 1); a != b {
		t.Errorf("same seed, another table:\n%s\n%s", a, b)
	}
}

func TestSimDefaultStrategies(t *testing.T) {
	var names []string
	hasbro, _ := engine.Load("hasbro")
	for _, info := range defaultStrategies(hasbro) {
		names = append(names, info.Name)
	}
	want := []string{"greedy", "random", "upper-first"}
	_, optimal := strategies.Lookup("optimal")
	if optimal {
		want = append(want, "optimal")
	}
	if !slices.Equal(names, want) {
		t.Errorf("default strategies %v, want %v", names, want)
	}

	// On a sheet of several columns, column-tables plays too; on two free columns, which
	// no exact solve fits, optimal is left out with a note (the run itself is in the
	// exhaustive tests: column-tables fits itself to the rules first).
	twoFree, _ := engine.Load("yams-app", "columns=free,free")
	names = names[:0]
	for _, info := range defaultStrategies(twoFree) {
		names = append(names, info.Name)
	}
	if want := append(want[:3:3], "column-tables", "optimal"); optimal && !slices.Equal(names, want) {
		t.Errorf("default strategies on two columns %v, want %v", names, want)
	}
	// Named, optimal is an error there.
	if optimal {
		out, errOut, code := execYams(t, "", "sim", "--games", "60", "--strategy", "optimal,greedy", "--rule", "columns=free,free")
		wantUsageError(t, "optimal on two free columns", out, errOut, code, "sim: strategy optimal: ")
	}
}

func TestSimJSON(t *testing.T) {
	out, errOut, code := execYams(t, "", "sim", "--games", "1e3", "--strategy", "greedy,random", "--json", "-", "--rule", "columns=top_down,free")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(errOut, "strategy") || !strings.Contains(errOut, "top_down · Aces") {
		t.Errorf("with --json -, the table goes to stderr: %q", errOut)
	}
	var doc struct {
		Rules       string   `json:"rules"`
		RuleOptions []string `json:"rule_options"`
		Seed        uint64   `json:"seed"`
		Games       int64    `json:"games"`
		Strategies  []struct {
			Name  string                     `json:"name"`
			Games int64                      `json:"games"`
			CI95  []float64                  `json:"ci95"`
			Boxes map[string]json.RawMessage `json:"boxes"`
		} `json:"strategies"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("stdout is not the JSON summary: %v\n%s", err, out)
	}
	if doc.Rules != "hasbro" || doc.Seed != 1 || doc.Games != 1000 || len(doc.Strategies) != 2 ||
		doc.Strategies[0].Name != "greedy" || doc.Strategies[1].Games != 1000 || len(doc.Strategies[0].CI95) != 2 ||
		len(doc.RuleOptions) != 1 || len(doc.Strategies[0].Boxes) != 26 {
		t.Errorf("summary %+v", doc)
	}
	if _, ok := doc.Strategies[0].Boxes["free.chance"]; !ok {
		t.Errorf("boxes of a sheet of several columns are column.box: %v", doc.Strategies[0].Boxes)
	}

	// To a file: the same summary, which reads back.
	file := filepath.Join(t.TempDir(), "summary.json")
	out2, _, code := execYams(t, "", "sim", "--games", "1000", "--strategy", "greedy,random", "--json", file, "--workers", "3", "--rule", "columns=top_down,free")
	if code != 0 || !strings.Contains(out2, "greedy") {
		t.Fatalf("exit %d, %q", code, out2)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !sameContent(t, data, []byte(out)) {
		t.Errorf("the file and --json - differ (3 workers and 2 must give the same summary)")
	}
	if _, err := summaryfile.Read(bytes.NewReader(data)); err != nil {
		t.Errorf("the summary does not read back: %v", err)
	}
}

func TestSimCPUProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "cpu.pprof")
	_, errOut, code := execYams(t, "", "sim", "--games", "500", "--strategy", "greedy", "--cpuprofile", prof)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("no profile written: %v", err)
	}
}

func TestSimBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games 0: want at least one game"},
		{[]string{"--games", "-5"}, "--games -5: want at least one game"},
		{[]string{"--games", "lots"}, "want a whole number of games"},
		{[]string{"--games", "1.5"}, "want a whole number of games"},
		{[]string{"--games", "2.5e0"}, "want a whole number of games"},
		{[]string{"--games", "1__000"}, "want a whole number of games"},
		{[]string{"--games", "1e30"}, "want a whole number of games"},
		{[]string{"--games", "99999999999999999999"}, "at most"},
		{[]string{"--strategy", "nope"}, `unknown strategy "nope"`},
		{[]string{"--strategy", "greedy,greedy"}, "given twice"},
		{[]string{"--strategy", ""}, "no strategy given"},
		{[]string{"--rules", "nope"}, `unknown rules "nope"`},
		{[]string{"--rule", "frob=1"}, `unknown option "frob"`},
		{[]string{"--rule", "columns=sideways"}, "unknown column"},
		{[]string{"--workers", "0"}, "--workers 0: want 1 to 256"},
		{[]string{"--workers", "257"}, "--workers 257: want 1 to 256"},
		{[]string{"--workers", "many"}, "--workers many: want a whole number of goroutines"},
		{[]string{"--seed", "-1"}, "--seed -1: must be a non-negative integer"},
		{[]string{"--frob"}, "unknown flag --frob (see yams"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--json", filepath.Join(dir, "no", "such", "dir.json")}, "--json"},
		{[]string{"--cpuprofile", filepath.Join(dir, "no", "such.pprof")}, "--cpuprofile"},
		{[]string{"--cpuprofile", "-"}, "--cpuprofile -: give a file"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{"sim", "--games", "10"}, c.args...)
			out, errOut, code := execYams(t, "", args...)
			wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
		})
	}
}

func TestParseCount(t *testing.T) {
	for s, want := range map[string]int64{"1": 1, "1000000": 1_000_000, "1_000_000": 1_000_000, "1e6": 1_000_000,
		"2.5e5": 250_000, "1E3": 1000, "1_000e3": 1_000_000} {
		t.Run(s, func(t *testing.T) {
			if got, err := parseCount(s); err != nil || got != want {
				t.Errorf("parseCount(%q) = %d, %v; want %d", s, got, err, want)
			}
		})
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		t.Run(want, func(t *testing.T) {
			if got := thousands(n); got != want {
				t.Errorf("thousands(%d) = %q, want %q", n, got, want)
			}
		})
	}
}

// The table of yams sim has the columns of a bonus, a five-of-a-kind box and a joker
// only when the rules have them, and names the boxes by their labels.
func TestSimColumnsOfTheRules(t *testing.T) {
	for _, c := range []struct {
		rules []string
		head  string
		box   string
	}{
		{[]string{"--rules", "hasbro"}, "strategy  mean ± 95% CI     sd  median  upper bonus ± 95% CI  Yahtzee  joker", "3 of a kind"},
		{[]string{"--rules", "yams-wiki"}, "strategy  mean ± 95% CI     sd  median  upper bonus ± 95% CI   Yam's", "Minimum"},
		{[]string{"--rules", "yams-wiki", "--rule", "upper_bonus.points=0"}, "strategy  mean ± 95% CI     sd  median   Yam's", "Maximum"},
	} {
		t.Run(strings.Join(c.rules, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", append([]string{"sim", "--games", "200", "--strategy", "greedy"}, c.rules...)...)
			if code != 0 {
				t.Fatalf("exit %d, %s", code, errOut)
			}
			lines := strings.Split(out, "\n")
			if lines[2] != c.head || !regexp.MustCompile(`(?m)^`+c.box+` +\d`).MatchString(out) {
				t.Errorf("head %q, want %q; box %q:\n%s", lines[2], c.head, c.box, out)
			}
		})
	}
}
