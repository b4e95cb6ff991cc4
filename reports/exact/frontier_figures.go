package exact

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"yams/reports"

	"gonum.org/v1/plot/plotter"
)

// The figures of a frontier: the trade-offs of mean against spread and against P(score ≥ 300),
// their labels (θ, target:T) placed where they hide nothing, and the distributions of the
// final score.

// thetaText writes θ with the decimals it has, in the language: −0,005 in French.
func thetaText(l *reports.Labels, theta float64) string {
	s := strconv.FormatFloat(theta, 'f', -1, 64)
	_, frac, _ := strings.Cut(s, ".")
	return l.Num(theta, len(frac))
}

// riskPath returns the indices of the risk points and optimal's, in the order of θ
// (optimal at θ = 0): the line of a frontier's figures.
func (r *frontierReport) riskPath() []int { return riskPathOf(r.f.Points) }

// The looks of a frontier's figures are those of the strategies everywhere (style.go):
// in the trade-offs, the risk:θ drawn as one family (black discs on a line), the
// target:T as another (bluish green diamonds), optimal and bonus apart; in
// frontier_scores, each strategy drawn in its own look.
var (
	riskLook    = reports.FamilyLook("risk")
	targetLook  = reports.FamilyLook("target")
	optimalLook = reports.LookOf("optimal", 0)
	bonusLook   = reports.LookOf("bonus", 0)
)

// tradeOffAxes returns the axes of a trade-off: they span the points with a margin, so
// that no marker sits on an axis, and a wider one above, where the strategies close to
// optimal, which has the highest mean, bunch up with their labels.
func (r *frontierReport) tradeOffAxes(x func(FrontierPoint) float64) (xlo, xhi, ylo, yhi float64) {
	xlo, xhi, ylo, yhi = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, pt := range r.f.Points {
		xlo, xhi = min(xlo, x(pt)), max(xhi, x(pt))
		ylo, yhi = min(ylo, pt.Mean), max(yhi, pt.Mean)
	}
	xr, yr := max(xhi-xlo, 1e-9), max(yhi-ylo, 1e-9)
	return xlo - 0.06*xr, xhi + 0.06*xr, ylo - 0.06*yr, yhi + 0.16*yr
}

// tradeOffFigure draws the mean of each strategy against x: the risk strategies on a
// line in the order of θ, labelled by θ, optimal and bonus marked apart, and the target
// strategies marked apart, each labelled by its name.
// xHead names x in the figure's CSV.
func (r *frontierReport) tradeOffFigure(name, title, xLabel, caption, xHead string, x func(FrontierPoint) float64) (reports.Figure, error) {
	l, fl := r.l, r.fl
	p := reports.NewPlot(l, r.title(title), xLabel, fl.MeanY)
	reports.Grid(p, true, true)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = r.tradeOffAxes(x)

	path := r.riskPath()
	var line, dots plotter.XYs
	for _, i := range path {
		pt := r.f.Points[i]
		xy := plotter.XY{X: x(pt), Y: pt.Mean}
		line = append(line, xy)
		if pt.Kind == FrontierRisk {
			dots = append(dots, xy)
		}
	}
	if len(line) > 1 {
		ln, err := plotter.NewLine(line)
		if err != nil {
			return reports.Figure{}, reports.PlotError(name, err)
		}
		ln.LineStyle = riskLook.Line(0.9)
		p.Add(ln)
	}
	if len(dots) > 0 {
		sc, err := plotter.NewScatter(dots)
		if err != nil {
			return reports.Figure{}, reports.PlotError(name, err)
		}
		sc.GlyphStyle = riskLook.Marker(riskMarker)
		p.Add(sc)
		p.Key(fl.RiskKey, sc)
	}
	if err := addPointLabels(p, placeLabels(l, r.f.Points, x, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)); err != nil {
		return reports.Figure{}, reports.PlotError(name, err)
	}
	targetKeyed := false
	for _, pt := range r.f.Points {
		var (
			lk  reports.Series
			key string
			rad float64
		)
		switch pt.Kind {
		case FrontierMean:
			lk, key, rad = optimalLook, fl.OptimalKey, optimalMarker
		case FrontierBonus:
			lk, key, rad = bonusLook, fl.BonusKey, bonusMarker
		case FrontierTarget:
			lk, rad = targetLook, targetMarker
			if !targetKeyed { // one entry in the key for all, their labels telling them apart
				key, targetKeyed = fl.TargetKey, true
			}
		default:
			continue
		}
		dot, err := plotter.NewScatter(plotter.XYs{{X: x(pt), Y: pt.Mean}})
		if err != nil {
			return reports.Figure{}, reports.PlotError(name, err)
		}
		dot.GlyphStyle = lk.Marker(rad)
		p.Add(dot)
		if key != "" {
			p.Key(key, dot)
		}
	}
	svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return reports.Figure{}, reports.PlotError(name, err)
	}
	data := [][]string{{"strategy", "kind", xHead, "mean"}}
	for _, pt := range r.f.Points {
		data = append(data, []string{pt.Strategy, pt.Kind, reports.F64(x(pt)), reports.F64(pt.Mean)})
	}
	return reports.Figure{Name: name, Title: title, Caption: caption, SVG: svg, PNG: png, CSV: data}, nil
}

// scored returns the points frontier_scores draws, in the order of the points: optimal,
// bonus, every target:T, and the risk:θ of the smallest and the largest θ, those with a
// distribution.
func (r *frontierReport) scored() []int {
	var out []int
	lo, hi := -1, -1
	for i, p := range r.f.Points {
		if p.Distribution == nil {
			continue
		}
		switch p.Kind {
		case FrontierMean, FrontierBonus, FrontierTarget:
			out = append(out, i)
		case FrontierRisk:
			if lo < 0 || p.Theta < r.f.Points[lo].Theta {
				lo = i
			}
			if hi < 0 || p.Theta > r.f.Points[hi].Theta {
				hi = i
			}
		}
	}
	for _, i := range []int{lo, hi} {
		if i >= 0 && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// scoreLooks are the looks of the points scored, in frontier_scores: each strategy's
// own (style.go), as in every figure that draws it.
func (r *frontierReport) scoreLooks(scored []int) []reports.Series {
	var names []string
	for _, i := range scored {
		names = append(names, r.f.Points[i].Strategy)
	}
	return reports.LooksOf(names)
}

// distQuantile returns the smallest score s with P(score ≤ s) ≥ q.
func distQuantile(dist []float64, lo int, q float64) int {
	c := 0.0
	for i, p := range dist {
		if c += p; c >= q-1e-12 {
			return lo + i
		}
	}
	return lo + len(dist) - 1
}

// scoresFigure draws the distributions of the final score of the points scored
// returns, in bins, as scores does for a run.
func (r *frontierReport) scoresFigure() (reports.Figure, bool, error) {
	l, fl := r.l, r.fl
	idx := r.scored()
	if len(idx) == 0 {
		return reports.Figure{}, false, nil
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, i := range idx {
		p := r.f.Points[i]
		lo = min(lo, distQuantile(p.Distribution, p.DistMin, 0.001))
		hi = max(hi, distQuantile(p.Distribution, p.DistMin, 0.999))
	}
	lo, hi, width := reports.WholeBins(lo, hi)
	p := reports.NewPlot(l, r.title(fl.ScoresTitle), l.ScoresX, l.ScoresY)
	reports.Grid(p, false, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min = 0
	top := 0.0
	looks := r.scoreLooks(idx)
	data := [][]string{{"strategy", "score_from", "score_to", "percent_per_point"}}
	for k, i := range idx {
		pt := r.f.Points[i]
		xys := reports.DistBins(pt.Distribution, pt.DistMin, lo, hi, width)
		for n, xy := range xys {
			top = max(top, xy.Y)
			data = append(data, []string{pt.Strategy, strconv.Itoa(lo + n*width), strconv.Itoa(lo + (n+1)*width - 1), reports.F64(xy.Y)})
		}
		line, err := reports.StepLine(xys, looks[k])
		if err != nil {
			return reports.Figure{}, false, reports.PlotError("frontier_scores", err)
		}
		p.Add(line)
		p.Key(pt.Strategy, line)
	}
	p.Y.Max = 1.06 * top
	svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
	if err != nil {
		return reports.Figure{}, false, reports.PlotError("frontier_scores", err)
	}
	caption := fl.ScoresCaption
	if r.hasTargets() {
		caption = fl.ScoresTargetsCaption
	}
	return reports.Figure{Name: "frontier_scores", Title: fl.ScoresTitle, Caption: fmt.Sprintf(caption, width, r.context()), SVG: svg, PNG: png, CSV: data}, true, nil
}

func (r *frontierReport) Figures() ([]reports.Figure, error) {
	fl := r.fl
	target := slices.Index(FrontierThresholds, frontierTarget)
	targets := "" // what the captions of the trade-offs say of the target strategies
	if r.hasTargets() {
		targets = " " + fl.TargetCaption
	}
	sd, err := r.tradeOffFigure("frontier_sd", fl.SdTitle, fl.SdX, fmt.Sprintf(fl.SdCaption, r.context())+targets, "sd",
		func(p FrontierPoint) float64 { return p.SD })
	if err != nil {
		return nil, err
	}
	p300, err := r.tradeOffFigure("frontier_p300", fmt.Sprintf(fl.P300Title, frontierTarget), fmt.Sprintf(fl.P300X, frontierTarget),
		fmt.Sprintf(fl.P300Caption, frontierTarget, r.context())+targets, fmt.Sprintf("p_at_least_%d_percent", frontierTarget),
		func(p FrontierPoint) float64 { return 100 * p.AtLeast[target] })
	if err != nil {
		return nil, err
	}
	figs := []reports.Figure{sd, p300}
	scores, ok, err := r.scoresFigure()
	if err != nil {
		return nil, err
	}
	if ok {
		figs = append(figs, scores)
	}
	return figs, nil
}
