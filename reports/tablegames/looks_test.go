package tablegames

import (
	"context"
	"fmt"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim/tablegame"
	"yams/strategies"
)

// A player keeps at a table the look its strategy has alone (LooksOf), as in a run; a
// player the command names as a bot is drawn as a bot.
func TestLooksAcrossReports(t *testing.T) {
	rules := reporttest.TinyRules(t)
	infos := reporttest.FixtureInfos()
	named := func(name string, i strategies.Info) strategies.Info { i.Name = name; return i }
	table, err := tablegame.Run(context.Background(), tablegame.Config{Rules: rules,
		Players: []strategies.Info{named("greedy", infos[0]), named("optimal", infos[1]), named("win", infos[1])}, Seed: 1, Games: 10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := newTableReport(table, reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, name := range table.Players {
		if alone := reports.LooksOf([]string{name})[0]; fmt.Sprint(tr.looks[k]) != fmt.Sprint(alone) {
			t.Errorf("player %s: %v at the table, %v alone", name, tr.looks[k], alone)
		}
	}
	tb, err := newTableReport(table, reports.Options{Bots: []string{"optimal"}})
	if err != nil {
		t.Fatal(err)
	}
	bot := reports.LooksOfDrawn([]reports.Drawn{{Name: "bot:b", Bot: true}})[0]
	if lk := tb.looks[1]; lk.Color != bot.Color || lk.Glyph != bot.Glyph {
		t.Errorf("a bot at a table: drawn %v", lk)
	}
}
