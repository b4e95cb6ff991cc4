package simulation

import (
	"context"
	"testing"
	"yams/sim/regret"

	"yams/engine"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
	"yams/strategies/analysis"
	"yams/strategies/solver"
)

func TestHTMLInChromium(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	dir, names := written(t, res, reports.Options{Rules: rules})
	svgs := reporttest.CountSVG(names)
	r, _ := newReport(res, reports.Options{Rules: rules})
	got := reporttest.CheckInChromium(t, dir, svgs, 1+len(r.tables()))
	// A comparison leads with the comparison.
	if got.FirstSection != "section-comparison" {
		t.Errorf("the first section after the parameters is %q, not the comparison", got.FirstSection)
	}
}

// The costliest decisions of a run on hasbro's sheet name a dozen filled boxes: the
// column of the sheet wraps, and the table fits the page, its header included.
func TestRegretHTMLInChromium(t *testing.T) {
	reporttest.Chromium(t)
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solver.Solve(rules, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: rules, Strategies: reporttest.FixtureInfos(), Seed: 3, Games: 200, Workers: 2, Costliest: 10,
		Regret: func() (regret.Valuer, error) { return analysis.NewEvaluator(tab), nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	dir, names := written(t, res, reports.Options{Lang: "fr"})
	svgs := reporttest.CountSVG(names)
	r, _ := newReport(res, reports.Options{})
	got := reporttest.CheckInChromium(t, dir, svgs, 1+len(r.tables()))
	if got.FirstSection != "section-regret" {
		t.Errorf("the first section after the parameters is %q, not the points lost", got.FirstSection)
	}
	longest := 0
	for _, s := range res.Summaries {
		for _, p := range s.Regret.Costliest {
			longest = max(longest, len(r.costlyRow(&p)[7]))
		}
	}
	if longest < 100 {
		t.Errorf("the longest sheet in words has %d characters: the test does not test a long one", longest)
	}
}
