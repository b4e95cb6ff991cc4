package tablegames

import (
	"context"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim/tablegame"
	"yams/strategies"
)

// Every figure that a report of table games writes into its directory stands in the page
// and its contents, in English and in French: tables of two and three players and with a
// player that sees the table; and every string of the French reports is French.
func TestEveryFigureOnItsPage(t *testing.T) {
	infos := reporttest.FixtureInfos()
	table := func(t *testing.T, players ...strategies.Info) *tablegame.Results {
		res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: reporttest.TinyRules(t), Players: players, Seed: 3, Games: 200, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	reporttest.EveryFigureOnItsPage(t, []reporttest.Page{
		{Name: "compare --players, two", Want: []string{"wins", "table_scores", "table_difference"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, table(t, infos[1], infos[0]), reports.Options{Lang: lang})
			return err
		}, French: true},
		{Name: "compare --players, three", Want: []string{"wins", "seats", "table_scores"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, table(t, infos[0], infos[1], infos[1]), reports.Options{Lang: lang})
			return err
		}, French: true},
		{Name: "a player that sees the table", Want: []string{"win_decisions", "win_chances"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, reporttest.WinTableFixture(t), reports.Options{Lang: lang})
			return err
		}},
	})
}
