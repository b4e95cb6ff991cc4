package optimal

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
)

// targetStrategy plays target:T: at the start of each turn it works out, with a widget,
// the decisions of its state and points still needed from the values of the states after
// the turn, and keeps them in a small cache (the early turns of games meet the same pairs
// again and again; later pairs are seldom met twice). Where the target is settled — the
// points already scored reach it, or no play can reach it any more — every option is
// worth the same to the target (targetValues.settled: the open boxes score the points
// still needed whatever the play, or no play can score them), and it plays the optimal
// strategy's decisions: the expected score is what is left to play for.
type targetStrategy struct {
	t    *Table
	sp   *space
	tv   *targetValues
	mean *Strategy
	w    *widget
	// The current turn: the key of its sheet (filled boxes, subtotal, flag, need) and its
	// decisions, or settled to play the mean's.
	key     uint64
	settled bool
	out     *[numRolls]uint32
	cache   targetCache
}

// targetCache keeps the decisions of the (state, need) pairs worked out last, a slot per
// key (the newest wins).
type targetCache struct {
	keys []uint64
	dec  [][numRolls]uint32
}

const targetCacheLog2 = 12 // 4,096 pairs: 4 MiB per strategy

func newTargetStrategy(t *Table, mean *policy) *targetStrategy {
	n := 1 << targetCacheLog2
	return &targetStrategy{t: t, sp: t.sp, tv: t.tv, mean: newStrategyFrom(mean), w: t.newWidget(), key: noKey,
		cache: targetCache{keys: make([]uint64, n), dec: make([][numRolls]uint32, n)}}
}

// Keep returns the keep of highest probability of reaching the target.
func (s *targetStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if s.load(sh); s.settled {
		return s.mean.Keep(sh, r, rollsLeft)
	}
	return entryKeep(s.out[r], r, rollsLeft)
}

// Box returns the legal box of highest probability of reaching the target.
func (s *targetStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if s.load(sh); s.settled {
		return s.mean.Box(sh, r, rollsUsed)
	}
	return engine.BoxID(entryBox(s.out[r]))
}

// load makes the decisions of sheet sh's turn current.
func (s *targetStrategy) load(sh *engine.Sheet) {
	sp := s.sp
	points := sp.targetPoints(sh)
	// Bit 63 tells a key from an empty slot of the cache (a sheet of no box filled, no
	// points: 0); the subtotal takes bits 48 to 62 and the points, in two's complement (a
	// subtracted box can make them negative), bits 32 to 46: far more than any rule set
	// gives.
	key := sh.FilledMask() | uint64(sh.Upper(0))<<48 | uint64(points&(1<<15-1))<<32 | 1<<63
	if sp.ybox >= 0 && sh.Score(engine.BoxID(sp.ybox)) > 0 {
		key |= 1 << 47
	}
	if key == s.key {
		return
	}
	if sh.Rules() != sp.rules && sh.Rules().Hash() != sp.rules.Hash() {
		panic(fmt.Sprintf("optimal: a sheet of rules %s handed to the strategy %s of rules %s", sh.Rules().Name(), s.t.obj, sp.rules.Name()))
	}
	mask, u, f, ok := sp.sheetParts(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x, upper %d is not a state of rules %s", sh.FilledMask(), sh.Upper(0), sp.rules.Name()))
	}
	s.key = key
	g := int(mask)*sp.nf + f
	s.settled = s.tv.settled(sp, g, mask, u, points)
	if s.settled {
		return
	}
	c := &s.cache
	slot := int((key * 0x9E3779B97F4A7C15) >> (64 - targetCacheLog2))
	s.out = &c.dec[slot]
	if c.keys[slot] != key {
		s.w.decideTarget(mask, u, f, points, s.out)
		c.keys[slot] = key
	}
}

// targetFor returns the process-wide table of objective o (target:T or beat:S) on rules
// r, loading or solving it once.
func targetFor(r *engine.Rules, o Objective) (*Table, error) {
	e := sharedFor(r, o)
	return e.t, e.err
}

// analysisTarget returns the table of objective o on rules r that an analysis follows: the
// process-wide one when a strategy plays it, else one loaded or solved for the analysis
// alone, which the system gets back once the analysis is done (a frontier of several
// targets holds one table of a gigabyte at a time, not all of them).
func analysisTarget(r *engine.Rules, o Objective) (*Table, error) {
	if sharedExists(r, o) {
		return targetFor(r, o)
	}
	t, _, _, err := loadOrSolve(r, o, false, 0)
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
			o, err := ParseObjective(prefix + ":" + param)
			if err != nil {
				return strategies.Info{}, err
			}
			if o.Kind == Beat {
				// Before anything is solved: an opponent that is no strategy.
				if _, err := strategies.Resolve(o.Opponent); err != nil {
					return strategies.Info{}, fmt.Errorf("the opponent: %w", err)
				}
			}
			return strategies.Info{
				Name:        o.Strategy(),
				Description: o.Describe(),
				New: func(r *engine.Rules) (strategies.Strategy, error) {
					if err := o.checkRules(r); err != nil {
						return nil, err
					}
					mean, err := policyFor(r, Mean)
					if err != nil {
						return nil, err
					}
					t, err := targetFor(r, o)
					if err != nil {
						return nil, err
					}
					return newTargetStrategy(t, mean), nil
				},
			}, nil
		},
	}
}
