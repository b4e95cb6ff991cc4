package strategies

import (
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"weak"

	"yams/engine"
)

// The heuristics (greedy, upper-first) are each defined by one function: what ending the
// turn with a roll in a box is worth to them. Everything else, the keeps that maximise the
// expected worth at the end of the turn and the box of highest worth, is this file's
// machinery, shared so that a heuristic stays a few dozen lines of rules.

// noValue is the worth of a roll that no box may take (the reroll of a "sec"-only turn):
// finite, so that averages over it never make a NaN.
const noValue = -1e9

// keepOfMask[r][m] is the keep of the dice of roll r selected by the bits of m (bit d holds
// the d-th smallest die; mask 31 holds all five and ends the turn). A policy table stores
// masks, one byte, instead of keeps, two bytes: the table halves and stays in the cache.
// maskOfKeep[r][k] is a mask of r that selects keep k (0xff when k is not part of r).
var (
	keepOfMask [engine.NumRolls][32]engine.Keep
	maskOfKeep [engine.NumRolls][engine.NumKeeps]uint8
)

func init() {
	for r := range engine.Roll(engine.NumRolls) {
		for k := range maskOfKeep[r] {
			maskOfKeep[r][k] = 0xff
		}
		d := r.Dice()
		for m := range 32 {
			held := make([]int, 0, engine.NumDice)
			for i := range engine.NumDice {
				if m&(1<<i) != 0 {
					held = append(held, int(d[i]))
				}
			}
			k, _ := engine.KeepOf(held)
			keepOfMask[r][m] = k
			if maskOfKeep[r][k] == 0xff {
				maskOfKeep[r][k] = uint8(m)
			}
		}
	}
}

// position is what a heuristic's decisions depend on: the filled boxes, the columns whose
// yahtzee box holds a non-zero score (which earns the extra bonus), and the upper status
// of each column for heuristics that have one. Two sheets with the same position get the
// same decisions, so a position keys every cache.
type position struct {
	filled  uint64
	yscored uint8
	status  [engine.MaxColumns]uint8
}

// A planner turns a heuristic's worth of ending the turn into decisions.
type planner struct {
	rules    *engine.Rules
	nb       int // boxes per column
	slots    int
	rolls    int
	sameStop bool // no "sec" column: the worth of a final roll does not depend on the roll number
	extra    float64
	ybox     int // the box of the extra bonus, or -1 when the rules have no extra bonus
	statuses int
	// worth is the heuristic: what points scored in box b (of a column in upper status st)
	// are worth, the extra bonus aside.
	worth func(st uint8, b, points int) float64
	// status returns the upper status of a column; nil for a heuristic without one.
	status func(s *engine.Sheet, column int) uint8
	// vec[st*nb+b][r] is the worth of roll r in box b when neither the joker nor the extra
	// bonus applies, that is for every roll but the six five-of-a-kinds.
	vec [][engine.NumRolls]float64
	// rank[st*slots+id] orders slots of equal worth: the lowest rank is chosen. order[st]
	// lists the slots by rank.
	rank  []int32
	order [][]engine.BoxID
	plain engine.Roll // a roll that is not five of a kind
	fives [engine.NumFaces]engine.Roll
}

func newPlanner(rules *engine.Rules, statuses int, worth func(st uint8, b, points int) float64,
	status func(*engine.Sheet, int) uint8, rank []int32) *planner {
	pl := &planner{
		rules:    rules,
		nb:       rules.NumBoxes(),
		slots:    rules.NumSlots(),
		rolls:    rules.Rolls(),
		sameStop: true,
		ybox:     -1,
		statuses: statuses,
		worth:    worth,
		status:   status,
		rank:     rank,
	}
	for _, c := range rules.Columns() {
		if c.FirstRollOnly {
			pl.sameStop = false
		}
	}
	if rules.ExtraPoints() != 0 && rules.YahtzeeBox() >= 0 {
		pl.extra, pl.ybox = float64(rules.ExtraPoints()), rules.YahtzeeBox()
	}
	pl.plain, _ = engine.RollOf([]int{1, 2, 3, 4, 6})
	for f := range engine.NumFaces {
		pl.fives[f], _ = engine.RollOf([]int{f + 1, f + 1, f + 1, f + 1, f + 1})
	}
	pl.order = make([][]engine.BoxID, statuses)
	for st := range statuses {
		pl.order[st] = make([]engine.BoxID, pl.slots)
		for id := range pl.slots {
			pl.order[st][rank[st*pl.slots+id]] = engine.BoxID(id)
		}
	}
	pl.vec = make([][engine.NumRolls]float64, statuses*pl.nb)
	for st := range statuses {
		for b := range pl.nb {
			v := &pl.vec[st*pl.nb+b]
			for r := range engine.Roll(engine.NumRolls) {
				v[r] = worth(uint8(st), b, rules.Score(b, r))
			}
		}
	}
	return pl
}

// position reads the sheet.
func (pl *planner) position(s *engine.Sheet) position {
	p := position{filled: s.FilledMask()}
	if pl.ybox >= 0 {
		for c := range len(pl.rules.Columns()) {
			if id := engine.BoxID(c*pl.nb + pl.ybox); s.Score(id) > 0 {
				p.yscored |= 1 << c
			}
		}
	}
	if pl.status != nil {
		for c := range len(pl.rules.Columns()) {
			p.status[c] = pl.status(s, c)
		}
	}
	return p
}

// value is the worth of ending the turn with roll r in slot id, joker and extra bonus included.
func (pl *planner) value(p *position, id engine.BoxID, r engine.Roll) float64 {
	c, b := int(id)/pl.nb, int(id)%pl.nb
	if r.OfAKind() == 0 {
		return pl.vec[int(p.status[c])*pl.nb+b][r]
	}
	v := pl.worth(p.status[c], b, pl.rules.Points(p.filled, id, r))
	if pl.ybox >= 0 && p.yscored&(1<<c) != 0 {
		v += pl.extra
	}
	return v
}

// best returns the slot of legal of highest worth for roll r, the lowest rank among equals.
func (pl *planner) best(p *position, r engine.Roll, legal uint64) (engine.BoxID, float64) {
	bestID, bestV, bestRank := engine.BoxID(0), float64(noValue), int32(1<<30)
	for l := legal; l != 0; l &= l - 1 {
		id := engine.BoxID(bits.TrailingZeros64(l))
		v := pl.value(p, id, r)
		rk := pl.rank[int(p.status[int(id)/pl.nb])*pl.slots+int(id)]
		if v > bestV || v == bestV && rk < bestRank {
			bestID, bestV, bestRank = id, v, rk
		}
	}
	return bestID, bestV
}

// fillStop sets the worth of every final roll at every roll number from p. When boxes is
// not nil (a sheet of one column), it also sets the box of highest worth of every roll
// after the first roll, which is the box after any roll outside "sec" columns.
func (pl *planner) fillStop(tp *engine.TurnPlan, p *position, boxes *[engine.NumRolls]uint8) {
	n := pl.rolls
	if pl.sameStop {
		n = 1
	}
	for u := range n {
		stop := &tp.Stop[u]
		for r := range stop {
			stop[r] = noValue
		}
		// Legal depends on the roll only through the forced joker's order, which only a
		// five of a kind triggers: the other rolls share one legal set and their worth
		// is an element-wise maximum over precomputed vectors.
		legal := pl.rules.Legal(p.filled, pl.plain, u+1)
		if u == 0 && boxes != nil {
			// In rank order, so that a strict improvement keeps the lowest rank among equals.
			for _, id := range pl.order[p.status[0]] {
				if legal&(1<<id) == 0 {
					continue
				}
				v := &pl.vec[int(p.status[0])*pl.nb+int(id)]
				for r, x := range v {
					if x > stop[r] {
						stop[r], boxes[r] = x, uint8(id)
					}
				}
			}
		} else {
			for l := legal; l != 0; l &= l - 1 {
				id := bits.TrailingZeros64(l)
				v := &pl.vec[int(p.status[id/pl.nb])*pl.nb+id%pl.nb]
				for r, x := range v {
					if x > stop[r] {
						stop[r] = x
					}
				}
			}
		}
		for _, r := range pl.fives {
			if legal := pl.rules.Legal(p.filled, r, u+1); legal != 0 {
				id, v := pl.best(p, r, legal)
				stop[r] = v
				if u == 0 && boxes != nil {
					boxes[r] = uint8(id)
				}
			}
		}
	}
}

// live plans a turn when it starts, for sheets whose positions are too many to tabulate
// (several columns). The plan is reused for as long as the position does not change,
// that is for every decision of the turn. It holds about 60 KB of scratch space.
type live struct {
	pl    *planner
	tp    engine.TurnPlan
	key   position
	valid bool
}

func (l *live) keep(p *position, r engine.Roll, rollsLeft int) engine.Keep {
	if !l.valid || l.key != *p {
		l.pl.fillStop(&l.tp, p, nil)
		l.tp.Solve(l.pl.rolls, l.pl.sameStop)
		l.key, l.valid = *p, true
	}
	return l.tp.Keep(r, rollsLeft)
}

// policy is a heuristic's whole turn policy on a sheet of one column, computed once per
// rule set: for every decision state and roll, the keep before each reroll and the box.
//
// A state is an upper status, the filled boxes and, when the rules have an extra bonus
// and the yahtzee box is filled, whether it holds a non-zero score. The states of each
// status are numbered mask for the first 2^nb, then 2^nb + the mask without the yahtzee
// bit for the states whose yahtzee box holds a non-zero score: half as many again.
//
// Each (state, roll) is rolls bytes: a keep mask per reroll, then the box. A decision
// reads one byte, and the three decisions of a roll share a cache line.
type policy struct {
	rolls     int
	stride    int // bytes per state
	perStatus int
	nb        int
	ybox      int // -1 when the yahtzee flag is not part of the state
	data      []uint8
}

// state numbers a position of a sheet of one column, for status index si.
func (t *policy) state(si int, filled uint64, yscored bool) int {
	i := si * t.perStatus
	if !yscored {
		return i + int(filled)
	}
	low := filled & (1<<t.ybox - 1)
	return i + 1<<t.nb + int(low|filled>>(t.ybox+1)<<t.ybox)
}

func (t *policy) keep(state int, r engine.Roll, rollsLeft int) engine.Keep {
	return keepOfMask[r][t.data[state*t.stride+int(r)*t.rolls+t.rolls-1-rollsLeft]]
}

func (t *policy) box(state int, r engine.Roll) engine.BoxID {
	return engine.BoxID(t.data[state*t.stride+int(r)*t.rolls+t.rolls-1])
}

// buildPolicy tabulates pl for the given statuses of a sheet of one column, on every core.
// skip tells the states that play never reaches, which are left empty.
func buildPolicy(pl *planner, statuses []uint8, skip func(filled uint64, st uint8) bool) *policy {
	t := &policy{rolls: pl.rolls, stride: engine.NumRolls * pl.rolls, nb: pl.nb, ybox: -1}
	t.perStatus = 1 << pl.nb
	if pl.ybox >= 0 {
		t.ybox = pl.ybox
		t.perStatus += 1 << (pl.nb - 1)
	}
	n := len(statuses) * t.perStatus
	t.data = make([]uint8, n*t.stride)
	full := uint64(1)<<pl.nb - 1

	const block = 64
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			tp := new(engine.TurnPlan)
			for {
				lo := int(next.Add(block)) - block
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+block, n); i++ {
					si, j := i/t.perStatus, i%t.perStatus
					p := position{filled: uint64(j)}
					if j >= 1<<pl.nb {
						j -= 1 << pl.nb
						low := uint64(j) & (1<<t.ybox - 1)
						p.filled = low | uint64(j)>>t.ybox<<(t.ybox+1) | 1<<t.ybox
						p.yscored = 1
					}
					p.status[0] = statuses[si]
					if p.filled == full || skip != nil && skip(p.filled, statuses[si]) {
						continue
					}
					t.fill(pl, tp, &p, t.data[i*t.stride:(i+1)*t.stride])
				}
			}
		})
	}
	wg.Wait()
	return t
}

func (t *policy) fill(pl *planner, tp *engine.TurnPlan, p *position, row []uint8) {
	var boxes [engine.NumRolls]uint8
	pl.fillStop(tp, p, &boxes)
	if t.rolls > 1 {
		tp.Solve(t.rolls, pl.sameStop)
	}
	for r := range engine.Roll(engine.NumRolls) {
		cell := row[int(r)*t.rolls : int(r+1)*t.rolls]
		for u := range t.rolls - 1 {
			cell[u] = maskOfKeep[r][tp.Keep(r, t.rolls-1-u)]
		}
		cell[t.rolls-1] = boxes[r]
	}
}

// tableCache holds one value per rule set (and heuristic), built once and shared
// read-only by every strategy that plays those rules. It holds the values weakly: a
// table lives while a strategy uses it, so a process that plays many rule sets one
// after the other does not keep every table.
type tableCache[T any] struct {
	mu      sync.Mutex
	entries map[string]*cacheEntry[T]
}

type cacheEntry[T any] struct {
	mu sync.Mutex
	p  weak.Pointer[T]
}

func (c *tableCache[T]) get(key string, build func() *T) *T {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*cacheEntry[T]{}
	}
	e := c.entries[key]
	if e == nil {
		e = &cacheEntry[T]{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	// One builder per key; the others wait for it rather than build the same table.
	e.mu.Lock()
	defer e.mu.Unlock()
	if v := e.p.Value(); v != nil {
		return v
	}
	v := build()
	e.p = weak.Make(v)
	return v
}

// boxOrder ranks the slots of a sheet for breaking ties between boxes of equal worth:
// the box that is harder to fill later first. Hardness is measured once per rule set by
// playing one whole turn for the box alone: the lower the probability of a non-zero score
// the harder (yahtzee, then large straight, full house, four of a kind...), then the lower
// the expected score (so the ones come before the sixes, which all score as often). Among
// the same box in several columns, a "sec" column comes first, then an ordered column,
// then a free one: the more constrained column is the harder to fill later.
func boxOrder(rules *engine.Rules) []engine.BoxID {
	nb := rules.NumBoxes()
	hit, mean := make([]float64, nb), make([]float64, nb)
	tp := new(engine.TurnPlan)
	for b, box := range rules.Boxes() {
		sign := 1.0
		if box.Subtract {
			sign = -1
		}
		for r := range engine.Roll(engine.NumRolls) {
			tp.Stop[0][r] = 0
			if rules.Score(b, r) != 0 {
				tp.Stop[0][r] = 1
			}
		}
		hit[b] = tp.Solve(rules.Rolls(), true)
		for r := range engine.Roll(engine.NumRolls) {
			tp.Stop[0][r] = sign * float64(rules.Score(b, r))
		}
		mean[b] = tp.Solve(rules.Rolls(), true)
	}
	class := func(c engine.Column) int {
		switch {
		case c.FirstRollOnly:
			return 0
		case c.Order != engine.FreeOrder:
			return 1
		}
		return 2
	}
	cols := rules.Columns()
	order := make([]engine.BoxID, rules.NumSlots())
	for i := range order {
		order[i] = engine.BoxID(i)
	}
	slices.SortStableFunc(order, func(x, y engine.BoxID) int {
		cx, bx := rules.Split(x)
		cy, by := rules.Split(y)
		// The turn plans sum in roll order, so boxes that are alike up to a permutation
		// of the faces (the ones and the sixes hit equally often) may differ in the last
		// bits: a tolerance keeps the order free of rounding noise.
		switch {
		case !near(hit[bx], hit[by]):
			return cmpFloat(hit[bx], hit[by])
		case !near(mean[bx], mean[by]):
			return cmpFloat(mean[bx], mean[by])
		case bx != by:
			return bx - by
		case class(cols[cx]) != class(cols[cy]):
			return class(cols[cx]) - class(cols[cy])
		}
		return cx - cy
	})
	return order
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	return 1
}

// ranks turns an order of slots into the rank of each slot.
func ranks(order []engine.BoxID) []int32 {
	rk := make([]int32, len(order))
	for i, id := range order {
		rk[id] = int32(i)
	}
	return rk
}
