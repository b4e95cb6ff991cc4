package sim_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// identifiedBatch is a batch strategy that says which program it is, as an external bot
// does from its hello and command.
type identifiedBatch struct {
	simtest.AsBatch
	id sim.BotIdentity
}

func (b *identifiedBatch) Identity() (name, version string, command []string) {
	return b.id.Name, b.id.Version, b.id.Command
}

// botNamed returns greedy as a batch strategy named "b" that says it is id, failing from
// game index failFrom (if not negative).
func botNamed(t testing.TB, id sim.BotIdentity, failFrom int64) strategies.Info {
	greedy := simtest.Infos(t, "greedy")[0]
	return strategies.Info{Name: "b", NewBatch: func(r *engine.Rules, _ int) (strategies.Batch, error) {
		st, err := greedy.New(r)
		return &identifiedBatch{AsBatch: simtest.AsBatch{St: st, FailFrom: failFrom}, id: id}, err
	}}
}

var (
	botA      = sim.BotIdentity{Name: "keep_pairs", Version: "1.0", Command: []string{"python3", "keep_pairs.py"}}
	botANewer = sim.BotIdentity{Name: "keep_pairs", Version: "1.1", Command: []string{"python3", "keep_pairs.py"}}
	botAMoved = sim.BotIdentity{Name: "keep_pairs", Version: "1.0", Command: []string{"python3", "bots/keep_pairs.py"}}
)

// TestBotIdentityRecorded: the summary of a bot's games says which program played them,
// and the summary file keeps it, under its checksum.
func TestBotIdentityRecorded(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: append(simtest.Infos(t, "greedy"), botNamed(t, botA, -1)), Seed: 3, Games: 500, Workers: 2})
	if res.Summaries[0].Bot != nil {
		t.Errorf("greedy, built in, is recorded as bot %s", res.Summaries[0].Bot)
	}
	if b := res.Summaries[1].Bot; b == nil || !b.Equal(&botA) {
		t.Fatalf("the bot is recorded as %v, want %s", b, &botA)
	}
	js := simtest.JSONOf(t, res)
	if !bytes.Contains(js, []byte(`"command": [`)) {
		t.Fatalf("the summary file does not name the bot's command:\n%.600s", js)
	}
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(simtest.Counts(back), simtest.Counts(res)) {
		t.Error("the summary read back differs from the one written")
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"version edited", `"version": "1.0"`, `"version": "1.2"`, "checksum mismatch"},
		{"command edited", `"keep_pairs.py"`, `"other.py"`, "checksum mismatch"},
		{"bot removed", `"bot": {`, `"bot_": {`, "checksum mismatch"},
		{"no command", `"command": [
          "python3",
          "keep_pairs.py"
        ]`, `"command": []`, "bot: no command"},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := bytes.Replace(js, []byte(c.from), []byte(c.to), 1)
			if bytes.Equal(edited, js) {
				t.Fatalf("%q is not in the file", c.from)
			}
			if _, err := summaryfile.Read(bytes.NewReader(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
}

// TestResumeWithAnotherBot: the games of a checkpoint are continued only by the program
// that played them: another version or another command is refused, naming the strategy
// and both bots, before a game is played; the same program resumes to the results of a
// run without a break.
func TestResumeWithAnotherBot(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	cfg := sim.Config{Rules: rules, Seed: 5, Games: 3000, Workers: 2}
	failing := cfg
	failing.Strategies = []strategies.Info{botNamed(t, botA, 1500)}
	partial, err := sim.Run(context.Background(), failing)
	if err == nil || partial == nil || !partial.Partial() || partial.Games == 0 {
		t.Fatalf("the failing run: %v, %+v", err, partial)
	}
	if b := partial.Summaries[0].Bot; b == nil || !b.Equal(&botA) {
		t.Fatalf("the partial results record bot %v", b)
	}
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, partial)))
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []sim.BotIdentity{botANewer, botAMoved} {
		resume := cfg
		resume.Strategies, resume.Resume = []strategies.Info{botNamed(t, other, -1)}, back
		res, err := sim.Run(context.Background(), resume)
		var ob *sim.OtherBotError
		switch {
		case res != nil || !errors.As(err, &ob):
			t.Errorf("resumed with bot %s: %v, %v", &other, res, err)
		case ob.Strategy != "b" || !ob.Bot.Equal(&botA) || !ob.Other.Equal(&other) || strings.Contains(err.Error(), "\n"):
			t.Errorf("resumed with bot %s: %v", &other, err)
		case !strings.Contains(err.Error(), botA.String()) || !strings.Contains(err.Error(), other.String()):
			t.Errorf("the error does not name both bots: %v", err)
		}
	}
	same := cfg
	same.Strategies, same.Resume = []strategies.Info{botNamed(t, botA, -1)}, back
	resumed := simtest.Run(t, same)
	whole := cfg
	whole.Strategies = []strategies.Info{botNamed(t, botA, -1)}
	if got, want := simtest.JSONOf(t, resumed), simtest.JSONOf(t, simtest.Run(t, whole)); !bytes.Equal(got, want) {
		t.Error("resumed by the same bot, the run differs from the run without a break")
	}
}

// TestMergeShardsOfTwoBots: shards played by two different bots are not merged (the
// error names the strategy, both files and both bots); shards of the same bot are, and so
// are shards of which one was written before yams recorded bots.
func TestMergeShardsOfTwoBots(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	shard := func(k int, id *sim.BotIdentity) *sim.Results {
		s := sim.Shard{K: k, N: 2, Total: 1000}
		first, games := s.Range()
		info := botNamed(t, botA, -1)
		if id != nil {
			info = botNamed(t, *id, -1)
		}
		res := simtest.Run(t, sim.Config{Rules: rules, Strategies: append(simtest.Infos(t, "greedy"), info), Seed: 8, First: first, Games: games, Shard: s, Pairs: true})
		if id == nil {
			res.Summaries[1].Bot = nil // as a file of an earlier yams
		}
		back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, res)))
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	names := []string{"one.json", "two.json"}
	_, err := summaryfile.MergeShards(names, []*sim.Results{shard(1, &botA), shard(2, &botANewer)})
	var ob *sim.OtherBotError
	if !errors.As(err, &ob) || ob.Strategy != "b" || !strings.Contains(err.Error(), "one.json") || !strings.Contains(err.Error(), "two.json") ||
		!strings.Contains(err.Error(), botANewer.String()) {
		t.Errorf("shards of two bots merged: %v", err)
	}
	for _, c := range []struct {
		name string
		a, b *sim.BotIdentity
	}{{"the same bot", &botA, &botA}, {"one shard of an earlier yams", nil, &botA}, {"the other of an earlier yams", &botA, nil}} {
		t.Run(c.name, func(t *testing.T) {
			merged, err := summaryfile.MergeShards(names, []*sim.Results{shard(1, c.a), shard(2, c.b)})
			if err != nil {
				t.Fatal(err)
			}
			if b := merged.Summaries[1].Bot; b == nil || !b.Equal(&botA) {
				t.Errorf("merged: bot %v, want %s", b, &botA)
			}
		})
	}
	// Results.Merge, on which both rest, refuses them too.
	one := shard(1, &botA)
	if err := one.Merge(shard(2, &botAMoved)); !errors.As(err, &ob) {
		t.Errorf("Results.Merge of two bots: %v", err)
	}
}
