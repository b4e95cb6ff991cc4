package reports

import (
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// DotSeries is one series of a dot plot: per category a value and its 95% interval (a
// NaN value leaves the category out).
type DotSeries struct {
	Name string // in the legend; "" for none
	Look Series
	Vals []Estimate
	NoCI bool // draw the dots alone
	// width of the whiskers, in points; 0 for the default
	Whisker float64
}

// whiskers draw the intervals of a dot plot: a line and its caps, left out where the
// interval is narrower than the marker, which hides it (the captions say so); its caps
// would otherwise stick out of a triangle's narrow top.
type whiskers struct {
	plotter.XYs
	plotter.XErrors
	line draw.LineStyle
	cap  vg.Length
}

func (w *whiskers) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, pt := range w.XYs {
		y := trY(pt.Y)
		lo, hi := trX(pt.X-w.XErrors[i].Low), trX(pt.X+w.XErrors[i].High)
		if hi-lo <= 2*vg.Points(markerRadius) {
			continue
		}
		c.StrokeLines(w.line, c.ClipLinesX([]vg.Point{{X: lo, Y: y}, {X: hi, Y: y}})...)
		for _, x := range []vg.Length{lo, hi} {
			if x >= c.Min.X && x <= c.Max.X {
				c.StrokeLine2(w.line, x, y-w.cap/2, x, y+w.cap/2)
			}
		}
	}
}

// DataRange spans the intervals, so that the axis holds them.
func (w *whiskers) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i, pt := range w.XYs {
		xmin, xmax = math.Min(xmin, pt.X-w.XErrors[i].Low), math.Max(xmax, pt.X+w.XErrors[i].High)
		ymin, ymax = math.Min(ymin, pt.Y), math.Max(ymax, pt.Y)
	}
	return xmin, xmax, ymin, ymax
}

// DotPlot draws dots with their intervals (whiskers), one row per category from the top
// down, the series of a row side by side. With grouped false, each row has a dot of one
// series only and the rows are not split. scale multiplies the values (100 for rates
// shown as percentages).
func DotPlot(p *Fig, cats []string, ss []DotSeries, grouped bool, scale float64) error {
	n := len(cats)
	rev := slices.Clone(cats)
	slices.Reverse(rev)
	p.NominalY(rev...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	spread := 0.0
	if grouped && len(ss) > 1 {
		spread = math.Min(0.66, 0.2*float64(len(ss)-1))
		// Every other row on a light ground: the markers of a row, spread above and
		// below its label, read as the label's.
		if n > 1 {
			p.Add(rowBands{n: n})
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		for _, e := range s.Vals {
			if !math.IsNaN(e.V) {
				lo, hi = math.Min(lo, scale*math.Min(e.V, e.Lo)), math.Max(hi, scale*math.Max(e.V, e.Hi))
			}
		}
	}
	if hi > lo {
		pad := 0.04 * (hi - lo)
		p.X.Min, p.X.Max = lo-pad, hi+pad
	}
	for j, s := range ss {
		off := 0.0
		if spread > 0 {
			off = spread/2 - spread*float64(j)/float64(len(ss)-1)
		}
		var pts plotter.XYs
		var errs plotter.XErrors
		for i, e := range s.Vals {
			if math.IsNaN(e.V) {
				continue
			}
			y := float64(n-1-i) + off
			pts = append(pts, plotter.XY{X: scale * e.V, Y: y})
			errs = append(errs, struct{ Low, High float64 }{scale * (e.V - e.Lo), scale * (e.Hi - e.V)})
		}
		if len(pts) == 0 {
			continue
		}
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		dots.GlyphStyle = s.Look.Marker(markerRadius)
		thumbs := []plot.Thumbnailer{dots}
		if !s.NoCI {
			w := s.Whisker
			if w == 0 {
				w = 1
			}
			bars := &whiskers{XYs: pts, XErrors: errs, line: draw.LineStyle{Color: s.Look.Color, Width: vg.Points(w)}, cap: vg.Points(3)}
			// The marker stands on a white disc or shape of its own outline, so that an
			// interval narrower than the marker hides behind it (the captions say so)
			// rather than showing through a hollow marker as a stray glyph.
			ground, err := plotter.NewScatter(pts)
			if err != nil {
				return err
			}
			ground.GlyphStyle = draw.GlyphStyle{Color: color.White, Radius: vg.Points(markerRadius), Shape: solid(s.Look.Glyph)}
			p.Add(bars, ground)
		}
		p.Add(dots)
		if s.Name != "" {
			p.Key(s.Name, thumbs...)
		}
	}
	return nil
}

// rowBands shade every other row of a dot plot of n rows, from the top one, across the
// whole width of the axes; they take no part in the range of the data.
type rowBands struct{ n int }

func (b rowBands) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	c.SetColor(rowBandColor)
	for i := 0; i < b.n; i += 2 {
		y := float64(b.n - 1 - i)
		lo, hi := trY(y-0.5), trY(y+0.5)
		lo, hi = max(lo, c.Min.Y), min(hi, c.Max.Y)
		var band vg.Path
		band.Move(vg.Point{X: c.Min.X, Y: lo})
		band.Line(vg.Point{X: c.Max.X, Y: lo})
		band.Line(vg.Point{X: c.Max.X, Y: hi})
		band.Line(vg.Point{X: c.Min.X, Y: hi})
		band.Close()
		c.Fill(band)
	}
}

// rowBandColor is a light grey that lets the grid show through.
var rowBandColor = color.NRGBA{A: 14}

// markerRadius is the radius of the markers of a dot plot, in points.
const markerRadius = 2.6

// solid returns the filled shape of a marker's outline: a disc for a ring, a box for a
// square, a pyramid for a triangle, a triangle on its point for one, a diamond for a
// diamond, and a disc around a cross, a plus or a star.
func solid(g draw.GlyphDrawer) draw.GlyphDrawer {
	switch g.(type) {
	case draw.SquareGlyph, draw.BoxGlyph, squareGlyph:
		return draw.BoxGlyph{}
	case draw.TriangleGlyph, draw.PyramidGlyph, triangleGlyph:
		return draw.PyramidGlyph{}
	case diamondGlyph, hollowDiamondGlyph:
		return diamondGlyph{}
	case triangleDownGlyph:
		return triangleDownGround{}
	}
	return draw.CircleGlyph{}
}

// Vline draws a vertical reference line across the rows of a dot plot, or across y0..y1.
func Vline(x, y0, y1 float64, style draw.LineStyle) (*plotter.Line, error) {
	l, err := plotter.NewLine(plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}})
	if err != nil {
		return nil, err
	}
	l.LineStyle = style
	return l, nil
}

// RowsHeight is the height of a figure of n rows of categories.
func RowsHeight(n, perRow int) vg.Length {
	h := vg.Points(70) + vg.Length(n)*vg.Points(float64(6+5*perRow))
	return max(FigHeight*2/3, min(h, 9*vg.Inch))
}
