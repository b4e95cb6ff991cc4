// Package tableplay plays to win at a table of 2 to 6 players: the strategy "win", the
// distributions of the points still to come that it reads, and the analyst that judges its
// decisions for the reports.
//
// # win
//
// "win" is a strategies.TableStrategy: it sees every player's sheet and plays each turn
// for its chance of finishing first, a tie for first shared as seed 000 shares it. Players
// score their own dice, so the others' final scores do not depend on what it does, and
// between two of its turns they are fixed distributions: each player's points so far plus
// the points still to come from its sheet's state. A final score s of its own is then
// worth u(s), the chance that nobody ends above it, ties counted 1/k (the coefficients of
// a polynomial over the others); u holds for the whole turn, and the turn is a goal's turn
// (target:T, beat:S) of utility u, worked out by the same widget (DecideGoal) from the
// values of the states after it: W(state, points) = Σ_r P(r points still to come) ·
// u(points + r).
//
// # Remaining tables
//
// Those distributions come from remaining tables: for every turn-start state, the
// distribution of the points still to come when a strategy plays the rest of the game,
// computed backwards a layer of filled boxes at a time, each state's the mix of the next
// states' over the outcomes of its turn under the strategy's decisions (the forward pass
// of one turn of the exact analysis, strategies/analysis). Its own W takes optimal's: the
// estimate that it plays the mean's strategy from the next turn on, which it does not (it
// plays for the table again, knowing more), so each turn is a step of policy improvement
// over optimal, and it cannot do worse than optimal against players whose distributions
// it knows. The others' are those of the strategy each plays, where its decisions depend
// on the state alone and the dice (optimal, risk:θ, bonus, greedy, upper-first, whose
// subtotal counts only up to the bonus threshold: the solver's states); for any other
// (target:T and beat:S, which decide by the points scored too, win, random, bots) win
// assumes optimal's and says so (WinAssumes). Each distribution is kept in float32 with
// its tails cut where they hold less than 1e-9 (their mass moved to the first and last
// kept points): hasbro's take 186 million probabilities (711 MiB, computed in about 20 s
// on two cores the first time and cached in a file of the table format, listed by yams
// cache), yams-app's 22 million (85 MiB).
//
// In the first quarter of its game (3 turns of hasbro's 13) and where u is the same over
// every final score the turn can lead to (the game is won, or lost, whatever happens), it
// plays optimal's decisions; elsewhere options whose chances differ by less than about
// 1e-10 are told apart by the expected score. The sums over a distribution run on AVX or
// AVX-512 kernels that give the bits of the Go version: the decisions do not depend on
// the processor.
//
// # On several columns
//
// On a sheet of several columns win plays wherever column-tables plays, from estimates
// (columnsWin): no table of the whole sheet's distributions exists. A player's points
// still to come are the sum of its columns' (each column's remaining table, played alone
// under optimal play: exact) shifted by what the choice among columns adds, column-tables's
// calibration (columns.Calibration: the mean it goes on to score beyond the columns' values
// from each count of open boxes per column, measured over 32,768 of its games and cached).
// That is its model of its own future and of every other player's, whatever they play
// (WinAssumes says so): column-tables's. A turn's options are valued by u as on one column,
// the other columns' points to come folded into u, and the keeps planned by a
// turnplan.TurnSolver as column-tables plans them. With one column open on every sheet the estimate is exact,
// and win decides as it does on that column alone (tested). The first half of the game
// is played as column-tables plays it. The columns played alone understate the spread of
// a game of several columns (on the family sheet a deviation of 82 points at the start
// against 115 measured), so the calibration measures the variance too, and the part the
// columns leave out spreads the comparison of the final scores (a bell of that variance). Its decisions are not analysed for the reports
// (WinAnalyst weighs them against optimal's exact ones).
//
// # Analyst
//
// WinAnalyst judges win's decisions against optimal's for the reports (riskier or safer by
// the standard deviation of the final score each leads to, both played on as optimal
// plays) and estimates every player's chance of winning from the sheets, as win does.
package tableplay
