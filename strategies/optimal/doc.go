// Package optimal solves one-column Yahtzee and Yam's rule sets exactly, plays the
// optimal strategy from the solution, and analyses any deterministic strategy exactly.
//
// # Solver
//
// The game is solved by backward induction over turn-start states: the filled boxes,
// the upper subtotal capped at the bonus threshold, and, when the rules pay an extra
// bonus for further five of a kinds, whether the yahtzee box holds a non-zero score.
// Nothing else is needed: the joker (forced or free) and the fill orders depend on the
// filled boxes alone, a bonus counted "as soon as reached" ends in the same total as one
// counted at the end, and a subtracted box (Total II = Maximum − Minimum) only negates
// a score in a sum. Subtotals from which the bonus is out of reach are merged, since
// from all of them the rest of the game is the same. Each state is one turn "widget":
// the best box for every final roll, then for each reroll the value of the 462 keeps by
// the one-die-at-a-time recurrence and the best keep of every roll by a recurrence over
// keeps one die smaller. States of the same number of filled boxes are independent and
// are solved in parallel, each by the same sequential code: the table is the same, bit
// for bit, whatever the number of workers. Hasbro takes about a second on two cores.
//
// A sheet of several columns would need every column's boxes and subtotal in the state
// (about 5·10^5 states to the power of the number of columns): it is refused.
//
// # Cache files
//
// LoadOrSolve keeps each solved rule set in the user cache directory ($YAMS_CACHE_DIR if
// set), named by the rules hash: the table of values (8 MB for hasbro) and the optimal
// decisions of every state (a keep per roll and reroll and a box per roll, two bytes per
// state and roll: 184 MB for hasbro), worked out in the same pass as the solve. Each
// file has a header with magic, version, state-space shape and rules hash, and ends
// with a SHA-256 checksum; a file that fails any check is never used but rebuilt, and
// every file is written atomically (temporary file, sync, rename).
//
// # Strategy
//
// The strategy "optimal" takes, at every decision, the argmax of the exact expected
// values; ties go to stopping, then to the keep of more dice, then to the lower keep
// index, and for boxes to the lower box index. Its decisions are read from the
// decisions file, loaded once per process into memory shared by every worker (huge
// pages where Linux gives them, and the next turn's decisions are prefetched while the
// caller fills the sheet): a decision is a few table lookups and allocates nothing. A
// strategy built from a Table alone (NewStrategy) works each state's decisions out the
// first time a game reaches it instead, a few microseconds, and keeps them.
//
// # Exact analysis
//
// Analyze pushes the probability of each turn-start state forward through a strategy's
// decisions: the exact mean and standard deviation of the final score (from the first
// two moments of the score so far, carried per state), the probability of the upper
// bonus and of a scored yahtzee box, the expected number of extra bonuses, per-box means
// and zero rates, and optionally the exact distribution of the final score (a
// probability per state and score so far: for hasbro about 0.7 GB and a few seconds).
// The optimal strategy is analysed from its table; any other registered strategy whose
// decisions depend only on the sheet and the dice is asked for its decisions on a sheet
// built for each state.
package optimal
