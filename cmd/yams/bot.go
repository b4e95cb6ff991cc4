package main

import (
	"strings"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/external"
)

func init() {
	register(&command{
		name:    "bot",
		summary: "serve a built-in strategy as an external bot on standard input and output (docs/bots.md)",
		args:    "STRATEGY",
		run:     runBot,
	})
}

// runBot serves a built-in strategy over the bot protocol: the reference bot, and the
// proof that a request carries everything a decision needs (yams sim --bot g='yams bot
// greedy' --strategy greedy,g plays both to the same counts, and at a table yams compare
// --bot w='yams bot win' --players w,optimal plays as --players win,optimal). A strategy
// that sees the table (win) plays only where yams's hello says a table. Its conversation
// is on standard input and output; its errors, as every command's, on standard error.
func runBot(e *env, args []string) error {
	fs := newFlags(e)
	rulesName := addRulesFlagFrom(fs, "yams's hello (with it, the bot plays those rules only)")
	var options []string
	addRuleOptionFlag(fs, &options)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		return usagef("no strategy given: yams bot STRATEGY (strategies: %s)", strings.Join(strategies.Names(), ", "))
	case 1:
	default:
		return usagef("want one strategy, got %d arguments", fs.NArg())
	}
	name := fs.Arg(0)
	if _, err := resolveStrategy(name, nil); err != nil {
		return err
	}
	var want *engine.Rules
	switch {
	case *rulesName != "":
		rf := rulesFlags{name: *rulesName, options: options}
		var err error
		if want, err = rf.load(); err != nil {
			return err
		}
	case len(options) > 0:
		return usagef("--rule changes the rules of --rules: give it too")
	}
	if want != nil {
		// A strategy that cannot play the rules (a rule file that names a box they do not
		// have) is refused now, not at yams's hello.
		if _, err := strategies.New(name, want); err != nil {
			return badInput(err)
		}
	}
	return external.Serve(e.stdin, e.stdout, name, func(r *engine.Rules) (strategies.Strategy, error) {
		return strategies.New(name, r)
	}, want)
}
