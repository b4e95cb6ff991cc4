package sim_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
)

func TestColumnLabels(t *testing.T) {
	for _, c := range []struct {
		names, want []string
	}{
		{[]string{"free"}, []string{"free"}},
		// The labels of the files written so far stay what they were.
		{[]string{"free", "free", "sec"}, []string{"free#1", "free#2", "sec"}},
		{[]string{"top_down", "free", "bottom_up"}, []string{"top_down", "free", "bottom_up"}},
		// issue 9, item 11: the position may make another column's name.
		{[]string{"a#2", "a", "a"}, []string{"a#2", "a#2#2", "a#3"}},
		{[]string{"a", "a", "a#2", "a#2#2"}, []string{"a#1", "a#2#2#2", "a#2", "a#2#2"}},
		{[]string{"x.y"}, []string{"x_y"}},
		{[]string{"a.b", "a_b"}, []string{"a_b#1", "a_b#2"}},
		{[]string{".", "_", "#"}, []string{"_#1", "_#2", "#"}},
	} {
		t.Run(strings.Join(c.names, ","), func(t *testing.T) {
			rules, err := simtest.ColumnRules(t, c.names)
			if err != nil {
				t.Fatal(err)
			}
			if got := sim.ColumnLabels(rules); !slices.Equal(got, c.want) {
				t.Errorf("labels %q, want %q", got, c.want)
			}
		})
	}
}

// Whatever the names of the columns, and the ids of the boxes, the labels are unique and
// without a dot, so that the box keys of a summary file ("column.box") are unique too.
func TestColumnLabelsUniqueByConstruction(t *testing.T) {
	alphabet := []string{"a", "a#1", "a#2", "a#2#2", "a#3", "a.b", "a_b", "b", ".", "_", "#", "#1", "a.b#2", "a_b#2"}
	var names []string
	var try func(n int)
	tried := 0
	try = func(n int) {
		if n == 0 {
			rules, err := simtest.ColumnRules(t, names, "b", "b.chance", "chance")
			if err != nil {
				t.Fatalf("%q: %v", names, err)
			}
			tried++
			checkLabels(t, rules)
			return
		}
		for _, a := range alphabet {
			names = append(names, a)
			try(n - 1)
			names = names[:len(names)-1]
		}
	}
	for n := 1; n <= 3; n++ {
		try(n)
	}
	if tried != len(alphabet)+len(alphabet)*len(alphabet)+len(alphabet)*len(alphabet)*len(alphabet) {
		t.Errorf("%d sheets tried", tried)
	}
}

// checkLabels checks that the labels of the columns of rules, and the box keys they
// make, are unique.
func checkLabels(t testing.TB, rules *engine.Rules) {
	t.Helper()
	labels := sim.ColumnLabels(rules)
	keys := map[string]bool{}
	for _, l := range labels {
		if strings.Contains(l, ".") || l == "" {
			t.Fatalf("columns %v: label %q", rules.Columns(), l)
		}
		for _, b := range rules.Boxes() {
			k := l + "." + b.ID
			if keys[k] {
				t.Fatalf("columns %v: labels %q make the box key %q twice", rules.Columns(), labels, k)
			}
			keys[k] = true
		}
	}
}

// issue 9, item 11: columns named "a#2", "a", "a" made a summary file with the key
// "a#2.chance" twice, which yams could not read back.
func TestColumnNamesRoundTrip(t *testing.T) {
	rules, err := simtest.ColumnRules(t, []string{"a#2", "a", "a"})
	if err != nil {
		t.Fatal(err)
	}
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Games: 3})
	js := simtest.JSONOf(t, res)
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if again := simtest.JSONOf(t, back); !bytes.Equal(again, js) {
		t.Errorf("written again, the summary changes")
	}
}
