package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const aliceRecord = `{"rules": "hasbro",
 "turns": [
   {"rolls": [[2,2,4,5,6], [2,2,2,5,6], [2,2,2,2,5]], "keeps": [[2,2], [2,2,2]], "box": "twos"},
   {"dice": [6,6,6,6,6], "box": "yahtzee"},
   {"dice": [6,6,6,6,6], "box": "sixes"}
 ]}`

func TestReplayJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.json")
	os.WriteFile(path, []byte(aliceRecord), 0o644)
	out, errOut, code := execYams(t, "", "replay", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Rules         string         `json:"rules"`
		Boxes         map[string]int `json:"boxes"`
		UpperSubtotal int            `json:"upper_subtotal"`
		UpperBonus    int            `json:"upper_bonus"`
		YahtzeeBonus  int            `json:"yahtzee_bonus"`
		Total         int            `json:"total"`
		Complete      bool           `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Rules != "hasbro" || got.Boxes["twos"] != 8 || got.Boxes["sixes"] != 30 || got.Boxes["yahtzee"] != 50 ||
		got.UpperSubtotal != 38 || got.UpperBonus != 0 || got.YahtzeeBonus != 100 || got.Total != 188 || got.Complete {
		t.Errorf("replay JSON: %+v", got)
	}
}

func TestReplayText(t *testing.T) {
	out, _, code := execYams(t, aliceRecord, "replay", "-")
	if code != 0 || !strings.Contains(out, "Total: 188") || !strings.Contains(out, "partial, 3 of 13 turns") {
		t.Errorf("replay text: exit %d\n%s", code, out)
	}
	out, _, _ = execYams(t, aliceRecord, "replay", "--lang", "fr")
	if !strings.Contains(out, "Deux") || !strings.Contains(out, "Prime") {
		t.Errorf("French labels missing:\n%s", out)
	}
}

func TestReplayRefusesIllegalRecords(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ record, want string }{
		{`{"rules":"hasbro","turns":[{"dice":[4,4,4,4,4],"box":"yahtzee"},{"dice":[4,4,4,4,4],"box":"chance"}]}`, `turn 2: forced joker: five 4s must go in the empty "fours" box`},
		{`{"rules":"hasbro","turns":[{"dice":[1,2,3,4,9],"box":"chance"}]}`, "turn 1: dice has a die of 9"},
		{`{"rules":"hasbro","turns":[`, "truncated JSON"},
		{`{"rules":"nope","turns":[]}`, `unknown rules "nope"`},
		{`{"turns":[]}`, "no rules given"},
		{`[1,2]`, "want a JSON object, got array"},
	}
	for i, c := range cases {
		t.Run(c.record, func(t *testing.T) {
			out, errOut, code := execYams(t, c.record, "replay")
			wantUsageError(t, c.record, out, errOut, code, c.want)
			// The same through a file, whose name the message gives.
			path := filepath.Join(dir, "r"+string(rune('a'+i))+".json")
			os.WriteFile(path, []byte(c.record), 0o644)
			out, errOut, code = execYams(t, "", "replay", path, "--json")
			wantUsageError(t, path, out, errOut, code, path)
		})
	}
	out, errOut, code := execYams(t, "", "replay", filepath.Join(dir, "missing.json"))
	wantUsageError(t, "missing file", out, errOut, code, "no such file")
	out, errOut, code = execYams(t, "", "replay", "--lang", "de")
	wantUsageError(t, "lang", out, errOut, code, `--lang "de"`)
}
