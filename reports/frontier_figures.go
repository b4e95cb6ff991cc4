package reports

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The figures of a frontier: the trade-offs of mean against spread and against P(score ≥ 300),
// their labels (θ, target:T) placed where they hide nothing, and the distributions of the
// final score.

// thetaText writes θ with the decimals it has, in the language: −0,005 in French.
func thetaText(l *labels, theta float64) string {
	s := strconv.FormatFloat(theta, 'f', -1, 64)
	_, frac, _ := strings.Cut(s, ".")
	return l.num(theta, len(frac))
}

// riskPath returns the indices of the risk points and optimal's, in the order of θ
// (optimal at θ = 0): the line of a frontier's figures.
func (r *frontierReport) riskPath() []int {
	var path []int
	for i, p := range r.f.Points {
		if p.Kind == FrontierRisk || p.Kind == FrontierMean {
			path = append(path, i)
		}
	}
	theta := func(i int) float64 {
		if r.f.Points[i].Kind == FrontierMean {
			return 0
		}
		return r.f.Points[i].Theta
	}
	slices.SortStableFunc(path, func(a, b int) int {
		switch ta, tb := theta(a), theta(b); {
		case ta < tb:
			return -1
		case ta > tb:
			return 1
		}
		return 0
	})
	return path
}

// The looks of a frontier's figures: the risk strategies in black, optimal a larger
// vermilion triangle, bonus a blue square, the target strategies bluish green diamonds;
// in frontier_scores, the same colours, the most risk-seeking strategy in reddish
// purple, and the targets after the first in the colours left, each with its own dashes.
var (
	riskLook    = look(0)
	optimalLook = series{color: look(3).color, glyph: draw.PyramidGlyph{}}
	bonusLook   = series{color: look(2).color, dashes: look(2).dashes, glyph: draw.BoxGlyph{}}
	averseLook  = series{color: look(0).color, dashes: look(1).dashes}
	seekingLook = series{color: look(6).color, dashes: look(3).dashes}
	targetLooks = []series{
		{color: look(5).color, dashes: look(5).dashes, glyph: diamondGlyph{}},
		{color: look(1).color, dashes: look(4).dashes},
		{color: look(4).color, dashes: look(7).dashes},
		{color: look(7).color, dashes: look(6).dashes},
	}
)

// targetLook returns the look of the k-th target strategy; past four they repeat.
func targetLook(k int) series { return targetLooks[k%len(targetLooks)] }

// diamondGlyph is a filled diamond: a marker none of the other strategies has, apart
// from them in grayscale too.
type diamondGlyph struct{}

// DrawGlyph draws the diamond at pt, its corners at the glyph's radius from its centre.
func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	p := make(vg.Path, 0, 5)
	p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Close()
	c.Fill(p)
}

// A label of a risk or target point is placed beside it, in the first of four places
// (right, left, below, above; to the left first for θ < 0, since the risk-averse
// strategies lie left of optimal in both figures) where it overlaps no marker and no
// label placed before, and inside the axes. The target points are labelled first, by
// T: they are few, and nothing but their label tells them apart; their labels, longer,
// may also stand at a corner (above or below, ending or starting at the point), which
// fits a point near a side of the axes. Then the points of the largest |θ|: those of
// the smallest, near optimal, are where the points bunch up, and the line gives their
// order. Positions are in shares of the axes, sizes as the figure is drawn.
const (
	labelCharWidth = 0.018 // a character of the legend's size, in shares of the x axis
	labelHeight    = 0.06  // a line of it, in shares of the y axis
	labelGapX      = 0.017 // the gap between a marker's centre and its label, 4.5 points
	labelGapY      = 0.03
	markerHalfX    = 0.016 // half a marker's size
	markerHalfY    = 0.028
)

// labelPlace is where a label stands against its point.
type labelPlace int

const (
	placeRight labelPlace = iota
	placeLeft
	placeBelow
	placeAbove
	placeAboveLeft // above the point, ending at it
	placeBelowLeft
	placeAboveRight // above the point, starting at it
	placeBelowRight
)

// pointLabel is the label of a point at its place: θ for a risk point, the strategy's
// name for a target point (kind FrontierRisk or FrontierTarget).
type pointLabel struct {
	xy    plotter.XY
	text  string
	kind  string
	place labelPlace
}

// area is a rectangle in shares of the axes.
type area struct{ x0, x1, y0, y1 float64 }

func (a area) overlaps(b area) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

func (a area) inside() bool { return a.x0 >= 0 && a.x1 <= 1 && a.y0 >= 0 && a.y1 <= 1 }

// labelArea is the area of a label of n characters at a place against the point (u, v).
func labelArea(u, v float64, n int, place labelPlace) area {
	w, h := float64(n)*labelCharWidth, labelHeight
	switch place {
	case placeRight:
		return area{u + labelGapX, u + labelGapX + w, v - h/2, v + h/2}
	case placeLeft:
		return area{u - labelGapX - w, u - labelGapX, v - h/2, v + h/2}
	case placeBelow:
		return area{u - w/2, u + w/2, v - labelGapY - h, v - labelGapY}
	case placeAboveLeft:
		return area{u - w, u, v + labelGapY, v + labelGapY + h}
	case placeBelowLeft:
		return area{u - w, u, v - labelGapY - h, v - labelGapY}
	case placeAboveRight:
		return area{u, u + w, v + labelGapY, v + labelGapY + h}
	case placeBelowRight:
		return area{u, u + w, v - labelGapY - h, v - labelGapY}
	}
	return area{u - w/2, u + w/2, v + labelGapY, v + labelGapY + h}
}

// placeLabels returns the labels of the risk and target points that find a place, on
// axes from (xlo, ylo) to (xhi, yhi).
func placeLabels(l *labels, pts []FrontierPoint, x func(FrontierPoint) float64, xlo, xhi, ylo, yhi float64) []pointLabel {
	share := func(p FrontierPoint) (u, v float64) { return (x(p) - xlo) / (xhi - xlo), (p.Mean - ylo) / (yhi - ylo) }
	var taken []area // the markers, then the labels placed
	var order []int
	for i, p := range pts {
		u, v := share(p)
		taken = append(taken, area{u - markerHalfX, u + markerHalfX, v - markerHalfY, v + markerHalfY})
		if p.Kind == FrontierRisk || p.Kind == FrontierTarget {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := pts[a], pts[b]
		targetA, targetB := pa.Kind == FrontierTarget, pb.Kind == FrontierTarget
		switch {
		case targetA && targetB:
			return cmp.Compare(pa.Target, pb.Target)
		case targetA != targetB:
			if targetA {
				return -1
			}
			return 1
		}
		return cmp.Compare(math.Abs(pb.Theta), math.Abs(pa.Theta))
	})
	// Targets that play alike (on the small sheets, where scores jump by whole bonuses)
	// lie on one point: the first of them by T has the label, which names them all.
	alike := func(i int) []string {
		var names []string
		for _, j := range order {
			if q := pts[j]; q.Kind == FrontierTarget && x(q) == x(pts[i]) && q.Mean == pts[i].Mean {
				names = append(names, q.Strategy)
			}
		}
		return names
	}
	var kept []pointLabel
	for _, i := range order {
		p := pts[i]
		text := thetaText(l, p.Theta)
		if p.Kind == FrontierTarget {
			names := alike(i)
			if names[0] != p.Strategy {
				continue
			}
			text = strings.Join(names, ", ")
		}
		places := []labelPlace{placeRight, placeLeft, placeBelow, placeAbove}
		if p.Theta < 0 {
			places[0], places[1] = placeLeft, placeRight
		}
		if p.Kind == FrontierTarget {
			places = append(places, placeAboveLeft, placeBelowLeft, placeAboveRight, placeBelowRight)
		}
		u, v := share(p)
		for _, place := range places {
			a := labelArea(u, v, len([]rune(text)), place)
			if !a.inside() || slices.ContainsFunc(taken, a.overlaps) {
				continue
			}
			taken = append(taken, a)
			kept = append(kept, pointLabel{xy: plotter.XY{X: x(p), Y: p.Mean}, text: text, kind: p.Kind, place: place})
			break
		}
	}
	return kept
}

// tradeOffFigure draws the mean of each strategy against x: the risk strategies on a
// line in the order of θ, labelled by θ, optimal and bonus marked apart, and the target
// strategies marked apart, each labelled by its name.
func (r *frontierReport) tradeOffFigure(name, title, xLabel, caption string, x func(FrontierPoint) float64) (figure, error) {
	l, fl := r.l, r.fl
	p := newPlot(l, r.title(title), xLabel, fl.meanY)
	grid(p, true, true)
	// The axes span the points with a margin, so that no marker sits on an axis.
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, pt := range r.f.Points {
		xlo, xhi = min(xlo, x(pt)), max(xhi, x(pt))
		ylo, yhi = min(ylo, pt.Mean), max(yhi, pt.Mean)
	}
	xr, yr := max(xhi-xlo, 1e-9), max(yhi-ylo, 1e-9)
	p.X.Min, p.X.Max = xlo-0.06*xr, xhi+0.06*xr
	p.Y.Min, p.Y.Max = ylo-0.06*yr, yhi+0.06*yr

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
			return figure{}, plotError(name, err)
		}
		ln.LineStyle = riskLook.line(0.9)
		p.Add(ln)
	}
	if len(dots) > 0 {
		sc, err := plotter.NewScatter(dots)
		if err != nil {
			return figure{}, plotError(name, err)
		}
		sc.GlyphStyle = riskLook.marker(2.4)
		p.Add(sc)
		p.key(fl.riskKey, sc)
	}
	for _, lb := range placeLabels(l, r.f.Points, x, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max) {
		labels, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{lb.xy}, Labels: []string{lb.text}})
		if err != nil {
			return figure{}, plotError(name, err)
		}
		st := &labels.TextStyle[0]
		st.Color, st.Font = riskLook.color, font.From(sans, legendSize)
		if lb.kind == FrontierTarget {
			st.Color = targetLook(0).color
		}
		gapX, gapY := vg.Points(4.5), vg.Points(4)
		switch lb.place {
		case placeRight:
			st.XAlign, st.YAlign, labels.Offset = draw.XLeft, draw.YCenter, vg.Point{X: gapX}
		case placeLeft:
			st.XAlign, st.YAlign, labels.Offset = draw.XRight, draw.YCenter, vg.Point{X: -gapX}
		case placeBelow:
			st.XAlign, st.YAlign, labels.Offset = draw.XCenter, draw.YTop, vg.Point{Y: -gapY}
		case placeAbove:
			st.XAlign, st.YAlign, labels.Offset = draw.XCenter, draw.YBottom, vg.Point{Y: gapY}
		case placeAboveLeft:
			st.XAlign, st.YAlign, labels.Offset = draw.XRight, draw.YBottom, vg.Point{Y: gapY}
		case placeBelowLeft:
			st.XAlign, st.YAlign, labels.Offset = draw.XRight, draw.YTop, vg.Point{Y: -gapY}
		case placeAboveRight:
			st.XAlign, st.YAlign, labels.Offset = draw.XLeft, draw.YBottom, vg.Point{Y: gapY}
		case placeBelowRight:
			st.XAlign, st.YAlign, labels.Offset = draw.XLeft, draw.YTop, vg.Point{Y: -gapY}
		}
		p.Add(labels)
	}
	targetKeyed := false
	for _, pt := range r.f.Points {
		var (
			lk  series
			key string
			rad float64
		)
		switch pt.Kind {
		case FrontierMean:
			lk, key, rad = optimalLook, fl.optimalKey, 4.2
		case FrontierBonus:
			lk, key, rad = bonusLook, fl.bonusKey, 3.2
		case FrontierTarget:
			lk, rad = targetLook(0), 3.6
			if !targetKeyed { // one entry in the key for all, their labels telling them apart
				key, targetKeyed = fl.targetKey, true
			}
		default:
			continue
		}
		dot, err := plotter.NewScatter(plotter.XYs{{X: x(pt), Y: pt.Mean}})
		if err != nil {
			return figure{}, plotError(name, err)
		}
		dot.GlyphStyle = lk.marker(rad)
		p.Add(dot)
		if key != "" {
			p.key(key, dot)
		}
	}
	svg, png, err := p.render(figWidth, figHeight)
	if err != nil {
		return figure{}, plotError(name, err)
	}
	return figure{name: name, title: title, caption: caption, svg: svg, png: png}, nil
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

// scoreLook is the look of point i among the points scored, in frontier_scores: that of
// optimal and bonus in the other figures, a black dashed line for the risk strategy of
// the smaller θ, a reddish purple one for that of the larger, and the k-th target
// strategy scored targetLook(k).
func (r *frontierReport) scoreLook(i int, scored []int) series {
	p := r.f.Points[i]
	switch p.Kind {
	case FrontierMean:
		return series{color: optimalLook.color}
	case FrontierBonus:
		return bonusLook
	case FrontierTarget:
		k := 0
		for _, j := range scored {
			if q := r.f.Points[j]; q.Kind == FrontierTarget && q.Target < p.Target {
				k++
			}
		}
		return targetLook(k)
	}
	for _, j := range scored {
		if q := r.f.Points[j]; q.Kind == FrontierRisk && q.Theta < p.Theta {
			return seekingLook
		}
	}
	return averseLook
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
func (r *frontierReport) scoresFigure() (figure, bool, error) {
	l, fl := r.l, r.fl
	idx := r.scored()
	if len(idx) == 0 {
		return figure{}, false, nil
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, i := range idx {
		p := r.f.Points[i]
		lo = min(lo, distQuantile(p.Distribution, p.DistMin, 0.001))
		hi = max(hi, distQuantile(p.Distribution, p.DistMin, 0.999))
	}
	width := binWidths[len(binWidths)-1]
	for _, w := range binWidths {
		if (hi-lo)/w+1 <= maxBins {
			width = w
			break
		}
	}
	lo = floorTo(lo, width)
	hi = floorTo(hi, width) + width
	p := newPlot(l, r.title(fl.scoresTitle), l.scoresX, l.scoresY)
	grid(p, false, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min = 0
	top := 0.0
	for _, i := range idx {
		pt := r.f.Points[i]
		var xys plotter.XYs
		for b := lo; b < hi; b += width {
			sum := 0.0
			for v := b; v < b+width; v++ {
				if j := v - pt.DistMin; j >= 0 && j < len(pt.Distribution) {
					sum += pt.Distribution[j]
				}
			}
			y := 100 * sum / float64(width)
			top = max(top, y)
			xys = append(xys, plotter.XY{X: float64(b) + float64(width-1)/2, Y: y})
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return figure{}, false, plotError("frontier_scores", err)
		}
		line.StepStyle = plotter.MidStep
		line.LineStyle = r.scoreLook(i, idx).line(1.2)
		p.Add(line)
		p.key(pt.Strategy, line)
	}
	p.Y.Max = 1.06 * top
	svg, png, err := p.render(figWidth, figHeight)
	if err != nil {
		return figure{}, false, plotError("frontier_scores", err)
	}
	caption := fl.scoresCaption
	if r.hasTargets() {
		caption = fl.scoresTargetsCaption
	}
	return figure{name: "frontier_scores", title: fl.scoresTitle, caption: fmt.Sprintf(caption, width, r.context()), svg: svg, png: png}, true, nil
}

func (r *frontierReport) figures() ([]figure, error) {
	fl := r.fl
	target := slices.Index(FrontierThresholds, frontierTarget)
	targets := "" // what the captions of the trade-offs say of the target strategies
	if r.hasTargets() {
		targets = " " + fl.targetCaption
	}
	sd, err := r.tradeOffFigure("frontier_sd", fl.sdTitle, fl.sdX, fmt.Sprintf(fl.sdCaption, r.context())+targets,
		func(p FrontierPoint) float64 { return p.SD })
	if err != nil {
		return nil, err
	}
	p300, err := r.tradeOffFigure("frontier_p300", fmt.Sprintf(fl.p300Title, frontierTarget), fmt.Sprintf(fl.p300X, frontierTarget),
		fmt.Sprintf(fl.p300Caption, frontierTarget, r.context())+targets,
		func(p FrontierPoint) float64 { return 100 * p.AtLeast[target] })
	if err != nil {
		return nil, err
	}
	figs := []figure{sd, p300}
	scores, ok, err := r.scoresFigure()
	if err != nil {
		return nil, err
	}
	if ok {
		figs = append(figs, scores)
	}
	return figs, nil
}
