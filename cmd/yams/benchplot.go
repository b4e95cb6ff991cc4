package main

import (
	"bytes"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The scaling plot of yams bench is drawn in the style of the plots of package reports
// (which keeps its style to itself): Liberation Sans in the same sizes, 4.5 inches
// wide, Okabe and Ito's colours each with a dash pattern and a marker, the legend under
// the plot, SVG with a font stack and PNG at 200 dpi.
var (
	plotSans = font.Font{Typeface: "Liberation", Variant: "Sans"}
	// plotLooks are the colour, dashes and marker of the first strategies, as in reports.
	plotLooks = []struct {
		color  color.Color
		dashes []vg.Length
		glyph  draw.GlyphDrawer
	}{
		{color.RGBA{0x00, 0x00, 0x00, 0xff}, nil, draw.CircleGlyph{}},
		{color.RGBA{0xE6, 0x9F, 0x00, 0xff}, []vg.Length{vg.Points(5), vg.Points(2)}, draw.TriangleGlyph{}},
		{color.RGBA{0x00, 0x72, 0xB2, 0xff}, []vg.Length{vg.Points(1.5), vg.Points(1.5)}, draw.SquareGlyph{}},
		{color.RGBA{0xD5, 0x5E, 0x00, 0xff}, []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}, draw.PyramidGlyph{}},
		{color.RGBA{0x56, 0xB4, 0xE9, 0xff}, []vg.Length{vg.Points(9), vg.Points(3)}, draw.RingGlyph{}},
		{color.RGBA{0x00, 0x9E, 0x73, 0xff}, []vg.Length{vg.Points(3), vg.Points(3)}, draw.BoxGlyph{}},
		{color.RGBA{0xCC, 0x79, 0xA7, 0xff}, []vg.Length{vg.Points(1), vg.Points(3)}, draw.CrossGlyph{}},
		{color.RGBA{0x66, 0x66, 0x66, 0xff}, []vg.Length{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5)}, draw.PlusGlyph{}},
	}
)

const (
	plotWidth   = 4.5 * vg.Inch
	plotHeight  = 3 * vg.Inch
	plotDPI     = 200
	legendSize  = 8.5
	legendEntry = vg.Length(legendSize * 1.45)
)

// scalingPlot draws the speed-up of each strategy against the number of workers, with
// the ideal (linear) speed-up, as SVG and PNG.
func scalingPlot(rules string, results []*benchResult) (svg, png []byte, err error) {
	p := plot.New()
	p.Title.Text = "Scaling with the number of workers (" + rules + ")"
	p.Title.TextStyle.Font = font.From(plotSans, 11)
	p.Title.Padding = vg.Points(6)
	maxW := 1
	for _, b := range results {
		maxW = max(maxW, len(b.rates))
	}
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(plotSans, 10)
		a.Tick.Label.Font = font.From(plotSans, 9)
		a.Tick.Length = vg.Points(4)
		a.Padding = vg.Points(3)
		a.Min, a.Max = 0.8, float64(maxW)+0.2
		a.Tick.Marker = workerTicks(maxW)
	}
	p.X.Label.Text = "workers (goroutines playing)"
	p.Y.Label.Text = "speed-up over one worker"
	grid := plotter.NewGrid()
	grid.Vertical = draw.LineStyle{Color: color.RGBA{0xdd, 0xdd, 0xdd, 0xff}, Width: vg.Points(0.4)}
	grid.Horizontal = grid.Vertical
	p.Add(grid)

	type key struct {
		name   string
		thumbs []plot.Thumbnailer
	}
	var keys []key
	ideal, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: float64(maxW), Y: float64(maxW)}})
	if err != nil {
		return nil, nil, err
	}
	ideal.LineStyle = draw.LineStyle{Color: color.RGBA{0x88, 0x88, 0x88, 0xff}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	p.Add(ideal)
	keys = append(keys, key{"ideal: w workers play w times as fast", []plot.Thumbnailer{ideal}})
	for i, b := range results {
		var xys plotter.XYs
		for k, r := range b.rates {
			xys = append(xys, plotter.XY{X: float64(k + 1), Y: r / b.rates[0]})
		}
		line, dots, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, nil, err
		}
		look := plotLooks[i%len(plotLooks)]
		line.LineStyle = draw.LineStyle{Color: look.color, Width: vg.Points(1.2), Dashes: look.dashes}
		dots.GlyphStyle = draw.GlyphStyle{Color: look.color, Radius: vg.Points(2.6), Shape: look.glyph}
		p.Add(line, dots)
		keys = append(keys, key{fmt.Sprintf("%s: %s games/s with one worker", b.name, thousands(int64(b.rates[0]))), []plot.Thumbnailer{line, dots}})
	}

	// The legend goes under the plot, never on the data: one column, its keys are long.
	rows := len(keys)
	lh := vg.Length(rows)*legendEntry + vg.Points(8)
	drawAll := func(c draw.Canvas) {
		c.SetColor(color.White)
		c.Fill(c.Rectangle.Path())
		c = draw.Crop(c, 4, -4, 4, -4)
		p.Draw(draw.Crop(c, 0, 0, lh, 0))
		strip := draw.Crop(c, vg.Points(6), -vg.Points(6), vg.Points(4), -(c.Max.Y - c.Min.Y - lh))
		cols := (len(keys) + rows - 1) / rows
		width := (strip.Max.X - strip.Min.X) / vg.Length(cols)
		for k := range cols {
			leg := plot.NewLegend()
			leg.TextStyle.Font = font.From(plotSans, legendSize)
			leg.Top, leg.Left = true, true
			leg.ThumbnailWidth = vg.Points(22)
			leg.Padding = legendEntry - vg.Length(legendSize)*1.2
			for _, e := range keys[k*rows : min(len(keys), (k+1)*rows)] {
				leg.Add(e.name, e.thumbs...)
			}
			col := strip
			col.Min.X = strip.Min.X + vg.Length(k)*width
			col.Max.X = col.Min.X + width
			leg.Draw(col)
		}
	}
	h := plotHeight + lh
	sc := vgsvg.New(plotWidth, h)
	drawAll(draw.New(sc))
	var sb bytes.Buffer
	if _, err := sc.WriteTo(&sb); err != nil {
		return nil, nil, err
	}
	s := strings.Replace(sb.String(), "<!-- Generated by SVGo and Plotinum VG -->\n", "", 1)
	s = strings.ReplaceAll(s, "font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")
	ic := vgimg.NewWith(vgimg.UseWH(plotWidth, h), vgimg.UseDPI(plotDPI))
	drawAll(draw.New(ic))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: ic}).WriteTo(&pb); err != nil {
		return nil, nil, err
	}
	return []byte(s), pb.Bytes(), nil
}

// workerTicks marks the whole numbers of workers, at most about eight of them labelled.
type workerTicks int

func (t workerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := max(1, int(t)/8)
	var ticks []plot.Tick
	for v := 1; v <= int(t); v++ {
		if float64(v) < lo || float64(v) > hi {
			continue
		}
		label := ""
		if (v-1)%step == 0 || v == int(t) {
			label = strconv.Itoa(v)
		}
		ticks = append(ticks, plot.Tick{Value: float64(v), Label: label})
	}
	return ticks
}
