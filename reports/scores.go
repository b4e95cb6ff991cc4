package reports

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"

	"yams/sim"
)

// binWidths are the widths the score histogram may be drawn with: the smallest that
// gives at most maxBins bins over the range shown.
var binWidths = []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000}

const maxBins = 80

// scoreRange returns the scores to show: from the 0.1th percentile of the strategy that
// scores least to the 99.9th of the one that scores most, widened to whole bins.
func (r *report) scoreRange() (lo, hi, width int) {
	lo, hi = 1<<31-1, -1<<31
	for _, s := range r.res.Summaries {
		lo = min(lo, quantile(&s.Scores, 0.001))
		hi = max(hi, quantile(&s.Scores, 0.999))
	}
	return wholeBins(lo, hi)
}

// wholeBins widens the scores lo to hi to whole bins of the smallest width of binWidths
// that makes at most maxBins of them.
func wholeBins(lo, hi int) (from, to, width int) {
	width = binWidths[len(binWidths)-1]
	for _, w := range binWidths {
		if (hi-lo)/w+1 <= maxBins {
			width = w
			break
		}
	}
	return floorTo(lo, width), floorTo(hi, width) + width, width
}

// distBins returns an exact distribution of the final score (dist[i] the probability of
// min+i) in bins of width from lo to hi, as a percentage per point at the centre of each
// bin, as density does for the games of a run.
func distBins(dist []float64, min, lo, hi, width int) plotter.XYs {
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

// stepLine draws a distribution in bins, xys at their centres.
func stepLine(xys plotter.XYs, lk series) (*plotter.Line, error) {
	line, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	line.StepStyle = plotter.MidStep
	line.LineStyle = lk.line(1.2)
	return line, nil
}

// addDistribution draws the distribution of a strategy, xys in bins of width, with its
// mean and median marked: a solid vertical line from 0 up to the bin of the mean, and a
// marker on the bin of the median; and adds it to the legend.
func addDistribution(p *fig, name string, xys plotter.XYs, width int, mean float64, median int, lk series) error {
	line, err := stepLine(xys, lk)
	if err != nil {
		return err
	}
	ml, err := plotter.NewLine(plotter.XYs{{X: mean, Y: 0}, {X: mean, Y: at(xys, mean, width)}})
	if err != nil {
		return err
	}
	ml.LineStyle = lk.line(0.9)
	ml.LineStyle.Dashes = nil
	med, err := plotter.NewScatter(plotter.XYs{{X: float64(median), Y: at(xys, float64(median), width)}})
	if err != nil {
		return err
	}
	med.GlyphStyle = lk.marker(3)
	p.Add(line, ml, med)
	p.key(name, line, med)
	return nil
}

func floorTo(x, w int) int {
	q := x / w
	if x%w != 0 && x < 0 {
		q--
	}
	return q * w
}

// density returns the histogram of the scores of strategy i in bins of the width, as a
// percentage of the games per point, at the centres of the bins from lo to hi.
func (r *report) density(i, lo, hi, width int) plotter.XYs {
	s := r.res.Summaries[i]
	n := float64(s.Games)
	var xys plotter.XYs
	for b := lo; b < hi; b += width {
		var c int64
		for v := b; v < b+width; v++ {
			if k := v - s.Scores.Min; k >= 0 && k < len(s.Scores.Counts) {
				c += s.Scores.Counts[k]
			}
		}
		xys = append(xys, plotter.XY{X: float64(b) + float64(width-1)/2, Y: 100 * float64(c) / n / float64(width)})
	}
	return xys
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

func (r *report) scoreFigures() ([]figure, error) {
	l := r.l
	lo, hi, width := r.scoreRange()

	p := newPlot(l, r.title(l.scoresTitle), l.scoresX, l.scoresY)
	grid(p, false, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min = 0
	top := 0.0
	data := [][]string{{"strategy", "score_from", "score_to", "games_percent_per_point", "mean", "median"}}
	for i, s := range r.res.Summaries {
		xys := r.density(i, lo, hi, width)
		for k, xy := range xys {
			from := lo + k*width
			data = append(data, []string{s.Strategy, strconv.Itoa(from), strconv.Itoa(from + width - 1), f64(xy.Y), f64(r.st[i].Mean), strconv.Itoa(r.st[i].Median)})
		}
		for _, xy := range xys {
			top = max(top, xy.Y)
		}
		if err := addDistribution(p, s.Strategy, xys, width, r.st[i].Mean, r.st[i].Median, r.looks[i]); err != nil {
			return nil, plotError("scores", err)
		}
	}
	p.key(l.meanKey)
	p.key(l.medianKey)
	p.Y.Max = 1.06 * top
	svg, png, err := p.render(figWidth, figHeight)
	if err != nil {
		return nil, plotError("scores", err)
	}
	figs := []figure{{
		name: "scores", title: l.scoresTitle,
		caption: fmt.Sprintf(l.scoresCaption, width, r.context()) + r.beyondAxis(lo, hi),
		svg:     svg, png: png, csv: data,
	}}

	p = newPlot(l, r.title(l.cdfTitle), l.scoresX, l.cdfY)
	grid(p, true, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min, p.Y.Max = 0, 100
	data = [][]string{{"strategy", "score", "games_at_or_below_percent", "median"}}
	for i, s := range r.res.Summaries {
		h := &s.Scores
		n := float64(s.Games)
		var cum int64
		xys := plotter.XYs{}
		for k, c := range h.Counts {
			cum += c
			v := h.Min + k
			if c == 0 || v < lo {
				continue
			}
			if len(xys) == 0 {
				xys = append(xys, plotter.XY{X: float64(lo), Y: 100 * float64(cum-c) / n})
			}
			if v >= hi {
				break
			}
			xys = append(xys, plotter.XY{X: float64(v), Y: 100 * float64(cum) / n})
		}
		if len(xys) == 0 {
			continue
		}
		last := xys[len(xys)-1]
		xys = append(xys, plotter.XY{X: float64(hi), Y: last.Y})
		for _, xy := range xys {
			data = append(data, []string{s.Strategy, f64(xy.X), f64(xy.Y), strconv.Itoa(r.st[i].Median)})
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, plotError("cdf", err)
		}
		line.StepStyle = plotter.PostStep
		line.LineStyle = r.looks[i].line(1.2)
		med, err := plotter.NewScatter(plotter.XYs{{X: float64(r.st[i].Median), Y: 100 * cdfAt(h, r.st[i].Median, n)}})
		if err != nil {
			return nil, plotError("cdf", err)
		}
		med.GlyphStyle = r.looks[i].marker(3)
		p.Add(line, med)
		p.key(s.Strategy, line, med)
	}
	p.key(l.medianKey)
	svg, png, err = p.render(figWidth, figHeight)
	if err != nil {
		return nil, plotError("cdf", err)
	}
	figs = append(figs, figure{name: "cdf", title: l.cdfTitle, caption: fmt.Sprintf(l.cdfCaption, r.context()) + r.beyondAxis(lo, hi), svg: svg, png: png, csv: data})
	return figs, nil
}

// beyondAxis says how many games the axis of scores, from lo to hi (excluded), leaves
// out on either side, and how far they go; "" if none.
func (r *report) beyondAxis(lo, hi int) string {
	l := r.l
	var below, above int64
	lowest, highest := lo, hi-1
	for _, s := range r.res.Summaries {
		h := &s.Scores
		for k, c := range h.Counts {
			switch v := h.Min + k; {
			case c == 0:
			case v < lo:
				below += c
				lowest = min(lowest, v)
			case v >= hi:
				above += c
				highest = max(highest, v)
			}
		}
	}
	var parts []string
	if above > 0 {
		parts = append(parts, fmt.Sprintf(l.beyondAbove, l.count(above), l.count(int64(hi)), l.count(int64(highest))))
	}
	if below > 0 {
		parts = append(parts, fmt.Sprintf(l.beyondBelow, l.count(below), l.count(int64(lo)), l.count(int64(lowest))))
	}
	if len(parts) == 0 {
		return ""
	}
	together := ""
	if len(r.res.Summaries) > 1 {
		together = l.allTogether
	}
	return " " + fmt.Sprintf(l.beyond, together, strings.Join(parts, l.and))
}

// cdfAt returns the share of the values at or below v.
func cdfAt(h *sim.Histogram, v int, n float64) float64 {
	var c int64
	for k, m := range h.Counts {
		if h.Min+k > v {
			break
		}
		c += m
	}
	return float64(c) / n
}
