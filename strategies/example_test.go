package strategies_test

import (
	"context"
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/sim"
	"yams/strategies"
)

// The strategy of the package documentation's "Adding a strategy", compiled here so that
// the documentation cannot go stale: registered, it also goes through the legality tests.
func init() {
	strategies.Register(strategies.Info{
		Name:        "first-roll",
		Description: "never rerolls; the box that scores most",
		Heuristic:   true,
		New:         func(r *engine.Rules) (strategies.Strategy, error) { return firstRoll{}, nil },
	})
}

type firstRoll struct{}

func (firstRoll) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }

func (firstRoll) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	best, bestPts := engine.BoxID(0), -1
	for l := s.Legal(r, rollsUsed); l != 0; l &= l - 1 {
		id := engine.BoxID(bits.TrailingZeros64(l))
		if p := s.Points(id, r); p > bestPts {
			best, bestPts = id, p
		}
	}
	return best
}

// A strategy added in one file plays against the built-in ones on the same dice.
func Example_addAStrategy() {
	rules, _ := engine.Load("hasbro")
	var players []strategies.Info
	for _, name := range []string{"first-roll", "greedy"} {
		info, _ := strategies.Lookup(name)
		players = append(players, info)
	}
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: players, Seed: 1, Games: 20000})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Summaries {
		st := s.Stats()
		fmt.Printf("%-10s %.1f ± %.1f\n", s.Strategy, st.Mean, st.CI95.Hi-st.Mean)
	}
	// Output:
	// first-roll 111.1 ± 0.4
	// greedy     219.9 ± 0.7
}
