package solver

import (
	"fmt"
	"unsafe"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// Strategy plays the optimal strategy: every decision is the argmax of exact expected
// values read from the solved table (ties: see widget.evaluate). Build one per worker;
// workers share the table and the decision cache of their rules. Decisions allocate nothing.
//
// A turn asks up to three times about the same sheet: the decisions of its state are
// looked up once, on the first question, by the sheet's key (filled boxes, upper subtotal,
// whether the yahtzee box scored). The state after the turn is known when Box chooses:
// Box works out its key and its decisions then and has them fetched from memory while the
// caller fills the sheet and throws the dice, so that the next turn starts with a
// comparison of keys. Decisions are read at random over a few hundred megabytes, and
// waiting for memory is most of the cost of playing.
type Strategy struct {
	p    *Policy
	sp   *widget.Space
	gf   *GroupFiller
	ybox int // the yahtzee box, or −1
	// The state of the last sheet seen and its decisions (cur16 or cur32).
	cur  stateDecisions
	mask uint32
	u, f int
	// next: the state the sheet reaches once Box's choice is filled, when its decisions
	// are ready (else its key is noKey).
	next    stateDecisions
	scratch [BlockLen]uint32
}

// stateDecisions are the decisions of a state and the key of the sheets in it.
type stateDecisions struct {
	key   uint64
	mask  uint32
	u, f  int
	cur16 *[BlockLen]uint16
	cur32 *[BlockLen]uint32
}

const NoKey = ^uint64(0)

// PolicyOf returns the policy of a table, made once. The table holds it, so that both go
// to the garbage collector together (a process-wide map would keep every table alive).
func PolicyOf(t *Table) *Policy {
	if p := t.pol.Load(); p != nil {
		return p
	}
	t.pol.CompareAndSwap(nil, newPolicy(t))
	return t.pol.Load()
}

// NewStrategy returns the optimal strategy of the rules a table solves (or, for a table of
// risk:θ or bonus, the strategy that plays for it). Strategies built from the same table
// share its decision cache; on a sheet of several columns, each works its turns out from
// the values. A table of target:T or beat:S has no decisions to share: its strategy is
// strategies.New("target:T", rules) (package goals), and NewStrategy panics on it.
func NewStrategy(t *Table) strategies.Strategy {
	if t.GoalValues != nil {
		panic("solver: NewStrategy of a table of " + t.Objective().String() + ", which plays through strategies.New")
	}
	if t.Product != nil {
		return newProductStrategy(t)
	}
	return NewStrategyFrom(PolicyOf(t))
}

// NewStrategyFrom returns a strategy that plays from policy p.
func NewStrategyFrom(p *Policy) *Strategy {
	return &Strategy{p: p, sp: p.Space, gf: NewGroupFiller(p), ybox: p.Space.YahtzeeBox, cur: stateDecisions{key: NoKey}, next: stateDecisions{key: NoKey}}
}

// MaximisesMean reports whether every decision of the strategy maximises the expected final
// score exactly (optimal's): the look-ahead of such a strategy is itself (rollout).
func (s *Strategy) MaximisesMean() bool { return s.p.Table.Obj == Mean }

// key returns what tells the state of a sheet of the strategy's rules: its filled boxes,
// its upper subtotal, and whether the yahtzee box holds a non-zero score.
func (s *Strategy) key(sh *engine.Sheet) uint64 {
	key := sh.FilledMask() | uint64(uint16(sh.Upper(0)))<<48
	if s.ybox >= 0 && sh.Score(engine.BoxID(s.ybox)) > 0 {
		key |= 1 << 47
	}
	return key
}

func (s *Strategy) entry(sh *engine.Sheet, r engine.Roll) uint32 {
	if key := s.key(sh); key != s.cur.key {
		s.load(sh, key)
	}
	if s.cur.cur16 != nil {
		return uint32(s.cur.cur16[r])
	}
	return s.cur.cur32[r]
}

// load makes the decisions of sheet s's state current: those Box prepared when the sheet
// is in the state it foresaw, else looked up.
func (s *Strategy) load(sh *engine.Sheet, key uint64) {
	sp := s.sp
	if key == s.next.key && sh.Rules() == sp.Rules {
		s.cur = s.next
		return
	}
	if sh.Rules() != sp.Rules && sh.Rules().Hash() != sp.Rules.Hash() {
		panic(fmt.Sprintf("optimal: a sheet of rules %s handed to the strategy of rules %s", sh.Rules().Name(), sp.Rules.Name()))
	}
	mask, u, f, ok := sp.SheetParts(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x, upper %d is not a state of rules %s", sh.FilledMask(), sh.Upper(0), sp.Rules.Name()))
	}
	if !s.decisions(&s.cur, key, mask, u, f) {
		// Another worker is writing this group: work the state out privately.
		s.gf.Widget.Decide(mask, u, f, (*[widget.NumRolls]uint32)(s.scratch[:]))
		s.cur.cur32 = &s.scratch
	}
}

// decisions sets d to the decisions of state (mask, u, f), whose sheets have that key,
// and reports whether they are ready (else only the state is set).
func (s *Strategy) decisions(d *stateDecisions, key uint64, mask uint32, u, f int) bool {
	p := s.p
	*d = stateDecisions{key: key, mask: mask, u: u, f: f}
	if !p.Ensure(mask, f, s.gf) {
		return false
	}
	id := p.Block(mask, u, f)
	if p.E16 != nil {
		d.cur16 = (*[BlockLen]uint16)(p.E16[id*BlockLen:])
	} else {
		d.cur32 = (*[BlockLen]uint32)(p.E32[id*BlockLen:])
	}
	return true
}

// Keep returns the keep of highest expected value; r.Keep() (stop) when none beats stopping.
func (s *Strategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	return widget.EntryKeep(s.entry(sh, r), r, rollsLeft)
}

// Box returns the legal box of highest expected value for the final roll r.
func (s *Strategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	b := widget.EntryBox(s.entry(sh, r))
	if s.cur.mask|1<<b != s.sp.FullMask {
		s.prepare(sh, b, r)
	}
	return engine.BoxID(b)
}

// prepare works out the state that sheet sh reaches once roll r is scored in box b, its
// key and its decisions, and has them fetched from memory.
func (s *Strategy) prepare(sh *engine.Sheet, b int, r engine.Roll) {
	sp, c := s.sp, &s.cur
	mask, u, f, pts := sp.Next(c.mask, c.u, c.f, b, r)
	up := sh.Upper(0)
	if sp.UpperMask&(1<<b) != 0 {
		up += pts
	}
	key := sh.FilledMask() | 1<<b | uint64(uint16(up))<<48
	if y := s.ybox; y >= 0 && (sh.Score(engine.BoxID(y)) > 0 || (b == y && pts > 0)) {
		key |= 1 << 47
	}
	if !s.decisions(&s.next, key, mask, u, f) {
		s.next.key = NoKey
		return
	}
	if s.next.cur16 != nil {
		prefetchLines(unsafe.Pointer(s.next.cur16), 2*BlockLen/64)
	} else {
		prefetchLines(unsafe.Pointer(s.next.cur32), 4*BlockLen/64)
	}
}
