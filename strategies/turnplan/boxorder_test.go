package turnplan

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"yams/engine"
)

// soloTurn is one turn played for one box alone, worked out exactly by brute force: every
// subset of the dice's positions kept at every roll, every ordered outcome of the dice
// rolled enumerated (not engine.TurnPlan's recurrence over one more die), the values kept
// as whole numbers of outcomes of the dice. hit is the best chance of a non-zero score
// (the keeps chosen for it), mean the best expected score (the keeps chosen for it; a
// subtracted box counts negatively, so that its turn is played for the fewest points),
// both over den, the outcomes of the dice of every roll of the turn.
type soloTurn struct {
	hit, mean, den int64
}

// solveSolo plays box b of the rules alone, the final roll worth final(points).
func solveSolo(rules *engine.Rules, b int, final func(points int) int64) (value, den int64) {
	var sorted [][]int // the 252 rolls, their dice sorted
	points := make([]int64, codes)
	seen := make([]bool, codes)
	enumerate(nil, func(d []int) {
		if c := code(d); !seen[c] {
			s := slices.Clone(d)
			slices.Sort(s)
			r, _ := engine.RollOf(s)
			sorted, points[c], seen[c] = append(sorted, s), final(rules.Score(b, r)), true
		}
	})
	// next[code] is the value of a roll after the last roll planned so far, in outcomes
	// of the dice of the rolls after it (unit: one outcome of those rolls).
	next := slices.Clone(points)
	unit := int64(1)
	for range rules.Rolls() - 1 {
		memo := make([]int64, codes)
		done := make([]bool, codes)
		keepValue := func(held []int) int64 {
			c := code(held)
			if done[c] {
				return memo[c]
			}
			var v int64
			enumerate(held, func(d []int) { v += next[code(d)] })
			// In outcomes of the rolls from this one on: a keep of n dice rolls 5−n of
			// them, 6^n outcomes short of a whole roll.
			v *= pow(6, len(held))
			memo[c], done[c] = v, true
			return v
		}
		cur := make([]int64, codes)
		for _, d := range sorted {
			c := code(d)
			best := points[c] * unit * pow(6, 5) // stop: the roll is final
			for mask := range 31 {
				var held []int
				for i := range 5 {
					if mask&(1<<i) != 0 {
						held = append(held, d[i])
					}
				}
				best = max(best, keepValue(held))
			}
			cur[c] = best
		}
		next, unit = cur, unit*pow(6, 5)
	}
	enumerate(nil, func(d []int) { value += next[code(d)] })
	return value, unit * pow(6, 5)
}

// codes is the size of code's range.
const codes = 7 * 7 * 7 * 7 * 7

// code numbers a multiset of up to five dice, in any order: base 7, its dice sorted.
func code(dice []int) int {
	var s [5]int
	copy(s[:], dice)
	slices.Sort(s[:len(dice)])
	c := 0
	for _, f := range s[:len(dice)] {
		c = 7*c + f
	}
	return c
}

// enumerate calls f with the five dice of every ordered outcome of the dice rolled
// besides held, held first.
func enumerate(held []int, f func([]int)) {
	var d [5]int
	copy(d[:], held)
	var rec func(i int)
	rec = func(i int) {
		if i == 5 {
			f(d[:])
			return
		}
		for face := 1; face <= 6; face++ {
			d[i] = face
			rec(i + 1)
		}
	}
	rec(len(held))
}

func pow(b, e int) int64 {
	p := int64(1)
	for range e {
		p *= int64(b)
	}
	return p
}

// soloTurns plays every box of the rules alone, exactly.
func soloTurns(rules *engine.Rules) []soloTurn {
	out := make([]soloTurn, rules.NumBoxes())
	for b, box := range rules.Boxes() {
		hit, den := solveSolo(rules, b, func(p int) int64 {
			if p != 0 {
				return 1
			}
			return 0
		})
		mean, _ := solveSolo(rules, b, func(p int) int64 {
			if box.Subtract {
				return -int64(p)
			}
			return int64(p)
		})
		out[b] = soloTurn{hit, mean, den}
	}
	return out
}

// The order of greedy's ties (TieOrder) and of "score cheapest" (CostOrder) is the order
// docs/rules.md defines, worked out from exact probabilities and expected scores: the
// lower best chance of a non-zero score first, then the lower expected score, then the
// order of the rules' boxes; the costs alone for CostOrder. The floating-point figures of
// SoloTurns agree with the exact ones, and no two different exact figures come within the
// tolerance of 10⁻⁹ that SoloTurns's figures are compared with, so that the tolerance
// merges only figures equal on paper: an interpreter that computes them exactly orders
// the boxes as yams does.
func TestBoxOrderIsExact(t *testing.T) {
	sets := []*engine.Rules{}
	for _, name := range engine.Presets() {
		sets = append(sets, mustLoad(t, name))
	}
	// yams-app with two rolls: its straights cost the same on paper, not in floating point.
	sets = append(sets, mustLoad(t, "yatzy", "rolls=4"), mustLoad(t, "hasbro", "rolls=2"), mustLoad(t, "yams-app", "rolls=2"))
	for _, rules := range sets {
		name := rules.Name() + fmt.Sprintf(" (%d rolls)", rules.Rolls())
		exact := soloTurns(rules)
		hit, mean := SoloTurns(rules)
		for b, e := range exact {
			id := rules.Boxes()[b].ID
			if h := float64(e.hit) / float64(e.den); math.Abs(h-hit[b]) > 1e-12 {
				t.Errorf("%s, %s: SoloTurns's chance %.15f, exactly %.15f", name, id, hit[b], h)
			}
			if m := float64(e.mean) / float64(e.den); math.Abs(m-mean[b]) > 1e-12 {
				t.Errorf("%s, %s: SoloTurns's expected score %.15f, exactly %.15f", name, id, mean[b], m)
			}
			for c, f := range exact {
				for _, pair := range [][2]int64{{e.hit, f.hit}, {e.mean, f.mean}} {
					if d := math.Abs(float64(pair[0]-pair[1])) / float64(e.den); d != 0 && d < 1e-6 {
						t.Errorf("%s: %s and %s differ by %g, near the tolerance", name, id, rules.Boxes()[c].ID, d)
					}
				}
			}
		}
		boxes := make([]int, rules.NumBoxes())
		for i := range boxes {
			boxes[i] = i
		}
		ties := slices.Clone(boxes)
		slices.SortStableFunc(ties, func(a, b int) int {
			return cmp.Or(cmp.Compare(exact[a].hit, exact[b].hit), cmp.Compare(exact[a].mean, exact[b].mean), a-b)
		})
		var got []int
		for _, id := range TieOrder(rules) {
			got = append(got, int(id))
		}
		if !slices.Equal(got, ties) {
			t.Errorf("%s: TieOrder %v, exactly %v", name, ids(rules, got), ids(rules, ties))
		}
		costs := slices.Clone(boxes)
		slices.SortStableFunc(costs, func(a, b int) int { return cmp.Or(cmp.Compare(exact[a].mean, exact[b].mean), a-b) })
		if got := CostOrder(rules); !slices.Equal(got, costs) {
			t.Errorf("%s: CostOrder %v, exactly %v", name, ids(rules, got), ids(rules, costs))
		}
	}
}

// On a sheet of several columns, TieOrder lists the slots box by box in the order of one
// column, the same box of several columns from the most constrained column to the least:
// a "sec" column, then an ordered one (top-down or bottom-up), then a free one, columns of
// one kind in the order of the sheet.
func TestBoxOrderOfColumns(t *testing.T) {
	rules := mustLoad(t, "hasbro", "columns=free,bottom_up,sec,top_down")
	one := TieOrder(mustLoad(t, "hasbro"))
	var want []engine.BoxID
	for _, b := range one {
		for _, c := range []int{2, 1, 3, 0} {
			want = append(want, engine.BoxID(c*rules.NumBoxes())+b)
		}
	}
	if got := TieOrder(rules); !slices.Equal(got, want) {
		t.Errorf("TieOrder %v, want %v", got, want)
	}
}

func ids(rules *engine.Rules, boxes []int) []string {
	var out []string
	for _, b := range boxes {
		out = append(out, rules.Boxes()[b].ID)
	}
	return out
}

// The tie of issue 40 on yatzy: at 1-1-2-2-2, with only the sixes, two pairs, three of a
// kind and four of a kind open, two pairs and three of a kind both score 6. Two pairs is
// the harder to fill: its best chance of a non-zero score is 0.742419, three of a kind's
// 0.743195, both exact, and TieOrder puts it first. (Played for their points, the turns
// score non-zero 0.694977 and 0.656545 of the time, which would order them the other way:
// the order is defined by the best chance, docs/rules.md.) Greedy's decision there is
// strategies' TestGreedyTieOnYatzy.
func TestTieOnYatzy(t *testing.T) {
	rules := mustLoad(t, "yatzy")
	two, three := rules.BoxIndex("two_pairs"), rules.BoxIndex("three_of_a_kind")
	for _, c := range []struct {
		box  int
		want float64
	}{{two, 0.7424185382584803}, {three, 0.7431952700299751}} {
		hit, den := solveSolo(rules, c.box, func(p int) int64 {
			if p != 0 {
				return 1
			}
			return 0
		})
		if got := float64(hit) / float64(den); math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: best chance of a non-zero score %.16f, want %.16f", rules.Boxes()[c.box].ID, got, c.want)
		}
	}
	order := TieOrder(rules)
	if i, j := slices.Index(order, engine.BoxID(two)), slices.Index(order, engine.BoxID(three)); i > j {
		t.Errorf("yatzy: TieOrder puts three of a kind (%d) before two pairs (%d)", j, i)
	}
}

// docs/strategies.md lists the order of ties of every preset: TieOrder's.
func TestBoxOrderOfThePage(t *testing.T) {
	const page = "../../docs/strategies.md"
	text, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| ([a-z_, ]+) \\|$")
	listed := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(text), -1) {
		listed[m[1]] = m[2]
	}
	for _, name := range engine.Presets() {
		rules := mustLoad(t, name)
		var order []int
		for _, id := range TieOrder(rules) {
			order = append(order, int(id))
		}
		if got := strings.Join(ids(rules, order), ", "); listed[name] != got {
			t.Errorf("%s lists the order of ties of %s as %q, TieOrder %q", page, name, listed[name], got)
		}
	}
}
