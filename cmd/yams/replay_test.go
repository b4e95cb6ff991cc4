package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/reports"
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
	out, errOut, code := execYams(t, "", "replay", path, "--json", "-")
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

// On a sheet of several columns the JSON keys every box by its column's name, as advise,
// --score and the API do (issue 40 §2): "top_down.ones", not "0.ones".
func TestReplayJSONColumns(t *testing.T) {
	out, errOut, code := execYams(t, "", "replay", "testdata/columns.json", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got replayOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"top_down.ones": 3, "top_down.twos": 6, "free.four_of_a_kind": 26, "free.full_house": 25}
	if !maps.Equal(got.Boxes, want) {
		t.Errorf("boxes %v, want %v", got.Boxes, want)
	}
	// Each key is what advise's --score takes: a column of the sheet and one of its boxes,
	// with the points of that column's own list.
	rules, err := engine.Load("yams", "columns=top_down,free")
	if err != nil {
		t.Fatal(err)
	}
	names := slotNames(rules)
	for key, points := range got.Boxes {
		col, box, ok := strings.Cut(key, ".")
		if !ok || !slices.Contains(names, key) {
			t.Errorf("key %q is not a column's box of the sheet", key)
			continue
		}
		i := slices.IndexFunc(got.Columns, func(c replayColumn) bool { return c.Name == col })
		if i < 0 || got.Columns[i].Boxes[box] != points {
			t.Errorf("key %q: %d points, not its column's", key, points)
		}
	}
}

// A record's rules name that is no preset is named in one short line, whatever its
// length; a record that starts with a UTF-8 byte order mark is read as without it (issue
// 40 §2).
func TestReplayLongNameAndByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{strings.Repeat("x", 100_000), "rules/" + strings.Repeat("x", 100_000)} {
		path := filepath.Join(dir, "long.json")
		js, _ := json.Marshal(map[string]any{"rules": name, "turns": []any{}})
		os.WriteFile(path, js, 0o644)
		out, errOut, code := execYams(t, "", "replay", path)
		wantUsageError(t, shorten(name), out, errOut, code, "record "+path+": ")
		if len(errOut) > 300 {
			t.Errorf("rules %s: an error line of %d bytes", shorten(name), len(errOut))
		}
	}
	plain, _, code := execYams(t, aliceRecord, "replay", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	out, errOut, code := execYams(t, "\uFEFF"+aliceRecord, "replay", "--json", "-")
	if code != 0 || out != plain {
		t.Errorf("with a byte order mark: exit %d, %s\n%s", code, errOut, out)
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
			out, errOut, code = execYams(t, "", "replay", path, "--json", "-")
			wantUsageError(t, path, out, errOut, code, path)
		})
	}
	out, errOut, code := execYams(t, "", "replay", filepath.Join(dir, "missing.json"))
	wantUsageError(t, "missing file", out, errOut, code, "no such file")
	// engine reads the record: a directory or a device is refused without being read.
	out, errOut, code = execYams(t, "", "replay", dir)
	wantUsageError(t, "directory", out, errOut, code, "record "+dir+": a directory, not a regular file")
	if _, err := os.Stat("/dev/zero"); err == nil {
		out, errOut, code = execYams(t, "", "replay", "/dev/zero")
		wantUsageError(t, "device", out, errOut, code, "record /dev/zero: a device, not a regular file")
	}
	out, errOut, code = execYams(t, "", "replay", "--lang", "de")
	wantUsageError(t, "lang", out, errOut, code, `--lang: language "de": want en or fr`)
}

// letters splits a text into its words.
var letters = regexp.MustCompile(`\p{L}+(['’]\p{L}+)?`)

// sheetText is every string of a printed sheet in a language, the labels of the boxes of
// every preset among them.
func sheetText(t *testing.T, lang string) string {
	t.Helper()
	w := sheetLanguages[lang]
	parts := []string{w.rules, w.complete, w.partial(0, 13), w.partial(2, 13), w.upperSubtotal, w.upperBonus,
		w.middleTotal, w.lowerTotal, w.columnTotal, w.extraBonuses, w.total}
	for en, fr := range sheetLanguages["fr"].columnNames {
		parts = append(parts, map[string]string{"en": en, "fr": fr}[lang])
	}
	for _, p := range engine.Presets() {
		rules, err := engine.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		for b := range rules.Boxes() {
			parts = append(parts, reports.BoxLabel(rules, b, lang))
		}
	}
	return strings.Join(parts, " ")
}

// Under --lang fr, every word a user sees is French: the sheets of the records of
// testdata and of an empty game of every preset and of a sheet of every kind of column
// (which show every box and every column) have none of the English words that French
// does not share. In English, the same sheets show every one of those words: the test
// walks them all.
func TestReplayFrench(t *testing.T) {
	english := map[string]bool{}
	for _, w := range letters.FindAllString(sheetText(t, "en"), -1) {
		english[w] = true
	}
	for _, w := range letters.FindAllString(sheetText(t, "fr"), -1) {
		delete(english, w)
	}
	// A French string left in English would take its words out of the list above.
	never := strings.Fields("Rules complete partial turns of Upper subtotal bonus bonuses Middle Lower Column Extra " +
		"Aces Twos Threes Fours Fives Sixes kind house Small Large straight pair pairs free top down bottom up")
	records := map[string]string{"columns of every kind": `{"rules": "hasbro", "options": ["columns=top_down,bottom_up,free,sec"], "turns": []}`}
	for _, f := range []string{"game.json", "columns.json", "wiki.json"} {
		records[f] = string(readFile(t, filepath.Join("testdata", f)))
	}
	for _, p := range engine.Presets() {
		records["empty "+p] = fmt.Sprintf(`{"rules": %q, "turns": []}`, p)
	}
	records["one turn"] = `{"rules": "hasbro", "turns": [{"dice": [1,1,1,1,1], "box": "ones"}]}`
	seen := map[string]bool{}
	for name, record := range records {
		t.Run(name, func(t *testing.T) {
			fr, errOut, code := execYams(t, record, "replay", "--lang", "fr")
			if code != 0 {
				t.Fatalf("exit %d, %s", code, errOut)
			}
			for _, w := range letters.FindAllString(fr, -1) {
				if english[w] || slices.Contains(never, w) {
					t.Errorf("the French sheet says %q:\n%s", w, fr)
				}
			}
			en, _, _ := execYams(t, record, "replay")
			for _, w := range letters.FindAllString(en, -1) {
				seen[w] = true
			}
		})
	}
	for w := range english {
		if !seen[w] {
			t.Errorf("no English sheet shows %q: the records do not walk every string", w)
		}
	}
	if len(english) < 20 {
		t.Errorf("only %d English words to look for: %v", len(english), english)
	}
}

// Without a file, replay reads standard input; on a terminal it first says so, since it
// would otherwise wait in silence. Elsewhere (a pipe, a file) it says nothing.
func TestReplayFromATerminal(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		t.Run(fmt.Sprint("terminal ", terminal), func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{stdin: strings.NewReader(aliceRecord), stdout: &output{w: &out}, stderr: &errb, stdinTerminal: terminal}
			code := e.dispatch([]string{"replay"})
			want := ""
			if terminal {
				want = "yams: replay: reading a game record from standard input (Ctrl-D to end)\n"
			}
			if code != 0 || errb.String() != want || !strings.Contains(out.String(), "Total: 188") {
				t.Errorf("exit %d, stderr %q, want %q\n%s", code, errb.String(), want, out.String())
			}
		})
	}
}
