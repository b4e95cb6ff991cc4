package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// execYams runs the CLI in-process and returns what it printed and its exit status.
func execYams(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(strings.NewReader(stdin), &out, &errb, args)
	return out.String(), errb.String(), code
}

// wantUsageError checks the contract for every user mistake: exit status 2, exactly one
// line on stderr that says what is wrong, nothing on stdout.
func wantUsageError(t *testing.T, name, stdout, stderr string, code int, want string) {
	t.Helper()
	if code != 2 {
		t.Errorf("%s: exit %d, want 2 (stderr %q)", name, code, stderr)
	}
	if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "yams: ") {
		t.Errorf("%s: stderr is not one line: %q", name, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("%s: stderr %q lacks %q", name, stderr, want)
	}
	if stdout != "" {
		t.Errorf("%s: stdout not empty: %q", name, stdout)
	}
}

func TestTopLevel(t *testing.T) {
	out, _, code := execYams(t, "", "--help")
	if code != 0 || !strings.Contains(out, "replay") || !strings.Contains(out, "rules") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	// Without a command: the usage, on stderr, and exit status 2.
	out, errOut, code := execYams(t, "")
	if code != 2 || out != "" || !strings.Contains(errOut, "Usage: yams COMMAND") || !strings.Contains(errOut, "replay") {
		t.Errorf("no command: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, errOut, code = execYams(t, "", "frobnicate")
	wantUsageError(t, "unknown command", out, errOut, code, `unknown command "frobnicate"`)
	out, _, code = execYams(t, "", "help", "replay")
	if code != 0 || !strings.Contains(out, "--json") {
		t.Errorf("help replay: exit %d, %q", code, out)
	}
}

// A command whose output cannot be written (a full disk, here /dev/full) fails with exit
// status 1 and one line that says so, instead of exiting 0 with its output lost.
func TestOutputLost(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	dir := t.TempDir()
	summary := filepath.Join(dir, "summary.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "50", "--strategy", "greedy", "--json", summary); code != 0 {
		t.Fatal(errOut)
	}
	// The tables solved first, so that the only line on stderr is the lost output's.
	frontier := filepath.Join("testdata", "frontier_small.json")
	for _, warm := range [][]string{{"frontier", "--rules", frontier, "--thetas", "0.02"}, {"solve", "--rules", frontier}, {"solve", "--rules", frontier, "--strategy", "bonus"}} {
		if _, errOut, code := execYams(t, "", warm...); code != 0 {
			t.Fatal(errOut)
		}
	}
	for _, args := range [][]string{
		{"sim", "--games", "50", "--strategy", "greedy"},
		{"sim", "--games", "50", "--strategy", "greedy", "--json", "-"},
		{"compare", "--strategy", "greedy,random", "--games", "50"},
		{"compare", "--players", "greedy,random", "--games", "50"},
		{"solve", "--rules", frontier},
		{"exact", "--rules", frontier},
		{"exact", "--rules", frontier, "--strategy", "bonus"},
		{"frontier", "--rules", frontier, "--thetas", "0.02"},
		{"replay", filepath.Join("testdata", "game.json")},
		{"rules"},
		{"rules", "hasbro"},
		{"rules", "hasbro", "--explain"},
		{"merge", summary},
		{"report", "--from", summary, "--out", filepath.Join(dir, "report")},
		{"bench", "--games", "50", "--strategy", "random"},
		{"sim", "--help"},
		{"--help"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errb bytes.Buffer
			code := run(strings.NewReader(""), full, &errb, args)
			// With --json -, the table goes to stderr, before the error.
			lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
			last := lines[len(lines)-1]
			if code != 1 || !strings.HasPrefix(last, "yams: ") || !strings.Contains(last, "write /dev/full: no space left on device") ||
				strings.Count(errb.String(), "yams: ") != 1 {
				t.Errorf("exit %d, stderr %q", code, errb.String())
			}
		})
	}
}

// Every command that plays or solves caps --workers at 256 with one line, and takes one
// per CPU by default.
func TestWorkersCap(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--games", "10"},
		{"compare", "--strategy", "greedy,random", "--games", "10"},
		{"compare", "--players", "greedy,random", "--games", "10"},
		{"solve", "--rules", "yams-app"},
		{"exact", "--rules", "yams-app"},
		{"frontier", "--rules", "yams-app", "--thetas", "0.02"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			for _, w := range []string{"0", "257", "100000000"} {
				out, errOut, code := execYams(t, "", append(args, "--workers", w)...)
				wantUsageError(t, w, out, errOut, code, "--workers "+w+": want 1 to 256")
			}
			help, _, _ := execYams(t, "", args[0], "--help")
			if !regexp.MustCompile(`(?m)^  --workers W +W goroutines, 1 to 256; .*\(default one per CPU\)$`).MatchString(help) {
				t.Errorf("%s --help does not document --workers:\n%s", args[0], help)
			}
		})
	}
}

// Every flag's argument in a synopsis is a name its usage gives (a backquoted word),
// never the type pflag would guess ("string", "int").
func TestSynopsesNameArguments(t *testing.T) {
	guess := regexp.MustCompile(`--[\w-]+ (string|int|int64|uint|uint64|strings|stringArray|duration|float)\b`)
	for _, name := range commandNames() {
		t.Run(name, func(t *testing.T) {
			help, _, code := execYams(t, "", name, "--help")
			synopsis, _, _ := strings.Cut(help, "\n")
			if code != 0 || !strings.HasPrefix(synopsis, "Usage: yams "+name) || guess.MatchString(help) {
				t.Errorf("exit %d, help:\n%s", code, help)
			}
		})
	}
}
