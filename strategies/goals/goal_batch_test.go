package goals

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
	"yams/strategies/widget"
)

// The simulator plays a goal's strategy through its batch, many games together: every
// game is the one its strategy plays alone (goalStrategy, itself checked against the
// widget by TestGoalStrategyPlaysItsValues). A run's counts, the paired comparison with
// another strategy and a table run are identical, bit for bit, whichever plays, with a
// subtracted box and rules whose subtotals the solver merges (small), on one worker and
// three.
func TestGoalBatchPlaysAsOneGameAtATime(t *testing.T) {
	games := int64(800) // within one batch of goalBatchGames either way
	if exhaustive.On {
		games = 6000
	}
	for _, c := range goalCases(t) {
		t.Run(c.rules.Name()+"/"+c.goal, func(t *testing.T) {
			if c.rules.Name() == "small" {
				exacttest.NotUnderRace(t)
			}
			batch, err := strategies.Resolve(c.goal)
			if err != nil {
				t.Fatal(err)
			}
			if batch.NewBatch == nil || batch.New == nil || batch.BatchGames != goalBatchGames {
				t.Fatalf("%s: not a batch strategy with a strategy of one game beside it", c.goal)
			}
			alone := batch
			alone.NewBatch, alone.BatchGames = nil, 0
			greedy, err := strategies.Resolve("greedy")
			if err != nil {
				t.Fatal(err)
			}
			run := func(info strategies.Info, workers int) *sim.Results {
				res, err := sim.Run(context.Background(), sim.Config{Rules: c.rules, Strategies: []strategies.Info{info, greedy},
					Seed: 5, Games: games, Workers: workers, Pairs: true})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			want := run(alone, 2)
			for _, workers := range []int{1, 3} {
				got := run(batch, workers)
				if !reflect.DeepEqual(got.Summaries, want.Summaries) || !reflect.DeepEqual(got.Pairs, want.Pairs) {
					t.Errorf("%d workers: the batch's counts differ from those of the games played one at a time (upper bonus in %d games, against %d)",
						workers, got.Summaries[0].UpperBonus[0], want.Summaries[0].UpperBonus[0])
				}
			}
			table := func(info strategies.Info) *tablegame.Results {
				res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: c.rules, Players: []strategies.Info{info, greedy, info},
					Seed: 9, Games: games / 2, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				res.Elapsed = 0
				return res
			}
			if got, want := table(batch), table(alone); !reflect.DeepEqual(got, want) {
				t.Errorf("table games: the batch's counts differ from those of one game at a time")
			}
		})
	}
}

// One call of the batch with thousands of requests, at every roll of a turn and many turns
// into a game, answers as the strategy of one game at a time does: blocks of up to 64 of a
// group's pairs, blocks split where the pairs span more than a lane's offset (narrowed to
// 7 here), four rolls a turn (decisions wider than 16 bits) and one.
func TestGoalBatchDecidesAsOneGame(t *testing.T) {
	for _, c := range []struct {
		rules *engine.Rules
		goal  string
		span  int32
	}{
		{exacttest.TinyRules(t), "target:95", widget.MaxGoalWidth},
		{exacttest.SmallRules(t), "target:150", widget.MaxGoalWidth},
		{exacttest.SmallRules(t), "beat:greedy", 7},
		{exacttest.SmallRules(t, "rolls=4"), "target:150", widget.MaxGoalWidth},
		{exacttest.SmallRules(t, "rolls=1"), "target:100", 7},
	} {
		rolls := c.rules.Rolls()
		t.Run(fmt.Sprintf("%s/rolls=%d/%s/span=%d", c.rules.Name(), rolls, c.goal, c.span), func(t *testing.T) {
			info, err := strategies.Resolve(c.goal)
			if err != nil {
				t.Fatal(err)
			}
			nb, err := info.NewBatch(c.rules, 0)
			if err != nil {
				t.Fatal(err)
			}
			b := nb.(*goalBatch)
			b.span = c.span
			single, err := info.New(c.rules)
			if err != nil {
				t.Fatal(err)
			}
			greedy, err := strategies.New("greedy", c.rules)
			if err != nil {
				t.Fatal(err)
			}
			const n = 4000
			sheets := make([]engine.Sheet, n)
			reqs := make([]strategies.Request, n)
			answers := make([]strategies.Answer, n)
			dice := rand.NewPCG(7, 8)
			for i := range sheets {
				sheets[i] = engine.NewSheet(c.rules)
				next := exacttest.TurnOn(func() strategies.Strategy { return greedy }, &sheets[i], rand.NewPCG(uint64(i), 9))
				for range i % c.rules.NumBoxes() {
					next()
				}
				left := i % rolls
				reqs[i] = strategies.Request{Game: int64(i), Turn: i%c.rules.NumBoxes() + 1, Sheet: &sheets[i],
					Roll: engine.Throw(dice), RollsUsed: rolls - left, RollsLeft: left}
			}
			if err := b.Decide(reqs, answers); err != nil {
				t.Fatal(err)
			}
			groups := 0
			for k, m := range b.miss {
				if k == 0 || m.g != b.miss[k-1].g {
					groups++
				}
			}
			if len(b.miss) < 2*groups {
				t.Errorf("%d turns worked out in %d groups: the test hardly shares the widget's lanes", len(b.miss), groups)
			}
			for i, rq := range reqs {
				if rq.RollsLeft > 0 {
					if want := single.Keep(rq.Sheet, rq.Roll, rq.RollsLeft); answers[i].Keep != want {
						t.Fatalf("request %d (sheet %#x, roll %v, %d rolls left): keep %v, one game at a time %v", i, rq.Sheet.FilledMask(), rq.Roll, rq.RollsLeft, answers[i].Keep, want)
					}
				} else if want := single.Box(rq.Sheet, rq.Roll, rq.RollsUsed); answers[i].Box != want {
					t.Fatalf("request %d (sheet %#x, roll %v): box %v, one game at a time %v", i, rq.Sheet.FilledMask(), rq.Roll, answers[i].Box, want)
				}
			}
			t.Logf("%d requests, %d turns worked out in %d groups", n, len(b.miss), groups)
		})
	}
}

// A batch that has its decisions in its cache, and one that works them out, allocates
// nothing once its scratch space has grown.
func TestGoalBatchAllocatesNothing(t *testing.T) {
	r := exacttest.TinyRules(t)
	info, err := strategies.Resolve("target:95")
	if err != nil {
		t.Fatal(err)
	}
	b, err := info.NewBatch(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	gb := b.(*goalBatch)
	// The turn-start requests of 64 sheets played some turns into a game.
	st, err := strategies.New("greedy", r)
	if err != nil {
		t.Fatal(err)
	}
	sheets := make([]engine.Sheet, 64)
	reqs := make([]strategies.Request, len(sheets))
	answers := make([]strategies.Answer, len(sheets))
	for i := range sheets {
		sheets[i] = engine.NewSheet(r)
		next := exacttest.TurnOn(func() strategies.Strategy { return st }, &sheets[i], rand.NewPCG(uint64(i), 1))
		for range i % 4 {
			next()
		}
		reqs[i] = strategies.Request{Game: int64(i), Turn: i%4 + 1, Sheet: &sheets[i], Roll: engine.Roll(i * 7 % engine.NumRolls), RollsUsed: 1, RollsLeft: 2}
	}
	if err := gb.Decide(reqs, answers); err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(200, func() {
		clear(gb.cache.keys) // every turn worked out again
		if err := gb.Decide(reqs, answers); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("%v allocations per batch", a)
	}
}
