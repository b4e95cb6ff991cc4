package rollout

import (
	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// Turn is a turn of a Valued strategy worked out for the control variate: the strategy's
// potential h (its own value of a sheet: the points scored and what it expects of the
// rest) at the turn's end, and its expectation under the strategy's own decisions, from
// every point of the turn.
type Turn struct {
	// Start is the expectation of h at the turn's end from its start, before the first
	// roll.
	Start float64
	// Stop[u][r] is h after the box the strategy chooses for roll r after u rolls (u from
	// 1), −∞ where no box takes it.
	Stop [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	// Expect[u][r] is the expectation of h at the turn's end from roll r after u rolls,
	// the strategy deciding.
	Expect [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	// Keep[u][k] is the expectation of h at the turn's end when k is kept after u rolls
	// and the other dice rolled, the strategy deciding afterwards.
	Keep [engine.MaxRollsPerTurn][widget.NumKeeps]float64
	// keeps is Backward's scratch: the keeps of every roll after a roll number.
	keeps [engine.NumRolls]engine.Keep
}

// Valued is a strategy that values sheets by a potential h of its own: h is the points
// of the sheet plus what the strategy reckons the rest of the game is worth, exactly the
// final score on a full sheet. The rollouts take the dice's luck out of their scores with
// it (a control variate: at each turn, h at its end less its expectation, which has mean
// zero whatever h is), and the look-ahead of rollout:S ranks the options by it to choose
// which to roll out.
type Valued interface {
	strategies.Strategy
	// TurnStart works the turn of sheet s (at a turn's start) out for the control
	// variate, and returns the expectation of h at its end under the strategy's own
	// decisions; TurnEnd then returns h at its end, once roll r, reached after rollsUsed
	// rolls, is scored in the box the strategy chooses. The pair is what a game played on
	// asks at every turn: a strategy whose plan is worked out on h may answer it from the
	// plan alone, without Evaluate's pass over the whole turn.
	TurnStart(s *engine.Sheet) float64
	TurnEnd(r engine.Roll, rollsUsed int) float64
	// Evaluate works t out for the turn of sheet s, which is at a turn's start.
	Evaluate(s *engine.Sheet, t *Turn)
	// After returns h of sheet s (at a turn's start) once roll r is scored in box id.
	After(s *engine.Sheet, id engine.BoxID, r engine.Roll) float64
	// Potential returns h of sheet s, at a turn's start: what a game cut short there is
	// valued at (a truncated rollout).
	Potential(s *engine.Sheet) float64
}

// Keeper decides the keeps of a turn planned: its Keep is the strategy's for the sheet
// planned (a turnplan.TurnSolver is one).
type Keeper interface {
	Keep(r engine.Roll, rollsLeft int) engine.Keep
}

// RollKeeper is a Keeper that gives the keeps of every roll at once, cheaper than roll by
// roll (turnplan.TurnSolver.Keeps).
type RollKeeper interface {
	Keeper
	Keeps(rollsLeft int, keeps *[engine.NumRolls]engine.Keep)
}

// Backward fills t.Expect and t.Keep from t.Stop, for a turn of rolls rolls on sheet s
// where st decides the keeps, and returns the expectation from the turn's start, which
// it sets in t.Start. A Valued strategy calls it from Evaluate once Stop is set.
func Backward(t *Turn, s *engine.Sheet, st Keeper, rolls int) float64 {
	t.Expect[rolls] = t.Stop[rolls]
	rk, _ := st.(RollKeeper)
	keeps := &t.keeps
	for u := rolls - 1; u >= 1; u-- {
		ev := &t.Keep[u]
		KeepMeans(ev, &t.Expect[u+1])
		exp := &t.Expect[u]
		*exp = t.Stop[u]
		if rk != nil {
			rk.Keeps(rolls-u, keeps)
		}
		for r := range engine.Roll(widget.NumRolls) {
			if s.Legal(r, u+1) == 0 {
				continue
			}
			var k engine.Keep
			if rk != nil {
				k = keeps[r]
			} else {
				k = st.Keep(r, rolls-u)
			}
			if k != r.Keep() {
				exp[r] = ev[k]
			}
		}
	}
	x := 0.0
	for r, q := range widget.RollProb {
		x += q * t.Expect[1][r]
	}
	t.Start = x
	return x
}

// KeepMeans sets ev[k], for every keep k, to the expectation of rolls[r] over the rolls r
// that follow keeping k and rolling the other dice (ev of a whole roll is its own).
func KeepMeans(ev *[widget.NumKeeps]float64, rolls *[widget.NumRolls]float64) {
	for r := range engine.Roll(widget.NumRolls) {
		ev[r.Keep()] = rolls[r]
	}
	for k := widget.RollBase - 1; k >= 0; k-- {
		a := &widget.KeepAdd[k]
		ev[k] = (ev[a[0]] + ev[a[1]] + ev[a[2]] + ev[a[3]] + ev[a[4]] + ev[a[5]]) * (1.0 / 6)
	}
}
