package tablegames

import (
	"slices"
	"strings"
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim/tablegame"
)

func TestWriteTable(t *testing.T) {
	dir := t.TempDir()
	names, err := Write(dir, reporttest.TableFixture(t), reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"table.json", "table.md", "table.csv", "wins.svg", "wins.png", "wins.csv", "seats.svg", "seats.png", "seats.csv",
		"table_scores.svg", "table_scores.png", "table_scores.csv", "report.html"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	md := string(reporttest.Read(t, dir, "table.md"))
	for _, s := range []string{"## Players", "| player 1 (lazy) |", "| player 3 (hoarder) |", "## Final scores", "| player | mean | sd | p5 | p25 | p50 | p75 | p95 |",
		"## Seats", "Seat order: χ² = "} {
		if !strings.Contains(md, s) {
			t.Errorf("table.md lacks %q:\n%s", s, md)
		}
	}
	rows := reporttest.ReadCSV(t, dir, "table.csv")
	// a row per player, per player and seat, per seat
	if len(rows) != 1+3+9+3 {
		t.Errorf("table.csv: %d rows", len(rows))
	}
}

// The seat test on counts made by hand: seats that win exactly their share give χ² = 0
// and p = 1; a seat that wins everything is far from its share.
func TestSeatOrder(t *testing.T) {
	even := &tablegame.Results{
		Players: []string{"a", "b"},
		Seated:  [][]int64{{50, 50}, {50, 50}},
		Shares:  [][]int64{{60 * 30, 60 * 30}, {60 * 20, 60 * 20}},
	}
	if st := SeatOrder(even); st.ChiSquare != 0 || st.DF != 1 || st.P != 1 {
		t.Errorf("even seats: %+v", st)
	}
	// Seat 1 wins all 100 games: 50 expected at each seat, χ² = 50²/50 + 50²/50 = 100.
	skew := &tablegame.Results{
		Players: []string{"a", "b"},
		Seated:  [][]int64{{50, 50}, {50, 50}},
		Shares:  [][]int64{{60 * 50, 0}, {60 * 50, 0}},
	}
	if st := SeatOrder(skew); st.ChiSquare != 100 || st.P > 1e-20 {
		t.Errorf("skewed seats: %+v", st)
	}
}
