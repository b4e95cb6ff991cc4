package provenance

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
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
	// Go is the version of Go the binary was built with.
	Go string `json:"go"`
}

// Current returns the build of the running binary.
func Current() Build {
	info, _ := debug.ReadBuildInfo()
	return fromInfo(info)
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
	if b.Revision == "" {
		lines = append(lines, [2]string{"revision", "none recorded: the go command stamps it when go build or go install runs in a git clone (not go run, nor a git worktree, nor -buildvcs=false)"})
	} else {
		lines = append(lines, [2]string{"revision", b.Revision})
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
