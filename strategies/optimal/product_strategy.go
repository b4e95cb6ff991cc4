package optimal

import (
	"fmt"
	"slices"

	"yams/engine"
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
	pc *product
	w  *widget
	// The sheet whose turn cur decides, as sheetKey tells it.
	key   sheetKey
	cur   *productTurn
	cache []*productTurn
	mask  int
}

// sheetKey tells the turn-start state of a sheet of several columns: its filled boxes,
// its columns' upper subtotals and which columns' yahtzee box scored.
type sheetKey struct {
	filled uint64
	upper  [engine.MaxColumns]int16
	scored uint8
	set    bool
}

func sheetKeyOf(s *engine.Sheet, ybox, nb int) sheetKey {
	k := sheetKey{filled: s.FilledMask(), set: true}
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
	box     [numRolls]uint8
	boxLast [numRolls]uint8
	keep    [engine.MaxRollsPerTurn - 1][numRolls]uint8
}

// productCacheLog2 sets the turns a productStrategy keeps: 4,096 of about 2.5 KB.
const productCacheLog2 = 12

func newProductStrategy(t *Table) *productStrategy {
	s := &productStrategy{t: t, pc: t.pc, w: t.newWidget(), cache: make([]*productTurn, 1<<productCacheLog2), mask: 1<<productCacheLog2 - 1}
	return s
}

// turn returns the decisions of sheet sh's turn, working them out if no slot holds them.
func (s *productStrategy) turn(sh *engine.Sheet) *productTurn {
	pc := s.pc
	k := sheetKeyOf(sh, pc.laneSpace().ybox, pc.nb)
	if k == s.key {
		return s.cur
	}
	o, mask, u, f, ok := pc.sheetState(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x is not a state of rules %s", sh.FilledMask(), pc.rules.Name()))
	}
	idx := pc.index(o, mask, u, f)
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
	w.setOuter(o)
	w.one[0] = uint16(u)
	w.setLanes(w.one[:])
	w.evaluate(mask, f, true)
	S := w.S
	for r := range numRolls {
		pt.box[r] = w.box[r*S]
		pt.boxLast[r] = pt.box[r]
		if w.boxLast != nil {
			pt.boxLast[r] = w.boxLast[r*S]
		}
		for ru := range s.pc.rolls - 1 {
			pt.keep[ru][r] = w.keep[ru][r*S]
		}
	}
	pt.idx = idx
}

// Keep returns the keep of highest expected value; r.Keep() (stop) when none beats stopping.
func (s *productStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	rank := s.turn(sh).keep[s.pc.rolls-1-rollsLeft][r]
	if rank == 0 {
		return r.Keep()
	}
	return rankKeep[rank]
}

// Box returns the legal box of highest expected value for the final roll r.
func (s *productStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	pt := s.turn(sh)
	if rollsUsed == 1 {
		return engine.BoxID(pt.box[r])
	}
	return engine.BoxID(pt.boxLast[r])
}

// productDecider follows the optimal strategy of a sheet of several columns in an exact
// analysis: the decisions of a state are worked out with those of the other subtotals
// of its block of lanes (an analysis visits a group's states one after the other), and
// read from the widget's rows.
type productDecider struct {
	w     *widget
	valid bool
	g     stateGroup
	lanes []uint16 // the block worked out
	i     int      // the lane of the current state
}

func newProductDecider(t *Table) *productDecider { return &productDecider{w: t.newWidget()} }

func (d *productDecider) begin(st turnState) error {
	g := stateGroup{o: int32(st.o), mask: st.mask, f: uint8(st.f)}
	if d.valid && g == d.g {
		if i, ok := slices.BinarySearch(d.lanes, uint16(st.u)); ok {
			d.i = i
			return nil
		}
	}
	w, sp := d.w, d.w.sp
	all := sp.lanes[sp.up(st.mask)]
	pos, _ := slices.BinarySearch(all, uint16(st.u))
	lo := pos / maxLanes * maxLanes
	d.lanes = all[lo:min(lo+maxLanes, len(all))]
	d.g, d.valid, d.i = g, true, pos-lo
	w.setOuter(st.o)
	w.setLanes(d.lanes)
	w.evaluate(st.mask, st.f, true)
	return nil
}

func (d *productDecider) keep(r engine.Roll, rollsLeft int) engine.Keep {
	w := d.w
	rank := w.keep[w.sp.rolls-1-rollsLeft][int(r)*w.S+d.i]
	if rank == 0 {
		return r.Keep()
	}
	return rankKeep[rank]
}

func (d *productDecider) box(r engine.Roll, rollsUsed int) int {
	w := d.w
	if rollsUsed == 1 || w.boxLast == nil {
		return int(w.box[int(r)*w.S+d.i])
	}
	return int(w.boxLast[int(r)*w.S+d.i])
}

func (d *productDecider) err() error { return nil }

// analyzeProduct computes the exact figures of the optimal strategy of a sheet of several
// columns, from its table.
func analyzeProduct(t *Table, opts Options) (*Figures, error) {
	f, err := analyze(t.pc, func() (decider, error) { return newProductDecider(t), nil }, opts, t, int64(8*len(t.v)))
	if f != nil {
		f.Strategy = "optimal"
		f.Objective = &ObjectiveFigure{Objective: Mean, Value: t.Value()}
	}
	return f, err
}
