package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"yams/engine"
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
	fs := newFlags(e, "exact", "[--strategy NAME] [--rules NAME|FILE] [--rule key=value]... [--distribution] [--csv FILE] [--workers N]")
	rulesName, options := addRulesFlags(fs)
	name := fs.String("strategy", "optimal", "the strategy ("+strings.Join(strategies.Names(), ", ")+"); one other than optimal must decide from the sheet and the dice alone")
	withDist := fs.Bool("distribution", false, "also compute the exact distribution of the final score (for hasbro: seconds, and about 250 MiB)")
	csvPath := fs.String("csv", "", "write the distribution as score,probability lines to FILE (implies --distribution)")
	workers := fs.Int("workers", 0, "goroutines (0: one per CPU); the figures are the same whatever the number")
	budget := fs.Int64("max-memory", 4<<10, "memory budget of the distribution, in MiB")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("exact: unexpected argument %q (see yams exact --help)", fs.Arg(0))
	}
	if *workers < 0 || *budget <= 0 {
		return usagef("exact: --workers and --max-memory must be positive")
	}
	if _, ok := strategies.Lookup(*name); !ok {
		return usagef("exact: unknown strategy %q (strategies: %s)", *name, strings.Join(strategies.Names(), ", "))
	}
	rules, err := loadRules(*rulesName, *options)
	if err != nil {
		return err
	}
	fig, err := optimal.Analyze(*name, rules, optimal.Options{
		Workers:            *workers,
		Distribution:       *withDist || *csvPath != "",
		DistributionBudget: *budget << 20,
	})
	if errors.Is(err, optimal.ErrRandom) {
		return badInput(fmt.Errorf("exact: %w", err))
	}
	if errors.Is(err, optimal.ErrTooLarge) {
		return fmt.Errorf("exact: %w; raise --max-memory or leave out --distribution", err)
	}
	if err != nil {
		return err
	}
	printFigures(e, rules, *options, fig)
	if *csvPath != "" {
		return writeDistribution(*csvPath, fig)
	}
	return nil
}

func printFigures(e *env, r *engine.Rules, options []string, f *optimal.Figures) {
	w := e.stdout
	fmt.Fprintf(w, "exact figures of %s on %s (%d turn-start states reached, computed in %v)\n\n",
		f.Strategy, describeRules(r, options), f.States, roundDuration(f.Elapsed))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "mean score\t%.7f\n", f.Mean)
	fmt.Fprintf(tw, "standard deviation\t%.4f\n", f.SD)
	if f.HasBonus {
		fmt.Fprintf(tw, "P(upper bonus)\t%.4f%%\t(%.4f points)\n", 100*f.PUpperBonus, f.PUpperBonus*float64(r.UpperPoints()))
	}
	if f.HasYahtzee {
		y := r.Boxes()[r.YahtzeeBox()].ID
		fmt.Fprintf(tw, "P(%s box scored)\t%.4f%%\n", y, 100*f.PYahtzee)
	}
	if r.ExtraPoints() != 0 {
		fmt.Fprintf(tw, "extra bonuses\t%.6f per game\t(%.4f points)\n", f.ExtraBonuses, f.ExtraBonuses*float64(r.ExtraPoints()))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "box\tmean\tzero rate\t")
	for _, b := range f.Boxes {
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f%%\t\n", b.ID, b.Mean, 100*b.ZeroRate)
	}
	tw.Flush()
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

func writeDistribution(path string, f *optimal.Figures) error {
	out, err := os.Create(path)
	if err != nil {
		return badInput(err)
	}
	bw := bufio.NewWriter(out)
	fmt.Fprintln(bw, "score,probability")
	for i, p := range f.Distribution {
		if p != 0 {
			fmt.Fprintf(bw, "%d,%.17g\n", f.DistMin+i, p)
		}
	}
	if err := bw.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
