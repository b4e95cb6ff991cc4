package main

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies"
)

// The tests that send signals or run deploy/local-shards.sh run yams as a process of
// its own: the test binary itself, which is yams when YAMS_TEST_MAIN is set. The test
// files of a package are initialised after its other files, so the commands are
// registered by then.
const envTestMain = "YAMS_TEST_MAIN"

// envStall names the file that the strategy test-stall creates when it stalls: after
// stallAfter games it waits, in the middle of its chunk, for a stop signal (then
// plays on slowly), so that a test can interrupt a run at a known point, whatever the
// speed of the machine.
const (
	envStall   = "YAMS_TEST_STALL"
	stallAfter = 300
)

// envPause names a point of a command (signals.go, pause) and a file, POINT=FILE: the
// command creates the file when it gets there, and holds there until a signal ends it.
const envPause = "YAMS_TEST_PAUSE"

func init() {
	// test-stall plays as greedy; it stalls only where envStall is set.
	greedy, _ := strategies.Lookup("greedy")
	var (
		started atomic.Int64
		once    sync.Once
		resumed = make(chan struct{})
	)
	strategies.Register(strategies.Info{
		Name:        "test-stall",
		Description: "greedy, which stalls after some games until a signal comes (tests only)",
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			st, err := greedy.New(r)
			return stall{st, &started, &once, resumed}, err
		},
	})
	if os.Getenv(envTestMain) == "1" {
		if commands["sim"] == nil {
			panic("yams test binary: the commands are not registered yet")
		}
		if os.Getenv(envStall) != "" {
			// The stall ends with the first SIGINT, SIGTERM or SIGHUP, even one that comes before
			// it: a shard of deploy/local-shards.sh may be signalled before its 300th game
			// (another shard stalled first), and then play on into the stall within the
			// chunk it finishes; waiting there for a second signal, it would never end.
			ch := make(chan os.Signal, 1)
			signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
			go func() {
				<-ch
				close(resumed)
			}()
		}
		if at := os.Getenv(envPause); at != "" {
			// The command holds at the point named until a signal ends it.
			point, marker, _ := strings.Cut(at, "=")
			pause = func(p, _ string) {
				if p == point {
					if err := os.WriteFile(marker, nil, 0o666); err != nil {
						panic(err)
					}
					select {}
				}
			}
		}
		os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
	}
}

type stall struct {
	strategies.Strategy
	started *atomic.Int64
	once    *sync.Once
	resumed chan struct{}
}

func (s stall) StartGame(*rand.PCG) {
	marker := os.Getenv(envStall)
	if marker == "" || s.started.Add(1) <= stallAfter {
		return
	}
	s.once.Do(func() {
		if err := os.WriteFile(marker, nil, 0o666); err != nil {
			panic(err)
		}
	})
	<-s.resumed
	// After the signal the games go slowly, leaving the processors free: the command's
	// own goroutine, woken by the same signal, cancels the run before the workers can
	// play all the games left (a few milliseconds at full speed).
	time.Sleep(200 * time.Microsecond)
}

// process is yams running in a process of its own.
type process struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	ended          chan error // the result of cmd.Wait
}

// yamsProcess starts the test binary as yams with args, stalling after stallAfter
// games, and returns it once it has stalled.
func yamsProcess(t *testing.T, args ...string) *process {
	t.Helper()
	return stalledProcess(t, os.Args[0], args...)
}

// stalledProcess starts name with args, the test binary as yams in its environment
// (YAMS), and returns it once a yams process has stalled.
func stalledProcess(t *testing.T, name string, args ...string) *process {
	t.Helper()
	marker := filepath.Join(t.TempDir(), "stalled")
	p := &process{cmd: exec.Command(name, args...), ended: make(chan error, 1)}
	p.cmd.Env = append(os.Environ(), "YAMS="+os.Args[0], envTestMain+"=1", envStall+"="+marker)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.ended <- p.cmd.Wait() }()
	for {
		if _, err := os.Stat(marker); err == nil {
			return p
		}
		select {
		case err := <-p.ended:
			t.Fatalf("yams %s ended before it stalled: %v\n%s", strings.Join(args, " "), err, p.stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// signal sends sig to the process and returns its exit status once it has ended.
func (p *process) signal(t *testing.T, sig os.Signal) int {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := <-p.ended
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	t.Fatal(err)
	return -1
}

// SIGINT during yams sim: the games in flight finish, the summary so far goes to --json
// and to the checkpoint, marked partial, the exit status is 130 with one line that says
// how to resume; resumed, the run ends with exactly the summary of a run without a break.
func TestSignalThenResume(t *testing.T) {
	dir := t.TempDir()
	ck, js, whole := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "run.json"), filepath.Join(dir, "whole.json")
	args := []string{"sim", "--games", "5000", "--seed", "5", "--strategy", "test-stall,random", "--workers", "2", "--checkpoint", ck, "--json", js}
	p := yamsProcess(t, args...)
	code := p.signal(t, os.Interrupt)
	stdout, stderr := &p.stdout, &p.stderr
	want := regexp.MustCompile(`^yams: sim: interrupted by SIGINT after ([\d,]+) of 5,000 games; to resume, run the same command with --resume ` + regexp.QuoteMeta(ck) + "\n$")
	if code != 130 || !want.MatchString(stderr.String()) {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "PARTIAL: ") {
		t.Errorf("the table does not say it is partial:\n%s", stdout)
	}
	partial, err := readSummaryFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if !partial.Partial() || partial.Games < stallAfter/2 || partial.Games >= 5000 || partial.Planned != 5000 {
		t.Errorf("partial summary: %d of %d games", partial.Games, partial.Planned)
	}
	if a, b := readFile(t, js), readFile(t, ck); !bytes.Equal(a, b) {
		t.Errorf("the checkpoint and --json differ")
	}
	// A partial summary is a summary: yams report renders it.
	if out, errOut, code := execYams(t, "", "report", "--from", ck, "--out", filepath.Join(dir, "report")); code != 0 || !strings.Contains(out, "files written") {
		t.Errorf("report of the checkpoint: exit %d, %s", code, errOut)
	}

	// Resumed (in this process: test-stall does not stall here), the run ends as one
	// that was never interrupted.
	_, errOut, code := execYams(t, "", append(args, "--resume", ck)...)
	if code != 0 {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
	_, errOut, code = execYams(t, "", "sim", "--games", "5000", "--seed", "5", "--strategy", "test-stall,random", "--json", whole)
	if code != 0 {
		t.Fatal(errOut)
	}
	if !sameContent(t, readFile(t, js), readFile(t, whole)) {
		t.Errorf("the resumed run's summary differs from the uninterrupted run's")
	}
	if !sameContent(t, readFile(t, ck), readFile(t, whole)) {
		t.Errorf("the last checkpoint is not the complete summary")
	}
	// Run again with --resume-if-present, the complete checkpoint plays nothing.
	out, errOut, code := execYams(t, "", "sim", "--games", "5000", "--seed", "5", "--strategy", "test-stall,random", "--checkpoint", ck, "--resume-if-present", "--json", js)
	if code != 0 || !strings.Contains(out, "every game came from the run resumed") || !sameContent(t, readFile(t, js), readFile(t, whole)) {
		t.Errorf("complete checkpoint resumed: exit %d, %s\n%s", code, errOut, out)
	}
}

// SIGTERM, as a batch system sends before it kills: exit status 143, and the job run
// again with --resume-if-present continues from the checkpoint.
func TestSIGTERMThenResumeIfPresent(t *testing.T) {
	dir := t.TempDir()
	ck, js := filepath.Join(dir, "shard.ckpt"), filepath.Join(dir, "shard.json")
	args := []string{"sim", "--games", "9000", "--seed", "6", "--strategy", "test-stall", "--shard", "2/3", "--workers", "2",
		"--checkpoint", ck, "--resume-if-present", "--json", js}
	p := yamsProcess(t, args...)
	code := p.signal(t, syscall.SIGTERM)
	stderr := &p.stderr
	if code != 143 || !regexp.MustCompile(`^yams: sim: interrupted by SIGTERM after [\d,]+ of 3,000 games of shard 2/3; to resume, run the same command again\n$`).MatchString(stderr.String()) {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr.String(), p.stdout.String())
	}
	if _, errOut, code := execYams(t, "", args...); code != 0 {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "9000", "--seed", "6", "--strategy", "test-stall", "--shard", "2/3", "--json", whole); code != 0 {
		t.Fatal(errOut)
	}
	if !sameContent(t, readFile(t, js), readFile(t, whole)) {
		t.Errorf("the resumed shard differs from the shard played without a break")
	}
}

// SIGTERM during yams compare writes the comparison of the games played, marked partial.
func TestCompareInterrupted(t *testing.T) {
	js := filepath.Join(t.TempDir(), "cmp.json")
	p := yamsProcess(t, "compare", "--strategy", "test-stall,random", "--games", "4000", "--workers", "2", "--json", js)
	stderr := &p.stderr
	if code := p.signal(t, syscall.SIGTERM); code != 143 || !strings.HasPrefix(stderr.String(), "yams: compare: interrupted by SIGTERM after ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	res, err := readSummaryFile(js)
	if err != nil || !res.Partial() || len(res.Pairs) != 1 || res.Pairs[0].Games != res.Games {
		t.Errorf("partial comparison: %v %+v", err, res)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A run split into shards, by --shard K/N or by the environment of a batch system, and
// merged, gives the summary of one run of all the games, byte for byte.
func TestShardsAndMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"sim", "--games", "1000", "--seed", "11", "--strategy", "greedy,upper-first"}
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := execYams(t, "", append(base, "--json", whole)...); code != 0 {
		t.Fatal(errOut)
	}
	var files []string
	for k := range 4 {
		f := filepath.Join(dir, "shard-"+string(rune('1'+k))+".json")
		args := append(slices.Clone(base), "--json", f)
		// Shards 1 and 2 by K/N, 3 as pod 2 of a Kubernetes Indexed Job, 4 as task 7
		// of a Slurm array numbered from 4.
		switch k {
		case 0, 1:
			args = append(args, "--shard", string(rune('1'+k))+"/4")
		case 2:
			t.Setenv("JOB_COMPLETION_INDEX", "2")
			args = append(args, "--shard", "env/4")
		case 3:
			os.Unsetenv("JOB_COMPLETION_INDEX")
			t.Setenv("SLURM_ARRAY_TASK_ID", "7")
			t.Setenv("SLURM_ARRAY_TASK_MIN", "4")
			args = append(args, "--shard", "env/4")
		}
		out, errOut, code := execYams(t, "", args...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d, %s", k+1, code, errOut)
		}
		if !strings.Contains(out, "shard "+string(rune('1'+k))+"/4 of 1,000 games") {
			t.Errorf("shard %d: the table does not name it:\n%s", k+1, out)
		}
		files = append(files, f)
	}
	// In any order, to standard output by default.
	out, errOut, code := execYams(t, "", "merge", files[2], files[0], files[3], files[1])
	if code != 0 || errOut != "" {
		t.Fatalf("merge: exit %d, %s", code, errOut)
	}
	if !sameContent(t, []byte(out), readFile(t, whole)) {
		t.Errorf("the merged shards differ from one run of all the games")
	}
	// To a file, with the report.
	merged, rep := filepath.Join(dir, "merged.json"), filepath.Join(dir, "report")
	out, errOut, code = execYams(t, "", "merge", files[0], files[1], files[2], files[3], "--json", merged, "--out", rep)
	if code != 0 || !strings.HasPrefix(out, "merged 4 shards into "+merged+": rules hasbro, seed 11, 1,000 games of greedy, upper-first\n") ||
		!strings.Contains(out, "files written to "+rep) {
		t.Fatalf("merge: exit %d, %s\n%s", code, errOut, out)
	}
	if !sameContent(t, readFile(t, merged), readFile(t, whole)) || !sameContent(t, readFile(t, filepath.Join(rep, "summary.json")), readFile(t, whole)) {
		t.Errorf("merge --json and --out differ from one run of all the games")
	}

	// Summaries that do not belong together, or damaged, are refused, the file named.
	other := filepath.Join(dir, "other.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "1000", "--seed", "12", "--strategy", "greedy,upper-first", "--shard", "3/4", "--json", other); code != 0 {
		t.Fatal(errOut)
	}
	damaged := filepath.Join(dir, "damaged.json")
	os.WriteFile(damaged, bytes.Replace(readFile(t, files[1]), []byte(`"seed": 11`), []byte(`"seed": 12`), 1), 0o666)
	truncated := filepath.Join(dir, "truncated.json")
	os.WriteFile(truncated, readFile(t, files[1])[:500], 0o666)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{files[0], files[1], files[3]}, "merge: shard 3/4 (games 500 to 749) is missing"},
		{[]string{files[0], files[1], files[2], files[3], files[2]}, "are both shard 3/4: they overlap"},
		{[]string{files[0], files[1], other, files[3]}, "merge: " + other + ": seed 12, " + files[0] + " has seed 11"},
		{[]string{files[0], damaged, files[2], files[3]}, "merge: " + damaged + ": summary: checksum mismatch"},
		{[]string{files[0], truncated}, "merge: " + truncated + ": summary: truncated: the file ends in the middle of its JSON"},
		{[]string{files[0], filepath.Join(dir, "nope.json")}, "no such file"},
		{nil, "no summary file given"},
		{[]string{files[0], "--json", filepath.Join(dir, "no", "such", "dir.json")}, "merge: --json: cannot write"},
		{[]string{files[0], "--lang", "fr"}, "--lang is for the report"},
		{[]string{files[0], "--frob"}, "unknown flag --frob (see yams"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", append([]string{"merge"}, c.args...)...)
			wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
		})
	}
}

// deploy/local-shards.sh runs 3 shard processes on this machine and merges them: the
// summary equals that of one run. Interrupted, the script run again resumes the shards
// from their checkpoints. It is run as the docs write it, from the repository's root as
// deploy/local-shards.sh; without YAMS it builds yams itself, wherever it is run from.
func TestLocalShardsScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	const script = "deploy/local-shards.sh"
	// fromRoot runs the script from the repository's root, with the test binary as yams
	// when withTestBinary holds, else with no YAMS at all, so that the script builds yams.
	fromRoot := func(withTestBinary bool, args ...string) (string, error) {
		cmd := exec.Command(script, args...)
		cmd.Dir = root
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "YAMS=") && !strings.HasPrefix(kv, envTestMain+"=") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		if withTestBinary {
			cmd.Env = append(cmd.Env, "YAMS="+os.Args[0], envTestMain+"=1")
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// mergedOnce checks that the script's output says once that it merged the shards.
	mergedOnce := func(out, dir string) {
		t.Helper()
		if n := strings.Count(out, "merged 3 shards into "+filepath.Join(dir, "summary.json")); n != 1 {
			t.Errorf("the script says %d times that it merged the shards, want once:\n%s", n, out)
		}
	}

	dir := t.TempDir()
	// On a sheet of five boxes, whose greedy each of the seven processes builds at once (by
	// its absolute path: the script runs from the root).
	five, err := filepath.Abs(filepath.Join("testdata", "five-boxes.json"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--games", "3000", "--seed", "7", "--strategy", "test-stall,random", "--rules", five}
	// The stalled run goes through bash -c only to start in the root: the script is then
	// executed by its path, as a user types it.
	p := stalledProcess(t, bash, append([]string{"-c", `cd "$0" && exec ` + script + ` "$@"`, root, "3", dir}, args...)...)
	if code := p.signal(t, syscall.SIGTERM); code != 130 || !strings.Contains(p.stderr.String(), "run the same command again to resume") {
		t.Fatalf("local-shards.sh interrupted: exit %d\n%s", code, p.stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "summary.json")); err == nil {
		t.Fatal("interrupted, the script merged the shards")
	}
	out, err := fromRoot(true, append([]string{"3", dir}, args...)...)
	if err != nil {
		t.Fatalf("local-shards.sh: %v\n%s", err, out)
	}
	mergedOnce(out, dir)
	// The shard that stalled was interrupted after some games (the others, perhaps
	// before they had started): it resumed from its checkpoint.
	resumed := 0
	for k := 1; k <= 3; k++ {
		if strings.Contains(string(readFile(t, filepath.Join(dir, "shard-"+strconv.Itoa(k)+".log"))), "\nresumed: ") {
			resumed++
		}
	}
	if resumed == 0 {
		t.Errorf("no shard resumed from its checkpoint:\n%s", out)
	}
	whole := filepath.Join(t.TempDir(), "whole.json")
	if _, errOut, code := execYams(t, "", append(append([]string{"sim"}, args...), "--json", whole)...); code != 0 {
		t.Fatal(errOut)
	}
	if !sameContent(t, readFile(t, filepath.Join(dir, "summary.json")), readFile(t, whole)) {
		t.Errorf("the script's merged summary differs from one run:\n%s", out)
	}
	for k := 1; k <= 3; k++ {
		if _, err := os.Stat(filepath.Join(dir, "shard-"+strconv.Itoa(k)+"-of-3.json")); err != nil {
			t.Errorf("shard %d: %v", k, err)
		}
	}

	// Without YAMS the script builds the repository's cmd/yams into OUTDIR (a path such
	// as deploy/../cmd/yams is an import path to the go command, not a directory): a
	// build of its own, for the exhaustive run.
	if !exhaustive.On {
		return
	}
	built := t.TempDir()
	args = []string{"--games", "300", "--seed", "7", "--strategy", "greedy,random"}
	out, err = fromRoot(false, append([]string{"3", built}, args...)...)
	if err != nil {
		t.Fatalf("local-shards.sh without YAMS: %v\n%s", err, out)
	}
	mergedOnce(out, built)
	if _, err := os.Stat(filepath.Join(built, "yams")); err != nil {
		t.Errorf("the script did not build yams into its OUTDIR: %v\n%s", err, out)
	}
	if _, errOut, code := execYams(t, "", append(append([]string{"sim"}, args...), "--json", whole)...); code != 0 {
		t.Fatal(errOut)
	}
	if !sameContent(t, readFile(t, filepath.Join(built, "summary.json")), readFile(t, whole)) {
		t.Errorf("the merged summary of the yams the script built differs from one run:\n%s", out)
	}
}

// Every flag of the long runs is checked before a game is played: exit status 2, one line.
func TestLongRunBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if _, errOut, code := execYams(t, "", "sim", "--games", "100", "--strategy", "greedy", "--json", good); code != 0 {
		t.Fatal(errOut)
	}
	exists := filepath.Join(dir, "exists.ckpt")
	os.WriteFile(exists, readFile(t, good), 0o666)
	corrupt := filepath.Join(dir, "corrupt.json")
	os.WriteFile(corrupt, bytes.Replace(readFile(t, good), []byte(`"seed": 1,`), []byte(`"seed": 3,`), 1), 0o666)
	edited := filepath.Join(dir, "edited.json")
	os.WriteFile(edited, bytes.Replace(readFile(t, good), []byte(`"name": "greedy"`), []byte(`"name": "greedy "`), 1), 0o666)
	for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"} {
		t.Setenv(env, "")
		os.Unsetenv(env)
	}
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"--shard", "0/3"}, `--shard: shard "0/3": want K/N`},
		{nil, []string{"--shard", "4/3"}, `--shard: shard "4/3": want K/N`},
		{nil, []string{"--shard", "1"}, `--shard: shard "1": want K/N`},
		{nil, []string{"--shard", "x/y"}, `want K/N`},
		{nil, []string{"--shard", "1/200"}, "200 shards of 100 games: want at most one shard per game"},
		{nil, []string{"--shard", "env/x"}, "want env/N with N a positive number of shards"},
		{nil, []string{"--shard", "env/4"}, "neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) is set"},
		{[]string{"JOB_COMPLETION_INDEX", "4"}, []string{"--shard", "env/4"}, "JOB_COMPLETION_INDEX=4 gives the shard index 4: want 0 to 3 (0-based) for 4 shards"},
		{[]string{"JOB_COMPLETION_INDEX", "two"}, []string{"--shard", "env/4"}, `JOB_COMPLETION_INDEX="two": want a whole number`},
		{[]string{"SLURM_ARRAY_TASK_ID", "3"}, []string{"--shard", "env/2"}, "SLURM_ARRAY_TASK_ID=3 less SLURM_ARRAY_TASK_MIN=0 gives the shard index 3: want 0 to 1"},
		{[]string{"SLURM_ARRAY_TASK_ID", "-1"}, []string{"--shard", "env/2"}, "gives the shard index -1"},
		{nil, []string{"--checkpoint-every", "1s"}, "--checkpoint-every is for --checkpoint FILE"},
		{nil, []string{"--checkpoint", filepath.Join(dir, "c"), "--checkpoint-every", "10ms"}, "--checkpoint-every 10ms: want at least 100ms"},
		{nil, []string{"--checkpoint", filepath.Join(dir, "c"), "--checkpoint-every", "soon"}, "--checkpoint-every soon: want a duration"},
		{nil, []string{"--resume-if-present"}, "--resume-if-present resumes from the --checkpoint FILE"},
		{nil, []string{"--checkpoint", exists, "--resume-if-present", "--resume", good}, "--resume and --resume-if-present"},
		{nil, []string{"--checkpoint", exists}, "--checkpoint " + exists + " exists: give --resume"},
		{nil, []string{"--checkpoint", filepath.Join(dir, "no", "such", "c.ckpt")}, "sim: --checkpoint: cannot write"},
		{nil, []string{"--checkpoint", dir}, "is a directory"},
		{nil, []string{"--json", dir}, "sim: --json: " + dir + " is a directory"},
		{nil, []string{"--out", good}, "sim: --out: "},
		{nil, []string{"--resume", ""}, "--resume: no file given"},
		{nil, []string{"--resume", filepath.Join(dir, "nope.json")}, "no such file"},
		{nil, []string{"--resume", corrupt}, "summary: checksum mismatch"},
		{nil, []string{"--resume", edited}, "summary: checksum mismatch"},
		{nil, []string{"--resume", good, "--seed", "2"}, "--resume " + good + ": the checkpoint is of seed 1, this run's seed is 2"},
		{nil, []string{"--resume", good, "--games", "200"}, "the checkpoint is of a run of 100 games, this run plays 200"},
		{nil, []string{"--resume", good, "--strategy", "random"}, "the checkpoint is of strategies greedy, this run plays greedy,random"},
		{nil, []string{"--resume", good, "--rules", "yams"}, "the checkpoint is of rules hasbro (hash "},
		{nil, []string{"--resume", good, "--shard", "1/2"}, "the checkpoint is not a shard, this run is shard 1/2 of 100 games"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			if c.env != nil {
				t.Setenv(c.env[0], c.env[1])
			}
			args := append([]string{"sim", "--games", "100", "--strategy", "greedy"}, c.args...)
			out, errOut, code := execYams(t, "", args...)
			wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
			if c.env != nil {
				os.Unsetenv(c.env[0])
			}
		})
	}
	// Nothing was left behind by the checks.
	for _, f := range listDir(t, dir) {
		if strings.HasPrefix(f, ".") {
			t.Errorf("left behind: %s", f)
		}
	}
}

// yams bench on a tiny workload: every figure is there, and --out writes the plot.
func TestBench(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bench")
	out, errOut, code := execYams(t, "", "bench", "--games", "300", "--strategy", "greedy,random", "--out", dir)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	lines := []string{
		`(?m)^yams bench: rules hasbro; 300 games per strategy and number of workers, the fastest of 3 runs$`,
		`(?m)^strategy +workers +games/s +speed-up +efficiency$`,
		`(?m)^greedy +1 +[\d,]+ +1\.00 +100\.0%$`,
		`(?m)^random +1 +[\d,]+ +1\.00 +100\.0%$`,
		`(?m)^strategy +ns/game +ns/decision +decisions/game +decisions' share$`,
		`(?m)^greedy +[\d,]+ +\d+\.\d +(3\d|4\d)\.\d +\d+%$`,
		`(?m)^scoring call \(Sheet\.Points: a box's points for a roll, the joker applied\): \d+\.\d\d ns$`,
		`(?m)^4 files written to ` + regexp.QuoteMeta(dir) + `: bench.json, bench.csv, scaling.svg, scaling.png$`,
	}
	for w := 2; w <= runtime.GOMAXPROCS(0); w++ {
		lines = append(lines, `(?m)^greedy +`+strconv.Itoa(w)+` +[\d,]+ +\d+\.\d\d +\d+\.\d%$`)
	}
	for _, want := range lines {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	svg := readFile(t, filepath.Join(dir, "scaling.svg"))
	if !bytes.Contains(svg, []byte("Liberation Sans")) || !bytes.Contains(svg, []byte("speed-up over one worker")) {
		t.Errorf("scaling.svg is not the plot")
	}
	if png := readFile(t, filepath.Join(dir, "scaling.png")); !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("scaling.png is not a PNG")
	}
	csv := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(dir, "bench.csv")))), "\n")
	if len(csv) != 1+2*runtime.GOMAXPROCS(0) || !strings.HasPrefix(csv[1], "greedy,1,") {
		t.Errorf("bench.csv: %q", csv)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games 0: want at least one game"},
		{[]string{"--strategy", "nope"}, `bench: unknown strategy "nope"`},
		{[]string{"--rules", "nope"}, `unknown rules "nope"`},
		{[]string{"--out", filepath.Join(dir, "scaling.svg")}, "bench: --out: "},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", append([]string{"bench"}, c.args...)...)
			wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
		})
	}
}

// The summary of a shard says which games it holds; sim.Shard and the flag agree.
func TestParseShardFlag(t *testing.T) {
	s, err := parseShard("3/4", 1000)
	if err != nil || s != (sim.Shard{K: 3, N: 4, Total: 1000}) {
		t.Errorf("3/4: %+v, %v", s, err)
	}
	if s, err := parseShard("", 1000); err != nil || !s.IsZero() {
		t.Errorf("no shard: %+v, %v", s, err)
	}
}

// The files of deploy/ use only flags that yams has, and the Kubernetes job runs as many
// pods as the shards it names.
func TestDeployFiles(t *testing.T) {
	help := map[string]string{}
	for _, cmd := range []string{"sim", "merge"} {
		out, _, code := execYams(t, "", cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		help[cmd] = out
	}
	flag := regexp.MustCompile(`\s(--[a-z][a-z-]*)`)
	for _, name := range []string{"kubernetes-job.yaml", "kubernetes-merge.yaml", "slurm-array.sh", "local-shards.sh"} {
		data := string(readFile(t, filepath.Join("..", "..", "deploy", name)))
		for _, line := range strings.Split(data, "\n") {
			cmd := "sim"
			switch {
			case strings.Contains(line, "yams merge") || strings.Contains(line, `"$yams" merge`) || name == "kubernetes-merge.yaml":
				cmd = "merge"
			case strings.HasPrefix(strings.TrimSpace(line), "#"), strings.Contains(line, "apptainer run --env"):
				// A comment, or the flags of the container runner, not of yams.
				continue
			}
			for _, m := range flag.FindAllStringSubmatch(line, -1) {
				if !regexp.MustCompile(`(?m)^ +(-\w, )?` + m[1] + `[ \[]`).MatchString(help[cmd]) {
					t.Errorf("%s: yams %s has no flag %s: %s", name, cmd, m[1], strings.TrimSpace(line))
				}
			}
		}
	}
	job := string(readFile(t, filepath.Join("..", "..", "deploy", "kubernetes-job.yaml")))
	completions := regexp.MustCompile(`(?m)^\s+completions: (\d+)$`).FindStringSubmatch(job)
	shards := regexp.MustCompile(`--shard=env/(\d+)`).FindStringSubmatch(job)
	if completions == nil || shards == nil || completions[1] != shards[1] {
		t.Fatalf("kubernetes-job.yaml: completions %v, --shard=env/N %v: they must agree", completions, shards)
	}
	// The job's arguments are a command yams takes, and the merge job names every shard
	// it writes, on the same image.
	var args []string
	for _, m := range regexp.MustCompile(`(?m)^            - (\S+)$`).FindAllStringSubmatch(job, -1) {
		args = append(args, strings.ReplaceAll(m[1], "$(JOB_COMPLETION_INDEX)", "0"))
	}
	if len(args) < 5 || args[0] != "sim" {
		t.Fatalf("kubernetes-job.yaml: args %q", args)
	}
	for _, p := range checkCommand(t, args) {
		t.Errorf("kubernetes-job.yaml: yams %s: %s", strings.Join(args, " "), p)
	}
	merge := string(readFile(t, filepath.Join("..", "..", "deploy", "kubernetes-merge.yaml")))
	n, _ := strconv.Atoi(shards[1])
	for k := range n + 1 {
		named := strings.Contains(merge, "/results/shard-"+strconv.Itoa(k)+".json")
		if named != (k < n) {
			t.Errorf("kubernetes-merge.yaml: shard-%d.json named %v, want %v (the job has %d shards)", k, named, k < n, n)
		}
	}
	image := regexp.MustCompile(`(?m)^\s+image: (\S+)$`)
	if a, b := image.FindStringSubmatch(job), image.FindStringSubmatch(merge); a == nil || b == nil || a[1] != b[1] {
		t.Errorf("the job and the merge run other images: %v, %v", a, b)
	}
}
