package optimal

import (
	"errors"
	"fmt"
	"runtime"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/columns"
	"yams/strategies/goals"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

// PlayMemory estimates, before any strategy is built, the memory a simulation of the
// strategies names on rules r takes (of one column or several), with regret the
// evaluator of every decision: shared, the process itself (memlimit.Process) and the
// tables the workers share, each counted once
// (strategies.Info.Memory: the solved tables, their decisions, the pairs of a goal, a
// rule file's table of decisions, win's distributions of the points still to come for
// every player's model), and perWorker, what each worker adds, its copy of each strategy
// and its evaluator. A goal strategy (target:T, beat:S) keeps a cache of decisions of 64
// MiB per worker (128 MiB on rules of more than three rolls), an evaluator a cache of
// turns (24 MB on hasbro); the other exact strategies a widget of a megabyte or two, the
// heuristics nothing worth counting. A name that is no registered strategy (a bot not
// yet declared), or a strategy that cannot play the rules (building it says why), adds
// nothing. It fails where a table alone would not fit in --max-memory, with the estimate.
func PlayMemory(r *engine.Rules, names []string, regret bool) (shared, perWorker int64, err error) {
	tables := map[string]int64{"process": memlimit.Process}
	// A table read by several strategies counts once, at the most any of them takes of it
	// (optimal plays from its decoded decisions, column-tables reads its values).
	add := func(m map[string]int64) {
		for key, need := range m {
			tables[key] = max(tables[key], need)
		}
	}
	var sh *widget.SheetShape
	shape := func() (widget.SheetShape, error) {
		if sh == nil {
			s, err := widget.SheetShapeOf(r)
			if err != nil {
				return s, err
			}
			sh = &s
		}
		return *sh, nil
	}
	for _, name := range names {
		info, err := strategies.Resolve(name)
		if err != nil {
			continue
		}
		var m map[string]int64
		switch {
		case name == "win":
			m, err = tableplay.WinTablesMemory(r, names)
		case info.Memory != nil:
			m, err = info.Memory(r)
		}
		if errors.Is(err, memlimit.ErrTooLarge) {
			return 0, 0, err
		}
		if err != nil {
			continue // a strategy that cannot play the rules: building it says why
		}
		add(m)
		if m == nil {
			continue // a strategy without tables: a heuristic's worker holds nothing worth counting
		}
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		switch o, perr := solver.ParseObjective(name); {
		case name == "win" && len(r.Columns()) > 1:
			perWorker += tableplay.ColumnsWinWorkerMemory()
		case name == "win":
			perWorker += tableplay.WinWorkerMemory(s)
		case perr == nil && (o.Kind == solver.Target || o.Kind == solver.Beat):
			perWorker += goals.GoalWorkerMemory(s)
		case perr == nil:
			perWorker += optimalMemory(s)
		}
	}
	if regret {
		// The evaluator reads the optimal table (LoadOrSolve), and takes the best options
		// from a strategy of it: one of each a worker, which its strategies share.
		m, err := solver.TablesMemory(r, solver.Mean)
		if err != nil {
			return 0, 0, err
		}
		add(m)
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		perWorker += analysis.EvaluatorMemory(s) + optimalMemory(s)
	}
	for _, need := range tables {
		shared = memlimit.Sum(shared, need)
	}
	return shared, perWorker, nil
}

// CheckAnalysis refuses, before anything is loaded, solved or analysed, an exact analysis
// of strategy name on rules r (Analyze, with opts) whose estimate is over the limit:
// the bound of the state space first, without building it, then the tables the analysis
// loads or solves (a goal's values, the optimal strategy's table beside it, the mean's
// for regret), its arrays over the states, what its workers hold (opts.Workers, 0 for one
// per CPU), and with a distribution the probabilities of the scores so far
// (analysis.ReachedBytes, DistGCRoom times over for the copies the garbage
// collector has yet to reclaim), against opts.DistributionBudget (or the limit). Analyze checks as it goes
// too; this check spares a computation of minutes that would be refused in the end. It
// is nil for a name of no strategy and for rules no analysis takes (Analyze says what is
// wrong with them); on a sheet of several columns it checks the table alone.
func CheckAnalysis(name string, r *engine.Rules, opts analysis.Options) error {
	return checkAnalyses([]string{name}, r, opts, false)
}

// CheckAnalyses is CheckAnalysis for the analyses of names one after another, as yams
// frontier runs them, optimal's first: its table stays in memory for the others.
func CheckAnalyses(names []string, r *engine.Rules, opts analysis.Options) error {
	return checkAnalyses(names, r, opts, true)
}

func checkAnalyses(names []string, r *engine.Rules, opts analysis.Options, meanKept bool) error {
	for _, name := range names {
		if err := checkAnalysis(name, r, opts, meanKept); err != nil {
			return err
		}
	}
	return nil
}

// checkAnalysis is CheckAnalysis; meanKept says that the process holds the mean's table
// beside the analysis.
func checkAnalysis(name string, r *engine.Rules, opts analysis.Options, meanKept bool) error {
	if len(r.Columns()) != 1 {
		return checkProductAnalysis(name, r, opts)
	}
	limit := memlimit.Limit()
	if opts.Distribution && opts.DistributionBudget > 0 {
		limit = opts.DistributionBudget
	}
	what := fmt.Sprintf("the exact analysis of %s on rules %s", name, r.Name())
	if opts.Distribution {
		what += " with its distribution"
	}
	check := func(need int64) error {
		if need > limit {
			return &memlimit.Error{What: what, Need: need, Limit: limit}
		}
		return nil
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// What the workers of the analysis hold: each a widget it decides with (a goal's
	// worker two, the goal's and the mean's), and with regret an evaluator of its own,
	// which evaluates blocks of states without a cache of turns.
	perWorkers := func(sp *widget.Space, widgets int64) int64 {
		n := widgets * widget.WidgetMemory(widget.ShapeOf(sp))
		if opts.Regret {
			n += analysis.EvaluatorMemory(widget.ShapeOf(sp)) - analysis.TurnCacheMemory(widget.ShapeOf(sp))
		}
		return memlimit.Mul(int64(workers), n)
	}
	// The bound of a space (its values and its own tables, about half each) is checked
	// before the space is built: rules whose space alone would not fit are refused with
	// it; below that, the space is built and the whole estimate given, so that the line
	// of a refusal says what the analysis would take.
	beyondSpace := func(bound int64) error {
		if bound/2 > limit {
			return check(bound)
		}
		return nil
	}
	// The probabilities of the scores so far, and a vector's header for every state.
	distribution := func(sp *widget.Space) int64 {
		return memlimit.Sum(int64(32*sp.NumStates()), memlimit.Mul(analysis.DistGCRoom, analysis.ReachedBytes(sp)))
	}
	o, perr := solver.ParseObjective(name)
	if perr != nil {
		// A strategy analysed state by state, over the exact subtotals.
		if err := beyondSpace(analysis.AnalysisMemory(r)); err != nil {
			return err
		}
		sp, err := widget.NewSpace(r, r.MaxUpper(), false)
		if err != nil {
			return nil
		}
		need := memlimit.Sum(analysis.AnalysisMemory(r), perWorkers(sp, 1), strategyTables(name, r))
		if opts.Regret {
			if err := beyondSpace(solver.ShapeMemory(r)); err != nil {
				return err
			}
			ssp, err := widget.NewSolverSpace(r)
			if err != nil {
				return nil
			}
			need = memlimit.Sum(need, solver.TableMemory(ssp))
		}
		if opts.Distribution {
			need = memlimit.Sum(need, distribution(sp))
		}
		return check(need)
	}
	if err := beyondSpace(solver.ShapeMemory(r)); err != nil {
		return err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return nil
	}
	table := solver.TableMemory(sp)
	// The table, the moments of every state, and the workers.
	need := memlimit.Sum(table, int64(3*8*sp.NumStates()), perWorkers(sp, 1))
	switch o.Kind {
	case solver.Target, solver.Beat:
		// The goal's values beside the mean's table, a second widget per worker; the
		// distribution is always computed. Beat's goal is at most as wide as the scores.
		gl := widget.Goal{From: o.Target, Upto: o.Target}
		if o.Kind == solver.Beat {
			lowest, highest := sp.FinalBounds()
			gl = widget.Goal{From: lowest, Upto: highest + 1}
		} else if err := o.CheckSpace(sp); err != nil {
			if errors.Is(err, memlimit.ErrTooLarge) {
				return err
			}
			return nil // Analyze says what is wrong with the target
		}
		values := memlimit.Mul(8, widget.NewGoalValues(sp, gl).Size())
		return check(memlimit.Sum(need, perWorkers(sp, 1), values, distribution(sp)))
	case solver.UpperBonus:
		need = memlimit.Sum(need, table) // the mean's table, which bonus plays once the bonus is settled
	case solver.Risk:
		if opts.Regret || meanKept {
			need = memlimit.Sum(need, table) // the mean's table beside
		}
	}
	if opts.Distribution {
		need = memlimit.Sum(need, distribution(sp))
	}
	return check(need)
}

// optimalMemory is the memory of the optimal strategy of a worker on a sheet of shape sh,
// of one column (strategyMemory) or several (productStrategyMemory).
func optimalMemory(sh widget.SheetShape) int64 {
	if sh.Columns > 1 {
		return solver.ProductStrategyMemory(sh)
	}
	return solver.StrategyMemory(sh)
}

// strategyTables estimates the tables the strategy name reads (a rule file's table of
// decisions, the columns' tables of column-tables): what it holds beside an analysis
// that asks it for its decisions state by state.
func strategyTables(name string, r *engine.Rules) int64 {
	info, err := strategies.Resolve(name)
	if err != nil || info.Memory == nil {
		return 0
	}
	tables, err := info.Memory(r)
	if err != nil {
		return 0 // the analysis says why the strategy cannot play the rules
	}
	var n int64
	for _, need := range tables {
		n = memlimit.Sum(n, need)
	}
	return n
}

// checkProductAnalysis is checkAnalysis on a sheet of several columns: for optimal, its
// table and three numbers per state of it; for another strategy, three numbers per state
// of the product of the columns' spaces as its analysis lays them out
// (columns.ProductAnalysisMemory), the tables the strategy reads, and with regret the
// optimal table. Each is checked before anything is built; the analysis checks
// the rest as it goes.
func checkProductAnalysis(name string, r *engine.Rules, opts analysis.Options) error {
	what := fmt.Sprintf("the exact analysis of %s on rules %s (%d columns)", name, r.Name(), len(r.Columns()))
	o, perr := solver.ParseObjective(name)
	if perr == nil {
		if o != solver.Mean {
			return nil // Analyze says that only optimal is solved on several columns
		}
		values, table, err := widget.ProductTable(r)
		if err != nil {
			return err
		}
		return memlimit.Check(what, memlimit.Sum(table, memlimit.Mul(int64(min(values, 1<<58)), 3*8)))
	}
	need, err := columns.ProductAnalysisMemory(name, r)
	if err != nil {
		return nil // Analyze says what is wrong with the rules
	}
	need = memlimit.Sum(need, strategyTables(name, r))
	if opts.Regret {
		_, table, err := widget.ProductTable(r)
		if err != nil {
			return err
		}
		need = memlimit.Sum(need, table)
	}
	return memlimit.Check(what, need)
}
