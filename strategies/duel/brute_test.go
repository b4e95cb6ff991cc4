package duel

import (
	"math"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/strategies"
)

// brute is the two-player game played out in full on real sheets, with nothing of the
// solver: a turn of the best response is planned by the engine's TurnPlan on the values
// of the positions after it (every legal box of every final roll tried on a copy of the
// sheet), a turn of the opponent is its strategy asked for its keeps and boxes on its own
// sheet, the probability of every roll followed; the game's end compares the sheets'
// totals. A position is the two sheets and whose turn it is, remembered once worked out.
type brute struct {
	r     *engine.Rules
	opp   strategies.Strategy
	plan  engine.TurnPlan
	after [engine.NumKeeps][engine.NumRolls]float64 // the rolls a keep leads to
	memo  map[bruteKey]float64
}

type bruteKey struct {
	a, b engine.Sheet
	mine bool
}

func newBrute(r *engine.Rules, opp strategies.Strategy) *brute {
	bf := &brute{r: r, opp: opp, memo: map[bruteKey]float64{}}
	// The rolls of a keep: each missing die a face in turn, 1/6 each.
	var fill func(k engine.Keep, p float64, dst *[engine.NumRolls]float64)
	fill = func(k engine.Keep, p float64, dst *[engine.NumRolls]float64) {
		if k.IsRoll() {
			dst[k.Roll()] += p
			return
		}
		for f := 1; f <= engine.NumFaces; f++ {
			fill(k.Add(f), p/6, dst)
		}
	}
	for k := range engine.Keep(engine.NumKeeps) {
		fill(k, 1, &bf.after[k])
	}
	return bf
}

// chance returns the best response's chance of winning in seat s, a tie counting half.
func (bf *brute) chance(s int) float64 {
	a, b := engine.NewSheet(bf.r), engine.NewSheet(bf.r)
	return bf.value(a, b, s == 0)
}

// value is the best response's chance of winning from sheets a (its own) and b at the
// start of a turn, its own if mine.
func (bf *brute) value(a, b engine.Sheet, mine bool) float64 {
	if a.Done() && b.Done() {
		switch d := a.Total() - b.Total(); {
		case d > 0:
			return 1
		case d == 0:
			return 0.5
		}
		return 0
	}
	key := bruteKey{a, b, mine}
	if v, ok := bf.memo[key]; ok {
		return v
	}
	var v float64
	if mine {
		v = bf.myTurn(a, b)
	} else {
		v = bf.theirTurn(a, b)
	}
	bf.memo[key] = v
	return v
}

// myTurn plans the best response's turn on sheet a.
func (bf *brute) myTurn(a, b engine.Sheet) float64 {
	var stop [engine.MaxRollsPerTurn][engine.NumRolls]float64
	for used := 1; used <= bf.r.Rolls(); used++ {
		for r := range engine.Roll(engine.NumRolls) {
			best := -1.0
			legal := a.Legal(r, used)
			for box := range engine.BoxID(engine.MaxBoxes) {
				if legal&(1<<box) == 0 {
					continue
				}
				next := a
				next.Fill(box, r)
				best = max(best, bf.value(next, b, false))
			}
			stop[used-1][r] = best
		}
	}
	bf.plan.Stop = stop
	return bf.plan.Solve(bf.r.Rolls(), false)
}

// theirTurn follows the opponent's turn on sheet b, roll by roll.
func (bf *brute) theirTurn(a, b engine.Sheet) float64 {
	rolls := bf.r.Rolls()
	var mass [engine.NumRolls]float64
	for r := range engine.Roll(engine.NumRolls) {
		mass[r] = r.Probability()
	}
	v := 0.0
	for used := 1; used <= rolls; used++ {
		var next [engine.NumRolls]float64
		for r, m := range mass {
			if m == 0 {
				continue
			}
			roll := engine.Roll(r)
			if used < rolls {
				if k := bf.opp.Keep(&b, roll, rolls-used); !k.IsRoll() {
					for r2, p := range bf.after[k] {
						next[r2] += m * p
					}
					continue
				}
			}
			sheet := b
			sheet.Fill(bf.opp.Box(&b, roll, used), roll)
			v += m * bf.value(a, sheet, true)
		}
		mass = next
	}
	return v
}

// parseRules reads a rule set written in a test.
func parseRules(t testing.TB, name, spec string) *engine.Rules {
	t.Helper()
	r, err := engine.Parse(name, []byte(strings.ReplaceAll(spec, "\t", "")))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// twoBoxes is a sheet of two boxes with an upper bonus; threeBoxes one of three, with a
// yahtzee box and its extra bonus.
func twoBoxes(t testing.TB) *engine.Rules {
	return parseRules(t, "two-boxes", `{"name": "two-boxes", "rolls": 3, "boxes": [
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance", "add": "all"}],
		"upper_bonus": {"threshold": 18, "points": 15, "when": "complete"}}`)
}

func threeBoxes(t testing.TB) *engine.Rules {
	return parseRules(t, "three-boxes", `{"name": "three-boxes", "rolls": 3, "boxes": [
		{"id": "ones", "section": "upper", "kind": "face", "face": 1},
		{"id": "twos", "section": "upper", "kind": "face", "face": 2},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}],
		"upper_bonus": {"threshold": 6, "points": 10, "when": "complete"},
		"extra_yahtzee": {"box": "yahtzee", "points": 100}}`)
}

// The duel's chances in each seat are those of the game played out in full on real sheets
// (brute), against an opponent played from its table (optimal) and one asked for its
// decisions (greedy, on the exact subtotals), on a sheet of two boxes (and, in the
// exhaustive run, of three).
func TestDuelAgreesWithBruteForce(t *testing.T) {
	sheets := []*engine.Rules{twoBoxes(t)}
	if exhaustive.On {
		sheets = append(sheets, threeBoxes(t))
	}
	for _, r := range sheets {
		for _, name := range []string{"optimal", "greedy"} {
			du, err := Solve(r, name, 2)
			if err != nil {
				t.Fatal(err)
			}
			opp, err := strategies.New(name, r)
			if err != nil {
				t.Fatal(err)
			}
			bf := newBrute(r, opp)
			for s := range 2 {
				got, want := du.Chance(s), bf.chance(s)
				if math.Abs(got-want) > 1e-12 {
					t.Errorf("%s against %s, seat %d: %.15f, played out in full %.15f", r.Name(), name, s+1, got, want)
				}
			}
			t.Logf("%s against %s: %.9f and %.9f (%d positions played out)", r.Name(), name, du.Chance(0), du.Chance(1), len(bf.memo))
		}
	}
}
