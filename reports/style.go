package reports

import (
	"hash/fnv"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A strategy keeps its look in every figure of every report, whatever command drew it
// and whatever other strategies stand beside it: the look is a function of its name.
//
// The colours are Okabe and Ito's (2008), which stay apart under the common forms of
// colour blindness, and grey; each look also has a dash pattern and a marker of its
// own, so that the strategies stay apart in grayscale and in black and white. The
// built-in strategies have fixed looks; the families risk:θ, target:T and beat:S a fixed
// colour and marker, each member its dashes (two members in one figure take different
// markers too, which a dot plot needs: it draws no line); any other name (a bot, a rule
// file's strategy, a strategy added later) a look drawn from a hash of its name, among
// the hollow markers, which of the built-ins only greedy, upper-first and random take,
// and never a look alike one of theirs.
//
// Where two strategies of one figure would still look alike, the one later in the order
// of names (not in the order of the figure) takes the next look of its own sequence: so
// the looks of a report depend on the set of its strategies, never on their order, and
// a strategy changes look only beside another that would be taken for it.

// series is the look of one strategy (or player) in every plot: a colour, a dash pattern
// and a marker.
type series struct {
	color  color.Color
	dashes []vg.Length
	glyph  draw.GlyphDrawer
}

func rgb(v uint32) color.Color {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Okabe and Ito's colours but yellow, too light for a line on white, and a grey.
var (
	black      = rgb(0x000000)
	orange     = rgb(0xE69F00)
	skyBlue    = rgb(0x56B4E9)
	green      = rgb(0x009E73) // bluish green
	blue       = rgb(0x0072B2)
	vermillion = rgb(0xD55E00)
	purple     = rgb(0xCC79A7) // reddish purple
	grey       = rgb(0x666666)
)

// colours are the colours a name's hash chooses among.
var colours = []color.Color{black, orange, skyBlue, green, blue, vermillion, purple, grey}

// The dash patterns, solid first.
var dashPatterns = [][]vg.Length{
	nil,
	{vg.Points(5), vg.Points(2)},     // dashed
	{vg.Points(1.5), vg.Points(1.5)}, // dotted
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}, // dash-dot
	{vg.Points(9), vg.Points(3)},                               // long dashes
	{vg.Points(3), vg.Points(3)},                               // even dashes
	{vg.Points(1), vg.Points(3)},                               // sparse dots
	{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5), vg.Points(1), vg.Points(1.5)}, // dash-dot-dot
}

// The markers: filled ones for optimal, bonus and the families, hollow ones (and the
// plus and the cross) for the others.
var (
	filledGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, diamondGlyph{}}
	hollowGlyphs = []draw.GlyphDrawer{ringGlyph{}, squareGlyph{}, triangleGlyph{}, hollowDiamondGlyph{}, crossGlyph{}, plusGlyph{}}
)

// builtinLooks are the looks of the built-in strategies.
var builtinLooks = map[string]series{
	"optimal":     {vermillion, dashPatterns[0], draw.PyramidGlyph{}},
	"greedy":      {blue, dashPatterns[2], squareGlyph{}},
	"upper-first": {orange, dashPatterns[1], ringGlyph{}},
	"random":      {grey, dashPatterns[7], plusGlyph{}},
	"bonus":       {skyBlue, dashPatterns[4], draw.BoxGlyph{}},
}

// familyLooks are the looks of the families, by the prefix of their names: the look of
// the family drawn as one (the risk:θ of a frontier), and the colour and marker of each
// member.
var familyLooks = map[string]series{
	"risk":   {black, nil, draw.CircleGlyph{}},
	"target": {green, nil, diamondGlyph{}},
	"beat":   {purple, nil, crossGlyph{}},
}

// familyLook returns the look of a family drawn as one: "risk", "target" or "beat".
func familyLook(family string) series { return familyLooks[family] }

// nameHash is the hash a look is drawn from.
func nameHash(name string) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32() & math.MaxInt32)
}

// lookOf returns the k-th look of a name's sequence: k = 0 is its own look, the next
// ones those it falls back on when a strategy of the same figure has taken it.
func lookOf(name string, k int) series {
	if s, ok := builtinLooks[name]; ok {
		if k == 0 {
			return s
		}
		// The same colour, another marker and other dashes.
		return series{s.color, dashPatterns[(k+slices.IndexFunc(dashPatterns, func(d []vg.Length) bool { return slices.Equal(d, s.dashes) }))%len(dashPatterns)],
			hollowGlyphs[(k-1)%len(hollowGlyphs)]}
	}
	h := nameHash(name)
	if family, _, ok := strings.Cut(name, ":"); ok {
		if f, ok := familyLooks[family]; ok {
			// The family's colour and marker, the dashes of the member; past the dash
			// patterns, the family's colour with the other filled markers.
			s := series{f.color, dashPatterns[(h+k)%len(dashPatterns)], f.glyph}
			if k > 0 {
				s.glyph = filledGlyphs[(slices.Index(filledGlyphs, f.glyph)+k)%len(filledGlyphs)]
			}
			return s
		}
	}
	// A colour, a hollow marker and dashes from the hash, then the next of each.
	n := h + k
	return series{colours[n%len(colours)], dashPatterns[(n/len(colours))%len(dashPatterns)], hollowGlyphs[(h/7+k)%len(hollowGlyphs)]}
}

// alike reports whether two looks would be taken for each other: the same colour and
// either the same marker (in a dot plot) or the same dashes (in a line plot).
func alike(a, b series) bool {
	return a.color == b.color && (a.glyph == b.glyph || slices.Equal(a.dashes, b.dashes))
}

// reserved reports whether a name's look is fixed: a built-in's or a family member's,
// which a hashed name must give way to.
func reserved(name string) bool {
	if _, ok := builtinLooks[name]; ok {
		return true
	}
	family, _, ok := strings.Cut(name, ":")
	_, isFamily := familyLooks[family]
	return ok && isFamily
}

// looksOf returns the look of each strategy of a figure, names[i] being the strategy of
// its i-th series (a strategy may come twice, as at a table). Each takes its own look
// unless a strategy before it, in the order fixed looks first and then names, and
// first seat first, has a look alike; it then takes the next of its sequence that is
// alike none. A hashed name also gives way to the fixed looks of the well-known names,
// in the figure or not, so that no bot is drawn as optimal is.
func looksOf(names []string) []series {
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ra, rb := reserved(names[a]), reserved(names[b])
		switch {
		case ra && !rb:
			return -1
		case rb && !ra:
			return 1
		}
		return strings.Compare(names[a], names[b])
	})
	out := make([]series, len(names))
	var taken []series
	for _, i := range order {
		name := names[i]
		for k := 0; ; k++ {
			s := lookOf(name, k)
			clash := slices.ContainsFunc(taken, func(t series) bool { return alike(s, t) })
			if !reserved(name) && !clash {
				for _, b := range builtinLooks {
					clash = clash || alike(s, b)
				}
			}
			// Past every combination (a figure of hundreds of strategies), a look alike
			// another is taken rather than none.
			if !clash || k >= len(colours)*len(dashPatterns)*len(hollowGlyphs) {
				out[i] = s
				taken = append(taken, s)
				break
			}
		}
	}
	return out
}

func (s series) line(width float64) draw.LineStyle {
	return draw.LineStyle{Color: s.color, Width: vg.Points(width), Dashes: s.dashes}
}

func (s series) marker(radius float64) draw.GlyphStyle {
	return draw.GlyphStyle{Color: s.color, Radius: vg.Points(radius), Shape: s.glyph}
}

// faded returns the colour of s with an alpha, for the bands of intervals.
func (s series) faded(alpha float64) color.Color {
	c := color.NRGBAModel.Convert(s.color).(color.NRGBA)
	c.A = uint8(math.Round(alpha * 255))
	return c
}

// gray is the colour of reference lines and of what is not a strategy.
var gray = rgb(0x888888)

// diamondGlyph is a filled diamond, the marker of the target:T strategies.
type diamondGlyph struct{}

// DrawGlyph draws the diamond at pt, its corners at the glyph's radius from its centre.
func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.Fill(diamondPath(sty.Radius*1.15, pt))
}

// The hollow markers are drawn with a stroke of outlineWidth, twice gonum's, so that
// they hold their own beside the filled ones in print.
const outlineWidth = 0.9

func outline(c *draw.Canvas, sty draw.GlyphStyle, p vg.Path) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(outlineWidth)})
	c.Stroke(p)
}

// ringGlyph is a circle.
type ringGlyph struct{}

func (ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	outline(c, sty, p)
}

// squareGlyph and triangleGlyph are the outlines of gonum's BoxGlyph and PyramidGlyph,
// the grounds dots.go puts under them.
type (
	squareGlyph   struct{}
	triangleGlyph struct{}
)

func (squareGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	cos := vg.Length(math.Cos(math.Pi / 4))
	x := (sty.Radius-sty.Radius*cos)/2 + sty.Radius*cos
	outline(c, sty, polygon(pt, []vg.Point{{X: -x, Y: -x}, {X: x, Y: -x}, {X: x, Y: x}, {X: -x, Y: x}}))
}

func (triangleGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	sin, cos := vg.Length(math.Sin(math.Pi/6)), vg.Length(math.Cos(math.Pi/6))
	r := sty.Radius + (sty.Radius-sty.Radius*sin)/2
	outline(c, sty, polygon(pt, []vg.Point{{Y: r}, {X: -r * cos, Y: -r * sin}, {X: r * cos, Y: -r * sin}}))
}

// crossGlyph is an ×, plusGlyph a +.
type (
	crossGlyph struct{}
	plusGlyph  struct{}
)

func (crossGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * vg.Length(math.Sqrt2/2)
	strokes(c, sty, pt, []vg.Point{{X: -r, Y: -r}, {X: r, Y: r}, {X: -r, Y: r}, {X: r, Y: -r}})
}

func (plusGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	strokes(c, sty, pt, []vg.Point{{X: -r}, {X: r}, {Y: -r}, {Y: r}})
}

// strokes draws the segments of pairs of points about pt.
func strokes(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point, ends []vg.Point) {
	var p vg.Path
	for i := 0; i+1 < len(ends); i += 2 {
		p.Move(pt.Add(ends[i]))
		p.Line(pt.Add(ends[i+1]))
	}
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.1)})
	c.Stroke(p)
}

// polygon is the closed path through the corners about pt.
func polygon(pt vg.Point, corners []vg.Point) vg.Path {
	var p vg.Path
	for i, q := range corners {
		if i == 0 {
			p.Move(pt.Add(q))
		} else {
			p.Line(pt.Add(q))
		}
	}
	p.Close()
	return p
}

// hollowDiamondGlyph is the outline of a diamond.
type hollowDiamondGlyph struct{}

func (hollowDiamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	outline(c, sty, diamondPath(sty.Radius*1.15, pt))
}

func diamondPath(r vg.Length, pt vg.Point) vg.Path {
	return polygon(pt, []vg.Point{{Y: r}, {X: r}, {Y: -r}, {X: -r}})
}
