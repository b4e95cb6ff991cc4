package simulation

import (
	"context"
	"path/filepath"
	"testing"

	"yams/engine"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
	"yams/strategies"
)

// Every figure that a report of games writes into its directory stands in the page and
// its contents, in English and in French: a run of one strategy, a comparison, points
// lost, a sheet of several columns (the family sheet). And every string of the French
// reports is French: captions, titles, legends, tables, the page and the title of the
// rule set; the same check finds English in every kind of file of the English report, so
// that it cannot pass for want of text to read.
func TestEveryFigureOnItsPage(t *testing.T) {
	infos := reporttest.FixtureInfos()
	run := func(t *testing.T, rules *engine.Rules, ss []strategies.Info, pairs bool) *sim.Results {
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: ss, Seed: 3, Games: 120, Workers: 1, Pairs: pairs})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	load := func(t *testing.T, name string, opts ...string) *engine.Rules {
		rules, err := engine.Load(name, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return rules
	}
	reporttest.EveryFigureOnItsPage(t, []reporttest.Page{
		{Name: "sim, one strategy", Want: []string{"scores", "box_mean"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, run(t, reporttest.TinyRules(t), infos[:1], false), reports.Options{Lang: lang})
			return err
		}},
		{Name: "compare --strategy", Want: []string{"pairs", "head_to_head"}, Write: func(t *testing.T, dir, lang string) error {
			res, _ := reporttest.Fixture(t)
			_, err := Write(dir, res, reports.Options{Lang: lang})
			return err
		}, French: true},
		{Name: "sim --regret", Want: []string{"regret", "regret_by_turn"}, Write: func(t *testing.T, dir, lang string) error {
			res, _ := reporttest.RegretFixture(t)
			_, err := Write(dir, res, reports.Options{Lang: lang})
			return err
		}, French: true},
		{Name: "the family sheet, compared", Want: []string{"column_turn", "fill_turn_lazy", "pairs"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, run(t, load(t, filepath.Join("..", "..", "examples", "rules", "yams-family.json")), infos, true), reports.Options{Lang: lang})
			return err
		}, French: true},
	})
}
