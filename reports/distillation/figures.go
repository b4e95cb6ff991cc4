package distillation

import (
	"fmt"
	"image/color"
	"math"
	"yams/reports"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The figures of a distillation: the exact mean of the learned files against their number
// of rules, with optimal, greedy and upper-first marked, and where each file loses its
// points, by kind of decision and by box.

// The looks of the curve: the learned files in black, optimal, greedy and upper-first as
// horizontal lines of their own colours and dashes.
var (
	learnedLook    = reports.Series{Color: reports.Black, Glyph: draw.CircleGlyph{}}
	refOptimalLook = reports.Series{Color: reports.LookOf("optimal", 0).Color}
	refGreedyLook  = reports.Series{Color: reports.LookOf("greedy", 0).Color, Dashes: reports.LookOf("greedy", 0).Dashes}
	refUpperLook   = reports.Series{Color: reports.LookOf("upper-first", 0).Color, Dashes: reports.LookOf("upper-first", 0).Dashes}
)

func (r *distillReport) curveFigure() (reports.Figure, error) {
	l, dl := r.l, r.dl
	const name = "distill_curve"
	p := reports.NewPlot(l, r.title(dl.CurveTitle), dl.CurveX, dl.CurveY)
	reports.Grid(p, true, true)
	var pts plotter.XYs
	lo, hi := math.Min(r.d.Greedy, r.d.UpperFirst), r.d.Optimal
	maxN := 0
	for _, s := range r.d.Steps {
		pts = append(pts, plotter.XY{X: float64(s.N), Y: s.Mean})
		lo, hi = math.Min(lo, s.Mean), math.Max(hi, s.Mean)
		maxN = max(maxN, s.N)
	}
	span := math.Max(hi-lo, 1)
	p.Y.Min, p.Y.Max = lo-0.06*span, hi+0.06*span
	p.X.Min, p.X.Max = -0.5, float64(maxN)+0.5
	p.X.Tick.Marker = countTicks{l: l}
	for _, ref := range []struct {
		v   float64
		lk  reports.Series
		key string
	}{{r.d.Optimal, refOptimalLook, dl.OptimalKey}, {r.d.UpperFirst, refUpperLook, dl.UpperKey}, {r.d.Greedy, refGreedyLook, dl.GreedyKey}} {
		ln, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: ref.v}, {X: p.X.Max, Y: ref.v}})
		if err != nil {
			return reports.Figure{}, reports.PlotError(name, err)
		}
		ln.LineStyle = ref.lk.Line(1.2)
		p.Add(ln)
		p.Key(fmt.Sprintf("%s (%s)", ref.key, l.Num(ref.v, 2)), ln)
	}
	if len(pts) > 0 {
		line, dots, err := plotter.NewLinePoints(pts)
		if err != nil {
			return reports.Figure{}, reports.PlotError(name, err)
		}
		line.LineStyle = learnedLook.Line(1.1)
		dots.GlyphStyle = learnedLook.Marker(2.2)
		p.Add(line, dots)
		p.Key(dl.LearnedKey, line, dots)
	}
	svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return reports.Figure{}, reports.PlotError(name, err)
	}
	caption := dl.CurveCaption
	if r.d.Averaged {
		caption = dl.CurveAveraged
	}
	data := [][]string{{"rules", "mean"}}
	for _, st := range r.d.Steps {
		data = append(data, []string{fmt.Sprint(st.N), fmt.Sprint(st.Mean)})
	}
	return reports.Figure{Name: name, Title: dl.CurveTitle, Caption: fmt.Sprintf(caption, r.context()), SVG: svg, PNG: png, CSV: data}, nil
}

// rampStep returns the shade of the i-th of n series of a ramp: from 0.45 (towards white)
// for the first to −0.45 (towards black) for the last, 0 for one alone.
func rampStep(i, n int) float64 {
	if n < 2 {
		return 0
	}
	return 0.45 - 0.9*float64(i)/float64(n-1)
}

// shade returns c mixed with white (f > 0) or black (f < 0) in the proportion |f|.
func shade(c color.Color, f float64) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 {
		x := float64(v >> 8)
		if f > 0 {
			x += f * (255 - x)
		} else {
			x *= 1 + f
		}
		return uint8(math.Round(x))
	}
	return color.RGBA{R: mix(r), G: mix(g), B: mix(b), A: 0xff}
}

// countTicks mark whole numbers: every one on a short axis, every 5th or 10th beyond.
type countTicks struct{ l *reports.Labels }

func (t countTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1
	switch n := hi - lo; {
	case n > 60:
		step = 10
	case n > 20:
		step = 5
	}
	var ticks []plot.Tick
	for v := int(math.Ceil(lo)); float64(v) <= hi; v++ {
		if v%step == 0 {
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: t.l.Count(int64(v))})
		} else if step == 5 {
			ticks = append(ticks, plot.Tick{Value: float64(v)})
		}
	}
	return ticks
}

// regretFigures draw the regret of each file by kind of decision and by box.
func (r *distillReport) regretFigures() ([]reports.Figure, error) {
	if len(r.d.Files) == 0 {
		return nil, nil
	}
	l, dl := r.l, r.dl
	kinds := append(r.decisionKinds(), l.RegretAll)
	var byKind, byBox []reports.DotSeries
	// The learned files are rule files, drawn as any rules:FILE is, each with a marker
	// and dashes of its own, and in a shade of the rule files' colour, from light for the
	// fewest rules to dark for the most, so that the figure reads in the order of sizes.
	var files []string
	for _, f := range r.d.Files {
		files = append(files, "rules:"+FileName(f.N))
	}
	looks := reports.LooksOf(files)
	for i := range looks {
		looks[i].Color = shade(reports.FamilyLooks["rules"].Color, rampStep(i, len(looks)))
	}
	for i, f := range r.d.Files {
		var vals []reports.Estimate
		for _, c := range f.Regret.Keep {
			vals = append(vals, reports.Exactly(c))
		}
		vals = append(vals, reports.Exactly(f.Regret.Box), reports.Exactly(f.Regret.Total))
		name := dl.fileName(f.N)
		byKind = append(byKind, reports.DotSeries{Name: name, Look: looks[i], Vals: vals, NoCI: true})
		var boxes []reports.Estimate
		for _, c := range f.Regret.ByBox {
			boxes = append(boxes, reports.Exactly(c))
		}
		byBox = append(byBox, reports.DotSeries{Name: name, Look: looks[i], Vals: boxes, NoCI: true})
	}
	var figs []reports.Figure
	for _, fg := range []struct {
		name, title, caption string
		cats                 []string
		ss                   []reports.DotSeries
	}{
		{"distill_regret", l.RegretTitle, dl.RegretCaption, kinds, byKind},
		{"distill_regret_by_box", l.RegretBoxTitle, dl.RegretBoxCaption, reports.SlotLabels(r.d.Rules, l.Lang), byBox},
	} {
		p := reports.NewPlot(l, r.title(fg.title), dl.RegretX, "")
		reports.Grid(p, true, false)
		if err := reports.DotPlot(p, fg.cats, fg.ss, true, 1); err != nil {
			return nil, reports.PlotError(fg.name, err)
		}
		p.X.Min = 0
		svg, png, err := p.Render(reports.FigWidth, reports.RowsHeight(len(fg.cats), len(fg.ss))+vg.Points(10))
		if err != nil {
			return nil, reports.PlotError(fg.name, err)
		}
		data := [][]string{append([]string{"file"}, fg.cats...)}
		for _, ss := range fg.ss {
			row := []string{ss.Name}
			for _, v := range ss.Vals {
				row = append(row, fmt.Sprint(v.V))
			}
			data = append(data, row)
		}
		figs = append(figs, reports.Figure{Name: fg.name, Title: fg.title, Caption: fmt.Sprintf(fg.caption, r.context()), SVG: svg, PNG: png, CSV: data})
	}
	return figs, nil
}

func (r *distillReport) Figures() ([]reports.Figure, error) {
	curve, err := r.curveFigure()
	if err != nil {
		return nil, err
	}
	regret, err := r.regretFigures()
	if err != nil {
		return nil, err
	}
	return append([]reports.Figure{curve}, regret...), nil
}
