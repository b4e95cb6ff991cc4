package engine

import (
	"strings"
	"testing"
)

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

func TestOptionErrors(t *testing.T) {
	for opt, want := range map[string]string{
		"rolls=many":              "want an integer",
		"joker=sometimes":         `unknown "sometimes"`,
		"box.nope.points=3":       `no box "nope" in these rules: their boxes are ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, yahtzee, chance`,
		"box.chance.colour=red":   `unknown box field "colour": the fields are points, add, count`,
		"columns=free,diagonal":   `unknown column "diagonal"`,
		"colour=red":              `unknown option "colour": the keys are name, title, title_fr, rolls, joker, upper_bonus.threshold`,
		"noequals":                "want key=value",
		"upper_bonus.threshold=0": "0 is impossible",
		"columns=free,free,free,free,free,free,free,free,free": "at most 8",
	} {
		_, err := Load("hasbro", opt)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("option %s: error %v, want one line with %q", opt, err, want)
		}
	}
	// Every key and box field the messages list is one the options take.
	values := map[string]string{"rolls": "2", "joker": "free", "upper_bonus.threshold": "60", "upper_bonus.points": "20",
		"upper_bonus.when": "reached", "extra_yahtzee": "50", "dry": "true", "order": "top_down", "columns": "free,sec"}
	for _, key := range optionNames {
		v, ok := values[key]
		if !ok {
			v = "text"
		}
		if _, err := Load("hasbro", key+"="+v); err != nil {
			t.Errorf("option %s=%s, listed as a key: %v", key, v, err)
		}
	}
	fields := map[string]string{"points": "30", "add": "all", "count": "4", "length": "4", "five_of_a_kind": "true",
		"subtract": "false", "label": "Four", "label_fr": "Carré"}
	for _, f := range boxFieldNames {
		if _, err := Load("hasbro", "box.four_of_a_kind."+f+"="+fields[f]); err != nil && strings.Contains(err.Error(), "unknown box field") {
			t.Errorf("box field %s, listed: %v", f, err)
		}
	}
	if _, err := Load("yams-app", "dry=true"); err != nil {
		t.Errorf("dry on yams-app (it has a brelan): %v", err)
	}
	if _, err := Load("yams-wiki", "box.four_of_a_kind.count=3", "dry=true"); err != nil {
		t.Errorf("dry after count=3: %v", err)
	}
}

// TestOptionsBothForms checks that a rule file and a game record take their options as a
// list of "key=value" strings or as an object, with the same result.
func TestOptionsBothForms(t *testing.T) {
	const (
		list   = `["upper_bonus.threshold=60", "dry=true", "columns=free,sec"]`
		object = `{"upper_bonus.threshold": 60, "dry": true, "columns": ["free", "sec"]}`
	)
	want := mustLoad(t, "yams", "upper_bonus.threshold=60", "dry=true", "columns=free,sec")
	for _, form := range []struct{ name, options string }{{"list", list}, {"object", object}} {
		t.Run("rule file "+form.name, func(t *testing.T) {
			r, err := Parse("mine.json", []byte(`{"extends": "yams", "name": "mine", "options": `+form.options+`}`))
			if err != nil {
				t.Fatal(err)
			}
			if r.Hash() != want.Hash() || r.UpperThreshold() != 60 || len(r.Columns()) != 2 {
				t.Errorf("options %s: hash %s, threshold %d, %d columns; want %s, 60, 2", form.options, r.Hash(), r.UpperThreshold(), len(r.Columns()), want.Hash())
			}
		})
		t.Run("record "+form.name, func(t *testing.T) {
			rec, err := ParseRecord([]byte(`{"rules": "yams", "options": ` + form.options + `, "turns": []}`))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Load(rec.Rules, rec.Options...)
			if err != nil {
				t.Fatal(err)
			}
			if r.Hash() != want.Hash() {
				t.Errorf("options %s: hash %s, want %s", form.options, r.Hash(), want.Hash())
			}
		})
	}
}

// TestOptionsOrder checks the order options apply in: a list's, or an object's sorted
// keys. "dry=false" makes every brelan and carré add all five dice, undoing a dry
// three_of_a_kind set before it: 4-4-4-2-6 then scores 20, not 12.
func TestOptionsOrder(t *testing.T) {
	cases := []struct {
		name, options string
		want          int
	}{
		{"list, dry last", `["box.three_of_a_kind.add=matching", "dry=false"]`, 20},
		{"list, dry first", `["dry=false", "box.three_of_a_kind.add=matching"]`, 12},
		// "box.three_of_a_kind.add" sorts before "dry", whatever the order written.
		{"object, dry written first", `{"dry": false, "box.three_of_a_kind.add": "matching"}`, 20},
		{"object, dry written last", `{"box.three_of_a_kind.add": "matching", "dry": false}`, 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Parse("mine.json", []byte(`{"extends": "hasbro", "name": "mine", "options": `+c.options+`}`))
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Score(r.BoxIndex("three_of_a_kind"), roll(t, 4, 4, 4, 2, 6)); got != c.want {
				t.Errorf("4-4-4-2-6 in three_of_a_kind = %d, want %d", got, c.want)
			}
		})
	}
}

// TestOptionsMalformed checks that options of the wrong shape are refused with one line
// naming the option, in a rule file and in a record alike.
func TestOptionsMalformed(t *testing.T) {
	cases := []struct{ name, options, want string }{
		{"no equals sign", `["dry"]`, `options[0]: want "key=value", got "dry"`},
		{"not a string", `["dry=true", 3]`, `options[1]: want a "key=value" string, got a number`},
		{"a string", `"dry=true"`, `options: want a list of "key=value" strings or an object, got a string`},
		{"a number", `7`, `options: want a list of "key=value" strings or an object, got a number`},
		{"null value", `{"dry": null}`, `options.dry: want a string, a number, a boolean or a list of them, got null`},
		{"object value", `{"dry": {"yes": true}}`, `options.dry: want a string, a number, a boolean or a list of them, got an object`},
		{"equals sign in a key", `{"dry=true": true}`, `options.dry=true: a key holds no "="`},
		{"list of lists", `{"columns": [["free"]]}`, `options.columns: want a string, a number, a boolean or a list of them, got a list`},
	}
	for _, c := range cases {
		t.Run("rule file "+c.name, func(t *testing.T) {
			_, err := Parse("mine.json", []byte(`{"extends": "hasbro", "name": "mine", "options": `+c.options+`}`))
			wantOneLine(t, err, "rules mine.json: "+c.want)
		})
		t.Run("record "+c.name, func(t *testing.T) {
			_, err := ReadRecord(strings.NewReader(`{"rules": "hasbro", "options": `+c.options+`, "turns": []}`), "game.json")
			wantOneLine(t, err, "record game.json: "+c.want)
		})
	}
	// A well-formed option with a wrong value names the option, whatever the form.
	for _, options := range []string{`["dry=maybe"]`, `{"dry": "maybe"}`} {
		t.Run("value "+options, func(t *testing.T) {
			_, err := Parse("mine.json", []byte(`{"extends": "hasbro", "name": "mine", "options": `+options+`}`))
			wantOneLine(t, err, `rules mine.json: options.dry: want true or false, got "maybe"`)
		})
	}
}
