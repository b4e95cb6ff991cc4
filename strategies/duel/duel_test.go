package duel

import (
	"math"
	"testing"
)

// Followed forward, the best response's games end in a distribution of the final
// difference whose mass is 1 and whose chance of a win plus half a tie is the duel's value
// worked out backwards, in each seat: the opponent's chance, a tie counting half, is the
// rest.
func TestForwardAgreesWithBackward(t *testing.T) {
	r := twoBoxes(t)
	for _, name := range []string{"optimal", "greedy"} {
		du, err := For(r, name, "")
		if err != nil {
			t.Fatal(err)
		}
		for s := range 2 {
			o := du.Analyze(s)
			mass := 0.0
			for _, p := range o.Difference {
				mass += p
			}
			br := o.Win + o.Tie/2
			them := o.Loss + o.Tie/2
			if math.Abs(mass-1) > 1e-12 || math.Abs(br-du.Chance(s)) > 1e-12 || math.Abs(br+them-1) > 1e-12 {
				t.Errorf("%s, seat %d: mass %.15f; forward %.15f (win %.6f, tie %.6f), backward %.15f; the opponent %.15f",
					name, s+1, mass, br, o.Win, o.Tie, du.Chance(s), them)
			}
			t.Logf("%s, seat %d: win %.6f tie %.6f loss %.6f, %d positions", name, s+1, o.Win, o.Tie, o.Loss, o.Positions)
		}
	}
}
