package analysis

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/solver"
)

// NewOptimalValuer returns the values of optimal play from the rules' optimal table, as
// sim/regret's Valuer asks them: what a run that measures regret gives each worker (they
// share the table, which is read-only).
func NewOptimalValuer(tab *solver.Table) *OptimalValuer {
	return &OptimalValuer{ev: NewEvaluator(tab), best: solver.NewStrategy(tab), rolls: tab.Rules.Rolls()}
}

// OptimalValuer values a turn only when a strategy strays from optimal play. The best
// options come from the optimal strategy's stored decisions (a lookup), and the turn is
// valued, which takes tens of microseconds, at the first value asked: a turn where the
// strategy took every best option costs nothing, and is not valued at all. The optimal
// strategy's choice is the argmax of the very values the evaluator computes, so its value
// is the best value bit for bit, as regret.Valuer requires.
type OptimalValuer struct {
	ev     *Evaluator
	best   strategies.Strategy
	rolls  int
	sheet  *engine.Sheet
	valued bool
}

func (v *OptimalValuer) Start(s *engine.Sheet) error {
	v.sheet, v.valued = s, false
	return nil
}

// value values the turn, once.
func (v *OptimalValuer) value() {
	if !v.valued {
		// The sheet was a position of the rules when the game reached it; an error here
		// would be a sheet of other rules, which the run never hands over.
		if err := v.ev.Start(v.sheet); err != nil {
			panic(fmt.Sprintf("regret: %v", err))
		}
		v.valued = true
	}
}

func (v *OptimalValuer) BestKeep(r engine.Roll, used int) engine.Keep {
	return v.best.Keep(v.sheet, r, v.rolls-used)
}

func (v *OptimalValuer) BestBox(r engine.Roll, used int) engine.BoxID {
	return v.best.Box(v.sheet, r, used)
}

func (v *OptimalValuer) BestKeepValue(r engine.Roll, used int) float64 {
	v.value()
	return v.ev.BestKeepValue(r, used)
}

func (v *OptimalValuer) KeepValue(r engine.Roll, used int, k engine.Keep) float64 {
	v.value()
	return v.ev.KeepValue(r, used, k)
}

func (v *OptimalValuer) BestBoxValue(r engine.Roll, used int) float64 {
	v.value()
	return v.ev.BestBoxValue(r, used)
}

func (v *OptimalValuer) BoxValue(r engine.Roll, used int, b engine.BoxID) float64 {
	v.value()
	return v.ev.BoxValue(r, used, b)
}
