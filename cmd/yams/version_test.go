package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"yams/internal/provenance"
	"yams/sim"
)

// content returns a summary file without its provenance (who wrote it, when, with what
// command): what the files of two runs of the same games share, byte for byte.
func content(t *testing.T, js []byte) []byte {
	t.Helper()
	start := bytes.Index(js, []byte("\n  \"provenance\": {"))
	if start < 0 {
		t.Fatalf("a summary file without provenance:\n%.300s", js)
	}
	end := bytes.Index(js[start:], []byte("\n  },"))
	if end < 0 {
		t.Fatal("the provenance of a summary file does not end")
	}
	return append(append([]byte{}, js[:start]...), js[start+end+len("\n  },"):]...)
}

// sameContent reports whether two summary files hold the same games, byte for byte but
// for their provenance.
func sameContent(t *testing.T, a, b []byte) bool {
	t.Helper()
	return bytes.Equal(content(t, a), content(t, b))
}

// withoutFooter returns a page or a Markdown report without its footer, which names the
// command that wrote it.
func withoutFooter(name string, data []byte) []byte {
	switch {
	case strings.HasSuffix(name, ".html"):
		if i, j := bytes.Index(data, []byte("<footer>")), bytes.Index(data, []byte("</footer>")); i >= 0 && j > i {
			return append(append([]byte{}, data[:i]...), data[j:]...)
		}
	case strings.HasSuffix(name, ".md"):
		if i := bytes.Index(data, []byte("\n---\n")); i >= 0 {
			return data[:i]
		}
	}
	return data
}

// yams version and --version print what the binary knows of its build. A test binary, as
// go run's, has no revision: yams version says so, and why.
func TestVersionOfAnUnstampedBuild(t *testing.T) {
	out, errOut, code := execYams(t, "", "--version")
	b := provenance.Current()
	if code != 0 || errOut != "" || out != b.String()+"\n" || !strings.HasPrefix(out, "yams ") {
		t.Fatalf("--version: exit %d, %q, %q", code, out, errOut)
	}
	out, _, code = execYams(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, b.String()+"\n") || !strings.Contains(out, "  go         "+b.Go) {
		t.Fatalf("version: exit %d\n%s", code, out)
	}
	if b.Revision == "" && !strings.Contains(out, "revision   none recorded: the go command stamps it when go build or go install runs in a git clone") {
		t.Errorf("version of a build without revision does not say why:\n%s", out)
	}
	out, _, code = execYams(t, "", "version", "--json", "-")
	var back provenance.Build
	if err := json.Unmarshal([]byte(out), &back); code != 0 || err != nil || back != b {
		t.Errorf("version --json: exit %d, %v: %s", code, err, out)
	}
	out, errOut, code = execYams(t, "", "--version", "extra")
	wantUsageError(t, "--version extra", out, errOut, code, "--version takes no argument")
}

// Built by go build in a git clone, yams version names the commit it was built from and
// whether the tree had changes, as git says (CI runs on a clone). Skipped where the module is not a git clone
// (a worktree, whose .git is a file, is not stamped by the go command) or git is missing.
func TestVersionOfAStampedBuild(t *testing.T) {
	t.Parallel() // a build of seconds, beside the other tests
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git: the go command cannot stamp a revision")
	}
	if fi, err := os.Stat(filepath.Join(root, ".git")); err != nil || !fi.IsDir() {
		t.Skip("the module is not in a git clone (.git is not a directory): the go command stamps no revision")
	}
	head, err := exec.Command(git, "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("git rev-parse HEAD: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "yams")
	// Without the debugging information (-ldflags=-w), a quarter of the link's time: the
	// stamp is the go command's, whatever the linker's flags.
	build := exec.Command("go", "build", "-buildvcs=true", "-ldflags=-w", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=") // a machine may set -buildvcs=false in its go env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// git status after the build: the tree the go command saw.
	status, err := exec.Command(git, "-C", root, "status", "--porcelain").Output()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := strings.TrimSpace(string(head))
	modified := "no: built from the revision as committed"
	if len(bytes.TrimSpace(status)) > 0 {
		modified = "yes:"
	}
	for _, want := range []string{"(revision " + rev[:12], "  revision   " + rev + "\n", "  modified   " + modified, "  committed  "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("yams version lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`^yams \(devel\)`).Match(out) {
		t.Errorf("a build of a clone has a version from the go command, not (devel):\n%s", out)
	}
}

// Every file a command writes names the build, the date and the command line, which pasted
// back into a shell gives the same arguments; the summary of yams report --from names the
// report as its writer and the run that played the games.
func TestFilesRecordTheirProvenance(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "run one.json")
	before := time.Now().UTC().Truncate(time.Second)
	args := []string{"sim", "--games", "60", "--strategy", "greedy", "--seed", "3", "--json", js}
	if _, errOut, code := execYams(t, "", args...); code != 0 {
		t.Fatal(errOut)
	}
	res, err := readSummaryFile(js)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Provenance
	if p == nil {
		t.Fatal("no provenance in the summary")
	}
	if want := "yams sim --games 60 --strategy greedy --seed 3 --json '" + js + "'"; p.Command != want {
		t.Errorf("command %s, want %s", p.Command, want)
	}
	if at, ok := p.Time(); !ok || at.Before(before) || at.After(time.Now()) || p.Yams != provenance.Current() {
		t.Errorf("date %s, build %+v", p.Date, p.Yams)
	}

	rep := filepath.Join(dir, "report")
	if _, errOut, code := execYams(t, "", "report", "--from", js, "--out", rep); code != 0 {
		t.Fatal(errOut)
	}
	again, err := readSummaryFile(filepath.Join(rep, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(again.Provenance.Command, "yams report --from") || len(again.Runs) != 1 || again.Runs[0].Record != *p || again.Runs[0].Games != 60 {
		t.Errorf("the report's summary: written by %+v, runs %+v", again.Provenance, again.Runs)
	}
	page := string(readFile(t, filepath.Join(rep, "report.html")))
	if !strings.Contains(page, "<code>yams report --from") || !strings.Contains(page, "Games 0 to 59 played on") || !strings.Contains(page, "<code>yams sim --games 60") {
		t.Errorf("the report's footer does not name both commands")
	}

	// exact --json and frontier --json record it too (on the frontier's small sheet: the
	// record, not the figures, is checked).
	out, _, code := execYams(t, "", "exact", "--strategy", "optimal", "--rules", frontierRules, "--json", "-")
	var doc struct{ Provenance *provenance.Record }
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || doc.Provenance == nil ||
		doc.Provenance.Command != "yams exact --strategy optimal --rules "+frontierRules+" --json -" {
		t.Errorf("exact --json: exit %d, %v, provenance %+v", code, err, doc.Provenance)
	}
	_ = sim.StreamVersion
}

// Shards played by two builds of yams merge, and yams merge says which played which.
func TestMergeNamesTheBuilds(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for k := 1; k <= 2; k++ {
		f := filepath.Join(dir, "shard-"+string(rune('0'+k))+".json")
		if _, errOut, code := execYams(t, "", "sim", "--games", "100", "--strategy", "greedy", "--shard", string(rune('0'+k))+"/2", "--json", f); code != 0 {
			t.Fatal(errOut)
		}
		files = append(files, f)
	}
	merged := filepath.Join(dir, "merged.json")
	if _, errOut, code := execYams(t, "", "merge", files[0], files[1], "--json", merged); code != 0 || errOut != "" {
		t.Fatalf("merge of one build's shards: exit %d, %q", code, errOut)
	}
	res, err := readSummaryFile(merged)
	if err != nil || len(res.Runs) != 2 || !strings.HasPrefix(res.Provenance.Command, "yams merge ") || !strings.Contains(res.Runs[1].Command, "--shard 2/2") {
		t.Fatalf("merged: %v, %+v", err, res)
	}
	// The second shard as a later build would have written it.
	version := regexp.MustCompile(`("yams": \{\s*"version": )"[^"]*"`)
	data := readFile(t, files[1])
	if !version.Match(data) {
		t.Fatalf("no version in the provenance of %s", files[1])
	}
	os.WriteFile(files[1], version.ReplaceAll(data, []byte(`$1"v9.9.9"`)), 0o666)
	_, errOut, code := execYams(t, "", "merge", files[0], files[1], "--json", merged)
	if code != 0 || !strings.Contains(errOut, "yams: merge: the shards were played by 2 builds of yams") ||
		!strings.Contains(errOut, "yams v9.9.9 (") || !strings.Contains(errOut, " in "+files[1]) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("merge of two builds' shards: exit %d, %q", code, errOut)
	}
}
