package reports

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/sim"
)

// columnColours are the colours of the columns of a sheet in the figure of the columns
// by turn. Columns are not strategies: they have a palette of their own, every colour of
// it far from every strategy's (CIELAB ΔE of 25 or more), so that no column line is
// read as a strategy's; dark ones first. Each column also has dashes of its own, which
// tell the columns apart in grayscale.
var columnColours = []color.Color{
	rgb(0x7F3B08), // dark brown
	rgb(0x1F3A5F), // navy
	rgb(0xE41A1C), // red
	rgb(0x01665E), // dark teal
	rgb(0x984EA3), // violet
	rgb(0x4DAF4A), // leaf green
	rgb(0xA6761D), // ochre
	rgb(0xB2ABD2), // lavender
}

// columnLook is the look of column c in the figure of the columns by turn: its colour
// and its dashes, solid first (a sheet has at most engine.MaxColumns, as many as there
// are colours and dash patterns).
func columnLook(c int) series {
	return series{color: columnColours[c%len(columnColours)], dashes: dashPatterns[c%len(dashPatterns)], glyph: draw.CircleGlyph{}}
}

// columnShares returns, for each turn of a summary's games, the share (%) of its games
// whose box of that turn is in each column: [turn][column].
func columnShares(s *sim.Summary) [][]float64 {
	nb := len(s.Boxes)
	turns := len(s.Slots)
	shares := make([][]float64, turns)
	for t := range shares {
		shares[t] = make([]float64, len(s.Columns))
	}
	if s.Games == 0 || nb == 0 {
		return shares
	}
	for id, slot := range s.Slots {
		c := id / nb
		for t, n := range slot.FillTurn {
			shares[t][c] += 100 * float64(n) / float64(s.Games)
		}
	}
	return shares
}

// columnTurnFigures draws, on a sheet of several columns, in which column each turn's
// box goes, by turn number: a panel per strategy, a line per column. It is the figure of
// how a player uses the choice among columns (the free column kept for the end, the
// ordered ones played early, the sec column taken when a first roll is good); a sheet of
// one column has none.
func (r *report) columnTurnFigures() ([]figure, error) {
	if len(r.res.Summaries) == 0 || len(r.res.Summaries[0].Columns) < 2 {
		return nil, nil
	}
	l := r.l
	names := columnLabels(r.rules, l.lang)
	var panels []*fig
	rows := [][]string{{"strategy", "turn", "column", "percent"}}
	for i, s := range r.res.Summaries {
		shares := columnShares(s)
		p := newPlot(l, "", "", "")
		grid(p, true, true)
		for c := range s.Columns {
			pts := make(plotter.XYs, len(shares))
			for t := range shares {
				pts[t] = plotter.XY{X: float64(t + 1), Y: shares[t][c]}
				if c == 0 {
					for k, col := range names {
						rows = append(rows, []string{s.Strategy, fmt.Sprint(t + 1), col, f64(shares[t][k])})
					}
				}
			}
			line, err := plotter.NewLine(pts)
			if err != nil {
				return nil, plotError("column_turn", err)
			}
			line.LineStyle = columnLook(c).line(1.2)
			p.Add(line)
		}
		p.Add(leftLabel{s.Strategy, r.looks[i].color})
		p.Y.Min, p.Y.Max = 0, 100
		p.Y.Tick.Marker = fewTicks{l: l}
		p.X.Min, p.X.Max = 1, float64(len(shares))
		panels = append(panels, p)
	}
	n := len(r.res.Summaries[0].Slots)
	for k, p := range panels {
		p.X.Tick.Marker = turnTicks{n: n, blank: k < len(panels)-1}
	}
	panels[0].Title.Text = r.title(l.colTurnTitle)
	panels[len(panels)-1].X.Label.Text = l.colTurnX
	panels[(len(panels)-1)/2].Y.Label.Text = l.colTurnY

	key := newPlot(l, "", "", "")
	for c, name := range names {
		line, err := plotter.NewLine(plotter.XYs{{}})
		if err != nil {
			return nil, plotError("column_turn", err)
		}
		line.LineStyle = columnLook(c).line(1.2)
		key.key(name, line)
	}
	svg, png, err := renderPanels(panels, key, vg.Points(90), vg.Points(62))
	if err != nil {
		return nil, plotError("column_turn", err)
	}
	return []figure{{name: "column_turn", title: l.colTurnTitle, caption: fmt.Sprintf(l.colTurnCaption, r.context()), svg: svg, png: png, csv: rows}}, nil
}

// leftLabel names a panel in its top left corner, in the colour of its strategy: the
// first turns are shared among the columns, where the last turns all go to the column
// left open, whose line reaches the top right corner.
type leftLabel struct {
	text  string
	color color.Color
}

func (t leftLabel) Plot(c draw.Canvas, _ *plot.Plot) {
	sty := draw.TextStyle{Color: t.color, Font: font.From(sans, legendSize), Handler: plot.DefaultTextHandler, XAlign: draw.XLeft, YAlign: draw.YTop}
	c.FillText(sty, vg.Point{X: c.Min.X + vg.Points(5), Y: c.Max.Y - vg.Points(3)}, t.text)
}
