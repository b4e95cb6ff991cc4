package reports

// Where the strategies lose their points against optimal play (yams sim --regret): the
// figures, tables and CSV of the regret a run measured.

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"

	"yams/engine"
	"yams/sim"
)

// costliestShown is how many of a strategy's costliest decisions the report lists.
const costliestShown = 10

// hasRegret reports whether the run measured regret (every strategy then has it).
func (r *report) hasRegret() bool {
	return r.res.Summaries[0].Regret != nil && r.res.Games > 0
}

// costOf is a per-game cost of strategy i with its 95% interval.
func (r *report) costOf(s sim.Sums) estimate {
	st := s.Stats(r.res.Games)
	return estimate{st.Mean, st.CI95.Lo, st.CI95.Hi}
}

// decisionKinds names the kinds of decisions: the keeps after each roll but the last,
// the boxes, and all together.
func (r *report) decisionKinds() []string {
	var kinds []string
	for i := range r.res.Summaries[0].Regret.Keep {
		kinds = append(kinds, fmt.Sprintf(r.l.regretKeeps, i+1))
	}
	return append(kinds, r.l.regretBoxes, r.l.regretAll)
}

// kindCosts returns the costs of strategy i by kind of decision, in the order of
// decisionKinds.
func (r *report) kindCosts(i int) []estimate {
	rg := r.res.Summaries[i].Regret
	var out []estimate
	for _, k := range rg.Keep {
		out = append(out, r.costOf(k))
	}
	return append(out, r.costOf(rg.Box), r.costOf(rg.Total))
}

func (r *report) regretFigures() ([]figure, error) {
	if !r.hasRegret() {
		return nil, nil
	}
	l := r.l
	kinds := r.decisionKinds()
	var byKind, byBox []dotSeries
	for i, s := range r.res.Summaries {
		byKind = append(byKind, dotSeries{name: s.Strategy, look: r.looks[i], vals: r.kindCosts(i)})
		var boxes []estimate
		for _, b := range s.Regret.ByBox {
			boxes = append(boxes, r.costOf(b))
		}
		byBox = append(byBox, dotSeries{name: s.Strategy, look: r.looks[i], vals: boxes})
	}

	p := newPlot(l, r.title(l.regretTitle), l.regretX, "")
	grid(p, true, false)
	if err := dotPlot(p, kinds, byKind, true, 1); err != nil {
		return nil, plotError("regret", err)
	}
	p.X.Min = 0
	svg, png, err := p.render(figWidth, rowsHeight(len(kinds), len(r.res.Summaries)))
	if err != nil {
		return nil, plotError("regret", err)
	}
	// regret.csv, beside the figure regret, holds every cost of the three figures, as it
	// did before figures had a CSV each.
	figs := []figure{{name: "regret", title: l.regretTitle, caption: fmt.Sprintf(l.regretCaption, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
		csv: r.regretCSV()}}

	boxes := r.slots
	p = newPlot(l, r.title(l.regretBoxTitle), l.regretX, "")
	grid(p, true, false)
	if err := dotPlot(p, boxes, byBox, true, 1); err != nil {
		return nil, plotError("regret_by_box", err)
	}
	p.X.Min = 0
	svg, png, err = p.render(figWidth, rowsHeight(len(boxes), len(r.res.Summaries)))
	if err != nil {
		return nil, plotError("regret_by_box", err)
	}
	names := r.strategyNames()
	figs = append(figs, figure{name: "regret_by_box", title: l.regretBoxTitle, caption: fmt.Sprintf(l.regretBoxCaption, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
		csv: dotCSV("box", "cost_per_game", names, r.slots, byBox, 1)})

	p = newPlot(l, r.title(l.regretTurnTitle), l.regretTurnX, l.regretTurnY)
	grid(p, true, true)
	turns := len(r.res.Summaries[0].Regret.ByTurn)
	p.X.Tick.Marker = turnTicks{n: turns}
	byTurn := [][]string{append([]string{"strategy", "turn"}, withCI("cost_per_game")...)}
	for i, s := range r.res.Summaries {
		var mean, band plotter.XYs
		for t, c := range s.Regret.ByTurn {
			e := r.costOf(c)
			byTurn = append(byTurn, append([]string{s.Strategy, strconv.Itoa(t + 1)}, ci(e)...))
			mean = append(mean, plotter.XY{X: float64(t + 1), Y: e.v})
			band = append(band, plotter.XY{X: float64(t + 1), Y: e.hi})
		}
		for t := len(s.Regret.ByTurn) - 1; t >= 0; t-- {
			band = append(band, plotter.XY{X: float64(t + 1), Y: r.costOf(s.Regret.ByTurn[t]).lo})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, plotError("regret_by_turn", err)
		}
		poly.Color = r.looks[i].faded(0.18)
		poly.LineStyle.Width = 0
		line, dots, err := plotter.NewLinePoints(mean)
		if err != nil {
			return nil, plotError("regret_by_turn", err)
		}
		line.LineStyle = r.looks[i].line(1.1)
		dots.GlyphStyle = r.looks[i].marker(2)
		p.Add(poly, line, dots)
		p.key(s.Strategy, poly, line, dots)
	}
	p.Y.Min = 0
	p.X.Min, p.X.Max = 0.6, float64(turns)+0.4
	svg, png, err = p.render(figWidth, figHeight)
	if err != nil {
		return nil, plotError("regret_by_turn", err)
	}
	figs = append(figs, figure{name: "regret_by_turn", title: l.regretTurnTitle, caption: fmt.Sprintf(l.regretTurnCaption, r.context()), svg: svg, png: png, csv: byTurn})
	return figs, nil
}

// regretTables are the tables of the regret: the cost per game by kind of decision, by
// box, and each strategy's costliest decisions.
func (r *report) regretTables() []table {
	if !r.hasRegret() {
		return nil
	}
	l := r.l
	games := float64(r.res.Games)
	head := append([]string{l.strategy}, r.decisionKinds()...)
	head = append(head, l.regretCostly)
	kinds := table{id: "table-regret", title: l.regretTable, head: head, note: l.regretNote}
	for i, s := range r.res.Summaries {
		row := []string{s.Strategy}
		for _, e := range r.kindCosts(i) {
			row = append(row, l.interval(e.v, e.lo, e.hi, 3))
		}
		c := s.Regret.Costly
		row = append(row, l.num(float64(c[0])/games, 2)+" / "+l.num(float64(c[1])/games, 2)+" / "+l.num(float64(c[2])/games, 2))
		kinds.rows = append(kinds.rows, row)
	}
	out := []table{kinds}

	byBox := table{id: "table-regret-by-box", title: l.regretBoxTable, head: append([]string{l.box}, r.strategyNames()...)}
	for b, name := range r.slots {
		row := []string{name}
		for _, s := range r.res.Summaries {
			e := r.costOf(s.Regret.ByBox[b])
			row = append(row, l.interval(e.v, e.lo, e.hi, 3))
		}
		byBox.rows = append(byBox.rows, row)
	}
	out = append(out, byBox)

	for i, s := range r.res.Summaries {
		if len(s.Regret.Costliest) == 0 {
			continue
		}
		t := table{id: fmt.Sprintf("table-costliest-%d", i+1), title: fmt.Sprintf(l.costliestTable, code(s.Strategy)), wrap: 7,
			head: []string{l.regretGame, l.regretTurn, l.regretDecision, l.regretDice, l.regretChoice, l.regretBest, l.regretCost, l.regretSheet},
			note: fmt.Sprintf(l.costliestNote, len(s.Regret.Costliest))}
		for _, p := range s.Regret.Costliest[:min(costliestShown, len(s.Regret.Costliest))] {
			t.rows = append(t.rows, r.costlyRow(&p))
		}
		out = append(out, t)
	}
	return out
}

// costlyRow is a costly decision as a row of its table.
func (r *report) costlyRow(p *sim.CostlyPosition) []string {
	l := r.l
	decision, choice, best := l.regretBox, "", ""
	if p.Roll != 0 {
		decision = fmt.Sprintf(l.regretKeeps, p.Roll)
		choice, best = r.keepText(p.ChoiceKeep, p.Dice), r.keepText(p.BestKeep, p.Dice)
	} else {
		choice, best = r.slots[p.ChoiceBox], r.slots[p.BestBox]
	}
	var filled []string
	for id, v := range p.Scores {
		if v >= 0 {
			filled = append(filled, fmt.Sprintf("%s %d", r.slots[id], v))
		}
	}
	sheet := l.none
	if len(filled) > 0 {
		sheet = strings.Join(filled, ", ")
	}
	return []string{l.count(p.Game), fmt.Sprint(p.Turn), decision, p.Dice.String(), choice, best,
		l.num(float64(p.Cost)/sim.RegretScale, 2), sheet}
}

// keepText names a keep: its dice, none, or stop when it holds the whole roll.
func (r *report) keepText(k engine.Keep, roll engine.Roll) string {
	switch {
	case k.Size() == 0:
		return r.l.none
	case k == roll.Keep():
		return r.l.regretStop
	}
	return strings.TrimSpace(k.String())
}

// regretCSV is regret.csv: a row per strategy and part of the cost (a kind of decision,
// the turns ending in a box, a turn), in points per game with the 95% interval.
func (r *report) regretCSV() [][]string {
	rows := [][]string{append([]string{"strategy", "part"}, withCI("cost_per_game")...)}
	for _, s := range r.res.Summaries {
		rg := s.Regret
		add := func(part string, c sim.Sums) {
			rows = append(rows, append([]string{s.Strategy, part}, ci(r.costOf(c))...))
		}
		add("all", rg.Total)
		for i, k := range rg.Keep {
			add(fmt.Sprintf("keep%d", i+1), k)
		}
		add("box", rg.Box)
		for b, c := range rg.ByBox {
			add("turns_ending_in:"+s.SlotName(b), c)
		}
		for t, c := range rg.ByTurn {
			add(fmt.Sprintf("turn:%d", t+1), c)
		}
	}
	return rows
}
