package main

// The command lines of the documentation (README.md and docs/*.md), read from their blocks
// of code: what each is, and the check that every yams command among them parses as
// written. readme_run_test.go runs them, in the exhaustive run.

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"yams/strategies"
	"yams/strategies/external"
)

// repoRoot is the repository's root, from the package's directory where tests run.
var repoRoot = filepath.Join("..", "..")

// docFiles returns the documentation's files: README.md, then docs/*.md in order.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	slices.Sort(docs)
	return append([]string{filepath.Join(repoRoot, "README.md")}, docs...)
}

// lineKind says what a line of a shell block of the documentation is.
type lineKind int

const (
	yamsCommand  lineKind = iota // yams COMMAND ... or go run ./cmd/yams COMMAND ...: parsed, and run
	scriptLine                   // a script of deploy/: run
	goTestLine                   // go test ...: its packages and the tests it names are checked
	synopsisLine                 // a synopsis ("[--games N]", "FILE..."): nothing to run
	notRunLine                   // a command the tests cannot run, for the reason given
)

// docCommand is a command line of a shell block of the documentation.
type docCommand struct {
	where string   // file:line
	file  string   // the documentation file
	line  string   // as written, without its prompt, continuation lines joined
	kind  lineKind // what it is
	args  []string // the words after "yams", or the script's or go's words
	// stdin is the shell command before a pipe into yams ("echo '...'"), whose output is
	// the command's standard input; "" for none.
	stdin string
	// output holds the lines printed after the command in a block of output ("$ " lines),
	// up to the next command; wantError is the error line among them ("yams: CMD: ..."),
	// which says the command is documented to fail.
	output    []string
	wantError string
	reason    string // why a notRunLine is not run
}

// shellLanguages are the languages of the blocks of code that hold commands: a block
// without one is a terminal's transcript ("$ " before each command, its output after).
var shellLanguages = map[string]bool{"sh": true, "shell": true, "bash": true, "console": true, "": true}

// transcript reports whether a block of that language marks its commands with "$ ".
func transcript(lang string) bool { return lang == "" || lang == "console" }

// clusterPrograms run containers or cluster jobs: a block that runs one is a deployment,
// which no test of this package can run.
var clusterPrograms = map[string]bool{"podman": true, "docker": true, "buildah": true, "kubectl": true, "sbatch": true, "apptainer": true}

// notRunPrograms are the other programs the documentation runs, with why the tests do
// not.
var notRunPrograms = map[string]string{
	".ci/run": "CI itself: it runs these tests, this one included",
	"curl":    "a request to a yams serve started by hand, for a game id it gave; the serve package's tests make every request of its API, and TestDocumentedCommandsRun starts each documented yams serve and asks it for its page and its configuration",
}

// notRunGo are the go commands the documentation types besides go test and go run
// ./cmd/yams, with why the tests do not run them.
var notRunGo = map[string]string{
	"install": "installs into GOPATH/bin; the run of the documented commands builds its own yams",
	"build":   "builds a binary; the run of the documented commands builds its own yams",
	"doc":     "prints the package documentation",
}

// documentedCommands returns the command lines of the shell blocks of README.md and
// docs/*.md, each classified. A block in a transcript's form (no language, or console)
// has its commands after "$ "; a sh block has one command a line, with # comments.
func documentedCommands(t *testing.T) []docCommand {
	t.Helper()
	var out []docCommand
	for _, path := range docFiles(t) {
		for _, b := range readBlocks(t, path) {
			if shellLanguages[b.lang] {
				out = append(out, blockCommands(t, path, b)...)
			}
		}
	}
	return out
}

// docBlock is a fenced block of code of a Markdown file.
type docBlock struct {
	lang  string
	start int      // the line of its first line of code
	lines []string // its lines of code
}

// readBlocks returns the fenced blocks of code of the Markdown file at path.
func readBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []docBlock
	var cur *docBlock
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if fence, ok := strings.CutPrefix(strings.TrimSpace(line), "```"); ok {
			if cur == nil {
				cur = &docBlock{lang: strings.TrimSpace(fence), start: n + 1}
			} else {
				blocks = append(blocks, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Errorf("%s:%d: a block of code that does not end", path, cur.start-1)
	}
	return blocks
}

// blockCommands returns the commands of one shell block of the file at path.
func blockCommands(t *testing.T, path string, b docBlock) []docCommand {
	t.Helper()
	type cmdLine struct {
		n    int
		text string
	}
	var lines []cmdLine
	var outputs [][]string // the output after each of lines, in a transcript
	cluster := ""
	for i := 0; i < len(b.lines); i++ {
		n, line := b.start+i, b.lines[i]
		if transcript(b.lang) {
			cmd, ok := strings.CutPrefix(line, "$ ")
			if !ok {
				if len(lines) > 0 {
					outputs[len(outputs)-1] = append(outputs[len(outputs)-1], line)
				} else if f := strings.Fields(line); isYamsLine(f) {
					t.Errorf("%s:%d: a yams command without its prompt \"$ \" in a block of output: %s", path, n, line)
				}
				continue
			}
			line = cmd
		} else if trimmed := strings.TrimSpace(line); trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		// A line ended by a backslash goes on on the next.
		for strings.HasSuffix(line, "\\") && i+1 < len(b.lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(b.lines[i])
		}
		line = strings.TrimSpace(withoutComment(line))
		for _, stage := range pipeline(line) {
			if f := strings.Fields(stage); len(f) > 0 && clusterPrograms[f[0]] {
				cluster = f[0]
			}
		}
		lines = append(lines, cmdLine{n, line})
		outputs = append(outputs, nil)
	}
	var out []docCommand
	for i, l := range lines {
		c := docCommand{where: fmt.Sprintf("%s:%d", path, l.n), file: path, line: l.text, output: outputs[i]}
		if cluster != "" {
			c.kind, c.reason = notRunLine, "a deployment: the block runs "+cluster+", which needs a container engine or a cluster (.ci/run builds and runs the image where it can)"
		} else {
			classify(t, &c)
		}
		out = append(out, c)
	}
	return out
}

// unquoted reports, for each byte of line, whether it stands outside quotes ('...' or
// "...") and is not a quote itself.
func unquoted(line string) []bool {
	out := make([]bool, len(line))
	var quote byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		default:
			out[i] = true
		}
	}
	return out
}

// withoutComment returns line without a shell comment: " #" and what follows, outside
// quotes.
func withoutComment(line string) string {
	free := unquoted(line)
	for i := range line {
		if free[i] && line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i]
		}
	}
	return line
}

// pipeline splits a line into the commands of its pipes and lists ("a | b", "a && b",
// "a; b"), outside quotes.
func pipeline(line string) []string {
	var stages []string
	free := unquoted(line)
	start := 0
	for i := 0; i < len(line); i++ {
		if c := line[i]; free[i] && (c == '|' || c == ';' || c == '&' && i+1 < len(line) && line[i+1] == '&') {
			stages = append(stages, strings.TrimSpace(line[start:i]))
			if c == '&' {
				i++
			}
			start = i + 1
		}
	}
	return append(stages, strings.TrimSpace(line[start:]))
}

// isYamsLine reports whether the words start a yams command: "yams COMMAND" or "go run
// ./cmd/yams COMMAND", COMMAND a command of yams.
func isYamsLine(f []string) bool {
	if len(f) >= 4 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/yams" {
		return commands[f[3]] != nil
	}
	return len(f) >= 2 && f[0] == "yams" && commands[f[1]] != nil
}

// classify sets what c is, from its line.
func classify(t *testing.T, c *docCommand) {
	t.Helper()
	line := c.line
	// A pipe into yams: the command before it gives yams its standard input.
	if stages := pipeline(line); len(stages) == 2 && isYamsLine(strings.Fields(stages[1])) {
		c.stdin, line = stages[0], stages[1]
	}
	// Variables of the environment set for the command alone ("NAME=VALUE go test ...")
	// leave the command as it is.
	for f := strings.Fields(line); len(f) > 1 && envAssignment.MatchString(f[0]); f = f[1:] {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
	}
	f := strings.Fields(line)
	switch {
	case len(f) == 0:
		c.kind, c.reason = notRunLine, "an empty line"
		t.Errorf("%s: an empty command", c.where)
	case strings.HasPrefix(f[0], "["): // the second line of a synopsis
		c.kind = synopsisLine
	case f[0] == "yams" || len(f) >= 3 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/yams":
		rest := strings.TrimPrefix(strings.TrimPrefix(line, "go run ./cmd/yams"), "yams")
		if strings.ContainsAny(rest, "[") || strings.Contains(rest, "...") {
			c.kind = synopsisLine
			return
		}
		words, err := external.SplitCommand(strings.TrimSpace(rest))
		switch {
		case err != nil:
			t.Errorf("%s: %v: %s", c.where, err, c.line)
		case len(words) == 0 || commands[words[0]] == nil:
			t.Errorf("%s: not a command of yams: %s", c.where, c.line)
		case isSynopsis(words):
			c.kind = synopsisLine
			return
		}
		c.kind, c.args = yamsCommand, words
		for _, l := range c.output {
			if strings.HasPrefix(l, "yams: ") {
				c.wantError = l
				break
			}
		}
	case strings.HasPrefix(f[0], "deploy/") && strings.HasSuffix(f[0], ".sh"):
		c.kind, c.args = scriptLine, f
		if f[0] != "deploy/local-shards.sh" {
			c.kind, c.reason = notRunLine, f[0]+" needs a cluster"
		}
	case f[0] == "go" && len(f) >= 2 && f[1] == "test":
		words, err := external.SplitCommand(line)
		if err != nil {
			t.Errorf("%s: %v: %s", c.where, err, c.line)
		}
		c.kind, c.args = goTestLine, words
	case f[0] == "go" && len(f) >= 2 && notRunGo[f[1]] != "":
		c.kind, c.reason = notRunLine, notRunGo[f[1]]
	case notRunPrograms[f[0]] != "":
		c.kind, c.reason = notRunLine, notRunPrograms[f[0]]
	default:
		c.kind = notRunLine
		t.Errorf("%s: a command the tests neither run nor know why not (readme_test.go lists the programs they do not run, with why): %s", c.where, c.line)
	}
}

// envAssignment matches a word that sets a variable of the environment for the command
// after it.
var envAssignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

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

// Every command line of the documentation's shell blocks is known: a yams command that
// parses as written (the command exists, every flag is one of its own with a value it
// takes, the strategies it names exist or are bots it defines, the files of the
// repository it names exist), a script of deploy/ that exists, a go test whose packages
// and tests exist, a synopsis, or a command the tests do not run, for a reason they
// give. Every file of the documentation has at least one command checked: a file whose
// commands all fall out of the check by a mistake of this reader fails. The commands are
// run by TestDocumentedCommandsRun, in the exhaustive run.
func TestDocumentedCommandsParse(t *testing.T) {
	cmds := documentedCommands(t)
	checked := map[string]int{}
	for _, c := range cmds {
		var problems []string
		switch c.kind {
		case yamsCommand:
			problems = checkCommand(t, c.args)
		case scriptLine:
			problems = checkRepoFiles(c.args)
		case goTestLine:
			problems = checkGoTest(c.args)
		case notRunLine:
			t.Logf("%s: not run: %s: %s", c.where, c.line, c.reason)
			continue
		default:
			continue
		}
		for _, p := range problems {
			t.Errorf("%s: %s\n  %s", c.where, c.line, p)
		}
		checked[c.file]++
	}
	for _, path := range docFiles(t) {
		if checked[path] == 0 {
			t.Errorf("%s: no command of its blocks of code is checked (none found, or all read as synopses or output)", path)
		}
	}
	// The checks can fail.
	for _, bad := range [][]string{
		{"sim", "--gamez", "5"}, {"sim", "--games", "many"}, {"sim", "--strategy", "greedy,nope"},
		{"replay", "--grade", "examples/games/none.json"}, {"exact", "--strategy", "rules:examples/strategies/none.rules"}, {"compare", "--bot", "b=python3 examples/bots/none.py", "--strategy", "b,greedy"},
	} {
		if len(checkCommand(t, bad)) == 0 {
			t.Errorf("yams %s: no problem found", strings.Join(bad, " "))
		}
	}
	for _, bad := range [][]string{
		{"go", "test", "./nowhere"}, {"go", "test", "./engine", "-run", "^$", "-fuzz", "FuzzNothing"}, {"go", "test", "-bench", "BenchmarkNothing", "./engine/"},
	} {
		if len(checkGoTest(bad)) == 0 {
			t.Errorf("%s: no problem found", strings.Join(bad, " "))
		}
	}
}

// The reader of the documentation's blocks tells commands from synopses, output and
// comments, and refuses what it cannot place.
func TestDocumentedCommandsReader(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.md")
	text := "```sh\n" +
		"yams sim --games 10   # a comment, with a ' quote\n" +
		"yams sim [--games N]\n" +
		"go run ./cmd/yams compare --strategy a,b \\\n    --games 5\n" +
		"echo '{}' | yams replay\n" +
		"deploy/local-shards.sh 2 out --games 10\n" +
		"go test ./engine\n" +
		"YAMS_X=$PWD/x GOFLAGS=-v go test ./engine\n" +
		"go install ./cmd/yams\n" +
		"```\n\n```\n$ yams solve\nrules hasbro: 1\n...\n$ yams replay x.json\nyams: replay: no such file\n```\n\n" +
		"```sh\npodman run --rm img sim\nmkdir -p results\n```\n"
	if err := os.WriteFile(doc, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range readBlocks(t, doc) {
		for _, c := range blockCommands(t, doc, b) {
			got = append(got, fmt.Sprintf("%d %q %q %q %q", c.kind, c.args, c.stdin, c.output, c.wantError))
		}
	}
	want := []string{
		`0 ["sim" "--games" "10"] "" [] ""`,
		`3 [] "" [] ""`,
		`0 ["compare" "--strategy" "a,b" "--games" "5"] "" [] ""`,
		`0 ["replay"] "echo '{}'" [] ""`,
		`1 ["deploy/local-shards.sh" "2" "out" "--games" "10"] "" [] ""`,
		`2 ["go" "test" "./engine"] "" [] ""`,
		`2 ["go" "test" "./engine"] "" [] ""`,
		`4 [] "" [] ""`,
		`0 ["solve"] "" ["rules hasbro: 1" "..."] ""`,
		`0 ["replay" "x.json"] "" ["yams: replay: no such file"] "yams: replay: no such file"`,
		`4 [] "" [] ""`,
		`4 [] "" [] ""`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("read\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
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
	problems := checkRepoFiles(args)
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
				n = "rules:" + filepath.Join(repoRoot, file)
			}
			if _, err := strategies.Resolve(n); err != nil && !slices.Contains(bots, n) {
				problems = append(problems, "--"+flag+" "+n+": "+err.Error())
			}
		}
	}
	return problems
}

// checkRepoFiles returns the files of the repository (examples/, deploy/) that the words
// name, as arguments or inside a bot's command, and that do not exist.
func checkRepoFiles(words []string) []string {
	var problems []string
	for _, w := range words {
		for _, f := range strings.Fields(w) {
			f = f[strings.IndexByte(f, '=')+1:]
			f = strings.TrimPrefix(f, "rules:")
			if strings.HasPrefix(f, "examples/") || strings.HasPrefix(f, "deploy/") {
				if _, err := os.Stat(filepath.Join(repoRoot, f)); err != nil {
					problems = append(problems, "names "+f+", which is not in the repository")
				}
			}
		}
	}
	return problems
}

// testName matches a pattern of go test's -run, -bench or -fuzz that names tests rather
// than matching them: an identifier, or several joined by |, or a path of subtests.
var testName = regexp.MustCompile(`^\^?((Test|Benchmark|Fuzz|Example)?[A-Za-z0-9_]+)(\|[A-Za-z0-9_]+)*\$?(/.*)?$`)

// checkGoTest returns what is wrong with a documented go test command: a package that is
// not in the repository, or a test, benchmark or fuzz target it names that no package it
// tests declares.
func checkGoTest(words []string) []string {
	var problems, pkgs, names []string
	for i := 2; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "./"):
			pkgs = append(pkgs, w)
		case w == "-run" || w == "-bench" || w == "-fuzz":
			if i+1 < len(words) {
				i++
				if m := testName.FindStringSubmatch(words[i]); m != nil && words[i] != "." {
					for _, n := range strings.Split(strings.Trim(strings.SplitN(words[i], "/", 2)[0], "^$"), "|") {
						names = append(names, w[1:]+" "+n)
					}
				}
			}
		case strings.HasPrefix(w, "-") && !strings.Contains(w, "="):
			// Flags with a value: skip it.
			if slices.Contains([]string{"-count", "-tags", "-timeout", "-cpu", "-fuzztime", "-fuzzminimizetime", "-benchtime", "-coverprofile", "-cpuprofile", "-memprofile"}, w) {
				i++
			}
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	var sources []string
	for _, p := range pkgs {
		dir, recursive := strings.CutSuffix(strings.TrimSuffix(p, "/"), "/...")
		dir = filepath.Join(repoRoot, dir)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			problems = append(problems, "package "+p+" is not in the repository")
			continue
		}
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != dir && (!recursive || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if strings.HasSuffix(path, "_test.go") {
				if b, err := os.ReadFile(path); err == nil {
					sources = append(sources, string(b))
				}
			}
			return nil
		})
	}
	for _, n := range names {
		flag, name, _ := strings.Cut(n, " ")
		// -run X names nothing on purpose (a benchmark or fuzz run): only a name that
		// looks like a test's is checked.
		prefix := map[string]string{"run": "Test", "bench": "Benchmark", "fuzz": "Fuzz"}[flag]
		if !strings.HasPrefix(name, prefix) && !strings.HasPrefix(name, "Test") && !strings.HasPrefix(name, "Benchmark") && !strings.HasPrefix(name, "Fuzz") {
			if flag == "bench" {
				name = "Benchmark" + name // -bench 'CompileTable' matches BenchmarkCompileTable...
			} else {
				continue
			}
		}
		found := false
		for _, s := range sources {
			if strings.Contains(s, "func "+name) {
				found = true
				break
			}
		}
		if !found {
			problems = append(problems, "-"+flag+" "+strings.TrimPrefix(n, flag+" ")+": no "+name+" in the tests of "+strings.Join(pkgs, " "))
		}
	}
	return problems
}
