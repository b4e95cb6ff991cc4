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
	"yams/sim/tablegame"
	"yams/strategies"
)

// fileStrategy is greedy under the name "f", as a strategy read from a file whose content
// is content (Info.Identity, as rules:FILE gives it).
func fileStrategy(t testing.TB, content string) strategies.Info {
	greedy := simtest.Infos(t, "greedy")[0]
	return strategies.Info{Name: "f", Identity: content, New: greedy.New}
}

// fitted is greedy with a fit it computed for the rules, which it says (strategies.Dependent).
type fitted struct {
	strategies.Strategy
	fit string
}

func (f fitted) DependsOn() string { return f.fit }

// TestStrategyIdentityRecorded: the summary of a strategy whose play depends on a file
// records a hash of it, which the summary file keeps under its checksum; a built-in
// strategy records none, and its summary file reads as before.
func TestStrategyIdentityRecorded(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: append(simtest.Infos(t, "greedy"), fileStrategy(t, "version 1")), Seed: 3, Games: 400, Workers: 2})
	if id := res.Summaries[0].Identity; id != "" {
		t.Errorf("greedy, built in, is recorded with identity %s", id)
	}
	id := res.Summaries[1].Identity
	if !strings.HasPrefix(id, "sha256:") || len(id) != len("sha256:")+64 {
		t.Fatalf("identity %q", id)
	}
	other := simtest.Run(t, sim.Config{Rules: rules, Strategies: []strategies.Info{fileStrategy(t, "version 2")}, Seed: 3, Games: 10})
	if other.Summaries[0].Identity == id || other.Summaries[0].Identity == "" {
		t.Errorf("two contents, identities %s and %s", id, other.Summaries[0].Identity)
	}
	js := simtest.JSONOf(t, res)
	if !bytes.Contains(js, []byte(`"identity": "`+id+`"`)) {
		t.Fatalf("the summary file does not record the identity:\n%.400s", js)
	}
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if back.Summaries[1].Identity != id || !reflect.DeepEqual(simtest.Counts(back), simtest.Counts(res)) {
		t.Error("the summary read back differs from the one written")
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"identity edited", `"identity": "sha256:`, `"identity": "sha256:0`, "want sha256: and 64 lowercase hexadecimal digits"},
		{"identity changed", `"identity": "` + id, `"identity": "sha256:` + strings.Repeat("0", 64), "checksum mismatch"},
		{"identity removed", `"identity": "`, `"identity_": "`, "checksum mismatch"},
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
	// A built-in strategy's summary file is what it was: no identity, nothing more covered.
	plain := simtest.JSONOf(t, simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 3, Games: 10}))
	if bytes.Contains(plain, []byte(`"identity"`)) {
		t.Error("a built-in strategy's summary names an identity")
	}
	// A strategy that depends on what it computed for the rules records that too.
	greedy := simtest.Infos(t, "greedy")[0]
	fit := func(text string) strategies.Info {
		return strategies.Info{Name: "g", New: func(r *engine.Rules) (strategies.Strategy, error) {
			st, err := greedy.New(r)
			return fitted{st, text}, err
		}}
	}
	a := simtest.Run(t, sim.Config{Rules: rules, Strategies: []strategies.Info{fit("fit a")}, Seed: 3, Games: 10}).Summaries[0].Identity
	b := simtest.Run(t, sim.Config{Rules: rules, Strategies: []strategies.Info{fit("fit b")}, Seed: 3, Games: 10}).Summaries[0].Identity
	if a == "" || b == "" || a == b {
		t.Errorf("two fits, identities %q and %q", a, b)
	}
}

// TestResumeAnotherStrategy: the games of a checkpoint are continued only by the strategy
// that played them: a file changed in between is refused, naming the strategy, before a
// game is played; the same file resumes to the results of a run without a break; a
// checkpoint written before yams recorded identities resumes as before.
func TestResumeAnotherStrategy(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	cfg := sim.Config{Rules: rules, Seed: 5, Games: 3000, Workers: 2}
	first := cfg
	first.Strategies, first.Games = []strategies.Info{fileStrategy(t, "version 1")}, 1000
	partialRun := simtest.Run(t, first)
	// As a checkpoint of the run of 3,000 games, after its first 1,000.
	partialRun.Planned = 3000
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, partialRun)))
	if err != nil {
		t.Fatal(err)
	}
	if !back.Partial() {
		t.Fatal("not partial")
	}
	edited := cfg
	edited.Strategies, edited.Resume = []strategies.Info{fileStrategy(t, "version 2")}, back
	res, err := sim.Run(context.Background(), edited)
	var os *sim.OtherStrategyError
	if res != nil || !errors.As(err, &os) || os.Strategy != "f" || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "the games of two strategies do not add up") {
		t.Errorf("resumed with another file: %v, %v", res, err)
	}
	same := cfg
	same.Strategies, same.Resume = []strategies.Info{fileStrategy(t, "version 1")}, back
	whole := cfg
	whole.Strategies = []strategies.Info{fileStrategy(t, "version 1")}
	if got, want := simtest.JSONOf(t, simtest.Run(t, same)), simtest.JSONOf(t, simtest.Run(t, whole)); !bytes.Equal(got, want) {
		t.Error("resumed by the same file, the run differs from the run without a break")
	}
	// A checkpoint without identity goes with any: the guard cannot see what it does not
	// record.
	old := back
	old.Summaries[0].Identity = ""
	oldCfg := cfg
	oldCfg.Strategies, oldCfg.Resume = []strategies.Info{fileStrategy(t, "version 2")}, old
	if res := simtest.Run(t, oldCfg); res.Summaries[0].Identity == "" {
		t.Error("resumed from a checkpoint without identity, the results record none")
	}
}

// TestMergeShardsOfTwoFiles: shards played by two versions of a strategy's file are not
// merged (the error names the strategy and both files); shards of the same file are, into
// exactly the results of one run, and so are shards of which one records no identity.
func TestMergeShardsOfTwoFiles(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	shard := func(k int, content string, dropIdentity bool) *sim.Results {
		s := sim.Shard{K: k, N: 2, Total: 1000}
		firstGame, games := s.Range()
		res := simtest.Run(t, sim.Config{Rules: rules, Strategies: append(simtest.Infos(t, "greedy"), fileStrategy(t, content)), Seed: 8, First: firstGame, Games: games, Shard: s, Pairs: true})
		if dropIdentity {
			res.Summaries[1].Identity = "" // as a file of an earlier yams
		}
		back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, res)))
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	names := []string{"one.json", "two.json"}
	_, err := summaryfile.MergeShards(names, []*sim.Results{shard(1, "version 1", false), shard(2, "version 2", false)})
	var os *sim.OtherStrategyError
	if !errors.As(err, &os) || os.Strategy != "f" || !strings.Contains(err.Error(), "one.json") || !strings.Contains(err.Error(), "two.json") {
		t.Errorf("shards of two files merged: %v", err)
	}
	merged, err := summaryfile.MergeShards(names, []*sim.Results{shard(1, "version 1", false), shard(2, "version 1", false)})
	if err != nil {
		t.Fatal(err)
	}
	whole := simtest.Run(t, sim.Config{Rules: rules, Strategies: append(simtest.Infos(t, "greedy"), fileStrategy(t, "version 1")), Seed: 8, Games: 1000, Pairs: true})
	if got, want := simtest.JSONOf(t, merged), simtest.JSONOf(t, whole); !bytes.Equal(got, want) {
		t.Error("the shards of one file merged differ from the run of all the games")
	}
	for _, c := range []struct {
		name   string
		a, b   bool
		wantID bool
	}{{"one shard of an earlier yams", true, false, true}, {"the other of an earlier yams", false, true, true}} {
		t.Run(c.name, func(t *testing.T) {
			merged, err := summaryfile.MergeShards(names, []*sim.Results{shard(1, "version 1", c.a), shard(2, "version 1", c.b)})
			if err != nil {
				t.Fatal(err)
			}
			if id := merged.Summaries[1].Identity; (id != "") != c.wantID {
				t.Errorf("merged: identity %q", id)
			}
		})
	}
	// Results.Merge, on which both rest, refuses them too.
	one := shard(1, "version 1", false)
	if err := one.Merge(shard(2, "version 2", false)); !errors.As(err, &os) {
		t.Errorf("Results.Merge of two files: %v", err)
	}
}

// TestTableRecordsIdentities: at a table, a player read from a file is recorded with its
// identity, in the results and their JSON; a built-in player with none.
func TestTableRecordsIdentities(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: rules, Players: append(simtest.Infos(t, "greedy"), fileStrategy(t, "version 1")), Seed: 2, Games: 50, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := simtest.Run(t, sim.Config{Rules: rules, Strategies: []strategies.Info{fileStrategy(t, "version 1")}, Seed: 2, Games: 1}).Summaries[0].Identity
	if len(res.Identities) != 2 || res.Identities[0] != "" || res.Identities[1] != want {
		t.Errorf("identities %q, want none and %s", res.Identities, want)
	}
	var b bytes.Buffer
	if err := summaryfile.WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	if bytes.Count(b.Bytes(), []byte(`"identity": "`+want+`"`)) != 1 || !bytes.Contains(b.Bytes(), []byte(`"rule_options": []`)) {
		t.Errorf("table JSON:\n%.800s", b.String())
	}
}
