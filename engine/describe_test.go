package engine

import (
	"slices"
	"testing"
)

// The options found for a preset changed by options give the same rule set; a preset
// unchanged needs none, and a rule set of other boxes has none.
func TestOptionsFrom(t *testing.T) {
	for _, c := range []struct {
		preset  string
		options []string
	}{
		{"hasbro", nil},
		{"hasbro", []string{"joker=none"}},
		{"hasbro", []string{"extra_yahtzee=0", "upper_bonus.threshold=70"}},
		{"yams", []string{"columns=top_down,bottom_up"}},
		{"yams", []string{"columns=free,sec"}},
		{"yams-wiki", []string{"rolls=4", "dry=true"}},
		{"yatzy", []string{"order=bottom_up"}},
		{"yams-app", []string{"box.full_house.points=30", "upper_bonus.when=reached"}},
	} {
		r, err := Load(c.preset, c.options...)
		if err != nil {
			t.Fatal(err)
		}
		opts, ok := OptionsFrom(r.Spec())
		if !ok {
			t.Errorf("%s %v: no options found", c.preset, c.options)
			continue
		}
		again, err := Load(c.preset, opts...)
		if err != nil || again.Hash() != r.Hash() {
			t.Errorf("%s %v: options %v give another rule set (%v)", c.preset, c.options, opts, err)
		}
		if c.options == nil && len(opts) != 0 {
			t.Errorf("%s unchanged: options %v", c.preset, opts)
		}
		if len(c.options) == 1 && !slices.Equal(opts, c.options) && c.options[0] != "dry=true" {
			t.Logf("%s %v: found %v", c.preset, c.options, opts)
		}
	}
	six, err := Load("../examples/rules/six-boxes.json")
	if err != nil {
		t.Fatal(err)
	}
	if opts, ok := OptionsFrom(six.Spec()); ok {
		t.Errorf("a rule file's own rule set: options %v", opts)
	}
}
