package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
)

// The manual's list of commands (go doc ./cmd/yams) names every command.
func TestManualListsEveryCommand(t *testing.T) {
	listed := map[string]bool{}
	in := false
	for _, line := range manual(t) {
		switch {
		case line == "The commands:":
			in = true
		case in && strings.HasPrefix(line, "\t"):
			name, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			listed[name] = true
		case in && len(listed) > 0 && line != "":
			in = false
		}
	}
	for _, name := range commandNames() {
		if !listed[name] {
			t.Errorf("the manual's list of commands lacks %s", name)
		}
	}
}

// The help of the commands that play strategies lists them, each with what it does.
func TestHelpListsStrategies(t *testing.T) {
	for _, cmd := range []string{"sim", "bench", "compare"} {
		help, _, code := execYams(t, "", cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, info := range strategies.All() {
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(info.Name) + ` .* ` + regexp.QuoteMeta(info.Description) + `$`).MatchString(help) {
				t.Errorf("%s --help does not list %s with its description", cmd, info.Name)
			}
		}
		for _, f := range strategies.Families() {
			if !strings.Contains(help, "  "+f.Syntax+" ") {
				t.Errorf("%s --help does not list %s", cmd, f.Syntax)
			}
		}
	}
	if help, _, _ := execYams(t, "", "sim", "--help"); !strings.Contains(help, "greedy *") || strings.Contains(help, "bonus *") {
		t.Errorf("sim --help does not mark the strategies a run plays by default:\n%s", help)
	}
}

// What a user reads names no internal issue, and no Go syntax: the presets and their
// explanations, the help of every command.
func TestNoInternalReferences(t *testing.T) {
	texts := []string{}
	out, _, _ := execYams(t, "", "rules")
	texts = append(texts, out)
	for _, name := range engine.Presets() {
		explained, _, code := execYams(t, "", "rules", name, "--explain")
		if code != 0 {
			t.Fatalf("rules %s --explain: exit %d", name, code)
		}
		if strings.ContainsAny(explained, "[]{}") || strings.Contains(explained, "map[") {
			t.Errorf("rules %s --explain prints Go syntax:\n%s", name, explained)
		}
		texts = append(texts, explained)
	}
	for _, name := range commandNames() {
		help, _, _ := execYams(t, "", name, "--help")
		texts = append(texts, help)
	}
	issue := regexp.MustCompile(`(?i)\bissue\s*#?\d`)
	for _, text := range texts {
		if m := issue.FindString(text); m != "" {
			t.Errorf("%q in what a user reads:\n%s", m, text)
		}
	}
}

// --json was a switch of replay and advise, which printed JSON on standard output; it now
// takes a FILE or - as on every command. The former spelling still works, noted once the
// command has succeeded: --json last, before another flag, or before the game record.
func TestJSONFormerSpelling(t *testing.T) {
	game := filepath.Join("testdata", "game.json")
	modern, _, code := execYams(t, "", "replay", game, "--json", "-")
	if code != 0 || !json.Valid([]byte(modern)) {
		t.Fatalf("replay --json -: exit %d\n%s", code, modern)
	}
	note := "yams: replay: --json without a file is the former spelling: write --json - for standard output, or --json FILE\n"
	for _, args := range [][]string{
		{"replay", "--json", game},
		{"replay", game, "--json"},
		{"replay", "--json", "--lang", "fr", game},
	} {
		out, errOut, code := execYams(t, "", args...)
		if code != 0 || out != modern || !strings.HasSuffix(errOut, note) {
			t.Errorf("%v: exit %d, stderr %q, stdout the JSON of --json -: %v", args, code, errOut, out == modern)
		}
	}
	// A file that is not a record is written, as --json FILE says.
	dir := t.TempDir()
	written := filepath.Join(dir, "sheet.json")
	out, errOut, code := execYams(t, "", "replay", "--json", written, game)
	if data, _ := os.ReadFile(written); code != 0 || string(data) != modern || !strings.Contains(out, "Total: ") || errOut != "" {
		t.Errorf("--json FILE: exit %d, stderr %q, file %q", code, errOut, data)
	}
	// The former spelling of a command that fails says what is wrong, in one line.
	out, errOut, code = execYams(t, "", "advise", "--json", "--dice", "1,2,3")
	wantUsageError(t, "advise --json, bad dice", out, errOut, code, "--dice 1,2,3: 3 dice, want 5")
	out, errOut, code = execYams(t, "", "advise", "--dice", "1,2,3,4,5", "--json")
	if code != 0 || !json.Valid([]byte(out)) || !strings.HasSuffix(errOut, strings.Replace(note, "replay", "advise", 1)) {
		t.Errorf("advise --json: exit %d, stderr %q", code, errOut)
	}
}

// Dice are arrays of faces in every JSON output: the turns of a replay, the decisions of a
// grading (a keep as the faces held, a box as its id), the position and the keeps of an
// advice.
func TestJSONDiceArrays(t *testing.T) {
	game := filepath.Join("testdata", "game.json")
	out, _, code := execYams(t, "", "replay", game, "--json", "-")
	var sheet struct {
		Turns []struct {
			Dice []int `json:"dice"`
		} `json:"turns"`
	}
	if err := json.Unmarshal([]byte(out), &sheet); code != 0 || err != nil || len(sheet.Turns) == 0 {
		t.Fatalf("replay: exit %d, %v", code, err)
	}
	for i, turn := range sheet.Turns {
		if len(turn.Dice) != engine.NumDice {
			t.Errorf("turn %d: dice %v", i+1, turn.Dice)
		}
	}
	rec := `{"rules":"hasbro","turns":[{"rolls":[[1,2,3,4,6],[1,2,3,4,5]],"keeps":[[1,2,3,4]],"box":"large_straight"}]}`
	out, _, code = execYams(t, rec, "replay", "--grade", "--json", "-")
	var g struct {
		Decisions []struct {
			Decision string          `json:"decision"`
			Dice     []int           `json:"dice"`
			Choice   json.RawMessage `json:"choice"`
			Best     json.RawMessage `json:"best"`
		} `json:"decisions"`
	}
	if err := json.Unmarshal([]byte(out), &g); code != 0 || err != nil || len(g.Decisions) != 3 {
		t.Fatalf("replay --grade: exit %d, %v\n%s", code, err, out)
	}
	want := []struct{ dice, choice, best string }{
		{"[1,2,3,4,6]", "[1,2,3,4]", "[1,2,3,4]"}, {"[1,2,3,4,5]", "[1,2,3,4,5]", "[1,2,3,4,5]"}, {"[1,2,3,4,5]", `"large_straight"`, `"large_straight"`},
	}
	compact := func(raw json.RawMessage) string {
		var b bytes.Buffer
		json.Compact(&b, raw)
		return b.String()
	}
	for i, d := range g.Decisions {
		dice, _ := json.Marshal(d.Dice)
		if string(dice) != want[i].dice || compact(d.Choice) != want[i].choice || compact(d.Best) != want[i].best {
			t.Errorf("decision %d (%s): dice %s, choice %s, best %s; want %+v", i, d.Decision, dice, d.Choice, d.Best, want[i])
		}
	}
}

// --out DIR of replay, replay --grade and advise writes the JSON (that of --json), the text
// as Markdown and the rows as CSV.
func TestResultsOut(t *testing.T) {
	game := filepath.Join("testdata", "game.json")
	for _, c := range []struct {
		args  []string
		files []string
		rows  int // of the CSV, its header included
	}{
		{[]string{"replay", game}, []string{"sheet.json", "sheet.md", "turns.csv"}, 14},
		{[]string{"replay", "--grade", game}, []string{"grade.json", "grade.md", "grade.csv"}, 0},
		{[]string{"advise", "--dice", "2,2,4,5,6"}, []string{"advice.json", "advice.md", "advice.csv"}, 0},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			js, _, code := execYams(t, "", append(c.args, "--json", "-")...)
			if code != 0 {
				t.Fatalf("exit %d", code)
			}
			out, errOut, code := execYams(t, "", append(c.args, "--out", dir)...)
			if code != 0 || !strings.Contains(out, "3 files written to "+dir+": "+strings.Join(c.files, ", ")) {
				t.Fatalf("exit %d, stderr %q\n%s", code, errOut, out)
			}
			if data, _ := os.ReadFile(filepath.Join(dir, c.files[0])); string(data) != js {
				t.Errorf("%s is not the JSON of --json -", c.files[0])
			}
			if md, _ := os.ReadFile(filepath.Join(dir, c.files[1])); !strings.HasPrefix(string(md), "# ") || !strings.Contains(string(md), "\n|---|") {
				t.Errorf("%s is no Markdown table:\n%s", c.files[1], md)
			}
			data, _ := os.ReadFile(filepath.Join(dir, c.files[2]))
			rows, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
			if err != nil || len(rows) < 2 || (c.rows > 0 && len(rows) != c.rows) {
				t.Errorf("%s: %d rows, %v", c.files[2], len(rows), err)
			}
		})
	}
	out, errOut, code := execYams(t, "", "advise", "--dice", "2,2,4,5,6", "--out", filepath.Join(game, "x"))
	wantUsageError(t, "--out under a file", out, errOut, code, "--out: ")
}

// advise refuses a position no game reaches, in one line: a negative score, which was
// taken for an empty box; extra bonuses without a scored Yahtzee, or more than the boxes
// filled after it. replay --grade and advise take --max-memory, which their message of
// rules too large names.
func TestAdviseImpossiblePositions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--score", "ones=-1000"}, "--score ones=-1000: a box holds 0 points or more"},
		{[]string{"--extra", "1"}, "--extra: extra bonuses 1: each is earned by a box filled after a non-zero yahtzee box"},
		{[]string{"--score", "yahtzee=0", "--score", "ones=3", "--extra", "1"}, "at most 0 on this sheet"},
		{[]string{"--score", "yahtzee=50", "--extra", "12"}, "extra bonuses 12: each is earned by a box filled after a non-zero yahtzee box, in its column: at most 0"},
		{[]string{"--score", "yahtzee=50", "--score", "ones=5", "--extra", "2"}, "at most 1 on this sheet"},
	} {
		out, errOut, code := execYams(t, "", append([]string{"advise", "--dice", "1,2,3,4,5"}, c.args...)...)
		wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
	}
	if _, errOut, code := execYams(t, "", "advise", "--dice", "1,2,3,4,5", "--score", "yahtzee=50", "--score", "ones=5", "--extra", "1"); code != 0 {
		t.Errorf("an extra bonus after a Yahtzee, a box filled: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{
		{"advise", "--dice", "1,2,3,4,5", "--max-memory", "10"},
		{"replay", "--grade", filepath.Join("testdata", "game.json"), "--max-memory", "10"},
	} {
		out, errOut, code := execYams(t, "", args...)
		wantUsageError(t, strings.Join(args, " "), out, errOut, code, "more than the limit of 10 MiB (raise it with --max-memory MiB)")
	}
}

// Every command that computes results writes them with --json FILE|- and into --out DIR,
// and words --json the same way.
func TestOneInterface(t *testing.T) {
	jsonLine := regexp.MustCompile(`(?m)^  --json FILE\|- +write .+ as JSON to FILE\|- \(- for standard output, .+ then going to standard error`)
	for _, name := range []string{"sim", "compare", "exact", "frontier", "bench", "replay", "advise", "merge", "solve"} {
		help, _, code := execYams(t, "", name, "--help")
		if code != 0 || !jsonLine.MatchString(help) {
			t.Errorf("%s --help has no --json FILE|- worded as the others:\n%s", name, help)
		}
	}
	for _, name := range []string{"sim", "compare", "frontier", "bench", "replay", "advise", "merge", "report"} {
		if help, _, _ := execYams(t, "", name, "--help"); !regexp.MustCompile(`(?m)^  --out DIR +write into DIR, as a whole`).MatchString(help) {
			t.Errorf("%s --help has no --out DIR:\n%s", name, help)
		}
	}
}
