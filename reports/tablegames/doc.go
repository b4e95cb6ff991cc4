// Package tablegames writes the report of games at a table (yams compare --players,
// tablegame.Results): who finishes first and how often, by seat (with its test of the
// seats' fairness, SeatOrder: Pearson's χ²), each player's scores, and where win plays:
// the decisions it takes against the safest or the riskiest option, turn by turn, and
// the chances of one traced game. Laid out in the report core's document (reports), in
// English or French.
//
// Write renders it into a directory: table.json, table.md, table.csv, the figures wins,
// seats and table_scores (each player's final score) and, at a table of two,
// table_difference (player 1's total less player 2's, game by game, in bins centred on
// 0, with a table of its mean, deviation, percentiles and the shares of games each
// player ends ahead), the figures of a player that sees the table (win_decisions,
// win_chances), and report.html. Rendering depends on the counts and the rule set only,
// so a report made from a summary file read back (summaryfile.Read) is the report of the
// run, byte for byte.
//
// TestEveryFigureOnItsPage writes tables of two and three players and with a player that
// sees the table, in English and French, and fails on a figure its page leaves out or on
// English in the French pages; the golden SVGs of testdata hold the figures byte for
// byte; TestTableScoreFigures checks that the CSV files of the final scores hold the
// counts of the summaries.
package tablegames
