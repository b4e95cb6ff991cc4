package strategies

import (
	"math/bits"

	"yams/engine"
)

// The planning of a turn on a sheet of several columns as it was before the turn cache
// (commit 48512d8), kept word for word as the reference that the faster planning must
// agree with, decision for decision: every keep is a fresh backward induction over the
// worth of every legal slot at every roll number, every box the legal slot of highest
// worth.

func (pl *planner) refPosition(s *engine.Sheet) position {
	p := position{filled: s.FilledMask()}
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

func (pl *planner) refValue(p *position, id engine.BoxID, r engine.Roll) float64 {
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

func (pl *planner) refBest(p *position, r engine.Roll, legal uint64) (engine.BoxID, float64) {
	bestID, bestV, bestRank := engine.BoxID(0), float64(noValue), int32(1<<30)
	for l := legal; l != 0; l &= l - 1 {
		id := engine.BoxID(bits.TrailingZeros64(l))
		v := pl.refValue(p, id, r)
		rk := pl.rank[int(p.status[int(id)/pl.nb])*pl.slots+int(id)]
		if v > bestV || v == bestV && rk < bestRank {
			bestID, bestV, bestRank = id, v, rk
		}
	}
	return bestID, bestV
}

func (pl *planner) refFillStop(tp *engine.TurnPlan, p *position) {
	n := pl.rolls
	if pl.sameStop {
		n = 1
	}
	for u := range n {
		stop := &tp.Stop[u]
		for r := range stop {
			stop[r] = noValue
		}
		legal := pl.rules.Legal(p.filled, pl.plain, u+1)
		for l := legal; l != 0; l &= l - 1 {
			id := bits.TrailingZeros64(l)
			v := &pl.vec[int(p.status[id/pl.nb])*pl.nb+id%pl.nb]
			for r, x := range v {
				if x > stop[r] {
					stop[r] = x
				}
			}
		}
		for _, r := range pl.fives {
			if legal := pl.rules.Legal(p.filled, r, u+1); legal != 0 {
				_, v := pl.refBest(p, r, legal)
				stop[r] = v
			}
		}
	}
}

// refPlanner decides as the strategies did: a turn plan per position.
type refPlanner struct {
	pl    *planner
	tp    engine.TurnPlan
	key   position
	valid bool
}

func (l *refPlanner) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	p := l.pl.refPosition(s)
	if !l.valid || l.key != p {
		l.pl.refFillStop(&l.tp, &p)
		l.tp.Solve(l.pl.rolls, l.pl.sameStop)
		l.key, l.valid = p, true
	}
	return l.tp.Keep(r, rollsLeft)
}

func (l *refPlanner) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	p := l.pl.refPosition(s)
	id, _ := l.pl.refBest(&p, r, s.Legal(r, rollsUsed))
	return id
}
