package optimal

import (
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"yams/engine"
)

// targetValues holds the values of target:T: for every turn-start state (mask, u, f) and
// every number of points still needed n from 1 to T, the best probability of scoring n
// more points by the end of the game. Two kinds of pairs are certain and not stored: n
// no more than the least the open boxes can score (sure: 1 whatever the play, so every
// option ties there, exactly), and n beyond the most points the state can still score
// (0). A group's other pairs are stored subtotal after subtotal, the needs of a subtotal
// consecutive: v[base[g] + rank(u)·width[g] + n − sure[g] − 1], so that a box's scores,
// which move n by a few points at a time, read neighbouring values.
type targetValues struct {
	T     int
	base  []int64 // per group g = mask·nf + f
	sure  []int32 // per group: needs up to sure[g] are certain
	width []int32 // per group: the needs stored, from sure+1 to min(T, most points to come)
	rank  []uint16
	v     []float64
}

// maxTargetLanes is the most (subtotal, need) pairs of a group: the widget's lanes carry
// a pair's number in the group in 16 bits.
const maxTargetLanes = 1 << 16

// newTargetValues lays out the values of target:t on sp, without allocating them.
func newTargetValues(sp *space, t int) *targetValues {
	ng := sp.nf << sp.nb
	tv := &targetValues{T: t, base: make([]int64, ng), sure: make([]int32, ng), width: make([]int32, ng), rank: make([]uint16, len(sp.ureach))}
	for up, lanes := range sp.lanes {
		for k, u := range lanes {
			tv.rank[up*sp.nu+int(u)] = uint16(k)
		}
	}
	best, least := make([]int, sp.nb), make([]int, sp.nb)
	for b := range sp.nb {
		best[b], least[b] = slices.Max(sp.boxScores(b)), slices.Min(sp.boxScores(b))
	}
	n := int64(0)
	for g := range tv.base {
		tv.base[g] = n
		mask, f := uint32(g/sp.nf), g%sp.nf
		if !sp.groupValid(mask, f) {
			continue
		}
		sure := 0
		for l := sp.full &^ mask; l != 0; l &= l - 1 {
			sure += least[bits.TrailingZeros32(l)]
		}
		tv.sure[g] = int32(min(t, sure))
		tv.width[g] = int32(max(0, min(t, sp.mostToCome(mask, best))-sure))
		n += int64(len(sp.lanes[sp.up(mask)])) * int64(tv.width[g])
	}
	tv.base = append(tv.base, n) // the values are allocated by the solve or the reader, once checked
	return tv
}

// size returns the number of stored values.
func (tv *targetValues) size() int64 { return tv.base[len(tv.base)-1] }

// mostToCome bounds the points a sheet with mask filled can still score: the best score of
// every open box, the upper bonus while an upper box is open, an extra bonus per open box
// (best[b] is box b's best score).
func (sp *space) mostToCome(mask uint32, best []int) int {
	open := sp.full &^ mask
	n := 0
	for l := open; l != 0; l &= l - 1 {
		n += best[bits.TrailingZeros32(l)] + sp.extra
	}
	if open&sp.upper != 0 {
		n += sp.bonus
	}
	return n
}

// value returns the probability of scoring need more points from state (mask, u, f), in
// group g = mask·nf + f, under the target's best play.
func (tv *targetValues) value(sp *space, g int, mask uint32, u, need int) float64 {
	k := need - int(tv.sure[g]) - 1
	switch {
	case k < 0:
		return 1
	case k >= int(tv.width[g]):
		return 0
	}
	return tv.v[tv.base[g]+int64(tv.rank[sp.up(mask)*sp.nu+u])*int64(tv.width[g])+int64(k)]
}

// settled reports whether every option of state (mask, u, f) in group g is worth the same
// to the target when need points are still needed: the open boxes score them whatever
// the play, or no play can score them.
func (tv *targetValues) settled(sp *space, g int, mask uint32, u, need int) bool {
	return need <= int(tv.sure[g]) || tv.value(sp, g, mask, u, need) == 0
}

// lane returns the number of pair (u, need) among the pairs of its group, for the
// widget's lanes; the pair must be stored (not settled by the sure points).
func (tv *targetValues) lane(sp *space, g int, mask uint32, u, need int) uint16 {
	return uint16(int(tv.rank[sp.up(mask)*sp.nu+u])*int(tv.width[g]) + need - int(tv.sure[g]) - 1)
}

// checkTarget refuses target:t on sp when a group's pairs would not fit the widget's lanes.
func checkTarget(sp *space, t int) error {
	most := 0
	for _, lanes := range sp.lanes {
		most = max(most, len(lanes))
	}
	if most*t > maxTargetLanes {
		return fmt.Errorf("%w: target:%d on rules %s: the solver takes targets up to %d on these rules (%d subtotals per sheet of filled boxes, times the points still needed, must stay within %d)",
			ErrObjective, t, sp.rules.Name(), maxTargetLanes/most, most, maxTargetLanes)
	}
	return nil
}

// targetMemory estimates the memory of solving or loading target:t on sp: its values, and
// the mean's table and decisions, which play where the target is settled.
func targetMemory(sp *space, t int) int64 {
	return sumSat(mulSat(newTargetValues(sp, t).size(), 8), tableMemory(sp))
}

// targetWhat names the strategy target:T of r in a *MemoryError.
func targetWhat(r *engine.Rules, o Objective) string {
	return "the strategy " + o.String() + " of rules " + r.Name() + " (its values for every state and points still needed, and the optimal strategy's table)"
}

// scoreValues is widget.scoreValues for target:T: lane i of group (mask, f) is the pair
// lanes[i] = rank·width + need − sure − 1, and dst[i] the probability of reaching the target
// after scoring pts in box b (reward points) and moving to flag f2.
func (tv *targetValues) scoreValues(sp *space, mask uint32, f, f2, b, pts, reward int, lanes []uint16, dst []float64) {
	g := int(mask)*sp.nf + f
	n, sure := int(tv.width[g]), int(tv.sure[g])
	us := sp.lanes[sp.up(mask)]
	nm := mask | 1<<b
	g2 := int(nm)*sp.nf + f2
	n2, sure2, base2, up2 := int64(tv.width[g2]), int64(tv.sure[g2]), tv.base[g2], sp.up(nm)*sp.nu
	upper := sp.upper&(1<<b) != 0
	dead := 0
	if upper && sp.merge {
		dead = sp.deadBelow[sp.up(nm)]
	}
	for i, lane := range lanes {
		k, need := int(lane)/n, int(lane)%n+sure+1
		t, x := int(us[k]), reward
		if upper {
			nu := t + pts
			if sp.threshold > 0 && t < sp.threshold && nu >= sp.threshold {
				x += sp.bonus
			}
			t = min(sp.cap, nu)
			if t < dead {
				t = 0
			}
		}
		switch nd := int64(need-x) - sure2 - 1; {
		case nd < 0:
			dst[i] = 1
		case nd >= n2:
			dst[i] = 0
		default:
			dst[i] = tv.v[base2+int64(tv.rank[up2+t])*n2+nd]
		}
	}
}

// laneNumbers are the numbers of a group's pairs, for the widget's lanes.
var laneNumbers = func() []uint16 {
	l := make([]uint16, maxTargetLanes)
	for i := range l {
		l[i] = uint16(i)
	}
	return l
}()

// solveTarget solves target:T on t's space: the values of every (state, need) pair, by
// backward induction over the filled boxes as solveTable does, each group's pairs worked
// out maxLanes at a time by the widget. It keeps no decisions: play works them out from
// the values (targetStrategy).
func solveTarget(t *Table, workers int, progress ...func(layers int)) {
	sp := t.sp
	tv := newTargetValues(sp, t.obj.Target)
	tv.v = make([]float64, tv.size())
	t.tv, t.solved = tv, time.Now().UTC().Truncate(time.Second)
	layers := make([][]uint32, sp.nb+1)
	for m := range uint32(1 << sp.nb) {
		if sp.maskOK[m] {
			n := bits.OnesCount32(m)
			layers[n] = append(layers[n], m)
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.newWidget()}
	}
	for n := sp.nb - 1; n >= 0; n-- {
		// A group's pairs in blocks of maxLanes: the work items of the layer.
		type block struct {
			g      int32
			lo, hi int32
		}
		var blocks []block
		for _, m := range layers[n] {
			for f := range sp.nf {
				g := int(m)*sp.nf + f
				if !sp.groupValid(m, f) {
					continue
				}
				pairs := len(sp.lanes[sp.up(m)]) * int(tv.width[g])
				for lo := 0; lo < pairs; lo += maxLanes {
					blocks = append(blocks, block{int32(g), int32(lo), int32(min(lo+maxLanes, pairs))})
				}
			}
		}
		forEach(ws, len(blocks), func(sw *solveWorker, _, i int) {
			bl := blocks[i]
			g := int(bl.g)
			w := sw.w
			w.setLanes(laneNumbers[bl.lo:bl.hi])
			e := w.evaluate(uint32(g/sp.nf), g%sp.nf, false)
			copy(tv.v[tv.base[g]+int64(bl.lo):], e)
		})
		for _, f := range progress {
			f(sp.nb - n)
		}
	}
}

// decideTarget works out the decisions of state (mask, u, f) needing need more points (a
// pair that is not settled) into out, and returns its value.
func (w *widget) decideTarget(mask uint32, u, f, need int, out *[numRolls]uint32) float64 {
	tv, sp := w.tv, w.sp
	w.one[0] = tv.lane(sp, int(mask)*sp.nf+f, mask, u, need)
	w.setLanes(w.one[:])
	e := w.evaluate(mask, f, true)[0]
	w.laneEntries(0, out)
	return e
}

// targetPoints returns the points a sheet has scored as the solver counts them: every box
// and extra bonus, and the upper bonus as soon as the subtotal reaches the threshold
// (rules that count it only once the upper section is full pay the same in the end).
func (sp *space) targetPoints(sh *engine.Sheet) int {
	p := sh.Total() - sh.UpperBonus(0)
	if sp.threshold > 0 && sh.Upper(0) >= sp.threshold {
		p += sp.bonus
	}
	return p
}
