// Package goals plays for a goal of the final score: "target:T" maximises P(final score ≥
// T) and "beat:S" the chance of beating an opponent who plays strategy S on their own
// dice, a tie counting half. Neither is an expectation of a sum of per-turn terms: each is
// the expectation of a function u of the final score (a step at T; for beat:S,
// P(S scores less) + P(S ties)/2, from S's exact distribution, which GoalOf analyses), so
// what a turn is worth depends on the points already scored. Their values are solved
// over (state, score so far) pairs by the solver (strategies/solver, SolveGoal): the
// widget is the same, its lanes are pairs of a group (subtotal, score so far) instead of
// subtotals, and scoring a box reads the next state's value at the score so far plus the
// points gained. Pairs where every play ends the same are not stored: a score so far from
// which the least the open boxes score reaches the point where u is 1, or from which the
// most they score stays where u is 0; nor are scores so far above what the filled boxes
// can have scored (no game reaches them). Where every play ends the same every option
// ties, and the strategy plays optimal's decisions, for the mean. Hasbro's target:300 has
// 84 million pairs (644 MiB of values, solved in about a minute on two cores),
// beat:optimal 163 million (1.2 GiB, under two minutes).
//
// # Play
//
// The decisions of so many pairs would not fit in memory (42.6 GB for target:300): play
// works out each turn's decisions from the values with the widget. One game at a time
// (goalStrategy) that is a widget of one lane a turn, about 5,700 games per second per
// core; the simulator plays many games together (goalBatch, a strategies.Batch), the
// turns of a group sharing the widget's lanes, 17,500 to 20,000 games per second per core,
// the same games bit for bit. A cache of the decisions of recent turns (64 MiB a worker,
// 127 MiB on rules of more than three rolls) spares working out a turn met again.
//
// # Exact analysis
//
// AnalyzeGoal follows each (state, score so far) pair a game reaches with its own
// decisions, the widget working out up to 64 of a state's pairs at once, and the settled
// scores together with optimal's decisions; it always carries the distribution of the
// final score, from which the mean and the deviation come, and the objective recomputed
// from it equals the solve's to 1e-12 (the tests check this, the values against a plain
// one-state reference solve bit for bit, and play against both).
package goals
