// Package regret measures where a strategy loses its points against optimal play, game
// by game: the cost of a decision is the value of the best option minus the value of the
// option taken, both under optimal play afterwards, and over a game the costs add up to
// what optimal play expects more than the strategy from the start.
//
// A Valuer gives the values of a position's options (strategies/analysis's Evaluator,
// or its OptimalValuer, which values a turn only when the strategy strays from optimal
// play). An Observer is told each Turn a game plays (package sim records them), values
// its decisions, and counts their costs into Counts: per kind of decision (each roll's
// keep, the box), per box the turn ends in and per turn, as exact sums of fixed-point
// costs (Scale units a point) and of their squares, so that counts add exactly across
// workers, shards and resumed runs and every mean comes with its 95% interval
// (Sums.Stats); how many decisions cost more than each of CostlyThresholds; and the
// costliest Positions met, each with its sheet, dice and the option taken and the best.
//
// sim.Config.Regret asks for it, sim.Summary.Regret holds it, sim/summaryfile writes and
// reads it, and reports/simulation draws it.
package regret
