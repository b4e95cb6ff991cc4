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
// and whatever other strategies stand beside it: the look is a function of its name
// (and, for an external bot, of its being one).
//
// Each kind of strategy has a look of its own, told apart from every other kind's by
// its marker alone, so that a figure printed in grayscale, or read by someone who does
// not see its colours, still tells them apart: the built-in strategies (optimal, greedy,
// upper-first, random, bonus, win, column-tables) a fixed colour, dash pattern and
// marker; the families (risk:θ, target:T, beat:S, rules:FILE, and the external bots,
// bot:NAME or any name --bot gives, which a summary or Options.Bots marks) a fixed
// colour and marker, each member its dashes from a hash of its name; any other name (a
// strategy of the tests, one added without a look) a look drawn from a hash of its name
// among the hollow markers, never alike the look of a kind. The colours are Okabe and Ito's (2008), which stay apart under
// the common forms of colour blindness, a grey, and four of Paul Tol's muted scheme,
// built for the same readers.
//
// Where two strategies of one figure would still look alike (two rule files, two bots,
// several risk:θ, two players of one strategy at a table), the one later in the order of
// names (not in the order of the figure) takes the next look of its own sequence: its
// colour kept, another marker (one no other strategy of the figure has, where one is
// left) and other dashes. So the looks of a report depend on the
// set of its strategies, never on their order, and a strategy changes look only beside
// another that would be taken for it.

// Series is the look of one strategy (or player) in every plot: a colour, a dash pattern
// and a marker.
type Series struct {
	Color  color.Color
	Dashes []vg.Length
	Glyph  draw.GlyphDrawer
}

func RGB(v uint32) color.Color {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Okabe and Ito's colours but yellow, too light for a line on white, a grey, and four
// colours of Paul Tol's muted scheme that stand apart from them (CIELAB ΔE over 30).
var (
	Black      = RGB(0x000000)
	orange     = RGB(0xE69F00)
	skyBlue    = RGB(0x56B4E9)
	green      = RGB(0x009E73) // bluish green
	blue       = RGB(0x0072B2)
	vermillion = RGB(0xD55E00)
	purple     = RGB(0xCC79A7) // reddish purple
	grey       = RGB(0x666666)
	wine       = RGB(0x882255)
	indigo     = RGB(0x332288)
	olive      = RGB(0x999933)
	magenta    = RGB(0xE7298A)
	teal       = RGB(0x44AA99) // the best responses' alone, outside the hashed colours
	brown      = RGB(0x8C510A) // the look-ahead's alone, outside the hashed colours
)

// colours are the colours of the strategies; a name's hash chooses among them.
var colours = []color.Color{Black, orange, skyBlue, green, blue, vermillion, purple, grey, wine, indigo, olive, magenta}

// The dash patterns, solid first.
var DashPatterns = [][]vg.Length{
	nil,
	{vg.Points(5), vg.Points(2)},     // dashed
	{vg.Points(1.5), vg.Points(1.5)}, // dotted
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}, // dash-dot
	{vg.Points(9), vg.Points(3)},                               // long dashes
	{vg.Points(3), vg.Points(3)},                               // even dashes
	{vg.Points(1), vg.Points(3)},                               // sparse dots
	{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5), vg.Points(1), vg.Points(1.5)}, // dash-dot-dot
}

// The markers a member of a family or a hashed name falls back on: the filled ones, and
// the hollow ones with the plus and the cross. The star is win's alone.
var (
	filledGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, diamondGlyph{}}
	hollowGlyphs = []draw.GlyphDrawer{ringGlyph{}, squareGlyph{}, triangleGlyph{}, hollowDiamondGlyph{}, crossGlyph{}, plusGlyph{}, triangleDownGlyph{}}
)

// builtinLooks are the looks of the built-in strategies, each with a marker of its own.
var builtinLooks = map[string]Series{
	"optimal":       {vermillion, DashPatterns[0], draw.PyramidGlyph{}},
	"greedy":        {blue, DashPatterns[2], squareGlyph{}},
	"upper-first":   {orange, DashPatterns[1], ringGlyph{}},
	"random":        {grey, DashPatterns[7], plusGlyph{}},
	"bonus":         {skyBlue, DashPatterns[4], draw.BoxGlyph{}},
	"win":           {wine, DashPatterns[3], starGlyph{}},
	"column-tables": {indigo, DashPatterns[5], hollowDiamondGlyph{}},
}

// botFamily is the family of the external bots: the names bot:NAME, and any name a
// summary or Options.Bots marks as a bot's.
const botFamily = "bot"

// FamilyLooks are the looks of the families, by the prefix of their names: the look of
// the family drawn as one (the risk:θ of a frontier), and the colour and marker of each
// member, whose dashes come from its name.
var FamilyLooks = map[string]Series{
	"risk":   {Black, nil, draw.CircleGlyph{}},
	"target": {green, nil, diamondGlyph{}},
	"beat":   {purple, nil, crossGlyph{}},
	"rules":  {olive, nil, triangleGlyph{}},
	// best-response:S, the exact best play at a table of two (strategies/duel).
	"best-response": {teal, nil, hexagonGlyph{}},
	// rollout:S, the look-ahead of S on games played on (strategies/rollout).
	"rollout": {brown, nil, pentagonGlyph{}},
	botFamily: {magenta, nil, triangleDownGlyph{}},
}

// FamilyLook returns the look of a family drawn as one: "risk", "target" or "beat".
func FamilyLook(family string) Series { return FamilyLooks[family] }

// Drawn is a strategy a figure draws: its name, and whether it is an external bot,
// whatever its name.
type Drawn struct {
	Name string
	Bot  bool
}

// family returns the family of a strategy drawn, "" for none.
func (d Drawn) family() string {
	if d.Bot {
		return botFamily
	}
	if prefix, _, ok := strings.Cut(d.Name, ":"); ok {
		if _, ok := FamilyLooks[prefix]; ok {
			return prefix
		}
	}
	return ""
}

// reserved reports whether a strategy's look is fixed: a built-in's or a family
// member's, which a hashed name must give way to.
func (d Drawn) reserved() bool {
	_, builtin := builtinLooks[d.Name]
	return d.family() != "" || builtin
}

// nameHash is the hash a look is drawn from.
func nameHash(name string) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32() & math.MaxInt32)
}

// LookOf returns the k-th look of a name's sequence: k = 0 is its own look, the next
// ones those it falls back on when a strategy of the same figure has taken it.
func LookOf(name string, k int) Series { return Drawn{Name: name}.look(k) }

// glyphSeq returns the markers of glyph's kind (filled or hollow) from glyph on; a
// marker of a kind's own (the best responses' hexagon) first, then the hollow ones.
func glyphSeq(glyph draw.GlyphDrawer) []draw.GlyphDrawer {
	seq := hollowGlyphs
	if slices.Contains(filledGlyphs, glyph) {
		seq = filledGlyphs
	} else if !slices.Contains(hollowGlyphs, glyph) {
		return append([]draw.GlyphDrawer{glyph}, hollowGlyphs...)
	}
	i := max(0, slices.Index(seq, glyph))
	return append(slices.Clone(seq[i:]), seq[:i]...)
}

// combination returns the k-th of the combinations of a marker of glyphs and a dash
// pattern from the first'th on: each step changes both, and the first
// len(glyphs)·len(dashPatterns) steps go through every combination once.
func combination(glyphs []draw.GlyphDrawer, first, k int) (draw.GlyphDrawer, []vg.Length) {
	period := lcm(len(glyphs), len(DashPatterns))
	return glyphs[k%len(glyphs)], DashPatterns[(first+k+k/period)%len(DashPatterns)]
}

func lcm(a, b int) int {
	g, h := a, b
	for h != 0 {
		g, h = h, g%h
	}
	return a / g * b
}

// look returns the k-th look of a strategy's sequence (see lookOf).
func (d Drawn) look(k int) Series {
	if s, ok := builtinLooks[d.Name]; ok && !d.Bot {
		if k == 0 {
			return s
		}
		// The same colour, other markers and other dashes.
		glyph, dashes := combination(glyphSeq(s.Glyph), slices.IndexFunc(DashPatterns, func(p []vg.Length) bool { return slices.Equal(p, s.Dashes) }), k)
		return Series{s.Color, dashes, glyph}
	}
	h := nameHash(d.Name)
	if f := d.family(); f != "" {
		// The family's colour and, first, its marker; the dashes of the member.
		fl := FamilyLooks[f]
		glyph, dashes := combination(glyphSeq(fl.Glyph), h, k)
		return Series{fl.Color, dashes, glyph}
	}
	// A colour, a hollow marker and dashes from the hash, then the next of each.
	glyph, dashes := combination(glyphSeq(hollowGlyphs[h%len(hollowGlyphs)]), h/len(hollowGlyphs), k)
	return Series{colours[(h/7+k)%len(colours)], dashes, glyph}
}

// alike reports whether two looks would be taken for each other: the same colour and
// either the same marker (in a dot plot) or the same dashes (in a line plot).
func alike(a, b Series) bool {
	return a.Color == b.Color && (a.Glyph == b.Glyph || slices.Equal(a.Dashes, b.Dashes))
}

// same reports whether two looks are one: colour, dashes and marker.
func same(a, b Series) bool {
	return a.Color == b.Color && a.Glyph == b.Glyph && slices.Equal(a.Dashes, b.Dashes)
}

// likeAKind reports whether a hashed name's look would be taken for a kind's: alike a
// built-in's, or of a family's colour and marker.
func likeAKind(s Series) bool {
	for _, b := range builtinLooks {
		if alike(s, b) {
			return true
		}
	}
	for _, f := range FamilyLooks {
		if s.Color == f.Color && s.Glyph == f.Glyph {
			return true
		}
	}
	return false
}

// maxLooks bounds the looks a strategy tries: past it, a figure of hundreds of
// strategies takes a look alike another's rather than none.
var maxLooks = len(colours) * len(DashPatterns) * len(hollowGlyphs)

// LooksOf returns the look of each strategy of a figure, names[i] being the strategy of
// its i-th series (a strategy may come twice, as at a table); none is an external bot.
func LooksOf(names []string) []Series {
	ds := make([]Drawn, len(names))
	for i, n := range names {
		ds[i] = Drawn{Name: n}
	}
	return LooksOfDrawn(ds)
}

// LooksOfDrawn returns the look of each strategy of a figure. Each takes its own look
// unless a strategy before it, in the order fixed looks first and then names, and first
// seat first, has a look alike; it then takes the next of its sequence that is alike
// none, with a marker that no other strategy of the figure has as its own where there is
// one, or, past every such look (more members of one family than it has markers), the
// next that is the same as none. A hashed name also gives way to the looks of the kinds,
// in the figure or not, so that no strategy of the tests or of the future is drawn as
// optimal or a bot is.
func LooksOfDrawn(ds []Drawn) []Series {
	order := make([]int, len(ds))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ra, rb := ds[a].reserved(), ds[b].reserved()
		switch {
		case ra && !rb:
			return -1
		case rb && !ra:
			return 1
		}
		if c := strings.Compare(ds[a].Name, ds[b].Name); c != 0 {
			return c
		}
		switch {
		case ds[a].Bot && !ds[b].Bot:
			return 1
		case ds[b].Bot && !ds[a].Bot:
			return -1
		}
		return 0
	})
	// The markers of the figure's strategies, each its own: a strategy that must give
	// way takes, if it can, a marker none of the others has.
	var own []draw.GlyphDrawer
	for _, d := range ds {
		own = append(own, d.look(0).Glyph)
	}
	out := make([]Series, len(ds))
	var taken []Series
	for _, i := range order {
		d := ds[i]
		base := d.look(0).Glyph
		pick := func(from int, ok func(s Series) bool) bool {
			for k := from; k < maxLooks; k++ {
				s := d.look(k)
				if ok(s) && (d.reserved() || !likeAKind(s)) {
					out[i] = s
					return true
				}
			}
			return false
		}
		unlike := func(s Series) bool { return !slices.ContainsFunc(taken, func(t Series) bool { return alike(s, t) }) }
		fresh := func(s Series) bool { return s.Glyph == base || !slices.Contains(own, s.Glyph) }
		if !pick(0, func(s Series) bool { return unlike(s) && fresh(s) }) && !pick(0, unlike) &&
			!pick(0, func(s Series) bool { return !slices.ContainsFunc(taken, func(t Series) bool { return same(s, t) }) }) {
			out[i] = d.look(0)
		}
		taken = append(taken, out[i])
	}
	return out
}

func (s Series) Line(width float64) draw.LineStyle {
	return draw.LineStyle{Color: s.Color, Width: vg.Points(width), Dashes: s.Dashes}
}

func (s Series) Marker(radius float64) draw.GlyphStyle {
	return draw.GlyphStyle{Color: s.Color, Radius: vg.Points(radius), Shape: s.Glyph}
}

// faded returns the colour of s with an alpha, for the bands of intervals.
func (s Series) Faded(alpha float64) color.Color {
	c := color.NRGBAModel.Convert(s.Color).(color.NRGBA)
	c.A = uint8(math.Round(alpha * 255))
	return c
}

// Gray is the colour of reference lines and of what is not a strategy.
var Gray = RGB(0x888888)

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
	outline(c, sty, Polygon(pt, []vg.Point{{X: -x, Y: -x}, {X: x, Y: -x}, {X: x, Y: x}, {X: -x, Y: x}}))
}

func (triangleGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	sin, cos := vg.Length(math.Sin(math.Pi/6)), vg.Length(math.Cos(math.Pi/6))
	r := sty.Radius + (sty.Radius-sty.Radius*sin)/2
	outline(c, sty, Polygon(pt, []vg.Point{{Y: r}, {X: -r * cos, Y: -r * sin}, {X: r * cos, Y: -r * sin}}))
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

// Polygon is the closed path through the corners about pt.
func Polygon(pt vg.Point, corners []vg.Point) vg.Path {
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

// triangleDownGlyph is the outline of a triangle standing on its point, the marker of
// the external bots.
type triangleDownGlyph struct{}

func (triangleDownGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	outline(c, sty, triangleDownPath(sty.Radius, pt))
}

// triangleDownGround is the filled triangleDownGlyph, the ground dots.go puts under it.
type triangleDownGround struct{}

func (triangleDownGround) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.Fill(triangleDownPath(sty.Radius, pt))
}

func triangleDownPath(radius vg.Length, pt vg.Point) vg.Path {
	sin, cos := vg.Length(math.Sin(math.Pi/6)), vg.Length(math.Cos(math.Pi/6))
	r := radius + (radius-radius*sin)/2
	return Polygon(pt, []vg.Point{{Y: -r}, {X: r * cos, Y: r * sin}, {X: -r * cos, Y: r * sin}})
}

// starGlyph is a filled five-pointed star, the marker of win: its points reach a little
// past the glyph's radius, so that it looks as large as the other markers.
type starGlyph struct{}

func (starGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	outer, inner := sty.Radius*1.35, sty.Radius*0.55
	corners := make([]vg.Point, 10)
	for i := range corners {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := math.Pi/2 + float64(i)*math.Pi/5
		corners[i] = vg.Point{X: r * vg.Length(math.Cos(a)), Y: r * vg.Length(math.Sin(a))}
	}
	c.Fill(Polygon(pt, corners))
}

// hexagonGlyph is a filled hexagon standing on a corner, the marker of the best responses.
type hexagonGlyph struct{}

func (hexagonGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * 1.1
	corners := make([]vg.Point, 6)
	for i := range corners {
		a := math.Pi/2 + float64(i)*math.Pi/3
		corners[i] = vg.Point{X: r * vg.Length(math.Cos(a)), Y: r * vg.Length(math.Sin(a))}
	}
	c.Fill(Polygon(pt, corners))
}

// pentagonGlyph is the outline of a pentagon standing on a side, the marker of the
// look-ahead.
type pentagonGlyph struct{}

func (pentagonGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * 1.15
	corners := make([]vg.Point, 5)
	for i := range corners {
		a := math.Pi/2 + float64(i)*2*math.Pi/5
		corners[i] = vg.Point{X: r * vg.Length(math.Cos(a)), Y: r * vg.Length(math.Sin(a))}
	}
	outline(c, sty, Polygon(pt, corners))
}

// hollowDiamondGlyph is the outline of a diamond.
type hollowDiamondGlyph struct{}

func (hollowDiamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	outline(c, sty, diamondPath(sty.Radius*1.15, pt))
}

func diamondPath(r vg.Length, pt vg.Point) vg.Path {
	return Polygon(pt, []vg.Point{{Y: r}, {X: r}, {Y: -r}, {X: -r}})
}

// columnColours are the colours of the columns of a sheet in the figure of the columns
// by turn. Columns are not strategies: they have a palette of their own, every colour of
// it far from every strategy's (CIELAB ΔE of 25 or more), so that no column line is
// read as a strategy's; dark ones first. Each column also has dashes of its own, which
// tell the columns apart in grayscale.
var columnColours = []color.Color{
	RGB(0x7F3B08), // dark brown
	RGB(0x1F3A5F), // navy
	RGB(0xE41A1C), // red
	RGB(0x01665E), // dark teal
	RGB(0x984EA3), // violet
	RGB(0x4DAF4A), // leaf green
	RGB(0xA6761D), // ochre
	RGB(0xB2ABD2), // lavender
}

// ColumnLook is the look of column c in the figure of the columns by turn: its colour
// and its dashes, solid first (a sheet has at most engine.MaxColumns, as many as there
// are colours and dash patterns).
func ColumnLook(c int) Series {
	return Series{Color: columnColours[c%len(columnColours)], Dashes: DashPatterns[c%len(DashPatterns)], Glyph: draw.CircleGlyph{}}
}

// The colours of head_to_head: the first strategy's wins, the ties, the second's wins.
// They are no strategy's (the first and the second are not the strategies of these
// colours): the two ends of ColorBrewer's brown–teal scale, dark teal and light brown,
// and a light grey between, three lightnesses that grayscale keeps apart.
var (
	FirstWinsColour  = RGB(0x01665E)
	TieColour        = RGB(0xDDDDDD)
	SecondWinsColour = RGB(0xBF812D)
)
