package exact

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// frontierFixture is the frontier of hasbro as yams frontier --json wrote it
// (testdata/frontier_hasbro.json: the exact figures of 12 strategies), each point with a
// distribution of the final score made here: a normal law of its mean and deviation,
// in whole points, so that the figure of the scores depends on this package alone.
func frontierFixture(t *testing.T) *Frontier {
	t.Helper()
	return frontierFixtureFrom(t, "frontier_hasbro.json")
}

// frontierTargetFixture is the frontier of hasbro with target:300 (yams frontier
// --targets 300 --json: the 12 strategies of frontierFixture and target:300), made as
// frontierFixture is.
func frontierTargetFixture(t *testing.T) *Frontier {
	t.Helper()
	return frontierFixtureFrom(t, "frontier_hasbro_target300.json")
}

// frontierFixtureFrom reads a frontier of hasbro from a file of testdata written by yams
// frontier --json, as frontierFixture says.
func frontierFixtureFrom(t *testing.T, name string) *Frontier {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
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
	rules := reporttest.Hasbro(t, name, in.RulesHash)
	f := &Frontier{Rules: rules}
	for _, s := range in.Strategies {
		p := FrontierPoint{Strategy: s.Strategy, Kind: s.Objective.Kind, Theta: s.Objective.Parameter,
			Objective: s.Objective.Value, OptimalObjective: s.Objective.OptimalValue,
			Mean: s.Mean, SD: s.SD, UpperBonus: s.UpperBonus, Yahtzee: s.Yahtzee}
		if p.Kind == FrontierTarget {
			p.Theta, p.Target = 0, int(s.Objective.Parameter)
		}
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
		figs, err := r.Figures()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, fg := range figs {
			names = append(names, fg.Name)
			switch {
			case lang == "en":
				reporttest.CheckGolden(t, fg.Name, fg.SVG)
			case fg.Name == "frontier_sd":
				reporttest.CheckGolden(t, fg.Name+".fr", fg.SVG)
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
			[]string{"stratégie", "objectif", "en jeu optimal", "moyenne", "écart type", "P(≥ 200)", "P(≥ 250)", "P(≥ 300)", "P(≥ 350)", "prime de la partie haute", "Yahtzee marqué"},
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

// checkLabels checks the labels of a trade-off: each inside the axes, over no marker, no
// other label, no leader; and returns their texts.
func checkLabels(t *testing.T, pts []FrontierPoint, x func(FrontierPoint) float64, xlo, xhi, ylo, yhi float64, got []pointLabel) []string {
	t.Helper()
	var taken, dots []area
	for _, p := range pts {
		u, v := (x(p)-xlo)/(xhi-xlo), (p.Mean-ylo)/(yhi-ylo)
		taken = append(taken, area{u - markerHalfX, u + markerHalfX, v - markerHalfY, v + markerHalfY})
		dots = append(dots, markerArea(p, u, v))
	}
	var leaders obstacles
	var texts []string
	for _, lb := range got {
		if !lb.at.inside() || slices.ContainsFunc(taken, lb.at.overlaps) || leaders.hit(lb.at) {
			t.Errorf("label %s at %v overlaps a marker, a label or a leader, or leaves the axes", lb.text, lb.place)
		}
		u, v := (lb.xy.X-xlo)/(xhi-xlo), (lb.xy.Y-ylo)/(yhi-ylo)
		au, av := (lb.anchor.X-xlo)/(xhi-xlo), (lb.anchor.Y-ylo)/(yhi-ylo)
		if lb.place == placeLeader {
			if obstacles(append(slices.Clone(dots), taken[len(pts):]...)).crosses(u, v, au, av, leaderSkip) {
				t.Errorf("the leader of %s crosses a marker or a label", lb.text)
			}
			leaders.segment(u, v, au, av)
		} else if math.Hypot((au-u)/pointX, (av-v)/pointY) > 6 {
			t.Errorf("label %s at %v stands %.1f points from its point, without a leader", lb.text, lb.place, math.Hypot((au-u)/pointX, (av-v)/pointY))
		}
		taken = append(taken, lb.at)
		texts = append(texts, lb.text)
	}
	return texts
}

// Every risk point of both trade-offs is labelled by its θ, the crowd about optimal
// with leaders, and no label hides a marker, another label or a leader.
func TestFrontierLabels(t *testing.T) {
	f := frontierFixture(t)
	r := &frontierReport{f: f, l: &reports.English, fl: frontierWords.In(&reports.English)}
	var want []string
	for _, p := range f.Points {
		if p.Kind == FrontierRisk {
			want = append(want, thetaText(&reports.English, p.Theta))
		}
	}
	for _, c := range []struct {
		name string
		x    func(FrontierPoint) float64
	}{
		{"sd", func(p FrontierPoint) float64 { return p.SD }},
		{"p300", func(p FrontierPoint) float64 { return 100 * p.AtLeast[2] }},
	} {
		t.Run(c.name, func(t *testing.T) {
			xlo, xhi, ylo, yhi := r.tradeOffAxes(c.x)
			got := placeLabels(&reports.English, f.Points, c.x, xlo, xhi, ylo, yhi)
			texts := checkLabels(t, f.Points, c.x, xlo, xhi, ylo, yhi, got)
			slices.Sort(texts)
			slices.Sort(want)
			if !slices.Equal(texts, want) {
				t.Errorf("labels %q, want every θ %q", texts, want)
			}
			leaders := 0
			for _, lb := range got {
				if lb.place == placeLeader {
					leaders++
				}
			}
			if leaders == 0 || leaders == len(got) {
				t.Errorf("%d leaders for %d labels: the crowd about optimal needs some, the others none", leaders, len(got))
			}
		})
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
	want := []string{"frontier.md", "frontier.csv", "frontier_sd.svg", "frontier_sd.png", "frontier_sd.csv", "frontier_p300.svg", "frontier_p300.png",
		"frontier_p300.csv", "frontier_scores.svg", "frontier_scores.png", "frontier_scores.csv", "report.html"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	for _, n := range names {
		data := reporttest.Read(t, dir, n)
		if len(data) == 0 {
			t.Errorf("%s is empty", n)
		}
		if strings.HasSuffix(n, ".png") {
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s: %v", n, err)
			}
		}
	}
	rows, err := csv.NewReader(bytes.NewReader(reporttest.Read(t, dir, "frontier.csv"))).ReadAll()
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
	md := string(reporttest.Read(t, dir, "frontier.md"))
	for _, w := range []string{"# yams frontier: playing for an objective", "- rules hash: " + f.Rules.Hash(), "| optimal ★ | 254.59 |"} {
		if !strings.Contains(md, w) {
			t.Errorf("frontier.md lacks %q", w)
		}
	}
	if page := string(reporttest.Read(t, dir, "report.html")); !strings.Contains(page, "Generated by yams frontier.") || strings.Count(page, "<svg ") != 3 {
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
	reporttest.CheckFrench(t, fr, en, names, frontierNames(f))
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

// withTarget returns a copy of f with one more target point: a copy of f's target point
// renamed to target, placed in the order of the table.
func withTarget(t *testing.T, f *Frontier, target int) *Frontier {
	t.Helper()
	g := *f
	g.Points = slices.Clone(f.Points)
	i := slices.IndexFunc(g.Points, func(p FrontierPoint) bool { return p.Kind == FrontierTarget })
	if i < 0 {
		t.Fatal("the fixture has no target point")
	}
	p := g.Points[i]
	p.Strategy, p.Target = "target:"+strconv.Itoa(target), target
	at := i
	for at < len(g.Points) && g.Points[at].Kind == FrontierTarget && g.Points[at].Target < target {
		at++
	}
	g.Points = slices.Insert(g.Points, at, p)
	return &g
}

// A frontier with target:T: its figures have golden SVGs; in the trade-offs each target
// is a marker of its own, named by its label, and the key has one entry for all; the
// figure of the scores draws each target's distribution; the captions say what the
// targets are.
func TestFrontierTargetFigures(t *testing.T) {
	f := frontierTargetFixture(t)
	r, err := newFrontierReport(f, "en")
	if err != nil {
		t.Fatal(err)
	}
	figs, err := r.Figures()
	if err != nil {
		t.Fatal(err)
	}
	svgText := regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)
	for _, fg := range figs {
		reporttest.CheckGolden(t, fg.Name+".target300", fg.SVG)
		var texts []string
		for _, m := range svgText.FindAllStringSubmatch(string(fg.SVG), -1) {
			texts = append(texts, m[1])
		}
		want := []string{"target:300"}
		if fg.Name != "frontier_scores" {
			want = append(want, "target:T")
			if !strings.HasSuffix(fg.Caption, frontierWords.In(&reports.English).TargetCaption) {
				t.Errorf("%s: the caption does not say what the targets are: %q", fg.Name, fg.Caption)
			}
		} else if !strings.Contains(fg.Caption, "each `target:T`") {
			t.Errorf("%s: the caption does not name the targets: %q", fg.Name, fg.Caption)
		}
		for _, w := range want {
			if n := slices.Index(texts, w); n < 0 || slices.Index(texts[n+1:], w) >= 0 {
				t.Errorf("%s: %q is not once among the texts %q", fg.Name, w, texts)
			}
		}
	}
	// Without targets, nothing of them: the captions are those of before.
	r, err = newFrontierReport(frontierFixture(t), "en")
	if err != nil {
		t.Fatal(err)
	}
	figs, err = r.Figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, fg := range figs {
		if strings.Contains(fg.Caption, "target") || bytes.Contains(fg.SVG, []byte("target")) {
			t.Errorf("%s of a frontier without targets mentions them: %q", fg.Name, fg.Caption)
		}
	}
}

// The table of a frontier with targets: a row per target after bonus, its objective and
// optimal's as percentages; the CSV gives T in the column of the parameter.
func TestFrontierTargetTable(t *testing.T) {
	f := frontierTargetFixture(t)
	for _, c := range []struct {
		lang string
		row  []string
		note string
	}{
		{"en", []string{"target:300", "17.60%", "14.33%", "227.35", "73.10", "61.23%", "36.66%", "17.60%", "6.42%", "43.94%", "43.25%"},
			"for `target:T` the probability of a final score of T or more"},
		{"fr", []string{"target:300", "17,60\u202f%", "14,33\u202f%", "227,35", "73,10", "61,23\u202f%", "36,66\u202f%", "17,60\u202f%", "6,42\u202f%", "43,94\u202f%", "43,25\u202f%"},
			"pour `target:T` la probabilité d’un score final de T points ou plus"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			_, rows, note, err := FrontierTable(f, c.lang)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 13 || rows[11][0] != "bonus" || !slices.Equal(rows[12], c.row) {
				t.Errorf("%d rows, the last two %q, want bonus then %q", len(rows), rows[len(rows)-2:], c.row)
			}
			if !strings.Contains(note, c.note) {
				t.Errorf("the note does not say what a target's objective is: %q", note)
			}
		})
	}
	t.Run("csv", func(t *testing.T) {
		r, err := newFrontierReport(f, "en")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(r.csv())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		last := rows[len(rows)-1]
		if len(rows) != 14 || !slices.Equal(last[:3], []string{"target:300", "target", "300"}) {
			t.Fatalf("%d rows, the last %q", len(rows), last)
		}
		p := f.Points[12]
		for col, v := range map[int]float64{3: p.Objective, 4: p.OptimalObjective, 5: p.Mean, 9: p.AtLeast[2]} {
			if got, err := strconv.ParseFloat(last[col], 64); err != nil || got != v {
				t.Errorf("%s = %q, want %v", rows[0][col], last[col], v)
			}
		}
	})
}

// frontier_scores draws every target, after the others, each in a look of its own, none
// that of another strategy.
func TestFrontierScoredTargets(t *testing.T) {
	f := withTarget(t, withTarget(t, frontierTargetFixture(t), 250), 350)
	r := &frontierReport{f: f}
	scored := r.scored()
	var got []string
	for _, i := range scored {
		got = append(got, f.Points[i].Strategy)
	}
	if want := []string{"risk:-0.05", "optimal", "risk:0.05", "bonus", "target:250", "target:300", "target:350"}; !slices.Equal(got, want) {
		t.Errorf("scored %v, want %v", got, want)
	}
	type line struct {
		color  color.Color
		dashes string
	}
	seen := map[line]string{}
	looks := r.scoreLooks(scored)
	for k, i := range scored {
		lk := looks[k]
		l := line{lk.Color, fmt.Sprint(lk.Dashes)}
		if other, ok := seen[l]; ok {
			t.Errorf("%s is drawn as %s is", f.Points[i].Strategy, other)
		}
		seen[l] = f.Points[i].Strategy
		if name := f.Points[i].Strategy; strings.HasPrefix(name, "target:") && lk.Color != targetLook.Color {
			t.Errorf("%s is not drawn in the colour of the targets", name)
		}
	}
}

// Every target is labelled, before the risk points, and never over another label or a
// marker; targets on one point (they play alike) share a label that names them all.
func TestFrontierTargetLabels(t *testing.T) {
	f := withTarget(t, frontierTargetFixture(t), 310)
	alike := f.Points[len(f.Points)-1]
	alike.Strategy, alike.Target = "target:320", 320
	f.Points = append(f.Points, alike) // target:310 and target:320 where target:300 is
	f.Points[12].Mean -= 10            // target:300 apart
	for _, c := range []struct {
		name string
		x    func(FrontierPoint) float64
	}{
		{"sd", func(p FrontierPoint) float64 { return p.SD }},
		{"p300", func(p FrontierPoint) float64 { return 100 * p.AtLeast[2] }},
	} {
		t.Run(c.name, func(t *testing.T) {
			xlo, xhi, ylo, yhi := (&frontierReport{f: f}).tradeOffAxes(c.x)
			got := placeLabels(&reports.English, f.Points, c.x, xlo, xhi, ylo, yhi)
			texts := checkLabels(t, f.Points, c.x, xlo, xhi, ylo, yhi, got)
			for _, want := range []string{"target:300", "target:310, target:320"} {
				if !slices.Contains(texts, want) {
					t.Errorf("labels %q lack %q", texts, want)
				}
			}
		})
	}
}

// Every string of a French frontier with targets is French.
func TestFrontierTargetFrench(t *testing.T) {
	f := frontierTargetFixture(t)
	fr, en := t.TempDir(), t.TempDir()
	if _, err := WriteFrontier(fr, f, "fr"); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFrontier(en, f, "en"); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range slices.Backward(f.Points) {
		names = append(names, p.Strategy)
	}
	names = append(names, "target:T", "yams frontier", "hasbro", f.Rules.Hash())
	reporttest.CheckFrench(t, fr, en, names, frontierNames(f))
	page := string(reporttest.Read(t, fr, "report.html"))
	for _, w := range []string{"Chaque <code>target:T</code>, qui maximise la probabilité d’un score final de T points ou plus", "de chaque <code>target:T</code>"} {
		if !strings.Contains(page, w) {
			t.Errorf("the French page lacks %q", w)
		}
	}
}

// frontierNames are the names of the strategies of a frontier that are no word of the
// prose (optimal and bonus are), and the families it speaks of.
func frontierNames(f *Frontier) []string {
	names := []string{"risk:θ", "target:T"}
	for _, p := range f.Points {
		if p.Kind == FrontierRisk || p.Kind == FrontierTarget {
			names = append(names, p.Strategy)
		}
	}
	return names
}
