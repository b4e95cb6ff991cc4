package solver

import (
	"fmt"

	"yams/engine"
	"yams/strategies/widget"
)

// productStrategy plays the exact optimal strategy of a sheet of several columns from
// its table of values. The decisions of tens of millions of states are not kept: at the
// first decision of a turn the strategy works the turn out with a widget of one lane (the
// decisions of every roll, tens of microseconds) and keeps them in a cache of the turns it
// met most, so that the turns every game plays (the first ones) are lookups. Decisions and
// ties are those of the solver's widget: the best keep, ties to stopping, then to more
// dice, then to the lower keep; the best box, ties to the lower BoxID. Build one per
// worker; nothing is allocated once the cache's slots are.
type productStrategy struct {
	t  *Table
	pc *widget.Product
	w  *widget.Widget
	// The sheet whose turn cur decides, as SheetKey tells it.
	key   SheetKey
	cur   *productTurn
	cache []*productTurn
	mask  int
}

// MaximisesMean reports that every decision maximises the expected final score exactly:
// the product's values are optimal's.
func (s *productStrategy) MaximisesMean() bool { return true }

// SheetKey tells the turn-start state of a sheet of several columns: its filled boxes,
// its columns' upper subtotals and which columns' yahtzee box scored.
type SheetKey struct {
	filled uint64
	upper  [engine.MaxColumns]int16
	scored uint8
	set    bool
}

func SheetKeyOf(s *engine.Sheet, ybox, nb int) SheetKey {
	k := SheetKey{filled: s.FilledMask(), set: true}
	for c := range s.Rules().Columns() {
		k.upper[c] = int16(s.Upper(c))
		if ybox >= 0 && s.Score(engine.BoxID(c*nb+ybox)) > 0 {
			k.scored |= 1 << c
		}
	}
	return k
}

// productTurn holds the decisions of a turn-start state: the best box of every roll ended
// after the first roll (box) and after a later one (boxLast, which differs only when a
// column takes first rolls only), and the rank of the best keep of every roll after each
// roll number but the last (0: stop).
type productTurn struct {
	idx     int // the state's index in the table, −1 for an empty slot
	box     [widget.NumRolls]uint8
	boxLast [widget.NumRolls]uint8
	keep    [engine.MaxRollsPerTurn - 1][widget.NumRolls]uint8
}

// productCacheLog2 sets the turns a productStrategy keeps: 4,096 of about 2.5 KB.
const productCacheLog2 = 12

func newProductStrategy(t *Table) *productStrategy {
	s := &productStrategy{t: t, pc: t.Product, w: t.NewWidget(), cache: make([]*productTurn, 1<<productCacheLog2), mask: 1<<productCacheLog2 - 1}
	return s
}

// turn returns the decisions of sheet sh's turn, working them out if no slot holds them.
func (s *productStrategy) turn(sh *engine.Sheet) *productTurn {
	pc := s.pc
	k := SheetKeyOf(sh, pc.LaneSpace().YahtzeeBox, pc.NumBoxes)
	if k == s.key {
		return s.cur
	}
	o, mask, u, f, ok := pc.SheetState(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x is not a state of rules %s", sh.FilledMask(), pc.Rules.Name()))
	}
	idx := pc.Index(o, mask, u, f)
	slot := int(uint64(idx)*0x9E3779B97F4A7C15>>40) & s.mask
	pt := s.cache[slot]
	if pt == nil {
		pt = &productTurn{idx: -1}
		s.cache[slot] = pt
	}
	if pt.idx != idx {
		s.work(pt, idx, o, mask, u, f)
	}
	s.key, s.cur = k, pt
	return pt
}

// work fills pt with the decisions of state (o, mask, u, f).
func (s *productStrategy) work(pt *productTurn, idx, o int, mask uint32, u, f int) {
	w := s.w
	w.SetOuter(o)
	w.One[0] = uint16(u)
	w.SetLanes(w.One[:])
	w.Evaluate(mask, f, true)
	S := w.S
	for r := range widget.NumRolls {
		pt.box[r] = w.Box[r*S]
		pt.boxLast[r] = pt.box[r]
		if w.BoxLast != nil {
			pt.boxLast[r] = w.BoxLast[r*S]
		}
		for ru := range s.pc.Rolls - 1 {
			pt.keep[ru][r] = w.Keep[ru][r*S]
		}
	}
	pt.idx = idx
}

// Keep returns the keep of highest expected value; r.Keep() (stop) when none beats stopping.
func (s *productStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	rank := s.turn(sh).keep[s.pc.Rolls-1-rollsLeft][r]
	if rank == 0 {
		return r.Keep()
	}
	return widget.RankKeep[rank]
}

// Box returns the legal box of highest expected value for the final roll r.
func (s *productStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	pt := s.turn(sh)
	if rollsUsed == 1 {
		return engine.BoxID(pt.box[r])
	}
	return engine.BoxID(pt.boxLast[r])
}
