package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/internal/provenance"
	"yams/reports/exact"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

func init() {
	register(&command{
		name:    "frontier",
		summary: "the trade-off between the mean and the risk of the strategies that play for an objective (optimal, bonus, risk:θ, target:T), exact",
		run:     runFrontier,
	})
}

// defaultThetas are the θ of the risk:θ strategies of a frontier by default: from averse
// to risk to seeking it, close to 0 where the strategies change the most.
const defaultThetas = "-0.05,-0.03,-0.02,-0.01,-0.005,0.005,0.01,0.02,0.03,0.05"

func runFrontier(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	thetaList := fs.String("thetas", defaultThetas, "the θ of the risk:θ strategies, `LIST` of numbers in [-1, 1] other than 0, comma-separated")
	targetList := fs.String("targets", "", "the T of the target:T strategies, `LIST` of whole numbers of points, comma-separated, each one some games reach and some miss (none by default: "+
		"on hasbro each takes a minute or two to solve the first time, its table then cached, and about a minute and 1.6 GiB to analyse)")
	out := addReportFlags(fs, "the frontier: the table as Markdown and CSV, the figures as SVG and PNG, and report.html, which shows them all", true)
	jsonOut := addJSONFlag(fs, "the table")
	workers := addWorkersFlag(fs)
	memory := addMemoryFlag(fs)
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	thetas, err := parseThetas(*thetaList)
	if err != nil {
		return usagef("--thetas: %v", err)
	}
	targets, err := parseTargets(*targetList)
	if err != nil {
		return usagef("--targets: %v", err)
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	opts := analysis.Options{Workers: int(*workers), Distribution: true, DistributionBudget: memory.bytes()}
	// The estimates first, optimal's before anything else is built for the rules (the
	// θ and the targets are checked on their state space): a frontier that would not
	// fit is refused at once, not after minutes of solves. (On a sheet of several
	// columns the θ are refused first: they are solved on one column only.)
	if len(rules.Columns()) == 1 {
		if err := optimal.CheckAnalysis("optimal", rules, opts); err != nil {
			return badInput(err)
		}
	}
	e.lang = out.lang.lang
	c := e.console()
	if thetas, err = allowedThetas(e, rules, thetas, fs.Changed("thetas")); err != nil {
		return err
	}
	if err := allowedTargets(rules, targets); err != nil {
		return err
	}
	names := frontierStrategies(rules, thetas, targets)
	if err := optimal.CheckAnalyses(names, rules, opts); err != nil {
		return badInput(err)
	}

	start := time.Now()
	f, err := analyzeFrontier(e, rules, names, opts)
	if err != nil {
		return err
	}
	f.RuleOptions = rulesFlags.options
	f.Provenance = e.provenance()
	elapsed := time.Since(start)

	return writeComputed(e, jsonOut.textOut(e), jsonOut, out,
		func(w io.Writer) error { return printFrontier(w, c, f, elapsed) },
		func(w io.Writer) error { return writeFrontierJSON(w, f) },
		func(dir string) ([]string, error) { return exact.WriteFrontier(dir, f, out.lang.lang) })
}

// parseThetas reads --thetas: distinct θ of risk:θ, each a number in [-1, 1] other than
// 0 (risk:0 is optimal, which every frontier has), returned in increasing order.
func parseThetas(list string) ([]float64, error) {
	return parseDistinct(list, func(s string) (float64, error) {
		if s == "" {
			return 0, errors.New("an empty θ: want numbers separated by commas, such as -0.02,0.01")
		}
		o, err := solver.ParseObjective("risk:" + s)
		if err == nil && o.Kind != solver.Risk {
			err = fmt.Errorf("θ = %s is optimal, which the frontier always has", s)
		}
		return o.Theta, err
	}, "θ = %s given twice")
}

// allowedThetas checks every θ against the rules before anything is solved: a θ the
// user gave that the rules refuse (exp(θ·score) would leave float64) is bad input; one
// of the default list is left out with a note.
func allowedThetas(e *env, rules *engine.Rules, thetas []float64, given bool) ([]float64, error) {
	var ok []float64
	for _, th := range thetas {
		err := solver.Objective{Kind: solver.Risk, Theta: th}.Check(rules)
		switch {
		case errors.Is(err, widget.ErrColumns):
			return nil, badInput(err)
		case err != nil && given:
			return nil, badInput(fmt.Errorf("--thetas: %w", err))
		case err != nil:
			e.note("risk:%g left out: %v", th, err)
		default:
			ok = append(ok, th)
		}
	}
	return ok, nil
}

// parseTargets reads --targets: distinct T of target:T, each a whole number of points
// from 1, returned in increasing order; an empty list is no target.
func parseTargets(list string) ([]int, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	return parseDistinct(list, func(s string) (int, error) {
		if s == "" {
			return 0, errors.New("an empty T: want whole numbers separated by commas, such as 250,300")
		}
		o, err := solver.ParseObjective("target:" + s)
		return o.Target, err
	}, "target %s given twice")
}

// allowedTargets checks every target against the rules before anything is solved: the
// user gave each, so one the rules refuse (a subtracted box, a target the solver cannot
// take on them) is bad input.
func allowedTargets(rules *engine.Rules, targets []int) error {
	for _, t := range targets {
		err := solver.Objective{Kind: solver.Target, Target: t}.Check(rules)
		switch {
		case errors.Is(err, widget.ErrColumns):
			return badInput(err)
		case err != nil:
			return badInput(fmt.Errorf("--targets: %w", err))
		}
	}
	return nil
}

// quietFrontier is how long a frontier runs before it says, on a standard error that is
// not a terminal, which analysis it starts: a short one says nothing.
var quietFrontier = 10 * time.Second

// frontierStrategies names the strategies of a frontier: optimal, the risk:θ of thetas,
// bonus where the rules have an upper bonus, and the target:T of targets.
func frontierStrategies(rules *engine.Rules, thetas []float64, targets []int) []string {
	names := []string{"optimal"}
	for _, th := range thetas {
		names = append(names, solver.Objective{Kind: solver.Risk, Theta: th}.String())
	}
	if rules.UpperPoints() != 0 {
		names = append(names, "bonus")
	}
	for _, t := range targets {
		names = append(names, solver.Objective{Kind: solver.Target, Target: t}.String())
	}
	return names
}

// analyzeFrontier analyses exactly the strategies of names (frontierStrategies): one
// after another, since an analysis with its distribution takes most of a GiB on hasbro
// (1.6 GiB for target:300). The θ are those allowedThetas kept, the targets those
// allowedTargets passed; optimal, analysed first, must be there, for the value of each
// objective under optimal play.
func analyzeFrontier(e *env, rules *engine.Rules, names []string, opts analysis.Options) (*exact.Frontier, error) {
	f := &exact.Frontier{Rules: rules}
	var best *analysis.Figures // optimal's, for the value of each objective under optimal play
	start := time.Now()
	for k, name := range names {
		switch {
		case e.interactive:
			fmt.Fprint(e.stderr, "\r\033[K"+e.console().f("analysing %s exactly (%d of %d)", name, k+1, len(names)))
		case time.Since(start) >= quietFrontier:
			// A log, not a terminal: a line for each analysis once the frontier takes its
			// time, rather than minutes of silence.
			e.note("analysing %s exactly (%d of %d), %s so far", name, k+1, len(names), time.Since(start).Round(time.Second))
		}
		fig, err := optimal.Analyze(name, rules, opts)
		if e.interactive {
			fmt.Fprint(e.stderr, "\r\033[K")
		}
		switch {
		case errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) || errors.Is(err, solver.ErrObjective):
			return nil, badInput(err)
		case errors.Is(err, analysis.ErrTooLarge):
			return nil, badInput(fmt.Errorf("%s: %w; raise --max-memory", name, err))
		case err != nil:
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if best == nil {
			best = fig
		}
		p, err := frontierPoint(fig, best)
		if err != nil {
			return nil, err
		}
		f.Points = append(f.Points, p)
	}
	// The table's order: risk:θ by θ with optimal at θ = 0, bonus, then target:T by T.
	group := map[string]int{exact.FrontierMean: 0, exact.FrontierRisk: 0, exact.FrontierBonus: 1, exact.FrontierTarget: 2}
	slices.SortStableFunc(f.Points, func(a, b exact.FrontierPoint) int {
		return cmp.Or(cmp.Compare(group[a.Kind], group[b.Kind]), cmp.Compare(a.Theta, b.Theta), cmp.Compare(a.Target, b.Target))
	})
	return f, nil
}

// frontierPoint takes from the figures of a strategy what a frontier shows: its
// objective, and that objective's value under optimal play (from best, optimal's
// figures), the moments, P(score ≥ T) from the exact distribution, the bonus rates.
func frontierPoint(fig, best *analysis.Figures) (exact.FrontierPoint, error) {
	o := fig.Objective
	if o == nil || fig.Distribution == nil {
		return exact.FrontierPoint{}, fmt.Errorf("%s: the analysis gave no objective or no distribution", fig.Strategy)
	}
	p := exact.FrontierPoint{Strategy: fig.Strategy, Kind: o.KindName(), Theta: o.Theta, Target: o.Target, Objective: o.Value,
		Mean: fig.Mean, SD: fig.SD, UpperBonus: fig.PUpperBonus, Yahtzee: fig.PYahtzee,
		Distribution: fig.Distribution, DistMin: fig.DistMin}
	switch o.Kind {
	case solver.UpperBonus:
		p.OptimalObjective = best.PUpperBonus
	default:
		// Optimal's figures, read for this objective: the certainty equivalent of
		// optimal's distribution at θ, its P(score ≥ T), or its mean.
		asOptimal := *best
		asOptimal.Objective = &analysis.ObjectiveFigure{Objective: o.Objective}
		v, ok := asOptimal.ObjectiveFromDistribution()
		if !ok {
			return exact.FrontierPoint{}, fmt.Errorf("%s: no value of the objective from optimal's distribution", fig.Strategy)
		}
		p.OptimalObjective = v
	}
	for _, t := range exact.FrontierThresholds {
		p.AtLeast = append(p.AtLeast, exact.AtLeast(fig.Distribution, fig.DistMin, t))
	}
	return p, nil
}

// printFrontier prints the table of a frontier and the time it took.
func printFrontier(w io.Writer, c console, f *exact.Frontier, elapsed time.Duration) error {
	head, rows, _, err := exact.FrontierTable(f, c.lang)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, c.f("exact figures of %s on %s: the strategies that play for an objective",
		c.plural(int64(len(f.Points)), "strategy", "strategies"), describeRules(f.Rules.Name(), f.RuleOptions)))
	fmt.Fprintln(w)
	t := &textTable{}
	t.row(head...)
	for _, r := range rows {
		t.row(r...)
	}
	t.write(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.t("objective: the certainty equivalent (1/θ)·ln E[exp(θ·score)] in points for risk:θ (θ < 0 avoids risk, θ > 0 seeks it),"))
	fmt.Fprintln(w, c.t("P(upper bonus) for bonus, P(score ≥ T) for target:T, the mean for optimal (★); under optimal: the same objective under optimal play"))
	fmt.Fprint(w, "\n"+c.f("computed in %s", c.duration(elapsed)))
	if peak := peakMemory(); peak > 0 {
		fmt.Fprint(w, c.f(", the process at its peak %s of memory", c.megabytes(peak)))
	}
	fmt.Fprintln(w)
	return nil
}

// frontierJSON is what frontier --json writes.
type frontierJSON struct {
	Rules       string                 `json:"rules"`
	RulesHash   string                 `json:"rules_hash"`
	RuleOptions []string               `json:"rule_options"`
	Strategies  []frontierStrategyJSON `json:"strategies"`
	// Provenance is which yams wrote the file, when and with what command.
	Provenance *provenance.Record `json:"provenance,omitempty"`
}

type frontierStrategyJSON struct {
	Strategy  string             `json:"strategy"`
	Objective frontierObjective  `json:"objective"`
	Mean      float64            `json:"mean"`
	SD        float64            `json:"sd"`
	AtLeast   map[string]float64 `json:"p_at_least"`
	// UpperBonus and Yahtzee are left out where the rules have no upper bonus or no
	// five-of-a-kind box.
	UpperBonus *float64 `json:"upper_bonus,omitempty"`
	Yahtzee    *float64 `json:"yahtzee,omitempty"`
}

// frontierObjective is exact's objective and its value under optimal play.
type frontierObjective struct {
	exactObjective
	OptimalValue float64 `json:"optimal_value"`
}

// writeFrontierJSON writes the table of a frontier as JSON.
func writeFrontierJSON(w io.Writer, f *exact.Frontier) error {
	out := frontierJSON{Rules: f.Rules.Name(), RulesHash: f.Rules.Hash(), RuleOptions: f.RuleOptions, Strategies: []frontierStrategyJSON{},
		Provenance: f.Provenance}
	if out.RuleOptions == nil {
		out.RuleOptions = []string{}
	}
	for _, p := range f.Points {
		s := frontierStrategyJSON{Strategy: p.Strategy, Mean: p.Mean, SD: p.SD, AtLeast: map[string]float64{},
			Objective: frontierObjective{exactObjective: exactObjective{Kind: p.Kind, Value: p.Objective}, OptimalValue: p.OptimalObjective}}
		switch p.Kind {
		case exact.FrontierRisk:
			s.Objective.Parameter = &p.Theta
		case exact.FrontierTarget:
			t := float64(p.Target)
			s.Objective.Parameter = &t
		}
		for i, t := range exact.FrontierThresholds {
			s.AtLeast[strconv.Itoa(t)] = p.AtLeast[i]
		}
		if f.Rules.UpperPoints() != 0 {
			s.UpperBonus = &p.UpperBonus
		}
		if f.Rules.FiveOfAKindBox() >= 0 {
			s.Yahtzee = &p.Yahtzee
		}
		out.Strategies = append(out.Strategies, s)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
