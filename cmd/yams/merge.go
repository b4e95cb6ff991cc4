package main

import (
	"fmt"
	"strings"

	"yams/internal/outfile"
	"yams/sim"
)

func init() {
	register(&command{
		name:    "merge",
		summary: "add up the summaries of the shards of a run (yams sim --shard) into the summary of the whole run",
		run:     runMerge,
	})
}

const mergeSynopsis = "SHARD.json... [--json FILE|-] [--out DIR [--lang en|fr]]"

func runMerge(e *env, args []string) error {
	fs := newFlags(e, "merge", mergeSynopsis)
	jsonOut := fs.String("json", "", "write the merged summary to FILE (- for standard output, the default without --out)")
	out := addOutFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	files := fs.Args()
	if len(files) == 0 {
		return usagef("merge: no summary file given: yams merge SHARD.json... (see yams merge --help)")
	}
	// The destinations are checked before the files are read.
	switch *jsonOut {
	case "", "-":
	default:
		if err := outfile.Check(*jsonOut); err != nil {
			return badInput(fmt.Errorf("merge: --json: %w", err))
		}
	}
	if err := out.check("merge"); err != nil {
		return err
	}
	parts := make([]*sim.Results, len(files))
	for i, f := range files {
		res, err := readSummaryFile(f)
		if err != nil {
			return badInput(fmt.Errorf("merge: %s: %w", f, err))
		}
		parts[i] = res
	}
	res, err := sim.MergeShards(files, parts)
	if err != nil {
		return badInput(fmt.Errorf("merge: %w", err))
	}

	// The merged summary goes to standard output unless it has somewhere else to go;
	// the messages then go to standard error.
	toStdout := *jsonOut == "-" || (*jsonOut == "" && *out.dir == "")
	msgs := e.stdout
	if toStdout {
		msgs = e.stderr
		if err := res.WriteJSON(e.stdout); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
	} else if *jsonOut != "" {
		if err := outfile.Write(*jsonOut, res.WriteJSON); err != nil {
			return fmt.Errorf("merge: --json: %w", err)
		}
	}
	var names []string
	for _, s := range res.Summaries {
		names = append(names, s.Strategy)
	}
	dest := ""
	if *jsonOut != "" && *jsonOut != "-" {
		dest = " into " + *jsonOut
	}
	if !toStdout {
		fmt.Fprintf(msgs, "merged %d shards%s: rules %s, seed %d, %s games of %s\n",
			len(files), dest, res.Rules, res.Seed, thousands(res.Games), strings.Join(names, ", "))
	}
	return out.write(msgs, "merge", res, nil)
}
