package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

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

// outFlags are --out and --lang, which sim, compare and report share.
type outFlags struct {
	dir, lang *string
}

func addOutFlags(fs *pflag.FlagSet) outFlags {
	return outFlags{
		dir:  fs.String("out", "", "write the report into DIR: the JSON, tables as Markdown and CSV, every plot as SVG and PNG, and report.html, which shows them all"),
		lang: fs.String("lang", "en", "language of the report: "+strings.Join(reports.Languages, " or ")),
	}
}

// check refuses a language the reports do not speak, and an output directory that
// cannot be written: before the run, not after it.
func (o outFlags) check(cmd string) error {
	if err := reports.CheckLang(*o.lang); err != nil {
		return usagef("%s: --lang: %v", cmd, err)
	}
	if *o.dir == "" {
		if o.langSet() {
			return usagef("%s: --lang is for the report: give --out DIR too", cmd)
		}
		return nil
	}
	if err := reports.CheckDir(*o.dir); err != nil {
		return badInput(fmt.Errorf("%s: --out: %w", cmd, err))
	}
	return nil
}

func (o outFlags) langSet() bool { return *o.lang != "en" }

// write writes the report of the results into --out, if it was given, and says so on w.
func (o outFlags) write(w io.Writer, cmd string, res *sim.Results, rules *engine.Rules) error {
	if *o.dir == "" {
		return nil
	}
	names, err := reports.Write(*o.dir, res, reports.Options{Lang: *o.lang, Rules: rules})
	if err != nil {
		return fmt.Errorf("%s: --out: %w", cmd, err)
	}
	o.written(w, len(names))
	return nil
}

// written says where the report is.
func (o outFlags) written(w io.Writer, files int) {
	fmt.Fprintf(w, "%d files written to %s; open %s\n", files, *o.dir, filepath.Join(*o.dir, "report.html"))
}

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
