package simulation

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// TestRegretReport: a run that measured regret has its figures, tables and CSV; the CSV's
// parts add up to the whole, by kind, by box and by turn; each strategy's mean plus its
// cost is the optimal expectation within the intervals; a run without regret has none.
func TestRegretReport(t *testing.T) {
	res, optimalMean := reporttest.RegretFixture(t)
	dir, names := written(t, res, reports.Options{})
	for _, want := range []string{"regret.csv", "regret.svg", "regret.png", "regret_by_box.svg", "regret_by_turn.png"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("%s not written (written: %v)", want, names)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Points lost against optimal play\n", "### Points lost against optimal play, per game", "### The costliest decisions of the strategy `lazy`",
		"### Points lost per game, by the box a turn ends in"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}

	f, err := os.Open(filepath.Join(dir, "regret.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// parts[strategy][group] sums the costs of a group of parts; whole[strategy] is "all".
	type sums struct{ kinds, boxes, turns, all, allHalf float64 }
	got := map[string]*sums{}
	for _, row := range rows[1:] {
		s := got[row[0]]
		if s == nil {
			s = &sums{}
			got[row[0]] = s
		}
		v, err := strconv.ParseFloat(row[2], 64)
		if err != nil {
			t.Fatalf("regret.csv: %v", err)
		}
		hi, _ := strconv.ParseFloat(row[4], 64)
		switch part := row[1]; {
		case part == "all":
			s.all, s.allHalf = v, hi-v
		case strings.HasPrefix(part, "keep"), part == "box":
			s.kinds += v
		case strings.HasPrefix(part, "turns_ending_in:"):
			s.boxes += v
		case strings.HasPrefix(part, "turn:"):
			s.turns += v
		default:
			t.Errorf("regret.csv: unknown part %q", part)
		}
	}
	for i, st := range res.Summaries {
		s := got[st.Strategy]
		if s == nil {
			t.Fatalf("regret.csv: no rows of %s", st.Strategy)
		}
		for name, part := range map[string]float64{"kinds": s.kinds, "boxes": s.boxes, "turns": s.turns} {
			if math.Abs(part-s.all) > 1e-9 {
				t.Errorf("%s: the %s add up to %v, the whole is %v", st.Strategy, name, part, s.all)
			}
		}
		if s.all <= 0 {
			t.Errorf("%s loses nothing: the fixture's strategies are not optimal", st.Strategy)
		}
		mean := res.Summaries[i].Stats()
		half := math.Hypot(mean.CI95.Hi-mean.Mean, s.allHalf)
		if d := mean.Mean + s.all - optimalMean; math.Abs(d) > 1.5*half {
			t.Errorf("%s: mean %.3f + cost %.3f = %.3f, optimal play expects %.3f (± %.3f)", st.Strategy, mean.Mean, s.all, mean.Mean+s.all, optimalMean, half)
		}
	}

	plain, _ := reporttest.Fixture(t)
	names, err = Write(t.TempDir(), plain, reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(names, " "), "regret") {
		t.Errorf("a run without regret has regret files: %v", names)
	}
}
