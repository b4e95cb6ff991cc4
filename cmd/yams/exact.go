package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"yams/engine"
	"yams/internal/provenance"
	"yams/reports"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
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
	withDist := fs.Bool("distribution", false, "also print the exact distribution of the final score (for hasbro: seconds, and about 250 MiB; target:T and beat:S compute it in any case, their analysis follows every score so far)")
	memory := addMemoryFlag(fs)
	csv := addOutputFile(fs, "csv", "write the distribution as score,probability lines to `FILE` (implies --distribution)", false)
	regret := fs.Bool("regret", false, "also say where the strategy loses its points against optimal play: the cost of its decisions, by roll, box and turn")
	jsonOut := addOutputFile(fs, "json", "write the figures as JSON to `FILE|-` (- for standard output, the text then going to standard error)", true)
	var workers workersFlag
	addWorkersFlag(fs, &workers, "compute")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if err := memory.apply(); err != nil {
		return err
	}
	if strings.Contains(*name, ",") {
		return usagef("--strategy %s: exact takes one strategy", *name)
	}
	if _, err := strategies.Resolve(*name); err != nil {
		return usagef("%v", err)
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if err := csv.check(); err != nil {
		return err
	}
	if err := jsonOut.check(); err != nil {
		return err
	}
	opts := optimal.Options{
		Workers:            int(workers),
		Distribution:       *withDist || csv.given(),
		DistributionBudget: memory.bytes(),
		Regret:             *regret,
	}
	// The estimate first: a computation that would not fit is refused at once, not
	// after minutes.
	if err := optimal.CheckAnalysis(*name, rules, opts); err != nil {
		return badInput(err)
	}
	fig, err := optimal.Analyze(*name, rules, opts)
	if errors.Is(err, optimal.ErrObjective) {
		return badInput(fmt.Errorf("--strategy: %w", err))
	}
	var ruleErr *rulefile.Error
	if errors.Is(err, optimal.ErrRandom) || errors.Is(err, optimal.ErrColumns) || errors.Is(err, optimal.ErrMemory) || errors.As(err, &ruleErr) {
		return badInput(err)
	}
	// Beyond the estimate, the limit reached as the distribution grew: the user's limit,
	// as the estimate's refusal.
	if errors.Is(err, optimal.ErrTooLarge) {
		if o, perr := optimal.ParseObjective(*name); perr == nil && (o.Kind == optimal.Target || o.Kind == optimal.Beat) {
			return badInput(fmt.Errorf("%w; raise --max-memory (%s follows every score so far: its analysis carries the distribution)", err, o))
		}
		return badInput(fmt.Errorf("%w; raise --max-memory or leave out --distribution", err))
	}
	if err != nil {
		return err
	}
	text := io.Writer(e.stdout)
	if jsonOut.toStdout() {
		text = e.stderr
	}
	printFigures(text, rules, rulesFlags.options, fig)
	if err := csv.write(e, func(w io.Writer) error { return writeDistribution(w, fig) }); err != nil {
		return err
	}
	return jsonOut.write(e, func(w io.Writer) error { return writeFigures(w, rules, fig, e.provenance()) })
}

func printFigures(w io.Writer, r *engine.Rules, options []string, f *optimal.Figures) {
	fmt.Fprintf(w, "exact figures of %s on %s (%s turn-start states reached)\n\n",
		f.Strategy, describeRules(r.Name(), options), thousands(int64(f.States)))
	defer func() {
		fmt.Fprintf(w, "\ncomputed in %s", duration(f.Elapsed))
		if peak := peakMemory(); peak > 0 {
			fmt.Fprintf(w, ", the process at its peak %s of memory", megabytes(peak))
		}
		fmt.Fprintln(w)
	}()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "mean score\t%.7f\n", f.Mean)
	fmt.Fprintf(tw, "standard deviation\t%.4f\n", f.SD)
	if f.HasBonus && len(f.Columns) == 0 {
		fmt.Fprintf(tw, "P(upper bonus)\t%.4f%%\t(%.4f points)\n", 100*f.PUpperBonus, f.PUpperBonus*float64(r.UpperPoints()))
	}
	if f.HasBonus && len(f.Columns) > 0 {
		labels := sim.ColumnLabels(r)
		for c, col := range f.Columns {
			fmt.Fprintf(tw, "P(upper bonus), %s\t%.4f%%\t(%.4f points)\n", labels[c], 100*col.PUpperBonus, col.PUpperBonus*float64(r.UpperPoints()))
		}
	}
	if f.HasYahtzee {
		fmt.Fprintf(tw, "P(%s scored)\t%.4f%%\n", reports.BoxLabel(r, r.FiveOfAKindBox(), "en"), 100*f.PYahtzee)
	}
	if r.ExtraPoints() != 0 {
		fmt.Fprintf(tw, "extra bonuses\t%.6f per game\t(%.4f points)\n", f.ExtraBonuses, f.ExtraBonuses*float64(r.ExtraPoints()))
	}
	if o := f.Objective; o != nil && o.Kind != optimal.MeanScore {
		switch o.Kind {
		case optimal.Risk:
			fmt.Fprintf(tw, "certainty equivalent\t%.7f\t(the objective of %s: (1/θ)·ln E[exp(θ·score)], from the solve)\n", o.Value, f.Strategy)
			if ce, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%.7f\t(the same, from the distribution of the final score)\n", ce)
			}
		case optimal.UpperBonus:
			fmt.Fprintf(tw, "objective\t%.4f%%\t(P(upper bonus), from the solve)\n", 100*o.Value)
		case optimal.Target:
			fmt.Fprintf(tw, "P(score >= %d)\t%.7f%%\t(the objective of %s, from the solve)\n", o.Target, 100*o.Value, f.Strategy)
			if p, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%.7f%%\t(the same, from the distribution of the final score)\n", 100*p)
			}
		case optimal.Beat:
			fmt.Fprintf(tw, "P(beating %s)\t%.7f%%\t(the objective of %s, each on their own dice, a tie counting half; from the solve)\n", o.Opponent, 100*o.Value, f.Strategy)
			if p, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%.7f%%\t(the same, from the two distributions of the final score)\n", 100*p)
			}
		}
	}
	tw.Flush()
	fmt.Fprintln(w)
	t := &textTable{}
	t.row("box", "mean", "zero rate")
	labels := reports.SlotLabels(r, "en")
	for id, b := range f.Boxes {
		t.row(labels[id], fmt.Sprintf("%.4f", b.Mean), fmt.Sprintf("%.4f%%", 100*b.ZeroRate))
	}
	t.write(w)
	if f.Regret != nil {
		printRegret(w, r, f)
	}
	if f.Distribution == nil {
		return
	}
	mode := 0
	for i, p := range f.Distribution {
		if p > f.Distribution[mode] {
			mode = i
		}
	}
	fmt.Fprintf(w, "\ndistribution: scores %d to %d, mode %d\n", f.DistMin, f.DistMin+len(f.Distribution)-1, f.DistMin+mode)
	fmt.Fprint(w, "quantiles:")
	for _, q := range []float64{0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99} {
		fmt.Fprintf(w, " p%g %d", 100*q, f.Quantile(q))
	}
	fmt.Fprintln(w)
	for _, t := range []int{200, 300, 400, 500} {
		fmt.Fprintf(w, "P(score >= %d) = %.4f%%\n", t, 100*atLeast(f.Distribution, f.DistMin, t))
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

// printRegret says where the strategy loses its points against optimal play.
func printRegret(w io.Writer, r *engine.Rules, f *optimal.Figures) {
	rg := f.Regret
	fmt.Fprintf(w, "\nwhere %s loses its points against optimal play (%.7f): %.7f points a game\n", f.Strategy, rg.OptimalMean, rg.Total)
	t := &textTable{}
	t.row("decisions", "cost", "share")
	share := func(x float64) string {
		if rg.Total == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*x/rg.Total)
	}
	for i, c := range rg.Keep {
		t.row(fmt.Sprintf("keeps after roll %d", i+1), fmt.Sprintf("%.4f", c), share(c))
	}
	t.row("boxes", fmt.Sprintf("%.4f", rg.Box), share(rg.Box))
	t.write(w)
	fmt.Fprintln(w)
	t = &textTable{}
	t.row("turns ending in", "cost", "share")
	labels := reports.SlotLabels(r, "en")
	for b, c := range rg.ByBox {
		t.row(labels[b], fmt.Sprintf("%.4f", c), share(c))
	}
	t.write(w)
	fmt.Fprint(w, "\nby turn:")
	for i, c := range rg.ByTurn {
		fmt.Fprintf(w, " %d: %.2f", i+1, c)
	}
	fmt.Fprintf(w, "\ncostly decisions per game: %.3f cost something, %.3f more than %g point, %.3f more than %g points\n",
		rg.Costly[0], rg.Costly[1], optimal.CostlyAbove[1], rg.Costly[2], optimal.CostlyAbove[2])
	fmt.Fprintf(w, "(the optimal mean minus the strategy's: %.7f − %.7f = %.7f)\n", rg.OptimalMean, f.Mean, rg.OptimalMean-f.Mean)
}

// exactObjective is what a strategy solved for an objective maximises, and its exact
// value (the expected score, the certainty equivalent in points, or a probability).
type exactObjective struct {
	Kind      string   `json:"kind"`
	Parameter *float64 `json:"parameter,omitempty"`
	// Opponent is the strategy beat:S plays against.
	Opponent string  `json:"opponent,omitempty"`
	Value    float64 `json:"value"`
}

// exactJSON is what exact --json writes.
type exactJSON struct {
	Rules        string              `json:"rules"`
	RulesHash    string              `json:"rules_hash"`
	Strategy     string              `json:"strategy"`
	States       int                 `json:"states"`
	Mean         float64             `json:"mean"`
	StdDev       float64             `json:"stddev"`
	UpperBonus   *float64            `json:"upper_bonus,omitempty"`
	Yahtzee      *float64            `json:"yahtzee,omitempty"`
	ExtraBonuses float64             `json:"extra_bonuses"`
	Boxes        map[string]exactBox `json:"boxes"`
	ByColumn     []exactColumn       `json:"by_column,omitempty"`
	Objective    *exactObjective     `json:"objective,omitempty"`
	Distribution *exactDistribution  `json:"distribution,omitempty"`
	OptimalMean  *float64            `json:"optimal_mean,omitempty"`
	Regret       *exactRegret        `json:"regret,omitempty"`
	// Provenance is which yams wrote the file, when and with what command.
	Provenance *provenance.Record `json:"provenance,omitempty"`
}

// exactColumn is a column's figure on a sheet of several columns.
type exactColumn struct {
	Name       string  `json:"name"`
	UpperBonus float64 `json:"upper_bonus"`
}

type exactBox struct {
	Mean     float64 `json:"mean"`
	ZeroRate float64 `json:"zero_rate"`
}

type exactDistribution struct {
	Min           int       `json:"min"`
	Probabilities []float64 `json:"probabilities"`
}

type exactRegret struct {
	Total  float64            `json:"total"`
	Keep1  float64            `json:"keep1"`
	Keep2  *float64           `json:"keep2,omitempty"`
	Keeps  []float64          `json:"keeps"`
	Box    float64            `json:"box"`
	ByBox  map[string]float64 `json:"by_box"`
	ByTurn []float64          `json:"by_turn"`
	Costly map[string]float64 `json:"costly"`
}

// slotNames returns the keys of the boxes of the sheet in JSON, by BoxID, as a summary
// file writes them: the box id on one column, "column.box" on several.
func slotNames(r *engine.Rules) []string {
	s := sim.NewSummary("", r)
	names := make([]string, r.NumSlots())
	for id := range names {
		names[id] = s.SlotName(id)
	}
	return names
}

// writeFigures writes the figures as JSON.
func writeFigures(w io.Writer, r *engine.Rules, f *optimal.Figures, prov *provenance.Record) error {
	out := exactJSON{Rules: r.Name(), RulesHash: r.Hash(), Strategy: f.Strategy, States: f.States, Mean: f.Mean, StdDev: f.SD,
		ExtraBonuses: f.ExtraBonuses, Boxes: map[string]exactBox{}, Provenance: prov}
	if f.HasBonus {
		out.UpperBonus = &f.PUpperBonus
	}
	if f.HasYahtzee {
		out.Yahtzee = &f.PYahtzee
	}
	names := slotNames(r)
	for id, b := range f.Boxes {
		out.Boxes[names[id]] = exactBox{Mean: b.Mean, ZeroRate: b.ZeroRate}
	}
	if f.HasBonus {
		for c, col := range f.Columns {
			out.ByColumn = append(out.ByColumn, exactColumn{Name: sim.ColumnLabels(r)[c], UpperBonus: col.PUpperBonus})
		}
	}
	if f.Distribution != nil {
		out.Distribution = &exactDistribution{Min: f.DistMin, Probabilities: f.Distribution}
	}
	if o := f.Objective; o != nil {
		out.Objective = &exactObjective{Kind: o.KindName(), Value: o.Value}
		if o.HasParameter() {
			p := o.Parameter()
			out.Objective.Parameter = &p
		}
		out.Objective.Opponent = o.Opponent
	}
	if rg := f.Regret; rg != nil {
		out.OptimalMean = &rg.OptimalMean
		er := &exactRegret{Total: rg.Total, Keeps: rg.Keep, Box: rg.Box, ByBox: map[string]float64{}, ByTurn: rg.ByTurn, Costly: map[string]float64{}}
		if len(rg.Keep) > 0 {
			er.Keep1 = rg.Keep[0]
		}
		if len(rg.Keep) > 1 {
			er.Keep2 = &rg.Keep[1]
		}
		for b, c := range rg.ByBox {
			er.ByBox[names[b]] = c
		}
		for i, above := range optimal.CostlyAbove {
			er.Costly[strconv.FormatFloat(above, 'g', -1, 64)] = rg.Costly[i]
		}
		out.Regret = er
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
