package turnplan

import (
	"math/bits"
	"sync"

	"yams/engine"
)

// noValue is the worth of a roll that no box may take (the reroll of a "sec"-only turn):
// finite, so that averages over it never make a NaN.
const noValue = -1e9

// Position is what a heuristic's decisions depend on: the filled boxes, the columns whose
// yahtzee box holds a non-zero score (which earns the extra bonus), and the upper status
// of each column for heuristics that have one. Two sheets with the same position get the
// same decisions, so a position keys every cache.
type Position struct {
	filled  uint64
	yscored uint8
	status  [engine.MaxColumns]uint8
}

// A Planner turns a heuristic's worth of ending the turn into decisions. It is built once
// per rule set and heuristic and read by every worker.
type Planner struct {
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
	// status returns the upper status of every column; nil for a heuristic without one.
	status func(s *engine.Sheet) [engine.MaxColumns]uint8
	// vec[st*nb+b][r] is the worth of roll r in box b when neither the joker nor the extra
	// bonus applies, that is for every roll but the six five-of-a-kinds.
	vec [][engine.NumRolls]float64
	// rank[st*slots+id] orders slots of equal worth: the lowest rank is chosen. order[st]
	// lists the slots by rank.
	rank  []int32
	order [][]engine.BoxID
	plain engine.Roll // a roll that is not five of a kind
	fives [engine.NumFaces]engine.Roll

	liveOnce sync.Once
	spot     *liveTables // for sheets of several columns, built on first use
}

// New returns the planner of a heuristic of statuses upper statuses (1 for one without)
// whose worth of points scored in box b of a column in status st is worth(st, b, points),
// the extra bonus aside. status reads the status of every column from a sheet (nil for a
// heuristic without statuses); rank[st*slots+id] orders the slots of equal worth in status
// st, the lowest rank chosen (Ranks of TieOrder, for one status).
func New(rules *engine.Rules, statuses int, worth func(st uint8, b, points int) float64,
	status func(*engine.Sheet) [engine.MaxColumns]uint8, rank []int32) *Planner {
	pl := &Planner{
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

// Position reads the sheet.
func (pl *Planner) Position(s *engine.Sheet) Position {
	p := Position{filled: s.FilledMask()}
	if pl.ybox >= 0 {
		for c := range len(pl.rules.Columns()) {
			if id := engine.BoxID(c*pl.nb + pl.ybox); s.Score(id) > 0 {
				p.yscored |= 1 << c
			}
		}
	}
	if pl.status != nil {
		p.status = pl.status(s)
	}
	return p
}

// value is the worth of ending the turn with roll r in slot id, joker and extra bonus included.
func (pl *Planner) value(p *Position, id engine.BoxID, r engine.Roll) float64 {
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

// Best returns the slot of legal of highest worth for roll r, the lowest rank among equals.
func (pl *Planner) Best(p *Position, r engine.Roll, legal uint64) (engine.BoxID, float64) {
	bestID, bestV, bestRank := engine.BoxID(0), float64(noValue), int32(1<<30)
	five := r.OfAKind() != 0
	for l := legal; l != 0; l &= l - 1 {
		id := engine.BoxID(bits.TrailingZeros64(l))
		c, b := int(id)/pl.nb, int(id)%pl.nb
		st := int(p.status[c])
		var v float64
		if five {
			v = pl.value(p, id, r)
		} else {
			v = pl.vec[st*pl.nb+b][r]
		}
		rk := pl.rank[st*pl.slots+int(id)]
		if v > bestV || v == bestV && rk < bestRank {
			bestID, bestV, bestRank = id, v, rk
		}
	}
	return bestID, bestV
}

// fillStop sets the worth of every final roll at every roll number from p. When boxes is
// not nil (a sheet of one column), it also sets the box of highest worth of every roll
// after the first roll, which is the box after any roll outside "sec" columns.
func (pl *Planner) fillStop(tp *engine.TurnPlan, p *Position, boxes *[engine.NumRolls]uint8) {
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
				id, v := pl.Best(p, r, legal)
				stop[r] = v
				if u == 0 && boxes != nil {
					boxes[r] = uint8(id)
				}
			}
		}
	}
}

// liveTables returns the tables of planning on the spot, built once.
func (pl *Planner) liveTables() *liveTables {
	pl.liveOnce.Do(func() { pl.spot = newLiveTables(pl) })
	return pl.spot
}
