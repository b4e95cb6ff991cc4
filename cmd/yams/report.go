package main

import (
	"fmt"
	"os"

	"yams/engine"
	"yams/reports"
	"yams/sim"
)

func init() {
	register(&command{
		name:    "report",
		summary: "render the tables, plots and page of a saved summary again",
		run:     runReport,
	})
}

const reportSynopsis = "--from SUMMARY.json --out DIR [--lang en|fr] [--rules NAME|FILE]"

func runReport(e *env, args []string) error {
	fs := newFlags(e, "report", reportSynopsis)
	from := fs.String("from", "", "the summary file to render (yams sim --json, yams compare --json, summary.json of an --out)")
	out := addOutFlags(fs)
	rulesName := fs.String("rules", "", "the rules of the summary, a preset or a rule file, for the names of the boxes in the language and the threshold of the upper bonus (default: the preset the summary names, if it is one)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("report: unexpected argument %q (see yams report --help)", fs.Arg(0))
	case *from == "":
		return usagef("report: --from: no summary file given (see yams report --help)")
	case *out.dir == "":
		return usagef("report: --out: no directory given (see yams report --help)")
	}
	f, err := os.Open(*from)
	if err != nil {
		return badInput(fmt.Errorf("report: %w", err))
	}
	res, err := sim.ReadSummary(f)
	f.Close()
	if err != nil {
		return badInput(fmt.Errorf("report: %s: %w", *from, err))
	}
	var rules *engine.Rules
	if *rulesName != "" {
		if rules, err = engine.Load(*rulesName, res.RuleOptions...); err != nil {
			return badInput(fmt.Errorf("report: %w", err))
		}
		if rules.Hash() != res.RulesHash {
			return usagef("report: --rules %s: rules %s (hash %s) are not those of the summary, %s (hash %s)",
				*rulesName, rules.Name(), rules.Hash(), res.Rules, res.RulesHash)
		}
	}
	if err := out.check("report"); err != nil {
		return err
	}
	names, err := reports.Write(*out.dir, res, reports.Options{Lang: *out.lang, Rules: rules})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	out.written(e.stdout, len(names))
	return nil
}
