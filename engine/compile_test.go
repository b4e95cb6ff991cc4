package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRuleErrors checks that each wrong rule file is refused with one line that names the
// file, the field and the problem.
func TestRuleErrors(t *testing.T) {
	hasbro, _ := PresetJSON("hasbro")
	var base map[string]any
	if err := json.Unmarshal(hasbro, &base); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		json.Unmarshal(hasbro, &m)
		f(m)
		b, _ := json.Marshal(m)
		return string(b)
	}
	boxAt := func(m map[string]any, i int) map[string]any { return m["boxes"].([]any)[i].(map[string]any) }
	cases := []struct {
		name, file string
		want       []string
	}{
		{"unknown kind", edit(func(m map[string]any) { boxAt(m, 6)["kind"] = "brelan" }), []string{"boxes[6] (three_of_a_kind).kind", `unknown kind "brelan"`}},
		{"impossible face", edit(func(m map[string]any) { boxAt(m, 0)["face"] = 7.0 }), []string{"boxes[0] (ones).face", "7 is impossible"}},
		{"impossible count", edit(func(m map[string]any) { boxAt(m, 7)["count"] = 6.0 }), []string{"four_of_a_kind).count", "6 is impossible"}},
		{"duplicate id", edit(func(m map[string]any) { boxAt(m, 12)["id"] = "ones" }), []string{"boxes[12] (ones).id", "duplicate id"}},
		{"bonus names a missing box", edit(func(m map[string]any) { m["extra_yahtzee"].(map[string]any)["box"] = "yams" }), []string{"extra_yahtzee.box", `"yams"`, "does not have"}},
		{"joker names a missing box", edit(func(m map[string]any) { m["joker"].(map[string]any)["box"] = "nope" }), []string{"joker.box", `"nope"`}},
		{"bad joker", edit(func(m map[string]any) { m["joker"].(map[string]any)["mode"] = "wild" }), []string{"joker.mode", `"wild"`}},
		{"threshold too high", edit(func(m map[string]any) { m["upper_bonus"].(map[string]any)["threshold"] = 200.0 }), []string{"upper_bonus.threshold", "200 is impossible", "105"}},
		{"rolls", edit(func(m map[string]any) { m["rolls"] = 0.0 }), []string{"rolls", "0 is impossible"}},
		{"unknown field", edit(func(m map[string]any) { m["bonus"] = 1.0 }), []string{`unknown field "bonus"`}},
		{"wrong type", edit(func(m map[string]any) { m["rolls"] = "three" }), []string{"rolls", "want an integer"}},
		{"malformed", `{"name": "x", "boxes": [`, []string{"JSON"}},
		{"no name", edit(func(m map[string]any) { delete(m, "name") }), []string{"name: missing"}},
		{"section", edit(func(m map[string]any) { boxAt(m, 3)["section"] = "top" }), []string{"boxes[3] (fours).section", `"top"`}},
		{"straight faces", edit(func(m map[string]any) { boxAt(m, 9)["faces"] = []any{1.0, 2.0}; delete(boxAt(m, 9), "length") }), []string{"small_straight).faces", "five faces"}},
		{"field of another kind", edit(func(m map[string]any) { boxAt(m, 12)["count"] = 3.0 }), []string{"boxes[12] (chance).count", "not a field of a chance box"}},
		{"unknown column", edit(func(m map[string]any) { m["columns"] = []any{map[string]any{"order": "diagonal"}} }), []string{"columns[0].order", `"diagonal"`}},
		{"extends", `{"extends": "yahtzee-deluxe", "name": "x"}`, []string{"extends", `"yahtzee-deluxe" is not a preset`}},
	}
	for _, c := range cases {
		_, err := Parse("my.json", []byte(c.file))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "rules my.json") {
			t.Errorf("%s: message %q is not one line naming the file", c.name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: message %q lacks %q", c.name, msg, w)
			}
		}
	}
}
