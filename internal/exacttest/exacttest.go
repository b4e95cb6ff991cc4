package exacttest

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/sim"
	"yams/strategies"
)

// Main runs the tests of a package with the cache in a directory of their own, so that
// tests never write to the user's cache, and returns their exit code.
func Main(m *testing.M) int {
	dir, err := os.MkdirTemp("", "yams-exact-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv(cachedir.Env, dir)
	code := m.Run()
	os.RemoveAll(dir)
	return code
}

// Heavy skips a test that solves or plays the 13-box games under the race detector,
// which runs them ten times slower; the concurrent code is raced on small rules.
func Heavy(t testing.TB) {
	t.Helper()
	if RaceEnabled {
		t.Skip("13-box games under the race detector")
	}
}

// NotUnderRace skips a case that adds rules or statistics, not concurrency, under the
// race detector: the race run keeps one case of each concurrent computation.
func NotUnderRace(t testing.TB) {
	t.Helper()
	if RaceEnabled {
		t.Skip("more rules, not more concurrency: left to the run without the race detector")
	}
}

// MustRules loads a preset with options.
func MustRules(t testing.TB, name string, options ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name, options...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// SixBoxes loads examples/rules/six-boxes.json: a short game with what the rule language
// reads (an upper section with a bonus, a full house, a chance, a five-of-a-kind box with
// the extra bonus), which the tests solve and analyse in a blink. Its path is this file's,
// so that the tests of any package load it alike.
func SixBoxes(t testing.TB) *engine.Rules {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("exacttest: where is this file?")
	}
	return MustRules(t, filepath.Join(filepath.Dir(file), "..", "..", "examples", "rules", "six-boxes.json"))
}

// parse reads a rule set written in the tests, tabs removed.
func parse(t testing.TB, name, spec string, options ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Parse(name, []byte(strings.ReplaceAll(spec, "\t", "")), options...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// SmallRules is a short game that keeps every feature of the solver in play: an upper
// section with a bonus, a yahtzee box with the extra bonus and the forced joker, a
// subtracted box, a chance.
func SmallRules(t testing.TB, options ...string) *engine.Rules {
	t.Helper()
	return parse(t, "small", `{"name": "small", "rolls": 3,
	"boxes": [
		{"id": "ones", "section": "upper", "kind": "face", "face": 1},
		{"id": "twos", "section": "upper", "kind": "face", "face": 2},
		{"id": "threes", "section": "upper", "kind": "face", "face": 3},
		{"id": "fours", "section": "upper", "kind": "face", "face": 4},
		{"id": "fives", "section": "upper", "kind": "face", "face": 5},
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "min", "section": "middle", "kind": "chance", "add": "all", "subtract": true},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}
	],
	"upper_bonus": {"threshold": 40, "points": 35, "when": "complete"},
	"extra_yahtzee": {"box": "yahtzee", "points": 100},
	"joker": {"mode": "forced", "box": "yahtzee"}}`, options...)
}

// TinyRules is a game of five boxes short enough for a plain reference solve of target:T
// over every (state, need) pair: an upper section with a bonus counted once complete, a
// chance, a yahtzee box with the extra bonus.
func TinyRules(t testing.TB) *engine.Rules {
	t.Helper()
	return parse(t, "tiny", `{"name": "tiny", "rolls": 3,
	"boxes": [
		{"id": "ones", "section": "upper", "kind": "face", "face": 1},
		{"id": "fours", "section": "upper", "kind": "face", "face": 4},
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance", "add": "all"},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}
	],
	"upper_bonus": {"threshold": 25, "points": 20, "when": "complete"},
	"extra_yahtzee": {"box": "yahtzee", "points": 100}}`)
}

// TinyMinusRules is TinyRules with its chance subtracted: the points so far fall. (A
// joker needs an upper box for every face: small has the forced joker.)
func TinyMinusRules(t testing.TB) *engine.Rules {
	t.Helper()
	return parse(t, "tiny-minus", `{"name": "tiny-minus", "rolls": 3,
	"boxes": [
		{"id": "ones", "section": "upper", "kind": "face", "face": 1},
		{"id": "fours", "section": "upper", "kind": "face", "face": 4},
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "min", "section": "middle", "kind": "chance", "add": "all", "subtract": true},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}
	],
	"upper_bonus": {"threshold": 25, "points": 20, "when": "complete"},
	"extra_yahtzee": {"box": "yahtzee", "points": 100}}`)
}

// ColumnsRules returns a small sheet of a few boxes, with the upper bonus and the extra
// bonus, on the columns given (the columns= option).
func ColumnsRules(t testing.TB, boxes, columns string, options ...string) *engine.Rules {
	t.Helper()
	return parse(t, "cols", `{"name": "cols", "rolls": 3,
	"boxes": [`+boxes+`],
	"upper_bonus": {"threshold": 18, "points": 10, "when": "complete"},
	"extra_yahtzee": {"box": "yahtzee", "points": 100}}`, append([]string{"columns=" + columns}, options...)...)
}

// Boxes of the small sheets of the several-column tests: three boxes (an upper box with a
// bonus, a sum, a five of a kind with its extra bonus), and a fourth for the longer checks.
const (
	ThreeBoxes = `{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance", "add": "all"},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}`
	FourBoxes = `{"id": "fives", "section": "upper", "kind": "face", "face": 5},` + ThreeBoxes
)

// GameStats is what the agreement tests compare with the exact figures.
type GameStats struct {
	N                     int
	Sum, SumSq            float64
	Bonus, Yahtzee, Extra float64
	BoxSum, BoxZero       [engine.MaxBoxes]float64
}

// PlayGames plays n games of st with the simulator's game loop (sim.Game), which checks
// every decision against the rules, and gathers what the exact analysis predicts.
func PlayGames(t testing.TB, st strategies.Strategy, r *engine.Rules, n int, seed uint64) GameStats {
	t.Helper()
	dice := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	g := sim.NewGame(r)
	sh := &g.Sheet
	var gs GameStats
	gs.N = n
	for range n {
		if err := g.Play(st, dice); err != nil {
			t.Fatal(err)
		}
		tot := float64(sh.Total())
		gs.Sum += tot
		gs.SumSq += tot * tot
		if sh.UpperBonus(0) > 0 {
			gs.Bonus++
		}
		if y := r.YahtzeeBox(); y >= 0 && sh.Score(engine.BoxID(y)) > 0 {
			gs.Yahtzee++
		}
		gs.Extra += float64(sh.ExtraBonuses())
		for b := range r.NumBoxes() {
			gs.BoxSum[b] += float64(sh.Score(engine.BoxID(b)))
			if sh.Score(engine.BoxID(b)) == 0 {
				gs.BoxZero[b]++
			}
		}
	}
	return gs
}

// Agree checks a simulated mean against an exact one within the 99% interval.
func Agree(t testing.TB, what string, exact, sum, sumSq float64, n int) {
	t.Helper()
	mean := sum / float64(n)
	sd := math.Sqrt(max(0, sumSq/float64(n)-mean*mean))
	half := 2.5758 * sd / math.Sqrt(float64(n))
	if math.Abs(mean-exact) > half {
		t.Errorf("%s: simulated %.5f ± %.5f (99%%), exact %.5f", what, mean, half, exact)
	}
}

// TurnOf returns a function that plays one turn of rules r with the strategy current()
// returns, on a sheet of its own (a new game once the sheet is full): what allocation
// tests run over and over.
func TurnOf(current func() strategies.Strategy, r *engine.Rules) func() {
	sh := engine.NewSheet(r)
	return TurnOn(current, &sh, rand.NewPCG(3, 4))
}

// TurnOn is TurnOf on sheet sh, with dice g.
func TurnOn(current func() strategies.Strategy, sh *engine.Sheet, g *rand.PCG) func() {
	return func() {
		st := current()
		roll, used := engine.Throw(g), 1
		for left := sh.Rules().Rolls() - 1; left > 0; left-- {
			k := st.Keep(sh, roll, left)
			if k == roll.Keep() {
				break
			}
			roll, used = engine.Reroll(g, k), used+1
		}
		sh.Fill(st.Box(sh, roll, used), roll)
		if sh.Done() {
			sh.Reset()
		}
	}
}

// Allocated returns the bytes f allocates.
func Allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// Within reports whether an estimate of memory is within 10% of what was measured.
func Within(estimate, measured int64) bool {
	return float64(estimate) >= 0.9*float64(measured) && float64(estimate) <= 1.1*float64(measured)
}

// MemoryShapes are the sheets whose structures the memory tests allocate: one column of
// three rolls, hasbro, four rolls, and two columns of which one takes first rolls only.
func MemoryShapes(t testing.TB) []*engine.Rules {
	return []*engine.Rules{SmallRules(t), MustRules(t, "hasbro"), MustRules(t, "yams-wiki", "rolls=4"),
		ColumnsRules(t, FourBoxes, "free,sec")}
}
