// Package optimal is the entry to the exact strategies of yams: it analyses any
// strategy by name, loads or solves the table of any objective, and estimates the memory
// of either before anything is built, dispatching on the kind of sheet and of strategy to
// the packages that do the work:
//
//   - strategies/widget: the turn-start states of a sheet (one column, several columns,
//     (state, score so far) pairs) and the widget that works a turn out over a group of
//     them;
//   - strategies/solver: backward induction, the table files and their cache, and the
//     strategies optimal (one column or several), bonus and risk:θ;
//   - strategies/analysis: the exact figures of any deterministic strategy on one column,
//     and the values of every option at a position (Evaluator);
//   - strategies/goals: target:T and beat:S, their play and their exact analysis;
//   - strategies/columns: sheets of several columns: column-tables, and the exact
//     analysis of play on a sheet whose product fits;
//   - strategies/tableplay: win at a table, and the distributions of the points still to
//     come that it reads.
//
// Imports run one way: widget ← solver ← analysis ← goals, columns, tableplay ← optimal.
// A command imports this package for the entry points below, and the others for what
// they alone give (a table, an evaluator).
//
// # Dispatch
//
// Analyze runs a sheet of several columns through the analysis of the product of its
// columns, target:T and beat:S through the analysis that follows every score so far, any
// other strategy through the analysis of one column. LoadOrSolveFor loads or solves the
// table of any objective, beat:S analysing its opponent first when its table must be
// solved.
//
// # Memory
//
// PlayMemory estimates what a simulation of named strategies takes (the tables the
// process shares, and what each worker adds), CheckAnalysis what an exact analysis takes,
// each from the estimates of the packages that allocate, and both before anything is
// loaded or solved, so that a run beyond --max-memory (internal/memlimit) is refused at
// once with the estimate.
package optimal
