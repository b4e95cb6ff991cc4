package optimal

import (
	"math/bits"

	"yams/engine"
)

// maxLanes is the most turn-start states a widget works out at once. Its vectors then take
// about 330 KB, which stays in a core's second-level cache.
const maxLanes = 32

// widget evaluates one turn from turn-start states of one group — the same filled boxes and
// yahtzee flag — for several upper subtotals at once (its "lanes"), given the values of the
// states after the turn: the stop value of every final roll (best box), then, roll number
// by roll number backwards, the value of every keep (the one-die-at-a-time recurrence) and
// of every roll (the best keep). The states of a group share their dice and their boxes, so
// each step is one operation on a vector of lanes (kernels.go): the loops read and write
// memory in order, run four lanes per instruction where the processor can, and the
// bookkeeping of the keeps and the rolls is paid once for all the lanes.
//
// Every vector holds S values per roll or keep, row after row: the L lanes, padded to a
// multiple of 4 with lanes whose values nobody reads. Each lane is computed with the same
// operations in the same order as a widget of one lane, so a state's value does not depend
// on the lanes it was solved with, nor on the number of workers.
type widget struct {
	sp *space
	v  []float64 // values of turn-start states, read for the states after the turn

	lanes []uint16 // the subtotal of each lane
	L, S  int
	one   [1]uint16 // the lanes of a single state

	// stop[u][r*S+i]: value of ending the turn with roll r after u+1 rolls (only stop[0]
	// when the space has sameStop). arg[u]: with tracking, the box that reaches it.
	stop [engine.MaxRollsPerTurn][]float64
	arg  [engine.MaxRollsPerTurn][]float64
	// val[ru][r*S+i]: value of holding roll r after ru+1 rolls, playing on optimally.
	val [engine.MaxRollsPerTurn][]float64
	ev  []float64 // [numKeeps*S]: value of each keep when its missing dice are rolled
	m   []float64 // [rollBase*S]: best value of a keep inside each keep
	mk  []float64 // [rollBase*S]: with tracking, the rank (keepRank) of the keep that reaches m
	bk  []float64 // [numRolls*S]: with tracking, the rank of the best keep of each roll, 0 to stop
	cv  []float64 // [256*S]: value of each score of a box
	e   []float64 // [S]: value of each state before its first roll
	// out[r*S+i]: with tracking, the decisions of lane i for roll r (policy entries).
	out []uint32
	// evLayers, when set, receives a copy of ev for each roll number (an Evaluator's).
	evLayers *[engine.MaxRollsPerTurn][]float64
}

func newWidget(sp *space, v []float64) *widget {
	w := &widget{sp: sp, v: v}
	layers := sp.rolls
	if sp.sameStop {
		layers = 1
	}
	const s = maxLanes // a multiple of 4
	for u := range layers {
		w.stop[u] = make([]float64, numRolls*s)
		w.arg[u] = make([]float64, numRolls*s)
	}
	for u := range sp.rolls {
		w.val[u] = make([]float64, numRolls*s)
	}
	w.ev = make([]float64, numKeeps*s)
	w.m = make([]float64, rollBase*s)
	w.mk = make([]float64, rollBase*s)
	w.bk = make([]float64, numRolls*s)
	w.cv = make([]float64, 256*s)
	w.e = make([]float64, s)
	w.out = make([]uint32, numRolls*s)
	return w
}

// setLanes makes the widget work on the states of the given subtotals (at most maxLanes).
func (w *widget) setLanes(lanes []uint16) {
	w.lanes, w.L, w.S = lanes, len(lanes), laneStride(len(lanes))
}

// stopLayer returns the stop values for rollsUsed (1-based).
func (w *widget) stopLayer(rollsUsed int) []float64 {
	if w.sp.sameStop {
		return w.stop[0]
	}
	return w.stop[rollsUsed-1]
}

// stops fills the stop values of the lanes of group (mask, f); with track it also
// records the best box of every roll, the lowest box index winning ties.
func (w *widget) stops(mask uint32, f int, track bool) {
	sp, S := w.sp, w.S
	layers := sp.rolls
	if sp.sameStop {
		layers = 1
	}
	for ru := 1; ru <= layers; ru++ {
		st := w.stop[ru-1][:numRolls*S]
		arg := w.arg[ru-1][:numRolls*S]
		fillNegInf(st)
		if track {
			clear(arg)
		}
		for l := sp.legal(mask, plainRoll, ru); l != 0; l &= l - 1 {
			b := bits.TrailingZeros32(l)
			for c, pts := range sp.clsScore[b] {
				w.scoreValues(mask, f, b, pts, false, w.cv[c*S:][:w.L])
			}
			if track {
				maxClassArgLanes(st, arg, w.cv, S, &sp.cls[b], float64(b))
			} else {
				maxClassLanes(st, w.cv, S, &sp.cls[b])
			}
		}
		// Five of a kind: the joker changes the points and, forced, the legal boxes; the
		// extra bonus adds to every box. The boxes are tried in increasing order, and a
		// tie keeps the lower.
		for _, y := range yahtzeeRolls {
			dst := st[int(y)*S : int(y)*S+w.L]
			a := arg[int(y)*S : int(y)*S+w.L]
			fillNegInf(dst)
			cv := w.cv[:w.L]
			for l := sp.legal(mask, y, ru); l != 0; l &= l - 1 {
				b := bits.TrailingZeros32(l)
				w.scoreValues(mask, f, b, sp.rules.Points(uint64(mask), engine.BoxID(b), y), true, cv)
				for i, x := range cv {
					if x > dst[i] {
						dst[i], a[i] = x, float64(b)
					}
				}
			}
		}
	}
}

// scoreValues sets dst[i] to the value of scoring pts in box b from the state of lane i:
// the points gained (the upper bonus and, for five of a kind, the extra bonus included)
// and the value of the next state.
func (w *widget) scoreValues(mask uint32, f, b, pts int, five bool, dst []float64) {
	sp := w.sp
	if sp.upper&(1<<b) != 0 {
		for i, u := range w.lanes[:len(dst)] {
			x := sp.applyPoints(mask, int(u), f, b, pts, five)
			dst[i] = float64(x.reward) + w.v[x.next]
		}
		return
	}
	// A lower box leaves the subtotal as it is: the next states are a row of the table.
	x := sp.applyPoints(mask, 0, f, b, pts, five)
	reward := float64(x.reward)
	next := w.v[sp.index(x.mask, 0, x.f):][:sp.nu]
	for i, u := range w.lanes[:len(dst)] {
		dst[i] = reward + next[u]
	}
}

// expect fills w.ev with the expected value of every keep when its missing dice are
// rolled and the result is worth next[roll].
func (w *widget) expect(next []float64) {
	S := w.S
	copy(w.ev[rollBase*S:numKeeps*S], next[:numRolls*S])
	expectLanes(w.ev, S)
}

// evaluate works out the turn from the lanes' states of group (mask, f) and returns the
// value of each before its first roll. With track it also leaves the decisions of every
// lane and roll in w.out: the best box, and the best keep of each roll number, ties going
// to stopping, then to the keep of more dice, then to the lower keep index (the order of
// engine.SubKeeps, as engine.TurnPlan breaks them; keepRank numbers the keeps in it).
func (w *widget) evaluate(mask uint32, f int, track bool) []float64 {
	sp, L, S := w.sp, w.L, w.S
	w.stops(mask, f, track)
	last := sp.rolls - 1
	copy(w.val[last][:numRolls*S], w.stopLayer(last + 1)[:numRolls*S])
	if track {
		for j, b := range w.arg[0][:numRolls*S] {
			w.out[j] = uint32(b)
		}
	}
	for ru := last - 1; ru >= 0; ru-- {
		w.expect(w.val[ru+1])
		if w.evLayers != nil {
			copy(w.evLayers[ru][:numKeeps*S], w.ev[:numKeeps*S])
		}
		if !track {
			bestRollsLanes(w.ev, w.m, w.stopLayer(ru+1), w.val[ru], S)
			continue
		}
		decideRollsLanes(w.ev, w.m, w.mk, w.stopLayer(ru+1), w.val[ru], w.bk, S)
		shift := boxBits + keepBits*(last-ru-1)
		for r := range numRolls {
			pos := &posOfRank[r]
			out := w.out[r*S : r*S+L]
			for i, rank := range w.bk[r*S : r*S+L] {
				out[i] |= uint32(pos[int(rank)]) << shift
			}
		}
	}
	dotLanes(w.e, w.val[0], S)
	return w.e[:L]
}

// decide works out the decisions of every roll of state (mask, u, f) into out and
// returns its value.
func (w *widget) decide(mask uint32, u, f int, out *[numRolls]uint32) float64 {
	w.one[0] = uint16(u)
	w.setLanes(w.one[:])
	e := w.evaluate(mask, f, true)[0]
	w.laneEntries(0, out)
	return e
}

// laneEntries copies the decisions of lane i (after evaluate with track) into out.
func (w *widget) laneEntries(i int, out *[numRolls]uint32) {
	for r := range out {
		out[r] = w.out[r*w.S+i]
	}
}
