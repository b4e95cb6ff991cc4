package reports

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/plot/vg/draw"

	"yams/engine"
	"yams/strategies"
	_ "yams/strategies/duel"     // registers best-response:S
	_ "yams/strategies/optimal"  // registers optimal, bonus, win, column-tables, risk, target, beat
	_ "yams/strategies/rulefile" // registers rules:FILE
)

// kindNames are a strategy of each kind: every built-in with a look of its own and a
// member of each family, bots among them.
var kindNames = []Drawn{
	{Name: "optimal"}, {Name: "greedy"}, {Name: "upper-first"}, {Name: "random"}, {Name: "bonus"}, {Name: "win"}, {Name: "column-tables"},
	{Name: "risk:-0.02"}, {Name: "target:300"}, {Name: "beat:optimal"}, {Name: "rules:three-of-each.rules"}, {Name: "bot:python"}, {Name: "rollout:column-tables"},
}

// Every strategy yams registers, and every family, has a look of its kind: a strategy
// registered later fails here until it is given one (builtinLooks or familyLooks).
func TestEveryKindHasALook(t *testing.T) {
	for _, info := range strategies.All() {
		if _, ok := builtinLooks[info.Name]; !ok {
			t.Errorf("the strategy %s has no look of its own: give it one in builtinLooks (style.go), a colour, dashes and a marker no other kind has", info.Name)
		}
	}
	for _, f := range strategies.Families() {
		if _, ok := FamilyLooks[f.Prefix]; !ok {
			t.Errorf("the family %s: has no look of its own: give it one in familyLooks (style.go), a colour and a marker no other kind has", f.Prefix)
		}
	}
}

// The kinds of strategies have looks of their own: no two share a marker, so that they
// stay apart in grayscale, nor a colour; a built-in keeps its look beside the others,
// and a member of a family takes its family's colour and marker.
func TestKindLooks(t *testing.T) {
	var kinds []Series
	for _, b := range builtinLooks {
		kinds = append(kinds, b)
	}
	for _, f := range FamilyLooks {
		kinds = append(kinds, f)
	}
	for i, a := range kinds {
		for _, b := range kinds[:i] {
			if a.Glyph == b.Glyph {
				t.Errorf("two kinds share the marker %T: in grayscale they look alike", a.Glyph)
			}
			if a.Color == b.Color {
				t.Errorf("two kinds share the colour %v", a.Color)
			}
		}
	}
	looks := LooksOfDrawn(kindNames)
	for i, d := range kindNames {
		own := d.look(0)
		if f := d.family(); f != "" {
			if own.Color != FamilyLooks[f].Color || own.Glyph != FamilyLooks[f].Glyph {
				t.Errorf("%s: %v, not in the look of its family %s", d.Name, own, f)
			}
		} else if !same(own, builtinLooks[d.Name]) {
			t.Errorf("%s: %v, its look is %v", d.Name, own, builtinLooks[d.Name])
		}
		if !same(looks[i], own) {
			t.Errorf("%s: drawn %v beside the other kinds, %v alone", d.Name, looks[i], own)
		}
		for j, e := range kindNames[:i] {
			if alike(looks[i], looks[j]) {
				t.Errorf("%s and %s look alike: %v, %v", d.Name, e.Name, looks[i], looks[j])
			}
		}
	}
	// optimal is the vermillion triangle of the frontier's figures, wherever it is.
	if o := LookOf("optimal", 0); o.Color != vermillion || o.Glyph != builtinLooks["optimal"].Glyph {
		t.Errorf("optimal: %v, want its vermillion look (the frontier draws it so: exact's TestLooksAcrossReports)", o)
	}
	if f := FamilyLook("risk"); LookOf("risk:0.01", 0).Color != f.Color || LookOf("risk:0.01", 0).Glyph != f.Glyph {
		t.Errorf("risk:0.01 is not drawn in the look of its family")
	}
	// A bot is drawn as a bot whatever its name, even one a hash would draw otherwise.
	if b := LooksOfDrawn([]Drawn{{Name: "mybot", Bot: true}})[0]; b.Color != magenta || b.Glyph != (triangleDownGlyph{}) {
		t.Errorf("a bot: %v", b)
	}
}

// In any figure, whatever strategies it draws — several rule files, several bots,
// several risk:θ, players of one strategy at a table — no two strategies share colour,
// dashes and marker together, and none looks alike another where its family has markers
// enough; the looks are the same whatever the order of the figure.
func TestNoTwoLooksTheSame(t *testing.T) {
	var pool []Drawn
	pool = append(pool, kindNames...)
	for k := range 8 {
		pool = append(pool, Drawn{Name: fmt.Sprintf("rules:files/learned-%d.rules", k)}, Drawn{Name: fmt.Sprintf("bot-%d", k), Bot: true},
			Drawn{Name: fmt.Sprintf("risk:%g", 0.01*float64(k+1))}, Drawn{Name: fmt.Sprintf("target:%d", 200+10*k)},
			Drawn{Name: fmt.Sprintf("beat:rules:f%d.rules", k)}, Drawn{Name: fmt.Sprintf("other-%d", k)})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 2 + rng.IntN(14)
		var fig []Drawn
		for range n {
			fig = append(fig, pool[rng.IntN(len(pool))])
		}
		// Players of one strategy at a table: up to six.
		if trial%5 == 0 {
			for range rng.IntN(5) {
				fig = append(fig, fig[0])
			}
		}
		looks := LooksOfDrawn(fig)
		perm := rng.Perm(len(fig))
		shuffled := make([]Drawn, len(fig))
		for i, p := range perm {
			shuffled[i] = fig[p]
		}
		again := LooksOfDrawn(shuffled)
		for i := range fig {
			// A strategy that comes once keeps its look in any order (one that comes twice,
			// as players at a table, takes its looks in the order of its players).
			if p := perm[i]; count(fig, fig[p]) == 1 && !same(looks[p], again[i]) {
				t.Errorf("%s: drawn %v in one order, %v in another", fig[p].Name, looks[p], again[i])
			}
			for j := range i {
				if same(looks[i], looks[j]) {
					t.Fatalf("%v: %s and %s are drawn alike: %v", names(fig), fig[i].Name, fig[j].Name, looks[i])
				}
				if alike(looks[i], looks[j]) && sameColourFew(fig, looks[i].Color) {
					t.Errorf("%v: %s and %s look alike: %v, %v", names(fig), fig[i].Name, fig[j].Name, looks[i], looks[j])
				}
			}
		}
	}
}

// The fallbacks of a strategy go through every combination of a marker of its kind and
// a dash pattern before they come back to one, each step changing both.
func TestCombinations(t *testing.T) {
	for _, glyphs := range [][]draw.GlyphDrawer{filledGlyphs, hollowGlyphs} {
		for first := range len(DashPatterns) {
			seen := map[string]bool{}
			n := len(glyphs) * len(DashPatterns)
			var last Series
			for k := range n {
				g, d := combination(glyphs, first, k)
				key := fmt.Sprintf("%T %v", g, d)
				if seen[key] {
					t.Fatalf("%d markers, from dashes %d: step %d repeats %s", len(glyphs), first, k, key)
				}
				seen[key] = true
				if k > 0 && (g == last.Glyph || slices.Equal(d, last.Dashes)) {
					t.Errorf("%d markers, from dashes %d: step %d keeps the marker or the dashes", len(glyphs), first, k)
				}
				last = Series{Glyph: g, Dashes: d}
			}
		}
	}
}

// sameColourFew reports whether the strategies of fig drawn in colour c are few enough
// (no more than the markers of a family) to be told apart by marker and dashes both.
func sameColourFew(fig []Drawn, c color.Color) bool {
	n := 0
	for _, s := range LooksOfDrawn(fig) {
		if s.Color == c {
			n++
		}
	}
	return n <= len(filledGlyphs)
}

// count counts d in ds.
func count(ds []Drawn, d Drawn) int {
	n := 0
	for _, e := range ds {
		if e == d {
			n++
		}
	}
	return n
}

func names(ds []Drawn) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Name)
	}
	return out
}

// A strategy's look does not depend on the order of the figure, nor on the strategies
// beside it unless one of them would look alike; no two strategies of a figure look
// alike, and no other name looks like a kind.
func TestLooksByName(t *testing.T) {
	others := []string{"mybot", "columns", "rules.json", "bot-1", "bot-2", "bot-3", "a", "b", "c", "d", "e", "f", "g", "h"}
	for n := 1; n <= len(others); n++ {
		names := append([]string{"optimal", "greedy"}, others[:n]...)
		looks := LooksOf(names)
		rev := slices.Clone(names)
		slices.Reverse(rev)
		revLooks := LooksOf(rev)
		for i, name := range names {
			if !same(looks[i], revLooks[len(names)-1-i]) {
				t.Errorf("%d names: %s drawn %v in one order, %v in the other", len(names), name, looks[i], revLooks[len(names)-1-i])
			}
			for j := range i {
				if alike(looks[i], looks[j]) {
					t.Errorf("%v: %s and %s look alike", names, name, names[j])
				}
			}
			if i >= 2 && likeAKind(looks[i]) {
				t.Errorf("%s looks like a kind of strategy: %v", name, looks[i])
			}
		}
		if !same(looks[0], LookOf("optimal", 0)) || !same(looks[1], LookOf("greedy", 0)) {
			t.Errorf("beside %d other names, optimal or greedy lost its look", n)
		}
	}
	// Alone or beside optimal, a name keeps its look.
	if a, b := LooksOf([]string{"mybot"})[0], LooksOf([]string{"optimal", "mybot"})[1]; !same(a, b) {
		t.Errorf("mybot: %v alone, %v beside optimal", a, b)
	}
	// Players of the same strategy at a table: one colour, told apart by their markers.
	players := LooksOf([]string{"greedy", "optimal", "greedy"})
	if players[0].Color != players[2].Color || alike(players[0], players[2]) || !same(players[0], LookOf("greedy", 0)) {
		t.Errorf("two greedy players: %v and %v", players[0], players[2])
	}
	// Two rule files: one colour, the family's, apart by marker and dashes.
	files := LooksOf([]string{"rules:a.rules", "rules:b.rules"})
	if files[0].Color != olive || files[1].Color != olive || alike(files[0], files[1]) {
		t.Errorf("two rule files: %v and %v", files[0], files[1])
	}
}

// lab returns the CIELAB coordinates of a colour (D65).
func lab(c color.Color) [3]float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	R, G, B := lin(r), lin(g), lin(b)
	x := (0.4124*R + 0.3576*G + 0.1805*B) / 0.95047
	y := 0.2126*R + 0.7152*G + 0.0722*B
	z := (0.0193*R + 0.1192*G + 0.9505*B) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func lightness(c color.Color) float64 { return lab(c)[0] }

// deltaE is the CIE76 distance between two colours.
func deltaE(a, b color.Color) float64 {
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// A strategy keeps its look whatever the report: each report draws its strategies by
// LooksOf (LooksOfDrawn), its bots as bots (the reports' tests check that they do); the
// built-in win has its own look; yams bench's speed-up draws greedy and optimal as runs
// do; the external bots are the strategies played through a batch alone.
func TestLooksAcrossReports(t *testing.T) {
	if !same(LooksOf([]string{"greedy", "win"})[1], builtinLooks["win"]) {
		t.Errorf("win is drawn %v, its look is %v", LooksOf([]string{"win"})[0], builtinLooks["win"])
	}
	if fmt.Sprint(LooksOf([]string{"greedy", "optimal"})) != fmt.Sprint([]Series{LooksOf([]string{"random", "greedy"})[1], LooksOf([]string{"optimal"})[0]}) {
		t.Errorf("yams bench's speed-up would draw greedy and optimal otherwise")
	}
	infos := []strategies.Info{{Name: "lazy", New: func(*engine.Rules) (strategies.Strategy, error) { return nil, nil }}}
	batch := func(worker int) strategies.Info {
		return strategies.Info{Name: fmt.Sprint("bot-", worker), NewBatch: func(*engine.Rules, int) (strategies.Batch, error) { return nil, nil }}
	}
	if got := ExternalBots([]strategies.Info{infos[0], batch(1), batch(1), batch(2), {Name: "both", New: infos[0].New, NewBatch: batch(3).NewBatch}}); !slices.Equal(got, []string{"bot-1", "bot-2"}) {
		t.Errorf("the external bots: %v", got)
	}
}

// An axis of percentages ends at a value it labels, past its data: 70.3 (optimal's bonus
// on hasbro, 68.6%, with its interval) ends at 80, not just past 70 (issue 40 §5); and
// niceTicks labels that end.
func TestPercentAxisEnd(t *testing.T) {
	l, _ := LabelsFor("en")
	for top, want := range map[float64]float64{0: 10, 3.2: 10, 10: 10, 10.5: 20, 41: 50, 60: 60, 60.1: 80, 70.3: 80, 96.1: 100, 100: 100} {
		got := PercentAxisEnd(top)
		if got != want {
			t.Errorf("percentAxisEnd(%v) = %v, want %v", top, got, want)
		}
		ticks := niceTicks(l, 0, got)
		if last := ticks[len(ticks)-1]; last.Value != got || last.Label == "" {
			t.Errorf("0 to %v: the last tick %+v does not name the end", got, last)
		}
	}
}

// The columns of column_turn have a palette of their own: far from every strategy's
// colour, a colour and dashes for each of the most columns a sheet has.
func TestColumnPalette(t *testing.T) {
	if len(columnColours) < engine.MaxColumns || len(DashPatterns) < engine.MaxColumns {
		t.Fatalf("%d colours and %d dash patterns for %d columns", len(columnColours), len(DashPatterns), engine.MaxColumns)
	}
	for c := range engine.MaxColumns {
		a := ColumnLook(c)
		for _, s := range colours {
			if d := deltaE(a.Color, s); d < 25 {
				t.Errorf("column %d: its colour %v is %.1f from a strategy's, %v", c, a.Color, d, s)
			}
		}
		for k := range c {
			if b := ColumnLook(k); b.Color == a.Color || slices.Equal(a.Dashes, b.Dashes) {
				t.Errorf("columns %d and %d look alike", k, c)
			}
		}
	}
	// head_to_head's colours are no strategy's either, and keep apart in grayscale.
	h2h := []color.Color{FirstWinsColour, TieColour, SecondWinsColour}
	for i, a := range h2h {
		for _, s := range colours {
			if d := deltaE(a, s); d < 20 {
				t.Errorf("head_to_head's colour %v is %.1f from a strategy's, %v", a, d, s)
			}
		}
		for _, b := range h2h[:i] {
			if math.Abs(lightness(a)-lightness(b)) < 15 {
				t.Errorf("head_to_head's colours %v and %v have the lightness %.0f and %.0f: alike in grayscale", a, b, lightness(a), lightness(b))
			}
		}
	}
}
