package main

import (
	"yams/engine"
	"yams/reports"
)

func init() {
	register(&command{
		name:    "report",
		summary: "render the tables, plots and page of a saved summary again",
		run:     runReport,
	})
}

func runReport(e *env, args []string) error {
	fs := newFlags(e)
	from := fs.String("from", "", "the summary `FILE` to render (yams sim --json, yams compare --json, summary.json of an --out)")
	out := addOutFlags(fs)
	requireFlags(fs, "from", "out")
	rulesName := fs.String("rules", "", "the rules `NAME|FILE` of the summary, a preset or a rule file, for the names of the boxes in the language and the threshold of the upper bonus (default: the preset the summary names, if it is one)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return noArgs(fs)
	case *from == "":
		return usagef("--from: no summary file given (see yams report --help)")
	case out.dir == "":
		return usagef("--out: no directory given (see yams report --help)")
	}
	res, err := readSummaryFile(*from)
	if err != nil {
		return badInput(err)
	}
	var rules *engine.Rules
	if *rulesName != "" {
		if rules, err = engine.Load(*rulesName, res.RuleOptions...); err != nil {
			return badInput(err)
		}
		if rules.Hash() != res.RulesHash {
			return usagef("--rules %s: rules %s (hash %s) are not those of the summary, %s (hash %s)",
				*rulesName, rules.Name(), rules.Hash(), res.Rules, res.RulesHash)
		}
	}
	if err := out.check(); err != nil {
		return err
	}
	// The report's summary.json is written by this command; its games were played by
	// those the summary names.
	res.WrittenBy(e.record())
	names, err := reports.Write(out.dir, res, reports.Options{Lang: out.lang, Rules: rules})
	if err != nil {
		return err
	}
	out.written(e.stdout, console{out.lang}, len(names))
	return nil
}
