package provenance

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Build is a build of yams, as its binary knows it.
type Build struct {
	// Version is the main module's version: a tag or a pseudo-version that the go
	// command derived from the git clone ("+dirty" when it had changes), or "(devel)"
	// when it derived none (go run, or a build outside a git clone).
	Version string `json:"version"`
	// Revision is the commit the binary was built from, RevisionTime its time and
	// Modified whether the working tree differed from it; empty (false) when the go
	// command did not stamp them. Modified is written always, false without a revision:
	// read it beside "revision".
	Revision     string `json:"revision,omitempty"`
	RevisionTime string `json:"revision_time,omitempty"`
	Modified     bool   `json:"modified"`
	// RevisionFrom says where a revision came from other than the go command's stamp:
	// "git" when yams, built by go run (which stamps none), asked git in the clone its
	// source was compiled from as it started (FromGit). Empty for the stamp.
	RevisionFrom string `json:"revision_from,omitempty"`
	// Go is the version of Go the binary was built with.
	Go string `json:"go"`
}

// Current returns the build of the running binary: what the go command stamped, or,
// for a binary that go run built (which stamps no revision), the revision git gives for
// the clone its source was compiled from, marked so (RevisionFrom).
func Current() Build {
	current.once.Do(func() {
		info, _ := debug.ReadBuildInfo()
		current.b = fromInfo(info)
		if current.b.Revision == "" && builtByGoRun() {
			if root, ok := sourceRoot(); ok {
				current.b = withGit(current.b, root)
			}
		}
	})
	return current.b
}

// current is the running binary's build, read once: git runs once a process.
var current struct {
	once sync.Once
	b    Build
}

// builtByGoRun reports whether the running binary is one that go run built (goRunPath).
// A binary go build or go install made may run long after its source tree has moved on:
// git would give the tree's revision, not the binary's, so it is not asked.
func builtByGoRun() bool {
	exe, err := os.Executable()
	return err == nil && goRunPath(exe)
}

// goRunPath reports whether exe is where go run puts what it builds: its temporary
// folder, ".../go-build123/b001/exe/NAME", or, from Go 1.24, the build cache,
// ".../go-build/5e/5e3d...6e-d/NAME" (the folder a hash of what it was built from).
func goRunPath(exe string) bool {
	dir := filepath.Dir(exe)
	if filepath.Base(dir) == "exe" {
		return strings.Contains(exe, string(filepath.Separator)+"go-build")
	}
	hash, ok := strings.CutSuffix(filepath.Base(dir), "-d")
	shard := filepath.Base(filepath.Dir(dir))
	return ok && len(hash) == 64 && isHex(hash) && len(shard) == 2 && strings.HasPrefix(hash, shard)
}

// isHex reports whether s is lower-case hexadecimal digits.
func isHex(s string) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// sourceRoot returns the folder of the main module the binary was compiled from: the
// folder of this file's source, as the compiler recorded it, up to its go.mod. A build
// with -trimpath records no folder.
func sourceRoot() (string, bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", false
	}
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		if parent := filepath.Dir(dir); parent == dir {
			return "", false
		}
	}
}

// withGit returns b with the revision of the git clone (or worktree) at root, its
// commit time in UTC and whether its tree has changes (files git does not track
// included, as the go command counts them), marked as from git; b as it was if git is
// not there, or root is in no clone.
func withGit(b Build, root string) Build {
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "TZ=UTC", "GIT_OPTIONAL_LOCKS=0")
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	rev, err := git("rev-parse", "HEAD")
	if err != nil || len(rev) < 40 {
		return b
	}
	when, err := git("log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ", "HEAD")
	if err != nil {
		return b
	}
	status, err := git("status", "--porcelain")
	if err != nil {
		return b
	}
	b.Revision, b.RevisionTime, b.Modified, b.RevisionFrom = rev, when, status != "", "git"
	return b
}

// fromInfo returns the build that info describes; nil info (a binary without build
// information) gives the Go version alone.
func fromInfo(info *debug.BuildInfo) Build {
	b := Build{Go: runtime.Version()}
	if info == nil {
		return b
	}
	b.Version = info.Main.Version
	if info.GoVersion != "" {
		b.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.RevisionTime = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// shortRevision is the length of a revision shown in a line; the full one is in Details
// and in the files.
const shortRevision = 12

// String describes the build in one line: "yams VERSION (revision REV, modified; go1.26.8)",
// or "(no revision: ...)" when the go command stamped none.
func (b Build) String() string {
	version := b.Version
	if version == "" {
		version = "(unknown version)"
	}
	var parts []string
	switch {
	case b.Revision != "":
		rev := "revision " + short(b.Revision)
		if b.RevisionFrom == "git" {
			rev += " from git"
		}
		if b.Modified {
			rev += ", modified"
		}
		parts = append(parts, rev)
	default:
		parts = append(parts, "no revision recorded")
	}
	if b.Go != "" {
		parts = append(parts, b.Go)
	}
	return fmt.Sprintf("yams %s (%s)", version, strings.Join(parts, "; "))
}

func short(rev string) string {
	if len(rev) > shortRevision {
		return rev[:shortRevision]
	}
	return rev
}

// Details describes the build on several lines, each a name and a value, for yams
// version: what the binary knows, and why a part is missing when it is.
func (b Build) Details() [][2]string {
	version := b.Version
	switch version {
	case "":
		version = "unknown (the binary has no build information)"
	case "(devel)":
		version = "(devel): the go command derived no version (go run, or a build outside a git clone)"
	}
	lines := [][2]string{{"version", version}}
	switch {
	case b.Revision == "":
		lines = append(lines, [2]string{"revision", "none recorded: the go command stamps it when go build or go install runs in a git clone (not in a git worktree, nor with -buildvcs=false); go run stamps none, and yams then asks git in the clone as it starts"})
	case b.RevisionFrom == "git":
		lines = append(lines, [2]string{"revision", b.Revision + " (from git, asked as yams started: go run stamps none)"})
	default:
		lines = append(lines, [2]string{"revision", b.Revision})
	}
	if b.Revision != "" {
		if b.RevisionTime != "" {
			lines = append(lines, [2]string{"committed", b.RevisionTime})
		}
		modified := "no: built from the revision as committed"
		if b.Modified {
			modified = "yes: the working tree had changes not committed (or files git does not track)"
		}
		lines = append(lines, [2]string{"modified", modified})
	}
	return append(lines, [2]string{"go", b.Go})
}
