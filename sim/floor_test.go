package sim_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
)

// The floor plays legal games under every preset, rerolling every die of every roll:
// a game of it makes every decision a game can ask for.
func TestFloorPlaysEveryRoll(t *testing.T) {
	for _, name := range engine.Presets() {
		t.Run(name, func(t *testing.T) {
			rules := simtest.Load(t, name)
			st, err := sim.Floor().New(rules)
			if err != nil {
				t.Fatal(err)
			}
			g := sim.NewGame(rules)
			g.Start(rand.NewPCG(1, 2))
			keeps, boxes := 0, 0
			for {
				kind, r, used := g.Decision()
				if kind == sim.Over {
					break
				}
				if kind == sim.KeepDecision {
					keeps++
					err = g.Keep(st.Keep(&g.Sheet, r, g.RollsLeft()))
				} else {
					boxes++
					err = g.Box(st.Box(&g.Sheet, r, used))
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if slots := rules.NumSlots(); boxes != slots || keeps != slots*(rules.Rolls()-1) {
				t.Errorf("%d keeps and %d boxes, want %d and %d", keeps, boxes, slots*(rules.Rolls()-1), slots)
			}
		})
	}
}

// TimeFloorParts runs each part once per call of its timer and turns the time of the
// games into ns per game: a timer that claims 3 then 5 ns per game gives 3 and 5.
func TestTimeFloorParts(t *testing.T) {
	const games = 300
	for _, name := range []string{"hasbro", "yams"} {
		t.Run(name, func(t *testing.T) {
			rules := simtest.Load(t, name)
			var calls int
			parts, err := sim.TimeFloorParts(rules, games, func(part func()) time.Duration {
				part()
				calls++
				return time.Duration(games * (2*calls + 1))
			})
			if err != nil {
				t.Fatal(err)
			}
			if calls != 2 || parts != (sim.FloorParts{Dice: 3, Counting: 5}) {
				t.Errorf("%d parts timed, %+v; want 2, {Dice:3 Counting:5}", calls, parts)
			}
		})
	}
}
