package main

import (
	"fmt"
	"strings"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/reports"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
)

func init() {
	register(&command{
		name:    "cache",
		summary: "list the solved rule sets in the cache, or clear it",
		args:    "[RULES]",
		run:     runCache,
	})
}

// runCache lists the cache files (the optimal tables of the rule sets solved, the tables
// of decisions of the rule files played, any file an earlier yams left, the temporary
// files of the solves running), or removes them with
// --clear; RULES (with --rule options) keeps to the files of one rule set.
func runCache(e *env, args []string) error {
	fs := newFlags(e)
	clear := fs.Bool("clear", false, "remove the cache files: all of them, or those of RULES; a file yams did not write, or that a running solve is writing, stays")
	var options []string
	addRuleOptionFlag(fs, &options)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 1:
		return usagef("want at most one rule set, got %d arguments", fs.NArg())
	case len(options) > 0 && fs.NArg() == 0:
		return usagef("--rule changes the rules RULES: give them too")
	}
	dir, err := cachedir.Dir()
	if err != nil {
		return err
	}
	hash, of := "", ""
	if fs.NArg() == 1 {
		rf := rulesFlags{name: fs.Arg(0), options: options}
		rules, err := rf.load()
		if err != nil {
			return err
		}
		hash, of = rules.Hash(), " of rules "+describeRules(rules.Name(), options)
	}
	if *clear {
		removed, err := optimal.RemoveCache(hash)
		if err == nil {
			var tables []rulefile.CacheEntry
			tables, err = rulefile.RemoveCache(hash)
			removed = append(removed, asCacheEntries(tables)...)
		}
		var size int64
		for _, r := range removed {
			size += r.Size
		}
		fmt.Fprintf(e.stdout, "%s%s removed from %s, %s\n", plural(len(removed), "file", "files"), of, dir, megabytes(size))
		return err
	}
	all, err := optimal.CacheEntries()
	if err != nil {
		return err
	}
	tables, err := rulefile.CacheEntries()
	if err != nil {
		return err
	}
	all = append(all, asCacheEntries(tables)...)
	var list []optimal.CacheEntry
	for _, c := range all {
		if hash == "" || c.Hash == hash {
			list = append(list, c)
		}
	}
	fmt.Fprintf(e.stdout, "cache directory %s (set %s to use another)\n", dir, cachedir.Env)
	switch {
	case len(list) == 0 && hash != "":
		fmt.Fprintf(e.stdout, "no file%s: they are solved and cached the first time the optimal strategy plays them\n", of)
		return nil
	case len(list) == 0:
		fmt.Fprintln(e.stdout, "empty: a rule set is solved and cached the first time the optimal strategy plays it")
		return nil
	}
	fmt.Fprintln(e.stdout)
	t := &textTable{}
	t.row("rule set", "hash", "solved for", "size", "written", "file")
	var total int64
	for _, c := range list {
		total += c.Size
		name, objective := describeCached(c), c.Objective
		if c.Stale || c.InUse {
			objective = "-"
		}
		file := c.Path[strings.LastIndexByte(c.Path, '/')+1:]
		t.row(name, c.Hash, objective, megabytes(c.Size), c.Modified.Format("2006-01-02 15:04"), file)
	}
	t.write(e.stdout)
	clearing := "yams cache --clear removes them all, --clear RULES those of a rule set"
	if hash != "" {
		clearing = "yams cache " + describeRules(fs.Arg(0), options) + " --clear removes them"
	}
	fmt.Fprintf(e.stdout, "\n%s%s, %s; %s\n", plural(len(list), "file", "files"), of, megabytes(total), clearing)
	return nil
}

// asCacheEntries lists the cached tables of rule files as the listing's rows: solved for
// the strategy rules:FILE.
func asCacheEntries(tables []rulefile.CacheEntry) []optimal.CacheEntry {
	var out []optimal.CacheEntry
	for _, c := range tables {
		out = append(out, optimal.CacheEntry{Path: c.Path, Size: c.Size, Modified: c.Modified, Hash: c.Hash, Rules: c.Rules,
			Objective: "rules:" + c.File, Stale: c.Stale, InUse: c.InUse})
	}
	return out
}

// describeCached names the rule set of a cache file: its name, marked when the rules are
// not those of the preset of that name (a rule file, or options).
func describeCached(c optimal.CacheEntry) string {
	switch {
	case c.InUse:
		return "(being solved now)"
	case c.Stale:
		return "(not read any more: yams cache --clear)"
	case c.Rules == "":
		return "(unknown)"
	}
	if data, ok := engine.PresetJSON(c.Rules); ok {
		if r, err := engine.Parse("preset "+c.Rules, data); err == nil && r.Hash() == c.Hash {
			return c.Rules
		}
	}
	return c.Rules + " (rule file or options)"
}

// fileSize writes the size of a file in MiB to a tenth, or in KiB below half a MiB.
func fileSize(b int64) string {
	if b < 1<<19 {
		return megabytes(b)
	}
	tenths := (b*10 + 1<<19) >> 20
	return fmt.Sprintf("%s.%d MiB", reports.Thousands(tenths/10), tenths%10)
}

// megabytes writes a size in MiB, or in KiB below half a MiB.
func megabytes(b int64) string {
	if b < 1<<19 { // under half a MiB: "0 MiB" would read as nothing
		return fmt.Sprintf("%s KiB", reports.Thousands((b+1<<9)>>10))
	}
	return fmt.Sprintf("%s MiB", reports.Thousands((b+1<<19)>>20))
}
