package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
)

// forgeable returns the results of a small run and their summary file, for the tests of
// files signed again after an edit: the checksum is plain SHA-256, which anyone can
// compute, so it protects against damage, not forgery, and the reader checks what it
// reads against the rules besides.
func forgeable(t *testing.T) (*Results, []byte) {
	t.Helper()
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	greedy, ok := strategies.Lookup("greedy")
	if !ok {
		t.Fatal("no strategy greedy")
	}
	res, err := Run(context.Background(), Config{Rules: rules, Strategies: []strategies.Info{greedy}, Seed: 5, Games: 40})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return res, b.Bytes()
}

// A file whose rules are not its rule set, signed again, is refused after its checksum.
func TestForgedRuleSetRefused(t *testing.T) {
	res, js := forgeable(t)
	spec, err := ruleSetJSON(res.RuleSet)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, old, new string
		forge          func(r *Results)
		want           string
	}{
		{"renamed", `"rules": "hasbro"`, `"rules": "yams"`, func(r *Results) { r.Rules = "yams" }, `rule_set: named "hasbro", the file's rules are "yams"`},
		{"other hash", `"rules_hash": "` + res.RulesHash, `"rules_hash": "0123456789abcdef`, func(r *Results) { r.RulesHash = "0123456789abcdef" }, "rule_set: its hash is " + res.RulesHash},
	} {
		t.Run(c.name, func(t *testing.T) {
			forged := *res
			c.forge(&forged)
			data := bytes.Replace(js, []byte(c.old), []byte(c.new), 1)
			data = bytes.Replace(data, []byte(res.checksumV2(spec)), []byte(forged.checksumV2(spec)), 1)
			if _, err := ReadSummary(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
}
