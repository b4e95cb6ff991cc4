package strategies

import (
	"math/bits"
	"math/rand/v2"

	"yams/engine"
)

func init() {
	Register(Info{
		Name:        "random",
		Description: "random keeps and a random legal box: the floor of every chart",
		Heuristic:   true,
		New:         func(r *engine.Rules) (Strategy, error) { return newRandom(r), nil },
	})
}

// random holds each die with probability 1/2 before every reroll (holding all five ends
// the turn, so a turn stops early with probability 1/32 per roll) and scores the final
// roll in a legal box drawn uniformly. It draws from the generator that StartGame hands it,
// so that a simulation's results do not depend on which worker plays which game.
type random struct {
	rng *rand.PCG
	own rand.PCG // until StartGame is called, so that the zero of a game is usable
}

// newRandom returns the random strategy; it plays any rules.
func newRandom(*engine.Rules) *random {
	x := &random{own: *rand.NewPCG(1, 2)}
	x.rng = &x.own
	return x
}

// StartGame implements GameStarter.
func (x *random) StartGame(rng *rand.PCG) { x.rng = rng }

// Keep implements Strategy.
func (x *random) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep {
	return r.Held(uint8(x.rng.Uint64() >> 59))
}

// Box implements Strategy.
func (x *random) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	legal := s.Legal(r, rollsUsed)
	n := uint64(bits.OnesCount64(legal))
	if n == 0 {
		return 0 // the game is over: no answer is legal
	}
	for i := uniformN(x.rng, n); i > 0; i-- {
		legal &= legal - 1
	}
	return engine.BoxID(bits.TrailingZeros64(legal))
}

// uniformN returns a uniform integer in [0, n) by Lemire's multiply-and-reject method,
// exact where a modulo would be biased.
func uniformN(g *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(g.Uint64(), n)
	if lo < n {
		for thresh := -n % n; lo < thresh; {
			hi, lo = bits.Mul64(g.Uint64(), n)
		}
	}
	return hi
}
