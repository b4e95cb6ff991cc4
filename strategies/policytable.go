package strategies

import (
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
)

// policy is a heuristic's whole turn policy on a sheet of one column, computed once per
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
	return r.Held(t.data[state*t.stride+int(r)*t.rolls+t.rolls-1-rollsLeft])
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
			cell[u] = r.MaskOf(tp.Keep(r, t.rolls-1-u))
		}
		cell[t.rolls-1] = boxes[r]
	}
}
