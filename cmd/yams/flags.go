package main

// The flags that several commands share: the rules, the games, the report.


import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/reports"
	"yams/sim"
)

// newFlags returns a flag set that reports errors instead of exiting, and prints its
// usage to the command's stderr on --help.
func newFlags(e *env, name, synopsis string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "Usage: yams %s %s\n\nFlags:\n", name, synopsis)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args, turning a flag error into a usage error that names the command.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return err // pflag has printed the usage
		}
		return usagef("%s: %v (see yams %s --help)", fs.Name(), err, fs.Name())
	}
	return nil
}

// addRulesFlags declares --rules and --rule, which every command that plays takes.
func addRulesFlags(fs *pflag.FlagSet) (name *string, options *[]string) {
	name = fs.String("rules", engine.DefaultPreset, "rules: a preset ("+strings.Join(engine.Presets(), ", ")+") or a rule file")
	options = fs.StringArray("rule", nil, "change one rule, key=value (repeatable; see yams rules --help)")
	return name, options
}

// loadRules loads the rules of --rules and --rule; a wrong name, file or option is the user's mistake.
func loadRules(name string, options []string) (*engine.Rules, error) {
	rules, err := engine.Load(name, options...)
	return rules, badInput(err)
}

// describeRules names rules with their options, as a user would pass them again.
func describeRules(r *engine.Rules, options []string) string {
	s := r.Name()
	for _, o := range options {
		s += " --rule " + o
	}
	return s
}

// maxGames bounds --games: game indices times four must fit the seeding (sim.GameSeeds).
const maxGames = sim.MaxGames

// gamesFlag is --games: a positive whole number, written 1000000, 1_000_000 or 1e6.
type gamesFlag int64

func (g *gamesFlag) String() string { return strconv.FormatInt(int64(*g), 10) }
func (g *gamesFlag) Type() string   { return "N" }

func (g *gamesFlag) Set(s string) error {
	n, err := parseCount(s)
	if err != nil {
		return err
	}
	*g = gamesFlag(n)
	return nil
}

// parseCount reads a count of games: digits with optional underscores between them
// (1_000_000), or a number with an exponent that is a whole number (1e6, 2.5e5).
func parseCount(s string) (int64, error) {
	want := errors.New("want a whole number of games, such as 1000000, 1_000_000 or 1e6")
	if s == "" || strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") || strings.Contains(s, "__") {
		return 0, want
	}
	s = strings.ReplaceAll(s, "_", "")
	var n int64
	if strings.ContainsAny(s, "eE") {
		r, ok := new(big.Rat).SetString(s)
		if !ok || !r.IsInt() || !r.Num().IsInt64() || strings.ContainsAny(s, "/") {
			return 0, want
		}
		n = r.Num().Int64()
	} else {
		var err error
		if n, err = strconv.ParseInt(s, 10, 64); err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return 0, fmt.Errorf("at most %d games", int64(maxGames))
			}
			return 0, want
		}
	}
	switch {
	case n < 1:
		return 0, fmt.Errorf("%d games: want at least one", n)
	case n > maxGames:
		return 0, fmt.Errorf("at most %d games", int64(maxGames))
	}
	return n, nil
}

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
