package simulation

import (
	"fmt"
	"math"
	"strconv"
	"yams/reports"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func (r *report) yahtzeeFigures() ([]reports.Figure, error) {
	l := r.l
	if r.rules.FiveOfAKindBox() < 0 {
		return nil, nil
	}
	box := r.yahtzeeLabel()
	var figs []reports.Figure

	p := reports.NewPlot(l, r.title(fmt.Sprintf(l.YahtzeeTitle, box)), fmt.Sprintf(l.YahtzeeX, box), "")
	reports.Grid(p, true, false)
	rates := r.strategyRows(func(i int) reports.Estimate { return reports.FromProportion(r.st[i].YahtzeeScored) })
	if err := reports.DotPlot(p, r.strategyNames(), rates, false, 100); err != nil {
		return nil, reports.PlotError("yahtzee", err)
	}
	p.X.Min = 0
	svg, png, err := p.Render(reports.FigWidth, reports.RowsHeight(len(r.res.Summaries), 1))
	if err != nil {
		return nil, reports.PlotError("yahtzee", err)
	}
	figs = append(figs, reports.Figure{Name: "yahtzee", Title: fmt.Sprintf(l.YahtzeeTitle, box),
		Caption: fmt.Sprintf(l.YahtzeeCaption, box, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: reports.DotCSV("", "scored_percent", r.strategyNames(), nil, rates, 100)})

	if r.extraBonus() {
		p := reports.NewPlot(l, r.title(fmt.Sprintf(l.ExtraTitle, box)), l.ExtraX, l.ExtraY)
		reports.Grid(p, false, true)
		// The axis is linear in log10 of the share rather than gonum's LogScale, which
		// places the glyph box of the axis label at the middle of the data range, high
		// up a logarithmic axis, and pushes the plot down by half the label's length.
		p.Y.Tick.Marker = decadeTicks{l}
		ymin := 100.0
		kmax := 0
		data := [][]string{{"strategy", "extra_bonuses", "games_percent"}}
		for i, s := range r.res.Summaries {
			var xys plotter.XYs
			for k, c := range s.ExtraBonuses.Counts {
				if c == 0 {
					continue
				}
				y := 100 * float64(c) / float64(s.Games)
				ymin = math.Min(ymin, y)
				kmax = max(kmax, s.ExtraBonuses.Min+k)
				xys = append(xys, plotter.XY{X: float64(s.ExtraBonuses.Min + k), Y: math.Log10(y)})
				data = append(data, []string{s.Strategy, strconv.Itoa(s.ExtraBonuses.Min + k), reports.F64(y)})
			}
			line, dots, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, reports.PlotError("extra_bonus", err)
			}
			line.LineStyle = r.looks[i].Line(1)
			dots.GlyphStyle = r.looks[i].Marker(2.6)
			p.Add(line, dots)
			p.Key(s.Strategy, line, dots)
		}
		// A run too short for any extra bonus still gets a decade of axis.
		p.Y.Min = math.Min(1, math.Floor(math.Log10(ymin)))
		p.Y.Max = 2 // 100%
		p.X.Min, p.X.Max = -0.3, float64(kmax)+0.3
		p.X.Tick.Marker = integerTicks{}
		svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
		if err != nil {
			return nil, reports.PlotError("extra_bonus", err)
		}
		figs = append(figs, reports.Figure{Name: "extra_bonus", Title: fmt.Sprintf(l.ExtraTitle, box),
			Caption: fmt.Sprintf(l.ExtraCaption, box, r.context()), SVG: svg, PNG: png, CSV: data})
	}

	if !r.jokers() {
		return figs, nil
	}
	rows := r.jokerSlots()
	p = reports.NewPlot(l, r.title(l.JokerTitle), l.JokerX, "")
	reports.Grid(p, true, false)
	var cats []string
	for _, id := range rows {
		cats = append(cats, r.slots[id])
	}
	var ss []reports.DotSeries
	for i, s := range r.res.Summaries {
		var vals []reports.Estimate
		for _, id := range rows {
			vals = append(vals, reports.Wilson(s.Slots[id].Jokers, s.Games))
		}
		ss = append(ss, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: vals})
	}
	if err := reports.DotPlot(p, cats, ss, true, 100); err != nil {
		return nil, reports.PlotError("jokers", err)
	}
	p.X.Min = 0
	svg, png, err = p.Render(reports.FigWidth, reports.RowsHeight(len(rows), len(ss)))
	if err != nil {
		return nil, reports.PlotError("jokers", err)
	}
	figs = append(figs, reports.Figure{Name: "jokers", Title: l.JokerTitle, Caption: fmt.Sprintf(l.JokerCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: reports.DotCSV("box", "joker_percent", r.strategyNames(), cats, ss, 100)})
	return figs, nil
}

// decadeTicks mark an axis of log10 of percentages: 100%, 10%, 1%... and the whole
// multiples between them.
type decadeTicks struct{ l *reports.Labels }

func (t decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := reports.LogTicks{L: t.l, Percent: true}.Ticks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ticks {
		ticks[i].Value = math.Log10(ticks[i].Value)
	}
	return ticks
}

// integerTicks mark every whole number of a short axis.
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for v := math.Ceil(lo); v <= hi; v++ {
		ticks = append(ticks, plot.Tick{Value: v, Label: fmt.Sprint(int64(v))})
	}
	return ticks
}
