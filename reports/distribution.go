package reports

import "gonum.org/v1/plot/plotter"

// binWidths are the widths the score histogram may be drawn with: the smallest that
// gives at most maxBins bins over the range shown.
var binWidths = []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000}

const MaxBins = 80

// WholeBins widens the scores lo to hi to whole bins of the smallest width of binWidths
// that makes at most maxBins of them.
func WholeBins(lo, hi int) (from, to, width int) {
	width = binWidths[len(binWidths)-1]
	for _, w := range binWidths {
		if (hi-lo)/w+1 <= MaxBins {
			width = w
			break
		}
	}
	return FloorTo(lo, width), FloorTo(hi, width) + width, width
}

// DistBins returns an exact distribution of the final score (dist[i] the probability of
// min+i) in bins of width from lo to hi, as a percentage per point at the centre of each
// bin, as density does for the games of a run.
func DistBins(dist []float64, min, lo, hi, width int) plotter.XYs {
	var xys plotter.XYs
	for b := lo; b < hi; b += width {
		sum := 0.0
		for v := b; v < b+width; v++ {
			if j := v - min; j >= 0 && j < len(dist) {
				sum += dist[j]
			}
		}
		xys = append(xys, plotter.XY{X: float64(b) + float64(width-1)/2, Y: 100 * sum / float64(width)})
	}
	return xys
}

// StepLine draws a distribution in bins, xys at their centres.
func StepLine(xys plotter.XYs, lk Series) (*plotter.Line, error) {
	line, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	line.StepStyle = plotter.MidStep
	line.LineStyle = lk.Line(1.2)
	return line, nil
}

// AddDistribution draws the distribution of a strategy, xys in bins of width, with its
// mean and median marked: a solid vertical line from 0 up to the bin of the mean, and a
// marker on the bin of the median; and adds it to the legend.
func AddDistribution(p *Fig, name string, xys plotter.XYs, width int, mean float64, median int, lk Series) error {
	line, err := StepLine(xys, lk)
	if err != nil {
		return err
	}
	ml, err := plotter.NewLine(plotter.XYs{{X: mean, Y: 0}, {X: mean, Y: at(xys, mean, width)}})
	if err != nil {
		return err
	}
	ml.LineStyle = lk.Line(0.9)
	ml.LineStyle.Dashes = nil
	med, err := plotter.NewScatter(plotter.XYs{{X: float64(median), Y: at(xys, float64(median), width)}})
	if err != nil {
		return err
	}
	med.GlyphStyle = lk.Marker(3)
	p.Add(line, ml, med)
	p.Key(name, line, med)
	return nil
}

// RenderDistributions finishes a figure of distributions drawn by AddDistribution, whose
// tallest bin is top: the keys of the mean's line and the median's marker after the
// strategies', room above the tallest bin, and the figure rendered at the reports' size.
// name names the figure in an error.
func RenderDistributions(p *Fig, l *Labels, top float64, name string) (svg, png []byte, err error) {
	p.Key(l.MeanKey)
	p.Key(l.MedianKey)
	p.Y.Max = 1.06 * top
	if svg, png, err = p.Render(FigWidth, FigHeight); err != nil {
		return nil, nil, PlotError(name, err)
	}
	return svg, png, nil
}

// FloorTo returns x rounded down to a multiple of w.
func FloorTo(x, w int) int {
	q := x / w
	if x%w != 0 && x < 0 {
		q--
	}
	return q * w
}

// at returns the y of the bin that holds x.
func at(xys plotter.XYs, x float64, width int) float64 {
	for _, p := range xys {
		if x <= p.X+float64(width)/2 {
			return p.Y
		}
	}
	return 0
}
