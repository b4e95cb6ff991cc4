package optimal

import (
	"math"
	"strings"
	"testing"

	"yams/engine"
)

// columnsRules returns a small sheet of a few boxes, with the upper bonus and the extra
// bonus, on the columns given (the columns= option).
func columnsRules(t testing.TB, boxes, columns string, options ...string) *engine.Rules {
	t.Helper()
	spec := `{"name": "cols", "rolls": 3,
	"boxes": [` + boxes + `],
	"upper_bonus": {"threshold": 18, "points": 10, "when": "complete"},
	"extra_yahtzee": {"box": "yahtzee", "points": 100}}`
	r, err := engine.Parse("cols", []byte(strings.ReplaceAll(spec, "\t", "")), append([]string{"columns=" + columns}, options...)...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Boxes of the small sheets of the several-column tests: three boxes (an upper box with a
// bonus, a sum, a five of a kind with its extra bonus), and a fourth for the longer checks.
const (
	threeBoxes = `{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance", "add": "all"},
		{"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50}`
	fourBoxes = `{"id": "fives", "section": "upper", "kind": "face", "face": 5},` + threeBoxes
)

// bruteForce is the plainest exact solve of a sheet of any number of columns: a search
// over real sheets (engine.Sheet), the turn planned by engine.TurnPlan, every legal box of
// every column tried with the sheet's own scoring, and the expectation of what the game
// adds to the sheet's total memoised on what the future depends on (the filled boxes, each
// column's upper subtotal, whether each column's yahtzee box scored). It shares no code
// with the solver but the engine.
type bruteForce struct {
	rules *engine.Rules
	memo  map[bfKey]float64
}

// bfKey is what the rest of a game depends on.
type bfKey struct {
	filled uint64
	upper  [engine.MaxColumns]int
	scored uint8 // the columns whose yahtzee box holds a non-zero score
}

func (bf *bruteForce) key(s *engine.Sheet) bfKey {
	k := bfKey{filled: s.FilledMask()}
	nb, y := bf.rules.NumBoxes(), bf.rules.YahtzeeBox()
	for c := range bf.rules.Columns() {
		k.upper[c] = s.Upper(c)
		if y >= 0 && s.Score(engine.BoxID(c*nb+y)) > 0 {
			k.scored |= 1 << c
		}
	}
	return k
}

// future returns the expected points still to come on sheet s: E[final total] − total now.
func (bf *bruteForce) future(s *engine.Sheet) float64 {
	if s.Done() {
		return 0
	}
	k := bf.key(s)
	if v, ok := bf.memo[k]; ok {
		return v
	}
	rolls := bf.rules.Rolls()
	var tp engine.TurnPlan
	for u := range rolls {
		for r := range engine.Roll(engine.NumRolls) {
			best := math.Inf(-1)
			for l := s.Legal(r, u+1); l != 0; l &= l - 1 {
				id := engine.BoxID(trailingZeros(l))
				next := *s
				next.Fill(id, r)
				if v := float64(next.Total()-s.Total()) + bf.future(&next); v > best {
					best = v
				}
			}
			tp.Stop[u][r] = best
		}
	}
	v := tp.Solve(rolls, false)
	bf.memo[k] = v
	return v
}

func trailingZeros(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// TestProductAgainstBruteForce checks the solver of several columns against the brute
// force on small sheets: the value of every reachable state, to 1e-9 (the two add in
// different orders). The solver counts the upper bonus when the subtotal reaches the
// threshold, the sheet when the upper section is complete: the brute force's values are
// moved to the solver's count.
func TestProductAgainstBruteForce(t *testing.T) {
	for _, columns := range []string{"free,free", "free,top_down", "top_down,bottom_up", "sec,free"} {
		t.Run(columns, func(t *testing.T) {
			r := columnsRules(t, threeBoxes, columns)
			checkProductAgainstBruteForce(t, r)
		})
	}
}

func checkProductAgainstBruteForce(t *testing.T, r *engine.Rules) {
	t.Helper()
	tab, err := solveProduct(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	bf := &bruteForce{rules: r, memo: map[bfKey]float64{}}
	s := engine.NewSheet(r)
	if got, want := tab.Expected(), bf.future(&s); math.Abs(got-want) > 1e-9 {
		t.Fatalf("expected score %.12f, brute force %.12f", got, want)
	}
	// Every sheet a game reaches: fill every legal box with every roll, breadth first.
	type seenKey struct {
		k      bfKey
		points int
	}
	seen := map[seenKey]bool{}
	layer := []engine.Sheet{s}
	checked := 0
	for len(layer) > 0 {
		var next []engine.Sheet
		for i := range layer {
			sh := &layer[i]
			v, ok := tab.value(sh)
			if !ok {
				t.Fatalf("sheet %+v is not a state of the table", bf.key(sh))
			}
			want := bf.future(sh) + float64(sh.Total()) - solverPoints(sh)
			if math.Abs(v-want) > 1e-9 {
				t.Fatalf("sheet %+v: value %.12f, brute force %.12f", bf.key(sh), v, want)
			}
			checked++
			if sh.Done() {
				continue
			}
			for roll := range engine.Roll(engine.NumRolls) {
				// Legality depends on the roll number through the "sec" columns alone:
				// the first roll and the last stand for all.
				for _, ru := range []int{1, r.Rolls()} {
					for l := sh.Legal(roll, ru); l != 0; l &= l - 1 {
						n := *sh
						n.Fill(engine.BoxID(trailingZeros(l)), roll)
						if k := (seenKey{bf.key(&n), n.Total() - int(solverPoints(&n))}); !seen[k] {
							seen[k] = true
							next = append(next, n)
						}
					}
				}
			}
		}
		layer = next
	}
	if want := tab.States(); checked < want/2 {
		t.Fatalf("checked %d sheets of %d states", checked, want)
	}
	t.Logf("%v: %.9f, %d sheets checked, %d states", r.Spec().Columns, tab.Expected(), checked, tab.States())
}
