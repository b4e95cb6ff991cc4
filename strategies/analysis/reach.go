package analysis

import (
	"math/bits"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// Reach is where a strategy's games go: the probability that a game reaches each
// turn-start state, from the exact analysis of the strategy. A learner weighs the
// positions of a strategy by it (strategies/distill), to learn from the states its own
// play meets rather than optimal play's.
type Reach struct {
	sp *widget.Space
	sy *Synth
	p  []float64
}

// Reached is a turn-start state and the probability that a game reaches it.
type Reached struct {
	State int // the state's number, for Reach.Sheet
	P     float64
}

// AnalyzeReach analyses exactly, as Analyze does, the strategy that newStrategy builds (one
// per worker; the strategy need not be registered: name names it in the figures and in
// errors), and returns with its figures the probability of every state its games reach.
func AnalyzeReach(name string, r *engine.Rules, newStrategy func() (strategies.Strategy, error), opts Options) (*Figures, *Reach, error) {
	return analyzeStrategy(name, r, newStrategy, opts, true)
}

// Turns returns the states the games reach, by turn: Turns()[t] are those of turn t+1
// (t boxes filled), in increasing order of their number, each with its probability. The
// probabilities of a turn add up to 1.
func (rc *Reach) Turns() [][]Reached {
	sp := rc.sp
	out := make([][]Reached, sp.NumBoxes)
	for i, p := range rc.p {
		if p == 0 {
			continue
		}
		mask, _, _ := sp.Split(i)
		if mask == sp.FullMask {
			continue
		}
		t := bits.OnesCount32(mask)
		out[t] = append(out[t], Reached{State: i, P: p})
	}
	return out
}

// Sheet fills s (a sheet of the rules, or an empty Sheet) with a sheet in state i: its
// filled boxes, its upper subtotal and, where the rules pay an extra bonus, whether the
// yahtzee box holds a score, as Analyze builds them for a strategy's decisions.
func (rc *Reach) Sheet(i int, s *engine.Sheet) error {
	if s.Rules() == nil {
		*s = engine.NewSheet(rc.sp.Rules)
	}
	mask, u, f := rc.sp.Split(i)
	return rc.sy.Sheet(s, mask, u, f)
}
