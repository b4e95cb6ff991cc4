// Package tablegame plays table games of Yahtzee and Yam's on sim's pool of workers: 2 to
// 6 players at a table, the highest total winning, and adds up who won, by seat and by
// player, and what each scored.
//
// Run plays table games (Config): 2 to 6 players, each with their own dice (seat s of
// table game t plays game index t·n+s), rotating seats from game to game; the highest
// total wins and ties share the win in units of 1/60 (ShareUnits), so the counts stay
// exact integers. Since solitaire Yahtzee has no interaction between players, the seat
// makes no difference: Results.SeatWinRate shows it (unless a player sees the table,
// below). Workers play chunks of table games player by player, a batch strategy (an
// external bot, target:T) all its games of the chunk at once, so a bot plays the table
// games of its built-in twin; chunks are committed in order, and a table stopped by a
// failure or a cancellation keeps the table games before the first chunk not finished
// (Results.Partial), as sim.Run does.
//
// A table with a player that sees it (strategies.TableStrategy, such as win) is played
// turn by turn instead (table_turns.go): the chunk's games round by round, seat 0 first, a
// batch strategy's turns of a seat together; before each of its turns a table strategy is
// shown the table (every sheet in seat order, and what each seat plays), having been told
// the players of the run before the first game (Join). Each player's game still draws the
// dice of its game index, turn by turn, so solitaire players play exactly the games they
// play one player after the other (tested). sim.Run refuses a table strategy. With
// Config.Analyst, the decisions of the first table strategy are judged against another way
// of playing and counted by turns left and lead (Results.Profile), and table game
// TraceGame is followed turn by turn, every seat's chance of winning after each turn
// (Results.Trace), for the reports. The results keep each player's final scores
// (Results.Scores) and, at a table of two, the difference of the two totals game by game
// (Results.Difference), integer histograms that add up exactly over slices of table games.
//
// The results are written as table.json by summaryfile.WriteTable and drawn by the reports
// of table games.
package tablegame
