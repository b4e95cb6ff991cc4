package reports

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
)

// frontierFixture is the frontier of hasbro as yams frontier --json wrote it
// (testdata/frontier_hasbro.json: the exact figures of 12 strategies), each point with a
// distribution of the final score made here: a normal law of its mean and deviation,
// in whole points, so that the figure of the scores depends on this package alone.
func frontierFixture(t *testing.T) *Frontier {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "frontier_hasbro.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in struct {
		RulesHash  string `json:"rules_hash"`
		Strategies []struct {
			Strategy  string `json:"strategy"`
			Objective struct {
				Kind         string  `json:"kind"`
				Parameter    float64 `json:"parameter"`
				Value        float64 `json:"value"`
				OptimalValue float64 `json:"optimal_value"`
			} `json:"objective"`
			Mean       float64            `json:"mean"`
			SD         float64            `json:"sd"`
			AtLeast    map[string]float64 `json:"p_at_least"`
			UpperBonus float64            `json:"upper_bonus"`
			Yahtzee    float64            `json:"yahtzee"`
		} `json:"strategies"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	if rules.Hash() != in.RulesHash {
		t.Fatalf("testdata/frontier_hasbro.json is of rules %s, hasbro's hash is %s", in.RulesHash, rules.Hash())
	}
	f := &Frontier{Rules: rules}
	for _, s := range in.Strategies {
		p := FrontierPoint{Strategy: s.Strategy, Kind: s.Objective.Kind, Theta: s.Objective.Parameter,
			Objective: s.Objective.Value, OptimalObjective: s.Objective.OptimalValue,
			Mean: s.Mean, SD: s.SD, UpperBonus: s.UpperBonus, Yahtzee: s.Yahtzee}
		for _, th := range FrontierThresholds {
			p.AtLeast = append(p.AtLeast, s.AtLeast[strconv.Itoa(th)])
		}
		p.DistMin = 5
		sum := 0.0
		for v := p.DistMin; v <= 600; v++ {
			z := (float64(v) - s.Mean) / s.SD
			p.Distribution = append(p.Distribution, math.Exp(-z*z/2))
			sum += p.Distribution[len(p.Distribution)-1]
		}
		for i := range p.Distribution {
			p.Distribution[i] /= sum
		}
		f.Points = append(f.Points, p)
	}
	return f
}

// Each figure of a frontier has a golden SVG, and frontier_sd one in French.
func TestGoldenFrontierPlots(t *testing.T) {
	f := frontierFixture(t)
	for _, lang := range []string{"en", "fr"} {
		r, err := newFrontierReport(f, lang)
		if err != nil {
			t.Fatal(err)
		}
		figs, err := r.figures()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, fg := range figs {
			names = append(names, fg.name)
			switch {
			case lang == "en":
				checkGolden(t, fg.name, fg.svg)
			case fg.name == "frontier_sd":
				checkGolden(t, fg.name+".fr", fg.svg)
			}
		}
		if want := []string{"frontier_sd", "frontier_p300", "frontier_scores"}; !slices.Equal(names, want) {
			t.Errorf("%s: figures %v, want %v", lang, names, want)
		}
	}
}

// The table: a column per figure, those of the bonus and the yahtzee only where the
// rules have them, optimal marked, the numbers in the language.
func TestFrontierTable(t *testing.T) {
	f := frontierFixture(t)
	noBonus, err := engine.Load("hasbro", "upper_bonus.points=0")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		rules *engine.Rules
		lang  string
		head  []string
		row   []string // optimal's
	}{
		{"english", f.Rules, "en",
			[]string{"strategy", "objective", "under optimal", "mean", "sd", "P(≥ 200)", "P(≥ 250)", "P(≥ 300)", "P(≥ 350)", "upper bonus", "Yahtzee scored"},
			[]string{"optimal ★", "254.59", "254.59", "254.59", "59.61", "86.36%", "48.37%", "14.33%", "7.24%", "68.12%", "33.74%"}},
		{"french", f.Rules, "fr",
			[]string{"stratégie", "objectif", "en jeu optimal", "moyenne", "écart type", "P(≥ 200)", "P(≥ 250)", "P(≥ 300)", "P(≥ 350)", "prime supérieure", "Yahtzee marqué"},
			[]string{"optimal ★", "254,59", "254,59", "254,59", "59,61", "86,36\u202f%", "48,37\u202f%", "14,33\u202f%", "7,24\u202f%", "68,12\u202f%", "33,74\u202f%"}},
		{"without an upper bonus", noBonus, "en",
			[]string{"strategy", "objective", "under optimal", "mean", "sd", "P(≥ 200)", "P(≥ 250)", "P(≥ 300)", "P(≥ 350)", "Yahtzee scored"},
			[]string{"optimal ★", "254.59", "254.59", "254.59", "59.61", "86.36%", "48.37%", "14.33%", "7.24%", "33.74%"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := *f
			g.Rules = c.rules
			head, rows, note, err := FrontierTable(&g, c.lang)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(head, c.head) {
				t.Errorf("head %q, want %q", head, c.head)
			}
			if len(rows) != len(f.Points) || !slices.Equal(rows[5], c.row) {
				t.Errorf("%d rows, optimal's %q, want %q", len(rows), rows[5], c.row)
			}
			if bonus := rows[len(rows)-1]; c.lang == "en" && (bonus[0] != "bonus" || bonus[1] != "95.22%" || bonus[2] != "68.12%") {
				t.Errorf("bonus's row %q, want its objective and optimal's as percentages, 95.22%% and 68.12%%", bonus)
			}
			if !strings.Contains(note, "★") {
				t.Errorf("the note does not say what ★ marks: %q", note)
			}
		})
	}
}

// frontier_scores draws optimal, bonus, and the risk strategies of the smallest and the
// largest θ, whatever the order of the points.
func TestFrontierScored(t *testing.T) {
	f := frontierFixture(t)
	r := &frontierReport{f: f}
	var got []string
	for _, i := range r.scored() {
		got = append(got, f.Points[i].Strategy)
	}
	if want := []string{"risk:-0.05", "optimal", "risk:0.05", "bonus"}; !slices.Equal(got, want) {
		t.Errorf("scored %v, want %v", got, want)
	}
	g := *f
	g.Points = slices.Clone(f.Points)
	slices.Reverse(g.Points)
	g.Points[0].Distribution = nil // bonus's
	r = &frontierReport{f: &g}
	got = nil
	for _, i := range r.scored() {
		got = append(got, g.Points[i].Strategy)
	}
	if want := []string{"risk:0.05", "optimal", "risk:-0.05"}; !slices.Equal(got, want) {
		t.Errorf("reversed, without bonus's distribution: scored %v, want %v", got, want)
	}
}

// The labels of the risk points overlap no marker and no other label, stay inside the
// axes, and those of the extreme θ are always placed.
func TestFrontierLabels(t *testing.T) {
	f := frontierFixture(t)
	x := func(p FrontierPoint) float64 { return p.SD }
	xlo, xhi, ylo, yhi := 50.0, 76.0, 175.0, 260.0
	got := placeLabels(&english, f.Points, x, xlo, xhi, ylo, yhi)
	var areas []area
	for _, p := range f.Points {
		u, v := (x(p)-xlo)/(xhi-xlo), (p.Mean-ylo)/(yhi-ylo)
		areas = append(areas, area{u - markerHalfX, u + markerHalfX, v - markerHalfY, v + markerHalfY})
	}
	var texts []string
	for _, lb := range got {
		a := labelArea((lb.xy.X-xlo)/(xhi-xlo), (lb.xy.Y-ylo)/(yhi-ylo), len([]rune(lb.text)), lb.place)
		if !a.inside() || slices.ContainsFunc(areas, a.overlaps) {
			t.Errorf("label %s at %v overlaps a marker or a label, or leaves the axes", lb.text, lb.place)
		}
		areas = append(areas, a)
		texts = append(texts, lb.text)
	}
	for _, want := range []string{"−0.05", "0.05"} {
		if !slices.Contains(texts, want) {
			t.Errorf("labels %q lack %s", texts, want)
		}
	}
	if len(got) < 5 || len(got) == 10 {
		t.Errorf("%d labels of 10 crowded points: %q", len(got), texts)
	}
}

// WriteFrontier writes the table as Markdown and CSV, every figure as SVG and PNG, and
// the page; the CSV holds the figures as they are.
func TestWriteFrontier(t *testing.T) {
	f := frontierFixture(t)
	dir := t.TempDir()
	names, err := WriteFrontier(dir, f, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"frontier.md", "frontier.csv", "frontier_sd.svg", "frontier_sd.png", "frontier_p300.svg", "frontier_p300.png",
		"frontier_scores.svg", "frontier_scores.png", "report.html"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	for _, n := range names {
		data := read(t, dir, n)
		if len(data) == 0 {
			t.Errorf("%s is empty", n)
		}
		if strings.HasSuffix(n, ".png") {
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s: %v", n, err)
			}
		}
	}
	rows, err := csv.NewReader(bytes.NewReader(read(t, dir, "frontier.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := []string{"strategy", "kind", "theta", "objective", "optimal_objective", "mean", "sd",
		"p_at_least_200", "p_at_least_250", "p_at_least_300", "p_at_least_350", "upper_bonus", "yahtzee"}
	if len(rows) != len(f.Points)+1 || !slices.Equal(rows[0], head) {
		t.Fatalf("frontier.csv: %d rows, head %v", len(rows), rows[0])
	}
	for i, p := range f.Points {
		row := rows[i+1]
		theta := ""
		if p.Kind == FrontierRisk {
			theta = strconv.FormatFloat(p.Theta, 'g', -1, 64)
		}
		if row[0] != p.Strategy || row[1] != p.Kind || row[2] != theta {
			t.Errorf("row %d: %v, want %s %s %s", i+1, row[:3], p.Strategy, p.Kind, theta)
		}
		for col, v := range map[int]float64{3: p.Objective, 4: p.OptimalObjective, 5: p.Mean, 6: p.SD, 9: p.AtLeast[2], 11: p.UpperBonus, 12: p.Yahtzee} {
			if got, err := strconv.ParseFloat(row[col], 64); err != nil || got != v {
				t.Errorf("%s: %s = %q, want %v", p.Strategy, head[col], row[col], v)
			}
		}
	}
	md := string(read(t, dir, "frontier.md"))
	for _, w := range []string{"# yams frontier: playing for an objective", "- rules hash: " + f.Rules.Hash(), "| optimal ★ | 254.59 |"} {
		if !strings.Contains(md, w) {
			t.Errorf("frontier.md lacks %q", w)
		}
	}
	if page := string(read(t, dir, "report.html")); !strings.Contains(page, "Generated by yams frontier.") || strings.Count(page, "<svg ") != 3 {
		t.Errorf("report.html: %d figures, footer %v", strings.Count(page, "<svg "), strings.Contains(page, "Generated by yams frontier."))
	}
}

// Every string of a French frontier is French, with decimal commas; the check reads
// English in the English one.
func TestFrontierFrench(t *testing.T) {
	f := frontierFixture(t)
	fr, en := t.TempDir(), t.TempDir()
	if _, err := WriteFrontier(fr, f, "fr"); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFrontier(en, f, "en"); err != nil {
		t.Fatal(err)
	}
	// The names of the strategies are what the command line takes: risk:-0.05, bonus.
	var names []string
	for _, p := range slices.Backward(f.Points) {
		names = append(names, p.Strategy)
	}
	names = append(names, "yams frontier", "hasbro", f.Rules.Hash())
	checkFrench(t, fr, en, names)
}

// A frontier that cannot be drawn is refused with an error that says why.
func TestFrontierErrors(t *testing.T) {
	f := frontierFixture(t)
	short := *f
	short.Points = slices.Clone(f.Points)
	short.Points[3].AtLeast = short.Points[3].AtLeast[:2]
	cases := []struct {
		name string
		f    *Frontier
		lang string
		want string
	}{
		{"no rules", &Frontier{Points: f.Points}, "en", "frontier without its rules"},
		{"no strategy", &Frontier{Rules: f.Rules}, "en", "frontier of no strategy"},
		{"probabilities missing", &short, "en", "frontier point risk:-0.01: 2 probabilities P(score ≥ T), want 4"},
		{"language", f, "de", `language "de"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := WriteFrontier(t.TempDir(), c.f, c.lang)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}
