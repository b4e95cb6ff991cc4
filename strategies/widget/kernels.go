package widget

import "math"

// The widget's inner loops, on vectors of lanes: every vector holds S values per roll or
// keep, S a multiple of 4 (the lanes, padded). Each has a plain Go version, here, and on
// processors that have AVX an assembly version (kernels_amd64.s) that does four lanes per
// instruction. Both do the same floating-point operations in the same order on each lane,
// so that a table does not depend on the processor it was solved on (the tests compare
// them bit for bit); the one liberty is the sign of a zero that two equal values compete
// with, which no value of a table reaches.
//
// Ranks of keeps (keepRank) and boxes travel in float64 vectors beside the values, so that
// a comparison mask selects a value and its rank with the same instruction.

// laneStride returns the padded number of lanes of a widget of L lanes: a multiple of what
// the kernels in use work on at once.
func laneStride(L int) int {
	a := laneAlign()
	return (L + a - 1) / a * a
}

// sixth is 1/6, the weight of each face of the die added to a keep; the assembly reads it.
var sixth = 1.0 / 6

// keepRankF and the index tables below are keepRank, keepAdd, remStart and keepRem in the
// form the assembly reads.
var keepRankF [RollBase]float64

func init() {
	for k, r := range keepRank {
		keepRankF[k] = float64(r)
	}
}

// expectGeneric fills the rows of the keeps that are not rolls, from the rolls' rows: the
// value of a keep is the mean, over the face of one more die, of the keep with that die.
func expectGeneric(ev []float64, S int) {
	for k := RollBase - 1; k >= 0; k-- {
		a := &KeepAdd[k]
		dst := ev[k*S : (k+1)*S : (k+1)*S]
		r0, r1, r2 := ev[int(a[0])*S:][:S], ev[int(a[1])*S:][:S], ev[int(a[2])*S:][:S]
		r3, r4, r5 := ev[int(a[3])*S:][:S], ev[int(a[4])*S:][:S], ev[int(a[5])*S:][:S]
		for i := range dst {
			dst[i] = (r0[i] + r1[i] + r2[i] + r3[i] + r4[i] + r5[i]) * sixth
		}
	}
}

// bestRollsGeneric sets m[k] to the best value of a keep inside keep k, and out[r] to the
// larger of stop[r] and the best m of the four-dice keeps of roll r.
func bestRollsGeneric(ev, m, stop, out []float64, S int) {
	for k := range RollBase {
		dst := m[k*S : (k+1)*S : (k+1)*S]
		copy(dst, ev[k*S:(k+1)*S])
		for _, j := range KeepRem[RemStart[k]:RemStart[k+1]] {
			for i, x := range m[int(j)*S:][:S] {
				dst[i] = max(dst[i], x)
			}
		}
	}
	for r := range NumRolls {
		dst := out[r*S : (r+1)*S : (r+1)*S]
		copy(dst, stop[r*S:(r+1)*S])
		for _, j := range KeepRem[RemStart[RollBase+r]:RemStart[RollBase+r+1]] {
			for i, x := range m[int(j)*S:][:S] {
				dst[i] = max(dst[i], x)
			}
		}
	}
}

// decideRollsGeneric is bestRollsGeneric that also carries the rank of the best keep: mk
// for the keeps inside each keep, bk for each roll (0 when stopping is best). A tie goes
// to the lower rank.
func decideRollsGeneric(ev, m, mk, stop, out []float64, bk []uint8, S int) {
	for k := range RollBase {
		dst := m[k*S : (k+1)*S : (k+1)*S]
		dk := mk[k*S : (k+1)*S : (k+1)*S]
		copy(dst, ev[k*S:(k+1)*S])
		for i := range dk {
			dk[i] = keepRankF[k]
		}
		for _, j := range KeepRem[RemStart[k]:RemStart[k+1]] {
			src, srk := m[int(j)*S:][:S], mk[int(j)*S:][:S]
			for i, y := range src {
				if y > dst[i] || (y == dst[i] && srk[i] < dk[i]) {
					dst[i], dk[i] = y, srk[i]
				}
			}
		}
	}
	var dk [MaxLanes]float64
	for r := range NumRolls {
		dst := out[r*S : (r+1)*S : (r+1)*S]
		copy(dst, stop[r*S:(r+1)*S])
		clear(dk[:S])
		for _, j := range KeepRem[RemStart[RollBase+r]:RemStart[RollBase+r+1]] {
			src, srk := m[int(j)*S:][:S], mk[int(j)*S:][:S]
			for i, y := range src {
				if y > dst[i] || (y == dst[i] && srk[i] < dk[i]) {
					dst[i], dk[i] = y, srk[i]
				}
			}
		}
		for i, x := range dk[:S] {
			bk[r*S+i] = uint8(x)
		}
	}
}

// stopBox is a box as the stop kernels read it: the score class of every roll, the byte
// offset of the box's first row of values in cv (rows of S values, one per class), the
// box's index, and its number of classes (rows).
type stopBox struct {
	cls  *[NumRolls]uint8
	base int
	box  int
	rows int
}

// stopsGeneric sets st[r] to the best value of scoring roll r in one of the boxes, the
// value of box b being its row cls[r] in cv, and, when arg is not nil, arg[r] to the box
// that reaches it: the first in the order of boxes among equal values. Without a box,
// every value is −∞ (and every box 0).
func stopsGeneric(st []float64, arg []uint8, cv []float64, S int, boxes []stopBox) {
	if len(boxes) == 0 {
		fillNegInf(st[:NumRolls*S])
		if arg != nil {
			clear(arg[:NumRolls*S])
		}
		return
	}
	for r := range NumRolls {
		dst := st[r*S : (r+1)*S : (r+1)*S]
		b0 := &boxes[0]
		copy(dst, cv[b0.base/8+int(b0.cls[r])*S:][:S])
		if arg == nil {
			for _, b := range boxes[1:] {
				for i, x := range cv[b.base/8+int(b.cls[r])*S:][:S] {
					dst[i] = max(dst[i], x)
				}
			}
			continue
		}
		a := arg[r*S : (r+1)*S : (r+1)*S]
		for i := range a {
			a[i] = uint8(b0.box)
		}
		for _, b := range boxes[1:] {
			for i, x := range cv[b.base/8+int(b.cls[r])*S:][:S] {
				if x > dst[i] {
					dst[i], a[i] = x, uint8(b.box)
				}
			}
		}
	}
}

// maxClassGeneric raises st[r] to cv[cls[r]], the value of a box's score for roll r.
func maxClassGeneric(st, cv []float64, S int, cls *[NumRolls]uint8) {
	for r := range NumRolls {
		dst := st[r*S : (r+1)*S : (r+1)*S]
		for i, x := range cv[int(cls[r])*S:][:S] {
			dst[i] = max(dst[i], x)
		}
	}
}

// maxClassArgGeneric is maxClassGeneric that also records box b in arg where its value is
// higher (strictly: a tie keeps the lower box, tried first).
func maxClassArgGeneric(st, arg, cv []float64, S int, cls *[NumRolls]uint8, b float64) {
	for r := range NumRolls {
		dst := st[r*S : (r+1)*S : (r+1)*S]
		a := arg[r*S : (r+1)*S : (r+1)*S]
		for i, x := range cv[int(cls[r])*S:][:S] {
			if x > dst[i] {
				dst[i], a[i] = x, b
			}
		}
	}
}

// dotGeneric sets e[i] to the expected value of lane i over the first roll: the sum over
// the rolls, in order, of their probability times val.
func dotGeneric(e, val []float64, S int) {
	clear(e[:S])
	for r, p := range RollProb {
		for i, x := range val[r*S:][:S] {
			e[i] += p * x
		}
	}
}

// fillNegInf sets every value of v to −∞.
func fillNegInf(v []float64) {
	for i := range v {
		v[i] = math.Inf(-1)
	}
}
