package simulation

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/plot/plotter"

	"yams/reports"
	"yams/sim"
)

// scoreRange returns the scores to show: from the 0.1th percentile of the strategy that
// scores least to the 99.9th of the one that scores most, widened to whole bins.
func (r *report) scoreRange() (lo, hi, width int) {
	lo, hi = 1<<31-1, -1<<31
	for _, s := range r.res.Summaries {
		lo = min(lo, reports.Quantile(&s.Scores, 0.001))
		hi = max(hi, reports.Quantile(&s.Scores, 0.999))
	}
	return reports.WholeBins(lo, hi)
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

func (r *report) scoreFigures() ([]reports.Figure, error) {
	l := r.l
	lo, hi, width := r.scoreRange()

	p := reports.NewPlot(l, r.title(l.ScoresTitle), l.ScoresX, l.ScoresY)
	reports.Grid(p, false, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min = 0
	top := 0.0
	data := [][]string{{"strategy", "score_from", "score_to", "games_percent_per_point", "mean", "median"}}
	for i, s := range r.res.Summaries {
		xys := r.density(i, lo, hi, width)
		for k, xy := range xys {
			from := lo + k*width
			data = append(data, []string{s.Strategy, strconv.Itoa(from), strconv.Itoa(from + width - 1), reports.F64(xy.Y), reports.F64(r.st[i].Mean), strconv.Itoa(r.st[i].Median)})
		}
		for _, xy := range xys {
			top = max(top, xy.Y)
		}
		if err := reports.AddDistribution(p, s.Strategy, xys, width, r.st[i].Mean, r.st[i].Median, r.looks[i]); err != nil {
			return nil, reports.PlotError("scores", err)
		}
	}
	svg, png, err := reports.RenderDistributions(p, l, top, "scores")
	if err != nil {
		return nil, err
	}
	figs := []reports.Figure{{
		Name: "scores", Title: l.ScoresTitle,
		Caption: fmt.Sprintf(l.ScoresCaption, width, r.context()) + r.beyondAxis(lo, hi),
		SVG:     svg, PNG: png, CSV: data,
	}}

	p = reports.NewPlot(l, r.title(l.CdfTitle), l.ScoresX, l.CdfY)
	reports.Grid(p, true, true)
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
			data = append(data, []string{s.Strategy, reports.F64(xy.X), reports.F64(xy.Y), strconv.Itoa(r.st[i].Median)})
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, reports.PlotError("cdf", err)
		}
		line.StepStyle = plotter.PostStep
		line.LineStyle = r.looks[i].Line(1.2)
		med, err := plotter.NewScatter(plotter.XYs{{X: float64(r.st[i].Median), Y: 100 * cdfAt(h, r.st[i].Median, n)}})
		if err != nil {
			return nil, reports.PlotError("cdf", err)
		}
		med.GlyphStyle = r.looks[i].Marker(3)
		p.Add(line, med)
		p.Key(s.Strategy, line, med)
	}
	p.Key(l.MedianKey)
	svg, png, err = p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return nil, reports.PlotError("cdf", err)
	}
	figs = append(figs, reports.Figure{Name: "cdf", Title: l.CdfTitle, Caption: fmt.Sprintf(l.CdfCaption, r.context()) + r.beyondAxis(lo, hi), SVG: svg, PNG: png, CSV: data})
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
		parts = append(parts, fmt.Sprintf(l.BeyondAbove, l.Count(above), l.Count(int64(hi)), l.Count(int64(highest))))
	}
	if below > 0 {
		parts = append(parts, fmt.Sprintf(l.BeyondBelow, l.Count(below), l.Count(int64(lo)), l.Count(int64(lowest))))
	}
	if len(parts) == 0 {
		return ""
	}
	together := ""
	if len(r.res.Summaries) > 1 {
		together = l.AllTogether
	}
	return " " + fmt.Sprintf(l.Beyond, together, strings.Join(parts, l.And))
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
