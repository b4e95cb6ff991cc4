package distill

import (
	"testing"

	"yams/engine"
	"yams/strategies/rulefile"
)

// The files learned say the rules they were learned on: a preset by its name, rules the
// command line named by that name (Options.RuleSet), other rules not at all (their name
// alone would name other rules).
func TestRuleSetOf(t *testing.T) {
	load := func(name string, options ...string) *engine.Rules {
		r, err := engine.Load(name, options...)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	named := &rulefile.RuleSetRef{Name: "hasbro", Options: []string{"joker=free"}}
	for _, c := range []struct {
		rules *engine.Rules
		opts  Options
		want  string
	}{
		{load("hasbro"), Options{}, "hasbro"},
		{load("yatzy"), Options{}, "yatzy"},
		{load("hasbro", "joker=free"), Options{}, ""},
		{load("../../examples/rules/six-boxes.json"), Options{}, ""},
		{load("hasbro", "joker=free"), Options{RuleSet: named}, "hasbro --rule joker=free"},
	} {
		got := ""
		if ref := ruleSetOf(c.rules, c.opts); ref != nil {
			got = ref.String()
			if ref == named {
				t.Error("the line of rules is the options', not a copy")
			}
		}
		if got != c.want {
			t.Errorf("rules %s (options %v): %q, want %q", c.rules.Name(), c.opts.RuleSet, got, c.want)
		}
	}
}
