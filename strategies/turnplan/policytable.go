package turnplan

import (
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
)

// Policy is a heuristic's whole turn policy on a sheet of one column, computed once per
// rule set: for every decision state and roll, the keep before each reroll and the box.
//
// A keep is stored as a mask of the roll's dice (engine.Roll.Held), one byte.
//
// A state is an upper status, the filled boxes and, when the rules have an extra bonus
// and the yahtzee box is filled, whether it holds a non-zero score. The states of each
// status are numbered mask for the first 2^nb, then 2^nb + the mask without the yahtzee
// bit for the states whose yahtzee box holds a non-zero score: half as many again.
//
// Each (state, roll) is rolls bytes: a keep mask per reroll, then the box. A decision
// reads one byte, and the three decisions of a roll share a cache line.
type Policy struct {
	rolls     int
	stride    int // bytes per state
	perStatus int
	nb        int
	ybox      int // -1 when the yahtzee flag is not part of the state
	data      []uint8
}

// State numbers the position of sheet s, of one column, for status index si (an index
// into the statuses the policy was built for).
func (t *Policy) State(si int, s *engine.Sheet) int {
	filled := s.FilledMask()
	i := si * t.perStatus
	if t.ybox < 0 || s.Score(engine.BoxID(t.ybox)) <= 0 {
		return i + int(filled)
	}
	low := filled & (1<<t.ybox - 1)
	return i + 1<<t.nb + int(low|filled>>(t.ybox+1)<<t.ybox)
}

// States is the number of states of the table: every State is below it.
func (t *Policy) States() int { return len(t.data) / t.stride }

// Keep is the keep of roll r with rollsLeft rerolls left in state.
func (t *Policy) Keep(state int, r engine.Roll, rollsLeft int) engine.Keep {
	return r.Held(t.data[state*t.stride+int(r)*t.rolls+t.rolls-1-rollsLeft])
}

// Box is the box of the final roll r in state.
func (t *Policy) Box(state int, r engine.Roll) engine.BoxID {
	return engine.BoxID(t.data[state*t.stride+int(r)*t.rolls+t.rolls-1])
}

// NewPolicy tabulates pl for the given statuses of a sheet of one column, on every core.
// skip tells the states that play never reaches, which are left empty.
func NewPolicy(pl *Planner, statuses []uint8, skip func(filled uint64, st uint8) bool) *Policy {
	t := &Policy{rolls: pl.rolls, stride: engine.NumRolls * pl.rolls, nb: pl.nb, ybox: -1}
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
					p := Position{filled: uint64(j)}
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

func (t *Policy) fill(pl *Planner, tp *engine.TurnPlan, p *Position, row []uint8) {
	var boxes [engine.NumRolls]uint8
	pl.fillStop(tp, p, &boxes)
	if t.rolls > 1 {
		tp.Solve(t.rolls, pl.sameStop)
	}
	for r := range engine.Roll(engine.NumRolls) {
		cell := row[int(r)*t.rolls : int(r+1)*t.rolls]
		for u := range t.rolls - 1 {
			cell[u] = r.MaskOf(tp.Keep(r, t.rolls-1-u))
		}
		cell[t.rolls-1] = boxes[r]
	}
}
