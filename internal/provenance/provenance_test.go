package provenance

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// Every word must come back from a real shell as it went in: spaces, quotes of both
// kinds, a dollar, a glob, a backslash, a newline, a tilde at the start, an empty word.
func TestQuoteRoundTripsThroughSh(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on this machine")
	}
	args := []string{"yams", "sim", "--bot", "g=yams bot greedy", "--json", "run 1.json", "it's", `say "hi"`,
		"$HOME", "*.json", `back\slash`, "two\nlines", "~", "~/x", "", "--rule", "box.yahtzee.points=50",
		"--shard", "env/8", "a;b", "a|b", "a&b", "(x)", "é", "--games", "1e6", "-"}
	line := Quote(args)
	// The quoted line is pasted after printf, as a user would paste it after a command.
	out, err := exec.Command(sh, "-c", `printf '%s\0' `+line).Output()
	if err != nil {
		t.Fatalf("sh -c %q: %v", line, err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(args) {
		t.Fatalf("%q read back as %d words %q, want %d", line, len(got), got, len(args))
	}
	for i := range args {
		if got[i] != args[i] {
			t.Errorf("word %d: %q read back as %q (line %s)", i, args[i], got[i], line)
		}
	}
}

func TestQuoteLeavesPlainWordsBare(t *testing.T) {
	got := Quote([]string{"yams", "sim", "--games", "1e6", "--json", "out/run.json", "--rule", "upper_bonus.points=25", "--strategy", "greedy,target:300", "--bot", "g=yams bot greedy"})
	want := "yams sim --games 1e6 --json out/run.json --rule upper_bonus.points=25 --strategy greedy,target:300 --bot 'g=yams bot greedy'"
	if got != want {
		t.Errorf("Quote = %s, want %s", got, want)
	}
}

func TestBuildFromInfo(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "yams", Version: "v0.0.0-20260701154800-9472861c0ab1+dirty"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "9472861c0ab1e7f0d7c1a2b3c4d5e6f708192a3b"},
			{Key: "vcs.time", Value: "2026-07-01T15:48:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	b := fromInfo(stamped)
	want := Build{Version: "v0.0.0-20260701154800-9472861c0ab1+dirty", Revision: "9472861c0ab1e7f0d7c1a2b3c4d5e6f708192a3b",
		RevisionTime: "2026-07-01T15:48:00Z", Modified: true, Go: "go1.26.8"}
	if b != want {
		t.Fatalf("fromInfo = %+v, want %+v", b, want)
	}
	if s := b.String(); s != "yams v0.0.0-20260701154800-9472861c0ab1+dirty (revision 9472861c0ab1, modified; go1.26.8)" {
		t.Errorf("String = %s", s)
	}
	// go run stamps no revision: the build says so rather than guess one.
	plain := fromInfo(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "yams", Version: "(devel)"}})
	if plain.Revision != "" || plain.Modified || plain.Version != "(devel)" {
		t.Fatalf("fromInfo of go run = %+v", plain)
	}
	if s := plain.String(); s != "yams (devel) (no revision recorded; go1.26.8)" {
		t.Errorf("String = %s", s)
	}
	details := plain.Details()
	if details[1][0] != "revision" || !strings.Contains(details[1][1], "go run") {
		t.Errorf("Details of a build without revision = %q: want it to say why", details)
	}
	if none := fromInfo(nil); none.Version != "" || none.Go == "" {
		t.Errorf("fromInfo(nil) = %+v: want the Go version alone", none)
	}
}

// The test binary is built by go test, which stamps no revision: Current must read what
// the binary has, the Go version at least.
func TestCurrent(t *testing.T) {
	b := Current()
	if !strings.HasPrefix(b.Go, "go") {
		t.Errorf("Current().Go = %q", b.Go)
	}
}

func TestNewRecord(t *testing.T) {
	at := time.Date(2026, 7, 1, 17, 4, 5, 999, time.FixedZone("CEST", 2*3600))
	r := New([]string{"sim", "--json", "a b.json"}, at)
	if r.Date != "2026-07-01T15:04:05Z" {
		t.Errorf("Date = %s, want UTC to the second", r.Date)
	}
	if r.Command != "yams sim --json 'a b.json'" {
		t.Errorf("Command = %s", r.Command)
	}
	if err := r.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	for _, bad := range []Record{{Date: "yesterday", Command: "yams sim"}, {Date: r.Date, Command: " "}} {
		if bad.Check() == nil {
			t.Errorf("Check(%+v) = nil, want an error", bad)
		}
	}
}

// go run's binaries are told by where the go command puts them: its temporary folder,
// or its build cache; a binary go build or go install made, anywhere else, is not one.
func TestGoRunPath(t *testing.T) {
	hash := strings.Repeat("5e3d", 16)
	for exe, want := range map[string]bool{
		"/tmp/go-build434966559/b001/exe/yams":                               true,
		"/root/.cache/go-build/5e/" + hash + "-d/yams":                       true,
		"/home/u/go/bin/yams":                                                false,
		"/home/u/yams/yams":                                                  false,
		"/home/u/exe/yams":                                                   false,
		"/root/.cache/go-build/5f/" + hash + "-d/yams":                       false, // its shard is not its hash's
		"/root/.cache/go-build/5e/" + strings.Repeat("5E3D", 16) + "-d/yams": false,
	} {
		if got := goRunPath(exe); got != want {
			t.Errorf("goRunPath(%s) = %v, want %v", exe, got, want)
		}
	}
}

// Where go run stamped no revision, yams asks git in the clone its source came from:
// the commit, its time in UTC, whether the tree has changes (an untracked file counts,
// as for the go command); marked as from git in every line that shows it (issue 40 §5).
// Outside a clone, or without git, the build stays without a revision.
func TestRevisionFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on this machine")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-07-01T17:48:00+02:00", "GIT_COMMITTER_DATE=2026-07-01T17:48:00+02:00",
			"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	base := Build{Version: "(devel)", Go: "go1.26.8"}
	if b := withGit(base, dir); b != base {
		t.Errorf("outside a clone: %+v", b)
	}
	git("init", "-q")
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644)
	git("add", "go.mod")
	git("commit", "-q", "-m", "x")
	head := git("rev-parse", "HEAD")
	b := withGit(base, dir)
	want := Build{Version: "(devel)", Go: "go1.26.8", Revision: head, RevisionTime: "2026-07-01T15:48:00Z", RevisionFrom: "git"}
	if b != want {
		t.Fatalf("withGit = %+v, want %+v", b, want)
	}
	if s := b.String(); s != "yams (devel) (revision "+head[:12]+" from git; go1.26.8)" {
		t.Errorf("String = %s", s)
	}
	if d := b.Details(); d[1][1] != head+" (from git, asked as yams started: go run stamps none)" {
		t.Errorf("Details: %q", d[1])
	}
	os.WriteFile(filepath.Join(dir, "new.go"), []byte("package x\n"), 0o644)
	if b := withGit(base, dir); !b.Modified || b.Revision != head {
		t.Errorf("an untracked file: %+v, want modified", b)
	}
}
