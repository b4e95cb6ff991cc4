package rulefile

import (
	"math"
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
)

// Where every roll is placeable, the plan of unplaceable rolls is engine.TurnPlan's, to
// the last bit: the same keeps for every roll, roll number and number of rolls, the
// worth of each roll the same or a repeated value (ties).
func TestPlaceablePlanAgreesWithTurnPlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var stop [engine.MaxRollsPerTurn][engine.NumRolls]float64
	var out [engine.MaxRollsPerTurn]rollSet
	var tp engine.TurnPlan
	var lp placeablePlan
	for trial := range 40 {
		sameStop := trial%2 == 0
		rolls := 2 + trial%4
		for u := range rolls {
			for r := range engine.Roll(engine.NumRolls) {
				// Few distinct values, so that keeps tie often.
				stop[u][r] = float64(rng.IntN(8)) - float64(rng.IntN(3))*0.25
			}
		}
		tp.Stop = stop
		tp.Solve(rolls, sameStop)
		lp.solve(&stop, &out, rolls, sameStop)
		for left := 1; left < rolls; left++ {
			for r := range engine.Roll(engine.NumRolls) {
				if a, b := lp.keepAt(r, left), tp.Keep(r, left); a != b {
					t.Fatalf("trial %d (%d rolls, same stop %v), roll %v, %d rerolls left: %v, TurnPlan %v", trial, rolls, sameStop, r, left, a, b)
				}
			}
		}
	}
}

// A case a reader works out by hand. On hasbro (a forced joker), with the upper boxes but
// sixes filled and the yahtzee box holding 0, five sixes must go in the sixes box: "keep
// for full_house" cannot place them. From 6-6-6-6-6 with one reroll left, stopping ends
// unplaceable for sure; keeping 6-6-6 (two dice rolled) ends in five sixes 1 time in 36,
// keeping one six 1 time in 1,296, keeping nothing 1 time in 7,776 (the other five of a
// kinds go to the full house as jokers). The rule keeps nothing, though keeping 6-6-6
// would make the most points were the unplaceable end worth 0 (5/36·25 = 3.47 against
// 305/7,776·25 = 0.98).
func TestUnplaceableByHand(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("x.rules", []byte("if five of a kind then keep for full_house"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	var filled uint64
	for b := range r.NumBoxes() {
		if id := r.Boxes()[b].ID; id == "ones" || id == "twos" || id == "threes" || id == "fours" || id == "fives" || id == "yahtzee" {
			filled |= 1 << b
		}
	}
	dc := p.NewDecider()
	dc.Start(State{Filled: filled})
	sixes, _ := engine.RollOf([]int{6, 6, 6, 6, 6})
	mask, rule := dc.Keep(sixes, 1)
	if rule != 0 || sixes.Held(mask) != engine.Keep(0) {
		t.Errorf("6-6-6-6-6, one reroll left: rule %d keeps %v, want rule 0 to keep nothing", rule, sixes.Held(mask))
	}
	// Counted as a roll worth 0 instead, the unplaceable end would be risked for points.
	var tp engine.TurnPlan
	tp.Stop[0] = dc.tp.Stop[0] // the plan's worths: 0 for the unplaceable rolls
	tp.Solve(2, true)
	if k, _ := engine.KeepOf([]int{6, 6, 6}); tp.Keep(sixes, 1) != k {
		t.Errorf("the unplaceable roll worth 0: keeps %v, want 6-6-6", tp.Keep(sixes, 1))
	}
	// The figures docs/rules.md gives, with the yahtzee box at 0 (5/36·25 = 3.47 against
	// 305/7,776·25 = 0.98), and at 50, where a five of a kind in the full house earns the
	// extra 100 too ((300·25 + 5·125)/7,776 = 1.04): the rule keeps nothing either way.
	three, _ := engine.KeepOf([]int{6, 6, 6})
	for _, c := range []struct {
		scored      bool
		three, none float64
	}{
		{false, 5.0 / 36 * 25, 305.0 / 7776 * 25},
		{true, 5.0 / 36 * 25, (300*25 + 5*125) / 7776.0},
	} {
		dc.Start(State{Filled: filled, YahtzeeScored: c.scored})
		mask, _ := dc.Keep(sixes, 1)
		if sixes.Held(mask) != engine.Keep(0) {
			t.Errorf("yahtzee scored %v: keeps %v, want nothing", c.scored, sixes.Held(mask))
		}
		keeps, _ := bruteForce(&dc.tp.Stop[0], &dc.out[0], 2)
		v3, v0 := keeps[0][three], keeps[0][engine.Keep(0)]
		if math.Abs(v3.worth-c.three) > 1e-12 || math.Abs(v0.worth-c.none) > 1e-12 {
			t.Errorf("yahtzee scored %v: 6-6-6 worth %.4f, nothing %.4f; want %.4f and %.4f", c.scored, v3.worth, v0.worth, c.three, c.none)
		}
		// In outcomes of a whole roll: 6-6-6 rolls two dice (1 of 36 is 6-6), nothing
		// rolls five (1 of 7,776).
		if v3.out != 216 || v0.out != 1 {
			t.Errorf("yahtzee scored %v: unplaceable ends %d and %d of 7,776, want 216 and 1", c.scored, v3.out, v0.out)
		}
	}
}

// value is the pair a keep is chosen by: the chance of an unplaceable end, in outcomes
// of the dice, then the expected worth.
type value struct {
	out   int64
	worth float64
}

// heldDice lists the dice of a keep.
func heldDice(k engine.Keep) []int {
	var held []int
	for f, n := range k.Counts() {
		for range n {
			held = append(held, f+1)
		}
	}
	return held
}

// keepValues values every keep of fewer than five dice before a reroll whose rolls are
// worth next, by enumerating the outcomes of the dice rolled one by one (not engine's
// recurrence over one more die): the chance of an unplaceable end in outcomes of the
// rerolls from this roll on (unit per outcome of the rolls after it, next's unit).
func keepValues(next *[engine.NumRolls]value) map[engine.Keep]value {
	vals := map[engine.Keep]value{}
	for k := range engine.Keep(engine.NumKeeps) {
		if k.IsRoll() {
			continue
		}
		held := heldDice(k)
		free := engine.NumDice - len(held)
		n := int(pow6[free])
		var o int64
		w := 0.0
		for x := range n {
			all := append([]int(nil), held...)
			for y, j := x, 0; j < free; y, j = y/6, j+1 {
				all = append(all, 1+y%6)
			}
			after, _ := engine.RollOf(all)
			o += next[after].out
			w += next[after].worth
		}
		vals[k] = value{o * pow6[len(held)], w / float64(n)}
	}
	return vals
}

// bruteForce values the keeps at every roll number (keeps[u] before the reroll after roll
// u+1) and every roll (rolls[u]), the best keep of each roll chosen by the two numbers in
// order among every subset of its dice.
func bruteForce(stop *[engine.NumRolls]float64, out *rollSet, rolls int) (keeps []map[engine.Keep]value, best [][engine.NumRolls]value) {
	last := rolls - 1
	best = make([][engine.NumRolls]value, rolls)
	keeps = make([]map[engine.Keep]value, last)
	for r := range engine.Roll(engine.NumRolls) {
		best[last][r] = stopValue(r, stop, out, 0)
	}
	for u := last - 1; u >= 0; u-- {
		keeps[u] = keepValues(&best[u+1])
		for r := range engine.Roll(engine.NumRolls) {
			b := stopValue(r, stop, out, last-u)
			dice := r.Dice()
			for mask := range 31 { // every subset of the dice but all five (stop)
				var held []int
				for d := range engine.NumDice {
					if mask&(1<<d) != 0 {
						held = append(held, int(dice[d]))
					}
				}
				k, _ := engine.KeepOf(held)
				if v := keeps[u][k]; v.out < b.out || v.out == b.out && v.worth > b.worth {
					b = v
				}
			}
			best[u][r] = b
		}
	}
	return keeps, best
}

// stopValue is the value of ending the turn with roll r, left rerolls before the end.
func stopValue(r engine.Roll, stop *[engine.NumRolls]float64, out *rollSet, left int) value {
	if out.has(r) {
		return value{pow6[engine.NumDice*left], 0}
	}
	return value{0, stop[r]}
}

// The plan is the order of the two numbers at every roll of states where forced jokers
// make rolls unplaceable: the chance of an unplaceable end of the keep it makes is the
// least of every keep's, counted exactly, and its expected worth the highest among those
// (to rounding), both worked out by enumerating the dice.
func TestPlaceablePlanIsBest(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("x.rules", []byte("averages chance 22.01, full_house 22.59, sixes 19.19"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	all := uint64(1)<<r.NumBoxes() - 1
	ybox := uint64(1) << r.YahtzeeBox()
	rng := rand.New(rand.NewPCG(5, 8))
	cases := 6
	if underRace {
		cases = 1
	}
	levels := p.rolls - 1
	for checked := 0; checked < cases; {
		filled := rng.Uint64()&all | ybox
		targets := rng.Uint64() & all &^ filled
		if targets == 0 {
			continue
		}
		dc := p.NewDecider()
		dc.Start(State{Filled: filled, YahtzeeScored: checked%2 == 1})
		plan := dc.plan(targets)
		if dc.out[0].empty() {
			continue
		}
		checked++
		keeps, best := bruteForce(&dc.tp.Stop[0], &dc.out[0], p.rolls)
		for u := range levels {
			for roll := range engine.Roll(engine.NumRolls) {
				k := roll.Held(plan[int(roll)*levels+u])
				got := stopValue(roll, &dc.tp.Stop[0], &dc.out[0], levels-u)
				if !k.IsRoll() {
					got = keeps[u][k]
				}
				want := best[u][roll]
				if got.out != want.out || math.Abs(got.worth-want.worth) > 1e-9 {
					t.Fatalf("filled %b, targets %b, roll %v, %d rerolls left: keeps %v worth (%d, %.12f), the best is (%d, %.12f)",
						filled, targets, roll, levels-u, k, got.out, got.worth, want.out, want.worth)
				}
			}
		}
	}
}

// Before this rule an unplaceable roll was worth −10⁹ points, which the rule replaces as
// its limit. On hasbro, the one preset with unplaceable rolls (a forced joker), and for
// every target a learned file plays for (every box, upper, lower, points), with and
// without averages, at every state: where the two decide differently, the keeps tie (the
// same chance of an unplaceable end, expected worths within rounding) and the penalty's
// rounding (the unit in the last place of 10⁹ is 10⁻⁷) chose between them.
func TestUnplaceableAsPenaltyDid(t *testing.T) {
	exhaustive.Only(t)
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	for _, avg := range []string{"", "averages ones 1.88, twos 5.28, threes 8.57, fours 12.16, fives 15.69, sixes 19.19, three_of_a_kind 21.66, " +
		"four_of_a_kind 13.09, full_house 22.59, small_straight 29.46, large_straight 32.71, yahtzee 16.87, chance 22.01"} {
		f, err := Parse("x.rules", []byte(avg))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(f, r)
		if err != nil {
			t.Fatal(err)
		}
		all := uint64(1)<<p.nb - 1
		sets := []uint64{all, p.upperMask, all &^ p.upperMask}
		for b := range p.nb {
			sets = append(sets, 1<<b)
		}
		dc := p.NewDecider()
		var old engine.TurnPlan
		var lp placeablePlan
		differ, unplaceable := 0, 0
		for filled := range all {
			for flag := range p.flags() {
				if flag == 1 && filled&(1<<p.ybox) == 0 {
					continue
				}
				dc.Start(State{Filled: filled, YahtzeeScored: flag == 1})
				seen := map[uint64]bool{}
				for _, ts := range sets {
					if ts &= dc.open; ts == 0 || seen[ts] {
						continue
					}
					seen[ts] = true
					dc.plan(ts)
					if dc.out[0].empty() {
						continue
					}
					unplaceable++
					// Each roll number on its own: the turn from it on, both ways.
					for left := 1; left < p.rolls; left++ {
						old.Stop[0] = dc.tp.Stop[0]
						for roll := range engine.Roll(engine.NumRolls) {
							if dc.out[0].has(roll) {
								old.Stop[0][roll] = -1e9
							}
						}
						old.Solve(left+1, true)
						lp.solve(&dc.tp.Stop, &dc.out, left+1, true)
						for roll := range engine.Roll(engine.NumRolls) {
							kn, ko := lp.keepAt(roll, left), old.Keep(roll, left)
							if kn == ko {
								continue
							}
							differ++
							vn, vo := lp.valueOf(roll, kn, &dc.tp.Stop[0], &dc.out[0], left), lp.valueOf(roll, ko, &dc.tp.Stop[0], &dc.out[0], left)
							if vn.out != vo.out || math.Abs(vn.worth-vo.worth) > 1e-9 {
								t.Errorf("averages %v, filled %b, targets %b, roll %v, %d rerolls left: keeps %v (%d, %.12f), the penalty kept %v (%d, %.12f)",
									avg != "", filled, ts, roll, left, kn, vn.out, vn.worth, ko, vo.out, vo.worth)
							}
						}
					}
				}
			}
		}
		t.Logf("averages %v: %d plans with unplaceable rolls, %d decisions between tied keeps differ from the penalty's", avg != "", unplaceable, differ)
		if unplaceable == 0 {
			t.Error("no plan with an unplaceable roll: the test tests nothing")
		}
	}
}

// valueOf returns the value of keeping k of roll r at the first roll of the last turn
// solved, with left rerolls left.
func (lp *placeablePlan) valueOf(r engine.Roll, k engine.Keep, stop *[engine.NumRolls]float64, out *rollSet, left int) value {
	if k.IsRoll() {
		return stopValue(r, stop, out, left)
	}
	return value{lp.outK[k] * pow6[k.Size()], lp.evK[k]}
}
