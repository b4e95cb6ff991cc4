package main

import (
	"fmt"
	"strings"

	"yams/internal/provenance"
	"yams/sim"
	"yams/sim/summaryfile"
)

func init() {
	register(&command{
		name:    "merge",
		summary: "add up the summaries of the shards of a run (yams sim --shard) into the summary of the whole run",
		args:    "SHARD.json...",
		run:     runMerge,
	})
}

func runMerge(e *env, args []string) error {
	fs := newFlags(e)
	jsonOut := addJSONFlag(fs, "the merged summary (to standard output when there is no --out)")
	out := addReportFlags(fs, reportOfRun, false)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	files := fs.Args()
	if len(files) == 0 {
		return usagef("no summary file given: yams merge SHARD.json... (see yams merge --help)")
	}
	// The merged summary goes to standard output unless it has somewhere else to go;
	// the messages then go to standard error.
	if !jsonOut.given() && !out.given() {
		jsonOut.path = "-"
	}
	// The destinations are checked before the files are read.
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	parts := make([]*sim.Results, len(files))
	for i, f := range files {
		res, err := readSummaryFile(f)
		if err != nil {
			return badInput(err)
		}
		parts[i] = res
	}
	res, err := summaryfile.MergeShards(files, parts)
	if err != nil {
		return badInput(err)
	}
	if note := buildsNote(files, parts); note != "" {
		e.note("%s", note)
	}
	res.WrittenBy(e.record())

	msgs := jsonOut.textOut(e)
	if err := jsonOut.write(e, summaryJSON(res)); err != nil {
		return err
	}
	if !jsonOut.toStdout() {
		var names []string
		for _, s := range res.Summaries {
			names = append(names, s.Strategy)
		}
		dest := ""
		if jsonOut.given() {
			dest = " into " + jsonOut.path
		}
		fmt.Fprintf(msgs, "merged %s%s: rules %s, seed %d, %s of %s\n",
			plural(len(files), "shard", "shards"), dest, describeRules(res.Rules, res.RuleOptions), res.Seed, gameCount(res.Games), strings.Join(names, ", "))
	}
	return out.writeRun(e, msgs, res, nil)
}

// buildsNote says, when the shards were played by more than one build of yams, which
// played which: their dice are the same (the summaries' stream says so), but a strategy
// changed between two builds plays them differently. Empty when one build played them all.
func buildsNote(files []string, parts []*sim.Results) string {
	var builds []provenance.Build
	in := map[provenance.Build][]string{}
	for i, p := range parts {
		for _, b := range p.Builds() {
			if _, seen := in[b]; !seen {
				builds = append(builds, b)
			}
			if list := in[b]; len(list) == 0 || list[len(list)-1] != files[i] {
				in[b] = append(in[b], files[i])
			}
		}
	}
	if len(builds) < 2 {
		return ""
	}
	var each []string
	for _, b := range builds {
		name := b.String()
		if b == (provenance.Build{}) {
			name = "a yams that did not record its build"
		}
		each = append(each, fmt.Sprintf("%s in %s", name, strings.Join(in[b], ", ")))
	}
	return fmt.Sprintf("the shards were played by %d builds of yams, which may not play a strategy alike (the merged summary lists which played which games): %s",
		len(builds), strings.Join(each, "; "))
}
