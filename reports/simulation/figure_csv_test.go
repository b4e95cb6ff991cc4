package simulation

import (
	"math"
	"strconv"
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// Every plot of every report has a CSV beside it, named like it, with the numbers it
// draws: the same as the tables and the other CSV files hold.
func TestFigureCSVs(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	dir, _ := written(t, res, reports.Options{Rules: rules})
	csvs := reporttest.CheckFigureCSVs(t, dir)
	summary := reporttest.ReadCSV(t, dir, "summary.csv")
	for i := 1; i <= 2; i++ {
		if got, want := reporttest.Col(t, csvs["upper_bonus"], i, "upper_bonus_percent"), 100*reporttest.Col(t, summary, i, "upper_bonus_rate"); math.Abs(got-want) > 1e-9 {
			t.Errorf("upper_bonus.csv: %v, summary.csv: %v%%", got, want)
		}
		if got, want := reporttest.Col(t, csvs["yahtzee"], i, "scored_percent_hi"), 100*reporttest.Col(t, summary, i, "yahtzee_scored_rate_hi"); math.Abs(got-want) > 1e-9 {
			t.Errorf("yahtzee.csv: %v, summary.csv: %v%%", got, want)
		}
	}
	// The bins of scores hold every game but those beyond the axis; cdf ends where they do.
	for k, s := range res.Summaries {
		in := 0.0
		last := 0.0
		for r := 1; r < len(csvs["scores"]); r++ {
			if csvs["scores"][r][0] == s.Strategy {
				from, to := reporttest.Col(t, csvs["scores"], r, "score_from"), reporttest.Col(t, csvs["scores"], r, "score_to")
				in += reporttest.Col(t, csvs["scores"], r, "games_percent_per_point") * (to - from + 1)
			}
		}
		for r := 1; r < len(csvs["cdf"]); r++ {
			if csvs["cdf"][r][0] == s.Strategy {
				last = reporttest.Col(t, csvs["cdf"], r, "games_at_or_below_percent")
			}
		}
		lo, hi, _ := (&report{res: res}).scoreRange()
		var beyond int64
		for v := s.Scores.Min; v < s.Scores.Min+len(s.Scores.Counts); v++ {
			if v < lo || v >= hi {
				beyond += s.Scores.Counts[v-s.Scores.Min]
			}
		}
		if want := 100 * float64(s.Games-beyond) / float64(s.Games); math.Abs(in-want) > 1e-9 {
			t.Errorf("%s: the bins of scores.csv hold %v%% of the games, want %v%%", s.Strategy, in, want)
		}
		if last > 100+1e-9 || last < in-1e-9 {
			t.Errorf("%s: cdf.csv ends at %v%%, the bins hold %v%%", s.Strategy, last, in)
		}
		_ = k
	}
	// The heat map's shares of each box add up to every game.
	for _, name := range []string{"fill_turn_lazy", "fill_turn_hoarder"} {
		for r := 1; r < len(csvs[name]); r++ {
			sum := 0.0
			for c := 1; c < len(csvs[name][r]); c++ {
				v, _ := strconv.ParseFloat(csvs[name][r][c], 64)
				sum += v
			}
			if math.Abs(sum-100) > 1e-9 {
				t.Errorf("%s.csv, box %s: the turns add up to %v%%", name, csvs[name][r][0], sum)
			}
		}
	}
	// The convergence ends on the final mean.
	conv := csvs["convergence"]
	lastRow := len(conv) - 1
	if reporttest.Col(t, conv, lastRow, "running_mean") != reporttest.Col(t, conv, lastRow, "final_mean") {
		t.Errorf("convergence.csv: the last running mean is not the final one: %q", conv[lastRow])
	}
	// The pairs are those of compare.csv.
	cmp := reporttest.ReadCSV(t, dir, "compare.csv")
	if reporttest.Col(t, csvs["pairs"], 1, "mean_difference") != reporttest.Col(t, cmp, 1, "mean_difference") ||
		reporttest.Col(t, csvs["head_to_head"], 1, "a_wins_percent") != 100*reporttest.Col(t, cmp, 1, "win_rate") {
		t.Errorf("pairs.csv or head_to_head.csv differ from compare.csv")
	}

	regret, _ := reporttest.RegretFixture(t)
	dir = t.TempDir()
	if _, err := Write(dir, regret, reports.Options{}); err != nil {
		t.Fatal(err)
	}
	csvs = reporttest.CheckFigureCSVs(t, dir)
	for _, name := range []string{"regret", "regret_by_box", "regret_by_turn"} {
		if csvs[name] == nil {
			t.Errorf("no %s.csv", name)
		}
	}
}
