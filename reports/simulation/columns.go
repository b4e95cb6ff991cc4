package simulation

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
	"yams/sim"
)

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
func (r *report) columnTurnFigures() ([]reports.Figure, error) {
	if len(r.res.Summaries) == 0 || len(r.res.Summaries[0].Columns) < 2 {
		return nil, nil
	}
	l := r.l
	names := reports.ColumnLabels(r.rules, l.Lang)
	var panels []*reports.Fig
	rows := [][]string{{"strategy", "turn", "column", "percent"}}
	for i, s := range r.res.Summaries {
		shares := columnShares(s)
		p := reports.NewPlot(l, "", "", "")
		reports.Grid(p, true, true)
		for c := range s.Columns {
			pts := make(plotter.XYs, len(shares))
			for t := range shares {
				pts[t] = plotter.XY{X: float64(t + 1), Y: shares[t][c]}
				if c == 0 {
					for k, col := range names {
						rows = append(rows, []string{s.Strategy, fmt.Sprint(t + 1), col, reports.F64(shares[t][k])})
					}
				}
			}
			line, err := plotter.NewLine(pts)
			if err != nil {
				return nil, reports.PlotError("column_turn", err)
			}
			line.LineStyle = reports.ColumnLook(c).Line(1.2)
			p.Add(line)
		}
		p.Add(leftLabel{s.Strategy, r.looks[i].Color})
		p.Y.Min, p.Y.Max = 0, 100
		p.Y.Tick.Marker = reports.FewTicks{L: l}
		p.X.Min, p.X.Max = 1, float64(len(shares))
		panels = append(panels, p)
	}
	n := len(r.res.Summaries[0].Slots)
	for k, p := range panels {
		p.X.Tick.Marker = turnTicks{n: n, blank: k < len(panels)-1}
	}
	panels[0].Title.Text = r.title(l.ColTurnTitle)
	panels[len(panels)-1].X.Label.Text = l.ColTurnX
	panels[(len(panels)-1)/2].Y.Label.Text = l.ColTurnY

	key := reports.NewPlot(l, "", "", "")
	for c, name := range names {
		line, err := plotter.NewLine(plotter.XYs{{}})
		if err != nil {
			return nil, reports.PlotError("column_turn", err)
		}
		line.LineStyle = reports.ColumnLook(c).Line(1.2)
		key.Key(name, line)
	}
	svg, png, err := reports.RenderPanels(panels, key, vg.Points(90), vg.Points(62))
	if err != nil {
		return nil, reports.PlotError("column_turn", err)
	}
	return []reports.Figure{{Name: "column_turn", Title: l.ColTurnTitle, Caption: fmt.Sprintf(l.ColTurnCaption, r.context()), SVG: svg, PNG: png, CSV: rows}}, nil
}

// leftLabel names a panel in its top left corner, in the colour of its strategy: the
// first turns are shared among the columns, where the last turns all go to the column
// left open, whose line reaches the top right corner.
type leftLabel struct {
	text  string
	color color.Color
}

func (t leftLabel) Plot(c draw.Canvas, _ *plot.Plot) {
	sty := draw.TextStyle{Color: t.color, Font: font.From(reports.Sans, reports.LegendSize), Handler: plot.DefaultTextHandler, XAlign: draw.XLeft, YAlign: draw.YTop}
	c.FillText(sty, vg.Point{X: c.Min.X + vg.Points(5), Y: c.Max.Y - vg.Points(3)}, t.text)
}
