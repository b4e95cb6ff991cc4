package engine

import (
	"slices"
	"testing"
)

// refScore is the slow, obviously correct scorer, written from the seeds' prose and not
// from the rule files: it scores five dice given in any order in a box of a preset,
// outside any joker.
func refScore(preset, box string, dice []int) int {
	count := func(face int) int {
		n := 0
		for _, d := range dice {
			if d == face {
				n++
			}
		}
		return n
	}
	sum := 0
	for _, d := range dice {
		sum += d
	}
	nOfAKind := func(n int) bool {
		for f := 1; f <= 6; f++ {
			if count(f) >= n {
				return true
			}
		}
		return false
	}
	fullHouse := func() bool { // three of one face and two of another
		three, two := false, false
		for f := 1; f <= 6; f++ {
			three = three || count(f) == 3
			two = two || count(f) == 2
		}
		return three && two
	}
	run := func(n int) bool { // n faces in sequence
		for start := 1; start+n-1 <= 6; start++ {
			ok := true
			for f := start; f < start+n; f++ {
				ok = ok && count(f) > 0
			}
			if ok {
				return true
			}
		}
		return false
	}
	exactly := func(faces ...int) bool {
		s := slices.Clone(dice)
		slices.Sort(s)
		return slices.Equal(s, faces)
	}
	if2 := func(ok bool, v int) int {
		if ok {
			return v
		}
		return 0
	}
	for f, id := range []string{"ones", "twos", "threes", "fours", "fives", "sixes"} {
		if box == id {
			return (f + 1) * count(f+1)
		}
	}
	switch preset {
	case "hasbro", "verhoeff", "yams":
		switch box {
		case "three_of_a_kind":
			return if2(nOfAKind(3), sum)
		case "four_of_a_kind":
			return if2(nOfAKind(4), sum)
		case "full_house":
			return if2(fullHouse(), 25)
		case "small_straight":
			return if2(run(4), 30)
		case "large_straight":
			return if2(run(5), 40)
		case "yahtzee":
			return if2(nOfAKind(5), 50)
		case "chance":
			return sum
		}
	case "yams-wiki":
		switch box {
		case "max", "min":
			return sum
		case "four_of_a_kind":
			return if2(nOfAKind(4), 20+sum)
		case "full_house":
			return if2(fullHouse(), 25+sum)
		case "small_straight":
			return if2(exactly(1, 2, 3, 4, 5), 15)
		case "large_straight":
			return if2(exactly(2, 3, 4, 5, 6), 20)
		case "yahtzee":
			return if2(nOfAKind(5), 30+sum)
		}
	case "yams-app":
		switch box {
		case "three_of_a_kind":
			return if2(nOfAKind(3), sum)
		case "small_straight":
			return if2(exactly(1, 2, 3, 4, 5), 25)
		case "large_straight":
			return if2(exactly(2, 3, 4, 5, 6), 25)
		case "full_house":
			return if2(fullHouse() || nOfAKind(5), 30)
		case "four_of_a_kind":
			return if2(nOfAKind(4), 40)
		case "yahtzee":
			return if2(nOfAKind(5), 50)
		}
	}
	panic("refScore: no box " + box + " in " + preset)
}

func mustLoad(t testing.TB, name string, options ...string) *Rules {
	t.Helper()
	r, err := Load(name, options...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestScoreMatchesReference checks every box of every preset on all 7776 ordered rolls.
func TestScoreMatchesReference(t *testing.T) {
	for _, preset := range Presets() {
		rules := mustLoad(t, preset)
		for i := range 7776 {
			dice := make([]int, 5)
			x := i
			for d := range dice {
				dice[d] = x%6 + 1
				x /= 6
			}
			roll, ok := RollOf(dice)
			if !ok {
				t.Fatalf("RollOf(%v) failed", dice)
			}
			for b, box := range rules.Boxes() {
				got, want := rules.Score(b, roll), refScore(preset, box.ID, dice)
				if got != want {
					t.Fatalf("%s: %v in %s scores %d, want %d", preset, dice, box.ID, got, want)
				}
			}
		}
	}
}

func TestDryOption(t *testing.T) {
	// Seed 001: "Brelan et carré secs : on ne compte que les trois ou quatre dés identiques".
	rules := mustLoad(t, "yams", "dry=true")
	cases := []struct {
		dice []int
		box  string
		want int
	}{
		{[]int{4, 4, 4, 2, 6}, "three_of_a_kind", 12},
		{[]int{3, 3, 3, 3, 5}, "four_of_a_kind", 12},
		{[]int{3, 3, 3, 3, 5}, "three_of_a_kind", 9},
		{[]int{6, 6, 6, 6, 6}, "four_of_a_kind", 24},
		{[]int{6, 6, 6, 6, 6}, "three_of_a_kind", 18},
		{[]int{1, 2, 3, 4, 6}, "three_of_a_kind", 0},
	}
	for _, c := range cases {
		r, _ := RollOf(c.dice)
		if got := rules.Score(rules.BoxIndex(c.box), r); got != c.want {
			t.Errorf("dry %v in %s = %d, want %d", c.dice, c.box, got, c.want)
		}
	}
}

func TestYamsWikiAlternativeScoring(t *testing.T) {
	// Seed 003's prose: full 30 + dice, carré 40 + dice, Yam's 50 + dice.
	rules := mustLoad(t, "yams-wiki", "box.full_house.points=30", "box.four_of_a_kind.points=40", "box.yahtzee.points=50")
	score := func(box string, dice ...int) int {
		r, _ := RollOf(dice)
		return rules.Score(rules.BoxIndex(box), r)
	}
	if got := score("full_house", 4, 4, 4, 5, 5); got != 52 {
		t.Errorf("full 4-4-4-5-5 = %d, want 52 (seed 003)", got)
	}
	if got := score("four_of_a_kind", 6, 6, 6, 6, 1); got != 65 {
		t.Errorf("carré 6-6-6-6-1 = %d, want 65 (seed 003)", got)
	}
	if lo, hi := score("yahtzee", 1, 1, 1, 1, 1), score("yahtzee", 6, 6, 6, 6, 6); lo != 55 || hi != 80 {
		t.Errorf("Yam's scores %d to %d, want 55 to 80 (seed 003)", lo, hi)
	}
	// The shipped example file says the same.
	file := mustLoad(t, "../examples/rules/yams-wiki-30-40-50.json")
	if file.Hash() != rules.Hash() {
		t.Errorf("examples/rules/yams-wiki-30-40-50.json plays differently from the options")
	}
}

func TestHashIgnoresLabels(t *testing.T) {
	a := mustLoad(t, "hasbro")
	b := mustLoad(t, "hasbro", "name=mine", "box.chance.label=Luck")
	if a.Hash() != b.Hash() {
		t.Error("renaming changes the hash")
	}
	if c := mustLoad(t, "hasbro", "upper_bonus.threshold=60"); c.Hash() == a.Hash() {
		t.Error("a new threshold keeps the hash")
	}
}
