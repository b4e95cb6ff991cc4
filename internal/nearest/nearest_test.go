package nearest

import "testing"

// The edit distance counts a letter added, removed or changed, and two neighbours
// swapped, each as one edit.
func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"greedy", "greedy", 0}, {"gredy", "greedy", 1}, {"greedyy", "greedy", 1},
		{"grede", "greedy", 2}, {"rgeedy", "greedy", 1}, {"", "abc", 3}, {"abc", "", 3},
		{"optmial", "optimal", 1}, {"kitten", "sitting", 3}, {"θ", "0", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

// Word suggests the nearest name within the limit of the word's length, the first in
// alphabetical order among ties, and nothing for a name given right or too far off.
func TestWord(t *testing.T) {
	names := []string{"sim", "solve", "serve", "regret", "replay", "rules", "report", "exact"}
	for _, c := range []struct{ word, want string }{
		{"smi", "sim"},
		{"Smi", "sim"},
		{"regrets", "regret"},
		{"slove", "solve"},
		{"rpelay", "replay"},
		{"sim", ""},
		{"xyz", ""},
		{"ruls", "rules"},
		{"seve", "serve"},
		{"rexort", "report"},
		{"frobnicate", ""},
	} {
		if got := Word(c.word, names); got != c.want {
			t.Errorf("Word(%q) = %q, want %q", c.word, got, c.want)
		}
	}
	// A tie goes to the name first in alphabetical order, whatever the order of names.
	if got := Word("ab", []string{"ac", "aa"}); got != "aa" {
		t.Errorf("Word(ab) among ac, aa = %q, want aa", got)
	}
}

func TestLimit(t *testing.T) {
	for word, want := range map[string]int{"": 1, "smi": 1, "ruls": 1, "slove": 2, "optimall": 2, "frobnicate": 3, "θθθθθ": 2} {
		if got := Limit(word); got != want {
			t.Errorf("Limit(%q) = %d, want %d", word, got, want)
		}
	}
}
