package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"yams/engine"
	"yams/reports"
	"yams/strategies"
	"yams/strategies/optimal"
)

func init() {
	register(&command{
		name:    "exact",
		summary: "exact figures of a strategy (mean, deviation, bonus rates, per box, distribution): no simulation",
		run:     runExact,
	})
}

func runExact(e *env, args []string) error {
	fs := newFlags(e)
	name := fs.String("strategy", "optimal", "the strategy `NAME` ("+strings.Join(strategies.Names(), ", ")+"); one other than optimal must decide from the sheet and the dice alone")
	rulesFlags := addRulesFlags(fs)
	withDist := fs.Bool("distribution", false, "also compute the exact distribution of the final score (for hasbro: seconds, and about 250 MiB)")
	budget := fs.Int64("max-memory", 4<<10, "the memory budget of the distribution, in `MiB`")
	csv := addOutputFile(fs, "csv", "write the distribution as score,probability lines to `FILE` (implies --distribution)", false)
	var workers workersFlag
	addWorkersFlag(fs, &workers, "compute")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if *budget <= 0 {
		return usagef("--max-memory %d: want a positive number of MiB", *budget)
	}
	if strings.Contains(*name, ",") {
		return usagef("--strategy %s: exact takes one strategy", *name)
	}
	if _, ok := strategies.Lookup(*name); !ok {
		return usagef("unknown strategy %q (strategies: %s)", *name, strings.Join(strategies.Names(), ", "))
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if err := csv.check(); err != nil {
		return err
	}
	fig, err := optimal.Analyze(*name, rules, optimal.Options{
		Workers:            int(workers),
		Distribution:       *withDist || csv.given(),
		DistributionBudget: *budget << 20,
	})
	if errors.Is(err, optimal.ErrRandom) || errors.Is(err, optimal.ErrColumns) {
		return badInput(err)
	}
	if errors.Is(err, optimal.ErrTooLarge) {
		return fmt.Errorf("%w; raise --max-memory or leave out --distribution", err)
	}
	if err != nil {
		return err
	}
	printFigures(e, rules, rulesFlags.options, fig)
	return csv.write(e, func(w io.Writer) error { return writeDistribution(w, fig) })
}

func printFigures(e *env, r *engine.Rules, options []string, f *optimal.Figures) {
	w := e.stdout
	fmt.Fprintf(w, "exact figures of %s on %s (%s turn-start states reached)\n\n",
		f.Strategy, describeRules(r.Name(), options), thousands(int64(f.States)))
	defer fmt.Fprintf(w, "\ncomputed in %s\n", duration(f.Elapsed))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "mean score\t%.7f\n", f.Mean)
	fmt.Fprintf(tw, "standard deviation\t%.4f\n", f.SD)
	if f.HasBonus {
		fmt.Fprintf(tw, "P(upper bonus)\t%.4f%%\t(%.4f points)\n", 100*f.PUpperBonus, f.PUpperBonus*float64(r.UpperPoints()))
	}
	if f.HasYahtzee {
		fmt.Fprintf(tw, "P(%s scored)\t%.4f%%\n", reports.BoxLabel(r, r.FiveOfAKindBox(), "en"), 100*f.PYahtzee)
	}
	if r.ExtraPoints() != 0 {
		fmt.Fprintf(tw, "extra bonuses\t%.6f per game\t(%.4f points)\n", f.ExtraBonuses, f.ExtraBonuses*float64(r.ExtraPoints()))
	}
	tw.Flush()
	fmt.Fprintln(w)
	t := &textTable{}
	t.row("box", "mean", "zero rate")
	for _, b := range f.Boxes {
		t.row(reports.BoxLabel(r, r.BoxIndex(b.ID), "en"), fmt.Sprintf("%.4f", b.Mean), fmt.Sprintf("%.4f%%", 100*b.ZeroRate))
	}
	t.write(w)
	if f.Distribution == nil {
		return
	}
	mode := 0
	for i, p := range f.Distribution {
		if p > f.Distribution[mode] {
			mode = i
		}
	}
	fmt.Fprintf(w, "\ndistribution: scores %d to %d, mode %d (peak memory of the (state, score so far) pairs: %d MiB)\n",
		f.DistMin, f.DistMin+len(f.Distribution)-1, f.DistMin+mode, f.DistributionBytes>>20)
	fmt.Fprint(w, "quantiles:")
	for _, q := range []float64{0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99} {
		fmt.Fprintf(w, " p%g %d", 100*q, f.Quantile(q))
	}
	fmt.Fprintln(w)
	for _, t := range []int{200, 300, 400, 500} {
		above := 0.0
		for i, p := range f.Distribution {
			if f.DistMin+i >= t {
				above += p
			}
		}
		fmt.Fprintf(w, "P(score >= %d) = %.4f%%\n", t, 100*above)
	}
}

// writeDistribution writes the distribution of the final score as CSV: a line per
// score of non-zero probability.
func writeDistribution(w io.Writer, f *optimal.Figures) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "score,probability")
	for i, p := range f.Distribution {
		if p != 0 {
			fmt.Fprintf(bw, "%d,%.17g\n", f.DistMin+i, p)
		}
	}
	return bw.Flush()
}
