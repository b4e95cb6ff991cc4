// Package provenance says which build of yams wrote a file, when, and with what command
// line: the record that every summary file, checkpoint, report and JSON output of yams
// carries, so that a figure found in a file months later can be traced to the program and
// the command that produced it, and the command pasted back into a shell.
//
// A Build is read from the binary's build information (runtime/debug.ReadBuildInfo): the
// main module's version, which the go command sets from the version control system when
// it builds in a git clone ("v0.0.0-20260701154800-9472861c0ab1", with "+dirty" when
// the working tree had changes), or "(devel)"; the revision, its time and whether the
// tree was modified, which the go command stamps only when `go build` or `go install`
// runs in a git clone (not `go run`, not in a git worktree, not with -buildvcs=false); and the Go
// version. What the binary does not know is left empty, never guessed.
//
// A Record is a Build, the date (UTC, to the second) and the command line, quoted for a
// POSIX shell (Quote). A Run is a Record with the slice of games that the command played,
// for results added up from several processes (shards merged, a checkpoint resumed).
package provenance
