package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The one style of every plot. Figures are drawn 4.5 inches wide: printed at the width
// of an article's column (about 3.3 inches) the tick labels are still 6.5 points, and at
// the width of a page they are the size of a footnote.
const (
	figWidth   = 4.5 * vg.Inch
	figHeight  = 3 * vg.Inch
	pngDPI     = 200
	titleSize  = 11
	labelSize  = 10
	tickSize   = 9
	legendSize = 8.5
)

// sans is Liberation Sans, which gonum/plot embeds (its default is Liberation Serif). Its
// metrics are those of Arial and Helvetica, which a browser uses if it lacks it.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// svgFamily replaces the bare family name gonum writes, so that a browser without
// Liberation Sans falls back on a metric-compatible face and then on any sans-serif.
const svgFamily = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"

// series is the look of one strategy (or player) in every plot: a colour, a dash pattern
// and a marker, so that the strategies stay apart in grayscale and in black and white.
// The colours are Okabe and Ito's (2008), ordered so that neighbours differ in lightness.
type series struct {
	color  color.Color
	dashes []vg.Length
	glyph  draw.GlyphDrawer
}

var looks = []series{
	{rgb(0x000000), nil, draw.CircleGlyph{}},
	{rgb(0xE69F00), []vg.Length{vg.Points(5), vg.Points(2)}, draw.TriangleGlyph{}},
	{rgb(0x0072B2), []vg.Length{vg.Points(1.5), vg.Points(1.5)}, draw.SquareGlyph{}},
	{rgb(0xD55E00), []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}, draw.PyramidGlyph{}},
	{rgb(0x56B4E9), []vg.Length{vg.Points(9), vg.Points(3)}, draw.RingGlyph{}},
	{rgb(0x009E73), []vg.Length{vg.Points(3), vg.Points(3)}, draw.BoxGlyph{}},
	{rgb(0xCC79A7), []vg.Length{vg.Points(1), vg.Points(3)}, draw.CrossGlyph{}},
	{rgb(0x666666), []vg.Length{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5), vg.Points(1), vg.Points(1.5)}, draw.PlusGlyph{}},
}

func rgb(v uint32) color.Color {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// look returns the series of the i-th strategy; past eight they repeat.
func look(i int) series { return looks[i%len(looks)] }

func (s series) line(width float64) draw.LineStyle {
	return draw.LineStyle{Color: s.color, Width: vg.Points(width), Dashes: s.dashes}
}

func (s series) marker(radius float64) draw.GlyphStyle {
	return draw.GlyphStyle{Color: s.color, Radius: vg.Points(radius), Shape: s.glyph}
}

// faded returns the colour of s with an alpha, for the bands of intervals.
func (s series) faded(alpha float64) color.Color {
	c := color.NRGBAModel.Convert(s.color).(color.NRGBA)
	c.A = uint8(math.Round(alpha * 255))
	return c
}

var gray = rgb(0x888888)

// fig is a plot being built, and the keys of its legend, which is drawn under the plot
// (in two columns past two keys) so that it never hides the data.
type fig struct {
	*plot.Plot
	keys []key
}

type key struct {
	name   string
	thumbs []plot.Thumbnailer
}

// key adds an entry to the legend; with no thumbnail it is a line of text.
func (f *fig) key(name string, thumbs ...plot.Thumbnailer) {
	f.keys = append(f.keys, key{name, thumbs})
}

// newPlot returns a plot in the house style: Liberation Sans in the sizes above, the
// numbers in the language, and the legend under the plot.
func newPlot(l *labels, title, xLabel, yLabel string) *fig {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(sans, titleSize)
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, labelSize)
		a.Tick.Label.Font = font.From(sans, tickSize)
		a.Tick.Length = vg.Points(4)
		a.Padding = vg.Points(3)
		a.Tick.Marker = numberTicks{l: l}
	}
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	return &fig{Plot: p}
}

// legendEntry is the height of a line of the legend.
const legendEntry = vg.Length(legendSize * 1.45)

// legendHeight is the height of the legend under the plot.
func (f *fig) legendHeight() vg.Length {
	if len(f.keys) == 0 {
		return 0
	}
	return vg.Length(f.legendRows())*legendEntry + vg.Points(8)
}

func (f *fig) legendRows() int {
	if len(f.keys) <= 2 {
		return len(f.keys)
	}
	return (len(f.keys) + 1) / 2
}

// draw draws the plot and, under it, its legend.
func (f *fig) draw(c draw.Canvas) {
	lh := f.legendHeight()
	f.Plot.Draw(draw.Crop(c, 0, 0, lh, 0))
	if lh == 0 {
		return
	}
	f.drawLegend(draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - lh)))
}

// drawLegend draws the keys in c, the strip under the plot.
func (f *fig) drawLegend(c draw.Canvas) {
	rows := f.legendRows()
	cols := (len(f.keys) + rows - 1) / rows
	area := draw.Crop(c, vg.Points(6), -vg.Points(6), vg.Points(4), 0)
	width := (area.Max.X - area.Min.X) / vg.Length(cols)
	for k := range cols {
		leg := plot.NewLegend()
		leg.TextStyle.Font = font.From(sans, legendSize)
		leg.Top, leg.Left = true, true
		leg.ThumbnailWidth = vg.Points(22)
		leg.Padding = legendEntry - vg.Length(legendSize)*1.2
		for _, e := range f.keys[k*rows : min(len(f.keys), (k+1)*rows)] {
			leg.Add(e.name, e.thumbs...)
		}
		col := area
		col.Min.X = area.Min.X + vg.Length(k)*width
		col.Max.X = col.Min.X + width
		leg.Draw(col)
	}
}

// render draws the figure as SVG and PNG; h is the height of the plot, to which the
// legend's is added.
func (f *fig) render(w, h vg.Length) (svg, png []byte, err error) {
	return renderWith(f.draw, w, h+f.legendHeight())
}

// grid adds light grid lines; vertical and horizontal say which.
func grid(p *fig, vertical, horizontal bool) {
	g := plotter.NewGrid()
	g.Vertical = draw.LineStyle{Color: rgb(0xdddddd), Width: vg.Points(0.4)}
	g.Horizontal = g.Vertical
	if !vertical {
		g.Vertical.Width = 0
	}
	if !horizontal {
		g.Horizontal.Width = 0
	}
	p.Add(g)
}

// numberTicks mark round values, written in the language.
type numberTicks struct{ l *labels }

func (t numberTicks) Ticks(lo, hi float64) []plot.Tick { return niceTicks(t.l, lo, hi) }

// niceTicks marks about five round values between lo and hi (steps of 1, 2, 2.5 or 5
// times a power of ten), labelled with as many decimals as the step needs, and a minor
// tick between each.
func niceTicks(l *labels, lo, hi float64) []plot.Tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return []plot.Tick{{Value: lo, Label: l.num(lo, 0)}}
	}
	mag := math.Pow(10, math.Floor(math.Log10(span/5)))
	step, prec := mag, 0
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		step = m * mag
		if span/step <= 6.5 {
			break
		}
	}
	for prec < 12 {
		if v := step * math.Pow(10, float64(prec)); math.Abs(v-math.Round(v)) < 1e-6*v {
			break
		}
		prec++
	}
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: l.num(v, prec)})
		if minor := v + step/2; minor <= hi {
			ticks = append(ticks, plot.Tick{Value: minor})
		}
	}
	if first := math.Ceil(lo/step-1e-9) * step; first-step/2 >= lo {
		ticks = append(ticks, plot.Tick{Value: first - step/2})
	}
	return ticks
}

// logTicks label the powers of ten of a logarithmic axis as 1, 10, 100, 1,000... or as
// percentages.
type logTicks struct {
	l       *labels
	percent bool
}

func (t logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		v := math.Pow(10, e)
		label := ""
		switch {
		case t.percent:
			label = t.l.percentLabel(v)
		default:
			label = t.l.count(int64(math.Round(v)))
		}
		if v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
		for k := 2.0; k < 10; k++ {
			if k*v >= lo && k*v <= hi {
				ticks = append(ticks, plot.Tick{Value: k * v})
			}
		}
	}
	return ticks
}

// renderWith draws with a function of the canvas, for figures of several plots.
func renderWith(draw1 func(c draw.Canvas), w, h vg.Length) (svg, png []byte, err error) {
	sc := vgsvg.New(w, h)
	draw1(inset(draw.New(sc)))
	var b bytes.Buffer
	if _, err := sc.WriteTo(&b); err != nil {
		return nil, nil, err
	}
	svg = fixSVG(b.Bytes())
	ic := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(pngDPI))
	draw1(inset(draw.New(ic)))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: ic}).WriteTo(&pb); err != nil {
		return nil, nil, err
	}
	return svg, pb.Bytes(), nil
}

// margin keeps the labels off the edges of the image.
const margin = vg.Length(4)

// inset returns the canvas within the margin, on a white page.
func inset(c draw.Canvas) draw.Canvas {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	return draw.Crop(c, margin, -margin, margin, -margin)
}

// fixSVG gives the text a font stack, drops the generator comment, and lets images fill
// their box: the colour bar is an image one pixel tall, which a browser would otherwise
// keep in proportion, a thin line across the middle of the bar.
func fixSVG(svg []byte) []byte {
	s := string(svg)
	s = strings.Replace(s, "<!-- Generated by SVGo and Plotinum VG -->\n", "", 1)
	s = strings.ReplaceAll(s, "font-family:Liberation Sans;", svgFamily)
	s = strings.ReplaceAll(s, "<image ", `<image preserveAspectRatio="none" `)
	return []byte(s)
}

// plotError wraps an error of gonum/plot with the figure it was drawing.
func plotError(name string, err error) error {
	return fmt.Errorf("reports: plot %s: %w", name, err)
}
