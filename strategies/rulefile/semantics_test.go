package rulefile_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/strategies/rulefile"
)

// What docs/rules.md says a file does where its words alone would leave it open: the keeps
// of five dice, the keep actions at the edges of their dice, "pays" under the joker, and
// the order of the operations of a roll's worth.

func compileOn(t *testing.T, rules *engine.Rules, src string) *rulefile.Program {
	t.Helper()
	return compileFile(t, "x.rules", rules, src)
}

// compileFile parses src as the rule file name and compiles it for the rules.
func compileFile(t *testing.T, name string, rules *engine.Rules, src string) *rulefile.Program {
	t.Helper()
	f, err := rulefile.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := rulefile.Compile(f, rules)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t *testing.T, name string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func dice(t *testing.T, d ...int) engine.Roll {
	t.Helper()
	r, ok := engine.RollOf(d)
	if !ok {
		t.Fatalf("no roll %v", d)
	}
	return r
}

// filledOf is the mask of the boxes named.
func filledOf(t *testing.T, r *engine.Rules, ids ...string) uint64 {
	t.Helper()
	var m uint64
	for _, id := range ids {
		b := r.BoxIndex(id)
		if b < 0 {
			t.Fatalf("rules %s have no box %s", r.Name(), id)
		}
		m |= 1 << b
	}
	return m
}

// Every keep action that keeps all five dice ends the turn, whichever it is, and the box
// rules then read the rolls the turn did not use as "rolls left".
func TestFiveDiceKeepsEndTheTurn(t *testing.T) {
	r := load(t, "hasbro")
	for _, c := range []struct {
		keep string
		dice []int
	}{
		{"keep all", []int{1, 2, 3, 4, 6}},
		{"keep pairs", []int{2, 2, 3, 3, 3}},
		{"keep run", []int{2, 3, 4, 5, 6}},
		{"keep group", []int{4, 4, 4, 4, 4}},
		{"keep group and kicker", []int{4, 4, 4, 4, 4}},
		{"keep sixes", []int{6, 6, 6, 6, 6}},
		{"keep fives and sixes", []int{5, 5, 6, 6, 6}},
		{"keep for large_straight", []int{2, 3, 4, 5, 6}},
	} {
		dc := compileOn(t, r, "otherwise "+c.keep).NewDecider()
		dc.Start(rulefile.State{})
		roll := dice(t, c.dice...)
		for left := 1; left <= 2; left++ {
			if mask, _ := dc.Keep(roll, left); !roll.Held(mask).IsRoll() {
				t.Errorf("%s on %v, %d rerolls left: keeps %v, want the five dice", c.keep, roll, left, roll.Held(mask))
			}
		}
	}
	// Played: after the first roll, a full house kept whole by "keep pairs" is final, and
	// "rolls left" reads the 2 rolls the turn did not use.
	small, err := engine.Load("../../examples/rules/ones-twos-threes-chance.json")
	if err != nil {
		t.Fatal(err)
	}
	st, err := compileOn(t, small, "otherwise keep pairs\nif rolls left = 2 then score chance\notherwise score ones").NewStrategy()
	if err != nil {
		t.Fatal(err)
	}
	chance := engine.BoxID(small.BoxIndex("chance"))
	g := sim.NewGame(small)
	rng := rand.NewPCG(7, 7)
	ended := 0
	for range 3000 {
		g.Start(rng)
		for {
			kind, roll, used := g.Decision()
			if kind == sim.Over {
				break
			}
			if kind == sim.KeepDecision {
				k := st.Keep(&g.Sheet, roll, g.RollsLeft())
				if err := g.Keep(k); err != nil {
					t.Fatal(err)
				}
				if !k.IsRoll() {
					continue
				}
				if kind, r2, u2 := g.Decision(); kind != sim.BoxDecision || r2 != roll || u2 != used {
					t.Fatalf("%v kept whole after roll %d: the game asks %v for %v after roll %d", roll, used, kind, r2, u2)
				}
				if used == 1 && g.Sheet.Legal(roll, 1)&(1<<chance) != 0 {
					ended++
					if b := st.Box(&g.Sheet, roll, used); b != chance {
						t.Fatalf("%v kept whole after the first roll: scored in %s, want chance (rolls left = 2)", roll, small.Boxes()[b].ID)
					}
				}
				continue
			}
			if err := g.Box(st.Box(&g.Sheet, roll, used)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ended < 100 {
		t.Errorf("%d turns ended by a keep of five dice after the first roll, chance open: too few to test", ended)
	}
}

// The keep actions where their dice run out: the kicker of five of a kind, a run of one
// face, a group without a pair, pairs and faces that are not there.
func TestKeepsAtTheirEdges(t *testing.T) {
	r := load(t, "hasbro")
	for _, c := range []struct {
		keep       string
		dice, want []int
	}{
		{"keep group and kicker", []int{4, 4, 4, 4, 4}, []int{4, 4, 4, 4, 4}},
		{"keep group and kicker", []int{2, 4, 4, 4, 6}, []int{4, 4, 4, 6}},
		{"keep group and kicker", []int{1, 2, 3, 5, 6}, []int{5, 6}},
		{"keep run", []int{1, 1, 3, 3, 5}, []int{5}},
		{"keep run", []int{1, 2, 4, 5, 5}, []int{4, 5}},
		{"keep run", []int{1, 2, 3, 5, 6}, []int{1, 2, 3}},
		{"keep run", []int{6, 6, 6, 6, 6}, []int{6}},
		{"keep group", []int{1, 2, 3, 5, 6}, []int{6}},
		{"keep group", []int{2, 2, 5, 5, 6}, []int{5, 5}},
		{"keep pairs", []int{1, 2, 3, 5, 6}, nil},
		{"keep sixes", []int{1, 2, 3, 4, 5}, nil},
	} {
		dc := compileOn(t, r, "otherwise "+c.keep).NewDecider()
		dc.Start(rulefile.State{})
		roll := dice(t, c.dice...)
		want, _ := engine.KeepOf(c.want)
		if mask, _ := dc.Keep(roll, 2); roll.Held(mask) != want {
			t.Errorf("%s on %v: keeps %v, want %v", c.keep, roll, roll.Held(mask), want)
		}
	}
}

// "pays" is what the roll would score in the box now: for a five of a kind, the joker's
// points wherever the rules' joker is in force, whether or not the box, or any lower box,
// may take the roll.
func TestPaysUnderTheJoker(t *testing.T) {
	lower := []string{"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance"}
	for _, c := range []struct {
		rules  string
		filled []string
		legal  []string // the boxes 6-6-6-6-6 may go in
		pays   map[string]int
	}{
		// The yahtzee box open: no joker, a five of a kind is no full house.
		{"hasbro", nil, nil, map[string]int{"full_house": 0, "large_straight": 0, "yahtzee": 50, "sixes": 30, "chance": 30}},
		// Forced joker, the sixes open: the roll must go there, the full house pays 25.
		{"hasbro", []string{"yahtzee"}, []string{"sixes"}, map[string]int{"full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50, "sixes": 30, "ones": 0, "chance": 30}},
		// Every lower box and the sixes filled: the roll goes in an upper box for 0, the
		// filled full house still pays 25.
		{"hasbro", append([]string{"sixes"}, lower...), []string{"ones", "twos", "threes", "fours", "fives"}, map[string]int{"full_house": 25, "large_straight": 40, "sixes": 30, "ones": 0}},
		// Free joker: in force only once the upper box of the face is filled too.
		{"verhoeff", []string{"yahtzee"}, nil, map[string]int{"full_house": 0, "large_straight": 0, "sixes": 30}},
		{"verhoeff", []string{"yahtzee", "sixes"}, nil, map[string]int{"full_house": 25, "large_straight": 40, "small_straight": 30}},
	} {
		r := load(t, c.rules)
		filled := filledOf(t, r, c.filled...)
		sixes := dice(t, 6, 6, 6, 6, 6)
		if c.legal != nil {
			if got, want := r.Legal(filled, sixes, 3), filledOf(t, r, c.legal...); got != want {
				t.Errorf("%s, filled %v: 6-6-6-6-6 may go in %b, want %b", c.rules, c.filled, got, want)
			}
		}
		for box, v := range c.pays {
			for _, x := range []struct {
				n    int
				want bool
			}{{v, true}, {v + 1, false}} {
				src := fmt.Sprintf("if %s pays = %d then keep all", box, x.n)
				f, err := rulefile.Parse("x.rules", []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				p := compileOn(t, r, src)
				cond, err := p.Condition(f.Rules[0].If)
				if err != nil {
					t.Fatal(err)
				}
				dc := p.NewDecider()
				dc.Start(rulefile.State{Filled: filled})
				if got := dc.Holds(cond, sixes, 0); got != x.want {
					t.Errorf("%s, filled %v, 6-6-6-6-6: %q is %v, want %v", c.rules, c.filled, src, got, x.want)
				}
			}
		}
	}
}

// The worth of a roll in a box is (points + extra bonus) − average, in that order: where
// the other order, (points − average) + bonus, rounds otherwise, "score best" follows the
// first. On hasbro, the threes and the yahtzee (50) filled, 3-3-3-3-3 is worth 25 + 100 in
// the full house (the joker) and 15 + 100 in chance; averages 10 apart tie the two on
// paper, and in floating point one order may tie them where the other does not.
func TestWorthOrderOfOperations(t *testing.T) {
	r := load(t, "hasbro")
	// winner is the box a worth order chooses: the larger worth, the full house (the harder
	// to fill) on a tie.
	winner := func(full, chance float64) string {
		if chance > full {
			return "chance"
		}
		return "full_house"
	}
	found := 0
	for k := 1; k < 100000 && found < 3; k++ {
		fullAvg, chanceAvg := fmt.Sprintf("10.%06d", k), fmt.Sprintf("0.%06d", k)
		aF, _ := strconv.ParseFloat(fullAvg, 64)
		aC, _ := strconv.ParseFloat(chanceAvg, 64)
		doc := winner(float64(25+100)-aF, float64(15+100)-aC)
		other := winner((25-aF)+100, (15-aC)+100)
		if doc == other {
			continue
		}
		found++
		p := compileOn(t, r, fmt.Sprintf("averages full_house %s, chance %s\notherwise score best in full_house, chance", fullAvg, chanceAvg))
		dc := p.NewDecider()
		dc.Start(rulefile.State{Filled: filledOf(t, r, "threes", "yahtzee"), YahtzeeScored: true})
		if b, _ := dc.Box(dice(t, 3, 3, 3, 3, 3), 3); r.Boxes()[b].ID != doc {
			t.Errorf("averages full_house %s, chance %s: 3-3-3-3-3 scored in %s, want %s ((points + bonus) − average; the other order gives %s)",
				fullAvg, chanceAvg, r.Boxes()[b].ID, doc, other)
		}
	}
	if found == 0 {
		t.Fatal("no averages on which the two orders decide otherwise: the test tests nothing")
	}
}

// Boxes of equal cost go in the order of the rules' boxes, equal within 10⁻⁹: on yams-app
// with two rolls, the small and the large straight cost the same on paper, and differ in
// the last bit of floating point, where the large one was the cheaper.
func TestEqualCostsInTheRulesOrder(t *testing.T) {
	r, err := engine.Load("yams-app", "rolls=2")
	if err != nil {
		t.Fatal(err)
	}
	if r.BoxIndex("small_straight") > r.BoxIndex("large_straight") {
		t.Fatal("yams-app lists the large straight first: the test tests nothing")
	}
	dc := compileOn(t, r, "otherwise score cheapest in large_straight, small_straight").NewDecider()
	dc.Start(rulefile.State{})
	for _, d := range [][]int{{1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {1, 1, 1, 2, 2}} {
		if b, _ := dc.Box(dice(t, d...), 2); r.Boxes()[b].ID != "small_straight" {
			t.Errorf("%v: score cheapest chose %s, want small_straight (equal costs, the rules' order)", d, r.Boxes()[b].ID)
		}
	}
}
