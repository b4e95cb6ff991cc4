package rulefile_test

import (
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/rulefile"
)

// greedyFile is examples/strategies/greedy.rules: the two defaults, written out.
const greedyFile = "examples/strategies/greedy.rules"

// onePresets are the presets of one column, which a rule file plays.
var onePresets = []string{"hasbro", "verhoeff", "yams", "yams-wiki", "yams-app", "yatzy"}

// sheetWith returns a sheet of the rules with the boxes of mask filled, each with the
// lowest score it can hold (the box of the extra bonus with its best when scored).
func sheetWith(t *testing.T, r *engine.Rules, mask uint64, scored bool) engine.Sheet {
	t.Helper()
	scores := make([]int, r.NumBoxes())
	for b := range scores {
		scores[b] = -1
		if mask&(1<<b) == 0 {
			continue
		}
		lo, hi := 1<<30, -1
		for roll := range engine.Roll(engine.NumRolls) {
			lo, hi = min(lo, r.Score(b, roll)), max(hi, r.Score(b, roll))
		}
		scores[b] = lo
		if b == r.YahtzeeBox() && scored {
			scores[b] = hi
		}
	}
	s, err := engine.SheetOf(r, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The example greedy.rules decides as greedy does: every keep and every box of every
// position of a sheet of one column (the filled boxes and, with an extra bonus, whether
// the yahtzee box holds 50: all greedy looks at), on every preset of one column.
func TestGreedyFileDecidesAsGreedy(t *testing.T) {
	heavy(t)
	f, err := rulefile.ReadFile("../../" + greedyFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range onePresets {
		r, err := engine.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rulefile.Compile(f, r)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := p.NewStrategy()
		if err != nil {
			t.Fatal(err)
		}
		greedy, err := strategies.New("greedy", r)
		if err != nil {
			t.Fatal(err)
		}
		nb := r.NumBoxes()
		step := uint64(1)
		if testing.Short() && nb > 13 {
			step = 7 // a seventh of the sheets
		}
		diffs := 0
		for mask := uint64(0); mask < 1<<nb-1; mask += step {
			for _, scored := range []bool{false, true} {
				if scored && (r.ExtraPoints() == 0 || mask&(1<<r.YahtzeeBox()) == 0) {
					continue
				}
				s := sheetWith(t, r, mask, scored)
				for roll := range engine.Roll(engine.NumRolls) {
					for left := 1; left < r.Rolls(); left++ {
						if a, b := mine.Keep(&s, roll, left), greedy.Keep(&s, roll, left); a != b && diffs < 5 {
							diffs++
							t.Errorf("%s: sheet %#x (scored %v), roll %v, %d rolls left: keeps %v, greedy %v", name, mask, scored, roll, left, a, b)
						}
					}
					for used := 1; used <= r.Rolls(); used++ {
						if s.Legal(roll, used) == 0 {
							continue
						}
						if a, b := mine.Box(&s, roll, used), greedy.Box(&s, roll, used); a != b && diffs < 5 {
							diffs++
							t.Errorf("%s: sheet %#x (scored %v), roll %v after %d rolls: box %d, greedy %d", name, mask, scored, roll, used, a, b)
						}
					}
				}
			}
		}
	}
}
