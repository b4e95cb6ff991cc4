package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/exhaustive"
	"yams/reports"
	"yams/strategies"
	"yams/strategies/columns"
)

// TestMain keeps every test of the package, whichever command it runs, out of the
// user's cache: building the optimal strategy solves and caches tables.
func TestMain(m *testing.M) {
	// The figures' PNGs blank, of the figures' sizes: no test here looks at their pixels
	// (the tests of package reports draw every kind of figure's).
	reports.BlankPNGs, reports.PNGCompression = true, png.BestSpeed
	// The test binary is also yams itself, for the bots of the tests: run as
	// "TESTBIN yams ARGS...", it is yams ARGS; as "TESTBIN yams-fail-after N", a bot that
	// plays greedy for N batches and then exits.
	if len(os.Args) > 1 && os.Args[1] == "yams" {
		code := run(os.Stdin, os.Stdout, os.Stderr, os.Args[2:])
		writePeak() // for the tests of memory: the process's own count of its peak
		os.Exit(code)
	}
	if len(os.Args) > 2 && os.Args[1] == "yams-fail-after" {
		os.Exit(failingBot(os.Args[2]))
	}
	dir, err := os.MkdirTemp("", "yams-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv(cachedir.Env, dir)
	// The default run's sheets of several columns are small: column-tables fits them, and
	// win calibrates it, on fewer games (the exhaustive run as yams does).
	if !exhaustive.On {
		columns.FitRounds, columns.FitGames, columns.CalibrationGames = 3, 4000, 8192
	}
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

// exact prints the figures of a strategy and writes its distribution with --csv: on the
// small sheet of the frontier in the default run, on yams-app in the exhaustive run (the
// default run checks yams-app's figures too, in TestGolden's exact_yams-app, byte for
// byte).
func TestExact(t *testing.T) {
	rules, figures := frontierRules, []string{"(4,724 turn-start states reached)", "mean score", "174.4920963", "P(upper bonus)", "Yahtzee ", "quantiles: p1 "}
	if exhaustive.On {
		rules, figures = "yams-app", []string{"(78,292 turn-start states reached)", "mean score", "198.7293046", "P(upper bonus)", "4 of a kind ", "quantiles: p1 "}
	}
	csv := filepath.Join(t.TempDir(), "d.csv")
	out, errOut, code := execYams(t, "", "exact", "--rules", rules, "--csv", csv)
	if code != 0 {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	for _, want := range figures {
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
	_, errOut, code = execYams(t, "", "exact", "--rules", rules, "--csv", csv, "--max-memory", "1")
	if code != 2 || !strings.Contains(errOut, "with its distribution would take about") || !strings.Contains(errOut, "more than the limit of 1 MiB (raise it with --max-memory MiB)") {
		t.Errorf("budget: exit %d, %q", code, errOut)
	}
	if now, _ := os.ReadFile(csv); !bytes.Equal(now, data) {
		t.Errorf("the failed exact changed %s", csv)
	}
	out, errOut, code = execYams(t, "", "exact", "--rules", "yams-app", "--csv", filepath.Join(csv, "x.csv"))
	wantUsageError(t, "csv under a file", out, errOut, code, "exact: --csv: ")
}

// exact --out writes the figures as JSON (what --json writes), Markdown and CSV, the
// distribution as CSV (what --csv writes) and as a plot whose CSV adds up to the
// distribution, and report.html; in French with --lang fr. The run with every file (its
// --regret values every turn greedy reaches) is on the small sheet of the frontier; the
// figures of greedy on yams-app are checked in the French run's.
func TestExactOut(t *testing.T) {
	dir := t.TempDir()
	out, csvFile, jsFile := filepath.Join(dir, "out"), filepath.Join(dir, "d.csv"), filepath.Join(dir, "f.json")
	stdout, stderr, code := execYams(t, "", "exact", "--rules", frontierRules, "--strategy", "greedy", "--regret", "--out", out, "--csv", csvFile, "--json", jsFile)
	if code != 0 {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	want := []string{"box_mean.csv", "box_mean.png", "box_mean.svg", "box_zeros.csv", "box_zeros.png", "box_zeros.svg",
		"boxes.csv", "distribution.csv", "exact.csv", "exact.json", "exact.md", "regret.csv", "report.html", "scores.csv", "scores.png", "scores.svg"}
	if got := listReport(t, out); !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	if !strings.Contains(stdout, "16 files written to "+out+"; open "+filepath.Join(out, "report.html")) {
		t.Errorf("stdout does not say where the report is:\n%s", stdout)
	}
	for _, pair := range [][2]string{{csvFile, "distribution.csv"}, {jsFile, "exact.json"}} {
		a, _ := os.ReadFile(pair[0])
		b, _ := os.ReadFile(filepath.Join(out, pair[1]))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s is not what %s holds", pair[1], pair[0])
		}
	}
	var js exactJSON
	if err := json.Unmarshal(readFile(t, jsFile), &js); err != nil {
		t.Fatal(err)
	}
	rows := readCSVFile(t, filepath.Join(out, "exact.csv"))
	if mean, _ := strconv.ParseFloat(rows[1][slices.Index(rows[0], "mean")], 64); len(rows) != 2 || mean != js.Mean {
		t.Errorf("exact.csv: %v, want the mean %v", rows, js.Mean)
	}
	if boxes := readCSVFile(t, filepath.Join(out, "boxes.csv")); len(boxes) != 1+len(js.Boxes) {
		t.Errorf("boxes.csv: %d rows for %d boxes", len(boxes), len(js.Boxes))
	}
	// The bins of the plot hold the distribution from its 0.1th to its 99.9th percentile.
	total := 0.0
	for _, r := range readCSVFile(t, filepath.Join(out, "scores.csv"))[1:] {
		from, _ := strconv.Atoi(r[1])
		to, _ := strconv.Atoi(r[2])
		p, _ := strconv.ParseFloat(r[3], 64)
		total += p * float64(to-from+1) / 100
	}
	if total < 0.998 || total > 1+1e-9 {
		t.Errorf("the bins of scores.csv hold %v of the distribution, want 0.998 to 1", total)
	}
	md := string(readFile(t, filepath.Join(out, "exact.md")))
	for _, w := range []string{"# yams exact: exact figures", "### Figures of the game", "| mean score | " + strconv.FormatFloat(js.Mean, 'f', 7, 64) + " |",
		"### Final score: percentiles", "### Points lost per game, by kind of decision"} {
		if !strings.Contains(md, w) {
			t.Errorf("exact.md lacks %q:\n%s", w, md)
		}
	}

	fr := filepath.Join(dir, "fr")
	stdout, stderr, code = execYams(t, "", "exact", "--rules", "yams-app", "--strategy", "greedy", "--out", fr, "--lang", "fr")
	if code != 0 {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	if got := listReport(t, fr); !slices.Equal(got, []string{"box_mean.csv", "box_mean.png", "box_mean.svg", "box_zeros.csv", "box_zeros.png", "box_zeros.svg",
		"boxes.csv", "exact.csv", "exact.json", "exact.md", "report.html"}) {
		t.Errorf("without --distribution: files %v", got)
	}
	md = string(readFile(t, filepath.Join(fr, "exact.md")))
	if !strings.Contains(md, "| score moyen | 176,9962537 |") || !strings.Contains(stdout, "11 fichiers écrits dans "+fr) {
		t.Errorf("in French: exact.md\n%s\nstdout\n%s", md, stdout)
	}
	var frJS exactJSON
	if err := json.Unmarshal(readFile(t, filepath.Join(fr, "exact.json")), &frJS); err != nil {
		t.Fatal(err)
	}
	if mean := strconv.FormatFloat(frJS.Mean, 'f', 7, 64); mean != "176.9962537" {
		t.Errorf("greedy's mean on yams-app in exact.json: %s, want 176.9962537", mean)
	}
	out2, errOut, code := execYams(t, "", "exact", "--rules", "yams-app", "--out", filepath.Join(csvFile, "x"))
	wantUsageError(t, "out under a file", out2, errOut, code, "exact: --out: ")
}

func readCSVFile(t *testing.T, path string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(readFile(t, path))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
