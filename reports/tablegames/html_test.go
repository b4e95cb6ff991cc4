package tablegames

import (
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

func TestTableHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, reporttest.TableFixture(t), reports.Options{Lang: "fr"}); err != nil {
		t.Fatal(err)
	}
	// The parameters, the players, their scores, the seats; wins, seats, scores.
	reporttest.CheckInChromium(t, dir, 3, 4)
}

// A table of two with a player that sees it: the difference of the totals, and the
// figures and table of the player's decisions and chances.
func TestTableOfTwoHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, reporttest.WinTableFixture(t), reports.Options{}); err != nil {
		t.Fatal(err)
	}
	// The parameters, the players, their scores, the difference, the seats, the
	// decisions; wins, seats, scores, difference, decisions, chances.
	reporttest.CheckInChromium(t, dir, 6, 6)
}
