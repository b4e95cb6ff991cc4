package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// reportFiles are the files of the report of a run of greedy and upper-first.
var reportFiles = []string{"summary.json", "summary.md", "summary.csv", "histogram.csv", "boxes.csv",
	"scores.svg", "scores.png", "scores.csv", "cdf.svg", "cdf.png", "cdf.csv", "upper_bonus.svg", "upper_bonus.png", "upper_bonus.csv",
	"upper_subtotal.svg", "upper_subtotal.png", "upper_subtotal.csv", "yahtzee.svg", "yahtzee.png", "yahtzee.csv",
	"extra_bonus.svg", "extra_bonus.png", "extra_bonus.csv", "jokers.svg", "jokers.png", "jokers.csv", "box_mean.svg", "box_mean.png", "box_mean.csv",
	"box_zeros.svg", "box_zeros.png", "box_zeros.csv", "fill_turn_greedy.svg", "fill_turn_greedy.png", "fill_turn_greedy.csv",
	"fill_turn_upper-first.svg", "fill_turn_upper-first.png", "fill_turn_upper-first.csv", "convergence.svg", "convergence.png", "convergence.csv", "report.html"}

// listDir returns the names of the files in dir, hidden ones too.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// listReport returns the files of a report in dir: those a user opens, not the hidden
// ones the reports keep for themselves.
func listReport(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	for _, n := range listDir(t, dir) {
		if !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	return names
}

// yams sim --out writes the whole report, and yams report renders the same files again
// from the summary it wrote.
func TestSimOutAndReport(t *testing.T) {
	dir := t.TempDir()
	a, b, js := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "run.json")
	_, errOut, code := execYams(t, "", "sim", "--games", "300", "--seed", "2", "--strategy", "greedy,upper-first", "--out", a, "--json", js)
	if code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	want := slices.Clone(reportFiles)
	slices.Sort(want)
	if got := listReport(t, a); !slices.Equal(got, want) {
		t.Errorf("sim --out wrote %v, want %v", got, want)
	}
	summary, _ := os.ReadFile(filepath.Join(a, "summary.json"))
	if j, _ := os.ReadFile(js); !bytes.Equal(summary, j) {
		t.Errorf("summary.json is not what --json wrote")
	}

	out, errOut, code := execYams(t, "", "report", "--from", filepath.Join(a, "summary.json"), "--out", b)
	if code != 0 || errOut != "" {
		t.Fatalf("report: exit %d, %s", code, errOut)
	}
	if want := "42 files written to " + b + "; open " + b + "/report.html\n"; out != want {
		t.Errorf("report printed %q, want %q", out, want)
	}
	// The same files but for their provenance: the summary and the footers name the
	// report as the writer, and yams sim as the run that played the games.
	for _, n := range reportFiles {
		x, _ := os.ReadFile(filepath.Join(a, n))
		y, err := os.ReadFile(filepath.Join(b, n))
		if n == "summary.json" && err == nil {
			x, y = content(t, x), content(t, y)
		}
		if err != nil || !bytes.Equal(withoutFooter(n, x), withoutFooter(n, y)) {
			t.Errorf("%s: rendered again from the summary, it differs (%v)", n, err)
		}
	}

	fr := filepath.Join(dir, "fr")
	if _, errOut, code := execYams(t, "", "report", "--from", js, "--out", fr, "--lang", "fr"); code != 0 {
		t.Fatalf("report --lang fr: exit %d, %s", code, errOut)
	}
	md, _ := os.ReadFile(filepath.Join(fr, "summary.md"))
	if !strings.HasPrefix(string(md), "# yams : rapport de simulation\n") || !strings.Contains(string(md), "| Brelan |") {
		t.Errorf("French summary.md:\n%s", md)
	}
}

func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "50", "--strategy", "greedy", "--json", good); code != 0 {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile(good)
	truncated := filepath.Join(dir, "truncated.json")
	os.WriteFile(truncated, data[:len(data)/2], 0o666)
	edited := filepath.Join(dir, "edited.json")
	os.WriteFile(edited, bytes.Replace(data, []byte(`"games": 50,`), []byte(`"games": 51,`), 1), 0o666)
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o666)
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", out}, "--from: no summary file given"},
		{[]string{"--from", good}, "--out: no directory given"},
		{[]string{"--from", filepath.Join(dir, "none.json"), "--out", out}, "no such file"},
		{[]string{"--from", truncated, "--out", out}, "truncated.json: summary: truncated: the file ends in the middle of its JSON"},
		{[]string{"--from", edited, "--out", out}, "edited.json: summary: "},
		{[]string{"--from", file, "--out", out}, "a-file: summary: empty file"},
		{[]string{"--from", good, "--out", out, "--lang", "de"}, `--lang: language "de": want en or fr`},
		{[]string{"--from", good, "--out", out, "--rules", "yams"}, "are not those of the summary"},
		{[]string{"--from", good, "--out", out, "--rules", "nope"}, `unknown rules "nope"`},
		{[]string{"--from", good, "--out", filepath.Join(file, "sub")}, "report: --out: "},
		{[]string{"--from", good, "--out", out, "extra"}, `unexpected argument "extra"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			stdout, stderr, code := execYams(t, "", append([]string{"report"}, c.args...)...)
			wantUsageError(t, strings.Join(c.args, " "), stdout, stderr, code, c.want)
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused report created %s", out)
	}
}

// An --out that cannot be written is refused before any game, and no --json file is left.
func TestSimOutRefusedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o666)
	js := filepath.Join(dir, "run.json")
	stdout, stderr, code := execYams(t, "", "sim", "--games", "1e9", "--json", js, "--out", filepath.Join(file, "report"))
	wantUsageError(t, "sim --out under a file", stdout, stderr, code, "sim: --out: ")
	if _, err := os.Stat(js); err == nil {
		t.Errorf("the --json file of a refused run was left behind")
	}
	// --lang without --out is the language of what sim prints.
	stdout, stderr, code = execYams(t, "", "sim", "--games", "10", "--strategy", "greedy", "--lang", "fr")
	if code != 0 || !strings.HasPrefix(stdout, "règles hasbro, graine 1, 10 parties par stratégie\n") {
		t.Errorf("sim --lang fr: exit %d, stderr %q, stdout\n%s", code, stderr, stdout)
	}
	stdout, stderr, code = execYams(t, "", "sim", "--games", "10", "--out", dir, "--lang", "xx")
	wantUsageError(t, "sim --lang xx", stdout, stderr, code, `language "xx"`)
}

// The report of the family sheet (several columns), as the README has it run: every
// figure written into --out stands in report.html and in its contents, column_turn
// among them (in French here; the reports' tests write every kind of report in both
// languages).
func TestFamilySheetReportShowsEveryFigure(t *testing.T) {
	for _, lang := range []string{"fr"} {
		out := filepath.Join(t.TempDir(), "family")
		_, errOut, code := execYams(t, "", "sim", "--rules", filepath.Join("..", "..", "examples", "rules", "yams-family.json"),
			"--strategy", "upper-first,greedy", "--games", "200", "--workers", "2", "--out", out, "--lang", lang)
		if code != 0 {
			t.Fatalf("%s: exit %d, %s", lang, code, errOut)
		}
		page := string(readFile(t, filepath.Join(out, "report.html")))
		_, nav, _ := strings.Cut(page, `<nav class="contents"`)
		nav, _, _ = strings.Cut(nav, "</nav>")
		figures := 0
		for _, name := range listReport(t, out) {
			fig, ok := strings.CutSuffix(name, ".svg")
			if !ok {
				continue
			}
			figures++
			if !strings.Contains(page, `<figure class="plot" id="figure-`+fig+`">`) || !strings.Contains(nav, `href="#figure-`+fig+`"`) {
				t.Errorf("%s: %s is written into --out, and report.html or its contents leave it out", lang, name)
			}
		}
		if !slices.Contains(listReport(t, out), "column_turn.svg") || strings.Count(page, `<figure class="plot"`) != figures {
			t.Errorf("%s: %d figures written, %d on the page, column_turn among them: %v", lang, figures, strings.Count(page, `<figure class="plot"`), slices.Contains(listReport(t, out), "column_turn.svg"))
		}
	}
}
