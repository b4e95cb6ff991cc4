package turnplan

import (
	"slices"
	"testing"

	"yams/engine"
)

// The tests plan for two heuristics of their own, so that the planner is held against
// planning from scratch without the strategies that use it: the score (greedy's planner
// to the letter) and a heuristic of three upper statuses, which makes columns of one
// sheet plan with different worths and ties.

func mustLoad(t testing.TB, name string, opts ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// scoreWorth is the points of a box, negative for a subtracted box.
func scoreWorth(rules *engine.Rules) func(st uint8, b, points int) float64 {
	boxes := rules.Boxes()
	return func(_ uint8, b, points int) float64 {
		if boxes[b].Subtract {
			return -float64(points)
		}
		return float64(points)
	}
}

// scorePlanner is greedy's planner: the worth of a box is its score, ties to TieOrder.
func scorePlanner(rules *engine.Rules) *Planner {
	return New(rules, 1, scoreWorth(rules), nil, Ranks(TieOrder(rules)))
}

// parPlanner plans for the upper bonus in three statuses of each column: settled (the
// bonus won, lost or absent: the score), ahead of three of each face filled (an upper box
// of three of its face or more worth 20 more) and behind it (that credit, and a lower box
// worth half its points). Ties go to TieOrder when settled, to its reverse in play.
func parPlanner(rules *engine.Rules) *Planner {
	boxes, nb := rules.Boxes(), rules.NumBoxes()
	score := scoreWorth(rules)
	worth := func(st uint8, b, points int) float64 {
		upper := rules.IsUpper(b)
		switch {
		case st == 0 || boxes[b].Subtract:
			return score(st, b, points)
		case upper && points >= 3*boxes[b].Face:
			return float64(points) + 20
		case upper || st == 1:
			return float64(points)
		}
		return float64(points) / 2
	}
	status := func(s *engine.Sheet) (st [engine.MaxColumns]uint8) {
		for c := range rules.Columns() {
			par, open := 0, false
			for b := range nb {
				switch {
				case !rules.IsUpper(b):
				case s.Filled(engine.BoxID(c*nb + b)):
					par += 3 * boxes[b].Face
				default:
					open = true
				}
			}
			switch sub := s.Upper(c); {
			case !open || rules.UpperPoints() == 0 || sub >= rules.UpperThreshold():
				st[c] = 0
			case sub >= par:
				st[c] = 1
			default:
				st[c] = 2
			}
		}
		return st
	}
	order := TieOrder(rules)
	reverse := slices.Clone(order)
	slices.Reverse(reverse)
	rank := slices.Concat(Ranks(order), Ranks(reverse), Ranks(reverse))
	return New(rules, 3, worth, status, rank)
}
