// Package columns plays and analyses sheets of several columns (the Yam's family sheets:
// top-down, bottom-up, free, "sec" columns, a box of each filled per turn, the column
// chosen once the dice are seen). Where the product of the columns' states fits in memory
// the solver solves it exactly (strategies/solver: the strategy "optimal"); this package
// analyses play on such a sheet exactly, and plays every sheet, however large, from the
// exact tables of its columns played alone.
//
// # column-tables
//
// "column-tables" plays a sheet of several columns from V_c, the exact value of each
// column c played alone (its table: engine.Rules.ColumnRules, solved once per kind of
// column). Each turn it chooses the keeps and the (column, box) that maximise the
// expectation of the points the turn scores plus Σ_c V_c(the column's state afterwards)
// plus what the choice among columns adds: a correction fitted by simulation for every
// count of open boxes per column (a flexTable, cached beside the tables with a record of
// the fit that made it, and named in the strategy's identity: DependsOn), kept only where
// it beats the plain sum. The fit is damped policy iteration on the counts, each cell
// measured by what the strategy's turns from there on were expected to gain
// (turnplan.TurnSolver.Expected), which leaves the turns' dice out of the estimate. The choice of the column is made once the dice are seen,
// as the rules allow. A turn changes one column, so the strategy keeps, for each column,
// what scoring in it is worth for every final roll and works that out again for the
// column the last turn filled only; the turn's plan is then the best gain of the columns,
// roll by roll, through a TurnSolver. Decisions allocate nothing. On a sheet of one
// column it is the optimal strategy. How far it stays from the exact optimum is measured
// where the sheet has one (docs/columns.md).
//
// ColumnEstimate values the options at a position, for advice on sheets too large for an
// exact table (an analysis.Positions that says it is an estimate): the expected final
// score of the best choice measured by games of column-tables played on from the position
// (rollouts, with a control variate built from the strategy's own values), and every other
// option that less what column-tables's values say it costs.
//
// # Exact analysis
//
// AnalyzeProduct analyses the optimal strategy of a sheet that fits from its table, and
// AnalyzeProductStrategy any other deterministic strategy, each column's state built as
// the analysis of one column builds it (productSynth; with the exact upper subtotal a
// heuristic may read, capped at the bonus's threshold for column-tables, which reads no
// more): the exact mean, deviation, bonus
// rates per column, per-box figures and regret against the exact optimum.
package columns
