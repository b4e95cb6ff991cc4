package strategies

import (
	"slices"

	"yams/engine"
)

// TieOrder returns the slots of a sheet in the order greedy and upper-first break ties
// between boxes of equal worth: the box that is harder to fill later first (see boxOrder).
// A strategy written as rules (strategies/rulefile) breaks its ties the same way.
func TieOrder(rules *engine.Rules) []engine.BoxID { return boxOrder(rules) }

// SoloTurns plays one whole turn for each box of a column alone: hit[b] is the
// probability that the turn ends with a non-zero score in box b, mean[b] its expected
// score there (negative for a subtracted box).
func SoloTurns(rules *engine.Rules) (hit, mean []float64) {
	nb := rules.NumBoxes()
	hit, mean = make([]float64, nb), make([]float64, nb)
	tp := new(engine.TurnPlan)
	for b, box := range rules.Boxes() {
		sign := 1.0
		if box.Subtract {
			sign = -1
		}
		for r := range engine.Roll(engine.NumRolls) {
			tp.Stop[0][r] = 0
			if rules.Score(b, r) != 0 {
				tp.Stop[0][r] = 1
			}
		}
		hit[b] = tp.Solve(rules.Rolls(), true)
		for r := range engine.Roll(engine.NumRolls) {
			tp.Stop[0][r] = sign * float64(rules.Score(b, r))
		}
		mean[b] = tp.Solve(rules.Rolls(), true)
	}
	return hit, mean
}

// boxOrder ranks the slots of a sheet for breaking ties between boxes of equal worth:
// the box that is harder to fill later first. Hardness is measured once per rule set by
// playing one whole turn for the box alone: the lower the probability of a non-zero score
// the harder (yahtzee, then large straight, full house, four of a kind...), then the lower
// the expected score (so the ones come before the sixes, which all score as often). Among
// the same box in several columns, a "sec" column comes first, then an ordered column,
// then a free one: the more constrained column is the harder to fill later.
func boxOrder(rules *engine.Rules) []engine.BoxID {
	hit, mean := SoloTurns(rules)
	class := func(c engine.Column) int {
		switch {
		case c.FirstRollOnly:
			return 0
		case c.Order != engine.FreeOrder:
			return 1
		}
		return 2
	}
	cols := rules.Columns()
	order := make([]engine.BoxID, rules.NumSlots())
	for i := range order {
		order[i] = engine.BoxID(i)
	}
	slices.SortStableFunc(order, func(x, y engine.BoxID) int {
		cx, bx := rules.Split(x)
		cy, by := rules.Split(y)
		// The turn plans sum in roll order, so boxes that are alike up to a permutation
		// of the faces (the ones and the sixes hit equally often) may differ in the last
		// bits: a tolerance keeps the order free of rounding noise.
		switch {
		case !near(hit[bx], hit[by]):
			return cmpFloat(hit[bx], hit[by])
		case !near(mean[bx], mean[by]):
			return cmpFloat(mean[bx], mean[by])
		case bx != by:
			return bx - by
		case class(cols[cx]) != class(cols[cy]):
			return class(cols[cx]) - class(cols[cy])
		}
		return cx - cy
	})
	return order
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	return 1
}

// ranks turns an order of slots into the rank of each slot.
func ranks(order []engine.BoxID) []int32 {
	rk := make([]int32, len(order))
	for i, id := range order {
		rk[id] = int32(i)
	}
	return rk
}
