package engine

import (
	"slices"
	"testing"
)

func TestBoxKindsTable(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range boxKinds {
		if seen[k.name] {
			t.Errorf("kind %s listed twice", k.name)
		}
		seen[k.name] = true
		if k.build == nil || k.describe == nil {
			t.Errorf("kind %s lacks build or describe", k.name)
		}
		for _, p := range k.params {
			if !slices.ContainsFunc(boxParams, func(q boxParam) bool { return q.name == p }) {
				t.Errorf("kind %s allows %q, which boxParams does not list", k.name, p)
			}
		}
	}
	if got, want := boxKindNames(), "face, of_a_kind, two_pairs, full_house, straight or chance"; got != want {
		t.Errorf("kind names %q, want %q", got, want)
	}
}

func TestDescribe(t *testing.T) {
	cases := []struct {
		name string
		box  BoxSpec
		want string
	}{
		{"face", BoxSpec{Kind: "face", Face: 3}, "3 × the number of 3s"},
		{"of a kind, all", BoxSpec{Kind: "of_a_kind", Count: 3, Add: "all"}, "at least 3 identical dice: sum of the dice"},
		{"of a kind, points and dice", BoxSpec{Kind: "of_a_kind", Count: 4, Points: 20, Add: "all"}, "at least 4 identical dice: 20 + sum of the dice"},
		{"of a kind, dry", BoxSpec{Kind: "of_a_kind", Count: 4, Add: "matching"}, "at least 4 identical dice: the matching dice"},
		{"full house", BoxSpec{Kind: "full_house", Points: 25}, "three of one face and two of another: 25"},
		{"full house or five", BoxSpec{Kind: "full_house", Points: 30, FiveOfAKind: true}, "three of one face and two of another (or five of a kind): 30"},
		{"straight length", BoxSpec{Kind: "straight", Length: 5, Points: 40, Add: "none"}, "5 faces in sequence: 40"},
		{"straight faces", BoxSpec{Kind: "straight", Faces: []int{1, 2, 3, 4, 5}, Points: 15}, "exactly 1-2-3-4-5: 15"},
		{"two pairs", BoxSpec{Kind: "two_pairs", Add: "matching"}, "two pairs of different faces (a full house counts): the matching dice"},
		{"chance adds all by default", BoxSpec{Kind: "chance"}, "any dice: sum of the dice"},
		{"subtracted", BoxSpec{Kind: "chance", Add: "all", Subtract: true}, "any dice: sum of the dice, subtracted from the total"},
		{"unknown kind", BoxSpec{Kind: "brelan"}, "brelan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.box.Describe(); got != c.want {
				t.Errorf("Describe() = %q, want %q", got, c.want)
			}
		})
	}
}
