package tableplay

import (
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies"
	_ "yams/strategies/goals" // target:T and beat:S, whose names the keys of their files keep
	"yams/strategies/solver"
)

// identities is the play of the test family "played-from", by parameter: a file's content.
var identities = map[string]string{"a/b.rules": "keep yahtzee", "c.rules": "keep yahtzee"}

func init() {
	strategies.RegisterFamily(strategies.Family{
		Prefix: "played-from", Syntax: "played-from:FILE", Description: "a test strategy whose play lies in a file",
		Info: func(param string) (strategies.Info, error) {
			return strategies.Info{Name: "played-from:" + param, Identity: identities[param],
				New: func(*engine.Rules) (strategies.Strategy, error) { return nil, nil }}, nil
		},
	})
}

// A strategy's key in a cache file's name: a built-in's name as it is; a strategy whose
// play lies in a file hashed with its content, so that no path reaches the file name and
// a changed file is another table.
func TestStrategyFileKey(t *testing.T) {
	for name, want := range map[string]string{"optimal": "optimal", "greedy": "greedy", "risk:0.1": "risk=0.1", "target:300": "target=300"} {
		if got := solver.StrategyFileKey(name); got != want {
			t.Errorf("%s: key %q, want %q", name, got, want)
		}
	}
	a := solver.StrategyFileKey("played-from:a/b.rules")
	if strings.ContainsAny(a, "/\\:") || len(a) != 17 {
		t.Errorf("key %q of a strategy played from a file", a)
	}
	if c := solver.StrategyFileKey("played-from:c.rules"); c == a {
		t.Error("two files of the same content but other names share a key")
	}
	identities["a/b.rules"] = "keep large straight"
	if b := solver.StrategyFileKey("played-from:a/b.rules"); b == a {
		t.Error("a file whose rules changed keeps its key")
	}
	r := exacttest.SmallRules(t)
	for _, o := range []solver.Objective{{Kind: solver.Beat, Opponent: "played-from:a/b.rules"}, {Kind: solver.Beat, Opponent: "greedy"}} {
		p, err := solver.CachePath(r, o)
		if err != nil {
			t.Fatal(err)
		}
		if base := p[strings.LastIndex(p, "/")+1:]; strings.ContainsAny(base, "/:") || !strings.Contains(base, "-beat=") {
			t.Errorf("%s: cache file %q", o, p)
		}
	}
	if p, _ := remainingPath(r, "played-from:a/b.rules"); strings.Contains(p, "a/b") {
		t.Errorf("a remaining table's file %q holds the strategy's path", p)
	}
}
