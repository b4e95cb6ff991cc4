package simulation

import (
	"fmt"
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
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
		out = append(out, pairFigures{name: p.A + " − " + p.B, versus: fmt.Sprintf(r.l.Versus, p.A, p.B), st: p.Stats(), unpaired: sim.Unpaired(a, b)})
	}
	return out
}

func (r *report) pairFigures() ([]reports.Figure, error) {
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
		return nil, reports.PlotError("pairs", err)
	}
	data := [][]string{{"a", "b", "mean_difference", "paired_lo", "paired_hi", "unpaired_lo", "unpaired_hi"}}
	h2h := [][]string{{"a", "b", "a_wins_percent", "ties_percent", "b_wins_percent"}}
	for k, p := range pairs {
		pr := r.res.Pairs[k]
		data = append(data, []string{pr.A, pr.B, reports.F64(p.st.Mean), reports.F64(p.st.CI95.Lo), reports.F64(p.st.CI95.Hi), reports.F64(p.unpaired.Lo), reports.F64(p.unpaired.Hi)})
		h2h = append(h2h, []string{pr.A, pr.B, reports.F64(100 * p.st.Wins.Rate), reports.F64(100 * p.st.Ties.Rate), reports.F64(100 * p.st.Losses.Rate)})
	}
	figs := []reports.Figure{{Name: "pairs", Title: l.PairTitle, Caption: fmt.Sprintf(l.PairCaption, r.context()), SVG: svg, PNG: png, CSV: data}}
	h := reports.RowsHeight(len(cats), 1)

	p := reports.NewPlot(l, r.title(l.H2hTitle), l.H2hX, "")
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
		{l.H2hWin, reports.FirstWinsColour, func(s sim.PairStats) float64 { return s.Wins.Rate }},
		{l.H2hTie, reports.TieColour, func(s sim.PairStats) float64 { return s.Ties.Rate }},
		{l.H2hLoss, reports.SecondWinsColour, func(s sim.PairStats) float64 { return s.Losses.Rate }},
	} {
		vals := make(plotter.Values, n)
		for i, pr := range pairs {
			vals[n-1-i] = 100 * part.value(pr.st)
		}
		bars, err := plotter.NewBarChart(vals, barW)
		if err != nil {
			return nil, reports.PlotError("head_to_head", err)
		}
		bars.Horizontal = true
		bars.Color = part.color
		bars.LineStyle = draw.LineStyle{Color: reports.RGB(0x333333), Width: vg.Points(0.4)}
		if below != nil {
			bars.StackOn(below)
		}
		below = bars
		p.Add(bars)
		p.Key(part.name, bars)
	}
	svg, png, err = p.Render(reports.FigWidth, h)
	if err != nil {
		return nil, reports.PlotError("head_to_head", err)
	}
	figs = append(figs, reports.Figure{Name: "head_to_head", Title: l.H2hTitle, Caption: fmt.Sprintf(l.H2hCaption, r.context()), SVG: svg, PNG: png, CSV: h2h})
	return figs, nil
}

// pairPanels draws the differences of the pairs one panel each, on its own scale: the
// difference between a random player and a good one would otherwise squeeze every
// interval into a dot. Each panel shows the paired interval (thick) over the unpaired
// one (thin), and zero when it is in range.
func (r *report) pairPanels(pairs []pairFigures) (svg, png []byte, err error) {
	l := r.l
	n := len(pairs)
	key := reports.NewPlot(l, "", "", "")
	pairedLook := reports.Series{Color: reports.Black, Glyph: draw.CircleGlyph{}}
	unpairedLook := reports.Series{Color: reports.Gray, Glyph: draw.RingGlyph{}}
	var panels []*reports.Fig
	for k, pr := range pairs {
		title, xLabel := "", ""
		if k == 0 {
			title = r.title(l.PairTitle)
		}
		if k == n-1 {
			xLabel = l.PairX
		}
		p := reports.NewPlot(l, title, xLabel, "")
		reports.Grid(p, true, false)
		ss := []reports.DotSeries{
			{Look: pairedLook, Vals: []reports.Estimate{{V: pr.st.Mean, Lo: pr.st.CI95.Lo, Hi: pr.st.CI95.Hi}}, Whisker: 2.2},
			{Look: unpairedLook, Vals: []reports.Estimate{{V: pr.st.Mean, Lo: pr.unpaired.Lo, Hi: pr.unpaired.Hi}}, Whisker: 0.8},
		}
		if err := reports.DotPlot(p, []string{pr.name}, ss, true, 1); err != nil {
			return nil, nil, err
		}
		lo, hi := pr.unpaired.Lo, pr.unpaired.Hi
		pad := (hi - lo) * 0.15
		p.X.Min, p.X.Max = lo-pad, hi+pad
		if lo-pad <= 0 && 0 <= hi+pad {
			zero, err := reports.Vline(0, -0.6, 0.6, draw.LineStyle{Color: reports.Gray, Width: vg.Points(0.8)})
			if err != nil {
				return nil, nil, err
			}
			p.Add(zero)
		}
		panels = append(panels, p)
	}
	dots := func(s reports.Series) plot.Thumbnailer {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = s.Marker(2.6)
		return sc
	}
	key.Key(l.PairedKey, dots(pairedLook))
	key.Key(l.UnpairedKey, dots(unpairedLook))
	return reports.RenderPanels(panels, key, vg.Points(48), vg.Points(56))
}
