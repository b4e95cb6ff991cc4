package simulation

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
	"yams/strategies"
)

// A strategy keeps its look from one report of games to another, whatever the others
// (that of LooksOf alone for a built-in); a bot's summary draws it as a bot.
func TestLooksAcrossReports(t *testing.T) {
	rules := reporttest.TinyRules(t)
	infos := reporttest.FixtureInfos()
	named := func(name string, i strategies.Info) strategies.Info { i.Name = name; return i }
	run := func(names ...string) *report {
		var ss []strategies.Info
		for k, n := range names {
			ss = append(ss, named(n, infos[k%2]))
		}
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: ss, Seed: 1, Games: 20, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReport(res, reports.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	want := map[string]reports.Series{}
	for _, r := range []*report{run("optimal", "greedy"), run("greedy", "mybot", "optimal", "win"), run("random", "upper-first", "optimal", "greedy", "win")} {
		for i, name := range r.strategyNames() {
			if w, ok := want[name]; ok && fmt.Sprint(w) != fmt.Sprint(r.looks[i]) {
				t.Errorf("%s: drawn %v in one report, %v in another", name, w, r.looks[i])
			}
			want[name] = r.looks[i]
		}
	}
	for _, name := range []string{"optimal", "greedy", "win", "random", "upper-first"} {
		if alone := reports.LooksOf([]string{name})[0]; fmt.Sprint(alone) != fmt.Sprint(want[name]) {
			t.Errorf("%s: drawn %v in a run, %v alone", name, want[name], alone)
		}
	}
	// A bot's summary draws it as a bot.
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: infos, Seed: 1, Games: 10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res.Summaries[1].Bot = &sim.BotIdentity{Name: "hoarder", Version: "1"}
	r, err := newReport(res, reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bot := reports.LooksOfDrawn([]reports.Drawn{{Name: "bot:b", Bot: true}})[0]
	if r.looks[1].Color != bot.Color || r.looks[1].Glyph != bot.Glyph || strings.HasPrefix(res.Summaries[1].Strategy, "bot:") {
		t.Errorf("a bot's summary: drawn %v", r.looks[1])
	}
}
