package main

// yams version and yams --version: the build of the binary, and the provenance record
// every file the commands write carries.

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"yams/internal/provenance"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print the version of yams: the module version, the revision it was built from, and Go's",
		run:     runVersion,
		moreHelp: func(w io.Writer) {
			fmt.Fprintln(w, "\nThe go command records the revision when go install or go build runs in a git clone")
			fmt.Fprintln(w, "(go install ./cmd/yams); go run records none, and yams version then says so. yams --version")
			fmt.Fprintln(w, "prints the first line alone. Every summary file and report records this build beside the date")
			fmt.Fprintln(w, "and the command line that wrote it (\"provenance\").")
		},
	})
}

func runVersion(e *env, args []string) error {
	fs := newFlags(e)
	jsonOut := addJSONFlag(fs, "the build, {\"version\", \"revision\", \"revision_time\", \"modified\", \"go\"},")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if err := jsonOut.check(); err != nil {
		return err
	}
	b := provenance.Current()
	text := jsonOut.textOut(e)
	fmt.Fprintln(text, b)
	for _, d := range b.Details() {
		fmt.Fprintf(text, "  %-10s %s\n", d[0], d[1])
	}
	return jsonOut.write(e, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(b)
	})
}

// provenance returns the record of the command running (record), for a run to keep in
// its results.
func (e *env) provenance() *provenance.Record {
	r := e.record()
	return &r
}

// record returns the provenance record of the command running: this build, now, and its
// command line.
func (e *env) record() provenance.Record {
	return provenance.New(e.args, time.Now())
}
