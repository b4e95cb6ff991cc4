package optimal

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
)

// goalStrategy plays target:T or beat:S: at the start of each turn it works out, with a
// widget, the decisions of its state and score so far from the values of the states after
// the turn, and keeps them in a small cache (the early turns of games meet the same pairs
// again and again; later pairs are seldom met twice). Where the goal is settled — the
// open boxes reach it whatever the play, or no play can — every option is worth the same
// to it (goalValues.settled), and it plays the optimal strategy's decisions: the
// expected score is what is left to play for.
type goalStrategy struct {
	t    *Table
	sp   *space
	gv   *goalValues
	mean *Strategy
	w    *widget
	// The current turn: the key of its sheet (filled boxes, score so far, flag, subtotal)
	// and its decisions, or settled to play the mean's.
	key     uint64
	settled bool
	slot    int // the cache's slot of the turn's decisions
	cache   goalCache
	entries [numRolls]uint32 // a turn's decisions as the widget gives them
}

// goalCache keeps the decisions of the (state, score so far) pairs worked out last, a
// slot per key (the newest wins): a policy entry per roll, in 16 bits where the rules'
// entries fit (wideEntries), else in two halves.
type goalCache struct {
	keys  []uint64
	dec   []uint16
	words int // per entry: 1, or 2 for wide entries
}

// goalCacheLog2 sizes the cache: 131,072 pairs, 64 MiB per strategy (128 MiB with wide
// entries; the operating system backs a page only once it is written). Hasbro's
// target:300 plays 27% more games per second with it than with 4,096 pairs, and 2% fewer
// than with 262,144, one game at a time; games played together need the turns of the
// games in play to stay (2^14 slots: 27% fewer games per second than 2^17).
const goalCacheLog2 = 17

func newGoalCache(rolls int) goalCache {
	n, words := 1<<goalCacheLog2, 1
	if wideEntries(rolls) {
		words = 2
	}
	return goalCache{keys: make([]uint64, n), dec: make([]uint16, n*numRolls*words), words: words}
}

// entry returns the decisions of roll r in slot i.
func (c *goalCache) entry(i int, r engine.Roll) uint32 {
	if c.words == 1 {
		return uint32(c.dec[i*numRolls+int(r)])
	}
	j := 2 * (i*numRolls + int(r))
	return uint32(c.dec[j]) | uint32(c.dec[j+1])<<16
}

// store puts the decisions of a turn in slot i, for key.
func (c *goalCache) store(i int, key uint64, e *[numRolls]uint32) {
	c.keys[i] = key + 1 // key+1: an empty slot holds 0
	if c.words == 1 {
		d := c.dec[i*numRolls : (i+1)*numRolls]
		for r, x := range e {
			d[r] = uint16(x)
		}
		return
	}
	d := c.dec[2*i*numRolls : 2*(i+1)*numRolls]
	for r, x := range e {
		d[2*r], d[2*r+1] = uint16(x), uint16(x>>16)
	}
}

// has reports whether slot i holds the decisions of key.
func (c *goalCache) has(i int, key uint64) bool { return c.keys[i] == key+1 }

func newGoalStrategy(t *Table, mean *policy) *goalStrategy {
	return &goalStrategy{t: t, sp: t.sp, gv: t.gv, mean: newStrategyFrom(mean), w: t.newWidget(), key: noKey,
		cache: newGoalCache(t.sp.rolls)}
}

// Keep returns the keep of highest value for the goal.
func (s *goalStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if s.load(sh); s.settled {
		return s.mean.Keep(sh, r, rollsLeft)
	}
	return entryKeep(s.cache.entry(s.slot, r), r, rollsLeft)
}

// Box returns the legal box of highest value for the goal.
func (s *goalStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if s.load(sh); s.settled {
		return s.mean.Box(sh, r, rollsUsed)
	}
	return engine.BoxID(entryBox(s.cache.entry(s.slot, r)))
}

// load makes the decisions of sheet sh's turn current.
func (s *goalStrategy) load(sh *engine.Sheet) {
	sp := s.sp
	key, points := sp.turnKey(sh)
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
	s.settled = s.gv.settled(sp, g, mask, u, points)
	if s.settled {
		return
	}
	c := &s.cache
	s.slot = c.slot(key)
	if !c.has(s.slot, key) {
		s.w.decideGoal(mask, u, f, points, &s.entries)
		c.store(s.slot, key, &s.entries)
	}
}

// turnKey returns the key of the turn of sheet sh in a goal's cache of decisions, and
// its points so far. The filled boxes take bits 0 to 15 (engine.MaxBoxes), the points
// bits 16 to 47 (32 bits, two's complement: a subtracted box can make them negative), the
// flag bit 48 and the subtotal, capped at the threshold as the solver caps it, the 15 bits
// above (a sheet's subtotal is an int16).
func (sp *space) turnKey(sh *engine.Sheet) (key uint64, points int) {
	points = sp.pointsSoFar(sh)
	key = sh.FilledMask() | uint64(uint32(points))<<16 | uint64(min(sh.Upper(0), sp.cap))<<49
	if sp.ybox >= 0 && sh.Score(engine.BoxID(sp.ybox)) > 0 {
		key |= 1 << 48
	}
	return key, points
}

// slot returns the cache's slot of a key.
func (c *goalCache) slot(key uint64) int {
	return int((key * 0x9E3779B97F4A7C15) >> (64 - goalCacheLog2))
}

// goalFor returns the process-wide table of objective o (target:T or beat:S) on rules
// r, loading or solving it once.
func goalFor(r *engine.Rules, o Objective) (*Table, error) {
	e := sharedFor(r, o)
	return e.t, e.err
}

// analysisGoal returns the table of objective o on rules r that an analysis follows: the
// process-wide one when a strategy plays it, else one loaded or solved for the analysis
// alone, which the system gets back once the analysis is done (a frontier of several
// targets holds one table of a gigabyte at a time, not all of them).
func analysisGoal(r *engine.Rules, o Objective) (*Table, error) {
	if sharedExists(r, o) {
		return goalFor(r, o)
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
			newGoal := func(r *engine.Rules) (*goalStrategy, error) {
				if err := o.checkRules(r); err != nil {
					return nil, err
				}
				mean, err := policyFor(r, Mean)
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
					return &goalBatch{goalStrategy: s, span: maxGoalWidth}, nil
				},
				BatchGames: goalBatchGames,
			}, nil
		},
	}
}
