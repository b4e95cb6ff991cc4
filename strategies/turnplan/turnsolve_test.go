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
// keeps are TurnPlan's (those of every first roll at once too: FirstKeeps).
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
		var first1 [engine.NumRolls]engine.Keep
		ts.FirstKeeps(&first1)
		for r := range engine.Roll(engine.NumRolls) {
			if rolls > 1 && first1[r] != ts.Keep(r, rolls-1) || rolls == 1 && first1[r] != r.Keep() {
				t.Fatalf("%d rolls, sec %v: roll %v: FirstKeeps %v, Keep %v", rolls, sec, r, first1[r], ts.Keep(r, rolls-1))
			}
			for left := 1; left < rolls; left++ { // a keep is asked with a reroll left
				if got, want := ts.Keep(r, left), tp.Keep(r, left); got != want {
					t.Fatalf("%d rolls, sec %v: roll %v, %d left: keep %v, the plan's %v", rolls, sec, r, left, got, want)
				}
			}
		}
	}
}
