package tablegames

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim/tablegame"
	"yams/strategies"
)

// tableJSON is what the tests read of table.json: each player's histogram and counts,
// and the difference of a table of two.
type tableJSON struct {
	Games   int64
	Players []struct {
		Strategy  string
		Outright  int64
		Tied      int64
		Mean      float64
		Histogram map[string]int64
	}
	Difference *struct {
		Mean      float64
		Histogram map[string]int64
	}
}

// inBins returns the games of a JSON histogram from..to (both included).
func inBins(t *testing.T, h map[string]int64, from, to float64) int64 {
	t.Helper()
	var n int64
	for k, c := range h {
		v, err := strconv.Atoi(k)
		if err != nil {
			t.Fatal(err)
		}
		if float64(v) >= from && float64(v) <= to {
			n += c
		}
	}
	return n
}

// The figures of the final scores at a table draw the counts of table.json: each
// player's bins hold every game, their shares add up to 1, and each bin holds the games
// of the histogram in its range; at a table of two, the bins of the difference are
// centred on 0, hold the games of the difference, and the table of the difference gives
// player 1's wins alone, ties and player 2's wins alone; a table of three has no
// difference.
func TestTableScoreFigures(t *testing.T) {
	infos := reporttest.FixtureInfos()
	for _, players := range [][]strategies.Info{{infos[1], infos[0]}, {infos[0], infos[1], infos[1]}} {
		res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: reporttest.TinyRules(t), Players: players, Seed: 7, Games: 500, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := Write(dir, res, reports.Options{}); err != nil {
			t.Fatal(err)
		}
		var js tableJSON
		if err := json.Unmarshal(reporttest.Read(t, dir, "table.json"), &js); err != nil {
			t.Fatal(err)
		}
		scores := reporttest.ReadCSV(t, dir, "table_scores.csv")
		shares := map[string]float64{}
		games := map[string]int64{}
		for i := 1; i < len(scores); i++ {
			p, _ := strconv.Atoi(scores[i][0])
			from, to := reporttest.Col(t, scores, i, "score_from"), reporttest.Col(t, scores, i, "score_to")
			n := int64(reporttest.Col(t, scores, i, "games"))
			if want := inBins(t, js.Players[p-1].Histogram, from, to); n != want {
				t.Errorf("player %d, scores %v to %v: %d games, table.json %d", p, from, to, n, want)
			}
			if share := reporttest.Col(t, scores, i, "share"); math.Abs(share-float64(n)/float64(js.Games)) > 1e-15 ||
				math.Abs(reporttest.Col(t, scores, i, "percent_per_point")*(to-from+1)-100*share) > 1e-9 {
				t.Errorf("player %d, scores %v to %v: share %v of %d games", p, from, to, share, n)
			}
			if reporttest.Col(t, scores, i, "mean") != js.Players[p-1].Mean {
				t.Errorf("player %d: mean %v, table.json %v", p, reporttest.Col(t, scores, i, "mean"), js.Players[p-1].Mean)
			}
			shares[scores[i][0]] += reporttest.Col(t, scores, i, "share")
			games[scores[i][0]] += n
		}
		if len(shares) != len(players) {
			t.Fatalf("table_scores.csv has %d players, the table %d", len(shares), len(players))
		}
		for p, sum := range shares {
			if math.Abs(sum-1) > 1e-12 || games[p] != js.Games {
				t.Errorf("player %s: the shares add up to %v, the games to %d of %d", p, sum, games[p], js.Games)
			}
		}
		if len(players) != 2 {
			if reporttest.Exists(dir, "table_difference.csv") || js.Difference != nil {
				t.Errorf("a table of %d players has a difference", len(players))
			}
			continue
		}
		diff := reporttest.ReadCSV(t, dir, "table_difference.csv")
		sum, centred := 0.0, false
		var n int64
		for i := 1; i < len(diff); i++ {
			from, to := reporttest.Col(t, diff, i, "difference_from"), reporttest.Col(t, diff, i, "difference_to")
			c := int64(reporttest.Col(t, diff, i, "games"))
			if want := inBins(t, js.Difference.Histogram, from, to); c != want {
				t.Errorf("difference %v to %v: %d games, table.json %d", from, to, c, want)
			}
			centred = centred || from == -to
			sum += reporttest.Col(t, diff, i, "share")
			n += c
		}
		if math.Abs(sum-1) > 1e-12 || n != js.Games || !centred || reporttest.Col(t, diff, 1, "mean") != js.Difference.Mean {
			t.Errorf("table_difference.csv: shares %v, %d games of %d, a bin centred on 0: %v, mean %v (table.json %v)", sum, n, js.Games, centred, reporttest.Col(t, diff, 1, "mean"), js.Difference.Mean)
		}
		if ahead, level := inBins(t, js.Difference.Histogram, 1, math.Inf(1)), inBins(t, js.Difference.Histogram, 0, 0); ahead != js.Players[0].Outright || level != js.Players[0].Tied {
			t.Errorf("table.json: player 1 ahead in %d games, level in %d; won alone %d, tied %d", ahead, level, js.Players[0].Outright, js.Players[0].Tied)
		}
		md := string(reporttest.Read(t, dir, "table.md"))
		l, _ := reports.LabelsFor("en")
		for _, part := range []struct {
			name  string
			count int64
		}{{"player 1 (hoarder) ahead", js.Players[0].Outright}, {"level (a tie)", js.Players[0].Tied}, {"player 2 (lazy) ahead", js.Players[1].Outright}} {
			e := reports.Wilson(part.count, js.Games)
			if row := "| " + part.name + " | " + l.PctInterval(e.V, e.Lo, e.Hi, 2) + " |"; !strings.Contains(md, row) {
				t.Errorf("table.md lacks %q:\n%s", row, md)
			}
		}
		if !strings.Contains(md, "### Difference of the totals, player 1 (`hoarder`) less player 2 (`lazy`)") {
			t.Errorf("table.md lacks the table of the difference:\n%s", md)
		}
	}
}

// The legend of win_chances names each line by its seat and its player, both from 1,
// the player's strategy in parentheses, in both languages.
func TestWinChancesLegend(t *testing.T) {
	res := reporttest.WinTableFixture(t)
	for lang, want := range map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`>seat ([12]) · player ([12]) \((seer|lazy)\), [0-9]+ points<`),
		"fr": regexp.MustCompile(`>place ([12]) · joueur ([12]) \((seer|lazy)\), [0-9]+ points<`),
	} {
		dir := t.TempDir()
		if _, err := Write(dir, res, reports.Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		keys := want.FindAllStringSubmatch(string(reporttest.Read(t, dir, "win_chances.svg")), -1)
		if len(keys) != 2 {
			t.Fatalf("%s: the legend of win_chances has %d keys of a seat and a player", lang, len(keys))
		}
		for _, k := range keys {
			// In traced game 7, player p sits in seat (p+7) mod 2, from 0: player 1 in
			// seat 2, player 2 (lazy) in seat 1.
			seat, player := k[1], k[2]
			if strategy := res.Players[int(player[0]-'1')]; strategy != k[3] || (player == "1") != (seat == "2") {
				t.Errorf("%s: %q", lang, k[0])
			}
		}
	}
}

// The axis of the games won at a table ends at its first labelled tick past twice the
// even share and past every interval, at most 100% (issue 40 §5: a table of two that
// split its games drew 0 to 52%).
func TestShareAxisMax(t *testing.T) {
	at := func(his ...float64) []reports.DotSeries {
		var vals []reports.Estimate
		for _, hi := range his {
			vals = append(vals, reports.Estimate{V: hi - 0.01, Lo: hi - 0.02, Hi: hi})
		}
		return []reports.DotSeries{{Vals: append(vals, reports.Estimate{V: reports.NaN, Lo: 0, Hi: 0})}}
	}
	for _, c := range []struct {
		n    int
		ss   []reports.DotSeries
		want float64
	}{
		{2, at(0.5163, 0.5102), 100}, // the even share in the middle
		{3, at(0.52, 0.30), 80},      // 2/3 → the next twenty
		{4, at(0.30, 0.20), 50},
		{6, at(0.408, 0.2), 50},
		{6, at(0.55, 0.2), 60}, // an interval past twice the even share
		{6, at(0.15, 0.2), 40},
		{2, at(1, 0.2), 100},
	} {
		if got := shareAxisMax(c.n, c.ss); got != c.want {
			t.Errorf("%d players, %v: %v, want %v", c.n, c.ss[0].Vals, got, c.want)
		}
	}
}
