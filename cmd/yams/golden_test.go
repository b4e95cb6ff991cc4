package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"yams/internal/exhaustive"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata with what the commands print")

// What changes from run to run in an output: a time taken ("2.43 s", "830.6 ms",
// "412 µs", "2,43 s") and a rate ("180,239 games/s", "180 239 parties/s").
var (
	timeTaken = regexp.MustCompile(`\b\d+([.,]\d+)? (s|ms|µs)\b`)
	gameRate  = regexp.MustCompile(`\b\d[\d,\x{202f}]* (games|parties)/s\b`)
	peak      = regexp.MustCompile(`(at its peak|à son maximum de) [\d,\x{202f}]+ (MiB|Mio)`)
	solveNote = regexp.MustCompile(`(?m)^yams: \w+: (solving the optimal strategy|résolution de la stratégie optimale) .*\n`)
)

// scrubTimings replaces the times and rates of an output by placeholders.
func scrubTimings(s string) string {
	s = peak.ReplaceAllString(s, "$1 <memory>")
	return gameRate.ReplaceAllString(timeTaken.ReplaceAllString(s, "<time>"), "<rate> $1/s")
}

// The output of the commands on fixed inputs, one worker and the timings scrubbed, is
// that of testdata/NAME.stdout, byte for byte. After a deliberate change, go test
// ./cmd/yams -run Golden -update rewrites the files; review their diff.
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name  string
		stdin string // a file of testdata, given on standard input
		args  []string
	}{
		{"rules_explain_hasbro", "", []string{"rules", "hasbro", "--explain"}},
		{"rules_explain_yams-wiki", "", []string{"rules", "yams-wiki", "--explain"}},
		{"replay_en", "game.json", []string{"replay"}},
		{"replay_fr", "game.json", []string{"replay", "--lang", "fr"}},
		{"replay_columns_en", "columns.json", []string{"replay"}},
		{"replay_columns_fr", "columns.json", []string{"replay", "--lang", "fr"}},
		{"exact_yams-app", "", []string{"exact", "--rules", "yams-app", "--distribution", "--workers", "1"}},
		{"sim", "", []string{"sim", "--games", "2000", "--seed", "3", "--strategy", "random,greedy,upper-first", "--workers", "1"}},
		{"sim_yams-wiki", "", []string{"sim", "--rules", "yams-wiki", "--games", "1000", "--strategy", "greedy,upper-first", "--workers", "1"}},
		{"sim_columns", "", []string{"sim", "--rule", "columns=top_down,free", "--games", "500", "--strategy", "greedy", "--workers", "1"}},
		{"compare", "", []string{"compare", "--strategy", "greedy,upper-first,random", "--games", "2000", "--seed", "3", "--workers", "1"}},
		{"compare_players", "", []string{"compare", "--players", "greedy,upper-first,greedy", "--games", "1000", "--workers", "1"}},
		// The same in French: words, decimal commas, digits grouped by thin spaces.
		// (The French exact analysis repeats the English one's seconds of work: the French
		// console's words and numbers are also held by TestFrenchConsole on small sheets.)
		{"exact_yams-app_fr", "", []string{"exact", "--rules", "yams-app", "--distribution", "--workers", "1", "--lang", "fr"}},
		{"sim_fr", "", []string{"sim", "--games", "2000", "--seed", "3", "--strategy", "random,greedy,upper-first", "--workers", "1", "--lang", "fr"}},
		{"compare_fr", "", []string{"compare", "--strategy", "greedy,upper-first,random", "--games", "2000", "--seed", "3", "--workers", "1", "--lang", "fr"}},
		{"compare_players_fr", "", []string{"compare", "--players", "greedy,upper-first,greedy", "--games", "1000", "--workers", "1", "--lang", "fr"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "exact_yams-app_fr" {
				exhaustive.Only(t)
			}
			var stdin []byte
			if c.stdin != "" {
				stdin = readFile(t, filepath.Join("testdata", c.stdin))
			}
			out, errOut, code := execYams(t, string(stdin), c.args...)
			// The first run on a rule set says that it solves them: the only line allowed.
			errOut = solveNote.ReplaceAllString(errOut, "")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			got := []byte(scrubTimings(out))
			golden := filepath.Join("testdata", c.name+".stdout")
			if *update {
				if err := os.WriteFile(golden, got, 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -run Golden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("yams %v differs from %s (go test -run Golden -update rewrites it):\n%s", c.args, golden, got)
			}
		})
	}
}
