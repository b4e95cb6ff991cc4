package main

// sim --regret and compare --regret: every decision of every simulated game valued
// against optimal play, and where each strategy loses its points.

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"yams/sim/regret"
	"yams/strategies/analysis"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/reports"
	"yams/sim"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// regretValuer returns what sim.Config.Regret needs: the optimal table of the rules,
// loaded or solved once for the process, and an evaluator of it per worker. It also returns the optimal
// expected score, which the printed table sets beside the strategies' means.
func regretValuer(rules *engine.Rules) (func() (regret.Valuer, error), float64, error) {
	// The process's table, which the optimal strategy of the run reads too: one copy.
	shared := solver.SharedFor(rules, solver.Mean)
	tab, err := shared.Table, shared.Err
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return nil, 0, badInput(fmt.Errorf("--regret: %w", err))
	}
	if err != nil {
		return nil, 0, fmt.Errorf("--regret: %w", err)
	}
	return func() (regret.Valuer, error) { return analysis.NewOptimalValuer(tab), nil }, tab.Expected(), nil
}

// printRunRegret prints where each strategy of a run loses its points against optimal
// play: the cost of its decisions per game, by kind of decision, by box and by turn, and
// the costliest positions met. optimalMean is the optimal expected score (0: unknown, for
// a run read back from a file).
func printRunRegret(w io.Writer, c console, res *sim.Results, optimalMean float64) {
	if len(res.Summaries) == 0 || res.Summaries[0].Regret == nil || res.Games == 0 {
		return
	}
	rules, games := res.RuleSet, res.Games
	fmt.Fprintln(w)
	if optimalMean != 0 {
		fmt.Fprintln(w, c.f("where the points are lost against optimal play (which expects %s), per game:", c.num(optimalMean, 4)))
	} else {
		fmt.Fprintln(w, c.t("where the points are lost against optimal play, per game:"))
	}
	first := res.Summaries[0].Regret
	t := &textTable{}
	head := []string{c.t("strategy"), c.t("cost ± 95% CI")}
	for i := range first.Keep {
		head = append(head, c.f("keeps %d", i+1))
	}
	head = append(head, c.t("boxes"))
	if optimalMean != 0 {
		head = append(head, c.t("mean + cost"))
	}
	head = append(head, c.t("costly decisions (>0, >1, >5 points)"))
	t.row(head...)
	for _, s := range res.Summaries {
		rg := s.Regret
		total := rg.Total.Stats(games)
		cells := []string{s.Strategy, c.num(total.Mean, 3) + " ± " + c.num(total.CI95.Hi-total.Mean, 3)}
		for _, k := range rg.Keep {
			cells = append(cells, c.num(k.Stats(games).Mean, 3))
		}
		cells = append(cells, c.num(rg.Box.Stats(games).Mean, 3))
		if optimalMean != 0 {
			cells = append(cells, c.num(s.Stats().Mean+total.Mean, 3))
		}
		per := func(n int64) string { return c.num(float64(n)/float64(games), 2) }
		cells = append(cells, per(rg.Costly[0])+" "+per(rg.Costly[1])+" "+per(rg.Costly[2]))
		t.row(cells...)
	}
	t.write(w)
	if optimalMean != 0 {
		fmt.Fprintln(w, c.t("(mean + cost estimates the optimal expectation: each game's costs add up to what optimal play would expect more from its start)"))
	}

	fmt.Fprintln(w)
	t = &textTable{}
	head = []string{c.t("turns ending in (cost)")}
	for _, s := range res.Summaries {
		head = append(head, s.Strategy)
	}
	t.row(head...)
	labels := reports.SlotLabels(rules, c.lang)
	for b := range first.ByBox {
		cells := []string{labels[b]}
		for _, s := range res.Summaries {
			cells = append(cells, c.num(s.Regret.ByBox[b].Stats(games).Mean, 3))
		}
		t.row(cells...)
	}
	t.write(w)

	for _, s := range res.Summaries {
		if len(s.Regret.Costliest) == 0 {
			continue
		}
		const shown = 5
		// "the costliest decisions of NAME": a possessive would misspell a name ending in s.
		fmt.Fprintln(w)
		fmt.Fprintln(w, c.f("the costliest decisions of %s (of the %d kept in the summary file):", s.Strategy, len(s.Regret.Costliest)))
		t = &textTable{}
		t.row(c.t("game"), c.t("turn"), c.t("decision"), c.t("dice"), c.t("choice"), c.t("best"), c.t("cost"))
		for _, p := range s.Regret.Costliest[:min(shown, len(s.Regret.Costliest))] {
			decision, choice, best := c.t("box"), "", ""
			if p.Roll != 0 {
				decision = c.f("keep after roll %d", p.Roll)
				choice, best = keepText(c, p.ChoiceKeep, p.Dice), keepText(c, p.BestKeep, p.Dice)
			} else {
				choice, best = labels[p.ChoiceBox], labels[p.BestBox]
			}
			t.row(fmt.Sprint(p.Game), fmt.Sprint(p.Turn), decision, p.Dice.String(), choice, best,
				c.num(float64(p.Cost)/regret.Scale, 2))
		}
		t.write(w)
	}
	fmt.Fprintln(w, c.t("(games numbered from 0, as in the summary file and the bot protocol; the positions in full, with the sheet, are in the summary file, --json; costs are in points of expected final score)"))
}

// keepText names a keep: its dice, "none", or "stop" when it holds the whole roll.
func keepText(c console, k engine.Keep, r engine.Roll) string {
	switch {
	case k.Size() == 0:
		return c.t("none")
	case k == r.Keep():
		return c.t("stop")
	}
	return strings.TrimSpace(k.String())
}
