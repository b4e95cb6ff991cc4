package reports

import (
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// checkFigureCSVs checks that every figure of the report in dir has a CSV beside it,
// named like it: a header and rows of as many cells, the first column naming what each
// row is of. It returns the CSVs by figure name.
func checkFigureCSVs(t *testing.T, dir string) map[string][][]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][]string{}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".svg")
		if !ok {
			continue
		}
		if _, err := os.Stat(dir + "/" + name + ".csv"); err != nil {
			t.Errorf("%s.svg has no CSV beside it", name)
			continue
		}
		rows := readCSV(t, dir, name+".csv")
		if len(rows) < 2 {
			t.Errorf("%s.csv: %d rows, want a header and the numbers", name, len(rows))
			continue
		}
		for i, r := range rows {
			if len(r) != len(rows[0]) || r[0] == "" {
				t.Errorf("%s.csv row %d: %q under %q", name, i, r, rows[0])
			}
		}
		out[name] = rows
	}
	if len(out) == 0 {
		t.Errorf("%s: no figure", dir)
	}
	return out
}

// col returns the number in column head of a row.
func col(t *testing.T, rows [][]string, row int, head string) float64 {
	t.Helper()
	k := slices.Index(rows[0], head)
	if k < 0 {
		t.Fatalf("no column %s in %q", head, rows[0])
	}
	v, err := strconv.ParseFloat(rows[row][k], 64)
	if err != nil {
		t.Fatalf("column %s, row %d: %v", head, row, err)
	}
	return v
}

// Every plot of every report has a CSV beside it, named like it, with the numbers it
// draws: the same as the tables and the other CSV files hold.
func TestFigureCSVs(t *testing.T) {
	res, rules := fixture(t)
	dir := t.TempDir()
	if _, err := Write(dir, res, Options{Rules: rules}); err != nil {
		t.Fatal(err)
	}
	csvs := checkFigureCSVs(t, dir)
	summary := readCSV(t, dir, "summary.csv")
	for i := 1; i <= 2; i++ {
		if got, want := col(t, csvs["upper_bonus"], i, "upper_bonus_percent"), 100*col(t, summary, i, "upper_bonus_rate"); math.Abs(got-want) > 1e-9 {
			t.Errorf("upper_bonus.csv: %v, summary.csv: %v%%", got, want)
		}
		if got, want := col(t, csvs["yahtzee"], i, "scored_percent_hi"), 100*col(t, summary, i, "yahtzee_scored_rate_hi"); math.Abs(got-want) > 1e-9 {
			t.Errorf("yahtzee.csv: %v, summary.csv: %v%%", got, want)
		}
	}
	// The bins of scores hold every game but those beyond the axis; cdf ends where they do.
	for k, s := range res.Summaries {
		in := 0.0
		last := 0.0
		for r := 1; r < len(csvs["scores"]); r++ {
			if csvs["scores"][r][0] == s.Strategy {
				from, to := col(t, csvs["scores"], r, "score_from"), col(t, csvs["scores"], r, "score_to")
				in += col(t, csvs["scores"], r, "games_percent_per_point") * (to - from + 1)
			}
		}
		for r := 1; r < len(csvs["cdf"]); r++ {
			if csvs["cdf"][r][0] == s.Strategy {
				last = col(t, csvs["cdf"], r, "games_at_or_below_percent")
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
	if col(t, conv, lastRow, "running_mean") != col(t, conv, lastRow, "final_mean") {
		t.Errorf("convergence.csv: the last running mean is not the final one: %q", conv[lastRow])
	}
	// The pairs are those of compare.csv.
	cmp := readCSV(t, dir, "compare.csv")
	if col(t, csvs["pairs"], 1, "mean_difference") != col(t, cmp, 1, "mean_difference") ||
		col(t, csvs["head_to_head"], 1, "a_wins_percent") != 100*col(t, cmp, 1, "win_rate") {
		t.Errorf("pairs.csv or head_to_head.csv differ from compare.csv")
	}

	regret, _ := regretFixture(t)
	dir = t.TempDir()
	if _, err := Write(dir, regret, Options{}); err != nil {
		t.Fatal(err)
	}
	csvs = checkFigureCSVs(t, dir)
	for _, name := range []string{"regret", "regret_by_box", "regret_by_turn"} {
		if csvs[name] == nil {
			t.Errorf("no %s.csv", name)
		}
	}
	dir = t.TempDir()
	if _, err := WriteTable(dir, tableFixture(t), Options{}); err != nil {
		t.Fatal(err)
	}
	csvs = checkFigureCSVs(t, dir)
	table := readCSV(t, dir, "table.csv")
	if col(t, csvs["wins"], 1, "won_percent") != 100*col(t, table, 1, "win_rate") {
		t.Errorf("wins.csv differs from table.csv")
	}
	dir = t.TempDir()
	if _, err := WriteFrontier(dir, frontierFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	csvs = checkFigureCSVs(t, dir)
	front := readCSV(t, dir, "frontier.csv")
	if col(t, csvs["frontier_sd"], 3, "sd") != col(t, front, 3, "sd") || col(t, csvs["frontier_p300"], 3, "p_at_least_300_percent") != 100*col(t, front, 3, "p_at_least_300") {
		t.Errorf("the trade-offs' CSV differ from frontier.csv")
	}
	dir = t.TempDir()
	if _, err := WriteExact(dir, exactFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	checkFigureCSVs(t, dir)
}
