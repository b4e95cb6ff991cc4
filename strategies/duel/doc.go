// Package duel is best-response:S, the exact best play at a table of two against a
// deterministic strategy S on a sheet of one column (Duel): a player who sees both
// sheets and takes, at every decision, the option of the highest chance of winning, a
// tie counting half, solved over the positions of both players. Its tables grow with the
// product of the two players' states: Memory and CheckMemory estimate them before a
// solve and refuse the sheets where they would not fit (hasbro's would take about
// 248,320 GiB), so that it plays the small sheets of docs/tables.md.
package duel
