package reports

import (
	"fmt"
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
	figs := []figure{{name: "pairs", title: l.pairTitle, caption: fmt.Sprintf(l.pairCaption, r.context()), svg: svg, png: png}}
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
		color uint32
		value func(sim.PairStats) float64
	}{
		{l.h2hWin, 0x0072B2, func(s sim.PairStats) float64 { return s.Wins.Rate }},
		{l.h2hTie, 0xDDDDDD, func(s sim.PairStats) float64 { return s.Ties.Rate }},
		{l.h2hLoss, 0xE69F00, func(s sim.PairStats) float64 { return s.Losses.Rate }},
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
		bars.Color = rgb(part.color)
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
	figs = append(figs, figure{name: "head_to_head", title: l.h2hTitle, caption: fmt.Sprintf(l.h2hCaption, r.context()), svg: svg, png: png})
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
	pairedLook := look(0)
	unpairedLook := series{color: gray, glyph: draw.RingGlyph{}}
	var panels [][]*plot.Plot
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
		panels = append(panels, []*plot.Plot{p.Plot})
	}
	dots := func(s series) plot.Thumbnailer {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = s.marker(2.6)
		return sc
	}
	key.key(l.pairedKey, dots(pairedLook))
	key.key(l.unpairedKey, dots(unpairedLook))
	panelH := vg.Points(48)
	height := vg.Length(n)*panelH + vg.Points(56) + key.legendHeight()
	draw1 := func(c draw.Canvas) {
		lh := key.legendHeight()
		area := draw.Crop(c, 0, 0, lh, 0)
		tiles := draw.Tiles{Rows: n, Cols: 1, PadY: vg.Points(4)}
		canvases := plot.Align(panels, tiles, area)
		for k := range panels {
			panels[k][0].Draw(canvases[k][0])
		}
		keyArea := draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - lh))
		key.drawLegend(keyArea)
	}
	return renderWith(draw1, figWidth, height)
}
