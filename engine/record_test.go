package engine

import (
	"strings"
	"testing"
)

func replayJSON(t *testing.T, text string) (Sheet, []TurnResult, error) {
	t.Helper()
	rec, err := ParseRecord([]byte(text))
	if err != nil {
		return Sheet{}, nil, err
	}
	rules, err := Load(rec.Rules, rec.Options...)
	if err != nil {
		t.Fatal(err)
	}
	return Replay(rec, rules)
}

func TestReplayIssueExample(t *testing.T) {
	s, turns, err := replayJSON(t, `{"rules": "hasbro",
	 "turns": [
	   {"rolls": [[2,2,4,5,6], [2,2,2,5,6], [2,2,2,2,5]], "keeps": [[2,2], [2,2,2]], "box": "twos"},
	   {"dice": [6,6,6,6,6], "box": "yahtzee"}
	 ]}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 || turns[0].RollsUsed != 3 || turns[1].Points != 50 || s.Total() != 58 {
		t.Errorf("turns %+v total %d, want 8 + 50", turns, s.Total())
	}
}

func TestReplayRefusals(t *testing.T) {
	cases := []struct{ name, rec, want string }{
		{"die outside", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,7],"box":"chance"}]}`, "turn 1: dice has a die of 7, outside 1..6"},
		{"four dice", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4],"box":"chance"}]}`, "turn 1: dice has 4 dice, want 5"},
		{"too many rolls", `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]],"box":"chance"}]}`, "turn 1: 4 rolls, these rules allow 3"},
		{"sec game", `{"rules":"hasbro","options":["rolls=1"],"turns":[{"rolls":[[1,2,3,4,5],[1,2,3,4,5]],"box":"chance"}]}`, "2 rolls, these rules allow 1"},
		{"keep not in roll before", `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,5],[6,6,3,4,5]],"keeps":[[6,6]],"box":"chance"}]}`, "turn 1: keep 1 (6-6) is not part of roll 1 (1-2-3-4-5)"},
		{"keep not in roll after", `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,5],[6,6,3,4,5]],"keeps":[[1,2]],"box":"chance"}]}`, "turn 1: keep 1 (1-2) is not part of roll 2 (3-4-5-6-6)"},
		{"keeps count", `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,5],[1,2,3,4,6]],"keeps":[[1],[2]],"box":"chance"}]}`, "2 keeps for 1 rerolls"},
		{"keep all five", `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,5],[1,2,3,4,5]],"keeps":[[1,2,3,4,5]],"box":"chance"}]}`, "keep 1 holds all five dice"},
		{"unknown box", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5],"box":"brelan"}]}`, `turn 1: unknown box "brelan"`},
		{"already filled", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5],"box":"chance"},{"dice":[1,2,3,4,5],"box":"chance"}]}`, `turn 2: box "chance" is already filled`},
		{"forced joker upper", `{"rules":"hasbro","turns":[{"dice":[4,4,4,4,4],"box":"yahtzee"},{"dice":[4,4,4,4,4],"box":"large_straight"}]}`, `turn 2: forced joker: five 4s must go in the empty "fours" box, not "large_straight"`},
		{"forced joker lower", `{"rules":"hasbro","turns":[{"dice":[4,4,4,4,4],"box":"yahtzee"},{"dice":[4,4,4,4,4],"box":"fours"},{"dice":[4,4,4,4,4],"box":"ones"}]}`, `turn 3: forced joker: "fours" is filled, so five 4s go in an empty lower box while one is left, not in "ones"`},
		{"more turns than boxes", `{"rules":"yams-app","turns":[` + manyTurns() + `]}`, "turn 13: more turns than the 12 boxes"},
		{"malformed", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5],"box":"chance"}`, "truncated JSON"},
		{"both", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5],"rolls":[[1,2,3,4,5]],"box":"chance"}]}`, "give dice or rolls, not both"},
		{"no dice", `{"rules":"hasbro","turns":[{"box":"chance"}]}`, "turn 1: no dice"},
		{"unknown field", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5],"box":"chance","score":15}]}`, `unknown field "score"`},
		{"top_down", `{"rules":"hasbro","options":["order=top_down"],"turns":[{"dice":[1,2,3,4,5],"box":"chance"}]}`, `column 0 is filled top_down: the next box is "ones", not "chance"`},
		{"no column", `{"rules":"yams","options":["columns=free,sec"],"turns":[{"dice":[1,2,3,4,5],"box":"chance"}]}`, "the sheet has 2 columns: name the column"},
		{"sec after two rolls", `{"rules":"yams","options":["columns=free,sec"],"turns":[{"rolls":[[1,2,3,4,5],[1,2,3,4,6]],"box":"chance","column":"sec"}]}`, "column 1 (sec) takes only a first-roll result, this one came after 2 rolls"},
		{"sec without rolls", `{"rules":"yams","options":["columns=free,sec"],"turns":[{"dice":[1,2,3,4,5],"box":"chance","column":1}]}`, "give the turn's rolls"},
		{"bad column", `{"rules":"yams","options":["columns=free,sec"],"turns":[{"dice":[1,2,3,4,5],"box":"chance","column":5}]}`, "want a column name or an index from 0 to 1"},
		{"wrong type", `{"rules":"hasbro","turns":[{"dice":[1,2,3,4,5.5],"box":"chance"}]}`, "want an integer"},
	}
	for _, c := range cases {
		_, _, err := replayJSON(t, c.rec)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line with %q", c.name, err, c.want)
		}
	}
}

func manyTurns() string {
	boxes := []string{"ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "small_straight", "large_straight", "full_house", "four_of_a_kind", "yahtzee", "ones"}
	var parts []string
	for _, b := range boxes {
		parts = append(parts, `{"dice":[1,1,2,3,5],"box":"`+b+`"}`)
	}
	return strings.Join(parts, ",")
}

func TestReplayPartialAndColumns(t *testing.T) {
	// A partial yams-app game: the bonus comes as soon as 63 is reached.
	s, _, err := replayJSON(t, `{"rules":"yams-app","turns":[
		{"dice":[6,6,6,6,1],"box":"sixes"},{"dice":[5,5,5,5,1],"box":"fives"},
		{"dice":[4,4,4,4,1],"box":"fours"},{"dice":[3,3,3,1,2],"box":"threes"}]}`)
	if err != nil || s.Total() != 69+35 {
		t.Errorf("partial yams-app: %v, total %d, want 104", err, s.Total())
	}
	s, turns, err := replayJSON(t, `{"rules":"yams","options":["columns=free,sec"],"turns":[
		{"rolls":[[2,2,5,5,5]],"box":"full_house","column":"sec"},
		{"rolls":[[1,2,3,4,6],[2,2,5,5,6]],"keeps":[[2]],"box":"full_house","column":0}]}`)
	if err != nil || s.Total() != 25 || turns[1].RollsUsed != 2 {
		t.Errorf("columns: %v total %d", err, s.Total())
	}
}

func FuzzRecord(f *testing.F) {
	f.Add([]byte(`{"rules":"hasbro","turns":[{"rolls":[[2,2,4,5,6],[2,2,2,5,6]],"keeps":[[2,2]],"box":"twos"},{"dice":[6,6,6,6,6],"box":"yahtzee"}]}`))
	f.Add([]byte(`{"rules":"yams","options":["columns=free,sec"],"turns":[{"dice":[1,2,3,4,5],"box":"chance","column":"sec"}]}`))
	f.Add([]byte(`{"rules":"hasbro","turns":[{"dice":[4,4,4,4,4],"box":"yahtzee"},{"dice":[4,4,4,4,4],"box":"chance"}]}`))
	rulesByName := map[string]*Rules{}
	for _, n := range Presets() {
		rulesByName[n], _ = Load(n)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseRecord(data)
		if err != nil {
			return
		}
		rules := rulesByName[rec.Rules]
		if rules == nil {
			return // the fuzzer must not read files named by its input
		}
		if len(rec.Options) > 0 {
			if rules, err = Parse("fuzz", mustPreset(rec.Rules), rec.Options...); err != nil {
				return
			}
		}
		s, turns, err := Replay(rec, rules)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if len(turns) != s.Turn() || s.Turn() > rules.NumSlots() {
			t.Errorf("%d turns replayed, sheet at turn %d", len(turns), s.Turn())
		}
	})
}

func mustPreset(name string) []byte {
	b, _ := PresetJSON(name)
	return b
}
