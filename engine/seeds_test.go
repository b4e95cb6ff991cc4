package engine

import (
	"testing"
)

// The worked examples of the rule sheets in ../shared/seeds/, one test each.

func roll(t testing.TB, dice ...int) Roll {
	t.Helper()
	r, ok := RollOf(dice)
	if !ok {
		t.Fatalf("bad dice %v", dice)
	}
	return r
}

func box(t testing.TB, rules *Rules, id string) BoxID {
	t.Helper()
	b := rules.BoxIndex(id)
	if b < 0 {
		t.Fatalf("no box %s in %s", id, rules.Name())
	}
	return BoxID(b)
}

// fill scores dice in a box after checking that the sheet allows it.
func fill(t testing.TB, s *Sheet, id string, dice ...int) int {
	t.Helper()
	r, b := roll(t, dice...), box(t, s.Rules(), id)
	if s.Legal(r, 1)&(1<<b) == 0 {
		t.Fatalf("%v may not go in %s (legal %b)", dice, id, s.Legal(r, 1))
	}
	return s.Fill(b, r)
}

func TestSeed000AliceFirstTurn(t *testing.T) {
	// Section 06: 2-2-4-5-6, keep the 2s, 2-2-2-5-6, keep the 2s, 2-2-2-2-5.
	rules := mustLoad(t, "hasbro")
	rec := &Record{Rules: "hasbro", Turns: []RecordTurn{{
		Rolls: [][]int{{2, 2, 4, 5, 6}, {2, 2, 2, 5, 6}, {2, 2, 2, 2, 5}},
		Keeps: [][]int{{2, 2}, {2, 2, 2}},
		Box:   "twos",
	}}}
	sheet, turns, err := Replay(rec, rules)
	if err != nil {
		t.Fatal(err)
	}
	if turns[0].Points != 8 || sheet.Total() != 8 {
		t.Errorf("Alice's twos = %d (total %d), want 8", turns[0].Points, sheet.Total())
	}
	// "vaut treize en carré, huit dans les 2, ou treize en chance"; 17 in brelan after roll 2.
	s := NewSheet(rules)
	final := roll(t, 2, 2, 2, 2, 5)
	for id, want := range map[string]int{"four_of_a_kind": 13, "twos": 8, "chance": 13, "three_of_a_kind": 13} {
		if got := s.Points(box(t, rules, id), final); got != want {
			t.Errorf("2-2-2-2-5 in %s = %d, want %d", id, got, want)
		}
	}
	if got := s.Points(box(t, rules, "three_of_a_kind"), roll(t, 2, 2, 2, 5, 6)); got != 17 {
		t.Errorf("2-2-2-5-6 in three_of_a_kind = %d, want 17", got)
	}
}

func TestSeed000AliceFiveSixes(t *testing.T) {
	// Section 06: five 6s with 50 in the Yahtzee box: 100 bonus, 30 in the 6s if empty,
	// else 40 in the large straight thanks to the joker.
	rules := mustLoad(t, "hasbro")
	sixes := roll(t, 6, 6, 6, 6, 6)
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 3, 3, 3, 3, 3)
	if got := s.Legal(sixes, 3); got != 1<<box(t, rules, "sixes") {
		t.Errorf("sixes empty: legal = %b, want only sixes", got)
	}
	if got := s.ExtraBonus(box(t, rules, "sixes"), sixes); got != 100 {
		t.Errorf("extra bonus = %d, want 100", got)
	}
	if got := fill(t, &s, "sixes", 6, 6, 6, 6, 6); got != 30 {
		t.Errorf("five 6s in sixes = %d, want 30", got)
	}
	ls := box(t, rules, "large_straight")
	if s.Legal(sixes, 3)&(1<<ls) == 0 || s.Points(ls, sixes) != 40 {
		t.Errorf("sixes filled: large straight legal=%v points=%d, want legal and 40", s.Legal(sixes, 3)&(1<<ls) != 0, s.Points(ls, sixes))
	}
	s.Fill(ls, sixes)
	if s.ExtraBonuses() != 2 || s.ExtraTotal() != 200 {
		t.Errorf("extra bonuses = %d (%d points), want 2 (200)", s.ExtraBonuses(), s.ExtraTotal())
	}
}

func TestSeed000Total375(t *testing.T) {
	// Section 07: 66 up, 66 + 35 = 101; 174 down; one 100 bonus: 375.
	s := NewSheet(mustLoad(t, "hasbro"))
	fill(t, &s, "yahtzee", 3, 3, 3, 3, 3)
	fill(t, &s, "fives", 5, 5, 5, 5, 5) // forced joker: 25 and a 100 bonus
	fill(t, &s, "ones", 2, 3, 4, 5, 6)
	fill(t, &s, "twos", 2, 3, 4, 6, 6)
	fill(t, &s, "threes", 3, 3, 3, 1, 6)
	fill(t, &s, "fours", 4, 4, 4, 1, 2)
	fill(t, &s, "sixes", 6, 6, 6, 1, 2)
	fill(t, &s, "large_straight", 1, 2, 3, 4, 5)
	fill(t, &s, "small_straight", 1, 2, 3, 4, 6)
	fill(t, &s, "full_house", 2, 2, 5, 5, 5)
	fill(t, &s, "three_of_a_kind", 1, 1, 1, 2, 2)
	fill(t, &s, "four_of_a_kind", 1, 1, 1, 1, 2)
	fill(t, &s, "chance", 1, 3, 3, 4, 5)
	if !s.Done() {
		t.Fatal("sheet not done after 13 turns")
	}
	up, low := s.SectionTotal(0, Upper), s.SectionTotal(0, Lower)
	if up != 66 || s.UpperBonus(0) != 35 || low != 174 || s.ExtraTotal() != 100 || s.Total() != 375 {
		t.Errorf("upper %d + bonus %d + lower %d + extra %d = %d, want 66 + 35 + 174 + 100 = 375",
			up, s.UpperBonus(0), low, s.ExtraTotal(), s.Total())
	}
}

func TestSeed000JokerAfterZero(t *testing.T) {
	// Section 05 and the FAQ: a zero in the Yahtzee box gives no bonus, but the joker still
	// applies: five 4s with the 4s filled may score 40 in the large straight.
	rules := mustLoad(t, "hasbro")
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 1, 2, 3, 4, 6) // scratched: 0
	fill(t, &s, "fours", 4, 4, 1, 2, 3)
	fours := roll(t, 4, 4, 4, 4, 4)
	ls := box(t, rules, "large_straight")
	if s.ExtraBonus(ls, fours) != 0 {
		t.Error("extra bonus after a scratched Yahtzee box")
	}
	if s.Points(ls, fours) != 40 || s.Points(box(t, rules, "full_house"), fours) != 25 || s.Points(box(t, rules, "small_straight"), fours) != 30 {
		t.Error("joker after a scratched Yahtzee box does not give 40/25/30")
	}
	lower := uint64(0)
	for _, id := range []string{"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"} {
		lower |= 1 << box(t, rules, id)
	}
	if got := s.Legal(fours, 3); got != lower {
		t.Errorf("fours filled: legal %b, want the open lower boxes %b", got, lower)
	}
}

func TestSeed000JokerZeroInUpper(t *testing.T) {
	// Section 05: matching upper box and every lower box filled: zero in an open upper box.
	rules := mustLoad(t, "hasbro")
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 2, 2, 2, 2, 2)
	fill(t, &s, "twos", 2, 2, 2, 2, 2)
	for _, id := range []string{"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"} {
		fill(t, &s, id, 2, 2, 2, 2, 2)
	}
	twos := roll(t, 2, 2, 2, 2, 2)
	want := uint64(0)
	for _, id := range []string{"ones", "threes", "fours", "fives", "sixes"} {
		want |= 1 << box(t, rules, id)
	}
	if got := s.Legal(twos, 3); got != want {
		t.Errorf("legal %b, want the open upper boxes %b", got, want)
	}
	if got := fill(t, &s, "sixes", 2, 2, 2, 2, 2); got != 0 {
		t.Errorf("joker in sixes scored %d, want 0", got)
	}
	// Every five of a kind after the 50 in the Yahtzee box earned 100: 8 fills.
	if s.ExtraBonuses() != 8 {
		t.Errorf("extra bonuses = %d, want 8", s.ExtraBonuses())
	}
}

func TestNoJokerBeforeYahtzeeBox(t *testing.T) {
	// Five of a kind with the Yahtzee box empty is an ordinary roll: no full house (seed 000).
	for _, preset := range []string{"hasbro", "verhoeff", "yams"} {
		rules := mustLoad(t, preset)
		s := NewSheet(rules)
		r := roll(t, 5, 5, 5, 5, 5)
		if got := s.Points(box(t, rules, "full_house"), r); got != 0 {
			t.Errorf("%s: five 5s in full house with the Yahtzee box empty = %d, want 0", preset, got)
		}
		if got := s.Legal(r, 3); got != 1<<rules.NumBoxes()-1 {
			t.Errorf("%s: legal %b, want every box", preset, got)
		}
	}
}

func TestVerhoeffFreeJoker(t *testing.T) {
	rules := mustLoad(t, "verhoeff")
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 4, 4, 4, 4, 4)
	fours := roll(t, 4, 4, 4, 4, 4)
	fh := box(t, rules, "full_house")
	// Free placement: any open box, but the fixed scores need the 4s filled.
	if got := s.Legal(fours, 3); got != (1<<13-1)&^(1<<box(t, rules, "yahtzee")) {
		t.Errorf("legal %b, want every open box", got)
	}
	if got := s.Points(fh, fours); got != 0 {
		t.Errorf("full house with the 4s open = %d, want 0", got)
	}
	if got := s.ExtraBonus(fh, fours); got != 100 {
		t.Errorf("extra bonus = %d, want 100", got)
	}
	fill(t, &s, "fours", 4, 4, 1, 2, 3)
	if got := s.Points(fh, fours); got != 25 {
		t.Errorf("full house with the 4s filled = %d, want 25", got)
	}
}

func TestYamsNoJokerNoBonus(t *testing.T) {
	// Seed 001: "Un deuxième Yam's ne rapporte pas de prime : il s'inscrit dans une autre
	// case, comme n'importe quel tirage."
	rules := mustLoad(t, "yams")
	s := NewSheet(rules)
	fill(t, &s, "yahtzee", 6, 6, 6, 6, 6)
	r := roll(t, 6, 6, 6, 6, 6)
	if s.ExtraBonus(box(t, rules, "chance"), r) != 0 || s.Points(box(t, rules, "full_house"), r) != 0 {
		t.Error("a second Yam's earns a bonus or counts as a full")
	}
	if got := s.Points(box(t, rules, "three_of_a_kind"), r); got != 30 {
		t.Errorf("second Yam's in brelan = %d, want 30", got)
	}
	// The 100-point family variant.
	v := mustLoad(t, "yams", "extra_yahtzee=100")
	s = NewSheet(v)
	fill(t, &s, "yahtzee", 6, 6, 6, 6, 6)
	fill(t, &s, "chance", 6, 6, 6, 6, 6)
	if s.Total() != 50+30+100 {
		t.Errorf("Yam's bonus variant total = %d, want 180", s.Total())
	}
}

func TestSeed001Tables(t *testing.T) {
	rules := mustLoad(t, "yams")
	cases := []struct {
		dice []int
		box  string
		want int
	}{
		{[]int{5, 5, 5, 2, 6}, "fives", 15},
		{[]int{1, 1, 4, 4, 4}, "ones", 2},
		{[]int{6, 6, 6, 6, 3}, "sixes", 24},
		{[]int{4, 4, 4, 2, 6}, "three_of_a_kind", 20},
		{[]int{3, 3, 3, 3, 5}, "four_of_a_kind", 17},
		{[]int{2, 2, 5, 5, 5}, "full_house", 25},
		{[]int{1, 2, 3, 4, 6}, "small_straight", 30},
		{[]int{2, 3, 4, 5, 6}, "large_straight", 40},
		{[]int{6, 6, 6, 6, 6}, "yahtzee", 50},
		{[]int{6, 5, 5, 3, 2}, "chance", 21},
		// Barrer une case.
		{[]int{1, 3, 3, 5, 6}, "full_house", 0},
		{[]int{1, 3, 3, 5, 6}, "ones", 1},
		// Les cas particuliers.
		{[]int{6, 6, 6, 6, 6}, "full_house", 0},
		{[]int{2, 3, 4, 5, 6}, "small_straight", 30},
		{[]int{2, 2, 5, 5, 5}, "three_of_a_kind", 19},
		{[]int{3, 3, 3, 3, 5}, "three_of_a_kind", 17},
	}
	s := NewSheet(rules)
	for _, c := range cases {
		if got := s.Points(box(t, rules, c.box), roll(t, c.dice...)); got != c.want {
			t.Errorf("%v in %s = %d, want %d", c.dice, c.box, got, c.want)
		}
	}
}

func TestSeed001Maximum375(t *testing.T) {
	// "Le maximum possible est de 375 points."
	s := NewSheet(mustLoad(t, "yams"))
	for f, id := range []string{"ones", "twos", "threes", "fours", "fives", "sixes"} {
		fill(t, &s, id, f+1, f+1, f+1, f+1, f+1)
	}
	fill(t, &s, "three_of_a_kind", 6, 6, 6, 6, 6)
	fill(t, &s, "four_of_a_kind", 6, 6, 6, 6, 6)
	fill(t, &s, "full_house", 5, 5, 6, 6, 6)
	fill(t, &s, "small_straight", 1, 2, 3, 4, 5)
	fill(t, &s, "large_straight", 2, 3, 4, 5, 6)
	fill(t, &s, "yahtzee", 6, 6, 6, 6, 6)
	fill(t, &s, "chance", 6, 6, 6, 6, 6)
	if s.Total() != 375 {
		t.Errorf("best sheet = %d, want 375", s.Total())
	}
}

func TestSeed003Example(t *testing.T) {
	// "(3,3,3,2,2) peut être inscrit dans les deux avec 4 points, dans les trois 9 points,
	// comme brelan avec 13 points, full avec 25 points".
	r := roll(t, 3, 3, 3, 2, 2)
	h := mustLoad(t, "hasbro")
	for id, want := range map[string]int{"twos": 4, "threes": 9, "three_of_a_kind": 13, "full_house": 25, "yahtzee": 0} {
		if got := h.Score(int(box(t, h, id)), r); got != want {
			t.Errorf("hasbro: 3-3-3-2-2 in %s = %d, want %d", id, got, want)
		}
	}
	// On the Yam's sheet of the same seed the full is 25 + dice.
	w := mustLoad(t, "yams-wiki")
	for id, want := range map[string]int{"twos": 4, "threes": 9, "full_house": 38, "max": 13, "min": 13, "yahtzee": 0} {
		if got := w.Score(int(box(t, w, id)), r); got != want {
			t.Errorf("yams-wiki: 3-3-3-2-2 in %s = %d, want %d", id, got, want)
		}
	}
}

func TestSeed003TotalTwo(t *testing.T) {
	// Total II = Maximum − Minimum; prime of 25 at 63.
	s := NewSheet(mustLoad(t, "yams-wiki"))
	fill(t, &s, "max", 6, 6, 6, 5, 5)
	fill(t, &s, "min", 1, 1, 2, 2, 3)
	if got := s.SectionTotal(0, Middle); got != 28-9 {
		t.Errorf("Total II = %d, want 28 − 9 = 19", got)
	}
	for f, id := range []string{"ones", "twos", "threes", "fours", "fives", "sixes"} {
		fill(t, &s, id, f+1, f+1, f+1, 1, 1)
	}
	// 3 + 6 + 9 + 12 + 15 + 18 = 63, but the ones row holds 5 ones: 5 + 6 + ... = 65.
	if s.Upper(0) != 65 || s.UpperBonus(0) != 25 {
		t.Errorf("upper %d bonus %d, want 65 and 25", s.Upper(0), s.UpperBonus(0))
	}
	if s.Total() != 65+25+19 {
		t.Errorf("total %d, want %d", s.Total(), 65+25+19)
	}
}

func TestSeed004FAQ(t *testing.T) {
	rules := mustLoad(t, "yams-app")
	if rules.NumBoxes() != 12 {
		t.Errorf("yams-app has %d boxes, want 12", rules.NumBoxes())
	}
	s := NewSheet(rules)
	// "un brelan de 6 avec 5+4 à côté vaut 27, pas 18".
	if got := s.Points(box(t, rules, "three_of_a_kind"), roll(t, 6, 6, 6, 5, 4)); got != 27 {
		t.Errorf("brelan 6-6-6-5-4 = %d, want 27", got)
	}
	// "Un Yam peut-il compter comme Full ou Brelan ? Oui".
	yam := roll(t, 3, 3, 3, 3, 3)
	if s.Points(box(t, rules, "full_house"), yam) != 30 || s.Points(box(t, rules, "three_of_a_kind"), yam) != 15 || s.Points(box(t, rules, "four_of_a_kind"), yam) != 40 {
		t.Error("a Yam does not count as full (30), brelan (15) and carré (40)")
	}
	// "La prime est acquise dès que le total atteint 63, même si des cases supérieures restent vides."
	fill(t, &s, "fours", 4, 4, 4, 4, 1)
	fill(t, &s, "fives", 5, 5, 5, 5, 1)
	fill(t, &s, "sixes", 6, 6, 6, 6, 1)
	if s.UpperBonus(0) != 0 {
		t.Error("bonus at 60")
	}
	fill(t, &s, "threes", 3, 3, 3, 1, 2)
	if s.Upper(0) != 69 || s.UpperBonus(0) != 35 || s.Total() != 69+35 {
		t.Errorf("4 boxes at %d: bonus %d total %d, want 69, 35, 104", s.Upper(0), s.UpperBonus(0), s.Total())
	}
	// The same sheet under hasbro rules waits for the complete upper section.
	h := NewSheet(mustLoad(t, "hasbro"))
	fill(t, &h, "fours", 4, 4, 4, 4, 1)
	fill(t, &h, "fives", 5, 5, 5, 5, 1)
	fill(t, &h, "sixes", 6, 6, 6, 6, 1)
	fill(t, &h, "threes", 3, 3, 3, 1, 2)
	if h.UpperBonus(0) != 0 {
		t.Error("hasbro counts the bonus before the upper section is complete")
	}
	// Petite suite 1-2-3-4-5 = 25, grande suite 2-3-4-5-6 = 25, and nothing else.
	if s.Points(box(t, rules, "small_straight"), roll(t, 1, 2, 3, 4, 5)) != 25 ||
		s.Points(box(t, rules, "large_straight"), roll(t, 2, 3, 4, 5, 6)) != 25 ||
		s.Points(box(t, rules, "small_straight"), roll(t, 2, 3, 4, 5, 6)) != 0 ||
		s.Points(box(t, rules, "small_straight"), roll(t, 1, 2, 3, 4, 4)) != 0 {
		t.Error("yams-app straights")
	}
}

func TestFillOrders(t *testing.T) {
	r := roll(t, 1, 2, 3, 4, 5)
	td := mustLoad(t, "hasbro", "order=top_down")
	s := NewSheet(td)
	for i := range td.NumBoxes() {
		if got := s.Legal(r, 3); got != 1<<i {
			t.Fatalf("top_down turn %d: legal %b, want %b", i, got, 1<<i)
		}
		s.Fill(BoxID(i), r)
	}
	bu := mustLoad(t, "yams", "order=bottom_up")
	s = NewSheet(bu)
	for i := bu.NumBoxes() - 1; i >= 0; i-- {
		if got := s.Legal(r, 3); got != 1<<i {
			t.Fatalf("bottom_up: legal %b, want %b", got, 1<<i)
		}
		s.Fill(BoxID(i), r)
	}
	// In a top-down column the forced joker has no choice left to force.
	s = NewSheet(td)
	for i := range 11 {
		s.Fill(BoxID(i), r)
	}
	s.Fill(td.Slot(0, 11), roll(t, 2, 2, 2, 2, 2)) // yahtzee: 50
	if got := s.Legal(roll(t, 3, 3, 3, 3, 3), 3); got != 1<<12 {
		t.Errorf("top_down joker: legal %b, want chance only", got)
	}
}

func TestColumnsAndSec(t *testing.T) {
	rules := mustLoad(t, "yams", "columns=top_down,bottom_up,free,sec")
	if rules.NumSlots() != 52 {
		t.Fatalf("%d slots, want 52", rules.NumSlots())
	}
	s := NewSheet(rules)
	r := roll(t, 6, 6, 6, 5, 5)
	nb := rules.NumBoxes()
	first := s.Legal(r, 1)
	later := s.Legal(r, 2)
	wantLater := uint64(1)<<rules.Slot(0, 0) | 1<<rules.Slot(1, nb-1) | (1<<nb-1)<<(2*nb)
	if later != wantLater {
		t.Errorf("after 2 rolls: legal %b, want %b", later, wantLater)
	}
	if first != wantLater|(1<<nb-1)<<(3*nb) {
		t.Errorf("after 1 roll the sec column opens too: %b", first)
	}
	s.Fill(rules.Slot(3, rules.BoxIndex("full_house")), r)
	s.Fill(rules.Slot(2, rules.BoxIndex("full_house")), r)
	if s.Total() != 50 || s.ColumnTotal(3) != 25 {
		t.Errorf("two fulls in two columns: total %d", s.Total())
	}
}

func TestExamplesLoad(t *testing.T) {
	for _, f := range []string{"../examples/rules/yams-wiki-30-40-50.json", "../examples/rules/yams-family.json"} {
		r := mustLoad(t, f)
		if r.Name() == "" {
			t.Errorf("%s has no name", f)
		}
	}
	fam := mustLoad(t, "../examples/rules/yams-family.json")
	if len(fam.Columns()) != 4 || fam.ExtraPoints() != 100 || fam.Score(fam.BoxIndex("three_of_a_kind"), roll(t, 2, 2, 2, 6, 6)) != 6 {
		t.Errorf("yams-family: %d columns, extra %d", len(fam.Columns()), fam.ExtraPoints())
	}
}
