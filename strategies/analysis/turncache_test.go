package analysis

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/solver"
)

// TestTurnCache checks that a turn read from an Evaluator's cache gives every value bit
// for bit as the turn worked out afresh: one evaluator meets the states of many games (the
// first turn's at every game, others again and again, slots refused and replaced), and an
// evaluator without cache works each state out anew, on rule sets with and without a
// sec column (stop rows of their own after the first roll) and with four rolls.
func TestTurnCache(t *testing.T) {
	cases := []struct {
		name string
		tab  func(t *testing.T) *solver.Table
	}{
		{"small", func(t *testing.T) *solver.Table { return tableOf(t) }},
		{"hasbro", func(t *testing.T) *solver.Table { exacttest.Heavy(t); return solved(t, "hasbro") }},
		{"small columns=sec", func(t *testing.T) *solver.Table { return tableOf(t, "columns=sec") }},
		{"small rolls=4", func(t *testing.T) *solver.Table { return tableOf(t, "rolls=4") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tab := c.tab(t)
			r := tab.Rules
			cached := NewEvaluator(tab)
			fresh := NewEvaluator(tab)
			st := solver.NewStrategy(tab)
			pcg := rand.NewPCG(3, 4)
			rng := rand.New(pcg)
			hits := 0
			for range 60 {
				sh := engine.NewSheet(r)
				for !sh.Done() {
					if err := cached.Start(&sh); err != nil {
						t.Fatal(err)
					}
					if cached.cur.S == 1 {
						hits++
					}
					// An empty cache: the turn is worked out here.
					fresh.valid, fresh.cache = false, newTurnCache(tab.Space, 1, tab.Space.SameStop)
					if err := fresh.Start(&sh); err != nil {
						t.Fatal(err)
					}
					same(t, "value", cached.Value(), fresh.Value())
					roll := engine.Throw(pcg)
					for used := 1; ; used++ {
						same(t, "best box", cached.BestBoxValue(roll, used), fresh.BestBoxValue(roll, used))
						for l := tab.Space.Legal(cached.mask, roll, used); l != 0; l &= l - 1 {
							b := engine.BoxID(bits.TrailingZeros32(l))
							same(t, "box", cached.BoxValue(roll, used, b), fresh.BoxValue(roll, used, b))
						}
						if used == r.Rolls() {
							break
						}
						same(t, "best keep", cached.BestKeepValue(roll, used), fresh.BestKeepValue(roll, used))
						for _, k := range engine.SubKeeps(roll) {
							same(t, "keep", cached.KeepValue(roll, used, k), fresh.KeepValue(roll, used, k))
						}
						// Play on at random half the time, so that states repeat less than
						// under one strategy, and the strategy's keep otherwise.
						k := st.Keep(&sh, roll, r.Rolls()-used)
						if rng.IntN(2) == 0 {
							subs := engine.SubKeeps(roll)
							k = subs[rng.IntN(len(subs))]
						}
						roll = engine.Reroll(pcg, k)
					}
					b := st.Box(&sh, roll, r.Rolls())
					sh.Fill(b, roll)
				}
			}
			if hits < 60 {
				t.Fatalf("%d turns read from the cache in 60 games: the cache is not used", hits)
			}
		})
	}
}

func same(t *testing.T, what string, a, b float64) {
	t.Helper()
	if a != b {
		t.Fatalf("%s: %v from the cache, %v worked out", what, a, b)
	}
}
