package sim_test

import (
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/sim"
)

// The floor plays legal games under every preset, rerolling every die of every roll:
// a game of it makes every decision a game can ask for.
func TestFloorPlaysEveryRoll(t *testing.T) {
	for _, name := range engine.Presets() {
		t.Run(name, func(t *testing.T) {
			rules := load(t, name)
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
