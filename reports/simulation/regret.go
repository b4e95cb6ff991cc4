package simulation

// Where the strategies lose their points against optimal play (yams sim --regret): the
// figures, tables and CSV of the regret a run measured.

import (
	"fmt"
	"strconv"
	"strings"
	"yams/sim/regret"

	"gonum.org/v1/plot/plotter"

	"yams/engine"
	"yams/reports"
)

// costliestShown is how many of a strategy's costliest decisions the report lists.
const costliestShown = 10

// hasRegret reports whether the run measured regret (every strategy then has it).
func (r *report) hasRegret() bool {
	return r.res.Summaries[0].Regret != nil && r.res.Games > 0
}

// costOf is a per-game cost of strategy i with its 95% interval.
func (r *report) costOf(s regret.Sums) reports.Estimate {
	st := s.Stats(r.res.Games)
	return reports.Estimate{V: st.Mean, Lo: st.CI95.Lo, Hi: st.CI95.Hi}
}

// decisionKinds names the kinds of decisions: the keeps after each roll but the last,
// the boxes, and all together.
func (r *report) decisionKinds() []string {
	var kinds []string
	for i := range r.res.Summaries[0].Regret.Keep {
		kinds = append(kinds, fmt.Sprintf(r.l.RegretKeeps, i+1))
	}
	return append(kinds, r.l.RegretBoxes, r.l.RegretAll)
}

// kindCosts returns the costs of strategy i by kind of decision, in the order of
// decisionKinds.
func (r *report) kindCosts(i int) []reports.Estimate {
	rg := r.res.Summaries[i].Regret
	var out []reports.Estimate
	for _, k := range rg.Keep {
		out = append(out, r.costOf(k))
	}
	return append(out, r.costOf(rg.Box), r.costOf(rg.Total))
}

func (r *report) regretFigures() ([]reports.Figure, error) {
	if !r.hasRegret() {
		return nil, nil
	}
	l := r.l
	kinds := r.decisionKinds()
	var byKind, byBox []reports.DotSeries
	for i, s := range r.res.Summaries {
		byKind = append(byKind, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: r.kindCosts(i)})
		var boxes []reports.Estimate
		for _, b := range s.Regret.ByBox {
			boxes = append(boxes, r.costOf(b))
		}
		byBox = append(byBox, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: boxes})
	}

	p := reports.NewPlot(l, r.title(l.RegretTitle), l.RegretX, "")
	reports.Grid(p, true, false)
	if err := reports.DotPlot(p, kinds, byKind, true, 1); err != nil {
		return nil, reports.PlotError("regret", err)
	}
	p.X.Min = 0
	svg, png, err := p.Render(reports.FigWidth, reports.RowsHeight(len(kinds), len(r.res.Summaries)))
	if err != nil {
		return nil, reports.PlotError("regret", err)
	}
	// regret.csv, beside the figure regret, holds every cost of the three figures, as it
	// did before figures had a CSV each.
	figs := []reports.Figure{{Name: "regret", Title: l.RegretTitle, Caption: fmt.Sprintf(l.RegretCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: r.regretCSV()}}

	boxes := r.slots
	p = reports.NewPlot(l, r.title(l.RegretBoxTitle), l.RegretX, "")
	reports.Grid(p, true, false)
	if err := reports.DotPlot(p, boxes, byBox, true, 1); err != nil {
		return nil, reports.PlotError("regret_by_box", err)
	}
	p.X.Min = 0
	svg, png, err = p.Render(reports.FigWidth, reports.RowsHeight(len(boxes), len(r.res.Summaries)))
	if err != nil {
		return nil, reports.PlotError("regret_by_box", err)
	}
	names := r.strategyNames()
	figs = append(figs, reports.Figure{Name: "regret_by_box", Title: l.RegretBoxTitle, Caption: fmt.Sprintf(l.RegretBoxCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: reports.DotCSV("box", "cost_per_game", names, r.slots, byBox, 1)})

	p = reports.NewPlot(l, r.title(l.RegretTurnTitle), l.RegretTurnX, l.RegretTurnY)
	reports.Grid(p, true, true)
	turns := len(r.res.Summaries[0].Regret.ByTurn)
	p.X.Tick.Marker = turnTicks{n: turns}
	byTurn := [][]string{append([]string{"strategy", "turn"}, reports.WithCI("cost_per_game")...)}
	for i, s := range r.res.Summaries {
		var mean, band plotter.XYs
		for t, c := range s.Regret.ByTurn {
			e := r.costOf(c)
			byTurn = append(byTurn, append([]string{s.Strategy, strconv.Itoa(t + 1)}, reports.CI(e)...))
			mean = append(mean, plotter.XY{X: float64(t + 1), Y: e.V})
			band = append(band, plotter.XY{X: float64(t + 1), Y: e.Hi})
		}
		for t := len(s.Regret.ByTurn) - 1; t >= 0; t-- {
			band = append(band, plotter.XY{X: float64(t + 1), Y: r.costOf(s.Regret.ByTurn[t]).Lo})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, reports.PlotError("regret_by_turn", err)
		}
		poly.Color = r.looks[i].Faded(0.18)
		poly.LineStyle.Width = 0
		line, dots, err := plotter.NewLinePoints(mean)
		if err != nil {
			return nil, reports.PlotError("regret_by_turn", err)
		}
		line.LineStyle = r.looks[i].Line(1.1)
		dots.GlyphStyle = r.looks[i].Marker(2)
		p.Add(poly, line, dots)
		p.Key(s.Strategy, poly, line, dots)
	}
	p.Y.Min = 0
	p.X.Min, p.X.Max = 0.6, float64(turns)+0.4
	svg, png, err = p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return nil, reports.PlotError("regret_by_turn", err)
	}
	figs = append(figs, reports.Figure{Name: "regret_by_turn", Title: l.RegretTurnTitle, Caption: fmt.Sprintf(l.RegretTurnCaption, r.context()), SVG: svg, PNG: png, CSV: byTurn})
	return figs, nil
}

// regretTables are the tables of the regret: the cost per game by kind of decision, by
// box, and each strategy's costliest decisions.
func (r *report) regretTables() []reports.Table {
	if !r.hasRegret() {
		return nil
	}
	l := r.l
	games := float64(r.res.Games)
	head := append([]string{l.Strategy}, r.decisionKinds()...)
	head = append(head, l.RegretCostly)
	kinds := reports.Table{ID: "table-regret", Title: l.RegretTable, Head: head, Note: l.RegretNote}
	for i, s := range r.res.Summaries {
		row := []string{s.Strategy}
		for _, e := range r.kindCosts(i) {
			row = append(row, l.Interval(e.V, e.Lo, e.Hi, 3))
		}
		c := s.Regret.Costly
		row = append(row, l.Num(float64(c[0])/games, 2)+" / "+l.Num(float64(c[1])/games, 2)+" / "+l.Num(float64(c[2])/games, 2))
		kinds.Rows = append(kinds.Rows, row)
	}
	out := []reports.Table{kinds}

	byBox := reports.Table{ID: "table-regret-by-box", Title: l.RegretBoxTable, Head: append([]string{l.Box}, r.strategyNames()...)}
	for b, name := range r.slots {
		row := []string{name}
		for _, s := range r.res.Summaries {
			e := r.costOf(s.Regret.ByBox[b])
			row = append(row, l.Interval(e.V, e.Lo, e.Hi, 3))
		}
		byBox.Rows = append(byBox.Rows, row)
	}
	out = append(out, byBox)

	for i, s := range r.res.Summaries {
		if len(s.Regret.Costliest) == 0 {
			continue
		}
		t := reports.Table{ID: fmt.Sprintf("table-costliest-%d", i+1), Title: fmt.Sprintf(l.CostliestTable, reports.Code(s.Strategy)), Wrap: 7,
			Head: []string{l.RegretGame, l.RegretTurn, l.RegretDecision, l.RegretDice, l.RegretChoice, l.RegretBest, l.RegretCost, l.RegretSheet},
			Note: fmt.Sprintf(l.CostliestNote, len(s.Regret.Costliest))}
		for _, p := range s.Regret.Costliest[:min(costliestShown, len(s.Regret.Costliest))] {
			t.Rows = append(t.Rows, r.costlyRow(&p))
		}
		out = append(out, t)
	}
	return out
}

// costlyRow is a costly decision as a row of its table.
func (r *report) costlyRow(p *regret.Position) []string {
	l := r.l
	decision, choice, best := l.RegretBox, "", ""
	if p.Roll != 0 {
		decision = fmt.Sprintf(l.RegretKeeps, p.Roll)
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
	sheet := l.None
	if len(filled) > 0 {
		sheet = strings.Join(filled, ", ")
	}
	return []string{l.Count(p.Game), fmt.Sprint(p.Turn), decision, p.Dice.String(), choice, best,
		l.Num(float64(p.Cost)/regret.Scale, 2), sheet}
}

// keepText names a keep: its dice, none, or stop when it holds the whole roll.
func (r *report) keepText(k engine.Keep, roll engine.Roll) string {
	switch {
	case k.Size() == 0:
		return r.l.None
	case k == roll.Keep():
		return r.l.RegretStop
	}
	return strings.TrimSpace(k.String())
}

// regretCSV is regret.csv: a row per strategy and part of the cost (a kind of decision,
// the turns ending in a box, a turn), in points per game with the 95% interval.
func (r *report) regretCSV() [][]string {
	rows := [][]string{append([]string{"strategy", "part"}, reports.WithCI("cost_per_game")...)}
	for _, s := range r.res.Summaries {
		rg := s.Regret
		add := func(part string, c regret.Sums) {
			rows = append(rows, append([]string{s.Strategy, part}, reports.CI(r.costOf(c))...))
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
