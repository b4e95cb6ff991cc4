package simulation

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
	"yams/sim/summaryfile"
)

// Write writes every file, summary.json is the summary file of yams sim --json, and
// the CSV files add up to the counts.
func TestWrite(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	dir, names := written(t, res, reports.Options{Rules: rules})
	want := []string{"summary.json", "summary.md", "summary.csv", "histogram.csv", "boxes.csv", "compare.csv"}
	for _, f := range []string{"scores", "cdf", "upper_bonus", "upper_subtotal", "yahtzee", "extra_bonus", "jokers",
		"box_mean", "box_zeros", "fill_turn_lazy", "fill_turn_hoarder", "convergence", "pairs", "head_to_head"} {
		want = append(want, f+".svg", f+".png", f+".csv")
	}
	want = append(want, "report.html")
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	for _, n := range want {
		if fi, err := os.Stat(filepath.Join(dir, n)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", n, err)
		}
	}

	var js bytes.Buffer
	if err := summaryfile.Write(&js, res); err != nil {
		t.Fatal(err)
	}
	if got := reporttest.Read(t, dir, "summary.json"); !bytes.Equal(got, js.Bytes()) {
		t.Errorf("summary.json is not the summary file")
	}

	hist := reporttest.ReadCSV(t, dir, "histogram.csv")
	if !slices.Equal(hist[0], []string{"score", "lazy", "hoarder"}) {
		t.Errorf("histogram.csv header %v", hist[0])
	}
	for col := 1; col <= 2; col++ {
		var games, sum int64
		for _, row := range hist[1:] {
			v, _ := strconv.ParseInt(row[0], 10, 64)
			n, _ := strconv.ParseInt(row[col], 10, 64)
			games += n
			sum += v * n
		}
		s := res.Summaries[col-1]
		if total, _ := s.Scores.Sums(); games != s.Games || sum != total.Int64() {
			t.Errorf("histogram.csv %s: %d games summing to %d, want %d and %v", hist[0][col], games, sum, s.Games, total)
		}
	}
	summary := reporttest.ReadCSV(t, dir, "summary.csv")
	if len(summary) != 3 || summary[1][0] != "lazy" || summary[2][0] != "hoarder" || len(summary[0]) != len(summary[1]) {
		t.Errorf("summary.csv: %v", summary)
	}
	col := slices.Index(summary[0], "mean")
	if m, _ := strconv.ParseFloat(summary[2][col], 64); m != res.Summaries[1].Stats().Mean {
		t.Errorf("summary.csv mean %v, want %v", summary[2][col], res.Summaries[1].Stats().Mean)
	}
	if boxes := reporttest.ReadCSV(t, dir, "boxes.csv"); len(boxes) != 1+2*8 {
		t.Errorf("boxes.csv: %d rows, want 17", len(boxes))
	}
	if cmp := reporttest.ReadCSV(t, dir, "compare.csv"); len(cmp) != 2 || cmp[1][0] != "lazy" || cmp[1][1] != "hoarder" {
		t.Errorf("compare.csv: %v", cmp)
	}

	md := string(reporttest.Read(t, dir, "summary.md"))
	for _, s := range []string{"# yams comparison report", "## Parameters", "- rules: tiny", "## Final score", "## Final score: percentiles",
		"## Bonuses and jokers", "## Mean score per box", "## Boxes scored zero (%)", "## Jokers per box", "## Paired comparisons",
		"| lazy − hoarder |", "| Yahtzee |", "Popoviciu"} {
		if !strings.Contains(md, s) {
			t.Errorf("summary.md lacks %q", s)
		}
	}
	// Every line of a table has as many cells as its header.
	cells := 0
	for _, line := range strings.Split(md, "\n") {
		switch {
		case !strings.HasPrefix(line, "|"):
			cells = 0
		case cells == 0:
			cells = strings.Count(line, " | ")
		case strings.Count(line, " | ") != cells && !strings.HasPrefix(line, "|---"):
			t.Errorf("summary.md: %q has not the cells of its header", line)
		}
	}
	for _, f := range []string{"summary.md", "report.html"} {
		if s := string(reporttest.Read(t, dir, f)); strings.Contains(s, "%!") || strings.Contains(s, "NaN") {
			t.Errorf("%s has a formatting error", f)
		}
	}
}

// A report rendered from the summary file is the report of the run, byte for byte.
func TestWriteFromSummaryFile(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	a, b := t.TempDir(), t.TempDir()
	names, err := Write(a, res, reports.Options{Rules: rules, Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	back, err := summaryfile.Read(bytes.NewReader(reporttest.Read(t, a, "summary.json")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(b, back, reports.Options{Rules: rules, Lang: "fr"}); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if !bytes.Equal(reporttest.Read(t, a, n), reporttest.Read(t, b, n)) {
			t.Errorf("%s differs when rendered from the summary file", n)
		}
	}
}

// The report takes the labels, the threshold and the yahtzee box from the rule set the
// results carry; Options.Rules replaces it only with rules of the results' hash, and
// results with neither are refused with an error.
func TestRuleSet(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	r, err := newReport(res, reports.Options{Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	if r.rules != res.RuleSet || r.slots[0] != "As" || r.yahtzeeLabel() != "Yam's" {
		t.Errorf("rules %v, first box %q, yahtzee %q: want the results' rule set, As and Yam's", r.rules, r.slots[0], r.yahtzeeLabel())
	}
	if got, ok := r.threshold(); !ok || got != 50 {
		t.Errorf("threshold %d (%v), want the rules' 50", got, ok)
	}
	if !r.extraBonus() || !r.jokers() {
		t.Errorf("extra bonus %v, jokers %v: the tiny rules have both", r.extraBonus(), r.jokers())
	}

	for _, c := range []struct {
		name string
		opt  reports.Options
		want string
	}{
		{"rules of another hash", reports.Options{Rules: reporttest.TinyRulesWith(t, "upper_bonus.threshold=40")}, "are not those of the results"},
		{"unknown language", reports.Options{Lang: "de"}, `language "de"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := newReport(res, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one that says %q", err, c.want)
			}
		})
	}

	// Results without their rule set: a summary file of an earlier yams, of a rule file.
	back, err := summaryfile.Read(bytes.NewReader(summaryJSON(t, res)))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("no rule set", func(t *testing.T) {
		back := *back
		back.RuleSet = nil
		_, err := Write(t.TempDir(), &back, reports.Options{})
		if err == nil || !strings.Contains(err.Error(), "do not carry their rule set") || strings.Contains(err.Error(), "\n") {
			t.Errorf("error %v, want one line that says the rule set is missing", err)
		}
		if _, err := Write(t.TempDir(), &back, reports.Options{Rules: rules}); err != nil {
			t.Errorf("with the rules given: %v", err)
		}
	})
	t.Run("sheet not the rules'", func(t *testing.T) {
		other := *back
		other.RuleSet = rules
		s := *back.Summaries[0]
		s.Boxes = append([]string{"aces"}, s.Boxes[1:]...)
		other.Summaries = []*sim.Summary{&s}
		if _, err := newReport(&other, reports.Options{}); err == nil || !strings.Contains(err.Error(), `"aces"`) {
			t.Errorf("error %v, want one that names the box", err)
		}
		s = *back.Summaries[0]
		s.YahtzeeBox = 0
		other.Summaries = []*sim.Summary{&s}
		if _, err := newReport(&other, reports.Options{}); err == nil || !strings.Contains(err.Error(), "five-of-a-kind") {
			t.Errorf("error %v, want one that says the five-of-a-kind box is not the rules'", err)
		}
	})
}

// Which figures a report draws, the labels of its boxes and columns and the threshold it
// marks follow the rules: every preset, and a sheet of several columns.
func TestFiguresFollowRules(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []string
	}{
		{"hasbro", nil}, {"yams", nil}, {"yams-wiki", nil}, {"yams-app", nil}, {"yatzy", nil},
		{"yams", []string{"columns=free,top_down,free", "extra_yahtzee=100", "upper_bonus.points=0"}},
	} {
		t.Run(strings.Join(append([]string{c.name}, c.opts...), " "), func(t *testing.T) {
			rules, err := engine.Load(c.name, c.opts...)
			if err != nil {
				t.Fatal(err)
			}
			res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: reporttest.FixtureInfos(), Seed: 3, Games: 200, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			r, err := newReport(res, reports.Options{Lang: "fr"})
			if err != nil {
				t.Fatal(err)
			}
			figs, err := r.Figures()
			if err != nil {
				t.Fatal(err)
			}
			has := map[string]string{}
			for _, f := range figs {
				has[f.Name] = string(f.SVG)
			}
			_, extra := has["extra_bonus"]
			_, jokers := has["jokers"]
			if extra != (rules.ExtraPoints() > 0) || jokers != (rules.Joker() != engine.NoJoker) {
				t.Errorf("extra_bonus %v, jokers %v; the rules pay %d per extra bonus, joker %v", extra, jokers, rules.ExtraPoints(), rules.Joker())
			}
			threshold := fmt.Sprintf("prime dès %d (grisé)", rules.UpperThreshold())
			if strings.Contains(has["upper_subtotal"], threshold) != (rules.UpperPoints() > 0) {
				t.Errorf("upper_subtotal marks %q: %v, the rules pay %d for the bonus", threshold, !(rules.UpperPoints() > 0), rules.UpperPoints())
			}
			yb := rules.FiveOfAKindBox()
			if want := rules.Spec().Boxes[yb].LabelFR; !strings.Contains(has["yahtzee"], ">"+html.EscapeString(want)+" marqué") {
				t.Errorf("yahtzee figure does not name the box %q", want)
			}
			if len(rules.Columns()) > 1 && (r.slots[0] != "libre#1 · As" || r.slots[rules.NumBoxes()] != "descendante · As") {
				t.Errorf("slots %q, want the columns named in French", r.slots)
			}
		})
	}
}

func summaryJSON(t *testing.T, res *sim.Results) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := summaryfile.Write(&b, res); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
