// Package solver solves a rule set exactly by backward induction, keeps the solution in a
// table file of the cache, and plays the optimal strategy from it: the strategy
// "optimal" (one column or several), and those that play for the upper bonus ("bonus")
// and for risk ("risk:θ"). Above it, strategies/analysis analyses strategies exactly,
// strategies/goals plays for target:T and beat:S, strategies/columns plays the sheets too
// large to solve, strategies/tableplay plays to win at a table; strategies/optimal
// dispatches among them.
//
// # Backward induction
//
// Solve works the turn-start states out from the full sheet back to the empty one, a
// layer of filled boxes at a time, each group of states by a widget (strategies/widget).
// Groups of the same number of filled boxes are independent and are solved in parallel,
// each by the same sequential code: the table is the same, bit for bit, whatever the
// number of workers. Hasbro's 359,616 states take 0.15 to 0.16 s on two cores of an Intel
// Xeon for the values alone (BenchmarkSolve), 0.7 to 0.9 s with the decisions derived,
// coded and written (yams solve --force). A sheet of several columns is solved the same
// way over the product of its columns' states (SolveProduct), where it fits in memory.
//
// # Objectives
//
// The same solver plays for other objectives than the mean (Objective): "bonus" maximises
// the probability of the upper bonus, "risk:θ" the certainty equivalent
// (1/θ)·ln E[exp(θ·score)] (θ > 0 seeks risk, θ < 0 avoids it, risk:0 is optimal). Both
// are expectations over the same turn-start states, so the widget, the kernels, the
// decisions, the table file and the strategy are those of the mean; only the value of
// scoring a box changes (the widget's Scorer): for risk, a state holds
// sign(θ)·E[exp(θ·points to come)] and scoring multiplies the next state's value by
// exp(θ·reward); for bonus, a state holds the probability of the bonus still to come and
// scoring adds 1 when the upper subtotal reaches the threshold. Where the bonus is earned
// or out of reach every option is worth the same to it, and bonus takes the mean's
// decisions there (from the mean's table, which it loads or solves first).
//
// "target:T" and "beat:S" maximise the expectation of a utility of the final score (a
// step at T; for beat:S, the chance that S scores less, a tie counting half), so what a
// turn is worth depends on the points already scored: they are solved over (state, score
// so far) pairs by the same backward induction and widget, the lanes being pairs
// (SolveGoal). The goal of beat:S comes from S's exact distribution, which the caller
// gives (a GoalFunc: strategies/goals analyses S), and only when the table must be solved.
//
// Each objective has its own cache file, named by the rules hash and the objective; the
// file's metadata names the objective and a file of another objective is never used.
//
// # Table file
//
// LoadOrSolve keeps each solved rule set in one file of the cache directory
// (internal/cachedir: $YAMS_CACHE_DIR if set), named by the rules hash and the format
// version (v3: CacheEntries lists the files of earlier versions as stale, and a solve
// removes those of its rules). It holds the values of the reachable states only (8 bytes
// each) and the optimal decisions of every state, worked out in the same pass as the
// solve and compressed group by group: along a group's subtotals a roll's decisions change
// rarely, so a group is written roll by roll as the lanes where the decisions change and
// what they change to, each symbol in a canonical Huffman code built per layer of filled
// boxes from the symbols of the layer's groups (the workers model and count the symbols of
// the groups they solve, and code them once the layer is done). Hasbro's file takes 15.2
// MiB. It starts with a header (magic, version, shape of the state space, rules hash, and
// metadata in JSON: the rule set, the objective, the date of the solve, which yams cache
// lists) and ends with a SHA-256 checksum; a file that fails any check is never used but
// solved again, and every file is written atomically (internal/outfile). A table of a goal
// holds its pairs' values, one of several columns the values of the product's reachable
// states; neither holds decisions, which play works out a turn at a time.
//
// # Strategy
//
// The strategy "optimal" (Strategy) takes, at every decision, the argmax of the exact
// expected values; ties go to stopping, then to the keep of more dice, then to the lower
// keep index, and for boxes to the lower box index. Its decisions are laid out for play in
// memory shared by every worker of the process (Policy: a block of 256 entries per state,
// 184 MB for hasbro, reserved at once in huge pages where Linux gives them and backed by
// the system as it is written), each group decoded from the table file the first time a
// game reaches it. A turn's decisions are looked up once, by the sheet's key; Box, which
// knows the state the sheet reaches once its box is filled, prepares the next turn's key
// and decisions and has them fetched from memory while the caller fills the sheet and
// throws the dice. A decision is a few table lookups and allocates nothing. A strategy
// built from a Table without decisions works each group out with a widget the first time
// a game reaches it instead, and keeps it. On a sheet of several columns the strategy
// works each turn out from the product's values with a widget, and keeps the last 4,096
// turns.
//
// The process keeps one table and policy per rule set and objective (SharedFor), which
// every strategy, analysis and evaluator of those rules shares.
//
// # Memory
//
// A solve and a table read from the cache estimate the memory they will take before they
// allocate it, and are refused beyond --max-memory (internal/memlimit) with a
// *memlimit.Error: the bound of the state space first, without building it
// (ShapeMemory), then the table and its decisions (TableMemory). SetNotify makes a solve
// for the cache say what it is doing, for a terminal.
package solver
