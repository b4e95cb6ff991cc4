package turnplan

import (
	"math/bits"

	"yams/engine"
)

// The planning of a turn on a sheet of several columns as it was before the turn cache
// (commit 48512d8), kept word for word as the reference that the faster planning must
// agree with, decision for decision: every keep is a fresh backward induction over the
// worth of every legal slot at every roll number, every box the legal slot of highest
// worth. It reads the position and the worth of a slot (Position, value) as the planner
// does: those are as they were then.

func (pl *Planner) refBest(p *Position, r engine.Roll, legal uint64) (engine.BoxID, float64) {
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

func (pl *Planner) refFillStop(tp *engine.TurnPlan, p *Position) {
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
	pl    *Planner
	tp    engine.TurnPlan
	key   Position
	valid bool
}

func (l *refPlanner) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	p := l.pl.Position(s)
	if !l.valid || l.key != p {
		l.pl.refFillStop(&l.tp, &p)
		l.tp.Solve(l.pl.rolls, l.pl.sameStop)
		l.key, l.valid = p, true
	}
	return l.tp.Keep(r, rollsLeft)
}

func (l *refPlanner) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	p := l.pl.Position(s)
	id, _ := l.pl.refBest(&p, r, s.Legal(r, rollsUsed))
	return id
}
