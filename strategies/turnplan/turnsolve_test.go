package turnplan

import (
	"math"
	"math/rand/v2"
	"testing"

	"yams/engine"
)

// TestTurnSolverExpected: the expected worth of a turn planned by TurnSolver is the value
// engine.TurnPlan's backward induction gives the same turn, for one roll to four, with
// the same worth after every roll or another after the first (a sec column), and its
// keeps are TurnPlan's (those of every roll at once too: Keeps).
func TestTurnSolverExpected(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ts TurnSolver
	var tp engine.TurnPlan
	for trial := range 24 {
		rolls := 1 + trial%4
		sec := trial%3 == 0
		var first, later [engine.NumRolls]float64
		for r := range later {
			later[r] = math.Round(rng.Float64()*50) - 10 // ties, as real worths have
			first[r] = later[r] + math.Round(rng.Float64()*8)
		}
		if sec {
			ts.Plan(&first, &later, rolls)
			tp.Stop[0] = first
			for u := 1; u < rolls; u++ {
				tp.Stop[u] = later
			}
		} else {
			ts.Plan(&later, &later, rolls)
			tp.Stop[0] = later
		}
		want := tp.Solve(rolls, !sec)
		if got := ts.Expected(); math.Abs(got-want) > 1e-9 {
			t.Errorf("%d rolls, sec %v: Expected %.12f, the turn's backward induction %.12f", rolls, sec, got, want)
		}
		var all [engine.MaxRollsPerTurn][engine.NumRolls]engine.Keep
		for left := 1; left < rolls; left++ {
			ts.Keeps(left, &all[left])
		}
		for r := range engine.Roll(engine.NumRolls) {
			for left := 1; left < rolls; left++ { // a keep is asked with a reroll left
				if got, want := ts.Keep(r, left), tp.Keep(r, left); got != want {
					t.Fatalf("%d rolls, sec %v: roll %v, %d left: keep %v, the plan's %v", rolls, sec, r, left, got, want)
				}
				if all[left][r] != tp.Keep(r, left) {
					t.Fatalf("%d rolls, sec %v: roll %v, %d left: Keeps %v, the plan's %v", rolls, sec, r, left, all[left][r], tp.Keep(r, left))
				}
			}
		}
	}
}

// BenchmarkTurnSolver is the cost of a turn's plan by TurnSolver and of its expected
// worth, as column-tables pays at every turn start of its fit (Plan, Expected) and the
// rollouts' control variate pays at every turn (Plan, Keeps after each roll).
func BenchmarkTurnSolver(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var stop [engine.NumRolls]float64
	for r := range stop {
		stop[r] = math.Round(rng.Float64()*50) - 10
	}
	var ts TurnSolver
	var keeps [engine.NumRolls]engine.Keep
	b.Run("plan", func(b *testing.B) {
		for b.Loop() {
			ts.Plan(&stop, &stop, 3)
		}
	})
	b.Run("expected", func(b *testing.B) {
		for b.Loop() {
			ts.Expected()
		}
	})
	b.Run("keeps", func(b *testing.B) {
		for b.Loop() {
			ts.Keeps(2, &keeps)
		}
	})
}
