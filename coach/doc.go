// Package coach says what the decisions of a game are worth against optimal play: the
// ranking of every option at a position (what yams advise prints) and the grading of a
// recorded game, decision by decision (yams replay --grade). The commands and the
// server of yams serve call the same functions, so that the advice a person sees while
// playing in the browser is the advice of the command at the same position, to the last
// digit, and the grading of their game is the command's.
//
// # Values
//
// The values come from Values: the exact optimal table of the rules where it fits
// (strategies/solver, read through an analysis.Evaluator), or, on a sheet of several
// columns too large for an exact solve, the estimate that column-tables plays by
// (columns.ColumnEstimate), which says that it is one (Values.Estimate). Values are
// shared; each goroutine values positions through its own analysis.Positions
// (Values.Positions), which holds scratch space.
//
// # Advice and grading
//
// Advise ranks the options at a position: every keep of the roll if rolls are left, the
// best first, and every box the roll may go in, each with its value (the expected final
// score, playing optimally afterwards) and its cost against the best. Grade values every
// decision a game record shows: each keep (holding every die being a stop), each box,
// the best choice and what the choice cost, and the total. Both are the JSON of the
// commands' --json.
//
// Errors that come from the rules themselves (no exact solve of the sheet, a table
// beyond --max-memory) are a *RulesError, which the commands report as the user's.
package coach
