package reports

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	pngfile "image/png"
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
	FigWidth   = 4.5 * vg.Inch
	FigHeight  = 3 * vg.Inch
	pngDPI     = 200
	titleSize  = 11
	labelSize  = 10
	TickSize   = 9
	LegendSize = 8.5
)

// Sans is Liberation Sans, which gonum/plot embeds (its default is Liberation Serif). Its
// metrics are those of Arial and Helvetica, which a browser uses if it lacks it.
var Sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// SVGFamily replaces the bare family name gonum writes, so that a browser without
// Liberation Sans falls back on a metric-compatible face and then on any sans-serif.
const SVGFamily = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"

// Fig is a plot being built, and the keys of its legend, which is drawn under the plot
// so that it never hides the data.
type Fig struct {
	*plot.Plot
	keys []key
}

type key struct {
	name   string
	thumbs []plot.Thumbnailer
}

// key adds an entry to the legend; with no thumbnail it is a line of text.
func (f *Fig) Key(name string, thumbs ...plot.Thumbnailer) {
	f.keys = append(f.keys, key{name, thumbs})
}

// NewPlot returns a plot in the house style: Liberation Sans in the sizes above, the
// numbers in the language, and the legend under the plot.
func NewPlot(l *Labels, title, xLabel, yLabel string) *Fig {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(Sans, titleSize)
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(Sans, labelSize)
		a.Tick.Label.Font = font.From(Sans, TickSize)
		a.Tick.Length = vg.Points(4)
		a.Padding = vg.Points(3)
		a.Tick.Marker = NumberTicks{L: l}
	}
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	return &Fig{Plot: p}
}

// The legend under a plot reads like text, left to right and then down: its keys fill
// the first row, then the next, in as many columns as the widest key lets fit (up to
// maxLegendColumns), each as wide as its widest key.
const (
	legendEntry      = vg.Length(LegendSize * 1.45) // the height of a row
	legendThumb      = vg.Length(22)                // the width of a key's sample, in points
	legendGap        = vg.Length(16)                // between two columns
	legendInset      = vg.Length(6)                 // from the sides of the figure
	maxLegendColumns = 4
)

var legendText = draw.TextStyle{Font: font.From(Sans, LegendSize), Handler: plot.DefaultTextHandler}

// legendLayout returns the number of columns of the legend of the keys in a figure of
// width w, and the width of each column.
func legendLayout(keys []key, w vg.Length) (cols int, widths []vg.Length) {
	avail := w - 2*margin - 2*legendInset
	keyWidth := func(k key) vg.Length {
		tw := legendText.Rectangle(" " + k.name).Max.X
		if len(k.thumbs) == 0 {
			return tw
		}
		return legendThumb + tw
	}
	for cols = min(maxLegendColumns, len(keys)); cols > 1; cols-- {
		widths = make([]vg.Length, cols)
		for i, k := range keys {
			widths[i%cols] = max(widths[i%cols], keyWidth(k))
		}
		total := legendGap * vg.Length(cols-1)
		for _, cw := range widths {
			total += cw
		}
		if total <= avail {
			return cols, widths
		}
	}
	widest := vg.Length(0)
	for _, k := range keys {
		widest = max(widest, keyWidth(k))
	}
	return 1, []vg.Length{min(avail, widest)}
}

// split returns the keys with a sample, and the text of those without (notes on how to
// read the figure), which the legend writes on a line of their own, after the others.
func (f *Fig) split() (keyed []key, notes string) {
	var texts []string
	for _, k := range f.keys {
		if len(k.thumbs) == 0 {
			texts = append(texts, k.name)
		} else {
			keyed = append(keyed, k)
		}
	}
	return keyed, strings.Join(texts, " · ")
}

// legendHeight is the height of the legend under a plot of width w.
func (f *Fig) legendHeight(w vg.Length) vg.Length {
	if len(f.keys) == 0 {
		return 0
	}
	keyed, notes := f.split()
	rows := 0
	if len(keyed) > 0 {
		cols, _ := legendLayout(keyed, w)
		rows = (len(keyed) + cols - 1) / cols
	}
	if notes != "" {
		rows++
	}
	return vg.Length(rows)*legendEntry + vg.Points(8)
}

// draw draws the plot and, under it, its legend.
func (f *Fig) draw(c draw.Canvas) {
	lh := f.legendHeight(c.Max.X - c.Min.X + 2*margin)
	f.Plot.Draw(draw.Crop(c, 0, 0, lh, 0))
	if lh == 0 {
		return
	}
	f.drawLegend(draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - lh)))
}

// drawLegend draws the keys in c, the strip under the plot: the columns side by side,
// centred, the keys in the order given reading row by row, then the notes.
func (f *Fig) drawLegend(c draw.Canvas) {
	keyed, notes := f.split()
	area := draw.Crop(c, legendInset, -legendInset, vg.Points(4), 0)
	rows := 0
	if len(keyed) > 0 {
		cols, widths := legendLayout(keyed, c.Max.X-c.Min.X+2*margin)
		rows = (len(keyed) + cols - 1) / cols
		used := legendGap * vg.Length(cols-1)
		for _, cw := range widths {
			used += cw
		}
		x := area.Min.X + max(0, (area.Max.X-area.Min.X-used)/2)
		for k := range cols {
			leg := plot.NewLegend()
			leg.TextStyle = legendText
			leg.Top, leg.Left = true, true
			leg.ThumbnailWidth = legendThumb
			leg.Padding = legendEntry - vg.Length(LegendSize)*1.2
			for i := k; i < len(keyed); i += cols {
				leg.Add(keyed[i].name, keyed[i].thumbs...)
			}
			col := area
			col.Min.X, col.Max.X = x, x+widths[k]
			leg.Draw(col)
			x += widths[k] + legendGap
		}
	}
	if notes != "" {
		sty := legendText
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		y := area.Max.Y - vg.Length(rows)*legendEntry
		c.FillText(sty, vg.Point{X: (area.Min.X + area.Max.X) / 2, Y: y}, notes)
	}
}

// render draws the figure as SVG and PNG; h is the height of the plot, to which the
// legend's is added.
func (f *Fig) Render(w, h vg.Length) (svg, png []byte, err error) {
	return RenderWith(f.draw, w, h+f.legendHeight(w))
}

// Grid adds light grid lines; vertical and horizontal say which.
func Grid(p *Fig, vertical, horizontal bool) {
	g := plotter.NewGrid()
	g.Vertical = draw.LineStyle{Color: RGB(0xdddddd), Width: vg.Points(0.4)}
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
// PercentAxisEnd is where an axis of percentages from 0 ends for values up to top: the
// first of 10, 20, ... 60, 80 and 100 at or past top, each a labelled tick of the axis
// (steps of 10 up to 60, of 20 beyond), so that the axis does not end just past its
// data at a value it does not name (68.6% drawn to 70.3).
func PercentAxisEnd(top float64) float64 {
	for _, end := range []float64{10, 20, 30, 40, 50, 60, 80, 100} {
		if top <= end+1e-9 {
			return end
		}
	}
	return top
}

type NumberTicks struct{ L *Labels }

func (t NumberTicks) Ticks(lo, hi float64) []plot.Tick { return niceTicks(t.L, lo, hi) }

// niceTicks marks about five round values between lo and hi (steps of 1, 2, 2.5 or 5
// times a power of ten), labelled with as many decimals as the step needs, and a minor
// tick between each.
func niceTicks(l *Labels, lo, hi float64) []plot.Tick { return roundTicks(l, lo, hi, 6.5) }

// roundTicks marks round values between lo and hi, at most most of them.
func roundTicks(l *Labels, lo, hi, most float64) []plot.Tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return []plot.Tick{{Value: lo, Label: l.Num(lo, 0)}}
	}
	mag := math.Pow(10, math.Floor(math.Log10(span/(most-1.5))))
	step, prec := mag, 0
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		step = m * mag
		if span/step <= most {
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
		ticks = append(ticks, plot.Tick{Value: v, Label: l.Num(v, prec)})
		if minor := v + step/2; minor <= hi {
			ticks = append(ticks, plot.Tick{Value: minor})
		}
	}
	if first := math.Ceil(lo/step-1e-9) * step; first-step/2 >= lo {
		ticks = append(ticks, plot.Tick{Value: first - step/2})
	}
	return ticks
}

// FewTicks mark about three round values, for the short axis of a panel.
type FewTicks struct{ L *Labels }

func (t FewTicks) Ticks(lo, hi float64) []plot.Tick { return roundTicks(t.L, lo, hi, 3.5) }

// LogTicks label the powers of ten of a logarithmic axis as 1, 10, 100, 1,000... or as
// percentages; blank leaves the labels out (a panel above another that has them).
type LogTicks struct {
	L       *Labels
	Percent bool
	Blank   bool
}

func (t LogTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		v := math.Pow(10, e)
		label := ""
		switch {
		case t.Percent:
			label = t.L.percentLabel(v)
		default:
			label = t.L.Count(int64(math.Round(v)))
		}
		if t.Blank {
			label = ""
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

// RenderPanels draws plots one above the other, each panelH high and aligned on their
// axes, and under them the legend of key; extra is the height of the titles and labels
// of the axes, above and below the panels.
func RenderPanels(panels []*Fig, key *Fig, panelH, extra vg.Length) (svg, png []byte, err error) {
	var rows [][]*plot.Plot
	for _, p := range panels {
		rows = append(rows, []*plot.Plot{p.Plot})
	}
	lh := key.legendHeight(FigWidth)
	height := vg.Length(len(panels))*panelH + extra + lh
	draw1 := func(c draw.Canvas) {
		area := draw.Crop(c, 0, 0, lh, 0)
		tiles := draw.Tiles{Rows: len(rows), Cols: 1, PadY: vg.Points(4)}
		canvases := plot.Align(rows, tiles, area)
		for k := range rows {
			rows[k][0].Draw(canvases[k][0])
		}
		key.drawLegend(draw.Crop(c, 0, 0, 0, -(c.Max.Y - c.Min.Y - lh)))
	}
	return RenderWith(draw1, FigWidth, height)
}

// RenderWith draws with a function of the canvas, for figures of several plots.
func RenderWith(draw1 func(c draw.Canvas), w, h vg.Length) (svg, png []byte, err error) {
	sc := vgsvg.New(w, h)
	draw1(inset(draw.New(sc)))
	var b bytes.Buffer
	if _, err := sc.WriteTo(&b); err != nil {
		return nil, nil, err
	}
	svg = fixSVG(b.Bytes())
	var img image.Image
	if BlankPNGs {
		img = image.NewGray(image.Rect(0, 0, int(w/vg.Inch*pngDPI+0.5), int(h/vg.Inch*pngDPI+0.5)))
	} else {
		ic := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(pngDPI))
		draw1(inset(draw.New(ic)))
		img = ic.Image()
	}
	var pb bytes.Buffer
	if err := (&pngfile.Encoder{CompressionLevel: PNGCompression}).Encode(&pb, img); err != nil {
		return nil, nil, err
	}
	return svg, pb.Bytes(), nil
}

// PNGCompression is the compression of the PNG figures: png.DefaultCompression, the
// bytes gonum's PngCanvas writes. Tests set it lower: filtering and deflating a figure's
// pixels is a good part of the time of writing a report.
var PNGCompression = pngfile.DefaultCompression

// BlankPNGs, set by the tests that never look at a PNG's pixels, writes each figure's PNG
// as a blank image of the figure's size instead of drawing it (the SVG, drawn by the same
// function, is always drawn). Drawing the pixels is most of the time of a report's PNGs;
// the tests of this package draw every kind of figure's (TestPNG,
// TestEveryFigureOnItsPage).
var BlankPNGs bool

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
	s = strings.ReplaceAll(s, "font-family:Liberation Sans;", SVGFamily)
	s = strings.ReplaceAll(s, "<image ", `<image preserveAspectRatio="none" `)
	return []byte(s)
}

// PlotError wraps an error of gonum/plot with the figure it was drawing.
func PlotError(name string, err error) error {
	return fmt.Errorf("reports: plot %s: %w", name, err)
}
