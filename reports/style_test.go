package reports

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg/draw"

	"yams/engine"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
	_ "yams/strategies/duel"     // registers best-response:S
	_ "yams/strategies/optimal"  // registers optimal, bonus, win, column-tables, risk, target, beat
	_ "yams/strategies/rulefile" // registers rules:FILE
)

// kindNames are a strategy of each kind: every built-in with a look of its own and a
// member of each family, bots among them.
var kindNames = []drawn{
	{name: "optimal"}, {name: "greedy"}, {name: "upper-first"}, {name: "random"}, {name: "bonus"}, {name: "win"}, {name: "column-tables"},
	{name: "risk:-0.02"}, {name: "target:300"}, {name: "beat:optimal"}, {name: "rules:three-of-each.rules"}, {name: "bot:python"},
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
		if _, ok := familyLooks[f.Prefix]; !ok {
			t.Errorf("the family %s: has no look of its own: give it one in familyLooks (style.go), a colour and a marker no other kind has", f.Prefix)
		}
	}
}

// The kinds of strategies have looks of their own: no two share a marker, so that they
// stay apart in grayscale, nor a colour; a built-in keeps its look beside the others,
// and a member of a family takes its family's colour and marker.
func TestKindLooks(t *testing.T) {
	var kinds []series
	for _, b := range builtinLooks {
		kinds = append(kinds, b)
	}
	for _, f := range familyLooks {
		kinds = append(kinds, f)
	}
	for i, a := range kinds {
		for _, b := range kinds[:i] {
			if a.glyph == b.glyph {
				t.Errorf("two kinds share the marker %T: in grayscale they look alike", a.glyph)
			}
			if a.color == b.color {
				t.Errorf("two kinds share the colour %v", a.color)
			}
		}
	}
	looks := looksOfDrawn(kindNames)
	for i, d := range kindNames {
		own := d.look(0)
		if f := d.family(); f != "" {
			if own.color != familyLooks[f].color || own.glyph != familyLooks[f].glyph {
				t.Errorf("%s: %v, not in the look of its family %s", d.name, own, f)
			}
		} else if !same(own, builtinLooks[d.name]) {
			t.Errorf("%s: %v, its look is %v", d.name, own, builtinLooks[d.name])
		}
		if !same(looks[i], own) {
			t.Errorf("%s: drawn %v beside the other kinds, %v alone", d.name, looks[i], own)
		}
		for j, e := range kindNames[:i] {
			if alike(looks[i], looks[j]) {
				t.Errorf("%s and %s look alike: %v, %v", d.name, e.name, looks[i], looks[j])
			}
		}
	}
	// optimal is the vermillion triangle of the frontier's figures, wherever it is.
	if o := lookOf("optimal", 0); o.color != vermillion || o.glyph != optimalLook.glyph || optimalLook.color != vermillion {
		t.Errorf("optimal: %v, the frontier draws it %v", o, optimalLook)
	}
	if f := familyLook("risk"); lookOf("risk:0.01", 0).color != f.color || lookOf("risk:0.01", 0).glyph != f.glyph {
		t.Errorf("risk:0.01 is not drawn in the look of its family")
	}
	// A bot is drawn as a bot whatever its name, even one a hash would draw otherwise.
	if b := looksOfDrawn([]drawn{{name: "mybot", bot: true}})[0]; b.color != magenta || b.glyph != (triangleDownGlyph{}) {
		t.Errorf("a bot: %v", b)
	}
}

// In any figure, whatever strategies it draws — several rule files, several bots,
// several risk:θ, players of one strategy at a table — no two strategies share colour,
// dashes and marker together, and none looks alike another where its family has markers
// enough; the looks are the same whatever the order of the figure.
func TestNoTwoLooksTheSame(t *testing.T) {
	var pool []drawn
	pool = append(pool, kindNames...)
	for k := range 8 {
		pool = append(pool, drawn{name: fmt.Sprintf("rules:files/learned-%d.rules", k)}, drawn{name: fmt.Sprintf("bot-%d", k), bot: true},
			drawn{name: fmt.Sprintf("risk:%g", 0.01*float64(k+1))}, drawn{name: fmt.Sprintf("target:%d", 200+10*k)},
			drawn{name: fmt.Sprintf("beat:rules:f%d.rules", k)}, drawn{name: fmt.Sprintf("other-%d", k)})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 2 + rng.IntN(14)
		var fig []drawn
		for range n {
			fig = append(fig, pool[rng.IntN(len(pool))])
		}
		// Players of one strategy at a table: up to six.
		if trial%5 == 0 {
			for range rng.IntN(5) {
				fig = append(fig, fig[0])
			}
		}
		looks := looksOfDrawn(fig)
		perm := rng.Perm(len(fig))
		shuffled := make([]drawn, len(fig))
		for i, p := range perm {
			shuffled[i] = fig[p]
		}
		again := looksOfDrawn(shuffled)
		for i := range fig {
			// A strategy that comes once keeps its look in any order (one that comes twice,
			// as players at a table, takes its looks in the order of its players).
			if p := perm[i]; count(fig, fig[p]) == 1 && !same(looks[p], again[i]) {
				t.Errorf("%s: drawn %v in one order, %v in another", fig[p].name, looks[p], again[i])
			}
			for j := range i {
				if same(looks[i], looks[j]) {
					t.Fatalf("%v: %s and %s are drawn alike: %v", names(fig), fig[i].name, fig[j].name, looks[i])
				}
				if alike(looks[i], looks[j]) && sameColourFew(fig, looks[i].color) {
					t.Errorf("%v: %s and %s look alike: %v, %v", names(fig), fig[i].name, fig[j].name, looks[i], looks[j])
				}
			}
		}
	}
}

// The fallbacks of a strategy go through every combination of a marker of its kind and
// a dash pattern before they come back to one, each step changing both.
func TestCombinations(t *testing.T) {
	for _, glyphs := range [][]draw.GlyphDrawer{filledGlyphs, hollowGlyphs} {
		for first := range len(dashPatterns) {
			seen := map[string]bool{}
			n := len(glyphs) * len(dashPatterns)
			var last series
			for k := range n {
				g, d := combination(glyphs, first, k)
				key := fmt.Sprintf("%T %v", g, d)
				if seen[key] {
					t.Fatalf("%d markers, from dashes %d: step %d repeats %s", len(glyphs), first, k, key)
				}
				seen[key] = true
				if k > 0 && (g == last.glyph || slices.Equal(d, last.dashes)) {
					t.Errorf("%d markers, from dashes %d: step %d keeps the marker or the dashes", len(glyphs), first, k)
				}
				last = series{glyph: g, dashes: d}
			}
		}
	}
}

// sameColourFew reports whether the strategies of fig drawn in colour c are few enough
// (no more than the markers of a family) to be told apart by marker and dashes both.
func sameColourFew(fig []drawn, c color.Color) bool {
	n := 0
	for _, s := range looksOfDrawn(fig) {
		if s.color == c {
			n++
		}
	}
	return n <= len(filledGlyphs)
}

// count counts d in ds.
func count(ds []drawn, d drawn) int {
	n := 0
	for _, e := range ds {
		if e == d {
			n++
		}
	}
	return n
}

func names(ds []drawn) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.name)
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
		looks := looksOf(names)
		rev := slices.Clone(names)
		slices.Reverse(rev)
		revLooks := looksOf(rev)
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
		if !same(looks[0], lookOf("optimal", 0)) || !same(looks[1], lookOf("greedy", 0)) {
			t.Errorf("beside %d other names, optimal or greedy lost its look", n)
		}
	}
	// Alone or beside optimal, a name keeps its look.
	if a, b := looksOf([]string{"mybot"})[0], looksOf([]string{"optimal", "mybot"})[1]; !same(a, b) {
		t.Errorf("mybot: %v alone, %v beside optimal", a, b)
	}
	// Players of the same strategy at a table: one colour, told apart by their markers.
	players := looksOf([]string{"greedy", "optimal", "greedy"})
	if players[0].color != players[2].color || alike(players[0], players[2]) || !same(players[0], lookOf("greedy", 0)) {
		t.Errorf("two greedy players: %v and %v", players[0], players[2])
	}
	// Two rule files: one colour, the family's, apart by marker and dashes.
	files := looksOf([]string{"rules:a.rules", "rules:b.rules"})
	if files[0].color != olive || files[1].color != olive || alike(files[0], files[1]) {
		t.Errorf("two rule files: %v and %v", files[0], files[1])
	}
}

// The columns of column_turn have a palette of their own: far from every strategy's
// colour, a colour and dashes for each of the most columns a sheet has.
func TestColumnPalette(t *testing.T) {
	if len(columnColours) < engine.MaxColumns || len(dashPatterns) < engine.MaxColumns {
		t.Fatalf("%d colours and %d dash patterns for %d columns", len(columnColours), len(dashPatterns), engine.MaxColumns)
	}
	for c := range engine.MaxColumns {
		a := columnLook(c)
		for _, s := range colours {
			if d := deltaE(a.color, s); d < 25 {
				t.Errorf("column %d: its colour %v is %.1f from a strategy's, %v", c, a.color, d, s)
			}
		}
		for k := range c {
			if b := columnLook(k); b.color == a.color || slices.Equal(a.dashes, b.dashes) {
				t.Errorf("columns %d and %d look alike", k, c)
			}
		}
	}
	// head_to_head's colours are no strategy's either, and keep apart in grayscale.
	h2h := []color.Color{firstWinsColour, tieColour, secondWinsColour}
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

// Every figure of every report draws a strategy in the look of its name: a run, the same
// strategies in another order, a table, the speed-up of yams bench, a frontier.
func TestLooksAcrossReports(t *testing.T) {
	rules := tinyRules(t)
	infos := fixtureInfos()
	named := func(name string, i strategies.Info) strategies.Info { i.Name = name; return i }
	run := func(names ...string) *report {
		var ss []strategies.Info
		for k, n := range names {
			ss = append(ss, named(n, infos[k%2]))
		}
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: ss, Seed: 1, Games: 20, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReport(res, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	want := map[string]series{}
	for _, r := range []*report{run("optimal", "greedy"), run("greedy", "mybot", "optimal", "win"), run("random", "upper-first", "optimal", "greedy", "win")} {
		for i, name := range r.strategyNames() {
			if w, ok := want[name]; ok && !same(w, r.looks[i]) {
				t.Errorf("%s: drawn %v in one report, %v in another", name, w, r.looks[i])
			}
			want[name] = r.looks[i]
		}
	}
	table, err := tablegame.Run(context.Background(), tablegame.Config{Rules: rules,
		Players: []strategies.Info{named("greedy", infos[0]), named("optimal", infos[1]), named("win", infos[1])}, Seed: 1, Games: 10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := newTableReport(table, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, name := range table.Players {
		if !same(tr.looks[k], want[name]) {
			t.Errorf("player %s: %v at the table, %v in a run", name, tr.looks[k], want[name])
		}
	}
	if !same(want["win"], builtinLooks["win"]) {
		t.Errorf("win is drawn %v, its look is %v", want["win"], builtinLooks["win"])
	}
	if !same(optimalLook, want["optimal"]) {
		t.Errorf("the frontier draws optimal %v, a run %v", optimalLook, want["optimal"])
	}
	if fmt.Sprint(looksOf([]string{"greedy", "optimal"})) != fmt.Sprint([]series{want["greedy"], want["optimal"]}) {
		t.Errorf("yams bench's speed-up would draw greedy and optimal otherwise")
	}
	// A player the command names as a bot is drawn as a bot at a table, and in a run.
	tb, err := newTableReport(table, Options{Bots: []string{"optimal"}})
	if err != nil {
		t.Fatal(err)
	}
	if lk := tb.looks[1]; lk.color != familyLooks[botFamily].color || lk.glyph != familyLooks[botFamily].glyph {
		t.Errorf("a bot at a table: drawn %v", lk)
	}
	batch := func(worker int) strategies.Info {
		return strategies.Info{Name: fmt.Sprint("bot-", worker), NewBatch: func(*engine.Rules, int) (strategies.Batch, error) { return nil, nil }}
	}
	if got := ExternalBots([]strategies.Info{infos[0], batch(1), batch(1), batch(2), {Name: "both", New: infos[0].New, NewBatch: batch(3).NewBatch}}); !slices.Equal(got, []string{"bot-1", "bot-2"}) {
		t.Errorf("the external bots: %v", got)
	}
	// A bot's summary draws it as a bot.
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: infos, Seed: 1, Games: 10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res.Summaries[1].Bot = &sim.BotIdentity{Name: "hoarder", Version: "1"}
	r, err := newReport(res, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.looks[1].color != familyLooks[botFamily].color || r.looks[1].glyph != familyLooks[botFamily].glyph || strings.HasPrefix(res.Summaries[1].Strategy, "bot:") {
		t.Errorf("a bot's summary: drawn %v", r.looks[1])
	}
}

// Every tick of a heat map's colour bar has its number (issue 40 §5): a share too close to
// the one before is left out, not marked blank; 0 and the top are always there.
func TestColourBarTicksAllLabelled(t *testing.T) {
	l, _ := labelsFor("en")
	for _, top := range []float64{0.5, 1, 2, 3, 5, 8, 10, 15, 20, 30, 40, 50, 60, 80, 100} {
		ticks := sqrtTicks{l: l, top: top}.Ticks(0, math.Sqrt(top))
		if len(ticks) < 3 || ticks[0].Value != 0 || ticks[len(ticks)-1].Value != math.Sqrt(top) {
			t.Errorf("top %v: ticks %v, want 0, a share between and the top", top, ticks)
		}
		for _, tk := range ticks {
			if tk.Label == "" {
				t.Errorf("top %v: a tick at %v (a share of %v) without its number: %v", top, tk.Value, tk.Value*tk.Value, ticks)
			}
		}
	}
}

// An axis of percentages ends at a value it labels, past its data: 70.3 (optimal's bonus
// on hasbro, 68.6%, with its interval) ends at 80, not just past 70 (issue 40 §5); and
// niceTicks labels that end.
func TestPercentAxisEnd(t *testing.T) {
	l, _ := labelsFor("en")
	for top, want := range map[float64]float64{0: 10, 3.2: 10, 10: 10, 10.5: 20, 41: 50, 60: 60, 60.1: 80, 70.3: 80, 96.1: 100, 100: 100} {
		got := percentAxisEnd(top)
		if got != want {
			t.Errorf("percentAxisEnd(%v) = %v, want %v", top, got, want)
		}
		ticks := niceTicks(l, 0, got)
		if last := ticks[len(ticks)-1]; last.Value != got || last.Label == "" {
			t.Errorf("0 to %v: the last tick %+v does not name the end", got, last)
		}
	}
}
