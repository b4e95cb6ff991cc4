package analysis

import (
	"math"
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies/solver"
)

// keepDice returns the faces a keep holds.
func keepDice(k engine.Keep) []int {
	var d []int
	for f, c := range k.Counts() {
		for range c {
			d = append(d, f+1)
		}
	}
	return d
}

// TestEvaluator checks the values of options at positions met in games of the optimal
// strategy against identities that do not go through the widget: the value of a box is
// what the sheet scores once filled plus the table's value of the sheet after it; the
// value of a keep on the last reroll is the mean over every ordered outcome of the dice
// rerolled of the best box for the roll they make; the value at the start of a turn is
// the mean over the first roll of the best keep; the optimal strategy's choices cost 0.
// On small and hasbro; on yams-wiki (Maximum and Minimum) in the exhaustive run.
func TestEvaluator(t *testing.T) {
	for _, name := range []string{"small", "hasbro", "yams-wiki"} {
		t.Run(name, func(t *testing.T) {
			var tab *solver.Table
			switch name {
			case "small":
				tab = tableOf(t)
			case "hasbro":
				exacttest.Heavy(t)
				tab = solved(t, name)
			default:
				exhaustive.Only(t)
				exacttest.Heavy(t)
				tab = solved(t, name)
			}
			r := tab.Rules
			ev := NewEvaluator(tab)
			st := solver.NewStrategy(tab)
			near := func(what string, a, b float64) {
				t.Helper()
				if math.Abs(a-b) > 1e-9*max(1, math.Abs(b)) {
					t.Fatalf("%s: %.12f, want %.12f", what, a, b)
				}
			}
			pcg := rand.NewPCG(9, 10)
			positions := 0
			for range 20 {
				sh := engine.NewSheet(r)
				if err := ev.Start(&sh); err != nil {
					t.Fatal(err)
				}
				near("value of the empty sheet", ev.Value(), tab.Expected())
				for !sh.Done() {
					if err := ev.Start(&sh); err != nil {
						t.Fatal(err)
					}
					v, _ := tab.SheetValue(&sh)
					near("value at the start of the turn", ev.Value(), SolverPoints(&sh)+v)
					mean := 0.0
					for roll := range engine.Roll(engine.NumRolls) {
						mean += roll.Probability() * ev.BestKeepValue(roll, 1)
					}
					near("mean of the first roll's best keeps", mean, ev.Value())
					roll := engine.Throw(pcg)
					used := 1
					for ; used < r.Rolls(); used++ {
						positions++
						k := st.Keep(&sh, roll, r.Rolls()-used)
						best := ev.BestKeepValue(roll, used)
						if got := ev.KeepValue(roll, used, k); got != best {
							t.Fatalf("the optimal keep %v of %v costs %v", k, roll, best-got)
						}
						opts := ev.Keeps(roll, used)
						if opts[0].Value != best || len(opts) != len(engine.SubKeeps(roll)) {
							t.Fatalf("Keeps: best %v of %d, want %v of %d", opts[0].Value, len(opts), best, len(engine.SubKeeps(roll)))
						}
						if used == r.Rolls()-1 {
							// Every keep of the last reroll, by enumeration of the dice rolled.
							for _, o := range opts {
								if o.Keep.IsRoll() {
									near("stop", o.Value, ev.BestBoxValue(roll, used))
									continue
								}
								held := keepDice(o.Keep)
								free := engine.NumDice - len(held)
								n, sum := 0, 0.0
								faces := make([]int, free)
								for code := range int(math.Pow(6, float64(free))) {
									c := code
									for i := range faces {
										faces[i] = 1 + c%6
										c /= 6
									}
									next, _ := engine.RollOf(append(append([]int(nil), held...), faces...))
									sum += ev.BestBoxValue(next, used+1)
									n++
								}
								near("keep "+o.Keep.String()+" of "+roll.String(), o.Value, sum/float64(n))
							}
						}
						if k.IsRoll() {
							break
						}
						roll = engine.Reroll(pcg, k)
					}
					used = min(used, r.Rolls())
					positions++
					boxes := ev.Boxes(roll, used)
					if boxes[0].Value != ev.BestBoxValue(roll, used) {
						t.Fatalf("Boxes: best %v (%v), want %v; roll %v used %d mask %#x u %d soFar %v", boxes[0].Value, boxes, ev.BestBoxValue(roll, used), roll, used, ev.mask, ev.u, ev.soFar)
					}
					for _, o := range boxes {
						after := sh
						after.Fill(o.Box, roll)
						v, _ := tab.SheetValue(&after)
						if after.Done() {
							v = 0
						}
						near("box "+r.Boxes()[o.Box].ID+" for "+roll.String(), o.Value, SolverPoints(&after)+v)
					}
					b := st.Box(&sh, roll, used)
					if got := ev.BoxValue(roll, used, b); got != boxes[0].Value {
						t.Fatalf("the optimal box costs %v", boxes[0].Value-got)
					}
					sh.Fill(b, roll)
				}
				near("the final score", SolverPoints(&sh), float64(sh.Total()))
			}
			t.Logf("%d positions", positions)
		})
	}
}

// BenchmarkEvaluatorStart works out the turns of states met all over hasbro, one state at
// a time, as the regret of a simulation does at every turn.
func BenchmarkEvaluatorStart(b *testing.B) {
	tab := solved(b, "hasbro")
	e := NewEvaluator(tab)
	sp := tab.Space
	var states [][3]int
	for i := 0; i < sp.NumStates(); i += 37 {
		m, u, f := sp.Split(i)
		if sp.Valid(m, u, f) && m != sp.FullMask {
			states = append(states, [3]int{int(m), u, f})
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s := states[i%len(states)]
		e.startState(0, uint32(s[0]), s[1], s[2])
	}
}
