package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	names := Presets()
	want := []string{"hasbro", "verhoeff", "yams", "yams-app", "yams-wiki"}
	if !slices.Equal(names, want) {
		t.Fatalf("presets %v", names)
	}
	hashes := map[string]string{}
	for _, n := range names {
		r := mustLoad(t, n)
		if r.Name() != n {
			t.Errorf("preset %s is named %s", n, r.Name())
		}
		if other, dup := hashes[r.Hash()]; dup {
			t.Errorf("presets %s and %s have the same hash", n, other)
		}
		hashes[r.Hash()] = n
		// A preset printed by JSON() is a rule file that compiles to the same rules.
		again, err := Parse("copy", r.JSON())
		if err != nil || again.Hash() != r.Hash() {
			t.Errorf("%s: JSON() does not round-trip: %v", n, err)
		}
	}
}

func TestHashIgnoresLabels(t *testing.T) {
	a := mustLoad(t, "hasbro")
	b := mustLoad(t, "hasbro", "name=mine", "box.chance.label=Luck")
	if a.Hash() != b.Hash() {
		t.Error("renaming changes the hash")
	}
	if c := mustLoad(t, "hasbro", "upper_bonus.threshold=60"); c.Hash() == a.Hash() {
		t.Error("a new threshold keeps the hash")
	}
}

func TestOptions(t *testing.T) {
	r := mustLoad(t, "hasbro", "upper_bonus.threshold=60", "upper_bonus.points=25", "rolls=1", "joker=free", "extra_yahtzee=0")
	if r.UpperThreshold() != 60 || r.UpperPoints() != 25 || r.Rolls() != 1 || r.Joker() != FreeJoker || r.ExtraPoints() != 0 {
		t.Errorf("options not applied: %+v", r)
	}
	r = mustLoad(t, "yams-wiki", "upper_bonus.when=reached")
	if !r.UpperWhenReached() {
		t.Error("upper_bonus.when=reached not applied")
	}
}

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

func TestOptionErrors(t *testing.T) {
	for opt, want := range map[string]string{
		"rolls=many":              "want an integer",
		"joker=sometimes":         `unknown "sometimes"`,
		"box.nope.points=3":       `no box "nope"`,
		"box.chance.colour=red":   `unknown box field "colour"`,
		"columns=free,diagonal":   `unknown column "diagonal"`,
		"colour=red":              `unknown option "colour"`,
		"noequals":                "want key=value",
		"upper_bonus.threshold=0": "0 is impossible",
		"columns=free,free,free,free,free,free,free,free,free": "at most 8",
	} {
		_, err := Load("hasbro", opt)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("option %s: error %v, want one line with %q", opt, err, want)
		}
	}
	if _, err := Load("yams-app", "dry=true"); err != nil {
		t.Errorf("dry on yams-app (it has a brelan): %v", err)
	}
	if _, err := Load("yams-wiki", "box.four_of_a_kind.count=3", "dry=true"); err != nil {
		t.Errorf("dry after count=3: %v", err)
	}
}

func TestLoadFileErrors(t *testing.T) {
	if _, err := Load("hasbr"); err == nil || !strings.Contains(err.Error(), `unknown rules "hasbr"`) {
		t.Errorf("unknown preset: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: %v", err)
	}
	p := filepath.Join(t.TempDir(), "mine.json")
	os.WriteFile(p, []byte(`{"extends": "hasbro", "name": "mine", "options": {"upper_bonus.threshold": 60}}`), 0o644)
	r, err := Load(p)
	if err != nil || r.UpperThreshold() != 60 || r.Name() != "mine" || r.NumBoxes() != 13 {
		t.Errorf("extends: %v %+v", err, r)
	}
}

func FuzzParseRules(f *testing.F) {
	for _, n := range Presets() {
		b, _ := PresetJSON(n)
		f.Add(b)
	}
	f.Add([]byte(`{"extends":"yams","name":"x","options":{"columns":["free","sec"],"dry":true}}`))
	f.Add([]byte(`{"name":"x","rolls":3,"boxes":[{"id":"a","section":"upper","kind":"face","face":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("fuzz.json", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		// Whatever compiles can be played: an empty sheet accepts any roll somewhere.
		s := NewSheet(r)
		if s.Legal(0, 1) == 0 {
			t.Errorf("compiled rules %s allow no box for a first roll", r.Name())
		}
		_ = s.Fill(BoxID(0), 0)
		_ = s.Total()
	})
}
