package widget

import (
	"math/bits"
	"slices"

	"yams/engine"
)

// Goal is an objective of the final score alone: the expected value of u(final score),
// u(s) = 0 below from, util[s − from] from from to upto − 1, 1 from upto on. target:T is
// from = upto = T (u(s) = 1 when s ≥ T); beat:S is u(s) = P(S scores less than s) plus
// half P(S scores s), S's exact distribution (beatGoal).
type Goal struct {
	From, Upto int
	Utilities  []float64
}

// Utility returns u(s).
func (gl *Goal) Utility(s int) float64 {
	switch {
	case s >= gl.Upto:
		return 1
	case s >= gl.From:
		return gl.Utilities[s-gl.From]
	}
	return 0
}

// GoalValues holds the values of an objective of the final score (target:T, beat:S):
// for every turn-start state (mask, u, f) and every number of points scored so far p, the
// best expected u(p + points still to come). Two kinds of pairs are certain and not
// stored: p so high that the least the open boxes score reaches upto (1, whatever the
// play), and p so low that the most they can score stays below from (0); every option
// ties there. Nor are scores so far above the most the filled boxes can have scored. A
// group's other pairs are stored subtotal after subtotal, the scores so far of a
// subtotal consecutive: v[base[g] + rank(u)·width[g] + p − lo[g]], so that a box's
// scores, which move p by a few points at a time, read neighbouring values.
type GoalValues struct {
	Goal
	Base   []int64 // per group g = mask·nf + f, and the total at the end
	Lo     []int32 // per group: the lowest score so far stored
	Width  []int32 // per group: the scores so far stored, from lo
	Least  []int32 // per group: the least the open boxes score
	Rank   []uint16
	Values []float64
}

// MaxGoalWidth is the most scores so far a group stores: the widget's lanes carry a
// score's offset in 16 bits.
const MaxGoalWidth = 1 << 16

// NewGoalValues lays out the values of goal gl on sp, without allocating them.
func NewGoalValues(sp *Space, gl Goal) *GoalValues {
	ng := sp.NumFlags << sp.NumBoxes
	gv := &GoalValues{Goal: gl, Base: make([]int64, ng+1), Lo: make([]int32, ng), Width: make([]int32, ng),
		Least: make([]int32, ng), Rank: make([]uint16, len(sp.UpperReach))}
	for up, lanes := range sp.Lanes {
		for k, u := range lanes {
			gv.Rank[up*sp.NumSubtotals+int(u)] = uint16(k)
		}
	}
	best, least := sp.BoxReach()
	n := int64(0)
	for g := range ng {
		gv.Base[g] = n
		mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags
		if !sp.GroupValid(mask, f) {
			continue
		}
		most, sure, lowest, done := sp.pointsBounds(mask, f, best, least)
		lo := max(lowest, gl.From-most)
		hi := min(done, gl.Upto-sure-1)
		gv.Least[g], gv.Lo[g], gv.Width[g] = int32(sure), int32(lo), int32(max(0, hi-lo+1))
		n += int64(len(sp.Lanes[sp.Up(mask)])) * int64(gv.Width[g])
	}
	gv.Base[ng] = n // the values are allocated by the solve or the reader, once checked
	return gv
}

// Size returns the number of stored values.
func (gv *GoalValues) Size() int64 { return gv.Base[len(gv.Base)-1] }

// BoxReach returns the most and the least each box adds to the total: a subtracted box
// adds minus its score.
func (sp *Space) BoxReach() (best, least []int) {
	best, least = make([]int, sp.NumBoxes), make([]int, sp.NumBoxes)
	for b := range sp.NumBoxes {
		hi, lo := slices.Max(sp.BoxScores(b)), slices.Min(sp.BoxScores(b))
		if sp.Sign[b] < 0 {
			hi, lo = -lo, -hi
		}
		best[b], least[b] = hi, lo
	}
	return best, least
}

// FinalBounds bounds the final score: no game ends below lowest or above highest.
func (sp *Space) FinalBounds() (lowest, highest int) {
	best, least := sp.BoxReach()
	_, _, lowest, _ = sp.pointsBounds(sp.FullMask, 0, best, least)
	_, _, _, highest = sp.pointsBounds(sp.FullMask, sp.NumFlags-1, best, least)
	return lowest, highest
}

// pointsBounds bounds the points of a sheet with mask filled and flag f: the most and the
// least the open boxes can still add to the total (the upper bonus and an extra bonus per
// box included in the most), and the least and the most the filled boxes can have added
// (best[b] and least[b] are the most and the least box b adds: a subtracted box adds
// minus its score). An extra bonus is paid only while the yahtzee box holds a score
// (f = 1, which no turn undoes), so a sheet of flag 0 has none.
func (sp *Space) pointsBounds(mask uint32, f int, best, least []int) (most, sure, lowest, done int) {
	open := sp.FullMask &^ mask
	for l := open; l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		most += best[b] + sp.ExtraBonus
		sure += least[b]
	}
	if open&sp.UpperMask != 0 {
		most += sp.UpperBonus
	}
	for l := mask; l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		done += best[b]
		lowest += least[b]
	}
	if mask&sp.UpperMask != 0 {
		done += sp.UpperBonus
	}
	if f == 1 {
		done += sp.ExtraBonus * bits.OnesCount32(mask)
	}
	return most, sure, lowest, done
}

// Value returns the best expected utility from state (mask, u, f), in group g = mask·nf
// + f, with p points scored so far.
func (gv *GoalValues) Value(sp *Space, g int, mask uint32, u, p int) float64 {
	k := p - int(gv.Lo[g])
	switch {
	case k < 0:
		return 0
	case k >= int(gv.Width[g]):
		return gv.beyond(g, p)
	}
	return gv.Values[gv.Base[g]+int64(gv.Rank[sp.Up(mask)*sp.NumSubtotals+u])*int64(gv.Width[g])+int64(k)]
}

// beyond is the value of a score so far above a group's stored ones: 1 where the least
// the open boxes score reaches upto. Any other such score is more than the filled boxes
// can have scored, which no game reaches; the solve asks for it all the same from pairs
// no game reaches either (a score so far that counts the upper bonus beside a subtotal
// below the threshold), whose values nothing a game reaches reads. The exact analysis
// checks that no game reaches such a pair (reachable).
func (gv *GoalValues) beyond(g, p int) float64 {
	if p+int(gv.Least[g]) >= gv.Upto {
		return 1
	}
	return 0
}

// Reachable reports whether score so far p of group g is one the values cover: stored,
// or settled below or above them.
func (gv *GoalValues) Reachable(g, p int) bool {
	return p < int(gv.Lo[g]+gv.Width[g]) || p+int(gv.Least[g]) >= gv.Upto
}

// Settled reports whether every option of state (mask, u, f) in group g is worth the same
// to the objective when p points are scored so far: the open boxes reach upto whatever
// the play, or no play can score anything u values.
func (gv *GoalValues) Settled(sp *Space, g int, mask uint32, u, p int) bool {
	return p+int(gv.Least[g]) >= gv.Upto || gv.Value(sp, g, mask, u, p) == 0
}

// Pair returns the first pair of subtotal u in group g, and the offset of score so far p
// from it: the widget's lanes are offsets from a pair (widget.pairBase).
func (gv *GoalValues) Pair(sp *Space, g int, mask uint32, u, p int) (int, uint16) {
	return int(gv.Rank[sp.Up(mask)*sp.NumSubtotals+u]) * int(gv.Width[g]), uint16(p - int(gv.Lo[g]))
}

// scoreValues is widget.scoreValues for an objective of the final score: lane i of group
// (mask, f) is the pair base + lanes[i] (rank·width + p − lo), and dst[i] its value after
// scoring pts in box b (reward points) and moving to flag f2.
func (gv *GoalValues) scoreValues(sp *Space, mask uint32, f, f2, b, pts, reward, base int, lanes []uint16, dst []float64) {
	g := int(mask)*sp.NumFlags + f
	n, lo := int(gv.Width[g]), int(gv.Lo[g])
	us := sp.Lanes[sp.Up(mask)]
	nm := mask | 1<<b
	g2 := int(nm)*sp.NumFlags + f2
	n2, lo2, base2, up2 := int64(gv.Width[g2]), int64(gv.Lo[g2]), gv.Base[g2], sp.Up(nm)*sp.NumSubtotals
	upper := sp.UpperMask&(1<<b) != 0
	dead := 0
	if upper && sp.Merged {
		dead = sp.DeadBelow[sp.Up(nm)]
	}
	for i, lane := range lanes {
		pair := base + int(lane)
		k, p := pair/n, pair%n+lo
		t, x := int(us[k]), reward
		if upper {
			var bonus int
			t, bonus = sp.UpperStep(t, pts, dead)
			x += bonus
		}
		switch k2 := int64(p+x) - lo2; {
		case k2 < 0:
			dst[i] = 0
		case k2 >= n2:
			dst[i] = gv.beyond(g2, p+x)
		default:
			dst[i] = gv.Values[base2+int64(gv.Rank[up2+t])*n2+k2]
		}
	}
}

// DecideGoal works out the decisions of state (mask, u, f) with p points scored so far
// (a pair that is not settled) into out, and returns its value.
func (w *Widget) DecideGoal(mask uint32, u, f, p int, out *[NumRolls]uint32) float64 {
	w.PairBase, w.One[0] = w.GoalValues.Pair(w.Space, int(mask)*w.Space.NumFlags+f, mask, u, p)
	w.SetLanes(w.One[:])
	e := w.Evaluate(mask, f, true)[0]
	w.LaneEntries(0, out)
	return e
}

// PointsSoFar returns the points a sheet has scored as the solver counts them: every box
// and extra bonus, and the upper bonus as soon as the subtotal reaches the threshold
// (rules that count it only once the upper section is full pay the same in the end).
func (sp *Space) PointsSoFar(sh *engine.Sheet) int {
	p := sh.Total() - sh.UpperBonus(0)
	if sp.threshold > 0 && sh.Upper(0) >= sp.threshold {
		p += sp.UpperBonus
	}
	return p
}

// GoalKey returns the key of the turn of sheet sh in a goal's cache of decisions, and
// its points so far. The filled boxes take bits 0 to 15 (engine.MaxBoxes), the points
// bits 16 to 47 (32 bits, two's complement: a subtracted box can make them negative), the
// flag bit 48 and the subtotal, capped at the threshold as the solver caps it, the 15 bits
// above (a sheet's subtotal is an int16).
func (sp *Space) GoalKey(sh *engine.Sheet) (key uint64, points int) {
	points = sp.PointsSoFar(sh)
	key = sh.FilledMask() | uint64(uint32(points))<<16 | uint64(min(sh.Upper(0), sp.UpperCap))<<49
	if sp.YahtzeeBox >= 0 && sh.Score(engine.BoxID(sp.YahtzeeBox)) > 0 {
		key |= 1 << 48
	}
	return key, points
}
