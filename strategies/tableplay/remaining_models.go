package tableplay

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/columns"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

var remainings struct {
	sync.Mutex
	m map[string]*sharedRemaining
}

// sharedRemaining is the process's remaining table of a rule set and a strategy, made once.
type sharedRemaining struct {
	once sync.Once
	rm   *remaining
	err  error
}

// remainingFor returns the process-wide distributions of the points still to come under
// strategy name (one remainingModel models exactly) on rules r, computed once.
func remainingFor(r *engine.Rules, name string) (*remaining, error) {
	key := r.Hash() + " " + name
	remainings.Lock()
	if remainings.m == nil {
		remainings.m = map[string]*sharedRemaining{}
	}
	e := remainings.m[key]
	if e == nil {
		e = &sharedRemaining{}
		remainings.m[key] = e
	}
	remainings.Unlock()
	e.once.Do(func() { e.rm, _, _, e.err = loadOrSolveRemaining(r, name, false, 0) })
	return e.rm, e.err
}

// loadOrSolveRemaining loads the distributions of the points still to come under strategy
// name on rules r from the cache, or computes them and saves them there (with force,
// whatever the cache holds): from its table for an objective solved over states
// (optimal, risk:θ, bonus), else from its decisions on a sheet built for each state of
// the solver's space. It returns how long the computation took (0 for a table loaded).
func loadOrSolveRemaining(r *engine.Rules, name string, force bool, workers int) (*remaining, solver.CacheStatus, time.Duration, error) {
	var st solver.CacheStatus
	path, perr := remainingPath(r, name)
	st.Path, st.WriteErr = path, perr
	if perr == nil && !force {
		start := time.Now()
		rm, err := readRemaining(path, r, name)
		if err == nil {
			st.Loaded, st.Load = true, time.Since(start)
			return rm, st, 0, nil
		}
		if errors.Is(err, memlimit.ErrTooLarge) {
			return nil, st, 0, err
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	sp, newDecider, base, err := StateDecisions(r, name, false)
	if err != nil {
		return nil, st, 0, err
	}
	// Before anything is computed: about what the table will take, with the layer it is
	// packed from (solveRemaining checks the real size as it grows).
	estimate := int64(remainingBytesPerState(r) / 4 * float64(sp.CountStates()))
	if err := memlimit.Check(remainingWhat(r, name), memlimit.Sum(base, remainingMemory(sp, estimate+remainingChunk), layerMemory(sp, r))); err != nil {
		return nil, st, 0, err
	}
	start := time.Now()
	what := "win"
	if name != "optimal" {
		what = "win (its model of " + name + ")"
	}
	notice := solver.Notice{Rules: r.Name(), Strategy: what, Path: path, Layers: sp.NumBoxes,
		CacheBytes: int64(remainingBytesPerState(r) * float64(sp.CountStates())), Rejected: st.Rejected}
	solver.Tell(notice)
	rm, err := solveRemaining(sp, newDecider, workers, remainingTail, remainingWhat(r, name), base, func(layers int) {
		notice.Layer = layers
		solver.Tell(notice)
	})
	if err != nil {
		return nil, st, 0, err
	}
	elapsed := time.Since(start)
	notice.Done = true
	solver.Tell(notice)
	if perr == nil {
		// A table that cannot be saved is good all the same: the next run computes it again.
		st.WriteErr = rm.writeFile(path, name, start.UTC().Truncate(time.Second))
	}
	return rm, st, elapsed, nil
}

// WinTables describes the tables the strategy win plays from on a rule set, beside
// optimal's: the distributions of the points still to come under optimal play from every
// state.
type WinTables struct {
	States        int
	Probabilities int64
	// Elapsed is how long their computation took (zero when they were loaded).
	Elapsed time.Duration
	Cache   solver.CacheStatus
}

// LoadOrSolveWin loads the tables of the strategy win on rules r from the cache, or
// computes them and saves them there (with force, whatever the cache holds), with workers
// goroutines (0: one per CPU); optimal's table is loaded or solved first.
func LoadOrSolveWin(r *engine.Rules, force bool, workers int) (WinTables, error) {
	if _, err := solver.PolicyFor(r, solver.Mean); err != nil {
		return WinTables{}, err
	}
	rm, st, elapsed, err := loadOrSolveRemaining(r, "optimal", force, workers)
	if err != nil {
		return WinTables{}, err
	}
	return WinTables{States: rm.sp.CountStates(), Probabilities: rm.probs, Elapsed: elapsed, Cache: st}, nil
}

// remainingBytesPerState is about what a remaining table takes per state in its file, for
// the notice of a first solve: about 2 KiB on hasbro, whose extra bonuses make long
// tails, 700 bytes on yams-app, without them.
func remainingBytesPerState(r *engine.Rules) float64 {
	if r.ExtraPoints() != 0 {
		return 2100
	}
	return 700
}

// remainingModel returns the distributions that model a player of strategy name on rules
// r: the strategy's own where WinAssumes says it follows them, else nil (optimal's).
func remainingModel(r *engine.Rules, name string) (*remaining, error) {
	as, _, err := WinAssumes(r, name)
	if err != nil || as != "" {
		return nil, err
	}
	if o, err := solver.ParseObjective(name); err == nil {
		return remainingFor(r, o.Strategy())
	}
	return remainingFor(r, name)
}

// WinAssumes says how the strategy win expects a player of strategy name to play the rest
// of a game on rules r. It follows the strategy's own decisions (and returns "") where they
// depend on the state alone (the filled boxes, the subtotal up to the bonus threshold, the
// yahtzee flag) and the dice, as the exact analysis does: optimal, risk:θ, bonus, greedy,
// upper-first. For any other player it returns the strategy it assumes in its place,
// optimal, and why: target:T and beat:S decide by the points scored too, win by the whole
// table, random draws its decisions, and a bot (an external strategy) is not yams's to
// analyse. An error is a strategy that cannot play the rules.
//
// On a sheet of several columns win models every other player as column-tables plays
// (columnsWin): it returns "" for column-tables, and column-tables for any other.
func WinAssumes(r *engine.Rules, name string) (as, why string, err error) {
	if len(r.Columns()) > 1 {
		if name == columns.ColumnTablesName {
			return "", "", nil
		}
		return columns.ColumnTablesName, "on a sheet of several columns win models every player from column-tables's play", nil
	}
	if o, err := solver.ParseObjective(name); err == nil {
		if o.Kind == solver.Target || o.Kind == solver.Beat {
			return "optimal", "its decisions depend on the points scored, not only on the state", nil
		}
		return "", "", nil
	}
	info, err := strategies.Resolve(name)
	switch {
	case err != nil || info.New == nil:
		return "optimal", "yams cannot analyse a bot's decisions", nil
	case info.Table:
		return "optimal", "its decisions depend on the whole table", nil
	case info.NewBatch != nil:
		return "optimal", "its decisions are worked out in play", nil
	}
	st, err := info.New(r)
	if err != nil {
		return "", "", fmt.Errorf("strategy %s: %w", name, err)
	}
	if _, random := st.(strategies.GameStarter); random {
		return "optimal", "it draws its decisions at random", nil
	}
	return "", "", nil
}

// StateDecisions returns how the decisions of strategy name on rules r are followed state
// by state: the space of its states, a constructor of a decider (one per worker), and the
// memory its tables take. An objective solved over states (optimal, risk:θ, bonus) decides
// from its table, on the solver's space; any other strategy is asked for its decisions on
// a sheet built for each state (analysis.Synth), on the solver's space (subtotals capped
// at the bonus threshold, those out of its reach merged) or, with exact, on the space of
// exact subtotals that the exact analysis of a strategy walks. It is exact for the
// strategies WinAssumes follows; the caller refuses the others.
func StateDecisions(r *engine.Rules, name string, exact bool) (*widget.Space, func() (analysis.Decider, error), int64, error) {
	if o, err := solver.ParseObjective(name); err == nil {
		p, err := solver.PolicyFor(r, o)
		if err != nil {
			return nil, nil, 0, err
		}
		return p.Space, func() (analysis.Decider, error) {
			return &analysis.OptimalDecider{Filler: solver.NewGroupFiller(p), P: p}, nil
		}, p.Bytes(), nil
	}
	info, err := strategies.Resolve(name)
	if err != nil {
		return nil, nil, 0, err
	}
	newSpace := widget.NewSolverSpace
	if exact {
		newSpace = widget.ExactSpace
	}
	sp, err := newSpace(r)
	if err != nil {
		return nil, nil, 0, err
	}
	sy, err := analysis.NewSynth(sp)
	if err != nil {
		return nil, nil, 0, err
	}
	return sp, func() (analysis.Decider, error) {
		s, err := info.New(r)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", name, err)
		}
		return &analysis.StrategyDecider{Synth: sy, Strategy: s, Name: name}, nil
	}, 0, nil
}
