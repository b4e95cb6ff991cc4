package engine

import (
	"math"
	"testing"
)

// TestSingleBoxValues checks the turn planner and the joker scoring against the published
// expected score of a turn when only one box is left (published-figures.md section 5:
// wizardofvegas thread 35276, corroborated by Glenn for chance and Yahtzee). With one box
// left the Yahtzee box and the matching upper box are filled, so a five of a kind is a
// joker in the full house and the straights.
func TestSingleBoxValues(t *testing.T) {
	want := map[string]float64{
		"ones": 2.106481, "twos": 4.212963, "threes": 6.319444, "fours": 8.425926,
		"fives": 10.532407, "sixes": 12.638889, "three_of_a_kind": 15.194661,
		"four_of_a_kind": 5.611263, "full_house": 9.153620, "small_straight": 18.480750,
		"large_straight": 10.612742, "yahtzee": 2.301432, "chance": 23.333333,
	}
	for _, preset := range []string{"hasbro", "verhoeff"} {
		rules := mustLoad(t, preset)
		var plan TurnPlan
		for b, bx := range rules.Boxes() {
			// Fill every other box with a zero-scoring roll, the yahtzee box with 0.
			var filled uint64 = 1<<rules.NumBoxes() - 1
			filled &^= 1 << b
			for r := range Roll(NumRolls) {
				plan.Stop[0][r] = float64(rules.Points(filled, BoxID(b), r))
			}
			got := plan.Solve(3, true)
			if math.Abs(got-want[bx.ID]) > 5e-7 {
				t.Errorf("%s: last box %s: %.6f, want %.6f", preset, bx.ID, got, want[bx.ID])
			}
		}
	}
}

func TestTurnPlanKeeps(t *testing.T) {
	rules := mustLoad(t, "hasbro")
	y := rules.BoxIndex("yahtzee")
	var plan TurnPlan
	for r := range Roll(NumRolls) {
		plan.Stop[0][r] = float64(rules.Score(y, r))
	}
	plan.Solve(3, true)
	// Chasing a Yahtzee: keep the four 6s, stop on five.
	if k := plan.Keep(roll(t, 6, 6, 6, 6, 1), 2); k.String() != "6-6-6-6" {
		t.Errorf("keep for 6-6-6-6-1 = %s", k)
	}
	if k := plan.Keep(roll(t, 3, 3, 3, 3, 3), 1); !k.IsRoll() {
		t.Errorf("a Yahtzee rerolls: keep %s", k)
	}
	// With one reroll left and four of a kind, the value is 50/6.
	if v := plan.Value(roll(t, 2, 2, 2, 2, 5), 2); math.Abs(v-50.0/6) > 1e-12 {
		t.Errorf("value of four 2s before the last roll = %v, want %v", v, 50.0/6)
	}
	// Glenn: P(Yahtzee in a turn when chasing it) = 0.0460286.
	if got := plan.Solve(3, true) / 50; math.Abs(got-0.0460286) > 1e-7 {
		t.Errorf("P(Yahtzee in a turn) = %.7f", got)
	}
}
