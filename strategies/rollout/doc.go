// Package rollout plays games on from a position to measure what its options are worth,
// and makes of that the one-step look-ahead of any strategy (rollout:S) and the figures of
// the coach on sheets too large for an exact solve.
//
// # Games played on
//
// A Position is a sheet, a roll and the rolls used; an Option is a keep or a box there.
// A Measurer plays games of a strategy on from a position after each option, every
// option on the same dice (common random numbers: a difference of two options is far
// narrower than either figure). The dice are drawn from a hash of the position and of
// the chunk of 16 games (Position.Seed), so that a figure is the same at every run, on
// any worker, and the chunks' sums add in order: the figures do not depend on the number
// of workers. A Cache (bounded in bytes, least recently used first, one computation per
// item at a time) keeps the games measured, so that a position asked twice is measured
// once and a figure asked for more games plays only those it adds.
//
// A strategy that values sheets (Valued: column-tables) takes the dice's luck out of the
// games with a control variate: at each turn, its own value of the sheet at the turn's
// end less that value's expectation under its own decisions (Backward, worked out over
// the turn's dice). Each term has mean zero whatever the values, so the figure stays
// unbiased; on the family sheet the spread of a game falls from 115 points to about 27.
// Such a strategy's games may also be cut short a number of turns on (a horizon) and
// valued there by its potential: a truncated rollout, which chooses as well as a game
// played to the end at a fraction of its cost, but whose figure is the potential's, not
// the game's.
//
// # Ranking and the look-ahead
//
// A Ranker ranks the options of a position: the strategy's own choice and the options
// its values put within a margin of it are played on (on games cut short), the best
// measured is the best; its figure, and the costs of the strategy's own choice and of an
// option judged, are measured on other games played to the end, so that the dice that
// chose the best do not flatter it (CoachSettings). The coach of strategies/columns ranks
// the options of a sheet of several columns so, and grades a game by it.
//
// Lookahead is rollout:S, registered as the family rollout:[G[/H]:]S: at each decision,
// S's own choice unless S's values put other options close, and then the best measured
// of them (Settings: DefaultSettings for rollout:S, StrongSettings for rollout:G:S). A
// strategy without values has every option measured, and another than its own taken
// only on a paired advantage beyond its 95% interval. The
// look-ahead of a strategy that maximises the expected score exactly (Optimal) is that
// strategy. Its decisions are a function of the position, allocate nothing once its
// scratch space has grown, and cost at most candidates × games × turns of S.
package rollout
