package reports

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func (r *report) yahtzeeFigures() ([]figure, error) {
	l := r.l
	if r.rules.FiveOfAKindBox() < 0 {
		return nil, nil
	}
	box := r.yahtzeeLabel()
	var figs []figure

	p := newPlot(l, r.title(fmt.Sprintf(l.yahtzeeTitle, box)), fmt.Sprintf(l.yahtzeeX, box), "")
	grid(p, true, false)
	rates := r.strategyRows(func(i int) estimate { return fromProportion(r.st[i].YahtzeeScored) })
	if err := dotPlot(p, r.strategyNames(), rates, false, 100); err != nil {
		return nil, plotError("yahtzee", err)
	}
	p.X.Min = 0
	svg, png, err := p.render(figWidth, rowsHeight(len(r.res.Summaries), 1))
	if err != nil {
		return nil, plotError("yahtzee", err)
	}
	figs = append(figs, figure{name: "yahtzee", title: fmt.Sprintf(l.yahtzeeTitle, box),
		caption: fmt.Sprintf(l.yahtzeeCaption, box, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
		csv: dotCSV("", "scored_percent", r.strategyNames(), nil, rates, 100)})

	if r.extraBonus() {
		p := newPlot(l, r.title(fmt.Sprintf(l.extraTitle, box)), l.extraX, l.extraY)
		grid(p, false, true)
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
				data = append(data, []string{s.Strategy, strconv.Itoa(s.ExtraBonuses.Min + k), f64(y)})
			}
			line, dots, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, plotError("extra_bonus", err)
			}
			line.LineStyle = r.looks[i].line(1)
			dots.GlyphStyle = r.looks[i].marker(2.6)
			p.Add(line, dots)
			p.key(s.Strategy, line, dots)
		}
		// A run too short for any extra bonus still gets a decade of axis.
		p.Y.Min = math.Min(1, math.Floor(math.Log10(ymin)))
		p.Y.Max = 2 // 100%
		p.X.Min, p.X.Max = -0.3, float64(kmax)+0.3
		p.X.Tick.Marker = integerTicks{}
		svg, png, err := p.render(figWidth, figHeight)
		if err != nil {
			return nil, plotError("extra_bonus", err)
		}
		figs = append(figs, figure{name: "extra_bonus", title: fmt.Sprintf(l.extraTitle, box),
			caption: fmt.Sprintf(l.extraCaption, box, r.context()), svg: svg, png: png, csv: data})
	}

	if !r.jokers() {
		return figs, nil
	}
	rows := r.jokerSlots()
	p = newPlot(l, r.title(l.jokerTitle), l.jokerX, "")
	grid(p, true, false)
	var cats []string
	for _, id := range rows {
		cats = append(cats, r.slots[id])
	}
	var ss []dotSeries
	for i, s := range r.res.Summaries {
		var vals []estimate
		for _, id := range rows {
			vals = append(vals, wilson(s.Slots[id].Jokers, s.Games))
		}
		ss = append(ss, dotSeries{name: s.Strategy, look: r.looks[i], vals: vals})
	}
	if err := dotPlot(p, cats, ss, true, 100); err != nil {
		return nil, plotError("jokers", err)
	}
	p.X.Min = 0
	svg, png, err = p.render(figWidth, rowsHeight(len(rows), len(ss)))
	if err != nil {
		return nil, plotError("jokers", err)
	}
	figs = append(figs, figure{name: "jokers", title: l.jokerTitle, caption: fmt.Sprintf(l.jokerCaption, r.context()) + " " + l.hiddenCI, svg: svg, png: png,
		csv: dotCSV("box", "joker_percent", r.strategyNames(), cats, ss, 100)})
	return figs, nil
}

// decadeTicks mark an axis of log10 of percentages: 100%, 10%, 1%... and the whole
// multiples between them.
type decadeTicks struct{ l *labels }

func (t decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := logTicks{l: t.l, percent: true}.Ticks(math.Pow(10, lo), math.Pow(10, hi))
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
