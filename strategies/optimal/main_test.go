package optimal

import (
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/sim"
	"yams/strategies"
)

func TestMain(m *testing.M) {
	// Tests must not write to the user's cache.
	dir, err := os.MkdirTemp("", "yams-optimal-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv(cachedir.Env, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// heavy skips a test that solves or plays the 13-box games under the race detector,
// which runs them ten times slower; the concurrent code is raced on small rules.
func heavy(t testing.TB) {
	t.Helper()
	if raceEnabled {
		t.Skip("13-box games under the race detector")
	}
}

// notUnderRace skips a case that adds rules or statistics, not concurrency, under the race
// detector: the race run keeps one case of each concurrent computation.
func notUnderRace(t testing.TB) {
	t.Helper()
	if raceEnabled {
		t.Skip("more rules, not more concurrency: left to the run without the race detector")
	}
}

var solvedTables sync.Map // rules hash -> *Table

// solved returns the table of a preset with options, solving it once per test binary.
func solved(t testing.TB, name string, options ...string) *Table {
	t.Helper()
	r := mustRules(t, name, options...)
	if tab, ok := solvedTables.Load(r.Hash()); ok {
		return tab.(*Table)
	}
	tab, err := Solve(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := solvedTables.LoadOrStore(r.Hash(), tab)
	return got.(*Table)
}

// smallRules is a short game that keeps every feature of the solver in play: an upper
// section with a bonus, a yahtzee box with the extra bonus and the forced joker, a
// subtracted box, a chance.
func smallRules(t testing.TB, options ...string) *engine.Rules {
	t.Helper()
	spec := `{"name": "small", "rolls": 3,
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
	"joker": {"mode": "forced", "box": "yahtzee"}}`
	r, err := engine.Parse("small", []byte(strings.ReplaceAll(spec, "\t", "")), options...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gameStats is what the agreement tests compare with the exact figures.
type gameStats struct {
	n                     int
	sum, sumSq            float64
	bonus, yahtzee, extra float64
	boxSum, boxZero       [engine.MaxBoxes]float64
}

// playGames plays n games of st with the simulator's game loop (sim.Game), which checks
// every decision against the rules, and gathers what the exact analysis predicts.
func playGames(t testing.TB, st strategies.Strategy, r *engine.Rules, n int, seed uint64) gameStats {
	t.Helper()
	dice := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	g := sim.NewGame(r)
	sh := &g.Sheet
	var gs gameStats
	gs.n = n
	for range n {
		if err := g.Play(st, dice); err != nil {
			t.Fatal(err)
		}
		tot := float64(sh.Total())
		gs.sum += tot
		gs.sumSq += tot * tot
		if sh.UpperBonus(0) > 0 {
			gs.bonus++
		}
		if y := r.YahtzeeBox(); y >= 0 && sh.Score(engine.BoxID(y)) > 0 {
			gs.yahtzee++
		}
		gs.extra += float64(sh.ExtraBonuses())
		for b := range r.NumBoxes() {
			gs.boxSum[b] += float64(sh.Score(engine.BoxID(b)))
			if sh.Score(engine.BoxID(b)) == 0 {
				gs.boxZero[b]++
			}
		}
	}
	return gs
}
