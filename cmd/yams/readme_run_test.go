package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"yams/internal/cachedir"
	"yams/internal/exhaustive"
	"yams/strategies/external"
)

// The work of a documented command is scaled down so that the whole documentation runs in
// minutes: the games to play, the sizes distill learns and the states it samples, the θ
// frontier analyses.
const (
	docGames  = 200 // games (or table games) of sim, compare and bench
	docStates = 20  // states distill samples a turn
)

// scaledCommand returns the documented command args with its work scaled down, and
// whether anything changed: a command whose work changed prints other figures than the
// documentation's.
func scaledCommand(args []string) ([]string, bool) {
	out := slices.Clone(args)
	changed := false
	// set replaces the value of --name (as "--name V" or "--name=V") by what f makes of
	// it, or appends "--name", def when the command does not give it (def "" for none).
	set := func(name, def string, f func(string) string) {
		for i, w := range out {
			if w == "--"+name && i+1 < len(out) {
				if v := f(out[i+1]); v != out[i+1] {
					out[i+1], changed = v, true
				}
				return
			}
			if v, ok := strings.CutPrefix(w, "--"+name+"="); ok {
				if nv := f(v); nv != v {
					out[i], changed = "--"+name+"="+nv, true
				}
				return
			}
		}
		if def != "" {
			out, changed = append(out, "--"+name, def), true
		}
	}
	fewer := func(v string) string {
		if n, err := parseCount(v); err == nil && n <= docGames {
			return v
		}
		return strconv.Itoa(docGames)
	}
	first := func(v string) string { return strings.Split(v, ",")[0] }
	switch args[0] {
	case "sim", "compare", "bench":
		set("games", strconv.Itoa(docGames), fewer)
	case "distill":
		set("size", "1", first)
		set("states", strconv.Itoa(docStates), func(v string) string {
			if n, err := strconv.Atoi(v); err == nil && n <= docStates {
				return v
			}
			return strconv.Itoa(docStates)
		})
	case "frontier":
		set("thetas", "0.01", first)
	case "serve":
		// A port of its own, which the server prints: a documented port may be taken.
		set("addr", "127.0.0.1:0", func(string) string { return "127.0.0.1:0" })
	}
	return out, changed
}

// printedTime matches a time a command prints, which differs from run to run.
var printedTime = regexp.MustCompile(`\b\d+(\.\d+)? ?(s|ms|µs|min)\b`)

// noOutputCheck are the commands whose output depends on the machine, not only on the
// build: their documented output is not compared.
var noOutputCheck = map[string]string{
	"cache":   "lists the cache of the machine",
	"version": "names the build",
	"bench":   "measures the machine",
}

// Every command of the documentation's blocks of code that can run here runs, as written,
// with its work scaled down (fewer games, fewer sizes or θ): the yams commands on a yams
// built once with go build, and the scripts of deploy/ the way the documentation writes
// them. Each file's commands run in order in a directory of their own, where examples/
// and deploy/ are the repository's, so that a command that reads what an earlier one
// wrote (yams report --from run/summary.json, --resume run.ckpt) finds it. A command
// exits 0, or, documented with an error line after it, exits non-zero printing that line.
// A command whose work is not scaled prints each line of output the documentation shows
// after it (all but the times). The commands that cannot run here are the subtests
// skipped, with the reason: a bot whose interpreter is not installed; the deployments,
// go install and .ci/run are listed by TestDocumentedCommandsParse.
func TestDocumentedCommandsRun(t *testing.T) {
	exhaustive.Only(t)
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	yams := filepath.Join(bin, "yams")
	if out, err := exec.Command("go", "build", "-o", yams, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The solved tables are shared by every command, in the package's cache (TestMain).
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "YAMS="+yams, cachedir.Env+"="+os.Getenv(cachedir.Env))
	byFile := map[string][]docCommand{}
	var files []string
	for _, c := range documentedCommands(t) {
		if c.kind != yamsCommand && c.kind != scriptLine {
			continue
		}
		if byFile[c.file] == nil {
			files = append(files, c.file)
		}
		byFile[c.file] = append(byFile[c.file], c)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			work := t.TempDir()
			for _, d := range []string{"examples", "deploy"} {
				if err := os.Symlink(filepath.Join(root, d), filepath.Join(work, d)); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range byFile[file] {
				name := c.where[strings.LastIndexByte(c.where, ':')+1:] + " " + c.line
				t.Run(name, func(t *testing.T) { runDocumented(t, c, work, yams, root, env) })
			}
		})
	}
}

// runDocumented runs the documented command c in the directory work and checks how it
// ends and what it prints.
func runDocumented(t *testing.T, c docCommand, work, yams, root string, env []string) {
	var cmd *exec.Cmd
	// A command may take as long as the test may (go test -timeout): the solves of the
	// goals take minutes on a loaded machine. It is killed a minute before, so that the
	// test reports which command it was.
	ctx, cancel := context.WithCancel(context.Background())
	if deadline, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), deadline.Add(-time.Minute))
	}
	defer cancel()
	changed := false
	switch c.kind {
	case yamsCommand:
		args := c.args
		if args[0] == "bot" {
			// A bot waits for yams to speak to it: it runs the way it is meant to, as the
			// bot of a run.
			args = servedBot(yams, args)
		}
		args, changed = scaledCommand(args)
		changed = changed || c.args[0] == "bot"
		if missing := missingPrograms(c.args); len(missing) > 0 {
			t.Skipf("needs %s, which is not on the PATH here", strings.Join(missing, ", "))
		}
		cmd = exec.CommandContext(ctx, yams, args...)
		if c.args[0] == "serve" {
			cmd.Dir, cmd.Env = work, env
			runServed(t, c, cmd)
			return
		}
	case scriptLine:
		// The script's own arguments (N OUTDIR), then the flags of yams sim it passes on.
		args, ch := scaledCommand(append([]string{"sim"}, c.args[3:]...))
		changed = ch
		cmd = exec.CommandContext(ctx, "bash", append([]string{filepath.Join(root, c.args[0]), c.args[1], c.args[2]}, args[1:]...)...)
	}
	cmd.Dir, cmd.Env = work, env
	if c.stdin != "" {
		in, err := exec.CommandContext(ctx, "sh", "-c", c.stdin).Output()
		if err != nil {
			t.Fatalf("%s: %v", c.stdin, err)
		}
		cmd.Stdin = bytes.NewReader(in)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s: %.1f s", strings.Join(cmd.Args, " "), time.Since(start).Seconds())
	if c.wantError != "" {
		if err == nil {
			t.Fatalf("exit 0, where %s documents the error %q", c.where, c.wantError)
		}
		if !strings.Contains(stderr.String(), c.wantError) {
			t.Errorf("%s: %v; stderr\n%s\nlacks the documented line\n%s", c.where, err, stderr.String(), c.wantError)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v\nstderr:\n%s", c.where, err, tail(stderr.String(), 20))
	}
	if changed || c.kind != yamsCommand || noOutputCheck[c.args[0]] != "" {
		return
	}
	printed := map[string]bool{}
	for _, l := range strings.Split(stdout.String()+"\n"+stderr.String(), "\n") {
		printed[strings.TrimRight(l, " ")] = true
	}
	for _, l := range c.output {
		l = strings.TrimRight(l, " ")
		if l == "" || l == "..." || printedTime.MatchString(l) {
			continue
		}
		if !printed[l] {
			t.Errorf("%s: the documented line\n  %s\nis not in what the command printed:\n%s", c.where, l, tail(stdout.String(), 40))
		}
	}
}

// servedURL matches the line where yams serve prints its address, in either language.
var servedURL = regexp.MustCompile(`^yams serve ?: \S+ (http://\S+/) `)

// runServed runs cmd, a documented yams serve, which serves until it is stopped: once it
// prints its address, it must serve its page, its configuration (the rule sets and
// opponents its flags gave) and, with --reports, the list of reports; then SIGINT must
// stop it, exit 0, within 20 s.
func runServed(t *testing.T, c docCommand, cmd *exec.Cmd) {
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill() // a no-op once it has exited
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		for in := bufio.NewScanner(stdout); in.Scan(); {
			lines <- in.Text()
		}
	}()
	var url string
	select {
	case line, ok := <-lines:
		m := servedURL.FindStringSubmatch(line)
		if !ok || m == nil {
			cmd.Wait()
			t.Fatalf("%s: printed %q, not its address; stderr:\n%s", c.where, line, tail(stderr.String(), 20))
		}
		url = m[1]
	case <-time.After(time.Minute):
		t.Fatalf("%s: no address printed after a minute; stderr:\n%s", c.where, tail(stderr.String(), 20))
	}
	paths := []string{"", "api/config"}
	if slices.ContainsFunc(c.args, func(w string) bool { return w == "--reports" || strings.HasPrefix(w, "--reports=") }) {
		paths = append(paths, "reports/")
	}
	for _, p := range paths {
		res, err := http.Get(url + p)
		if err != nil {
			t.Fatalf("%s: GET /%s: %v", c.where, p, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: GET /%s: %s %s", c.where, p, res.Status, tail(string(body), 5))
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Skipf("yams serve cannot be interrupted here (%v): it was killed", err)
	}
	ended := make(chan error, 1)
	go func() {
		var rest []string
		for l := range lines {
			rest = append(rest, l)
		}
		err := cmd.Wait()
		if err == nil && (len(rest) == 0 || !strings.Contains(rest[len(rest)-1], "SIGINT")) {
			err = fmt.Errorf("then printed %q, which does not say it was stopped by SIGINT", rest)
		}
		ended <- err
	}()
	select {
	case err := <-ended:
		if err != nil {
			t.Errorf("%s: stopped by SIGINT: %v; stderr:\n%s", c.where, err, tail(stderr.String(), 20))
		}
	case <-time.After(20 * time.Second):
		t.Errorf("%s: still serving 20 s after SIGINT", c.where)
	}
}

// servedBot returns the command of a yams sim that plays the documented yams bot
// command (args, after "yams") as its bot, on the bot's rules.
func servedBot(yams string, args []string) []string {
	quoted := []string{"'" + yams + "'"}
	var rules []string
	for i, w := range args {
		quoted = append(quoted, "'"+w+"'")
		if (w == "--rules" || w == "--rule") && i+1 < len(args) {
			rules = append(rules, w, args[i+1])
		}
	}
	return append([]string{"sim", "--bot", "doc=" + strings.Join(quoted, " "), "--strategy", "doc"}, rules...)
}

// missingPrograms returns the programs the bots of a yams command start that are not on
// the PATH (yams itself is the binary built for the test).
func missingPrograms(args []string) []string {
	var missing []string
	for i, w := range args {
		var bot string
		switch {
		case w == "--bot" && i+1 < len(args):
			bot = args[i+1]
		case strings.HasPrefix(w, "--bot="):
			bot = strings.TrimPrefix(w, "--bot=")
		default:
			continue
		}
		_, command, _ := strings.Cut(bot, "=")
		words, err := external.SplitCommand(command)
		if err != nil || len(words) == 0 || words[0] == "yams" {
			continue
		}
		if _, err := exec.LookPath(words[0]); err != nil {
			missing = append(missing, words[0])
		}
	}
	return missing
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// The scaling of a documented command keeps what the command does and cuts its work; a
// documented bot is the bot of a run.
func TestScaledCommand(t *testing.T) {
	bot := servedBot("/bin/yams", strings.Fields("bot optimal --rules yatzy"))
	if got, want := strings.Join(bot, " "), "sim --bot doc='/bin/yams' 'bot' 'optimal' '--rules' 'yatzy' --strategy doc --rules yatzy"; got != want {
		t.Errorf("served bot: %s, want %s", got, want)
	}
	for _, c := range []struct {
		in, want string
		changed  bool
	}{
		{"sim", "sim --games 200", true},
		{"sim --games 1e10 --checkpoint run.ckpt", "sim --games 200 --checkpoint run.ckpt", true},
		{"compare --players win,optimal --games=1e6", "compare --players win,optimal --games=200", true},
		{"sim --games 100", "sim --games 100", false},
		{"distill --rules yatzy --size 1,2,3,5,10,20,30,40 --out d", "distill --rules yatzy --size 1 --out d --states 20", true},
		{"distill --states 10", "distill --states 10 --size 1", true},
		{"frontier --targets 300", "frontier --targets 300 --thetas 0.01", true},
		{"frontier --thetas -0.02,0.02", "frontier --thetas -0.02", true},
		{"exact --strategy target:300 --distribution", "exact --strategy target:300 --distribution", false},
		{"serve", "serve --addr 127.0.0.1:0", true},
		{"serve --addr 127.0.0.1:9000 --lang fr", "serve --addr 127.0.0.1:0 --lang fr", true},
		{"serve --addr=0.0.0.0:80", "serve --addr=127.0.0.1:0", true},
	} {
		got, changed := scaledCommand(strings.Fields(c.in))
		if strings.Join(got, " ") != c.want || changed != c.changed {
			t.Errorf("%s: %s (changed %v), want %s (%v)", c.in, strings.Join(got, " "), changed, c.want, c.changed)
		}
	}
}
