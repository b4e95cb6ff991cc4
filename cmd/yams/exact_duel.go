package main

// yams exact --strategy best-response:S: what the best possible play at a table of two
// against S is worth, in each seat (strategies/duel).

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/duel"
	"yams/strategies/widget"
)

// runExactDuel prints the exact chances of best-response:S (name) on rules in each seat,
// and with distribution its chances of a win, a tie and a loss, from its games followed
// forward. The figures of one player's play alone (--regret, --json, --out, --csv) are
// not the duel's: they are refused.
func runExactDuel(e *env, fs *pflag.FlagSet, name string, rules *engine.Rules, options []string, distribution bool, workers int) error {
	for _, f := range []string{"regret", "json", "out", "csv"} {
		if fs.Changed(f) {
			return usagef("--%s: %s is a player at a table of two; exact gives its chances in each seat, not its figures alone", f, name)
		}
	}
	info, _ := duel.ParseName(name)
	if err := duel.CheckMemory(rules, info); err != nil {
		return badInput(err)
	}
	start := time.Now()
	du, err := duel.Solve(rules, info, workers)
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return badInput(err)
	}
	if err != nil {
		return err
	}
	c := e.console()
	w := e.stdout
	fmt.Fprintln(w, c.f("exact figures of %s on %s: the best possible play at a table of two against %s, seeing both sheets (%s positions solved)",
		name, describeRules(rules.Name(), options), info, c.count(du.Positions())))
	fmt.Fprintln(w)
	printDuel(w, c, du, distribution)
	fmt.Fprint(w, "\n"+c.f("computed in %s", c.duration(time.Since(start))))
	if peak := peakMemory(); peak > 0 {
		fmt.Fprint(w, c.f(", the process at its peak %s of memory", c.megabytes(peak)))
	}
	fmt.Fprintln(w)
	return nil
}

// printDuel prints the chances of the duel's best response in each seat and with the
// seats rotating, and with distribution its chances of a win, a tie and a loss.
func printDuel(w io.Writer, c console, du *duel.Duel, distribution bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if distribution {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", c.t("seat"), c.t("wins, a tie counting half"), c.t("won"), c.t("tied"), c.t("lost"))
	} else {
		fmt.Fprintf(tw, "%s\t%s\n", c.t("seat"), c.t("wins, a tie counting half"))
	}
	for s, label := range []string{"first", "second"} {
		fmt.Fprintf(tw, "%s\t%s", c.t(label), c.pct(du.Chance(s), 7))
		if distribution {
			o := du.Analyze(s)
			fmt.Fprintf(tw, "\t%s\t%s\t%s", c.pct(o.Win, 4), c.pct(o.Tie, 4), c.pct(o.Loss, 4))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%s\t%s\n", c.t("seats rotating"), c.pct((du.Chance(0)+du.Chance(1))/2, 7))
	tw.Flush()
}
