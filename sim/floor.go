package sim

import (
	"math/bits"
	"math/rand/v2"
	"time"

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

// FloorParts is what a game of the floor is made of, in ns per game on one worker. The
// rest of its game is the sheet, the checks of the decisions and the loop of a run.
type FloorParts struct {
	// Dice is the generator seeded for the game as a worker seeds it, every turn's dice
	// drawn and every die rerolled (the floor rerolls them all).
	Dice float64
	// Counting is the finished game added to a Summary.
	Counting float64
}

// floorCounted is the number of finished games of the floor that TimeFloorParts counts
// again and again: enough to vary the games, few enough to stay in the cache as a run's
// one game does.
const floorCounted = 256

// TimeFloorParts times the parts of the floor's game apart over the games 0 to games−1
// of a run seeded with 1, as Run plays them. timed runs a part and returns its time (the
// fastest of a few runs, for a benchmark that a busy machine disturbs).
func TimeFloorParts(rules *engine.Rules, games int64, timed func(part func()) time.Duration) (FloorParts, error) {
	const seed = 1
	var parts FloorParts
	turns, rolls := rules.NumSlots(), rules.Rolls()
	var dice rand.PCG
	var tape engine.Tape
	elapsed := timed(func() {
		sum := 0
		for g := range games {
			s := diceSeeds(seed, uint64(g))
			dice.Seed(s[0], s[1])
			for range turns {
				tape.Draw(&dice, rolls)
				sum += int(tape.First())
				for range rolls - 1 {
					sum += int(tape.Reroll(0))
				}
			}
		}
		floorSink += sum
	})
	parts.Dice = nsPerGame(elapsed, games)

	st, err := Floor().New(rules)
	if err != nil {
		return parts, err
	}
	finished := make([]Game, floorCounted)
	game := NewGame(rules)
	for g := range finished {
		s := diceSeeds(seed, uint64(g))
		dice.Seed(s[0], s[1])
		if err := game.Play(st, &dice); err != nil {
			return parts, err
		}
		finished[g] = *game
	}
	sum := NewSummary(FloorName, rules)
	elapsed = timed(func() {
		for g := range games {
			sum.Add(g, &finished[g%floorCounted])
		}
	})
	parts.Counting = nsPerGame(elapsed, games)
	return parts, nil
}

// nsPerGame is d in ns per game of games.
func nsPerGame(d time.Duration, games int64) float64 {
	return float64(d.Nanoseconds()) / float64(max(games, 1))
}

// floorSink keeps the dice TimeFloorParts draws, so that the compiler keeps the draws.
var floorSink int
