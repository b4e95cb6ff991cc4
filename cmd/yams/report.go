package main

import (
	"fmt"

	"yams/engine"
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
	out := addReportFlags(fs, reportOfRun, false)
	requireFlags(fs, "from", "out")
	rulesName := addRulesFlagFrom(fs, "the summary file (its rule set)")
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
		return badInput(fmt.Errorf("--from %w", err))
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
	return out.writeRun(e, e.stdout, res, rules)
}
