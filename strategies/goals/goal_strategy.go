package goals

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// goalStrategy plays target:T or beat:S: at the start of each turn it works out, with a
// widget, the decisions of its state and score so far from the values of the states after
// the turn, and keeps them in a small cache (the early turns of games meet the same pairs
// again and again; later pairs are seldom met twice). Where the goal is settled — the
// open boxes reach it whatever the play, or no play can — every option is worth the same
// to it (goalValues.settled), and it plays the optimal strategy's decisions: the
// expected score is what is left to play for.
type goalStrategy struct {
	t    *solver.Table
	sp   *widget.Space
	gv   *widget.GoalValues
	mean *solver.Strategy
	w    *widget.Widget
	// The current turn: the key of its sheet (filled boxes, score so far, flag, subtotal)
	// and its decisions, or settled to play the mean's.
	key     uint64
	settled bool
	slot    int // the cache's slot of the turn's decisions
	cache   goalCache
	entries [widget.NumRolls]uint32 // a turn's decisions as the widget gives them
}

func newGoalStrategy(t *solver.Table, mean *solver.Policy) *goalStrategy {
	return &goalStrategy{t: t, sp: t.Space, gv: t.GoalValues, mean: solver.NewStrategyFrom(mean), w: t.NewWidget(), key: solver.NoKey,
		cache: newGoalCache(t.Space.Rolls)}
}

// Keep returns the keep of highest value for the goal.
func (s *goalStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if s.load(sh); s.settled {
		return s.mean.Keep(sh, r, rollsLeft)
	}
	return widget.EntryKeep(s.cache.entry(s.slot, r), r, rollsLeft)
}

// Box returns the legal box of highest value for the goal.
func (s *goalStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if s.load(sh); s.settled {
		return s.mean.Box(sh, r, rollsUsed)
	}
	return engine.BoxID(widget.EntryBox(s.cache.entry(s.slot, r)))
}

// load makes the decisions of sheet sh's turn current.
func (s *goalStrategy) load(sh *engine.Sheet) {
	sp := s.sp
	key, points := sp.GoalKey(sh)
	if key == s.key {
		return
	}
	if sh.Rules() != sp.Rules && sh.Rules().Hash() != sp.Rules.Hash() {
		panic(fmt.Sprintf("optimal: a sheet of rules %s handed to the strategy %s of rules %s", sh.Rules().Name(), s.t.Objective(), sp.Rules.Name()))
	}
	mask, u, f, ok := sp.SheetParts(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x, upper %d is not a state of rules %s", sh.FilledMask(), sh.Upper(0), sp.Rules.Name()))
	}
	s.key = key
	g := int(mask)*sp.NumFlags + f
	s.settled = s.gv.Settled(sp, g, mask, u, points)
	if s.settled {
		return
	}
	c := &s.cache
	s.slot = c.slot(key)
	if !c.has(s.slot, key) {
		s.w.DecideGoal(mask, u, f, points, &s.entries)
		c.store(s.slot, key, &s.entries)
	}
}

// goalFor returns the process-wide table of objective o (target:T or beat:S) on rules
// r, loading or solving it once.
func goalFor(r *engine.Rules, o solver.Objective) (*solver.Table, error) {
	e := solver.SharedWith(r, o, GoalOf)
	return e.Table, e.Err
}

// analysisGoal returns the table of objective o on rules r that an analysis follows: the
// process-wide one when a strategy plays it, else one loaded or solved for the analysis
// alone, which the system gets back once the analysis is done (a frontier of several
// targets holds one table of a gigabyte at a time, not all of them).
func analysisGoal(r *engine.Rules, o solver.Objective) (*solver.Table, error) {
	if solver.SharedExists(r, o) {
		return goalFor(r, o)
	}
	t, _, _, err := solver.LoadOrSolveObjective(r, o, false, 0, GoalOf)
	return t, err
}

func init() {
	strategies.RegisterFamily(goalFamily("target", "target:T", "maximises the probability of a final score of T or more exactly, then the expected score once T is reached or out of reach (a table per T, cached on disk)"))
	strategies.RegisterFamily(goalFamily("beat", "beat:S", "maximises the probability of beating strategy S exactly, each player on their own dice, a tie counting half (from S's exact distribution; a table per S, cached on disk)"))
}

// goalFamily is the registry's family of an objective of the final score.
func goalFamily(prefix, syntax, description string) strategies.Family {
	return strategies.Family{
		Prefix:      prefix,
		Syntax:      syntax,
		Description: description,
		Info: func(param string) (strategies.Info, error) {
			o, err := solver.ParseObjective(prefix + ":" + param)
			if err != nil {
				return strategies.Info{}, err
			}
			newGoal := func(r *engine.Rules) (*goalStrategy, error) {
				if err := o.CheckRules(r); err != nil {
					return nil, err
				}
				mean, err := solver.PolicyFor(r, solver.Mean)
				if err != nil {
					return nil, err
				}
				t, err := goalFor(r, o)
				if err != nil {
					return nil, err
				}
				return newGoalStrategy(t, mean), nil
			}
			return strategies.Info{
				Name:        o.Strategy(),
				Description: o.Describe(),
				Memory:      func(r *engine.Rules) (map[string]int64, error) { return solver.TablesMemory(r, o) },
				New: func(r *engine.Rules) (strategies.Strategy, error) {
					s, err := newGoal(r)
					if err != nil {
						return nil, err
					}
					return s, nil
				},
				NewBatch: func(r *engine.Rules, _ int) (strategies.Batch, error) {
					s, err := newGoal(r)
					if err != nil {
						return nil, err
					}
					return &goalBatch{goalStrategy: s, span: widget.MaxGoalWidth}, nil
				},
				BatchGames: goalBatchGames,
			}, nil
		},
	}
}
