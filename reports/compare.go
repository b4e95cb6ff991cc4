package reports

import (
	"fmt"
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/sim"
)

// pairFigures is what a comparison found, pair by pair.
type pairFigures struct {
	name     string // "a − b"
	versus   string // "a vs b"
	st       sim.PairStats
	unpaired sim.Interval
}

// ratio is the width of the paired interval over that of the unpaired one.
func (p pairFigures) ratio() float64 {
	return (p.st.CI95.Hi - p.st.CI95.Lo) / (p.unpaired.Hi - p.unpaired.Lo)
}

func (r *report) pairs() []pairFigures {
	var out []pairFigures
	for _, p := range r.res.Pairs {
		var a, b *sim.Summary
		for _, s := range r.res.Summaries {
			switch s.Strategy {
			case p.A:
				a = s
			case p.B:
				b = s
			}
		}
		out = append(out, pairFigures{name: p.A + " − " + p.B, versus: fmt.Sprintf(r.l.versus, p.A, p.B), st: p.Stats(), unpaired: sim.Unpaired(a, b)})
	}
	return out
}

// The colours of head_to_head: the first strategy's wins, the ties, the second's wins.
// They are no strategy's (the first and the second are not the strategies of these
// colours): the two ends of ColorBrewer's brown–teal scale, dark teal and light brown,
// and a light grey between, three lightnesses that grayscale keeps apart.
var (
	firstWinsColour  = rgb(0x01665E)
	tieColour        = rgb(0xDDDDDD)
	secondWinsColour = rgb(0xBF812D)
)

func (r *report) pairFigures() ([]figure, error) {
	if len(r.res.Pairs) == 0 {
		return nil, nil
	}
	l := r.l
	pairs := r.pairs()
	var cats []string
	for _, p := range pairs {
		cats = append(cats, p.versus)
	}
	svg, png, err := r.pairPanels(pairs)
	if err != nil {
		return nil, plotError("pairs", err)
	}
	data := [][]string{{"a", "b", "mean_difference", "paired_lo", "paired_hi", "unpaired_lo", "unpaired_hi"}}
	h2h := [][]string{{"a", "b", "a_wins_percent", "ties_percent", "b_wins_percent"}}
	for k, p := range pairs {
		pr := r.res.Pairs[k]
		data = append(data, []string{pr.A, pr.B, f64(p.st.Mean), f64(p.st.CI95.Lo), f64(p.st.CI95.Hi), f64(p.unpaired.Lo), f64(p.unpaired.Hi)})
		h2h = append(h2h, []string{pr.A, pr.B, f64(100 * p.st.Wins.Rate), f64(100 * p.st.Ties.Rate), f64(100 * p.st.Losses.Rate)})
	}
	figs := []figure{{name: "pairs", title: l.pairTitle, caption: fmt.Sprintf(l.pairCaption, r.context()), svg: svg, png: png, csv: data}}
	h := rowsHeight(len(cats), 1)

	p := newPlot(l, r.title(l.h2hTitle), l.h2hX, "")
	n := len(pairs)
	rev := slices.Clone(cats)
	slices.Reverse(rev)
	p.NominalY(rev...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	p.X.Min, p.X.Max = 0, 100
	barW := max(vg.Points(4), (h-vg.Points(70))/vg.Length(n)*0.55)
	var below *plotter.BarChart
	for _, part := range []struct {
		name  string
		color color.Color
		value func(sim.PairStats) float64
	}{
		{l.h2hWin, firstWinsColour, func(s sim.PairStats) float64 { return s.Wins.Rate }},
		{l.h2hTie, tieColour, func(s sim.PairStats) float64 { return s.Ties.Rate }},
		{l.h2hLoss, secondWinsColour, func(s sim.PairStats) float64 { return s.Losses.Rate }},
	} {
		vals := make(plotter.Values, n)
		for i, pr := range pairs {
			vals[n-1-i] = 100 * part.value(pr.st)
		}
		bars, err := plotter.NewBarChart(vals, barW)
		if err != nil {
			return nil, plotError("head_to_head", err)
		}
		bars.Horizontal = true
		bars.Color = part.color
		bars.LineStyle = draw.LineStyle{Color: rgb(0x333333), Width: vg.Points(0.4)}
		if below != nil {
			bars.StackOn(below)
		}
		below = bars
		p.Add(bars)
		p.key(part.name, bars)
	}
	svg, png, err = p.render(figWidth, h)
	if err != nil {
		return nil, plotError("head_to_head", err)
	}
	figs = append(figs, figure{name: "head_to_head", title: l.h2hTitle, caption: fmt.Sprintf(l.h2hCaption, r.context()), svg: svg, png: png, csv: h2h})
	return figs, nil
}

// pairPanels draws the differences of the pairs one panel each, on its own scale: the
// difference between a random player and a good one would otherwise squeeze every
// interval into a dot. Each panel shows the paired interval (thick) over the unpaired
// one (thin), and zero when it is in range.
func (r *report) pairPanels(pairs []pairFigures) (svg, png []byte, err error) {
	l := r.l
	n := len(pairs)
	key := newPlot(l, "", "", "")
	pairedLook := series{color: black, glyph: draw.CircleGlyph{}}
	unpairedLook := series{color: gray, glyph: draw.RingGlyph{}}
	var panels []*fig
	for k, pr := range pairs {
		title, xLabel := "", ""
		if k == 0 {
			title = r.title(l.pairTitle)
		}
		if k == n-1 {
			xLabel = l.pairX
		}
		p := newPlot(l, title, xLabel, "")
		grid(p, true, false)
		ss := []dotSeries{
			{look: pairedLook, vals: []estimate{{pr.st.Mean, pr.st.CI95.Lo, pr.st.CI95.Hi}}, whisker: 2.2},
			{look: unpairedLook, vals: []estimate{{pr.st.Mean, pr.unpaired.Lo, pr.unpaired.Hi}}, whisker: 0.8},
		}
		if err := dotPlot(p, []string{pr.name}, ss, true, 1); err != nil {
			return nil, nil, err
		}
		lo, hi := pr.unpaired.Lo, pr.unpaired.Hi
		pad := (hi - lo) * 0.15
		p.X.Min, p.X.Max = lo-pad, hi+pad
		if lo-pad <= 0 && 0 <= hi+pad {
			zero, err := vline(0, -0.6, 0.6, draw.LineStyle{Color: gray, Width: vg.Points(0.8)})
			if err != nil {
				return nil, nil, err
			}
			p.Add(zero)
		}
		panels = append(panels, p)
	}
	dots := func(s series) plot.Thumbnailer {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = s.marker(2.6)
		return sc
	}
	key.key(l.pairedKey, dots(pairedLook))
	key.key(l.unpairedKey, dots(unpairedLook))
	return renderPanels(panels, key, vg.Points(48), vg.Points(56))
}
