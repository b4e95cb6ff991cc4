package turnplan

import (
	"slices"

	"yams/engine"
)

// CostOrder returns the boxes of a column in the order "score cheapest" of a rule file
// gives them up: the lowest cost first, the cost of a box being the expected score of one
// turn played for that box alone (SoloTurns's mean); boxes whose costs are within 10⁻⁹
// of each other (equal on paper, see TieOrder) in the order of the rules' boxes.
func CostOrder(rules *engine.Rules) []int {
	_, mean := SoloTurns(rules)
	order := make([]int, len(mean))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if near(mean[a], mean[b]) {
			return 0
		}
		return cmpFloat(mean[a], mean[b])
	})
	return order
}

// SoloTurns plays one whole turn for each box of a column alone, from an empty sheet (no
// joker, no extra bonus), with the rules' rolls: hit[b] is the best chance that the turn
// ends with a non-zero score in box b, its keeps chosen to make that chance highest;
// mean[b] the best expected score there, its keeps chosen to make the most points (for a
// subtracted box, which counts negatively, the fewest: mean[b] is then negative). The two
// are separate plans: a turn played for the points may take a lower chance of a non-zero
// score (on yatzy, three of a kind played for its points scores about 0.66 of the time,
// played for a non-zero score 0.743).
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

// TieOrder returns the slots of a sheet in the order greedy and upper-first break ties
// between boxes of equal worth, which a strategy written as rules (strategies/rulefile)
// follows too: the box that is harder to fill later first. Hardness is measured once per rule set by
// SoloTurns: the lower the best chance of a non-zero score in a turn played for the box
// alone the harder (yahtzee, then large straight, four of a kind, full house...), then the
// lower the expected score of a turn played for its points (so the ones come before the
// sixes, which all score as often; a subtracted box, whose expected score is negative,
// before a box of the same chance that adds), then the order of the rules' boxes. Two
// chances, or two expected scores, within 10⁻⁹ of each other are equal: the turn plans
// sum in roll order, so that boxes alike up to a permutation of the faces (the ones and
// the sixes score as often) differ in their last bits, where on paper they are equal;
// figures that differ on paper differ by far more (TestBoxOrderIsExact). Among the same
// box in several columns, a "sec" column comes first, then an ordered column, then a
// free one: the more constrained column is the harder to fill later; then the column's
// index.
func TieOrder(rules *engine.Rules) []engine.BoxID {
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

// Ranks turns an order of slots into the rank of each slot, as New takes them.
func Ranks(order []engine.BoxID) []int32 {
	rk := make([]int32, len(order))
	for i, id := range order {
		rk[id] = int32(i)
	}
	return rk
}
