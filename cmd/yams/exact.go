package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/internal/provenance"
	"yams/reports"
	"yams/reports/exact"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/duel"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
	"yams/strategies/solver"
	"yams/strategies/widget"
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
	name := addStrategyFlag(fs, "the strategy `NAME` ("+strings.Join(strategies.Names(), ", ")+"); one other than optimal must decide from the sheet and the dice alone")
	rulesFlags := addRulesFlags(fs)
	withDist := fs.Bool("distribution", false, "also print the exact distribution of the final score (for hasbro: seconds, and about 250 MiB; target:T and beat:S compute it in any case, their analysis follows every score so far)")
	memory := addMemoryFlag(fs)
	regret := addRegretFlag(fs)
	jsonOut := addJSONFlag(fs, "the figures")
	out := addReportFlags(fs, "the report: the figures as JSON, Markdown and CSV, the mean of each box and how often it is scratched as plots (box_mean, box_zeros: SVG, PNG and their CSV), the distribution (with --distribution) as CSV and as a plot in SVG and PNG, and report.html, which shows them all", true)
	csv := addOutputFile(fs, "csv", "write the distribution as score,probability lines to `FILE` (implies --distribution; the older form of --out, which writes the same as distribution.csv)", false)
	workers := addWorkersFlag(fs)
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	if strings.Contains(*name, ",") {
		return usagef("--strategy %s: exact takes one strategy", *name)
	}
	info, err := resolveStrategy(*name, nil)
	if err != nil {
		return err
	}
	if _, ok := duel.ParseName(info.Name); !ok && info.Table {
		return tableOnly("--strategy", info.Name)
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if _, ok := duel.ParseName(info.Name); ok {
		e.lang = out.lang.lang
		return runExactDuel(e, fs, info.Name, rules, rulesFlags.options, *withDist || csv.given(), int(*workers))
	}
	if err := checkFiles(csv, jsonOut, out); err != nil {
		return err
	}
	e.lang = out.lang.lang
	c := e.console()
	opts := analysis.Options{
		Workers:            int(*workers),
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
	if errors.Is(err, solver.ErrObjective) {
		return badInput(fmt.Errorf("--strategy: %w", err))
	}
	var ruleErr *rulefile.Error
	if errors.Is(err, analysis.ErrRandom) || errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) || errors.As(err, &ruleErr) {
		return badInput(err)
	}
	// Beyond the estimate, the limit reached as the distribution grew: the user's limit,
	// as the estimate's refusal.
	if errors.Is(err, analysis.ErrTooLarge) {
		if o, perr := solver.ParseObjective(*name); perr == nil && (o.Kind == solver.Target || o.Kind == solver.Beat) {
			return badInput(fmt.Errorf("%w; raise --max-memory (%s follows every score so far: its analysis carries the distribution)", err, o))
		}
		return badInput(fmt.Errorf("%w; raise --max-memory or leave out --distribution", err))
	}
	if err != nil {
		return err
	}
	text := jsonOut.textOut(e)
	printFigures(text, c, rules, rulesFlags.options, fig)
	if err := csv.write(e, func(w io.Writer) error { return writeDistribution(w, fig) }); err != nil {
		return err
	}
	prov := e.provenance()
	if err := jsonOut.write(e, func(w io.Writer) error { return writeFigures(w, rules, fig, prov) }); err != nil {
		return err
	}
	if !out.given() {
		return nil
	}
	var js bytes.Buffer
	if err := writeFigures(&js, rules, fig, prov); err != nil {
		return err
	}
	x := exactReport(rules, rulesFlags.options, fig, js.Bytes())
	x.Provenance = prov
	return out.writeReport(e, text, func(dir string) ([]string, error) {
		return exact.Write(dir, x, out.lang.lang)
	})
}

// exactReport gives the figures of a strategy to the reports, as plain numbers.
func exactReport(rules *engine.Rules, options []string, f *analysis.Figures, js []byte) *exact.Exact {
	x := &exact.Exact{Rules: rules, RuleOptions: options, Strategy: f.Strategy, States: f.States, Mean: f.Mean, SD: f.SD,
		UpperBonus: f.PUpperBonus, Yahtzee: f.PYahtzee, HasYahtzee: f.HasYahtzee, ExtraBonuses: f.ExtraBonuses,
		Distribution: f.Distribution, DistMin: f.DistMin, JSON: js}
	for _, b := range f.Boxes {
		x.Boxes = append(x.Boxes, exact.ExactBox{Mean: b.Mean, ZeroRate: b.ZeroRate})
	}
	for _, c := range f.Columns {
		x.ColumnBonus = append(x.ColumnBonus, c.PUpperBonus)
	}
	if o := f.Objective; o != nil && o.Kind != solver.MeanScore {
		xo := &exact.ExactObjective{Kind: o.KindName(), Value: o.Value}
		if _, param, ok := strings.Cut(o.String(), ":"); ok {
			xo.Parameter = param
		}
		xo.FromDistribution, xo.HasFromDistribution = f.ObjectiveFromDistribution()
		x.Objective = xo
	}
	if g := f.Regret; g != nil {
		x.Regret = &exact.ExactRegret{OptimalMean: g.OptimalMean, Total: g.Total, Keep: g.Keep, Box: g.Box, ByBox: g.ByBox, ByTurn: g.ByTurn,
			CostlyAbove: analysis.CostlyAbove[:], Costly: g.Costly[:]}
	}
	return x
}

func printFigures(w io.Writer, c console, r *engine.Rules, options []string, f *analysis.Figures) {
	fmt.Fprintln(w, c.f("exact figures of %s on %s (%s turn-start states reached)",
		f.Strategy, describeRules(r.Name(), options), c.count(int64(f.States))))
	fmt.Fprintln(w)
	defer func() {
		fmt.Fprint(w, "\n"+c.f("computed in %s", c.duration(f.Elapsed)))
		if peak := peakMemory(); peak > 0 {
			fmt.Fprint(w, c.f(", the process at its peak %s of memory", c.megabytes(peak)))
		}
		fmt.Fprintln(w)
	}()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s\n", c.t("mean score"), c.num(f.Mean, 7))
	fmt.Fprintf(tw, "%s\t%s\n", c.t("standard deviation"), c.num(f.SD, 4))
	if f.HasBonus && len(f.Columns) == 0 {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.t("P(upper bonus)"), c.pct(f.PUpperBonus, 4), c.f("(%s points)", c.num(f.PUpperBonus*float64(r.UpperPoints()), 4)))
	}
	if f.HasBonus && len(f.Columns) > 0 {
		labels := reports.ColumnLabels(r, c.lang)
		for k, col := range f.Columns {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.f("P(upper bonus), %s", labels[k]), c.pct(col.PUpperBonus, 4), c.f("(%s points)", c.num(col.PUpperBonus*float64(r.UpperPoints()), 4)))
		}
	}
	if f.HasYahtzee {
		fmt.Fprintf(tw, "%s\t%s\n", c.f("P(%s scored)", reports.BoxLabel(r, r.FiveOfAKindBox(), c.lang)), c.pct(f.PYahtzee, 4))
	}
	if r.ExtraPoints() != 0 {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.t("extra bonuses"), c.f("%s per game", c.num(f.ExtraBonuses, 6)), c.f("(%s points)", c.num(f.ExtraBonuses*float64(r.ExtraPoints()), 4)))
	}
	if o := f.Objective; o != nil && o.Kind != solver.MeanScore {
		switch o.Kind {
		case solver.Risk:
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.t("certainty equivalent"), c.num(o.Value, 7), c.f("(the objective of %s: (1/θ)·ln E[exp(θ·score)], from the solve)", f.Strategy))
			if ce, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%s\t%s\n", c.num(ce, 7), c.t("(the same, from the distribution of the final score)"))
			}
		case solver.UpperBonus:
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.t("objective"), c.pct(o.Value, 4), c.t("(P(upper bonus), from the solve)"))
		case solver.Target:
			fmt.Fprintf(tw, "P(score >= %d)\t%s\t%s\n", o.Target, c.pct(o.Value, 7), c.f("(the objective of %s, from the solve)", f.Strategy))
			if p, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%s\t%s\n", c.pct(p, 7), c.t("(the same, from the distribution of the final score)"))
			}
		case solver.Beat:
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.f("P(beating %s)", o.Opponent), c.pct(o.Value, 7), c.f("(the objective of %s, each on their own dice, a tie counting half; from the solve)", f.Strategy))
			if p, ok := f.ObjectiveFromDistribution(); ok {
				fmt.Fprintf(tw, "\t%s\t%s\n", c.pct(p, 7), c.t("(the same, from the two distributions of the final score)"))
			}
		}
	}
	tw.Flush()
	fmt.Fprintln(w)
	t := &textTable{}
	t.row(c.t("box"), c.t("mean"), c.t("zero rate"))
	labels := reports.SlotLabels(r, c.lang)
	for id, b := range f.Boxes {
		t.row(labels[id], c.num(b.Mean, 4), c.pct(b.ZeroRate, 4))
	}
	t.write(w)
	if f.Regret != nil {
		printRegret(w, c, r, f)
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
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.f("distribution: scores %d to %d, mode %d", f.DistMin, f.DistMin+len(f.Distribution)-1, f.DistMin+mode))
	fmt.Fprint(w, c.t("quantiles:"))
	for _, q := range []float64{0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99} {
		fmt.Fprintf(w, " p%g %d", 100*q, f.Quantile(q))
	}
	fmt.Fprintln(w)
	for _, t := range exact.ExactThresholds {
		fmt.Fprintf(w, "P(score >= %d) = %s\n", t, c.pct(exact.AtLeast(f.Distribution, f.DistMin, t), 4))
	}
}

// writeDistribution writes the distribution of the final score as CSV: a line per
// score of non-zero probability.
func writeDistribution(w io.Writer, f *analysis.Figures) error {
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
func printRegret(w io.Writer, c console, r *engine.Rules, f *analysis.Figures) {
	rg := f.Regret
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.f("where %s loses its points against optimal play (%s): %s points a game", f.Strategy, c.num(rg.OptimalMean, 7), c.num(rg.Total, 7)))
	t := &textTable{}
	t.row(c.t("decisions"), c.t("cost"), c.t("share"))
	share := func(x float64) string {
		if rg.Total == 0 {
			return "-"
		}
		return c.pct(x/rg.Total, 1)
	}
	for i, k := range rg.Keep {
		t.row(c.f("keeps after roll %d", i+1), c.num(k, 4), share(k))
	}
	t.row(c.t("boxes"), c.num(rg.Box, 4), share(rg.Box))
	t.write(w)
	fmt.Fprintln(w)
	t = &textTable{}
	t.row(c.t("turns ending in"), c.t("cost"), c.t("share"))
	labels := reports.SlotLabels(r, c.lang)
	for b, k := range rg.ByBox {
		t.row(labels[b], c.num(k, 4), share(k))
	}
	t.write(w)
	fmt.Fprint(w, "\n"+c.t("by turn:"))
	for i, k := range rg.ByTurn {
		fmt.Fprintf(w, " %d: %s", i+1, c.num(k, 2))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.f("costly decisions per game: %s cost something, %s more than %s point, %s more than %s points",
		c.num(rg.Costly[0], 3), c.num(rg.Costly[1], 3), c.num(analysis.CostlyAbove[1], 0), c.num(rg.Costly[2], 3), c.num(analysis.CostlyAbove[2], 0)))
	fmt.Fprintln(w, c.f("(the optimal mean minus the strategy's: %s − %s = %s)", c.num(rg.OptimalMean, 7), c.num(f.Mean, 7), c.num(rg.OptimalMean-f.Mean, 7)))
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
func writeFigures(w io.Writer, r *engine.Rules, f *analysis.Figures, prov *provenance.Record) error {
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
		for i, above := range analysis.CostlyAbove {
			er.Costly[strconv.FormatFloat(above, 'g', -1, 64)] = rg.Costly[i]
		}
		out.Regret = er
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
