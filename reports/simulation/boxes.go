package simulation

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"yams/reports"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

func (r *report) boxFigures() ([]reports.Figure, error) {
	l := r.l
	n := len(r.slots)
	var means, zeros []reports.DotSeries
	for i, s := range r.res.Summaries {
		var m, z []reports.Estimate
		for id := range s.Slots {
			v := r.st[i].Slots[id].Mean
			m = append(m, reports.Estimate{V: v, Lo: v, Hi: v})
			z = append(z, reports.Wilson(s.Slots[id].Zeros, s.Games))
		}
		means = append(means, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: m, NoCI: true})
		zeros = append(zeros, reports.DotSeries{Name: s.Strategy, Look: r.looks[i], Vals: z})
	}
	h := reports.RowsHeight(n, len(r.res.Summaries))

	p := reports.NewPlot(l, r.title(l.BoxMeanTitle), l.BoxMeanX, "")
	reports.Grid(p, true, false)
	if err := reports.DotPlot(p, r.slots, means, true, 1); err != nil {
		return nil, reports.PlotError("box_mean", err)
	}
	p.X.Min = math.Min(0, p.X.Min)
	svg, png, err := p.Render(reports.FigWidth, h)
	if err != nil {
		return nil, reports.PlotError("box_mean", err)
	}
	names := r.strategyNames()
	figs := []reports.Figure{{Name: "box_mean", Title: l.BoxMeanTitle, Caption: fmt.Sprintf(l.BoxMeanCaption, r.context()), SVG: svg, PNG: png,
		CSV: reports.DotCSV("box", "mean", names, r.slots, means, 1)}}

	p = reports.NewPlot(l, r.title(l.ZeroTitle), l.ZeroX, "")
	reports.Grid(p, true, false)
	if err := reports.DotPlot(p, r.slots, zeros, true, 100); err != nil {
		return nil, reports.PlotError("box_zeros", err)
	}
	p.X.Min = 0
	svg, png, err = p.Render(reports.FigWidth, h)
	if err != nil {
		return nil, reports.PlotError("box_zeros", err)
	}
	figs = append(figs, reports.Figure{Name: "box_zeros", Title: l.ZeroTitle, Caption: fmt.Sprintf(l.ZeroCaption, r.context()) + " " + l.HiddenCI, SVG: svg, PNG: png,
		CSV: reports.DotCSV("box", "zero_percent", names, r.slots, zeros, 100)})
	return figs, nil
}

// fillGrid is the share of games in which box (row) was filled in turn (column).
// Its colour is that of the square root of the share (see fillFigures).
type fillGrid struct {
	z          [][]float64 // [box][turn], in %
	rows, cols int
}

func (g fillGrid) Dims() (c, r int)   { return g.cols, g.rows }
func (g fillGrid) Z(c, r int) float64 { return math.Sqrt(g.z[g.rows-1-r][c]) }
func (g fillGrid) X(c int) float64    { return float64(c + 1) }
func (g fillGrid) Y(r int) float64    { return float64(r) }

// heatRamp is ColorBrewer's "Blues" (Brewer, 2002), from near white to dark blue: one
// hue whose lightness falls steadily, so that a darker cell is always more games, in
// colour and in grayscale alike.
var heatRamp = []uint32{0xf7fbff, 0xdeebf7, 0xc6dbef, 0x9ecae1, 0x6baed6, 0x4292c6, 0x2171b5, 0x08519c, 0x08306b}

// heatPalette returns the ramp in 64 steps, interpolated between its colours.
func heatPalette() palette.Palette { return reports.RampPalette(heatRamp, 64) }

// fileName makes a strategy's name safe in a file name.
func fileName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
}

// fillFigures draws a heat map per strategy, each on a colour scale of its own, from 0
// to its largest share rounded up: a figure pasted alone uses the whole ramp, whatever
// the other strategies of the run (a map whose cells reach 20% is not drawn on a scale
// to 40% because another strategy's reach 35%). The colour follows the square root of
// the share: the few cells of a map that hold a third of the games would otherwise take
// the whole ramp, and the shares of a few percent that make most of a map would all look
// alike. The colour bar is marked in shares; the numbers are in the CSV beside.
func (r *report) fillFigures() ([]reports.Figure, error) {
	l := r.l
	var grids []fillGrid
	var tops []float64
	for _, s := range r.res.Summaries {
		n := len(s.Slots)
		g := fillGrid{rows: n, cols: n}
		top := 0.0
		for id := range s.Slots {
			row := make([]float64, n)
			for t, c := range s.Slots[id].FillTurn {
				row[t] = 100 * float64(c) / float64(s.Games)
				top = math.Max(top, row[t])
			}
			g.z = append(g.z, row)
		}
		if top == 0 {
			top = 1
		}
		grids = append(grids, g)
		tops = append(tops, reports.RoundUp(top))
	}
	pal := heatPalette()
	var figs []reports.Figure
	for i, s := range r.res.Summaries {
		n := len(s.Slots)
		top := tops[i]
		hm := plotter.NewHeatMap(grids[i], pal)
		hm.Min, hm.Max = 0, math.Sqrt(top)
		title := fmt.Sprintf(l.FillTitle, reports.Code(s.Strategy))
		p := reports.NewPlot(l, r.title(reports.Plain(title)), l.FillX, l.FillY)
		p.Add(hm)
		rev := slices.Clone(r.slots)
		slices.Reverse(rev)
		p.NominalY(rev...)
		p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
		p.X.Min, p.X.Max = 0.5, float64(n)+0.5
		p.X.Tick.Marker = turnTicks{n: n}

		bar := reports.NewPlot(l, "", "", "")
		bar.HideY()
		cb := &plotter.ColorBar{ColorMap: reports.ColorMapOf(pal, math.Sqrt(top))}
		bar.Add(cb)
		bar.X.Label.Text = l.FillKey
		bar.X.Tick.Marker = sqrtTicks{l: l, top: top}
		bar.X.Label.TextStyle.Font = font.From(reports.Sans, reports.TickSize)

		height := reports.RowsHeight(n, 2)
		draw1 := func(c draw.Canvas) {
			barH := vg.Points(46)
			p.Draw(draw.Crop(c, 0, 0, barH, 0))
			bc := draw.Crop(c, vg.Points(90), -vg.Points(30), 0, -(c.Max.Y - c.Min.Y - barH))
			bar.Draw(bc)
		}
		svg, png, err := reports.RenderWith(draw1, reports.FigWidth, height+vg.Points(46))
		if err != nil {
			return nil, reports.PlotError("fill_turn", err)
		}
		data := [][]string{{"box"}}
		for t := range n {
			data[0] = append(data[0], fmt.Sprintf("turn_%d_percent", t+1))
		}
		for id, row := range grids[i].z {
			cells := []string{s.SlotName(id)}
			for _, v := range row {
				cells = append(cells, reports.F64(v))
			}
			data = append(data, cells)
		}
		figs = append(figs, reports.Figure{
			Name: "fill_turn_" + fileName(s.Strategy), Title: title,
			Caption: fmt.Sprintf(l.FillCaption, reports.Code(s.Strategy), r.context()), SVG: svg, PNG: png, CSV: data,
		})
	}
	return figs, nil
}

// turnTicks label the turns 1, 5, 10... of a sheet of n boxes, and mark every turn; a
// blank axis (a panel above another) has its marks and no labels.
type turnTicks struct {
	n     int
	blank bool
}

func (t turnTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1
	if t.n > 15 {
		step = 5
	}
	var ticks []plot.Tick
	for v := 1; v <= t.n; v++ {
		label := ""
		if !t.blank && (v == 1 || v%step == 0) {
			label = fmt.Sprint(v)
		}
		ticks = append(ticks, plot.Tick{Value: float64(v), Label: label})
	}
	return ticks
}

// sqrtTicks mark the shares 0 and 1, 2, 5, 10, 20, 50... from a fiftieth of top up to
// top on the axis of the colour bar, which runs in square roots of the shares; a share too
// close to the one marked before it is left out, tick and all: a tick without its number
// reads as a number missing.
type sqrtTicks struct {
	l   *reports.Labels
	top float64
}

func (t sqrtTicks) Ticks(lo, hi float64) []plot.Tick {
	var values []float64
	for mag := math.Pow(10, math.Floor(math.Log10(t.top/50))); mag < t.top; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if v := m * mag; v >= t.top/50 && v < t.top*(1-1e-9) {
				values = append(values, v)
			}
		}
	}
	values = append(values, t.top)
	gap := 0.09 * math.Sqrt(t.top)
	ticks := []plot.Tick{{Value: 0, Label: t.l.Num(0, 0)}}
	last := 0.0
	for i, v := range values {
		x := math.Sqrt(v)
		tk := plot.Tick{Value: x}
		// the top is always labelled; a share just under it gives way
		closeToTop := i < len(values)-1 && math.Sqrt(t.top)-x < gap
		if x-last < gap || closeToTop {
			if i < len(values)-1 {
				continue
			}
		}
		prec := max(0, int(math.Ceil(-math.Log10(v)-1e-9)))
		tk.Label = t.l.Num(v, prec)
		last = x
		if x >= lo && x <= hi {
			ticks = append(ticks, tk)
		}
	}
	return ticks
}
