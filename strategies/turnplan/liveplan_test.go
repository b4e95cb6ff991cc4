package turnplan

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"yams/engine"
)

// multiColumnSets are sheets of several columns that between them have every thing the
// turn key must capture: fill orders, "sec" columns (alone too), the forced and the free
// joker, the extra bonus, a subtracted box, other numbers of rolls (one: no keep at
// all), no upper bonus.
var multiColumnSets = []struct {
	name   string
	preset string
	opts   []string
}{
	{"yams-family", "yams", []string{"dry=true", "extra_yahtzee=100", "columns=free,top_down,bottom_up,sec"}},
	{"hasbro-free-free", "hasbro", []string{"columns=free,free"}},
	{"verhoeff-orders", "verhoeff", []string{"columns=top_down,bottom_up,free"}},
	{"yams-wiki-sec", "yams-wiki", []string{"columns=free,sec,bottom_up"}},
	{"yams-app-four", "yams-app", []string{"columns=free,top_down,bottom_up,sec"}},
	{"yatzy-three", "yatzy", []string{"columns=free,free,top_down"}},
	{"hasbro-rolls4-sec", "hasbro", []string{"rolls=4", "columns=sec,free"}},
	{"hasbro-rolls2", "hasbro", []string{"rolls=2", "columns=free,bottom_up", "upper_bonus.points=0"}},
	{"hasbro-sec-only", "hasbro", []string{"columns=sec,sec"}},
	{"hasbro-rolls1", "hasbro", []string{"rolls=1", "columns=free,top_down"}},
}

// The planning on the spot (a cache of turn plans keyed by what a plan depends on) must
// make every decision that planning each turn from scratch made (reference_test.go): every
// keep and box, for every roll, at positions of random games on sheets of several
// columns, visited in the order of play and shuffled (the parts of the key kept per
// column must follow any change of position), with the shared cache and with one of 3
// plans, full at once, where most turns are planned in the worker's own space. The worth
// of stopping that a plan starts from must be the reference's too, on every roll.
func TestLivePlanMatchesReference(t *testing.T) {
	sets := multiColumnSets
	if raceEnabled {
		sets = sets[:2]
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			rules := mustLoad(t, set.preset, set.opts...)
			sheets := randomPositions(rules, 3, 7)
			shuffled := slices.Clone(sheets)
			rand.New(rand.NewPCG(8, 9)).Shuffle(len(shuffled), func(i, j int) {
				shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
			})
			for _, entries := range []int{-1, 3} {
				for _, c := range []struct {
					name string
					pl   *Planner
				}{{"score", scorePlanner(rules)}, {"par", parPlanner(rules)}} {
					lv := NewLive(c.pl)
					what := "the shared cache"
					if entries >= 0 {
						lv.t = withCache(lv.t, entries)
						what = fmt.Sprintf("a cache of %d plans", entries)
					}
					ref := &refPlanner{pl: c.pl}
					for _, order := range [][]engine.Sheet{sheets, shuffled} {
						for i := range order {
							if err := comparePosition(lv, ref, &order[i]); err != nil {
								t.Fatalf("%s with %s: %v", c.name, what, err)
							}
						}
					}
					if rules.Rolls() > 1 && lv.turns < len(sheets) {
						t.Errorf("%s: %d turns planned for %d positions", c.name, lv.turns, len(sheets))
					}
					t.Logf("%s with %s: %d positions twice, %d turns planned, %d plans made",
						c.name, what, len(sheets), lv.turns, lv.misses)
				}
			}
		})
	}
}

// withCache returns a copy of t with a cache of its own of n plans.
func withCache(t *liveTables, n int) *liveTables {
	c := *t
	c.cache = newPlanCache(t.levels, t.hasSec, n)
	return &c
}

// comparePosition compares every decision of the live planner lv with the reference's at
// position s, for every roll, and the worth of stopping they plan from. It returns the
// first difference, or nil.
func comparePosition(lv *Live, ref *refPlanner, s *engine.Sheet) error {
	pl := lv.pl
	rolls := pl.rolls
	p := pl.Position(s)
	at := fmt.Sprintf("turn %d, filled %#x", s.Turn(), s.FilledMask())
	box := func(r engine.Roll, used int) engine.BoxID {
		id, _ := pl.Best(&p, r, s.Legal(r, used))
		return id
	}
	for r := range engine.Roll(engine.NumRolls) {
		for left := rolls - 1; left >= 1; left-- {
			if a, b := lv.Keep(&p, r, left), ref.Keep(s, r, left); a != b {
				return fmt.Errorf("%s: keep of %s with %d rerolls left: %s, want %s", at, r, left, a, b)
			}
		}
		for used := 1; used <= rolls; used++ {
			if s.Legal(r, used) == 0 {
				continue
			}
			if a, b := box(r, used), ref.Box(s, r, used); a != b {
				return fmt.Errorf("%s: box of %s after %d rolls: %d, want %d", at, r, used, a, b)
			}
		}
	}
	if rolls == 1 {
		return nil
	}
	k := lv.turnKey(&p)
	later := lv.stopOf(&k)
	want := &ref.tp.Stop[0]
	if !pl.sameStop {
		want = &ref.tp.Stop[1]
	}
	for r := range engine.Roll(engine.NumRolls) {
		if later[r] != want[r] {
			return fmt.Errorf("%s: worth of stopping with %s after a reroll %v, want %v", at, r, later[r], want[r])
		}
		if first := lv.firstStop(&p, r); !pl.sameStop && first != ref.tp.Stop[0][r] {
			return fmt.Errorf("%s: worth of stopping with %s after the first roll %v, want %v", at, r, first, ref.tp.Stop[0][r])
		}
	}
	return nil
}

// Workers share the cache of plans: two of them, each with its own live planner, fill and
// read one cache at once and must both decide as the reference does (and, under the race
// detector, without a race).
func TestPlanCacheShared(t *testing.T) {
	set := multiColumnSets[0]
	rules := mustLoad(t, set.preset, set.opts...)
	pl := parPlanner(rules)
	shared := withCache(pl.liveTables(), 32)
	games := 2
	if raceEnabled {
		games = 1
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	lives := make([]*Live, 2)
	for w := range errs {
		sheets := randomPositions(rules, games, uint64(w))
		lives[w] = NewLive(pl)
		lives[w].t = shared
		wg.Go(func() {
			ref := &refPlanner{pl: pl}
			for i := range sheets {
				if errs[w] = comparePosition(lives[w], ref, &sheets[i]); errs[w] != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Errorf("worker %d: %v", w, err)
		}
	}
	if n := shared.cache.claimed.Load(); n < 32 {
		t.Errorf("the workers stored %d plans in a cache of 32, want it full", n)
	}
	t.Logf("plans made: %d and %d", lives[0].misses, lives[1].misses)
}

// randomPositions plays games in random legal boxes, with many five-of-a-kinds (the
// joker, the extra bonus), and returns every position met.
func randomPositions(rules *engine.Rules, games int, seed uint64) []engine.Sheet {
	rng := rand.New(rand.NewPCG(seed, 13))
	s := engine.NewSheet(rules)
	rolls := rules.Rolls()
	var sheets []engine.Sheet
	for range games {
		s.Reset()
		for !s.Done() {
			sheets = append(sheets, s)
			var r engine.Roll
			if rng.IntN(4) == 0 {
				f := 1 + rng.IntN(engine.NumFaces)
				r, _ = engine.RollOf([]int{f, f, f, f, f})
			} else {
				r = engine.Roll(rng.IntN(engine.NumRolls))
			}
			used := 1 + rng.IntN(rolls)
			legal := s.Legal(r, used)
			if legal == 0 {
				legal = s.Legal(r, 1)
			}
			for range rng.IntN(bits.OnesCount64(legal)) {
				legal &= legal - 1
			}
			s.Fill(engine.BoxID(bits.TrailingZeros64(legal)), r)
		}
	}
	return sheets
}

// The worth of stopping made from the undominated distinct vectors of a set of (status,
// box) pairs must be the maximum over every pair of the set, on every roll but the fives
// (which the key holds apart): for random sets of every size, not only those of play.
func TestUndominatedKeepTheMaximum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, set := range multiColumnSets[:6] {
		rules := mustLoad(t, set.preset, set.opts...)
		for _, pl := range []*Planner{scorePlanner(rules), parPlanner(rules)} {
			lt := pl.liveTables()
			lv := NewLive(pl)
			for range 500 {
				var pairs []int
				var canon uint64
				for i := range pl.vec {
					if rng.IntN(1+rng.IntN(8)) == 0 {
						pairs = append(pairs, i)
						canon |= 1 << lt.canon[i]
					}
				}
				k := turnKey{vecs: lt.undominated(canon)}
				stop := lv.stopOf(&k)
				for r := range engine.Roll(engine.NumRolls) {
					if r.OfAKind() != 0 {
						continue
					}
					want := float64(noValue)
					for _, i := range pairs {
						want = max(want, pl.vec[i][r])
					}
					if stop[r] != want {
						t.Fatalf("%s: pairs %v, roll %s: %v from the undominated vectors %#x, want %v",
							set.name, pairs, r, stop[r], k.vecs, want)
					}
				}
			}
		}
	}
}

// BenchmarkPlanTurn is the cost of a plan made from scratch, as a turn whose key the cache
// lacks pays it (solver), against engine.TurnPlan's (reference), on the first turn of the
// yams-family sheet.
func BenchmarkPlanTurn(b *testing.B) {
	set := multiColumnSets[0]
	rules := mustLoad(b, set.preset, set.opts...)
	lv := NewLive(scorePlanner(rules))
	s := engine.NewSheet(rules)
	p := lv.pl.Position(&s)
	k := lv.turnKey(&p)
	stop := *lv.stopOf(&k)
	keeps := make([]uint8, engine.NumRolls*lv.t.levels)
	firstEV := make([]float64, engine.NumRolls)
	b.Run("solver", func(b *testing.B) {
		for b.Loop() {
			lv.solver.solve(&stop, lv.pl.rolls, keeps, firstEV)
		}
	})
	b.Run("reference", func(b *testing.B) {
		ref := &refPlanner{pl: lv.pl}
		for b.Loop() {
			lv.pl.refFillStop(&ref.tp, &p)
			ref.tp.Solve(lv.pl.rolls, lv.pl.sameStop)
		}
	})
}
