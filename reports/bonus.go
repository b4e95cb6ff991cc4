package reports

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot/plotter"
)

// title ends a figure's title with the rule set, so that a figure copied alone still
// says what it shows.
func (r *report) title(t string) string { return t + " · " + r.res.Rules }

// strategyRows returns one dot series per strategy, each with a value in its own row.
func (r *report) strategyRows(value func(i int) estimate) []dotSeries {
	var ss []dotSeries
	for i := range r.res.Summaries {
		vals := make([]estimate, len(r.res.Summaries))
		for k := range vals {
			vals[k] = estimate{nan, 0, 0}
		}
		vals[i] = value(i)
		ss = append(ss, dotSeries{look: r.looks[i], vals: vals, whisker: 1.4})
	}
	return ss
}

func (r *report) strategyNames() []string {
	var names []string
	for _, s := range r.res.Summaries {
		names = append(names, s.Strategy)
	}
	return names
}

func (r *report) bonusFigures() ([]figure, error) {
	l := r.l
	s0 := r.res.Summaries[0]
	var figs []figure
	if len(s0.Columns) > 1 {
		fig, err := r.columnBonusFigure()
		if err != nil {
			return nil, err
		}
		figs = append(figs, fig)
	} else {
		p := newPlot(l, r.title(l.bonusTitle), l.bonusX, "")
		grid(p, true, false)
		p.X.Tick.Marker = numberTicks{l: l}
		rows := r.strategyRows(func(i int) estimate { return fromProportion(r.st[i].UpperBonus) })
		if err := dotPlot(p, r.strategyNames(), rows, false, 100); err != nil {
			return nil, plotError("upper_bonus", err)
		}
		p.X.Min = 0
		p.X.Max = percentAxisEnd(p.X.Max)
		h := rowsHeight(len(r.res.Summaries), 1)
		svg, png, err := p.render(figWidth, h)
		if err != nil {
			return nil, plotError("upper_bonus", err)
		}
		figs = append(figs, figure{name: "upper_bonus", title: l.bonusTitle, caption: fmt.Sprintf(l.bonusCaption, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
			csv: dotCSV("", "upper_bonus_percent", r.strategyNames(), nil, rows, 100)})
	}

	p := newPlot(l, r.title(l.subtotalTitle), l.subtotalX, l.subtotalY)
	var lines []*plotter.Line
	threshold := ""
	if t, ok := r.threshold(); ok {
		threshold = strconv.Itoa(t)
	}
	data := [][]string{{"strategy", "upper_subtotal", "games_percent", "bonus_threshold"}}
	ymax, xmax := 0.0, 0.0
	for i, s := range r.res.Summaries {
		h := merged(s.UpperSubtotal)
		n := float64(h.Total())
		if n == 0 {
			continue
		}
		var xys plotter.XYs
		for k, c := range h.Counts {
			y := 100 * float64(c) / n
			ymax = math.Max(ymax, y)
			xys = append(xys, plotter.XY{X: float64(h.Min + k), Y: y})
			data = append(data, []string{s.Strategy, strconv.Itoa(h.Min + k), f64(y), threshold})
		}
		xmax = math.Max(xmax, float64(h.Max()))
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, plotError("upper_subtotal", err)
		}
		line.StepStyle = plotter.MidStep
		line.LineStyle = r.looks[i].line(1)
		lines = append(lines, line)
		p.key(s.Strategy, line)
	}
	p.Y.Min, p.Y.Max = 0, 1.05*ymax
	// The games with the bonus lie on a shaded ground, from the edge of the bar of the
	// threshold up: a line at the threshold would hide the bar of the games that reach
	// it exactly, where the strategies that aim at the bonus pile up.
	if t, ok := r.threshold(); ok {
		lo, hi := float64(t)-0.5, math.Max(xmax, float64(t)+0.5)
		shade, err := plotter.NewPolygon(plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: p.Y.Max}, {X: lo, Y: p.Y.Max}})
		if err != nil {
			return nil, plotError("upper_subtotal", err)
		}
		shade.Color = rgb(0xebebeb)
		shade.LineStyle.Width = 0
		p.Add(shade)
		p.key(fmt.Sprintf(l.thresholdKey, t), shade)
	}
	grid(p, false, true)
	for _, line := range lines {
		p.Add(line)
	}
	svg, png, err := p.render(figWidth, figHeight)
	if err != nil {
		return nil, plotError("upper_subtotal", err)
	}
	figs = append(figs, figure{name: "upper_subtotal", title: l.subtotalTitle, caption: fmt.Sprintf(l.subtotalCaption, r.context()), svg: svg, png: png, csv: data})
	return figs, nil
}

// columnBonusFigure draws, on a sheet of several columns, the rate of each column's upper
// bonus, a row per column and a marker per strategy: the columns differ (a free column
// reaches its bonus far more often than an ordered one), and a rate over all of them
// would hide it.
func (r *report) columnBonusFigure() (figure, error) {
	l := r.l
	cols := columnLabels(r.rules, l.lang)
	var ss []dotSeries
	for i, s := range r.res.Summaries {
		vals := make([]estimate, len(cols))
		for c := range vals {
			vals[c] = wilson(s.UpperBonus[c], s.Games)
		}
		ss = append(ss, dotSeries{name: s.Strategy, look: r.looks[i], vals: vals})
	}
	p := newPlot(l, r.title(l.bonusTitle), l.bonusXColumns, "")
	grid(p, true, false)
	p.X.Tick.Marker = numberTicks{l: l}
	if err := dotPlot(p, cols, ss, true, 100); err != nil {
		return figure{}, plotError("upper_bonus", err)
	}
	p.X.Min = 0
	p.X.Max = percentAxisEnd(p.X.Max)
	svg, png, err := p.render(figWidth, rowsHeight(len(cols), len(ss)))
	if err != nil {
		return figure{}, plotError("upper_bonus", err)
	}
	return figure{name: "upper_bonus", title: l.bonusTitle, caption: fmt.Sprintf(l.bonusCaption, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
		csv: dotCSV("column", "upper_bonus_percent", r.strategyNames(), cols, ss, 100)}, nil
}
