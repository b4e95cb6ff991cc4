package rollout_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/rollout"
	_ "yams/strategies/tableplay" // win, which plays at a table alone
)

// columnTables builds column-tables on rules r.
func columnTables(t testing.TB, r *engine.Rules) func() (strategies.Strategy, error) {
	t.Helper()
	if _, err := strategies.New("column-tables", r); err != nil {
		t.Fatal(err)
	}
	return func() (strategies.Strategy, error) { return strategies.New("column-tables", r) }
}

// positionAfter returns a position of a game of st on r: the sheet after turns turns, and
// the first roll of the next.
func positionAfter(t testing.TB, r *engine.Rules, turns int, seed uint64) (*engine.Sheet, engine.Roll) {
	t.Helper()
	st, _ := strategies.New("greedy", r)
	g := rand.NewPCG(seed, 1)
	sh := engine.NewSheet(r)
	for range turns {
		roll := engine.Throw(g)
		sh.Fill(st.Box(&sh, roll, 1), roll)
	}
	return &sh, engine.Throw(g)
}

// TestMeasureWorkersAndCache: the games of a position's options are the same whatever the
// workers that play them, with a cache or without; a longer measurement's first games are
// a shorter one's; and the cache plays no game twice, within its bound.
func TestMeasureWorkersAndCache(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	build := columnTables(t, r)
	sh, roll := positionAfter(t, r, 2, 3)
	p := &rollout.Position{Sheet: sh, Roll: roll, Used: 1}
	opts := []rollout.Option{rollout.KeepOption(roll.Keep()), rollout.KeepOption(0)}
	for l := sh.Legal(roll, 1); l != 0; l &= l - 1 {
		opts = append(opts, rollout.BoxOption(engine.BoxID(bitsTrailing(l))))
	}
	measure := func(workers int, cache *rollout.Cache, games int) []rollout.Figure {
		m := rollout.NewMeasurer(r, build, workers)
		m.Cache, m.Who = cache, "column-tables"
		ms, err := m.Measure(p, opts, games)
		if err != nil {
			t.Fatal(err)
		}
		var out []rollout.Figure
		for i := range opts {
			out = append(out, ms.Figure(i), ms.Diff(0, i))
		}
		return out
	}
	want := measure(1, nil, 128)
	for _, w := range []int{2, 3} {
		if got := measure(w, nil, 128); !slices.Equal(got, want) {
			t.Errorf("%d workers: %v, one: %v", w, got, want)
		}
	}
	cache := rollout.NewCache(1 << 20)
	if got := measure(2, cache, 64); got[0].Games != 64 {
		t.Fatalf("64 games measured as %d", got[0].Games)
	}
	before := cache.Bytes()
	if got := measure(3, cache, 128); !slices.Equal(got, want) {
		t.Errorf("with a cache extended from 64 games to 128: %v, without: %v", got, want)
	}
	if after := cache.Bytes(); before != int64(len(opts))*64*16 || after != 2*before {
		t.Errorf("the cache holds %d bytes after 64 games of %d options, %d after 128", before, len(opts), after)
	}
	small := rollout.NewCache(3 * 128 * 16) // three options' games
	measure(1, small, 128)
	if small.Bytes() > 3*128*16 {
		t.Errorf("a cache of %d bytes holds %d", 3*128*16, small.Bytes())
	}
	if got := measure(1, small, 128); !slices.Equal(got, want) {
		t.Errorf("after forgetting: %v, want %v", got, want)
	}
}

func bitsTrailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// TestFamilyNames: rollout:S takes any strategy that plays a game of its own, with the
// games of its look-ahead as a parameter, and refuses what it cannot look ahead with.
func TestFamilyNames(t *testing.T) {
	for name, want := range map[string]string{
		"rollout:column-tables":      "rollout:column-tables",
		"rollout:32:column-tables":   "rollout:32:column-tables",
		"rollout:256/5:greedy":       "rollout:256:greedy",
		"rollout:64/0:column-tables": "rollout:64/0:column-tables",
	} {
		info, err := strategies.Resolve(name)
		if err != nil || info.Name != want {
			t.Errorf("%s: %v, %v", name, info.Name, err)
		}
	}
	for name, want := range map[string]string{
		"rollout:7:greedy":    "not a multiple of 16",
		"rollout:64/x:greedy": "not a number from 0",
		"rollout:":            "no strategy to look ahead with",
		"rollout:64:":         "no strategy to look ahead with",
		"rollout:nope":        "unknown strategy",
		"rollout:win":         "does not play a game of its own",
	} {
		if _, err := strategies.Resolve(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

// TestLookaheadDecidesAlike: the look-ahead decides as a function of the position, two of
// them alike whatever they met before, and with no option close to the base's own it
// decides as the base; its decisions allocate nothing.
func TestLookaheadDecidesAlike(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	a, err := strategies.New("rollout:column-tables", r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := strategies.New("rollout:column-tables", r)
	base, _ := strategies.New("column-tables", r)
	g := rand.NewPCG(5, 6)
	sh := engine.NewSheet(r)
	differ := 0
	for range 40 {
		roll := engine.Throw(g)
		ka, kb := a.Keep(&sh, roll, 2), b.Keep(&sh, roll, 2)
		if ka != kb {
			t.Fatalf("keeps %v and %v of roll %v", ka, kb, roll)
		}
		if ka != base.Keep(&sh, roll, 2) {
			differ++
		}
		ba, bb := a.Box(&sh, roll, 1), b.Box(&sh, roll, 1)
		if ba != bb {
			t.Fatalf("boxes %v and %v of roll %v", ba, bb, roll)
		}
		// b meets another position between, a does not: they still agree.
		b.Box(&sh, engine.Throw(g), 1)
		sh.Fill(ba, roll)
		if sh.Done() {
			sh.Reset()
		}
	}
	t.Logf("%d keeps of 40 differ from column-tables's", differ)
	turn := exacttest.TurnOf(func() strategies.Strategy { return a }, r)
	for range 100 { // its scratch space grown to the largest measurement of the sheet
		turn()
	}
	if n := testing.AllocsPerRun(100, turn); n != 0 {
		t.Errorf("a turn of rollout:column-tables allocates %v times", n)
	}
}

// TestLookaheadNeverWorse plays rollout:S and S on the same dice on small sheets, for S a
// strategy with values of its own (column-tables on two columns) and one without
// (greedy on one column, every option looked ahead): the look-ahead is above S, or within
// the interval of their paired difference.
func TestLookaheadNeverWorse(t *testing.T) {
	cases := []struct {
		r     *engine.Rules
		base  string
		games int
	}{
		{exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,bottom_up"), "column-tables", 600},
	}
	if exacttest.RaceEnabled {
		cases[0].games = 100 // the race detector slows the games tenfold: the check of the code, not of the gain
	}
	if exhaustive.On {
		// Every option of every decision looked ahead, without a control variate: slow.
		cases[0].games = 20000
		cases = append(cases, struct {
			r     *engine.Rules
			base  string
			games int
		}{exacttest.SmallRules(t), "greedy", 2000})
	}
	for _, c := range cases {
		la, err := strategies.New("rollout:"+c.base, c.r)
		if err != nil {
			t.Fatal(err)
		}
		base, _ := strategies.New(c.base, c.r)
		var d []float64
		for i := range c.games {
			x := exacttest.PlayGames(t, la, c.r, 1, uint64(i)+1)
			y := exacttest.PlayGames(t, base, c.r, 1, uint64(i)+1)
			d = append(d, x.Sum-y.Sum)
		}
		mean, hw := meanHW(d)
		t.Logf("%s on %s: rollout:%s − %s = %+.3f ± %.3f over %d games", c.base, c.r.Name(), c.base, c.base, mean, hw, c.games)
		if mean < -hw {
			t.Errorf("rollout:%s below %s beyond the interval: %+.3f ± %.3f", c.base, c.base, mean, hw)
		}
	}
}

func meanHW(d []float64) (float64, float64) {
	n := float64(len(d))
	var s, ss float64
	for _, x := range d {
		s += x
	}
	mean := s / n
	for _, x := range d {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.959964 * math.Sqrt(ss/(n-1)/n)
}

// TestLookaheadOfOptimal: the look-ahead of a strategy that maximises the expected score
// exactly is the strategy, game for game: optimal's on one column, and column-tables's
// there, which is optimal (measured, each option's 16 games would choose by the dice's
// luck and fall below it).
func TestLookaheadOfOptimal(t *testing.T) {
	r := exacttest.SmallRules(t)
	base, err := strategies.New("optimal", r)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rollout:optimal", "rollout:column-tables", "rollout:64:column-tables"} {
		la, err := strategies.New(name, r)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 50 {
			x := exacttest.PlayGames(t, la, r, 1, uint64(i)+1)
			y := exacttest.PlayGames(t, base, r, 1, uint64(i)+1)
			if x.Sum != y.Sum {
				t.Fatalf("%s scores %v on the dice of game %d, optimal %v", name, x.Sum, i, y.Sum)
			}
		}
	}
}
