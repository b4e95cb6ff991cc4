package coach

import (
	"yams/engine"
	"yams/strategies/analysis"
)

// valuer is what grading asks of a position's values: every option's value, and the
// best option, broken as the optimal strategy breaks ties. An *analysis.Evaluator gives
// them directly.
type valuer interface {
	analysis.Positions
	KeepValue(r engine.Roll, rollsUsed int, k engine.Keep) float64
	BestKeep(r engine.Roll, rollsUsed int) engine.Keep
	BoxValue(r engine.Roll, rollsUsed int, b engine.BoxID) float64
	BestBox(r engine.Roll, rollsUsed int) engine.BoxID
}

// valuerOf returns pos as a valuer: itself where it is one, else the options of its
// rankings (Keeps, Boxes), which list each option's value, the best first.
func valuerOf(pos analysis.Positions) valuer {
	if v, ok := pos.(valuer); ok {
		return v
	}
	return ranked{pos}
}

// ranked reads the values of the options from the rankings of a Positions.
type ranked struct{ analysis.Positions }

func (p ranked) KeepValue(r engine.Roll, rollsUsed int, k engine.Keep) float64 {
	for _, o := range p.Keeps(r, rollsUsed) {
		if o.Keep == k {
			return o.Value
		}
	}
	panic("coach: keep " + k.String() + " is not part of roll " + r.String())
}

func (p ranked) BestKeep(r engine.Roll, rollsUsed int) engine.Keep {
	return p.Keeps(r, rollsUsed)[0].Keep
}

func (p ranked) BoxValue(r engine.Roll, rollsUsed int, b engine.BoxID) float64 {
	for _, o := range p.Boxes(r, rollsUsed) {
		if o.Box == b {
			return o.Value
		}
	}
	panic("coach: a box the roll may not go in")
}

func (p ranked) BestBox(r engine.Roll, rollsUsed int) engine.BoxID {
	return p.Boxes(r, rollsUsed)[0].Box
}
