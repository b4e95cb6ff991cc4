package optimal

import (
	"errors"
	"fmt"
	"runtime"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/goals"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

// playShape returns the shape of the sheet of rules r, and the memory of the optimal
// strategy's table, estimated before anything is built beyond the columns' spaces: the
// bound of the space is checked first, the product of the columns' for several.
func playShape(r *engine.Rules) (widget.SheetShape, int64, error) {
	if len(r.Columns()) == 1 {
		if err := solver.CheckShapeMemory(r); err != nil {
			return widget.SheetShape{}, 0, err
		}
		sp, err := widget.NewSolverSpace(r)
		if err != nil {
			return widget.SheetShape{}, 0, err
		}
		return widget.ShapeOf(sp), solver.TableMemory(sp), nil
	}
	if err := widget.CheckProductMemory(r); err != nil {
		return widget.SheetShape{}, 0, err
	}
	values, _, err := widget.ProductSize(r)
	if err != nil {
		return widget.SheetShape{}, 0, err
	}
	sh, err := widget.ProductShape(r)
	if err != nil {
		return widget.SheetShape{}, 0, err
	}
	return sh, widget.ProductMemory(values), nil
}

// PlayMemory estimates the memory a simulation of the strategies names on rules r takes
// (of one column or several),
// with regret the evaluator of every decision: shared, what the workers share, the tables
// of this package's strategies that the process holds (the strategies built, as a run
// builds them before its games) and the table the evaluators read; and perWorker, what each
// worker adds, its copy of each strategy of this package and its evaluator. A goal
// strategy (target:T, beat:S) keeps a cache of decisions of 64 MiB per worker (128 MiB
// on rules of more than three rolls), an evaluator a cache of turns (24 MB on hasbro);
// the other strategies of this package a widget of a megabyte or two, the heuristics
// nothing worth counting. Names that are not of this package add nothing.
func PlayMemory(r *engine.Rules, names []string, regret bool) (shared, perWorker int64, err error) {
	var sh *widget.SheetShape
	var table int64
	shape := func() (widget.SheetShape, error) {
		if sh == nil {
			s, t, err := playShape(r)
			if err != nil {
				return s, err
			}
			sh, table = &s, t
		}
		return *sh, nil
	}
	for _, name := range names {
		if name == "win" {
			s, err := shape()
			if err != nil {
				return 0, 0, err
			}
			perWorker += tableplay.WinWorkerMemory(s)
			continue
		}
		o, perr := solver.ParseObjective(name)
		if perr != nil {
			continue
		}
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		if o.Kind == solver.Target || o.Kind == solver.Beat {
			perWorker += goals.GoalWorkerMemory(s)
		} else {
			perWorker += optimalMemory(s)
		}
	}
	if regret {
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		// The evaluator reads a table of its own (LoadOrSolve), and takes the best
		// options from a strategy of it.
		shared += table
		perWorker += analysis.EvaluatorMemory(s) + optimalMemory(s)
	}
	return shared + solver.SharedMemory(r) + tableplay.WinSharedMemory(r), perWorker, nil
}

// CheckAnalysis refuses, before anything is loaded, solved or analysed, an exact analysis
// of strategy name on rules r (Analyze, with opts) whose estimate is over the limit:
// the bound of the state space first, without building it, then the tables the analysis
// loads or solves (a goal's values, the optimal strategy's table beside it, the mean's
// for regret), its arrays over the states, what its workers hold (opts.Workers, 0 for one
// per CPU), and with a distribution the probabilities of the scores so far (half their
// bound, distributionPeak/reachedShare, distGCRoom times over for the copies the garbage
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
		// A sheet of several columns: its table is checked before anything is built;
		// the analysis checks the rest as it goes.
		return widget.CheckProductMemory(r)
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
	// The probabilities of the scores so far, and a vector's header for every state.
	distribution := func(sp *widget.Space) int64 {
		return memlimit.Sum(int64(32*sp.NumStates()), memlimit.Mul(analysis.DistGCRoom, analysis.DistributionPeak(sp)/analysis.ReachedShare))
	}
	o, perr := solver.ParseObjective(name)
	if perr != nil {
		// A strategy analysed state by state, over the exact subtotals.
		if err := check(analysis.AnalysisMemory(r)); err != nil {
			return err
		}
		sp, err := widget.NewSpace(r, r.MaxUpper(), false)
		if err != nil {
			return nil
		}
		need := memlimit.Sum(analysis.AnalysisMemory(r), perWorkers(sp, 1))
		if opts.Regret {
			if err := check(memlimit.Sum(need, solver.ShapeMemory(r))); err != nil {
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
	if err := check(solver.ShapeMemory(r)); err != nil {
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
