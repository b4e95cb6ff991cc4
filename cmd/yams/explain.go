package main

import (
	"fmt"
	"strings"

	"yams/engine"
	"yams/strategies/rulefile"
)

func init() {
	register(&command{
		name:    "explain",
		summary: "check a strategy rule file against the rules and print it in words (docs/rules.md)",
		args:    "FILE|-",
		run:     runExplain,
	})
}

// runExplain reads a rule file, compiles it for the rules (which finds the boxes they do
// not have and the features they do not track, with their line and column) and prints its
// rules in words; --canonical prints it in its canonical spelling instead. The rules are
// those the file says it was written for ("rules: yatzy") unless --rules or --rule give
// others, and then a line says so.
func runExplain(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	lang := addLangFlag(fs, true)
	canonical := fs.Bool("canonical", false, "print the file in its canonical spelling (one rule a line, the comments of its header and the ends of its rules kept) instead of in words")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		return usagef("no rule file given: yams explain FILE (or - for standard input)")
	case 1:
	default:
		return usagef("want one rule file, got %d arguments", fs.NArg())
	}
	if err := lang.check(nil); err != nil {
		return err
	}
	var (
		f   *rulefile.File
		err error
	)
	if name := fs.Arg(0); name == "-" {
		if e.stdinTerminal {
			e.note("reading a rule file from standard input (Ctrl-D to end)")
		}
		data, err := engine.ReadLimited("rule file", "standard input", e.stdin, engine.MaxRuleFileBytes)
		if err != nil {
			return badInput(err)
		}
		f, err = rulefile.Parse("standard input", data)
		if err != nil {
			return badInput(err)
		}
	} else if f, err = rulefile.ReadFile(name); err != nil {
		return badInput(err)
	}
	var rules *engine.Rules
	if f.RuleSet != nil && !fs.Changed("rules") && len(rulesFlags.options) == 0 {
		rules, err = f.DeclaredRules()
	} else {
		rules, err = rulesFlags.load()
	}
	if err != nil {
		return badInput(err)
	}
	if _, err := rulefile.Compile(f, rules); err != nil {
		return badInput(err)
	}
	if w := f.PlayedOn(rules); w != "" {
		e.note("%s", w)
	}
	if *canonical {
		_, err := fmt.Fprint(e.stdout, f.String())
		return err
	}
	words, err := f.Explain(rules, lang.lang)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(e.stdout, words+parNote(words, lang.lang))
	return err
}

// parNote is the line that says what par is, below an explanation that speaks of it: the
// word is golf's, and a reader of the rules need not know it (docs/rules.md, over par).
func parNote(words, lang string) string {
	switch {
	case lang == "fr" && strings.Contains(words, "moins le par"):
		return "(Le par : trois dés de la face de chaque case du haut remplie, 63 pour les six ; le sous-total moins le par, positif ou nul, tient le rythme de la prime du haut.)\n"
	case lang != "fr" && strings.Contains(words, "minus par"):
		return "(Par: three dice of the face of each upper box filled, 63 for all six; the upper subtotal minus par, zero or more, keeps the pace of the upper bonus.)\n"
	}
	return ""
}
