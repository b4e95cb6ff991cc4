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
	"yams/strategies/tableplay"
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
	tables, err := duel.TablesMemory(rules, info)
	if err != nil {
		return badInput(err)
	}
	// win, measured against the best response where it can model the opponent (it plays
	// at a table of two against any strategy yams analyses state by state), its tables
	// beside the duel's, a table both read counted once.
	winTables, winErr := tableplay.WinTablesMemory(rules, []string{"win", info})
	if errors.Is(winErr, memlimit.ErrTooLarge) {
		return badInput(winErr)
	}
	for key, n := range winTables {
		tables[key] = max(tables[key], n)
	}
	var need int64
	for _, n := range tables {
		need = memlimit.Sum(need, n)
	}
	if err := memlimit.Check(fmt.Sprintf("the exact best response to %s on rules %s, with win's tables beside it", info, rules.Name()), need); err != nil {
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
	// Following games forward holds two layers of positions: checked before the first.
	follow := memlimit.Sum(need, du.FollowMemory())
	if err := memlimit.Check(fmt.Sprintf("win's games and the best response's followed exactly against %s on rules %s", info, rules.Name()), follow); err != nil {
		return badInput(err)
	}
	var win *tableplay.WinDuel
	if winErr == nil {
		if win, err = tableplay.NewWinDuel(rules, info); err != nil {
			return err
		}
	}
	c := e.console()
	w := e.stdout
	fmt.Fprintln(w, c.f("exact figures of %s on %s: the best possible play at a table of two against %s, seeing both sheets (%s positions solved)",
		name, describeRules(rules.Name(), options), info, c.count(du.Positions())))
	fmt.Fprintln(w)
	printDuel(w, c, du, win, distribution)
	fmt.Fprint(w, "\n"+c.f("computed in %s", c.duration(time.Since(start))))
	if peak := peakMemory(); peak > 0 {
		fmt.Fprint(w, c.f(", the process at its peak %s of memory", c.megabytes(peak)))
	}
	fmt.Fprintln(w)
	return nil
}

// printDuel prints the chances of the duel's best response in each seat and with the
// seats rotating, and with distribution its chances of a win, a tie and a loss; then, if
// win is not nil, win's exact chances against the same opponent, its games followed the
// same way, and the share of the best response's edge over a half that it takes.
func printDuel(w io.Writer, c console, du *duel.Duel, win *tableplay.WinDuel, distribution bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s", c.t("seat"), c.t("wins, a tie counting half"))
	if distribution {
		fmt.Fprintf(tw, "\t%s\t%s\t%s", c.t("won"), c.t("tied"), c.t("lost"))
	}
	if win != nil {
		fmt.Fprintf(tw, "\t%s\t%s", c.t("win, exact"), c.t("its share of the edge"))
	}
	fmt.Fprintln(tw)
	var wins [2]float64
	for s, label := range []string{"first", "second"} {
		fmt.Fprintf(tw, "%s\t%s", c.t(label), c.pct(du.Chance(s), 7))
		if distribution {
			o := du.Analyze(s)
			fmt.Fprintf(tw, "\t%s\t%s\t%s", c.pct(o.Win, 4), c.pct(o.Tie, 4), c.pct(o.Loss, 4))
		}
		if win != nil {
			o := du.Follow(win, s)
			wins[s] = o.Win + o.Tie/2
			fmt.Fprintf(tw, "\t%s\t%s", c.pct(wins[s], 7), edgeShare(c, wins[s], du.Chance(s)))
		}
		fmt.Fprintln(tw)
	}
	best := (du.Chance(0) + du.Chance(1)) / 2
	fmt.Fprintf(tw, "%s\t%s", c.t("seats rotating"), c.pct(best, 7))
	if distribution {
		fmt.Fprint(tw, "\t\t\t")
	}
	if win != nil {
		mean := (wins[0] + wins[1]) / 2
		fmt.Fprintf(tw, "\t%s\t%s", c.pct(mean, 7), edgeShare(c, mean, best))
	}
	fmt.Fprintln(tw)
	tw.Flush()
}

// edgeShare is the share of the best response's edge over a half (best − ½) that a chance
// of winning x takes; a dash where the best response has no edge.
func edgeShare(c console, x, best float64) string {
	if best-0.5 < 1e-12 {
		return "–"
	}
	return c.pct((x-0.5)/(best-0.5), 1)
}
