package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/reports"
	"yams/strategies/rulefile"
	"yams/strategies/solver"
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
		removed, err := solver.RemoveCache(hash)
		if err == nil {
			var tables []cachedir.Entry
			tables, err = rulefile.RemoveCache(hash)
			removed = append(removed, tables...)
		}
		var size int64
		for _, r := range removed {
			size += r.Size
		}
		fmt.Fprintf(e.stdout, "%s%s removed from %s, %s\n", plural(len(removed), "file", "files"), of, dir, megabytes(size))
		return err
	}
	all, err := solver.CacheEntries()
	if err != nil {
		return err
	}
	tables, err := rulefile.CacheEntries()
	if err != nil {
		return err
	}
	all = append(all, tables...)
	var list []cachedir.Entry
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
	named := ""
	if hash != "" {
		named = describeRules(fs.Arg(0), options)
	}
	printCacheEntries(e.stdout, list, hash, named)
	clearing := "yams cache --clear removes them all, --clear RULES those of a rule set"
	if hash != "" {
		clearing = "yams cache " + describeRules(fs.Arg(0), options) + " --clear removes them"
	}
	var total int64
	for _, c := range list {
		total += c.Size
	}
	fmt.Fprintf(e.stdout, "\n%s%s, %s; %s\n", plural(len(list), "file", "files"), of, megabytes(total), clearing)
	return nil
}

// The widest the listing of the cache may be: a terminal's 100 columns. Its rule sets
// and what was solved for share what the other columns leave, the rule sets first (they
// tell the columns of a sheet apart) up to cacheRulesWidth, what was solved for at least
// cacheStrategyWidth.
const (
	cacheWidth         = 100
	cacheRulesWidth    = 32
	cacheStrategyWidth = 20
)

// printCacheEntries lists the cache files, a line each within cacheWidth columns: the
// rule set, its hash, what was solved for, the size and when it was written. The files
// of the rules of hash, given as named (a preset or a file with its --rule options), are
// named so; other rule sets that are no preset, a rule file or a preset with options,
// are marked, since the file records the rules and not how they were given. A name too
// long for its column is cut after a whole word where it has one.
func printCacheEntries(w io.Writer, list []cachedir.Entry, hash, named string) {
	type row struct {
		name, mark, objective, size, written string
	}
	var marked, stale bool
	var withOptions []string // the rule sets of presets with options, named below the table
	rows := make([]row, 0, len(list))
	for _, c := range list {
		r := row{name: describeCached(c), objective: c.What, size: megabytes(c.Size), written: c.Modified.Format("2006-01-02 15:04")}
		switch {
		case c.InUse:
			r.objective = "-"
		case c.Stale:
			r.objective, stale = "-", true
		case hash != "" && c.Hash == hash:
			r.name = named
		case len(c.Options) > 0:
			full := describeRules(c.Rules, c.Options)
			n := slices.Index(withOptions, full)
			if n < 0 {
				withOptions, n = append(withOptions, full), len(withOptions)
			}
			r.name, r.mark = c.Rules, fmt.Sprintf(" (%d)", n+1)
		case !isPreset(c):
			r.name, r.mark, marked = c.Rules, " *", true
		}
		rows = append(rows, r)
	}
	// The widths the names are given: the rule sets whole where they fit, what was solved
	// for in what the other columns leave.
	rulesWidth, objectiveWidth, sizeWidth := len("rule set"), len("solved for"), len("size")
	for _, r := range rows {
		rulesWidth = max(rulesWidth, utf8.RuneCountInString(r.name+r.mark))
		objectiveWidth = max(objectiveWidth, utf8.RuneCountInString(r.objective))
		sizeWidth = max(sizeWidth, len(r.size))
	}
	written := "2006-01-02 15:04"
	room := func() int { return cacheWidth - 2*4 - 16 - sizeWidth - len(written) } // the gaps, the hash, the size, the date
	if rulesWidth+objectiveWidth > room() {
		written = "2006-01-02" // the day alone leaves the names six more characters
		for k := range rows {
			rows[k].written = list[k].Modified.Format(written)
		}
	}
	if rulesWidth+objectiveWidth > room() {
		// The rule set whole up to cacheRulesWidth: the end of "yams-family (column
		// bottom_up)" tells the files apart; what was solved for takes the rest.
		rulesWidth = min(rulesWidth, max(cacheRulesWidth, room()-objectiveWidth), room()-cacheStrategyWidth)
		objectiveWidth = room() - rulesWidth
	}
	t := &textTable{}
	t.row("rule set", "hash", "solved for", "size", "written")
	for k, r := range rows {
		t.row(abbreviate(r.name, rulesWidth-utf8.RuneCountInString(r.mark))+r.mark, list[k].Hash, abbreviatePath(r.objective, objectiveWidth), r.size, r.written)
	}
	t.write(w)
	for i, full := range withOptions {
		fmt.Fprintln(w, wrapLine(fmt.Sprintf("(%d) %s", i+1, full), cacheWidth, "    "))
	}
	if marked {
		fmt.Fprintln(w, "(* a rule file's own rule set: yams cache FILE names its files)")
	}
	if stale {
		fmt.Fprintln(w, "(stale: a file of an earlier yams, or of a solve that was stopped; yams cache --clear removes it)")
	}
}

// wrapLine breaks line into lines of at most width characters, between words, each
// after the first beginning with indent.
func wrapLine(line string, width int, indent string) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(line) {
		switch {
		case i == 0:
		case n+1+utf8.RuneCountInString(word) > width:
			b.WriteString("\n" + indent)
			n = utf8.RuneCountInString(indent)
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(word)
		n += utf8.RuneCountInString(word)
	}
	return b.String()
}

// abbreviate returns s in at most width characters, its end cut to "…" after a whole
// word ("yams-family (column…"), or within the word where the words before would leave
// less than half the width ("hasbro --rule extra_yah…").
func abbreviate(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	cut := width - 1
	if i := strings.LastIndex(string(r[:cut+1]), " "); i >= 0 && utf8.RuneCountInString(s[:i]) >= width/2 {
		return strings.TrimRight(s[:i], " (,;:") + "…"
	}
	return string(r[:cut]) + "…"
}

// abbreviatePath returns a strategy's name in at most width characters: a rule file's
// path is cut before its file's name ("beat:rules:…/greedy.rules"), whose end shows what
// the file is; words after a whole word ("win: optimal's points to…"); and a name still
// too long is cut in its middle.
func abbreviatePath(s string, width int) string {
	if len([]rune(s)) <= width {
		return s
	}
	if !strings.Contains(s, "/") && strings.Contains(s, " ") {
		return abbreviate(s, width) // words: cut after a whole one
	}
	if i := strings.LastIndex(s, "/"); i >= 0 {
		head := "" // the strategy's prefixes, up to the path
		if j := strings.LastIndex(s[:strings.Index(s, "/")], ":"); j >= 0 {
			head = s[:j+1]
		}
		if room := width - len([]rune(head)) - 2; room >= 8 {
			return head + "…/" + cutMiddle(s[i+1:], room)
		}
	}
	return cutMiddle(s, width)
}

// cutMiddle returns s in at most width characters, its middle cut to "…".
func cutMiddle(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	keep := width - 1
	return string(r[:keep/2]) + "…" + string(r[len(r)-(keep-keep/2):])
}

// describeCached names the rule set of a cache file: its name, or what the file is when
// it is not a table this yams reads.
func describeCached(c cachedir.Entry) string {
	switch {
	case c.InUse:
		return "(being solved)"
	case c.Stale:
		return "(stale)"
	case c.Rules == "":
		return "(unknown)"
	}
	return c.Rules
}

// isPreset reports whether the rules of a cache file are the preset of their name.
func isPreset(c cachedir.Entry) bool {
	data, ok := engine.PresetJSON(c.Rules)
	if !ok {
		return false
	}
	r, err := engine.Parse("preset "+c.Rules, data)
	return err == nil && r.Hash() == c.Hash
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
