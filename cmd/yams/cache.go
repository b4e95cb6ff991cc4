package main

import (
	"fmt"
	"strings"

	"yams/engine"
	"yams/reports"
	"yams/strategies/optimal"
)

func init() {
	register(&command{
		name:    "cache",
		summary: "list the solved rule sets in the cache, or clear it",
		args:    "[RULES]",
		run:     runCache,
	})
}

// runCache lists the cache files (the optimal tables of the rule sets solved, and any file
// an earlier yams left), or removes them: all with --clear, or those of one rule set with
// --clear RULES.
func runCache(e *env, args []string) error {
	fs := newFlags(e)
	clear := fs.Bool("clear", false, "remove the cache files: all of them, or those of the rules RULES (a preset or a rule file, with --rule options)")
	var options []string
	addRuleOptionFlag(fs, &options)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 1:
		return usagef("want at most one rule set, got %d arguments", fs.NArg())
	case fs.NArg() == 1 && !*clear:
		return usagef("RULES is for --clear RULES: the files of those rules")
	case len(options) > 0 && fs.NArg() == 0:
		return usagef("--rule changes the rules of --clear RULES: give them too")
	}
	dir, err := optimal.CacheDir()
	if err != nil {
		return err
	}
	if *clear {
		hash := ""
		if fs.NArg() == 1 {
			rf := rulesFlags{name: fs.Arg(0), options: options}
			rules, err := rf.load()
			if err != nil {
				return err
			}
			hash = rules.Hash()
		}
		removed, err := optimal.RemoveCache(hash)
		var size int64
		for _, r := range removed {
			size += r.Size
		}
		fmt.Fprintf(e.stdout, "%s removed from %s, %s\n", plural(len(removed), "file", "files"), dir, megabytes(size))
		return err
	}
	list, err := optimal.CacheEntries()
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "cache directory %s (set %s to use another)\n", dir, optimal.EnvCacheDir)
	if len(list) == 0 {
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
		if c.Stale {
			objective = "-"
		}
		file := c.Path[strings.LastIndexByte(c.Path, '/')+1:]
		t.row(name, c.Hash, objective, megabytes(c.Size), c.Modified.Format("2006-01-02 15:04"), file)
	}
	t.write(e.stdout)
	fmt.Fprintf(e.stdout, "\n%s, %s; yams cache --clear removes them all, --clear RULES those of a rule set\n", plural(len(list), "file", "files"), megabytes(total))
	return nil
}

// describeCached names the rule set of a cache file: its name, marked when the rules are
// not those of the preset of that name (a rule file, or options).
func describeCached(c optimal.CacheEntry) string {
	switch {
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
