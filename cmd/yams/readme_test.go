package main

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"yams/strategies"
	"yams/strategies/external"
)

// documentedCommand is a command line of a block of code of the documentation.
type documentedCommand struct {
	where string   // file:line
	line  string   // as written
	args  []string // the words after "yams"
}

// documentedCommands returns the yams command lines of the blocks of code of README.md
// and docs/*.md: the lines "yams COMMAND ..." or "go run ./cmd/yams COMMAND ...", after a
// prompt "$ " or a pipe, without their comments, split into words as a shell would. Synopses ("[--games N]", "FILE...") are
// left out; so are the lines of output ("yams: sim: ...").
func documentedCommands(t *testing.T) []documentedCommand {
	t.Helper()
	docs, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	var out []documentedCommand
	for _, path := range append([]string{filepath.Join("..", "..", "README.md")}, docs...) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		inCode, shell, n := false, false, 0
		for sc.Scan() {
			n++
			line := sc.Text()
			if fence, ok := strings.CutPrefix(strings.TrimSpace(line), "```"); ok {
				inCode = !inCode
				shell = inCode && (fence == "" || fence == "sh" || fence == "console" || fence == "shell")
				continue
			}
			if !shell {
				continue
			}
			line = strings.TrimPrefix(line, "$ ")
			if _, after, ok := strings.Cut(line, " | "); ok {
				line = after
			}
			rest, ok := strings.CutPrefix(line, "go run ./cmd/yams ")
			if !ok {
				if rest, ok = strings.CutPrefix(line, "yams "); !ok {
					continue
				}
			}
			if i := strings.Index(rest, " #"); i >= 0 { // a comment (no line quotes a " #")
				rest = rest[:i]
			}
			// Output lines ("yams bench: rules hasbro; ...") and synopses ("[--rules
			// NAME|FILE]") are not commands: the splitter would refuse their shell
			// syntax.
			if f := strings.Fields(rest); len(f) == 0 || commands[f[0]] == nil || strings.Contains(rest, "[") {
				continue
			}
			words, err := external.SplitCommand(rest)
			if err != nil {
				t.Errorf("%s:%d: %v: %s", path, n, err, line)
				continue
			}
			if len(words) == 0 || commands[words[0]] == nil || isSynopsis(words) {
				continue
			}
			out = append(out, documentedCommand{where: path + ":" + strconv.Itoa(n), line: line, args: words})
		}
		f.Close()
	}
	return out
}

// isSynopsis reports whether the words are a synopsis rather than a command: a word in
// brackets, a placeholder followed by "...", or alternatives "A|B".
func isSynopsis(words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(w, "[") || strings.HasSuffix(w, "]") || strings.HasSuffix(w, "...") || strings.Contains(w, "|") && !strings.Contains(w, " ") {
			return true
		}
	}
	return false
}

// errParsed stops a documented command once its flags are parsed.
var errParsed = errors.New("the flags are parsed")

// Every command line of the documentation's blocks of code parses as written: the command
// exists, every flag is one of its own with a value it takes, the strategies it names
// exist (or are bots it defines), and the files of the repository it names (examples/,
// deploy/) exist. The commands themselves are not run here: some play for minutes. They
// are run by hand, their outputs pasted beside them.
func TestDocumentedCommandsParse(t *testing.T) {
	cmds := documentedCommands(t)
	if len(cmds) < 20 {
		t.Fatalf("only %d commands found in the documentation", len(cmds))
	}
	for _, c := range cmds {
		for _, p := range checkCommand(t, c.args) {
			t.Errorf("%s: %s\n  %s", c.where, c.line, p)
		}
	}
	// The check can fail.
	for _, bad := range [][]string{
		{"sim", "--gamez", "5"}, {"sim", "--games", "many"}, {"sim", "--strategy", "greedy,nope"},
		{"replay", "--grade", "examples/games/none.json"}, {"exact", "--strategy", "rules:examples/strategies/none.rules"}, {"compare", "--bot", "b=python3 examples/bots/none.py", "--strategy", "b,greedy"},
	} {
		if len(checkCommand(t, bad)) == 0 {
			t.Errorf("yams %s: no problem found", strings.Join(bad, " "))
		}
	}
}

// checkCommand returns what is wrong with the command line yams args, without running it.
func checkCommand(t *testing.T, args []string) []string {
	t.Helper()
	var parsed *pflag.FlagSet
	afterParse = func(fs *pflag.FlagSet) error { parsed = fs; return errParsed }
	defer func() { afterParse = nil }()
	_, errOut, code := execYams(t, "", args...)
	if parsed == nil {
		return []string{"does not parse: exit " + strconv.Itoa(code) + ", " + strings.TrimSpace(errOut)}
	}
	var problems []string
	// The files of the repository it names, as arguments or inside a bot's command.
	for _, w := range args {
		for _, f := range strings.Fields(w) {
			f = f[strings.IndexByte(f, '=')+1:]
			if strings.HasPrefix(f, "examples/") || strings.HasPrefix(f, "deploy/") {
				if _, err := os.Stat(filepath.Join("..", "..", f)); err != nil {
					problems = append(problems, "names "+f+", which is not in the repository")
				}
			}
		}
	}
	var bots []string
	if parsed.Lookup("bot") != nil {
		list, _ := parsed.GetStringArray("bot")
		for _, b := range list {
			name, _, _ := strings.Cut(b, "=")
			bots = append(bots, name)
		}
	}
	for _, flag := range []string{"strategy", "players"} {
		f := parsed.Lookup(flag)
		if f == nil || !f.Changed {
			continue
		}
		for _, n := range strings.Split(strings.Trim(f.Value.String(), "[]"), ",") {
			// A rule file is named from the repository's root, where the commands run.
			if file, ok := strings.CutPrefix(n, "rules:"); ok && !filepath.IsAbs(file) {
				n = "rules:" + filepath.Join("..", "..", file)
			}
			if _, err := strategies.Resolve(n); err != nil && !slices.Contains(bots, n) {
				problems = append(problems, "--"+flag+" "+n+": "+err.Error())
			}
		}
	}
	return problems
}
