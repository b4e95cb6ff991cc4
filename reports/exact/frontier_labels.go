package exact

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"yams/reports"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The labels of a frontier's trade-offs: θ beside each risk point, the name beside each
// target point, every one of them placed where it hides nothing.
//
// A label stands beside its point, in the first of four places (right, left, below,
// above; to the left first for θ < 0, since the risk-averse strategies lie left of
// optimal in both figures) or of its corners, where it overlaps no marker, no label placed before, no stretch of the line of the risk points, and stays
// inside the axes. Where the points bunch up (those of the smallest |θ|, about optimal)
// no such place is free: the label then stands further away, at the nearest free place
// of rings around the point, and a thin leader line joins it to its point, crossing no
// label, marker nor leader. The target points are labelled first, by T: they are few,
// and nothing but their label tells them apart; then the points of the largest |θ|,
// whose labels are the easiest to place, so that the crowd of the smallest finds the
// space the others leave. Positions are in shares of the axes, sizes as the figure is
// drawn (4.5 by 3 inches).
const (
	labelCharWidth = 0.018 // a character of the legend's size, in shares of the x axis
	labelHeight    = 0.06  // a line of it, in shares of the y axis
	labelGapX      = 0.017 // the gap between a marker's centre and its label, 4.5 points
	labelGapY      = 0.03
	markerHalfX    = 0.016 // half a marker's size
	markerHalfY    = 0.028
	pointX         = labelGapX / 4.5 // a point, in shares of the x axis
	pointY         = labelHeight / 10
)

// leaderRings are the distances, in points, from a point to the end of its leader line
// at which a label is tried when no place beside its point is free; leaderDirections the
// directions tried at each distance.
var leaderRings = []float64{12, 16, 20, 25, 30, 36, 42, 49, 57, 66, 76, 88, 100, 115}

const leaderDirections = 36

// leaderSkip is the length of a leader, from the centre of its point, within the point's
// marker (a risk point's is 2.4 points across, a target's 3.6), where it is not drawn.
const leaderSkip = 4.5

// markerRadiusOf is the radius of the marker of a point in the trade-offs, in points.
func markerRadiusOf(p FrontierPoint) float64 {
	switch p.Kind {
	case FrontierMean:
		return optimalMarker
	case FrontierBonus:
		return bonusMarker
	case FrontierTarget:
		return targetMarker
	}
	return riskMarker
}

// markerArea is the area of the marker of p at (u, v), which a leader may not cross: the
// marker and 0.8 points around it.
func markerArea(p FrontierPoint, u, v float64) area {
	r := markerRadiusOf(p) + 0.8
	return area{u - r*pointX, u + r*pointX, v - r*pointY, v + r*pointY}
}

// The radii of the markers of the trade-offs, in points: optimal's the largest.
const (
	riskMarker    = 2.4
	optimalMarker = 4.2
	bonusMarker   = 3.2
	targetMarker  = 3.6
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
	placeLeader // away from the point, at the end of a leader line
)

// pointLabel is the label of a point: θ for a risk point, the strategy's name for a
// target point (kind FrontierRisk or FrontierTarget). Its text is anchored at anchor
// (in data coordinates) with the alignments xAlign and yAlign, and covers at (in shares
// of the axes); a label at placeLeader is joined to its point by a line from the point
// to the anchor.
type pointLabel struct {
	xy, anchor plotter.XY
	text       string
	kind       string
	theta      float64
	place      labelPlace
	xAlign     draw.XAlignment
	yAlign     draw.YAlignment
	at         area
	leaderFrom plotter.XY // where the leader leaves the point's marker
}

// area is a rectangle in shares of the axes.
type area struct{ x0, x1, y0, y1 float64 }

func (a area) overlaps(b area) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

func (a area) inside() bool { return a.x0 >= 0 && a.x1 <= 1 && a.y0 >= 0 && a.y1 <= 1 }

// contains reports whether (u, v) lies in a.
func (a area) contains(u, v float64) bool { return u >= a.x0 && u <= a.x1 && v >= a.y0 && v <= a.y1 }

// alignedArea is the area of a label of n characters anchored at (u, v) with the
// alignments.
func alignedArea(u, v float64, n int, xa draw.XAlignment, ya draw.YAlignment) area {
	w, h := float64(n)*labelCharWidth, labelHeight
	x0 := u + float64(xa)*w // XLeft 0, XCenter −0.5, XRight −1
	y0 := v + float64(ya)*h // YBottom 0, YCenter −0.5, YTop −1
	return area{x0, x0 + w, y0, y0 + h}
}

// nearPlace returns the anchor and alignments of a label beside its point (u, v).
func nearPlace(u, v float64, place labelPlace) (au, av float64, xa draw.XAlignment, ya draw.YAlignment) {
	switch place {
	case placeRight:
		return u + labelGapX, v, draw.XLeft, draw.YCenter
	case placeLeft:
		return u - labelGapX, v, draw.XRight, draw.YCenter
	case placeBelow:
		return u, v - labelGapY, draw.XCenter, draw.YTop
	case placeAboveLeft:
		return u, v + labelGapY, draw.XRight, draw.YBottom
	case placeBelowLeft:
		return u, v - labelGapY, draw.XRight, draw.YTop
	case placeAboveRight:
		return u, v + labelGapY, draw.XLeft, draw.YBottom
	case placeBelowRight:
		return u, v - labelGapY, draw.XLeft, draw.YTop
	}
	return u, v + labelGapY, draw.XCenter, draw.YBottom
}

// labelOrder returns the points to label, in the order their labels are placed.
func labelOrder(pts []FrontierPoint) []int {
	var order []int
	for i, p := range pts {
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
	return order
}

// obstacles are what a label may not cover: markers, labels, and the small areas along
// the lines drawn (the line of the risk points, the leaders).
type obstacles []area

// segment adds the areas along the line from (u0, v0) to (u1, v1), every 2 points.
func (o *obstacles) segment(u0, v0, u1, v1 float64) {
	du, dv := (u1-u0)/pointX, (v1-v0)/pointY
	n := max(1, int(math.Hypot(du, dv)/2))
	for k := 0; k <= n; k++ {
		u, v := u0+(u1-u0)*float64(k)/float64(n), v0+(v1-v0)*float64(k)/float64(n)
		*o = append(*o, area{u - pointX, u + pointX, v - pointY, v + pointY})
	}
}

func (o obstacles) hit(a area) bool { return slices.ContainsFunc(o, a.overlaps) }

// crosses reports whether the line from (u0, v0) to (u1, v1) runs through an obstacle,
// leaving out its first skip points (the marker it starts from) and the obstacles that
// hold its start: the markers of points so close that theirs overlap it.
func (o obstacles) crosses(u0, v0, u1, v1, skip float64) bool {
	du, dv := (u1-u0)/pointX, (v1-v0)/pointY
	length := math.Hypot(du, dv)
	for _, a := range o {
		if a.contains(u0, v0) {
			continue
		}
		for d := skip; d <= length; d += 1.5 {
			if a.contains(u0+(u1-u0)*d/length, v0+(v1-v0)*d/length) {
				return true
			}
		}
	}
	return false
}

// placeLabels returns the labels of the risk and target points, on axes from (xlo, ylo)
// to (xhi, yhi); a label that finds no place at all, even at the end of a leader, is
// left out.
func placeLabels(l *reports.Labels, pts []FrontierPoint, x func(FrontierPoint) float64, xlo, xhi, ylo, yhi float64) []pointLabel {
	share := func(p FrontierPoint) (u, v float64) { return (x(p) - xlo) / (xhi - xlo), (p.Mean - ylo) / (yhi - ylo) }
	data := func(u, v float64) plotter.XY { return plotter.XY{X: xlo + u*(xhi-xlo), Y: ylo + v*(yhi-ylo)} }
	// cover is what a label may not cover: the markers (with room around them), the
	// labels, the leaders and the line of the risk points; cross is what a leader may not
	// cross: the markers themselves, the labels and the other leaders.
	var cover, cross obstacles
	for _, p := range pts {
		u, v := share(p)
		cover = append(cover, area{u - markerHalfX, u + markerHalfX, v - markerHalfY, v + markerHalfY})
		cross = append(cross, markerArea(p, u, v))
	}
	path := riskPathOf(pts)
	for k := 1; k < len(path); k++ {
		u0, v0 := share(pts[path[k-1]])
		u1, v1 := share(pts[path[k]])
		cover.segment(u0, v0, u1, v1)
	}
	order := labelOrder(pts)
	// Targets that play alike (on the small sheets, where scores jump by whole bonuses)
	// lie on one point: the first of them by T has the label, which names them all.
	texts := map[int]string{}
	for _, i := range order {
		p := pts[i]
		if p.Kind != FrontierTarget {
			texts[i] = thetaText(l, p.Theta)
			continue
		}
		var names []string
		for _, j := range order {
			if q := pts[j]; q.Kind == FrontierTarget && x(q) == x(p) && q.Mean == p.Mean {
				names = append(names, q.Strategy)
			}
		}
		if names[0] == p.Strategy {
			texts[i] = strings.Join(names, ", ")
		}
	}
	order = slices.DeleteFunc(order, func(i int) bool { _, ok := texts[i]; return !ok })

	// place places the labels one after another in an order, each beside its point if
	// it can, else at the end of a leader; it returns those placed and the points left
	// without a label.
	place := func(order []int) (kept []pointLabel, missing []int) {
		cover, cross := slices.Clone(cover), slices.Clone(cross)
		for _, i := range order {
			p := pts[i]
			text := texts[i]
			n := len([]rune(text))
			u, v := share(p)
			lb := pointLabel{xy: plotter.XY{X: x(p), Y: p.Mean}, text: text, kind: p.Kind, theta: p.Theta}
			places := []labelPlace{placeRight, placeLeft, placeBelow, placeAbove}
			if p.Theta < 0 {
				places[0], places[1] = placeLeft, placeRight
			}
			places = append(places, placeAboveLeft, placeBelowLeft, placeAboveRight, placeBelowRight)
			placed := false
			for _, place := range places {
				au, av, xa, ya := nearPlace(u, v, place)
				a := alignedArea(au, av, n, xa, ya)
				if !a.inside() || cover.hit(a) {
					continue
				}
				lb.place, lb.anchor, lb.xAlign, lb.yAlign, lb.at = place, data(au, av), xa, ya, a
				placed = true
				break
			}
			if !placed && !leaderLabel(&lb, u, v, n, p.Theta < 0, cover, cross, data) {
				missing = append(missing, i)
				continue
			}
			cover = append(cover, lb.at)
			cross = append(cross, lb.at)
			if lb.place == placeLeader {
				au, av := (lb.anchor.X-xlo)/(xhi-xlo), (lb.anchor.Y-ylo)/(yhi-ylo)
				cover.segment(u, v, au, av)
				cross.segment(u, v, au, av)
			}
			kept = append(kept, lb)
		}
		return kept, missing
	}
	// Placed one after another, a label may take the place another needed: the labels
	// left without a place go first in the next try, until every label has a place. The
	// tries start from a few orders (that of the labels, and the points from left to
	// right and from right to left); of all, the one that places the most labels, with
	// the shortest leaders, is kept.
	leaders := func(kept []pointLabel) float64 {
		sum := 0.0
		for _, lb := range kept {
			if lb.place == placeLeader {
				sum += math.Hypot((lb.anchor.X-lb.xy.X)/(xhi-xlo)/pointX, (lb.anchor.Y-lb.xy.Y)/(yhi-ylo)/pointY)
			}
		}
		return sum
	}
	byX := slices.Clone(order)
	slices.SortStableFunc(byX, func(a, b int) int { return cmp.Compare(x(pts[a]), x(pts[b])) })
	byXDown := slices.Clone(byX)
	slices.Reverse(byXDown)
	var best []pointLabel
	bestLength := math.Inf(1)
	for _, start := range [][]int{order, byX, byXDown} {
		order := slices.Clone(start)
		for range len(order) + 1 {
			kept, missing := place(order)
			if length := leaders(kept); len(kept) > len(best) || len(kept) == len(best) && length < bestLength {
				best, bestLength = kept, length
			}
			if len(missing) == 0 {
				break
			}
			order = append(missing, slices.DeleteFunc(order, func(i int) bool { return slices.Contains(missing, i) })...)
		}
	}
	return best
}

// leaderLabel places lb, the label of n characters of the point (u, v), at the nearest
// free place of the rings around it, the directions to the left first for a risk-averse
// point; it reports whether one was free. The leader runs from the edge of the point's
// marker to the label, crossing nothing but its own marker.
func leaderLabel(lb *pointLabel, u, v float64, n int, left bool, cover, cross obstacles, data func(u, v float64) plotter.XY) bool {
	type dir struct{ cos, sin float64 }
	var dirs []dir
	for k := range leaderDirections {
		a := 2 * math.Pi * float64(k) / leaderDirections
		dirs = append(dirs, dir{math.Cos(a), math.Sin(a)})
	}
	// Horizontal directions first, toward the side of the point's θ, then the steeper.
	side := 1.0
	if left {
		side = -1
	}
	slices.SortStableFunc(dirs, func(a, b dir) int {
		return cmp.Compare(math.Abs(a.sin)-0.3*side*a.cos, math.Abs(b.sin)-0.3*side*b.cos)
	})
	for _, d := range leaderRings {
		for _, dr := range dirs {
			au, av := u+d*dr.cos*pointX, v+d*dr.sin*pointY
			xa, ya := draw.XCenter, draw.YCenter
			switch {
			case dr.cos > 0.3:
				xa = draw.XLeft
			case dr.cos < -0.3:
				xa = draw.XRight
			}
			switch {
			case dr.sin > 0.3:
				ya = draw.YBottom
			case dr.sin < -0.3:
				ya = draw.YTop
			}
			a := alignedArea(au, av, n, xa, ya)
			if !a.inside() || cover.hit(a) || cross.crosses(u, v, au, av, leaderSkip) {
				continue
			}
			lb.place, lb.anchor, lb.xAlign, lb.yAlign, lb.at = placeLeader, data(au, av), xa, ya, a
			// The leader leaves the marker at its edge.
			lb.leaderFrom = data(u+leaderSkip*dr.cos*pointX, v+leaderSkip*dr.sin*pointY)
			return true
		}
	}
	return false
}

// riskPathOf returns the indices of the risk points and optimal's, in the order of θ
// (optimal at θ = 0): the line of a frontier's figures.
func riskPathOf(pts []FrontierPoint) []int {
	var path []int
	for i, p := range pts {
		if p.Kind == FrontierRisk || p.Kind == FrontierMean {
			path = append(path, i)
		}
	}
	theta := func(i int) float64 {
		if pts[i].Kind == FrontierMean {
			return 0
		}
		return pts[i].Theta
	}
	slices.SortStableFunc(path, func(a, b int) int { return cmp.Compare(theta(a), theta(b)) })
	return path
}

// addPointLabels draws the labels, and the leaders of those away from their points.
func addPointLabels(p *reports.Fig, labels []pointLabel) error {
	for _, lb := range labels {
		c := riskLook.Color
		if lb.kind == FrontierTarget {
			c = targetLook.Color
		}
		if lb.place == placeLeader {
			ln, err := plotter.NewLine(plotter.XYs{lb.leaderFrom, lb.anchor})
			if err != nil {
				return err
			}
			ln.LineStyle = draw.LineStyle{Color: reports.Gray, Width: vg.Points(0.5)}
			p.Add(ln)
		}
		txt, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{lb.anchor}, Labels: []string{lb.text}})
		if err != nil {
			return err
		}
		st := &txt.TextStyle[0]
		st.Color, st.Font = c, font.From(reports.Sans, reports.LegendSize)
		st.XAlign, st.YAlign = lb.xAlign, lb.yAlign
		p.Add(txt)
	}
	return nil
}
