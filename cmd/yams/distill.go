package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"yams/internal/memlimit"
	"yams/internal/provenance"
	"yams/reports/distillation"
	"yams/strategies/distill"
	"yams/strategies/widget"
)

func init() {
	register(&command{
		name:    "distill",
		summary: "learn strategies written as rules from the optimal strategy: for each size N, N rules that lose few points against optimal play",
		run:     runDistill,
	})
}

// defaultSizes are the sizes of the files distill learns by default.
const defaultSizes = "1,2,3,5,10"

// maxSize bounds --size: far more rules than a person reads, and a learning of hours.
const maxSize = 200

func runDistill(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	sizeList := fs.String("size", defaultSizes, "the sizes of the rule files to learn, `LIST` of numbers of rules (besides the two defaults), comma-separated; the learning adds rules up to the largest")
	states := fs.Int("states", distill.DefaultStates, "the turn-start states sampled for each turn at each step, `N` (more: better choices of rules, slower steps)")
	seed := addSeedFlag(fs)
	averages := fs.Bool("averages", true, "give every file the boxes' averages under optimal play, above which \"score best\" and \"keep for\" count the points (false: the points alone, as greedy; docs/rules.md)")
	out := addReportFlags(fs, "the learned files and the report: each file as rules-N.rules, the tables as Markdown and CSV, the figures as SVG and PNG, and report.html", true)
	jsonOut := addJSONFlag(fs, "the files and their figures")
	workers := addWorkersFlag(fs)
	memory := addMemoryFlag(fs)
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	sizes, err := parseSizes(*sizeList)
	if err != nil {
		return usagef("--size: %v", err)
	}
	if *states < 1 || *states > distill.MaxStates {
		return usagef("--states %d: want 1 to %d", *states, distill.MaxStates)
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if len(rules.Columns()) != 1 {
		return badInput(fmt.Errorf("rules %s have %d columns: a rule file plays a sheet of one column, and distill learns from the exact solve of one", rules.Name(), len(rules.Columns())))
	}
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	text := jsonOut.textOut(e)

	fmt.Fprintf(e.stderr, "yams: distill: learning up to %s on %s from the optimal strategy, each rule checked by an exact analysis\n",
		plural(sizes[len(sizes)-1], "rule", "rules"), describeRules(rules.Name(), rulesFlags.options))
	// The learning cannot stop half-way: a signal ends the command at once, with what it
	// learned so far in one line (the rules are the lines printed above it).
	var learned struct {
		sync.Mutex
		last *distill.Step
	}
	stopHalting := e.haltOnSignal(func() string {
		learned.Lock()
		defer learned.Unlock()
		if learned.last == nil {
			return "before the learning began (the learning is not resumable)"
		}
		return fmt.Sprintf("after learning %d of %d rules (exact mean %.4f, as printed above; the learning is not resumable)",
			learned.last.N, sizes[len(sizes)-1], learned.last.Mean)
	})
	defer stopHalting()
	sampled := *states
	res, err := distill.Learn(rules, distill.Options{Sizes: sizes, States: *states, Workers: int(*workers), Seed: *seed, Averages: *averages,
		RuleSet: rulesFlags.ruleSetRef(),
		Progress: func(s distill.Step) {
			if s.States != sampled {
				fmt.Fprintf(e.stderr, "      (no rule raised the mean: %d states sampled a turn from here)\n", s.States)
				sampled = s.States
			}
			for _, a := range s.Dropped {
				fmt.Fprintf(e.stderr, "      %.4f  (dropped: %s)\n", a.Mean, a.Rule)
			}
			fmt.Fprintf(e.stderr, "%4d  %.4f  %s\n", s.N, s.Mean, s.Rule)
			learned.Lock()
			learned.last = &s
			learned.Unlock()
			if pause != nil {
				pause("distill-step", "")
			}
		}})
	if errors.Is(err, memlimit.ErrTooLarge) || errors.Is(err, widget.ErrColumns) {
		return badInput(err)
	}
	if err != nil {
		return err
	}
	if res.Short {
		last := res.Steps[len(res.Steps)-1]
		e.note("the learning stopped at %s (%.4f): no rule the search found raised the exact mean (%d tried)", plural(last.N, "rule", "rules"), last.Mean, len(res.Stopped))
	}
	d := distillationOf(res, rulesFlags.options, *states, *seed)
	d.Provenance = e.provenance()
	return writeComputed(e, text, jsonOut, out,
		func(w io.Writer) error { return printDistillation(w, d, out.lang.lang) },
		func(w io.Writer) error { return writeDistillJSON(w, d) },
		func(dir string) ([]string, error) { return distillation.Write(dir, d, out.lang.lang) })
}

// parseSizes reads --size: distinct numbers of rules from 1 to maxSize, returned in
// increasing order. Its errors name the value that is wrong, never the whole list, which
// may be long.
func parseSizes(list string) ([]int, error) {
	return parseDistinct(list, func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxSize {
			return 0, fmt.Errorf("%s is not a number of rules from 1 to %d", quoteShort(s), maxSize)
		}
		return n, nil
	}, "%s given twice")
}

// distillationOf turns what distill learned into what the reports show.
func distillationOf(res *distill.Result, options []string, states int, seed uint64) *distillation.Distillation {
	r := res.Rules
	d := &distillation.Distillation{Rules: r, RuleOptions: options, Optimal: res.Optimal, Greedy: res.Greedy, UpperFirst: res.UpperFirst,
		States: states, Seed: seed, Elapsed: duration(res.Elapsed), Averaged: res.Averaged}
	for _, s := range res.Steps {
		d.Steps = append(d.Steps, distillation.DistillStep{N: s.N, Rule: s.Rule, Mean: s.Mean})
	}
	for _, f := range res.Files {
		fig := f.Figures
		df := distillation.DistilledFile{N: f.N, File: f.File, Mean: fig.Mean, SD: fig.SD, UpperBonus: fig.PUpperBonus, Yahtzee: fig.PYahtzee}
		if rg := fig.Regret; rg != nil {
			df.Regret = distillation.DistillRegret{Total: rg.Total, Keep: rg.Keep, Box: rg.Box, ByBox: rg.ByBox}
		}
		d.Files = append(d.Files, df)
	}
	return d
}

// printDistillation prints the table of the files, then each file in words.
func printDistillation(w io.Writer, d *distillation.Distillation, lang string) error {
	head, rows, _, err := distillation.DistillTable(d, "en")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "rule files learned on %s from the optimal strategy, exact figures\n\n", describeRules(d.Rules.Name(), d.RuleOptions))
	t := &textTable{}
	t.row(head...)
	for _, r := range rows {
		t.row(r...)
	}
	t.write(w)
	fmt.Fprintln(w, "(rules: besides the two defaults; below optimal: the points the file loses per game against optimal play, which its keeps and boxes cost)")
	if d.Averaged && len(d.Files) > 0 {
		fmt.Fprintln(w, "(every file gives the boxes' averages under optimal play: \"score best\" and \"keep for\" count a box's points above its average)")
	}
	par := "" // what par is, said once below the files that speak of it
	for _, f := range d.Files {
		words, err := f.File.Explain(d.Rules, lang)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s: exact mean %.4f, %.4f below optimal\n%s", distillation.FileName(f.N), f.Mean, d.Optimal-f.Mean, words)
		if note := parNote(words, lang); note != "" {
			par = note
		}
	}
	fmt.Fprint(w, par)
	fmt.Fprintf(w, "\nlearned in %s", d.Elapsed)
	if peak := peakMemory(); peak > 0 {
		fmt.Fprintf(w, ", the process at its peak %s of memory", megabytes(peak))
	}
	fmt.Fprintln(w)
	return nil
}

// distillJSON is what distill --json writes.
type distillJSON struct {
	Rules       string            `json:"rules"`
	RulesHash   string            `json:"rules_hash"`
	RuleOptions []string          `json:"rule_options"`
	Optimal     float64           `json:"optimal_mean"`
	Greedy      float64           `json:"greedy_mean"`
	UpperFirst  float64           `json:"upper_first_mean"`
	Steps       []distillStepJSON `json:"steps"`
	Files       []distillFileJSON `json:"files"`
	Sampling    distillSampleJSON `json:"sampling"`
	// Provenance is which yams wrote the file, when and with what command.
	Provenance *provenance.Record `json:"provenance,omitempty"`
}

type distillStepJSON struct {
	Rules int     `json:"rules"`
	Rule  string  `json:"rule,omitempty"`
	Mean  float64 `json:"mean"`
}

type distillSampleJSON struct {
	States int    `json:"states"`
	Seed   uint64 `json:"seed"`
}

type distillFileJSON struct {
	Rules      int               `json:"rules"`
	Text       string            `json:"text"`
	Mean       float64           `json:"mean"`
	SD         float64           `json:"stddev"`
	UpperBonus *float64          `json:"upper_bonus,omitempty"`
	Yahtzee    *float64          `json:"yahtzee,omitempty"`
	Regret     distillRegretJSON `json:"regret"`
}

type distillRegretJSON struct {
	Total float64            `json:"total"`
	Keeps []float64          `json:"keeps"`
	Box   float64            `json:"box"`
	ByBox map[string]float64 `json:"by_box"`
}

func writeDistillJSON(w io.Writer, d *distillation.Distillation) error {
	r := d.Rules
	out := distillJSON{Rules: r.Name(), RulesHash: r.Hash(), RuleOptions: d.RuleOptions, Optimal: d.Optimal, Greedy: d.Greedy,
		UpperFirst: d.UpperFirst, Sampling: distillSampleJSON{States: d.States, Seed: d.Seed},
		Provenance: d.Provenance}
	if out.RuleOptions == nil {
		out.RuleOptions = []string{}
	}
	for _, s := range d.Steps {
		out.Steps = append(out.Steps, distillStepJSON{Rules: s.N, Rule: s.Rule, Mean: s.Mean})
	}
	for _, f := range d.Files {
		fj := distillFileJSON{Rules: f.N, Text: f.File.String(), Mean: f.Mean, SD: f.SD,
			Regret: distillRegretJSON{Total: f.Regret.Total, Keeps: f.Regret.Keep, Box: f.Regret.Box, ByBox: map[string]float64{}}}
		if r.UpperPoints() != 0 {
			fj.UpperBonus = &f.UpperBonus
		}
		if r.FiveOfAKindBox() >= 0 {
			fj.Yahtzee = &f.Yahtzee
		}
		for b, c := range f.Regret.ByBox {
			fj.Regret.ByBox[r.Boxes()[b].ID] = c
		}
		out.Files = append(out.Files, fj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
