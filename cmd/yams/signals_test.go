package main

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startYams starts the test binary as yams with args and the environment variables env,
// without waiting for anything.
func startYams(t *testing.T, env []string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(os.Args[0], args...), ended: make(chan error, 1)}
	p.cmd.Env = append(append(os.Environ(), envTestMain+"=1"), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.ended <- p.cmd.Wait() }()
	t.Cleanup(func() { p.cmd.Process.Kill() })
	return p
}

// waitFor waits for the file marker, which the process creates at a known point.
func (p *process) waitFor(t *testing.T, marker string) {
	t.Helper()
	for {
		if _, err := os.Stat(marker); err == nil {
			return
		}
		select {
		case err := <-p.ended:
			t.Fatalf("yams ended before %s: %v\n%s", filepath.Base(marker), err, p.stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// SIGHUP (the terminal closed) stops a run as SIGTERM does: what was played is written,
// marked partial, and the run resumes from it; the exit status is 129.
func TestSIGHUPAsSIGTERM(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "run.json")
	args := []string{"sim", "--games", "3000", "--seed", "7", "--strategy", "test-stall", "--workers", "2", "--json", js}
	p := yamsProcess(t, args...)
	code := p.signal(t, syscall.SIGHUP)
	want := regexp.MustCompile(`^yams: sim: interrupted by SIGHUP after [\d,]+ of 3,000 games; to resume, run the same command with --resume ` + regexp.QuoteMeta(js) + "\n$")
	if code != 129 || !want.MatchString(p.stderr.String()) {
		t.Fatalf("exit %d, stderr %q", code, p.stderr.String())
	}
	partial, err := readSummaryFile(js)
	if err != nil || !partial.Partial() {
		t.Fatalf("the partial summary: %v", err)
	}
	if _, errOut, code := execYams(t, "", append(args, "--resume", js)...); code != 0 {
		t.Fatalf("resume: exit %d, %s", code, errOut)
	}
}

// A second signal while the results of an interrupted run are being written ends yams at
// once, with one line that says what was written and what was left as it was: --json
// written, whole; --out left as it was (here the report of an earlier run), its stage
// removed.
func TestSecondSignalWhileWriting(t *testing.T) {
	dir := t.TempDir()
	js, report, marker := filepath.Join(dir, "run.json"), filepath.Join(dir, "report"), filepath.Join(dir, "writing")
	// An earlier report in the folder.
	if _, errOut, code := execYams(t, "", "sim", "--games", "100", "--strategy", "greedy", "--out", report); code != 0 {
		t.Fatal(errOut)
	}
	before := folderContent(t, report)
	p := startYams(t, []string{envStall + "=" + filepath.Join(dir, "stalled"), envPause + "=out-fill=" + marker},
		"sim", "--games", "3000", "--seed", "7", "--strategy", "test-stall", "--workers", "2", "--json", js, "--out", report)
	p.waitFor(t, filepath.Join(dir, "stalled"))
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	p.waitFor(t, marker)
	code := p.signal(t, os.Interrupt)
	want := "yams: sim: interrupted by SIGINT again: stopped at once; written: --json " + js + "; left as it was: --out " + report + "\n"
	if code != 130 || p.stderr.String() != want {
		t.Fatalf("exit %d, stderr %q, want %q", code, p.stderr.String(), want)
	}
	if after := folderContent(t, report); !maps.Equal(before, after) {
		t.Errorf("the earlier report changed: %d files before, %d after", len(before), len(after))
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".yams-") {
			t.Errorf("%s left beside the report", e.Name())
		}
	}
	if partial, err := readSummaryFile(js); err != nil || !partial.Partial() {
		t.Errorf("--json: %v", err)
	}
}

// A second signal that comes once the checkpoint has been replaced, before the run
// goes on, says that it was written (issue 40 §2: the message said "left as they were"
// in 2 of 28 runs, the checkpoint replaced).
func TestSecondSignalAfterCheckpoint(t *testing.T) {
	dir := t.TempDir()
	checkpoint, marker := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "written")
	p := startYams(t, []string{envStall + "=" + filepath.Join(dir, "stalled"), envPause + "=checkpoint-written=" + marker},
		"sim", "--games", "3000", "--seed", "7", "--strategy", "test-stall", "--workers", "2", "--checkpoint", checkpoint, "--checkpoint-every", "1h")
	p.waitFor(t, filepath.Join(dir, "stalled"))
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	p.waitFor(t, marker)
	code := p.signal(t, os.Interrupt)
	want := "yams: sim: interrupted by SIGINT again: stopped at once; written: --checkpoint " + checkpoint + "\n"
	if code != 130 || p.stderr.String() != want {
		t.Fatalf("exit %d, stderr %q, want %q", code, p.stderr.String(), want)
	}
	if partial, err := readSummaryFile(checkpoint); err != nil || !partial.Partial() {
		t.Errorf("--checkpoint: %v", err)
	}
}

// distill cannot stop half-way: a signal ends it at once with one line that says how far
// the learning got and that nothing was written.
func TestDistillInterrupted(t *testing.T) {
	dir := t.TempDir()
	out, js, marker := filepath.Join(dir, "learned"), filepath.Join(dir, "d.json"), filepath.Join(dir, "step")
	rules := filepath.Join("..", "..", "examples", "rules", "six-boxes.json")
	p := startYams(t, []string{"YAMS_CACHE_DIR=" + t.TempDir(), envPause + "=distill-step=" + marker},
		"distill", "--rules", rules, "--size", "1,2", "--states", "20", "--out", out, "--json", js)
	p.waitFor(t, marker)
	code := p.signal(t, syscall.SIGTERM)
	lines := strings.Split(strings.TrimSuffix(p.stderr.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	want := regexp.MustCompile(`^yams: distill: interrupted by SIGTERM after learning 0 of 2 rules \(exact mean \d+\.\d{4}, as printed above; the learning is not resumable\): stopped at once; nothing written, --out ` +
		regexp.QuoteMeta(out) + ` and --json ` + regexp.QuoteMeta(js) + ` left as they were$`)
	if code != 143 || !want.MatchString(last) {
		t.Fatalf("exit %d, last line %q", code, last)
	}
	for _, f := range []string{out, js} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s written", f)
		}
	}
}

// folderContent returns the files of a folder and their contents.
func folderContent(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range entries {
		m[e.Name()] = string(readFile(t, filepath.Join(dir, e.Name())))
	}
	return m
}

// distill --out whose writing fails half-way (a full disk; here a file of the report
// that cannot be written) leaves the previous report as it was, whole, and says so in
// one line; nothing of the new one is left.
func TestDistillOutFailsWhole(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	dir := t.TempDir()
	out := filepath.Join(dir, "learned")
	rules := filepath.Join("..", "..", "examples", "rules", "six-boxes.json")
	// Few states (the learning's sample): what is checked is the writing, not the rules
	// learned.
	args := []string{"distill", "--rules", rules, "--size", "1", "--states", "5", "--out", out}
	if _, errOut, code := execYams(t, "", args...); code != 0 {
		t.Fatal(errOut)
	}
	before := folderContent(t, out)
	if _, ok := before["report.html"]; !ok || len(before) < 5 {
		t.Fatalf("the first report: %v", before)
	}
	pause = func(point, stage string) {
		if point == "out-fill" {
			// The page, written last, cannot be: the files before it are.
			os.Remove(filepath.Join(stage, "report.html"))
			os.Mkdir(filepath.Join(stage, "report.html"), 0o755)
		}
	}
	defer func() { pause = nil }()
	_, errOut, code := execYams(t, "", append(args, "--lang", "fr")...)
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	last := lines[len(lines)-1]
	if code != 1 || !strings.HasPrefix(last, "yams: distill: --out: "+filepath.Join(out, "report.html")) || !strings.HasSuffix(last, "is a directory; "+out+" is left as it was") {
		t.Errorf("exit %d, last line %q", code, last)
	}
	if after := folderContent(t, out); !maps.Equal(before, after) {
		t.Error("the previous report changed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("beside the report: %d entries", len(entries))
	}
}
