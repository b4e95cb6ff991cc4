package exact

import (
	"math"
	"slices"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
)

// exactFixture is exact figures made by hand on the tiny sheet: a distribution of the
// final score over 190 to 210 whose figures are known, and a regret.
func exactFixture(t *testing.T) *Exact {
	t.Helper()
	rules := reporttest.TinyRules(t)
	dist := make([]float64, 21) // 190 to 210: a triangle about 200
	sum := 0.0
	for i := range dist {
		dist[i] = float64(11 - int(math.Abs(float64(i-10))))
		sum += dist[i]
	}
	mean, sq := 0.0, 0.0
	for i := range dist {
		dist[i] /= sum
		mean += dist[i] * float64(190+i)
	}
	for i := range dist {
		sq += dist[i] * (float64(190+i) - mean) * (float64(190+i) - mean)
	}
	e := &Exact{Rules: rules, Strategy: "greedy", States: 1234, Mean: mean, SD: math.Sqrt(sq), UpperBonus: 0.25, Yahtzee: 0.125, HasYahtzee: true, ExtraBonuses: 0.0625,
		Distribution: dist, DistMin: 190, JSON: []byte("{}\n"),
		Objective: &ExactObjective{Kind: FrontierTarget, Parameter: "205", Value: 0.3, FromDistribution: 0.3, HasFromDistribution: true}}
	for b := range rules.NumBoxes() {
		e.Boxes = append(e.Boxes, ExactBox{Mean: float64(b), ZeroRate: 0.01 * float64(b)})
	}
	e.Regret = &ExactRegret{OptimalMean: mean + 6, Total: 6, Keep: []float64{1, 2}, Box: 3, ByBox: make([]float64, rules.NumBoxes()),
		ByTurn: make([]float64, rules.NumSlots()), CostlyAbove: []float64{0, 1, 5}, Costly: []float64{4, 2, 0.5}}
	e.Regret.ByBox[0], e.Regret.ByBox[7] = 2, 4
	e.Regret.ByTurn[0] = 6
	return e
}

// The report of exact figures: its tables give the figures as they are, the percentiles
// and thresholds of the distribution as counted here, the shares of the points lost.
func TestWriteExact(t *testing.T) {
	e := exactFixture(t)
	dir := t.TempDir()
	names, err := Write(dir, e, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"exact.json", "exact.md", "exact.csv", "boxes.csv", "distribution.csv", "regret.csv",
		"box_mean.svg", "box_mean.png", "box_mean.csv", "box_zeros.svg", "box_zeros.png", "box_zeros.csv", "scores.svg", "scores.png", "scores.csv", "report.html"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	md := string(reporttest.Read(t, dir, "exact.md"))
	for _, w := range []string{
		"The exact figures of the strategy `greedy` on rules tiny, from the probability of each of the 1,234 turn-start states",
		"| mean score | 200.0000000 |", "| P(upper bonus) | 25.0000% |", "| P(Yahtzee scored) | 12.5000% |", "| extra Yahtzee bonuses per game | 0.062500 |",
		"| objective: P(score ≥ 205), from the solve | 30.0000000% |", "| objective: P(score ≥ 205), from the distribution of the final score | 30.0000000% |",
		"| Sixes | 5.0000 | 5.0000% |",
		// p1 of the triangle: P(≤ 191) = 3/121 ≥ 1%, P(≤ 190) = 1/121 < 1%.
		"| mode | p1 | p5 | p25 | p50 | p75 | p95 | p99 |", "| 200 | 191 | 193 | 197 | 200 | 203 | 207 | 209 |",
		// P(score ≥ 200) = (11 + 10 + … + 1)/121 = 66/121.
		"| 54.5455% | 0.0000% | 0.0000% | 0.0000% |",
		"| keeps after roll 1 | 1.0000 | 16.7% |", "| boxes | 3.0000 | 50.0% |", "| all decisions | 6.0000 | 100.0% |",
		"| costly decisions per game (> 0 / > 1 / > 5 points) | 4.000 / 2.000 / 0.500 |", "| Ones | 2.0000 | 33.3% |",
	} {
		if !strings.Contains(md, w) {
			t.Errorf("exact.md lacks %q:\n%s", w, md)
		}
	}
	rows := reporttest.ReadCSV(t, dir, "distribution.csv")
	if len(rows) != 22 || rows[0][0] != "score" || rows[11][0] != "200" || reporttest.Col(t, rows, 11, "probability") != e.Distribution[10] {
		t.Errorf("distribution.csv: %v", rows)
	}
	if got := reporttest.ReadCSV(t, dir, "exact.csv"); reporttest.Col(t, got, 1, "mean") != e.Mean || got[1][slices.Index(got[0], "objective_parameter")] != "205" {
		t.Errorf("exact.csv: %v", got)
	}
	if got := reporttest.ReadCSV(t, dir, "regret.csv"); len(got) != 1+1+2+1+8+8 || reporttest.Col(t, got, 1, "cost_per_game") != 6 {
		t.Errorf("regret.csv: %v", got)
	}

	// Figures the rules lack are left out; French has its words and its decimal commas.
	e.Regret, e.Distribution, e.Objective = nil, nil, nil
	fr := t.TempDir()
	if _, err := Write(fr, e, "fr"); err != nil {
		t.Fatal(err)
	}
	md = string(reporttest.Read(t, fr, "exact.md"))
	for _, w := range []string{"# yams : valeurs exactes", "| score moyen | 200,0000000 |", "| P(prime de la partie haute) | 25,0000\u202f% |"} {
		if !strings.Contains(md, w) {
			t.Errorf("French exact.md lacks %q:\n%s", w, md)
		}
	}
	if strings.Contains(md, "centiles") || reporttest.Exists(fr, "scores.svg") || reporttest.Exists(fr, "distribution.csv") {
		t.Errorf("without a distribution, the report has its tables or files")
	}
	en := t.TempDir()
	if _, err := Write(en, exactFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(fr, exactFixture(t), "fr"); err != nil {
		t.Fatal(err)
	}
	reporttest.CheckFrench(t, fr, en, []string{"greedy", "tiny", "target:205", "yams exact", e.Rules.Hash()}, []string{"greedy", "target:205"})

	bad := exactFixture(t)
	bad.Boxes = bad.Boxes[:3]
	if _, err := Write(t.TempDir(), bad, "en"); err == nil {
		t.Errorf("figures of 3 boxes for a sheet of 8 were written")
	}
}

// On a sheet of several columns, the boxes are named with their column, the bonus is
// given column by column, and figures of another sheet are refused.
func TestWriteExactColumns(t *testing.T) {
	e := exactFixture(t)
	e.Rules = reporttest.TinyRulesWith(t, "columns=free,top_down")
	e.HasYahtzee, e.Regret = false, nil
	e.Boxes = append(e.Boxes, e.Boxes...)
	e.ColumnBonus = []float64{0.5, 0.25}
	dir := t.TempDir()
	if _, err := Write(dir, e, "en"); err != nil {
		t.Fatal(err)
	}
	md := string(reporttest.Read(t, dir, "exact.md"))
	for _, w := range []string{"| P(upper bonus), column free | 50.0000% |", "| P(upper bonus), column top_down | 25.0000% |", "| top_down · Sixes | 5.0000 | 5.0000% |"} {
		if !strings.Contains(md, w) {
			t.Errorf("exact.md lacks %q:\n%s", w, md)
		}
	}
	if strings.Contains(md, "P(Yahtzee scored)") || strings.Contains(md, "| P(upper bonus) |") {
		t.Errorf("exact.md gives a figure the analysis of several columns does not:\n%s", md)
	}
	boxes := reporttest.ReadCSV(t, dir, "boxes.csv")
	if len(boxes) != 17 || boxes[16][1] != "top_down.chance" {
		t.Errorf("boxes.csv: %v", boxes)
	}
	if got := reporttest.ReadCSV(t, dir, "exact.csv"); reporttest.Col(t, got, 1, "upper_bonus:top_down") != 0.25 {
		t.Errorf("exact.csv: %v", got)
	}
	e.Boxes = e.Boxes[:8]
	if _, err := Write(t.TempDir(), e, "en"); err == nil {
		t.Errorf("the figures of 8 boxes were written for a sheet of 16")
	}
}

func TestExactHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, exactFixture(t), "fr"); err != nil {
		t.Fatal(err)
	}
	reporttest.CheckInChromium(t, dir, 3, 8)
}

// The figures of the boxes of an exact analysis draw its numbers: box_mean.csv gives
// each box's exact mean, which with the bonuses add up to the strategy's mean, and
// box_zeros.csv the probability of a 0 in each, as boxes.csv does; with or without the
// distribution.
func TestExactBoxFigures(t *testing.T) {
	rules := reporttest.TinyRules(t)
	fig, err := optimal.Analyze("greedy", rules, analysis.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	e := &Exact{Rules: rules, Strategy: fig.Strategy, States: fig.States, Mean: fig.Mean, SD: fig.SD, UpperBonus: fig.PUpperBonus,
		Yahtzee: fig.PYahtzee, HasYahtzee: fig.HasYahtzee, ExtraBonuses: fig.ExtraBonuses}
	for _, b := range fig.Boxes {
		e.Boxes = append(e.Boxes, ExactBox{Mean: b.Mean, ZeroRate: b.ZeroRate})
	}
	for _, lang := range reports.Languages {
		dir := t.TempDir()
		if _, err := Write(dir, e, lang); err != nil {
			t.Fatal(err)
		}
		means, zeros, boxes := reporttest.ReadCSV(t, dir, "box_mean.csv"), reporttest.ReadCSV(t, dir, "box_zeros.csv"), reporttest.ReadCSV(t, dir, "boxes.csv")
		if len(means) != 1+rules.NumSlots() || len(zeros) != len(means) {
			t.Fatalf("%s: box_mean.csv has %d rows, box_zeros.csv %d, for %d boxes", lang, len(means), len(zeros), rules.NumSlots())
		}
		sum := 0.0
		for i := 1; i < len(means); i++ {
			sum += reporttest.Col(t, means, i, "mean")
			if got, want := reporttest.Col(t, means, i, "mean"), reporttest.Col(t, boxes, i, "mean"); got != want {
				t.Errorf("%s, row %d: box_mean.csv %v, boxes.csv %v", lang, i, got, want)
			}
			if got, want := reporttest.Col(t, zeros, i, "zero_percent"), 100*reporttest.Col(t, boxes, i, "zero_rate"); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s, row %d: box_zeros.csv %v%%, boxes.csv %v", lang, i, got, want)
			}
		}
		bonuses := e.UpperBonus*float64(rules.UpperPoints()) + e.ExtraBonuses*float64(rules.ExtraPoints())
		if math.Abs(sum+bonuses-e.Mean) > 1e-9 {
			t.Errorf("%s: the boxes' means add up to %v, and the bonuses %v, the mean is %v", lang, sum, bonuses, e.Mean)
		}
	}
}
