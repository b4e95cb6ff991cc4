package reports

import (
	"fmt"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Scaling is how fast a strategy plays with 1, 2, ... workers (yams bench).
type Scaling struct {
	Strategy string
	// GamesPerSecond[w-1] is the rate with w workers.
	GamesPerSecond []float64
}

// ScalingPlot draws the speed-up of each strategy over one worker against the number of
// workers, beside the ideal (linear) speed-up, as SVG and PNG in the style of every plot
// of the package. The rates themselves are in the table that goes with it.
func ScalingPlot(rules string, runs []Scaling) (svg, png []byte, err error) {
	l, err := LabelsFor("en")
	if err != nil {
		return nil, nil, err
	}
	f := NewPlot(l, "Scaling with the number of workers ("+rules+")", "workers (goroutines playing)", "speed-up over one worker")
	maxW := 1
	for _, r := range runs {
		maxW = max(maxW, len(r.GamesPerSecond))
	}
	for _, a := range []*plot.Axis{&f.X, &f.Y} {
		a.Min, a.Max = 0.8, float64(maxW)+0.2
		a.Tick.Marker = workerTicks(maxW)
	}
	Grid(f, true, true)
	ideal, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: float64(maxW), Y: float64(maxW)}})
	if err != nil {
		return nil, nil, err
	}
	ideal.LineStyle = draw.LineStyle{Color: Gray, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	f.Add(ideal)
	f.Key("ideal (linear)", ideal)
	var names []string
	for _, r := range runs {
		names = append(names, r.Strategy)
	}
	looks := LooksOf(names)
	for i, r := range runs {
		if len(r.GamesPerSecond) == 0 || r.GamesPerSecond[0] <= 0 {
			return nil, nil, fmt.Errorf("reports: scaling of %s: no rate with one worker", r.Strategy)
		}
		var xys plotter.XYs
		for w, rate := range r.GamesPerSecond {
			xys = append(xys, plotter.XY{X: float64(w + 1), Y: rate / r.GamesPerSecond[0]})
		}
		line, dots, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, nil, err
		}
		line.LineStyle = looks[i].Line(1.2)
		dots.GlyphStyle = looks[i].Marker(2.6)
		f.Add(line, dots)
		f.Key(r.Strategy, line, dots)
	}
	return f.Render(FigWidth, FigHeight)
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
