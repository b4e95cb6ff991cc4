package simulation

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
	"yams/sim"
)

// minRunning is the fewest games a point of the running mean needs to be drawn: before,
// the interval is as wide as the scores and says nothing.
const minRunning = 30

// runningPoints returns the running means of a summary worth drawing.
func runningPoints(s *sim.Summary) []sim.RunningMean {
	all := s.Convergence()
	var pts []sim.RunningMean
	for _, c := range all {
		if c.Games >= minRunning {
			pts = append(pts, c)
		}
	}
	if len(pts) < 2 {
		pts = pts[:0]
		for _, c := range all {
			if c.Games >= 2 {
				pts = append(pts, c)
			}
		}
	}
	return pts
}

// convergenceRange returns the range of the mean score of a strategy's panel: the final
// interval, widened convergenceZoom times, and every running mean whose interval is at
// most as wide. The final interval then stands out of the panel, and the running mean
// is seen entering it; the first points, as wide as a few dozen games make them, run
// off the panel and are cut.
func convergenceRange(pts []sim.RunningMean, final sim.Stats) (lo, hi float64) {
	half := math.Max(final.CI95.Hi-final.Mean, 1e-9)
	span := convergenceZoom * half
	for _, c := range pts {
		if c.CI95.Hi-c.Mean <= convergenceZoom*half {
			span = math.Max(span, math.Abs(c.Mean-final.Mean))
		}
	}
	span *= 1.15
	return final.Mean - span, final.Mean + span
}

// convergenceZoom is how many times the half-width of the final interval a panel spans
// on each side of the final mean, at least.
const convergenceZoom = 6

// convergenceFigures draws the running mean of each strategy in a panel of its own,
// against the final mean and its 95% interval (a grey strip): on one axis for all, a
// random player's 46 points and optimal's 254 would flatten every running mean into a
// line. Each panel's axis spans its running means; the panels share the axis of games.
func (r *report) convergenceFigures() ([]reports.Figure, error) {
	l := r.l
	var panels []*reports.Fig
	var rows [][]string
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range r.res.Summaries {
		pts := runningPoints(s)
		if len(pts) < 2 {
			continue
		}
		lo, hi = math.Min(lo, float64(pts[0].Games)), math.Max(hi, float64(pts[len(pts)-1].Games))
		st := r.st[i]
		p := reports.NewPlot(l, "", "", "")
		reports.Grid(p, true, true)
		p.X.Scale = plot.LogScale{}
		p.Y.Tick.Marker = reports.FewTicks{L: l}
		var mean, band plotter.XYs
		for _, c := range pts {
			x := float64(c.Games)
			mean = append(mean, plotter.XY{X: x, Y: c.Mean})
			band = append(band, plotter.XY{X: x, Y: c.CI95.Hi})
			rows = append(rows, []string{s.Strategy, reports.I64(c.Games), reports.F64(c.Mean), reports.F64(c.CI95.Lo), reports.F64(c.CI95.Hi), reports.F64(st.Mean), reports.F64(st.CI95.Lo), reports.F64(st.CI95.Hi)})
		}
		for k := len(pts) - 1; k >= 0; k-- {
			band = append(band, plotter.XY{X: float64(pts[k].Games), Y: pts[k].CI95.Lo})
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, reports.PlotError("convergence", err)
		}
		poly.Color = r.looks[i].Faded(0.16)
		poly.LineStyle.Width = 0
		line, dots, err := plotter.NewLinePoints(mean)
		if err != nil {
			return nil, reports.PlotError("convergence", err)
		}
		line.LineStyle = r.looks[i].Line(1.1)
		dots.GlyphStyle = r.looks[i].Marker(2)
		p.Add(finalStrip{st.Mean, st.CI95.Lo, st.CI95.Hi}, poly, line, dots, cornerLabel{s.Strategy, r.looks[i].Color})
		p.Y.Min, p.Y.Max = convergenceRange(pts, st) // after Add, which widens the axes to the data
		panels = append(panels, p)
	}
	if len(panels) == 0 {
		return nil, nil
	}
	for k, p := range panels {
		p.X.Min, p.X.Max = lo, hi
		p.X.Tick.Marker = reports.LogTicks{L: l, Blank: k < len(panels)-1}
	}
	panels[0].Title.Text = r.title(l.ConvTitle)
	panels[len(panels)-1].X.Label.Text = l.ConvX
	panels[(len(panels)-1)/2].Y.Label.Text = l.ConvY

	key := reports.NewPlot(l, "", "", "")
	strip, _ := plotter.NewPolygon(plotter.XYs{{}, {X: 1}, {X: 1, Y: 1}})
	strip.Color, strip.LineStyle.Width = finalStripColor, 0
	key.Key(l.ConvFinalKey, strip)
	sample := reports.Series{Color: reports.Black, Glyph: draw.CircleGlyph{}}
	bandKey, _ := plotter.NewPolygon(plotter.XYs{{}, {X: 1}, {X: 1, Y: 1}})
	bandKey.Color, bandKey.LineStyle.Width = sample.Faded(0.16), 0
	lineKey, dotKey, _ := plotter.NewLinePoints(plotter.XYs{{}})
	lineKey.LineStyle, dotKey.GlyphStyle = sample.Line(1.1), sample.Marker(2)
	key.Key(l.ConvRunningKey, bandKey, lineKey, dotKey)

	svg, png, err := reports.RenderPanels(panels, key, vg.Points(72), vg.Points(62))
	if err != nil {
		return nil, reports.PlotError("convergence", err)
	}
	return []reports.Figure{{Name: "convergence", Title: l.ConvTitle, Caption: fmt.Sprintf(l.ConvCaption, r.context()), SVG: svg, PNG: png,
		CSV: append([][]string{{"strategy", "games", "running_mean", "running_mean_lo", "running_mean_hi", "final_mean", "final_lo", "final_hi"}}, rows...)}}, nil
}

// finalStripColor is the grey of the final interval of a convergence panel.
var finalStripColor = color.NRGBA{A: 40}

// finalStrip draws a final mean and its interval across a panel: a grey strip and a
// line at the mean. It takes no part in the range of the data.
type finalStrip struct{ mean, lo, hi float64 }

func (s finalStrip) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	lo, hi := max(trY(s.lo), c.Min.Y), min(trY(s.hi), c.Max.Y)
	if hi > lo {
		c.SetColor(finalStripColor)
		c.Fill(reports.Polygon(vg.Point{}, []vg.Point{{X: c.Min.X, Y: lo}, {X: c.Max.X, Y: lo}, {X: c.Max.X, Y: hi}, {X: c.Min.X, Y: hi}}))
	}
	y := trY(s.mean)
	c.StrokeLine2(draw.LineStyle{Color: reports.Gray, Width: vg.Points(0.6)}, c.Min.X, y, c.Max.X, y)
}

// cornerLabel names a panel in its top right corner, in the colour of its strategy:
// there the running mean has settled within the final interval, away from the corner.
type cornerLabel struct {
	text  string
	color color.Color
}

func (t cornerLabel) Plot(c draw.Canvas, _ *plot.Plot) {
	sty := draw.TextStyle{Color: t.color, Font: font.From(reports.Sans, reports.LegendSize), Handler: plot.DefaultTextHandler, XAlign: draw.XRight, YAlign: draw.YTop}
	c.FillText(sty, vg.Point{X: c.Max.X - vg.Points(5), Y: c.Max.Y - vg.Points(3)}, t.text)
}
