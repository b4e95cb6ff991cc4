package regret

import "yams/engine"

// Valuer values the options of a position under optimal play: the value, in expected
// final points, of every keep of a roll and every box of a final roll, once a turn's
// start is known (strategies/analysis's Evaluator is one). Start is called once per turn.
//
// A decision that is the best option costs nothing, so the observer asks BestKeep or
// BestBox first and values the options only when the strategy chose another: a Valuer
// whose best options are cheap (the optimal strategy's stored decisions) and whose Start
// defers the valuing of the turn until a value is asked skips every turn a strategy plays
// as optimal play would.
type Valuer interface {
	Start(s *engine.Sheet) error
	BestKeepValue(r engine.Roll, rollsUsed int) float64
	KeepValue(r engine.Roll, rollsUsed int, k engine.Keep) float64
	BestBoxValue(r engine.Roll, rollsUsed int) float64
	BoxValue(r engine.Roll, rollsUsed int, b engine.BoxID) float64
	// BestKeep and BestBox return a best option: one whose value is the best value,
	// bit for bit.
	BestKeep(r engine.Roll, rollsUsed int) engine.Keep
	BestBox(r engine.Roll, rollsUsed int) engine.BoxID
}
