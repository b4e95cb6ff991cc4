package sim

import (
	"math/bits"

	"yams/engine"
	"yams/strategies"
)

// FloorName is the name of the Floor strategy.
const FloorName = "floor"

// Floor is the floor of a benchmark: a strategy whose decisions cost next to nothing. It
// rerolls every die while it may and scores the final roll in the first legal box, so a
// game of it makes as many decisions as a game of any strategy that plays every roll, and
// its time is that of everything but deciding: the dice, the checks of the decisions, the
// sheet, the counts and the loop of a run. It is not registered: it plays badly on purpose.
func Floor() strategies.Info {
	return strategies.Info{
		Name:        FloorName,
		Description: "rerolls every die and scores in the first legal box: the cost of a game without its decisions",
		New:         func(*engine.Rules) (strategies.Strategy, error) { return floor{}, nil },
	}
}

type floor struct{}

// Keep implements strategies.Strategy: the empty keep, always part of the roll.
func (floor) Keep(*engine.Sheet, engine.Roll, int) engine.Keep { return engine.Keep(0) }

// Box implements strategies.Strategy.
func (floor) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	return engine.BoxID(bits.TrailingZeros64(s.Legal(r, rollsUsed)))
}
