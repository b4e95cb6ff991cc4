package engine

import (
	"fmt"
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
	case "yatzy":
		// Issue 13: one pair, the two dice of the highest pair; two pairs, two different
		// pairs, their four dice (a full house counts, four of a kind does not); three and
		// four of a kind, the matching dice only; small straight 1-2-3-4-5 = 15, large
		// straight 2-3-4-5-6 = 20; full house, the sum of the dice, five of a kind does not
		// count; chance; yatzy 50.
		var pairs []int // faces showing at least two dice, highest first
		for f := 6; f >= 1; f-- {
			if count(f) >= 2 {
				pairs = append(pairs, f)
			}
		}
		highest := func(n int) int { // n dice of the highest face showing at least n
			for f := 6; f >= 1; f-- {
				if count(f) >= n {
					return n * f
				}
			}
			return 0
		}
		switch box {
		case "one_pair":
			return highest(2)
		case "two_pairs":
			if len(pairs) >= 2 {
				return 2*pairs[0] + 2*pairs[1]
			}
			return 0
		case "three_of_a_kind":
			return highest(3)
		case "four_of_a_kind":
			return highest(4)
		case "small_straight":
			return if2(exactly(1, 2, 3, 4, 5), 15)
		case "large_straight":
			return if2(exactly(2, 3, 4, 5, 6), 20)
		case "full_house":
			return if2(fullHouse(), sum)
		case "chance":
			return sum
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
// refScore panics on a box it does not know: a new preset needs its prose here first.
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

// TestYatzyExamples checks the worked examples of issue 13, box by box.
func TestYatzyExamples(t *testing.T) {
	rules := mustLoad(t, "yatzy")
	cases := []struct {
		dice []int
		want map[string]int
	}{
		{[]int{6, 6, 6, 5, 5}, map[string]int{"two_pairs": 22, "full_house": 28, "one_pair": 12, "three_of_a_kind": 18, "four_of_a_kind": 0, "sixes": 18}},
		{[]int{6, 6, 5, 5, 5}, map[string]int{"two_pairs": 22, "full_house": 27, "one_pair": 12, "three_of_a_kind": 15, "four_of_a_kind": 0, "fives": 15}},
		{[]int{4, 4, 4, 4, 2}, map[string]int{"two_pairs": 0, "full_house": 0, "one_pair": 8, "three_of_a_kind": 12, "four_of_a_kind": 16, "chance": 18}},
		{[]int{1, 2, 3, 4, 5}, map[string]int{"small_straight": 15, "large_straight": 0, "one_pair": 0, "chance": 15}},
		{[]int{2, 3, 4, 5, 6}, map[string]int{"small_straight": 0, "large_straight": 20}},
		{[]int{6, 6, 6, 6, 6}, map[string]int{"two_pairs": 0, "full_house": 0, "one_pair": 12, "three_of_a_kind": 18, "four_of_a_kind": 24, "yahtzee": 50, "sixes": 30}},
		{[]int{3, 3, 5, 5, 6}, map[string]int{"one_pair": 10, "two_pairs": 16, "three_of_a_kind": 0}},
		{[]int{1, 1, 6, 2, 2}, map[string]int{"one_pair": 4, "two_pairs": 6}},
	}
	for _, c := range cases {
		for id, want := range c.want {
			t.Run(fmt.Sprintf("%v in %s", c.dice, id), func(t *testing.T) {
				if got := rules.Score(rules.BoxIndex(id), roll(t, c.dice...)); got != want {
					t.Errorf("%v in %s = %d, want %d", c.dice, id, got, want)
				}
			})
		}
	}
}

// TestYatzyRules checks the rest of issue 13's sheet: 15 boxes, bonus 50 at 63, no extra
// bonus, no joker: a second yatzy scores like any roll.
func TestYatzyRules(t *testing.T) {
	rules := mustLoad(t, "yatzy")
	if rules.NumBoxes() != 15 || rules.UpperThreshold() != 63 || rules.UpperPoints() != 50 ||
		rules.ExtraPoints() != 0 || rules.Joker() != NoJoker {
		t.Fatalf("yatzy: %d boxes, bonus %d at %d, extra %d, joker %v; want 15, 50 at 63, 0, none",
			rules.NumBoxes(), rules.UpperPoints(), rules.UpperThreshold(), rules.ExtraPoints(), rules.Joker())
	}
	if got := rules.Boxes()[rules.BoxIndex("yahtzee")].Label; got != "Yatzy" {
		t.Errorf("the yahtzee box is labelled %q, want Yatzy", got)
	}
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 4, 4, 4, 4, 4)
	fours := roll(t, 4, 4, 4, 4, 4)
	open := uint64(1)<<rules.NumBoxes() - 1 - 1<<rules.BoxIndex("yahtzee")
	if s.Legal(fours, 3) != open {
		t.Errorf("a second yatzy may go in %b, want every open box", s.Legal(fours, 3))
	}
	if got := fill(t, &s, "full_house", 4, 4, 4, 4, 4); got != 0 || s.ExtraBonuses() != 0 {
		t.Errorf("a second yatzy in full_house scores %d with %d extra bonuses, want 0 and 0", got, s.ExtraBonuses())
	}
	for _, up := range [][]int{{1, 1, 1, 2, 3}, {2, 2, 2, 1, 3}, {3, 3, 3, 1, 2}, {4, 4, 4, 1, 2}, {5, 5, 5, 1, 2}, {6, 6, 6, 1, 2}} {
		fill(t, &s, []string{"ones", "twos", "threes", "fours", "fives", "sixes"}[up[0]-1], up...)
	}
	if s.Upper(0) != 63 || s.UpperBonus(0) != 50 {
		t.Errorf("three of each face: upper %d, bonus %d; want 63 and 50", s.Upper(0), s.UpperBonus(0))
	}
}

// TestJokerScores checks the joker's table, which scores five of a kind in a box as if it
// met the box's requirement: never less than the roll itself scores there, and for the
// Yatzy kinds the dice that would make the pattern (two pairs of 4s: 16).
func TestJokerScores(t *testing.T) {
	for _, preset := range Presets() {
		rules := mustLoad(t, preset)
		for b, box := range rules.Boxes() {
			for f := 1; f <= NumFaces; f++ {
				if j, s := rules.JokerScore(b, f), rules.Score(b, fiveOf(f)); j < s {
					t.Errorf("%s: five %ds in %s: joker %d, less than the roll's own %d", preset, f, box.ID, j, s)
				}
			}
		}
	}
	rules := mustLoad(t, "yatzy", "joker=forced")
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 4, 4, 4, 4, 4)
	fill(t, &s, "fours", 4, 4, 4, 4, 4)
	fours := roll(t, 4, 4, 4, 4, 4)
	for id, want := range map[string]int{"one_pair": 8, "two_pairs": 16, "three_of_a_kind": 12, "four_of_a_kind": 16,
		"small_straight": 15, "large_straight": 20, "full_house": 20, "chance": 20} {
		t.Run("yatzy forced joker "+id, func(t *testing.T) {
			if got := s.Points(box(t, rules, id), fours); got != want {
				t.Errorf("joker 4-4-4-4-4 in %s = %d, want %d", id, got, want)
			}
		})
	}
}
