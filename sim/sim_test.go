package sim_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/strategies"
)

func TestSameResultsWhateverTheWorkers(t *testing.T) {
	games := int64(3000)
	if raceEnabled {
		games = 400
	}
	for _, c := range []struct {
		rules *engine.Rules
		games int64
	}{
		{simtest.Load(t, "hasbro"), games},
		{simtest.Load(t, "yams", "columns=top_down,free,sec"), max(games/100, 12)},
	} {
		var first *sim.Results
		var firstJSON []byte
		for _, w := range []int{1, 2, 7} {
			res := simtest.Run(t, sim.Config{Rules: c.rules, Strategies: simtest.Infos(t, "random", "greedy", "upper-first"), Seed: 42, Games: c.games, Workers: w})
			if res.Workers != w || res.Games != c.games {
				t.Fatalf("%d workers: ran %d workers, %d games", w, res.Workers, res.Games)
			}
			js := simtest.JSONOf(t, res)
			if first == nil {
				first, firstJSON = res, js
				continue
			}
			if !reflect.DeepEqual(simtest.Counts(first), simtest.Counts(res)) || !bytes.Equal(firstJSON, js) {
				t.Errorf("%s: 1 and %d workers give different summaries", c.rules.Name(), w)
			}
		}
	}
}

func TestOtherSeedOtherResults(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	a := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 1, Games: 200})
	b := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 2, Games: 200})
	if reflect.DeepEqual(a.Summaries[0].Scores, b.Summaries[0].Scores) {
		t.Errorf("seeds 1 and 2 give the same scores")
	}
}

// Slices of game indices run apart and merged equal the run of all the games.
func TestShardsMergeIntoOneRun(t *testing.T) {
	rules := simtest.Load(t, "verhoeff")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Seed: 7, Games: 1000, Workers: 2}
	whole := simtest.Run(t, cfg)
	merged := simtest.RunShards(t, cfg, [2]int64{0, 137}, [2]int64{137, 600}, [2]int64{600, 1000})
	if !reflect.DeepEqual(simtest.Counts(whole), simtest.Counts(merged)) {
		t.Errorf("merged shards differ from the whole run:\nwhole  %+v\nmerged %+v", whole.Summaries[0].Stats(), merged.Summaries[0].Stats())
	}
	other := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Seed: 8, Games: 10})
	if err := merged.Merge(other); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("merging another seed: %v", err)
	}
	other = simtest.Run(t, sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "greedy", "random"), Seed: 7, Games: 10})
	if err := merged.Merge(other); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("merging other rules: %v", err)
	}
}

// A strategy's results do not depend on the strategies it is run with: its dice come
// from the game's seed, and its own draws from a stream of their own.
func TestStrategyAloneOrInCompany(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	all := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "random", "greedy", "upper-first"), Seed: 3, Games: 500})
	for i, name := range []string{"random", "greedy", "upper-first"} {
		alone := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, name), Seed: 3, Games: 500, Workers: 3})
		if !reflect.DeepEqual(alone.Summaries[0], all.Summaries[i]) {
			t.Errorf("%s: alone and in company differ", name)
		}
	}
}

// Every strategy plays game g on the same dice: in a game without decisions they all
// score the same, game by game.
func TestCommonDice(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(simtest.OneThrow))
	if err != nil {
		t.Fatal(err)
	}
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "random", "greedy", "upper-first"), Seed: 11, Games: 2000})
	for _, s := range res.Summaries[1:] {
		if !reflect.DeepEqual(s.Scores, res.Summaries[0].Scores) {
			t.Errorf("%s and %s scored different dice", s.Strategy, res.Summaries[0].Strategy)
		}
	}
}

// The aggregates of a small run, checked against a computation of each game by hand:
// game g of the one-throw rules scores the sum of the dice its seed throws.
func TestAggregatesOfASmallRun(t *testing.T) {
	rules, _ := engine.Parse("one-throw", []byte(simtest.OneThrow))
	const games = 500
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 5, Games: games, Workers: 3})
	s := res.Summaries[0]

	var scores []int
	var g rand.PCG
	for i := range uint64(games) {
		dice, _ := sim.GameSeeds(5, i)
		g.Seed(dice[0], dice[1])
		scores = append(scores, engine.Throw(&g).Sum())
	}
	// The running means after 1, 3, 7... games, in the order of the games' indices.
	conv := s.Convergence()
	want := []int64{1, 3, 7, 15, 31, 63, 127, 255, 500}
	if len(conv) != len(want) {
		t.Fatalf("convergence points %d, want %d", len(conv), len(want))
	}
	for i, n := range want {
		sum, sq := 0.0, 0.0
		for _, v := range scores[:n] {
			sum += float64(v)
			sq += float64(v) * float64(v)
		}
		m := sum / float64(n)
		sd := 0.0
		if n > 1 {
			sd = math.Sqrt((sq - sum*sum/float64(n)) / float64(n-1))
		}
		c := conv[i]
		if c.Games != n || math.Abs(c.Mean-m) > 1e-9 || math.Abs(c.StdDev-sd) > 1e-9 ||
			math.Abs(c.CI95.Hi-c.Mean-1.959963984540054*sd/math.Sqrt(float64(n))) > 1e-9 {
			t.Errorf("after %d games: %+v, by hand mean %v sd %v", n, c, m, sd)
		}
	}
	slices.Sort(scores)
	sum, sq := 0.0, 0.0
	for _, v := range scores {
		sum += float64(v)
		sq += float64(v) * float64(v)
	}
	mean := sum / games
	sd := math.Sqrt((sq - sum*sum/games) / (games - 1))
	st := s.Stats()
	if math.Abs(st.Mean-mean) > 1e-9 || math.Abs(st.StdDev-sd) > 1e-9 {
		t.Errorf("mean %v sd %v, by hand %v %v", st.Mean, st.StdDev, mean, sd)
	}
	if st.Min != scores[0] || st.Max != scores[games-1] || st.Median != scores[games/2-1] {
		t.Errorf("min %d max %d median %d, by hand %d %d %d", st.Min, st.Max, st.Median, scores[0], scores[games-1], scores[games/2-1])
	}
	for i, p := range sim.PercentileRanks {
		// Nearest rank: the value of rank ceil(p·n/100).
		if want := scores[(p*games+99)/100-1]; st.Percentiles[i] != want {
			t.Errorf("p%d = %d, by hand %d", p, st.Percentiles[i], want)
		}
	}
	for _, v := range scores {
		s.Scores.AddN(v, -1)
	}
	for _, n := range s.Scores.Counts {
		if n != 0 {
			t.Fatalf("the histogram is not the games' scores: %v left", s.Scores.Counts)
		}
	}
	box := s.Slots[0]
	if box.Sum != int64(sum) || box.Zeros != 0 || box.FillTurn[0] != games || box.Jokers != 0 {
		t.Errorf("box counts %+v, want sum %v, no zero, filled in turn 1", box, sum)
	}
	if s.UpperBonus[0] != 0 || s.YahtzeeScored != 0 || s.ExtraBonuses.Total() != games || s.JokerGames != 0 {
		t.Errorf("bonus counts %v %v %v %v", s.UpperBonus, s.YahtzeeScored, s.ExtraBonuses, s.JokerGames)
	}
}

// Boxes, bonuses and jokers, counted from hand-played sheets.
func TestSummaryAddCountsBoxes(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	s := sim.NewSummary("hand", rules)
	g := sim.NewGame(rules)
	roll := func(d ...int) engine.Roll { r, _ := engine.RollOf(d); return r }
	fill := func(id string, turn int, r engine.Roll) {
		b := engine.BoxID(rules.BoxIndex(id))
		if g.Sheet.JokerApplies(b, r) {
			g.Jokers |= 1 << b
		}
		g.Sheet.Fill(b, r)
		g.Turn[b] = uint8(turn)
	}
	// Game 1: a yahtzee; a second one forced in the fours as a joker (extra bonus); three
	// of each other face (upper 71, bonus); a third yahtzee as a joker in the large
	// straight (40, extra bonus); then 1-2-3-4-6 in the rest: 30 in the small straight,
	// 16 in chance. Total 71 + 35 + 50 + 40 + 30 + 16 + 200 = 442.
	fill("yahtzee", 1, roll(4, 4, 4, 4, 4))
	fill("fours", 2, roll(4, 4, 4, 4, 4)) // forced: the matching upper box; extra bonus
	for i, f := range []int{1, 2, 3, 5, 6} {
		id := []string{"ones", "twos", "threes", "fives", "sixes"}[i]
		fill(id, 3+i, roll(f, f, f, 1+f%6, 1+(f+1)%6))
	}
	fill("large_straight", 8, roll(2, 2, 2, 2, 2)) // joker (twos filled): 40, extra bonus
	for i, id := range []string{"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "chance"} {
		fill(id, 9+i, roll(1, 2, 3, 4, 6))
	}
	if !g.Sheet.Done() {
		t.Fatal("game 1 not done")
	}
	s.Add(0, g)
	if total := g.Sheet.Total(); total != 442 {
		t.Fatalf("game 1 scores %d, by hand 442", total)
	}
	// Game 2: 1-1-2-2-3 everywhere: ones 2, twos 4, threes 3, chance 9, total 18.
	g.Sheet.Reset()
	g.Jokers = 0
	for i, b := range rules.Boxes() {
		fill(b.ID, 13-i, roll(1, 1, 2, 2, 3))
	}
	s.Add(5, g)

	if s.Games != 2 || s.UpperBonus[0] != 1 || s.YahtzeeScored != 1 || s.JokerGames != 1 {
		t.Errorf("games %d, bonus %d, yahtzee %d, joker games %d; want 2 1 1 1", s.Games, s.UpperBonus[0], s.YahtzeeScored, s.JokerGames)
	}
	if s.ExtraBonuses.Percentile(100) != 2 || s.ExtraBonuses.Percentile(50) != 0 {
		t.Errorf("extra bonuses %+v, want one game with 0, one with 2", s.ExtraBonuses)
	}
	ls := s.Slots[rules.BoxIndex("large_straight")]
	if ls.Jokers != 1 || ls.Sum != 40 || ls.Zeros != 1 || ls.FillTurn[7] != 1 || ls.FillTurn[13-1-rules.BoxIndex("large_straight")] != 1 {
		t.Errorf("large straight %+v", ls)
	}
	if lo, hi, _ := s.Scores.Range(); lo != 18 || hi != 442 || s.Scores.Total() != 2 {
		t.Errorf("scores %d..%d, want 18 and 442", lo, hi)
	}
	if lo, hi, _ := s.UpperSubtotal[0].Range(); lo != 9 || hi != 71 {
		t.Errorf("upper subtotals %d..%d, want 9 and 71", lo, hi)
	}
	if fours := s.Slots[rules.BoxIndex("fours")]; fours.Jokers != 1 || fours.Sum != 20 {
		t.Errorf("fours %+v: want the joker's 20", fours)
	}
}

func TestHistogramAndStatsByHand(t *testing.T) {
	var h sim.Histogram
	for _, v := range []int{20, 10, 30, 20} {
		h.Add(v)
	}
	if h.Total() != 4 || h.Percentile(1) != 10 || h.Percentile(25) != 10 || h.Percentile(50) != 20 ||
		h.Percentile(75) != 20 || h.Percentile(76) != 30 || h.Percentile(100) != 30 {
		t.Errorf("percentiles of 10 20 20 30: %d %d %d %d %d", h.Percentile(25), h.Percentile(50), h.Percentile(75), h.Percentile(76), h.Percentile(100))
	}
	sum, sq := h.Sums()
	if sum.Int64() != 80 || sq.Int64() != 1800 {
		t.Errorf("sums %v %v, want 80 1800", sum, sq)
	}
	h.Add(-5)
	if lo, hi, _ := h.Range(); lo != -5 || hi != 30 || h.Total() != 5 {
		t.Errorf("after -5: range %d..%d, total %d", lo, hi, h.Total())
	}
	// Exact sums where floats would round: 10^6 games of 10^9 + 1.
	var big sim.Histogram
	big.AddN(1e9+1, 1e6)
	if _, sq := big.Sums(); sq.String() != "1000000002000000001000000" {
		t.Errorf("sum of squares %v", sq)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int64
		lo, hi float64
	}{
		{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {10, 10, 0.7225, 1}, {1, 1000, 0.000177, 0.005644},
	} {
		p := sim.Wilson(c.k, c.n)
		if math.Abs(p.CI95.Lo-c.lo) > 1e-4 || math.Abs(p.CI95.Hi-c.hi) > 1e-4 || p.Rate != float64(c.k)/float64(c.n) {
			t.Errorf("Wilson(%d, %d) = %v %v, want [%v, %v]", c.k, c.n, p.Rate, p.CI95, c.lo, c.hi)
		}
	}
}

// A strategy that breaks a rule stops the run with an error that names it and the game.
type cheat struct{ badKeep bool }

func (c cheat) Keep(s *engine.Sheet, r engine.Roll, _ int) engine.Keep {
	if c.badKeep {
		k, _ := engine.KeepOf([]int{6, 6, 6, 6})
		if !k.Within(r) {
			return k
		}
	}
	return r.Keep()
}

func (cheat) Box(*engine.Sheet, engine.Roll, int) engine.BoxID { return 0 } // twice by turn 2

func TestIllegalMovesStopTheRun(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	for _, c := range []struct {
		s    cheat
		want string
	}{{cheat{badKeep: true}, "is not part of roll"}, {cheat{}, "may not take"}} {
		info := strategies.Info{Name: "cheat", New: func(*engine.Rules) (strategies.Strategy, error) { return c.s, nil }}
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{info}, Games: 10})
		var me *sim.MoveError
		if res == nil || res.Games != 0 || !res.Partial() || !errors.As(err, &me) || !strings.Contains(err.Error(), "strategy cheat, game 0") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("cheat %+v: results %v, error %v", c.s, res, err)
		}
	}
}

// sometimes plays first-legal-box, and in some games (drawn from the generator of the
// game) breaks the rules at its last turn, unless it is honest.
type sometimes struct {
	honest bool
	fail   bool
}

func (s *sometimes) StartGame(g *rand.PCG) { s.fail = !s.honest && g.Uint64()%700 == 0 }

func (s *sometimes) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }

func (s *sometimes) Box(sh *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	legal := sh.Legal(r, used)
	if s.fail && sh.Turn() == sh.Rules().NumSlots()-1 {
		return engine.BoxID(bits.TrailingZeros64(^legal & (1<<sh.Rules().NumSlots() - 1)))
	}
	return engine.BoxID(bits.TrailingZeros64(legal))
}

// TestFailureKeepsThePrefix: a strategy that breaks a rule in the middle of a run stops it
// with the results of the games before the chunk that failed, marked partial, and those
// are the results of an honest run of as many games, bit for bit, whatever the workers.
func TestFailureKeepsThePrefix(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	first := int64(-1) // the first game that breaks a rule
	for g := int64(0); first < 0; g++ {
		_, draws := sim.GameSeeds(1, uint64(g))
		if rand.NewPCG(draws[0], draws[1]).Uint64()%700 == 0 {
			first = g
		}
	}
	for _, workers := range []int{1, 2, 5} {
		info := strategies.Info{Name: "sometimes", New: func(*engine.Rules) (strategies.Strategy, error) { return &sometimes{}, nil }}
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{info}, Seed: 1, Games: 20 * first, Workers: workers})
		if err == nil || res == nil || !res.Partial() || res.Games > first || !strings.Contains(err.Error(), fmt.Sprintf("game %d", first)) {
			t.Fatalf("%d workers: %v games, error %v; the first rule broken is in game %d", workers, res.Games, err, first)
		}
		if res.Games == 0 {
			if workers == 1 {
				t.Fatalf("one worker stopped at game %d with no game kept: its first chunks were whole", first)
			}
			continue
		}
		honest := strategies.Info{Name: "sometimes", New: func(*engine.Rules) (strategies.Strategy, error) { return &sometimes{honest: true}, nil }}
		want, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{honest}, Seed: 1, Games: res.Games, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res.Planned = res.Games
		if a, b := simtest.JSONOf(t, res), simtest.JSONOf(t, want); !bytes.Equal(a, b) {
			t.Errorf("%d workers: the %d games before the failure differ from an honest run", workers, res.Games)
		}
	}
}

// always rerolls every die and takes the first legal box.
type rerollAll struct{ t *testing.T }

func (x rerollAll) Keep(s *engine.Sheet, r engine.Roll, _ int) engine.Keep {
	if s.Legal(r, 2) == 0 {
		x.t.Errorf("Keep asked on turn %d, when only first-roll boxes are open", s.Turn()+1)
	}
	return 0
}

func (rerollAll) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	l := s.Legal(r, used)
	for id := range engine.BoxID(engine.MaxSlots) {
		if l&(1<<id) != 0 {
			return id
		}
	}
	return 0
}

// Once only "sec" boxes are open a turn has one roll: a strategy that always rerolls
// still finishes its games.
func TestSecColumnTurns(t *testing.T) {
	rules := simtest.Load(t, "hasbro", "columns=free,sec")
	info := strategies.Info{Name: "reroll-all", New: func(*engine.Rules) (strategies.Strategy, error) { return rerollAll{t}, nil }}
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: []strategies.Info{info}, Games: 50})
	s := res.Summaries[0]
	for id, sl := range s.Slots {
		if sl.FillTurn[id] != 50 {
			t.Errorf("%s: filled in turns %v, want turn %d: the first legal box, in order", s.SlotName(id), sl.FillTurn, id+1)
		}
	}
}

func TestCancel(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := sim.Run(ctx, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Games: 100})
	if !errors.Is(err, context.Canceled) || res == nil || res.Games != 0 {
		t.Errorf("cancelled before the start: %v, %v games", err, res.Games)
	}

	ctx, cancel = context.WithCancel(context.Background())
	var done atomic.Int64
	info := simtest.Infos(t, "random")[0]
	slow := strategies.Info{Name: "random", New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := info.New(r)
		return cancelAfter{st, &done, cancel}, err
	}}
	res, err = sim.Run(ctx, sim.Config{Rules: rules, Strategies: []strategies.Info{slow}, Games: 1 << 20, Workers: 2, Progress: &done})
	if !errors.Is(err, context.Canceled) || res == nil || res.Games == 0 || res.Games >= 1<<20 {
		t.Fatalf("cancelled during the run: %v, %d games", err, res.Games)
	}
	if s := res.Summaries[0]; s.Games != res.Games || s.Scores.Total() != res.Games || done.Load() != res.Games {
		t.Errorf("partial results: %d games, summary %d, histogram %d, progress %d", res.Games, s.Games, s.Scores.Total(), done.Load())
	}
}

// cancelAfter cancels the run once some games are done.
type cancelAfter struct {
	strategies.Strategy
	done   *atomic.Int64
	cancel context.CancelFunc
}

func (c cancelAfter) StartGame(g *rand.PCG) {
	c.Strategy.(strategies.GameStarter).StartGame(g)
	if c.done.Load() > 0 {
		c.cancel()
	}
}

func TestProgressAndValidation(t *testing.T) {
	rules := simtest.Load(t, "yams-app")
	var done atomic.Int64
	simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Games: 777, Workers: 2, Progress: &done})
	if done.Load() != 777 {
		t.Errorf("progress %d, want 777", done.Load())
	}
	for _, c := range []struct {
		cfg  sim.Config
		want string
	}{
		{sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Games: 0}, "at least one"},
		{sim.Config{Rules: rules, Games: 10}, "no strategy"},
		{sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "greedy"), Games: 10}, "twice"},
		{sim.Config{Strategies: simtest.Infos(t, "greedy"), Games: 10}, "no rules"},
		{sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Games: 10, First: -1}, "out of range"},
	} {
		if _, err := sim.Run(context.Background(), c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestGameDoesNotAllocate(t *testing.T) {
	for _, opts := range [][]string{nil, {"columns=top_down,free,sec"}} {
		rules := simtest.Load(t, "hasbro", opts...)
		for _, name := range []string{"random", "greedy", "upper-first"} {
			st, _ := strategies.New(name, rules)
			g := sim.NewGame(rules)
			s := sim.NewSummary(name, rules)
			var dice, draws rand.PCG
			i := uint64(0)
			allocs := testing.AllocsPerRun(20, func() {
				d, w := sim.GameSeeds(1, i)
				i++
				dice.Seed(d[0], d[1])
				draws.Seed(w[0], w[1])
				if gs, ok := st.(strategies.GameStarter); ok {
					gs.StartGame(&draws)
				}
				if err := g.Play(st, &dice); err != nil {
					t.Fatal(err)
				}
				s.Add(int64(i), g)
			})
			if allocs != 0 {
				t.Errorf("%s %v: %v allocations per game", name, opts, allocs)
			}
		}
	}
}
