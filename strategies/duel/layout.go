package duel

import (
	"math/bits"

	"yams/strategies/widget"
)

// bounds bound the points of a sheet in a group (its filled boxes and flag): the most and
// the least its open boxes can still add (the upper bonus and an extra bonus for every
// open box counted in the most), and the least and the most its filled boxes can have
// added.
type bounds struct {
	most, least, lowest, done int
}

// groupBounds returns the bounds of every group g = mask·nf + f of sp.
func groupBounds(sp *widget.Space) []bounds {
	best, least := sp.BoxReach()
	out := make([]bounds, sp.NumFlags<<sp.NumBoxes)
	for g := range out {
		mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags
		var b bounds
		for l := sp.FullMask &^ mask; l != 0; l &= l - 1 {
			i := bits.TrailingZeros32(l)
			b.most += best[i] + sp.ExtraBonus
			b.least += least[i]
		}
		if sp.FullMask&^mask&sp.UpperMask != 0 {
			b.most += sp.UpperBonus
		}
		for l := mask; l != 0; l &= l - 1 {
			i := bits.TrailingZeros32(l)
			b.done += best[i]
			b.lowest += least[i]
		}
		if mask&sp.UpperMask != 0 {
			b.done += sp.UpperBonus
		}
		if f == 1 {
			b.done += sp.ExtraBonus * bits.OnesCount32(mask)
		}
		out[g] = b
	}
	return out
}

// layout lays out the values of the positions where the best response's sheet is in some
// group and the opponent's in group gB: for each of the best response's groups, the
// differences of points (its points so far minus the opponent's) whose outcome is not
// settled and that games can reach. A difference above them is a sure win (the least the
// best response's open boxes score beats the most the opponent's can), or one no game
// reaches; below them, a sure loss, or one no game reaches. The widget reads the values
// of the states after a turn through it (a widget.GoalValues whose points are the
// difference, and whose Upto is one more than the most the opponent's open boxes score),
// laid out for the groups of the layers after the best response's turn (Base); the values
// of the best response's turns themselves are stored at rel.
type layout struct {
	gv widget.GoalValues
	// rel[g] is where the values of the best response's group g start in an opponent's
	// state's block, in the layer where it is the best response's turn (each seat's layer
	// from 0); size[s] is the block's size in seat s.
	rel  []int64
	size [2]int64
	post int64 // the values of the layers after the turn (gv.Base's)
}

// newLayout returns the layout of the positions of the best response's groups on space
// sp (whose bounds are own, whose groups' lanes are counted by lanes) against an opponent
// in a group of bounds ob and layer kB (its filled boxes); nil groups are those no game
// reaches. It reads no values.
func newLayout(sp *widget.Space, own []bounds, rank []uint16, ob bounds, kB int) *layout {
	ng := sp.NumFlags << sp.NumBoxes
	l := &layout{rel: make([]int64, ng)}
	l.gv = widget.GoalValues{Goal: widget.Goal{From: ob.least, Upto: ob.most + 1},
		Base: make([]int64, ng+1), Lo: make([]int32, ng), Width: make([]int32, ng), Least: make([]int32, ng), Rank: rank}
	for g := range ng {
		mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags
		if !sp.GroupValid(mask, f) {
			continue
		}
		a := own[g]
		lo := max(a.lowest-ob.done, ob.least-a.most)
		hi := min(a.done-ob.lowest, ob.most-a.least)
		l.gv.Least[g], l.gv.Lo[g], l.gv.Width[g] = int32(a.least), int32(lo), int32(max(0, hi-lo+1))
		n := int64(len(sp.Lanes[sp.Up(mask)])) * int64(l.gv.Width[g])
		// The best response's turn is in layer kB (it plays first in the round: seat 0) or
		// kB−1 (second: seat 1); the states after its turn one layer on.
		switch k := bits.OnesCount32(mask); k {
		case kB, kB - 1:
			s := kB - k
			l.rel[g] = l.size[s]
			l.size[s] += n
		}
		switch k := bits.OnesCount32(mask); k {
		case kB + 1, kB:
			l.gv.Base[g] = l.post
			l.post += n
		}
	}
	l.gv.Base[ng] = l.post
	return l
}

// value returns the value of the best response's state of rank r in group g, the
// difference d, from the block vals of its values against an opponent's state of this
// layout's group (stored at rel).
func (l *layout) value(vals []float64, g, r, d int) float64 {
	lo, w := int(l.gv.Lo[g]), int(l.gv.Width[g])
	switch k := d - lo; {
	case k < 0:
		return 0
	case k >= w:
		if d+int(l.gv.Least[g]) >= l.gv.Upto {
			return 1
		}
		return 0
	default:
		return vals[l.rel[g]+int64(r*w+k)]
	}
}
