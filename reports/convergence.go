package reports

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

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

func (r *report) convergenceFigures() ([]figure, error) {
	l := r.l
	p := newPlot(l, r.title(l.convTitle), l.convX, l.convY)
	grid(p, true, true)
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = logTicks{l: l}
	drawn := false
	for i, s := range r.res.Summaries {
		pts := runningPoints(s)
		if len(pts) < 2 {
			continue
		}
		var mean, upper, lower plotter.XYs
		for _, c := range pts {
			x := float64(c.Games)
			mean = append(mean, plotter.XY{X: x, Y: c.Mean})
			upper = append(upper, plotter.XY{X: x, Y: c.CI95.Hi})
			lower = append(lower, plotter.XY{X: x, Y: c.CI95.Lo})
		}
		for k := len(lower) - 1; k >= 0; k-- {
			upper = append(upper, lower[k])
		}
		band, err := plotter.NewPolygon(upper)
		if err != nil {
			return nil, plotError("convergence", err)
		}
		band.Color = look(i).faded(0.18)
		band.LineStyle.Width = 0
		line, dots, err := plotter.NewLinePoints(mean)
		if err != nil {
			return nil, plotError("convergence", err)
		}
		line.LineStyle = look(i).line(1.1)
		dots.GlyphStyle = look(i).marker(2)
		p.Add(band, line, dots)
		p.key(s.Strategy, band, line, dots)
		drawn = true
	}
	if !drawn {
		return nil, nil
	}
	svg, png, err := p.render(figWidth, figHeight)
	if err != nil {
		return nil, plotError("convergence", err)
	}
	return []figure{{name: "convergence", title: l.convTitle, caption: fmt.Sprintf(l.convCaption, r.context()), svg: svg, png: png}}, nil
}
