package optimal

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/strategies"
)

// The simulator plays a goal's strategy through its batch, many games together: every
// game is the one its strategy plays alone (goalStrategy, itself checked against the
// widget by TestGoalStrategyPlaysItsValues). A run's counts, the paired comparison with
// another strategy and a table run are identical, bit for bit, whichever plays, with a
// subtracted box and rules whose subtotals the solver merges (small), on one worker and
// three.
func TestGoalBatchPlaysAsOneGameAtATime(t *testing.T) {
	for _, c := range []struct {
		rules *engine.Rules
		goal  string
	}{
		{tinyRules(t), "target:95"},
		{tinyRules(t), "beat:optimal"},
		{smallRules(t), "target:150"},
		{smallRules(t), "beat:greedy"},
	} {
		t.Run(c.rules.Name()+"/"+c.goal, func(t *testing.T) {
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
					Seed: 5, Games: 6000, Workers: workers, Pairs: true})
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
			table := func(info strategies.Info) *sim.TableResults {
				res, err := sim.RunTable(context.Background(), sim.TableConfig{Rules: c.rules, Players: []strategies.Info{info, greedy, info},
					Seed: 9, Games: 3000, Workers: 2})
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

// A batch that has its decisions in its cache, and one that works them out, allocates
// nothing once its scratch space has grown.
func TestGoalBatchAllocatesNothing(t *testing.T) {
	r := tinyRules(t)
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
		next := turnOn(func() strategies.Strategy { return st }, &sheets[i], rand.NewPCG(uint64(i), 1))
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
