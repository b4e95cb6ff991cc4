package sim

import "yams/sim/regret"

// regretTurns hands each turn a game records to the observer of regret, with the game's
// index and its cost so far.
type regretTurns struct{ *regret.Observer }

func (o regretTurns) Turn(g *Game) { o.Observer.Turn(g.index, &g.last, &g.cost) }

// MeasuresRegret reports whether the results count the regret of their strategies.
func (r *Results) MeasuresRegret() bool {
	return len(r.Summaries) > 0 && r.Summaries[0].Regret != nil
}
