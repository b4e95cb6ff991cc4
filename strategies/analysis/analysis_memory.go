package analysis

import (
	"math/bits"
	"slices"
	"unsafe"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// AnalysisMemory estimates the memory of an exact analysis of a strategy other than
// optimal on r: three float64 per state of the space of exact subtotals, and the tables
// that build a sheet for each state.
func AnalysisMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := solver.SpaceShape(r, r.MaxUpper())
	states := memlimit.Mul(memlimit.Mul(1<<nb, int64(nu)), int64(nf))
	return memlimit.Sum(memlimit.Mul(states, 3*8), memlimit.Mul(1<<nUp, int64(nu)*3), 8<<nb, 64<<20)
}

// ReachedBytes estimates the probabilities an exact distribution over space sp holds at
// its peak, from the bound of DistributionPeak, which counts every score so far a state
// can have. With an extra bonus for further five of a kinds the bound counts spans of
// scores few games reach: optimal's peak is 231.2 MiB on hasbro against a bound of 444.3,
// 233.7 on verhoeff (the bound over 1.9). Without one, games reach about the whole bound,
// and the vectors' room to grow takes a little more: 57.8 MiB against 61.5 on yams-app,
// 121.0 against 134.2 on yams-wiki, 128.7 against 126.3 on yams, 367.7 against 441.2 on
// yatzy. The estimate takes 10/18 of the bound with the bonus, 11/10 without. An analysis
// that needs more than its estimate is still refused as its distribution grows.
func ReachedBytes(sp *widget.Space) int64 {
	b := DistributionPeak(sp)
	if sp.ExtraBonus != 0 {
		return b / 18 * 10
	}
	return b / 10 * 11
}

// DistributionPeak bounds the memory of the probabilities of an exact distribution of
// the final score over space sp: the analysis holds, for every state of two consecutive
// layers of filled boxes, a dense vector of the scores so far a game can have there, from
// the lowest to the highest. A state's scores so far span at most what its filled boxes
// can hold apart: the lowest to the highest score of each lower box (a joker's
// included, a subtracted box's reversed), the upper boxes' where the subtotal does not
// fix their sum (a subtotal capped, or merged with others out of reach of the bonus),
// and an extra bonus for each box filled after a scored five of a kind.
func DistributionPeak(sp *widget.Space) int64 {
	var lo, hi [engine.MaxBoxes]int // each box's lowest and highest contribution to the total
	for b := range sp.NumBoxes {
		s := sp.BoxScores(b)
		if sp.NumFlags == 2 && b == sp.YahtzeeBox {
			// The flag says whether the box holds 0 (f = 0) or not (f = 1): its span
			// is that of its non-zero scores.
			s = slices.DeleteFunc(s, func(x int) bool { return x == 0 })
		}
		lo[b], hi[b] = s[0], s[len(s)-1]
		if sp.Sign[b] < 0 {
			lo[b], hi[b] = -hi[b], -lo[b]
		}
	}
	// The room a vector takes as it grows (distribution.grow): 16 scores on either side.
	const slack = 32
	layers := sp.Layers()
	perLayer := make([]int64, len(layers))
	for k, masks := range layers {
		for _, mask := range masks {
			lower, upperMax := 0, 0
			for m := mask; m != 0; m &= m - 1 {
				b := bits.TrailingZeros32(m)
				if sp.UpperMask&(1<<b) != 0 {
					upperMax += hi[b]
				} else {
					lower += hi[b] - lo[b]
				}
			}
			for f := range sp.NumFlags {
				if !sp.GroupValid(mask, f) {
					continue
				}
				extras := 0
				if f == 1 {
					extras = sp.ExtraBonus * (k - 1)
				}
				for _, u := range sp.Lanes[sp.Up(mask)] {
					upper := 0
					switch {
					case sp.Merged && u == 0:
						upper = max(0, min(sp.DeadBelow[sp.Up(mask)], upperMax+1)-1)
					case int(u) == sp.UpperCap:
						upper = max(0, upperMax-sp.UpperCap)
					}
					perLayer[k] += int64(8 * (lower + upper + extras + 1 + slack))
				}
			}
		}
	}
	var peak int64
	for k := range len(perLayer) - 1 {
		peak = max(peak, perLayer[k]+perLayer[k+1])
	}
	return peak
}

// TurnCacheMemory is the memory of an Evaluator's cache of turns once every slot is
// filled (newTurnCache allocates a slot's values when it first fills it).
func TurnCacheMemory(sh widget.SheetShape) int64 {
	size := 1 + sh.Space.Rolls*widget.NumKeeps + sh.BoxRows() // before, the levels, the boxes
	if !sh.SameStop {
		size += (sh.Space.Rolls - 1) * widget.NumRolls
	}
	slot := 8 + 1 + int64(unsafe.Sizeof([]float64(nil))) + 8*int64(size) // key, hits, values
	return slot<<turnCacheLog2 + int64(unsafe.Sizeof(turnCache{}))
}

// EvaluatorMemory is the memory of an Evaluator at its largest: its widget, its rows of
// the boxes and its cache of turns full.
func EvaluatorMemory(sh widget.SheetShape) int64 {
	return widget.WidgetMemory(sh) + TurnCacheMemory(sh) + int64(8*widget.MaxLanes*(sh.BoxRows()+1)) + int64(unsafe.Sizeof(Evaluator{}))
}
