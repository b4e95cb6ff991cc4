package reports

import (
	"context"
	"math/bits"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

// The fixtures are small runs of two strategies written here, on a small sheet
// (testdata/tiny.json), so that the golden plots depend on the engine's dice and on
// this package alone, not on how the project's strategies evolve.

// lazy keeps its first roll and takes the first box it may.
type lazy struct{}

func (lazy) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }

func (lazy) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	return engine.BoxID(bits.TrailingZeros64(s.Legal(r, used)))
}

// hoarder keeps the dice of its most frequent face (the highest on a tie) and takes the
// box that scores most now.
type hoarder struct{}

func (hoarder) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep {
	c := r.Counts()
	best := 0
	for f := range c {
		if c[f] >= c[best] {
			best = f
		}
	}
	dice := make([]int, c[best])
	for i := range dice {
		dice[i] = best + 1
	}
	k, _ := engine.KeepOf(dice)
	return k
}

func (hoarder) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	best, points := -1, -1
	for m := s.Legal(r, used); m != 0; m &= m - 1 {
		id := bits.TrailingZeros64(m)
		if p := s.Points(engine.BoxID(id), r); p > points {
			best, points = id, p
		}
	}
	return engine.BoxID(best)
}

func tinyRules(t testing.TB) *engine.Rules {
	t.Helper()
	rules, err := engine.Load("testdata/tiny.json")
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

func fixtureInfos() []strategies.Info {
	return []strategies.Info{
		{Name: "lazy", New: func(*engine.Rules) (strategies.Strategy, error) { return lazy{}, nil }},
		{Name: "hoarder", New: func(*engine.Rules) (strategies.Strategy, error) { return hoarder{}, nil }},
	}
}

// fixture is a comparison of the two strategies over 600 games.
func fixture(t testing.TB) (*sim.Results, *engine.Rules) {
	t.Helper()
	rules := tinyRules(t)
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: rules, Strategies: fixtureInfos(), Seed: 5, Games: 600, Workers: 2, Pairs: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, rules
}

// tableFixture is 300 table games of lazy against two hoarders.
func tableFixture(t testing.TB) *tablegame.Results {
	t.Helper()
	infos := fixtureInfos()
	res, err := tablegame.Run(context.Background(), tablegame.Config{
		Rules: tinyRules(t), Players: []strategies.Info{infos[0], infos[1], infos[1]}, Seed: 5, Games: 300, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func tinyRulesWith(t testing.TB, opts ...string) *engine.Rules {
	t.Helper()
	rules, err := engine.Load("testdata/tiny.json", opts...)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}
