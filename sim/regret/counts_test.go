package regret

import (
	"math/rand/v2"
	"slices"
	"testing"

	"yams/engine"
)

// TestCountsMergeEqualsWhole checks that counts split between two workers and merged
// are the counts of one worker: the sums to the last unit, and the costliest positions
// the same, in the same order (costliest first, then by game, turn and decision).
func TestCountsMergeEqualsWhole(t *testing.T) {
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	other, err := engine.Load("yatzy") // 15 boxes, hasbro 13
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	whole, a, b := New(rules, 5), New(rules, 5), New(rules, 5)
	var offered []Position
	for game := range int64(40) {
		part := a
		if game%3 == 0 {
			part = b
		}
		var gc [3]int64
		for turn := 1; turn <= 3; turn++ {
			p := Position{Game: game, Turn: turn, Roll: rng.IntN(3), Cost: rng.Int64N(4) * Scale, Scores: []int16{int16(turn)}}
			offered = append(offered, p)
			whole.Offer(&p)
			part.Offer(&p)
			gc[turn-1] = p.Cost
		}
		for _, counts := range []*Counts{whole, part} {
			counts.Total.AddGame(gc[0] + gc[1] + gc[2])
			counts.ByTurn[0].AddGame(gc[0])
		}
	}
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	if a.Total != whole.Total || a.ByTurn[0] != whole.ByTurn[0] {
		t.Errorf("merged sums %+v, whole %+v", a.Total, whole.Total)
	}
	slices.SortStableFunc(offered, func(p, o Position) int { return cmpPositions(&p, &o) })
	if len(whole.Costliest) != 5 {
		t.Fatalf("%d costliest kept, want 5", len(whole.Costliest))
	}
	for i := range whole.Costliest {
		w, m, o := whole.Costliest[i], a.Costliest[i], offered[i]
		if w.Game != o.Game || w.Turn != o.Turn || w.Cost != o.Cost || m.Game != o.Game || m.Turn != o.Turn || m.Cost != o.Cost {
			t.Errorf("costliest %d: whole %d/%d/%d, merged %d/%d/%d, want %d/%d/%d", i, w.Game, w.Turn, w.Cost, m.Game, m.Turn, m.Cost, o.Game, o.Turn, o.Cost)
		}
	}
	if err := a.Merge(New(other, 5)); err == nil {
		t.Error("counts of other rules merged")
	}
}

// TestSumsStats checks a cost's mean and interval against their definitions.
func TestSumsStats(t *testing.T) {
	var s Sums
	for _, c := range []int64{0, 2 * Scale, 4 * Scale} {
		s.AddGame(c)
	}
	st := s.Stats(3)
	// Mean 2 points, sample deviation 2: the interval is 2 ± 1.96·2/√3.
	if st.Mean != 2 || st.CI95.Hi-st.Mean < 2.2631 || st.CI95.Hi-st.Mean > 2.2632 {
		t.Errorf("mean %v, interval %+v", st.Mean, st.CI95)
	}
	if (Sums{}).Stats(0) != (Stats{}) {
		t.Error("no game has figures")
	}
}
