// Package turnplan plans a turn against the values of a sheet: given what ending the
// turn with a roll in each box is worth, it finds the keeps that maximise the expected
// worth at the end of the turn and the box of highest worth, exactly as a plan from
// scratch (engine.TurnPlan) does, at a small part of its cost. The heuristics of package
// strategies (greedy, upper-first) are each one worth function handed to a Planner; the
// exact strategies (strategies/columns, strategies/tableplay) plan their turns against
// the values of their tables with a TurnSolver; strategies written as rules
// (strategies/rulefile) break their ties in TieOrder and give boxes up in CostOrder.
//
// # A heuristic's planner
//
// A Planner (planner.go) holds a heuristic's worth of every roll in every box and upper
// status, and the order in which it breaks ties between boxes of equal worth: the box
// that is harder to fill later first (TieOrder, boxorder.go, measured once per rule set by
// playing one whole turn for each box alone, SoloTurns). Its tables are built once per
// rule set and heuristic and shared read-only by every worker.
//
// On a sheet of one column a heuristic decides by table lookup (Policy, policytable.go).
// Its decisions depend only on the filled boxes, whether the yahtzee box holds a non-zero
// score (when the rules have an extra bonus) and the upper status; for every such state
// the whole turn policy (a keep mask per roll and reroll, and the box per roll) is
// computed once per rule set, on every core: about 0.06 s and 9 MB for greedy on hasbro,
// 0.15 s and 19 MB more for upper-first, up to eight times as much for a column of 16
// boxes. A decision then reads one byte.
//
// Sheets of several columns have too many states to tabulate: there a heuristic plans
// each turn when it starts (Live, liveplan.go). A turn's plan depends on much less than
// the position: after the first roll, on the worth vectors of the legal slots, of which
// only the distinct ones that no other beats everywhere count, and on the worth of each
// five of a kind; the "sec" columns only enter the choice to stop after the first roll,
// made when the roll is known. Plans are kept by that key in a cache that the workers
// share (plancache.go: at most 32 MB per strategy and rule set, filled by the plans met
// first, which are the frequent ones): a turn whose plan is cached costs a few table
// reads. A new plan (turnsolve.go) finds the best keep of each roll from the best
// sub-keeps of the keeps with one die fewer instead of scanning every sub-keep, in a few
// microseconds. The decisions are exactly those of a plan from scratch (engine.TurnPlan,
// as the planning of before, kept in reference_test.go, made them: the tests compare
// them), and allocate nothing.
//
// # Any worth
//
// A TurnSolver (turnsolve.go) plans a turn for any worth of ending it, with
// engine.TurnPlan's decisions and ties: the solver the heuristics plan with, for the
// strategies that plan against the values of their own tables (column-tables, and its
// look-ahead's games). A plan holds the best worth of every keep after every roll, not
// the keeps: the keep of a roll is found when the roll is thrown (Keep), or for every
// roll of a roll number at once (Keeps, the rollouts' control variate), so that a turn
// costs a few microseconds (BenchmarkTurnSolver).
package turnplan
