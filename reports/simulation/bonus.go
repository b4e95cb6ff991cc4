package simulation

import (
	"fmt"
	"math"
	"strconv"
	"yams/reports"

	"gonum.org/v1/plot/plotter"
)

// title ends a figure's title with the rule set, so that a figure copied alone still
// says what it shows.
func (r *report) title(t string) string { return t + " · " + r.res.Rules }

// strategyRows returns one dot series per strategy, each with a value in its own row.
func (r *report) strategyRows(value func(i int) reports.Estimate) []reports.DotSeries {
	var ss []reports.DotSeries
	for i := range r.res.Summaries {
		vals := make([]reports.Estimate, len(r.res.Summaries))
		for k := range vals {
			vals[k] = reports.Estimate{V: reports.NaN, Lo: 0, Hi: 0}
		}
		vals[i] = value(i)
		ss = append(ss, reports.DotSeries{Look: r.looks[i], Vals: vals, Whisker: 1.4})
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

func (r *report) bonusFigures() ([]reports.Figure, error) {
	l := r.l
	s0 := r.res.Summaries[0]
	var figs []reports.Figure
	if len(s0.Columns) > 1 {
		fig, err := r.columnBonusFigure()
		if err != nil {
			return nil, err
		}
		figs = append(figs, fig)
	} else {
		p := reports.NewPlot(l, r.title(l.BonusTitle), l.BonusX, "")
		reports.Grid(p, true, false)
		p.X.Tick.Marker = reports.NumberTicks{L: l}
		rows := r.strategyRows(func(i int) reports.Estimate { return reports.FromProportion(r.st[i].UpperBonus) })
		if err := reports.DotPlot(p, r.strategyNames(), rows, false, 100); err != nil {
			return nil, reports.PlotError("upper_bonus", err)
		}
		p.X.Min = 0
		p.X.Max = reports.PercentAxisEnd(p.X.Max)
		h := reports.RowsHeight(len(r.res.Summaries), 1)
		svg, png, err := p.Render(reports.FigWidth, h)
		if err != nil {
			return nil, reports.PlotError("upper_bonus", err)
		}
		figs = append(figs, reports.Figure{Name: "upper_bonus", Title: l.BonusTitle, Caption: fmt.Sprintf(l.BonusCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
			CSV: reports.DotCSV("", "upper_bonus_percent", r.strategyNames(), nil, rows, 100)})
	}

	p := reports.NewPlot(l, r.title(l.SubtotalTitle), l.SubtotalX, l.SubtotalY)
	var lines []*plotter.Line
	threshold := ""
	if t, ok := r.threshold(); ok {
		threshold = strconv.Itoa(t)
	}
	data := [][]string{{"strategy", "upper_subtotal", "games_percent", "bonus_threshold"}}
	ymax, xmax := 0.0, 0.0
	for i, s := range r.res.Summaries {
		h := reports.Merged(s.UpperSubtotal)
		n := float64(h.Total())
		if n == 0 {
			continue
		}
		var xys plotter.XYs
		for k, c := range h.Counts {
			y := 100 * float64(c) / n
			ymax = math.Max(ymax, y)
			xys = append(xys, plotter.XY{X: float64(h.Min + k), Y: y})
			data = append(data, []string{s.Strategy, strconv.Itoa(h.Min + k), reports.F64(y), threshold})
		}
		xmax = math.Max(xmax, float64(h.Max()))
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, reports.PlotError("upper_subtotal", err)
		}
		line.StepStyle = plotter.MidStep
		line.LineStyle = r.looks[i].Line(1)
		lines = append(lines, line)
		p.Key(s.Strategy, line)
	}
	p.Y.Min, p.Y.Max = 0, 1.05*ymax
	// The games with the bonus lie on a shaded ground, from the edge of the bar of the
	// threshold up: a line at the threshold would hide the bar of the games that reach
	// it exactly, where the strategies that aim at the bonus pile up.
	if t, ok := r.threshold(); ok {
		lo, hi := float64(t)-0.5, math.Max(xmax, float64(t)+0.5)
		shade, err := plotter.NewPolygon(plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: p.Y.Max}, {X: lo, Y: p.Y.Max}})
		if err != nil {
			return nil, reports.PlotError("upper_subtotal", err)
		}
		shade.Color = reports.RGB(0xebebeb)
		shade.LineStyle.Width = 0
		p.Add(shade)
		p.Key(fmt.Sprintf(l.ThresholdKey, t), shade)
	}
	reports.Grid(p, false, true)
	for _, line := range lines {
		p.Add(line)
	}
	svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return nil, reports.PlotError("upper_subtotal", err)
	}
	figs = append(figs, reports.Figure{Name: "upper_subtotal", Title: l.SubtotalTitle, Caption: fmt.Sprintf(l.SubtotalCaption, r.context()), SVG: svg, PNG: png, CSV: data})
	return figs, nil
}

// columnBonusFigure draws, on a sheet of several columns, the rate of each column's upper
// bonus, a row per column and a marker per strategy: the columns differ (a free column
// reaches its bonus far more often than an ordered one), and a rate over all of them
// would hide it.
func (r *report) columnBonusFigure() (reports.Figure, error) {
	l := r.l
	cols := reports.ColumnLabels(r.rules, l.Lang)
	var ss []reports.DotSeries
	for i, s := range r.res.Summaries {
		vals := make([]reports.Estimate, len(cols))
		for c := range vals {
			vals[c] = reports.Wilson(s.UpperBonus[c], s.Games)
		}
		ss = append(ss, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: vals})
	}
	p := reports.NewPlot(l, r.title(l.BonusTitle), l.BonusXColumns, "")
	reports.Grid(p, true, false)
	p.X.Tick.Marker = reports.NumberTicks{L: l}
	if err := reports.DotPlot(p, cols, ss, true, 100); err != nil {
		return reports.Figure{}, reports.PlotError("upper_bonus", err)
	}
	p.X.Min = 0
	p.X.Max = reports.PercentAxisEnd(p.X.Max)
	svg, png, err := p.Render(reports.FigWidth, reports.RowsHeight(len(cols), len(ss)))
	if err != nil {
		return reports.Figure{}, reports.PlotError("upper_bonus", err)
	}
	return reports.Figure{Name: "upper_bonus", Title: l.BonusTitle, Caption: fmt.Sprintf(l.BonusCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: reports.DotCSV("column", "upper_bonus_percent", r.strategyNames(), cols, ss, 100)}, nil
}
