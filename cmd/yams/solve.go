package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/columns"
	"yams/strategies/optimal"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

func init() {
	register(&command{
		name:    "solve",
		summary: "solve the rules exactly: the optimal expected score, and the table the optimal strategy plays from",
		run:     runSolve,
	})
}

func runSolve(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	memory := addMemoryFlag(fs)
	force := fs.Bool("force", false, "solve again, whatever the cache holds")
	strategy := addStrategyFlag(fs, "the strategy `NAME` to solve for: optimal (the expected score), bonus (P(upper bonus)), risk:θ (the certainty equivalent (1/θ)·ln E[exp(θ·score)]), target:T (P(score ≥ T)) beat:S (P(beating strategy S), from its exact distribution) or win (the chance of finishing first at a table: the distributions of the points still to come under optimal play)")
	workers := addWorkersFlag(fs)
	jsonOut := addJSONFlag(fs, "the solved value and where the table is")
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	if strings.Contains(*strategy, ",") {
		return usagef("--strategy %s: solve takes one strategy", *strategy)
	}
	if *strategy == "win" {
		if jsonOut.given() {
			return usagef("--json: win has no value of its own to write (its chance of winning depends on the table): yams compare --players win,optimal --json measures it")
		}
		return solveWin(e, rules, rulesFlags.options, *force, int(*workers))
	}
	obj, err := solver.ParseObjective(*strategy)
	if err != nil {
		return usagef("--strategy: %v", err)
	}
	if err := jsonOut.check(); err != nil {
		return err
	}
	t, st, err := optimal.LoadOrSolveFor(rules, obj, *force, int(*workers))
	if errors.Is(err, solver.ErrObjective) {
		return badInput(fmt.Errorf("--strategy: %w", err))
	}
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return badInput(err)
	}
	if err != nil {
		return err
	}
	w := jsonOut.textOut(e)
	rs := describeRules(rules.Name(), rulesFlags.options)
	switch obj.Kind {
	case solver.Risk:
		fmt.Fprintf(w, "rules %s (hash %s): strategy %s, certainty equivalent %.7f points\n", rs, rules.Hash(), obj, t.Value())
	case solver.UpperBonus:
		fmt.Fprintf(w, "rules %s (hash %s): strategy bonus, P(upper bonus) %.7f%%\n", rs, rules.Hash(), 100*t.Value())
	case solver.Target:
		fmt.Fprintf(w, "rules %s (hash %s): strategy %s, P(score ≥ %d) %.7f%%\n", rs, rules.Hash(), obj, obj.Target, 100*t.Value())
	case solver.Beat:
		fmt.Fprintf(w, "rules %s (hash %s): strategy %s, P(beating %s) %.7f%% (each on their own dice, a tie counting half)\n", rs, rules.Hash(), obj, obj.Opponent, 100*t.Value())
	default:
		fmt.Fprintf(w, "rules %s (hash %s): optimal expected score %.7f\n", rs, rules.Hash(), t.Expected())
	}
	if st.Rejected != nil {
		e.note("the cache file was not used: %v", st.Rejected)
	}
	if st.Loaded {
		what := "table and decisions"
		if !t.HasDecisions() {
			what = "values"
		}
		fmt.Fprintf(w, "%s loaded from %s in %s (solved earlier; --force solves again)\n", what, st.Path, duration(st.Load))
	} else {
		if obj.Kind == solver.Target || obj.Kind == solver.Beat {
			fmt.Fprintf(w, "solved in %s: the best value of %s from each of the %s turn-start states and every score so far (%s pairs stored; the decisions are worked out from them in play)\n",
				duration(t.Elapsed), obj, thousands(int64(t.States())), thousands(t.Pairs()))
		} else if !t.HasDecisions() {
			fmt.Fprintf(w, "solved in %s: the value of each of the %s turn-start states of its %d columns (the decisions are worked out from them in play, a turn at a time)\n",
				duration(t.Elapsed), thousands(int64(t.States())), len(rules.Columns()))
		} else {
			fmt.Fprintf(w, "solved in %s: the value and the best decisions of each of the %s turn-start states\n", duration(t.Elapsed), thousands(int64(t.States())))
		}
		reportWrite(e, w, st.Path, st.WriteErr)
	}
	return jsonOut.write(e, func(out io.Writer) error {
		js, err := indentedJSON(solveResult(rules, rulesFlags.options, obj, t, st))
		if err == nil {
			_, err = out.Write(js)
		}
		return err
	})
}

// solveJSON is what solve --json writes: the rules, the strategy solved for, its value
// from the empty sheet (what it maximises: the expected score for optimal, a probability
// for bonus, target:T and beat:S, a certainty equivalent in points for risk:θ), the
// states, and the cache file.
type solveJSON struct {
	Rules       string   `json:"rules"`
	RulesHash   string   `json:"rules_hash"`
	RuleOptions []string `json:"rule_options"`
	Strategy    string   `json:"strategy"`
	Objective   string   `json:"objective"`
	Value       float64  `json:"value"`
	States      int      `json:"states"`
	// Pairs are the (state, score so far) pairs a goal (target:T, beat:S) stores.
	Pairs  int64  `json:"pairs,omitempty"`
	Cache  string `json:"cache_file,omitempty"`
	Loaded bool   `json:"loaded"` // from the cache, rather than solved
}

func solveResult(rules *engine.Rules, options []string, obj solver.Objective, t *solver.Table, st solver.CacheStatus) solveJSON {
	out := solveJSON{Rules: rules.Name(), RulesHash: rules.Hash(), RuleOptions: append([]string{}, options...), Strategy: obj.Strategy(),
		Objective: obj.KindName(), Value: t.Value(), States: t.States(), Loaded: st.Loaded}
	if obj.Kind == solver.Target || obj.Kind == solver.Beat {
		out.Pairs = t.Pairs()
	}
	if st.WriteErr == nil {
		out.Cache = st.Path
	}
	return out
}

// reportWrite says on w where a cache file went, or why it could not be written (the
// results stand all the same).
func reportWrite(e *env, w io.Writer, path string, err error) {
	if err != nil {
		e.note("not cached: %v", err)
		return
	}
	size := int64(0)
	if fi, err := os.Stat(path); err == nil {
		size = fi.Size()
	}
	fmt.Fprintf(w, "written to %s (%s)\n", path, fileSize(size))
}

// solveWin loads or computes the tables of the strategy win: the distributions of the
// points still to come under optimal play from every state, beside optimal's table.
func solveWin(e *env, rules *engine.Rules, options []string, force bool, workers int) error {
	if len(rules.Columns()) > 1 {
		return solveColumnsWin(e, rules, options, force, workers)
	}
	wt, err := tableplay.LoadOrSolveWin(rules, force, workers)
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return badInput(err)
	}
	if err != nil {
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "rules %s (hash %s): strategy win, the distribution of the points still to come under optimal play from each of the %s turn-start states (%s probabilities; its decisions are worked out in play, against the other players' sheets)\n",
		describeRules(rules.Name(), options), rules.Hash(), thousands(int64(wt.States)), thousands(wt.Probabilities))
	st := wt.Cache
	if st.Rejected != nil {
		e.note("the cache file was not used: %v", st.Rejected)
	}
	if st.Loaded {
		fmt.Fprintf(w, "distributions loaded from %s in %s (computed earlier; --force computes them again)\n", st.Path, duration(st.Load))
		return nil
	}
	fmt.Fprintf(w, "computed in %s\n", duration(wt.Elapsed))
	reportWrite(e, w, st.Path, st.WriteErr)
	return nil
}

// solveColumnsWin loads or computes what the strategy win reads on a sheet of several
// columns: each kind of column's distributions of the points still to come, and
// column-tables's calibration.
func solveColumnsWin(e *env, rules *engine.Rules, options []string, force bool, workers int) error {
	w := e.stdout
	fmt.Fprintf(w, "rules %s (hash %s): strategy win on %d columns, from estimates: each column's distributions of the points still to come under optimal play of the column alone, and column-tables's calibration\n",
		describeRules(rules.Name(), options), rules.Hash(), len(rules.Columns()))
	seen := map[string]bool{}
	for c, col := range rules.Columns() {
		cr, err := rules.ColumnRules(c)
		if err != nil {
			return err
		}
		if seen[cr.Hash()] {
			continue
		}
		seen[cr.Hash()] = true
		wt, err := tableplay.LoadOrSolveWin(cr, force, workers)
		if errors.Is(err, memlimit.ErrTooLarge) {
			return badInput(err)
		}
		if err != nil {
			return fmt.Errorf("column %s: %w", col.Name, err)
		}
		st := wt.Cache
		if st.Rejected != nil {
			e.note("the cache file was not used: %v", st.Rejected)
		}
		if st.Loaded {
			fmt.Fprintf(w, "column %s: %s states, %s probabilities, loaded from %s in %s\n", col.Name, thousands(int64(wt.States)), thousands(wt.Probabilities), st.Path, duration(st.Load))
			continue
		}
		fmt.Fprintf(w, "column %s: %s states, %s probabilities, computed in %s\n", col.Name, thousands(int64(wt.States)), thousands(wt.Probabilities), duration(wt.Elapsed))
		reportWrite(e, w, st.Path, st.WriteErr)
	}
	start := time.Now()
	if _, err := columns.CalibrationFor(rules); err != nil {
		return err
	}
	fmt.Fprintf(w, "column-tables's calibration (what it goes on to score from each count of open boxes, and how widely) ready in %s\n", duration(time.Since(start)))
	return nil
}
