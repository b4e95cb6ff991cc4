package engine

import (
	"math/rand/v2"
	"testing"
)

// TestSheetOf rebuilds sheets met in random games from their scores and extra bonuses,
// as an external bot is told them, and finds the same sheets; impossible scores are
// refused.
func TestSheetOf(t *testing.T) {
	g := rand.New(rand.NewPCG(1, 2))
	for _, name := range Presets() {
		for _, opts := range [][]string{nil, {"columns=free,top_down,sec"}} {
			r, err := Load(name, opts...)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name+" "+r.Columns()[len(r.Columns())-1].Name, func(t *testing.T) {
				for range 200 {
					s := NewSheet(r)
					for !s.Done() {
						scores := make([]int, r.NumSlots())
						for id := range scores {
							scores[id] = -1
							if s.Filled(BoxID(id)) {
								scores[id] = s.Score(BoxID(id))
							}
						}
						got, err := SheetOf(r, scores, s.ExtraBonuses())
						if err != nil || got != s {
							t.Fatalf("sheet %v rebuilt as %v (%v)", s, got, err)
						}
						roll := Roll(g.IntN(NumRolls))
						if g.IntN(8) == 0 {
							roll = fiveOf(1 + g.IntN(NumFaces))
						}
						legal := s.Legal(roll, 1)
						if legal == 0 {
							legal = s.Legal(roll, r.Rolls())
						}
						for legal != 0 && g.IntN(3) != 0 && legal&(legal-1) != 0 {
							legal &= legal - 1
						}
						id := 0
						for legal&(1<<id) == 0 {
							id++
						}
						s.Fill(BoxID(id), roll)
					}
				}
			})
		}
	}
	r, _ := Load("hasbro")
	scores := make([]int, r.NumSlots())
	for i := range scores {
		scores[i] = -1
	}
	for _, c := range []struct {
		name   string
		scores []int
		extra  int
	}{
		{"a score the box cannot take", append([]int{7}, scores[1:]...), 0},
		{"too few scores", scores[1:], 0},
		{"negative extra bonuses", scores, -1},
		{"too many extra bonuses", scores, 13},
		{"an extra bonus on an empty sheet", scores, 1},
		{"an extra bonus without a scored yahtzee", withScores(scores, map[int]int{0: 3, 1: 6, 11: 0}), 1},
		{"more extra bonuses than boxes filled after the yahtzee", withScores(scores, map[int]int{0: 3, 11: 50}), 2},
	} {
		if _, err := SheetOf(r, c.scores, c.extra); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	// As many extra bonuses as boxes filled beside a scored yahtzee: possible.
	if _, err := SheetOf(r, withScores(scores, map[int]int{0: 5, 1: 10, 11: 50}), 2); err != nil {
		t.Errorf("two extra bonuses after a yahtzee, two boxes filled: %v", err)
	}
	ys, _ := Load("yams")
	if _, err := SheetOf(ys, scores, 1); err == nil {
		t.Error("extra bonuses under rules without them: accepted")
	}
}

// withScores returns scores with the boxes of set filled.
func withScores(scores []int, set map[int]int) []int {
	s := append([]int(nil), scores...)
	for id, v := range set {
		s[id] = v
	}
	return s
}
