package summaryfile_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// twoRandom returns the random strategy under two names: the cheapest pair of strategies
// to build (the others fill tables first), for tests of the file format.
func twoRandom(t testing.TB) []strategies.Info {
	a := simtest.Infos(t, "random")[0]
	b := a
	b.Name = "random-again"
	return []strategies.Info{a, b}
}

// roundTrip checks that the summary file of res reads back into the same results and is
// written again byte for byte.
func roundTrip(t *testing.T, res *sim.Results) {
	t.Helper()
	js := simtest.JSONOf(t, res)
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatalf("yams wrote a summary it cannot read: %v", err)
	}
	if !reflect.DeepEqual(simtest.Counts(res), simtest.Counts(back)) {
		t.Errorf("the summary read back differs from the one written")
	}
	if again := simtest.JSONOf(t, back); !bytes.Equal(js, again) {
		t.Errorf("written again, the summary changes")
	}
}

// issue 9, item 11: every summary yams can write, it reads back. The property is checked
// on every preset with every option that changes the sheet or what it counts, on
// sheets of several columns with adversarial names, with and without pairs, and on a
// shard and partial results.
func TestEverySummaryRoundTrips(t *testing.T) {
	options := [][]string{
		nil,
		{"order=top_down"}, {"order=bottom_up"},
		{"columns=free,sec"}, {"columns=top_down,free,bottom_up"}, {"columns=free,free,sec"},
		{"joker=forced"}, {"joker=free"}, {"joker=none"},
		{"extra_yahtzee=0"}, {"extra_yahtzee=1000"},
		{"upper_bonus.points=0"}, {"upper_bonus.when=reached"}, {"upper_bonus.threshold=0"}, {"upper_bonus.threshold=1000"},
		{"dry=true"}, {"rolls=1"}, {"rolls=5"},
		{"box.chance.subtract=true"}, {"box.chance.points=1000"},
	}
	played := 0
	for _, preset := range engine.Presets() {
		for _, opts := range options {
			rules, err := engine.Load(preset, opts...)
			if err != nil {
				continue // an option the preset does not take (a box it does not have)
			}
			t.Run(preset+" "+strings.Join(opts, " "), func(t *testing.T) {
				played++
				cfg := sim.Config{Rules: rules, RuleOptions: opts, Strategies: twoRandom(t), Seed: uint64(played), Games: 9, Pairs: played%2 == 0}
				roundTrip(t, simtest.Run(t, cfg))
			})
		}
	}
	if played < 3*len(options) {
		t.Errorf("only %d rule sets played", played)
	}
	for _, names := range [][]string{
		{"a#2", "a", "a"}, {"a", "a", "a#2", "a#2#2"}, {"x.y", "x_y", "x"}, {".", "_", "#"},
		{"chance", "chance.chance", "b"}, {"a", "a", "a", "a", "a", "a", "a", "a"},
	} {
		t.Run(strings.Join(names, ","), func(t *testing.T) {
			rules, err := simtest.ColumnRules(t, names, "chance", "b.chance", "b")
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, simtest.Run(t, sim.Config{Rules: rules, Strategies: twoRandom(t), Games: 5, Pairs: true}))
		})
	}
	t.Run("shard", func(t *testing.T) {
		cfg := sim.Config{Rules: simtest.Load(t, "yams"), Strategies: simtest.Infos(t, "greedy"), Seed: 4, Shard: sim.Shard{K: 2, N: 3, Total: 40}}
		cfg.First, cfg.Games = cfg.Shard.Range()
		roundTrip(t, simtest.Run(t, cfg))
	})
	t.Run("partial", func(t *testing.T) {
		res := simtest.Run(t, sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "greedy"), Seed: 4, First: 5, Games: 20})
		res.Planned = 50 // an interrupted run of 50 games
		roundTrip(t, res)
	})
}

// FuzzColumnNames: whatever the names of the columns and the ids of the boxes a rule
// file gives, the summary of its games reads back.
func FuzzColumnNames(f *testing.F) {
	f.Add("a#2", "a", "a", "chance")
	f.Add("x.y", "x_y", "x", "b.c")
	f.Add("", "#", ".", "free")
	f.Fuzz(func(t *testing.T, a, b, c, box string) {
		rules, err := simtest.ColumnRules(t, []string{a, b, c}, box, "chance")
		if err != nil {
			return // not a rule file engine takes
		}
		roundTrip(t, simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "random"), Games: 2, Workers: 1}))
	})
}
