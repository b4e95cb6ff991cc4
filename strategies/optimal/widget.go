package optimal

import (
	"math"
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
// each step is one operation on a vector of lanes: the loops read and write memory in
// order, and the bookkeeping of the keeps and the rolls is paid once for all the lanes.
//
// Every vector holds L values per roll or keep, row after row. Each lane is computed with
// the same operations in the same order as a widget of one lane, so a state's value does
// not depend on the lanes it was solved with, nor on the number of workers.
type widget struct {
	sp *space
	v  []float64 // values of turn-start states, read for the states after the turn

	lanes []uint16 // the subtotal of each lane
	L     int
	one   [1]uint16 // the lanes of a single state

	// stop[u][r*L+i]: value of ending the turn with roll r after u+1 rolls (only stop[0]
	// when the space has sameStop). box[u]: with tracking, the box that reaches it.
	stop [engine.MaxRollsPerTurn][]float64
	box  [engine.MaxRollsPerTurn][]uint8
	// val[ru][r*L+i]: value of holding roll r after ru+1 rolls, playing on optimally.
	val [engine.MaxRollsPerTurn][]float64
	ev  []float64 // [numKeeps*L]: value of each keep when its missing dice are rolled
	m   []float64 // [rollBase*L]: best value of a keep inside each keep
	mk  []uint16  // [rollBase*L]: with tracking, the rank (keepRank) of the keep that reaches m
	cv  []float64 // [256*L]: value of each score of a box
	e   []float64 // [L]: value of each state before its first roll
	// out[i*numRolls+r]: with tracking, the decisions of lane i for roll r (policy entries).
	out []uint32
}

func newWidget(sp *space, v []float64) *widget {
	w := &widget{sp: sp, v: v}
	layers := sp.rolls
	if sp.sameStop {
		layers = 1
	}
	for u := range layers {
		w.stop[u] = make([]float64, numRolls*maxLanes)
		w.box[u] = make([]uint8, numRolls*maxLanes)
	}
	for u := range sp.rolls {
		w.val[u] = make([]float64, numRolls*maxLanes)
	}
	w.ev = make([]float64, numKeeps*maxLanes)
	w.m = make([]float64, rollBase*maxLanes)
	w.mk = make([]uint16, rollBase*maxLanes)
	w.cv = make([]float64, 256*maxLanes)
	w.e = make([]float64, maxLanes)
	w.out = make([]uint32, numRolls*maxLanes)
	return w
}

// setLanes makes the widget work on the states of the given subtotals (at most maxLanes).
func (w *widget) setLanes(lanes []uint16) {
	w.lanes, w.L = lanes, len(lanes)
}

// row returns row k of a vector of the widget's lanes.
func (w *widget) row(vec []float64, k int) []float64 {
	return vec[k*w.L : (k+1)*w.L : (k+1)*w.L]
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
	sp, L := w.sp, w.L
	layers := sp.rolls
	if sp.sameStop {
		layers = 1
	}
	for ru := 1; ru <= layers; ru++ {
		st := w.stop[ru-1][:numRolls*L]
		arg := w.box[ru-1][:numRolls*L]
		legal := sp.legal(mask, plainRoll, ru)
		if legal == 0 {
			for i := range st {
				st[i] = math.Inf(-1)
			}
		}
		first := true
		for l := legal; l != 0; l &= l - 1 {
			b := bits.TrailingZeros32(l)
			scores := sp.clsScore[b]
			for c, pts := range scores {
				w.classValues(mask, f, b, pts, w.row(w.cv, c))
			}
			cls := &sp.cls[b]
			for r := range numRolls {
				src := w.row(w.cv, int(cls[r]))
				dst := st[r*L : (r+1)*L : (r+1)*L]
				switch {
				case first:
					copy(dst, src)
					if track {
						for i := range dst {
							arg[r*L+i] = uint8(b)
						}
					}
				case track:
					a := arg[r*L : (r+1)*L : (r+1)*L]
					for i, x := range src[:len(dst)] {
						if x > dst[i] {
							dst[i], a[i] = x, uint8(b)
						}
					}
				default:
					for i, x := range src[:len(dst)] {
						dst[i] = max(dst[i], x)
					}
				}
			}
			first = false
		}
		// Five of a kind: the joker changes the points and, forced, the legal boxes; the
		// extra bonus adds to every box.
		for _, y := range yahtzeeRolls {
			for i, u := range w.lanes {
				best, bestBox := math.Inf(-1), uint8(0)
				for l := sp.legal(mask, y, ru); l != 0; l &= l - 1 {
					b := bits.TrailingZeros32(l)
					x := sp.apply(mask, int(u), f, b, y)
					if v := float64(x.reward) + w.v[x.next]; v > best {
						best, bestBox = v, uint8(b)
					}
				}
				st[int(y)*L+i], arg[int(y)*L+i] = best, bestBox
			}
		}
	}
}

// classValues sets dst[i] to the value of scoring pts in box b (no five of a kind) from
// the state of lane i: the points gained and the value of the next state.
func (w *widget) classValues(mask uint32, f, b, pts int, dst []float64) {
	sp := w.sp
	if sp.upper&(1<<b) != 0 {
		for i, u := range w.lanes[:len(dst)] {
			x := sp.applyPoints(mask, int(u), f, b, pts, false)
			dst[i] = float64(x.reward) + w.v[x.next]
		}
		return
	}
	// A lower box leaves the subtotal as it is: the next states are a row of the table.
	x := sp.applyPoints(mask, 0, f, b, pts, false)
	reward := float64(x.reward)
	next := w.v[sp.index(x.mask, 0, x.f):][:sp.nu]
	for i, u := range w.lanes[:len(dst)] {
		dst[i] = reward + next[u]
	}
}

// expect fills w.ev with the expected value of every keep when its missing dice are
// rolled and the result is worth next[roll].
func (w *widget) expect(next []float64) {
	L := w.L
	ev := w.ev[:numKeeps*L]
	copy(ev[rollBase*L:], next[:numRolls*L])
	for k := rollBase - 1; k >= 0; k-- {
		a := &keepAdd[k]
		dst := ev[k*L : (k+1)*L : (k+1)*L]
		r0, r1, r2 := ev[int(a[0])*L:][:L], ev[int(a[1])*L:][:L], ev[int(a[2])*L:][:L]
		r3, r4, r5 := ev[int(a[3])*L:][:L], ev[int(a[4])*L:][:L], ev[int(a[5])*L:][:L]
		for i := range dst {
			dst[i] = (r0[i] + r1[i] + r2[i] + r3[i] + r4[i] + r5[i]) * (1.0 / 6)
		}
	}
}

// bestRolls sets out[r] to the larger of stop[r] and the best value of rerolling part of
// roll r (w.ev), without enumerating the sub-keeps of each roll: m[k], the best value
// of any keep inside k, follows from the keeps one die smaller, and a roll's best reroll
// is the best m among its four-dice keeps.
func (w *widget) bestRolls(stop, out []float64) {
	L := w.L
	ev, m := w.ev, w.m
	copy(m[:L], ev[:L])
	for k := 1; k < rollBase; k++ {
		dst := m[k*L : (k+1)*L : (k+1)*L]
		copy(dst, ev[k*L:(k+1)*L])
		for _, j := range keepRem[remStart[k]:remStart[k+1]] {
			src := m[int(j)*L:][:len(dst)]
			for i, x := range src {
				dst[i] = max(dst[i], x)
			}
		}
	}
	for r := range numRolls {
		dst := out[r*L : (r+1)*L : (r+1)*L]
		copy(dst, stop[r*L:(r+1)*L])
		for _, j := range keepRem[remStart[rollBase+r]:remStart[rollBase+r+1]] {
			src := m[int(j)*L:][:len(dst)]
			for i, x := range src {
				dst[i] = max(dst[i], x)
			}
		}
	}
}

// decideRolls is bestRolls that also writes the best keep of every roll into the
// decisions (w.out) at shift. Ties go to stopping, then to the keep of more dice, then to
// the lower keep index (the order of engine.SubKeeps, as engine.TurnPlan breaks them):
// keepRank numbers the keeps in that order, so a tie goes to the lower rank. The
// tie-break is a total order, so the best of a set does not depend on how the set is
// split, and the best keep inside every keep follows from the keeps one die smaller.
func (w *widget) decideRolls(stop, out []float64, shift int) {
	L := w.L
	ev, m, mk := w.ev, w.m, w.mk
	for k := range rollBase {
		dst := m[k*L : (k+1)*L : (k+1)*L]
		dk := mk[k*L : (k+1)*L : (k+1)*L]
		copy(dst, ev[k*L:(k+1)*L])
		rank := keepRank[k]
		for i := range dk {
			dk[i] = rank
		}
		for _, j := range keepRem[remStart[k]:remStart[k+1]] {
			src := m[int(j)*L:][:len(dst)]
			srk := mk[int(j)*L:][:len(dst)]
			for i, y := range src {
				if y > dst[i] || (y == dst[i] && srk[i] < dk[i]) {
					dst[i], dk[i] = y, srk[i]
				}
			}
		}
	}
	for r := range numRolls {
		dst := out[r*L : (r+1)*L : (r+1)*L]
		copy(dst, stop[r*L:(r+1)*L])
		var bk [maxLanes]uint16 // 0: stop, which wins every tie
		for _, j := range keepRem[remStart[rollBase+r]:remStart[rollBase+r+1]] {
			src := m[int(j)*L:][:len(dst)]
			srk := mk[int(j)*L:][:len(dst)]
			for i, y := range src {
				if y > dst[i] || (y == dst[i] && srk[i] < bk[i]) {
					dst[i], bk[i] = y, srk[i]
				}
			}
		}
		for i, rank := range bk[:L] {
			if rank != 0 {
				w.out[i*numRolls+r] |= uint32(subPos[r][rankKeep[rank]]) << shift
			}
		}
	}
}

// evaluate works out the turn from the lanes' states of group (mask, f) and returns the
// value of each before its first roll (w.e). With track it also leaves the decisions of
// every lane and roll in w.out.
func (w *widget) evaluate(mask uint32, f int, track bool) []float64 {
	sp, L := w.sp, w.L
	w.stops(mask, f, track)
	last := sp.rolls - 1
	copy(w.val[last][:numRolls*L], w.stopLayer(last + 1)[:numRolls*L])
	if track {
		for i := range L {
			out := w.out[i*numRolls : (i+1)*numRolls]
			for r := range numRolls {
				out[r] = uint32(w.box[0][r*L+i])
			}
		}
	}
	for ru := last - 1; ru >= 0; ru-- {
		w.expect(w.val[ru+1])
		if track {
			w.decideRolls(w.stopLayer(ru+1), w.val[ru], boxBits+keepBits*(last-ru-1))
		} else {
			w.bestRolls(w.stopLayer(ru+1), w.val[ru])
		}
	}
	e := w.e[:L]
	clear(e)
	for r, p := range rollProb {
		for i, x := range w.val[0][r*L : (r+1)*L] {
			e[i] += p * x
		}
	}
	return e
}

// decide works out the decisions of every roll of state (mask, u, f) into out and
// returns its value.
func (w *widget) decide(mask uint32, u, f int, out *[numRolls]uint32) float64 {
	w.one[0] = uint16(u)
	w.setLanes(w.one[:])
	e := w.evaluate(mask, f, true)[0]
	copy(out[:], w.out[:numRolls])
	return e
}
