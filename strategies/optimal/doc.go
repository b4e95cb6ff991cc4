// Package optimal solves one-column Yahtzee and Yam's rule sets exactly, plays the
// optimal strategy from the solution, values every option at a position of play, and
// analyses any deterministic strategy exactly.
//
// # Solver
//
// The game is solved by backward induction over turn-start states (space.go): the filled
// boxes, the upper subtotal capped at the bonus threshold, and, when the rules pay an
// extra bonus for further five of a kinds, whether the yahtzee box holds a non-zero
// score. Nothing else is needed: the joker (forced or free) and the fill orders depend on
// the filled boxes alone, a bonus counted "as soon as reached" ends in the same total as
// one counted at the end, and a subtracted box (Total II = Maximum − Minimum) only
// negates a score in a sum. Subtotals from which the bonus is out of reach are merged,
// since from all of them the rest of the game is the same; only the states a game can
// reach count.
//
// The states of a group (the same filled boxes and flag) differ only by their subtotal,
// and share their dice and their boxes: a turn "widget" (widget.go) works a whole group
// out at once, every subtotal a lane of a vector: the best box for every final roll, then
// for each reroll the value of the 462 keeps by the one-die-at-a-time recurrence and the
// best keep of every roll by a recurrence over keeps one die smaller. Its inner loops are
// kernels on vectors of lanes (kernels.go): in AVX-512 assembly where the processor and
// the operating system have it (16 lanes in registers through each recurrence), else in
// AVX assembly, else in Go; every level does the same floating-point operations in the
// same order on each lane, and the tests compare them bit for bit, so a table does not
// depend on the processor that solved it. Groups of the same number of filled boxes are
// independent and are solved in parallel (Solve), each by the same sequential code: the
// table is the same, bit for bit, whatever the number of workers. Hasbro's 359,616
// states take 0.15 to 0.16 s on two cores of an Intel Xeon for the values alone
// (BenchmarkSolve), 0.7 to 0.9 s with the decisions derived, coded and written (yams
// solve --force).
//
// A sheet of several columns would need every column's boxes and subtotal in the state
// (about 5·10^5 states to the power of the number of columns): it is refused (ErrColumns).
//
// # Objectives
//
// The same solver plays for other goals than the mean (objective.go): "bonus" maximises
// the probability of the upper bonus, "risk:θ" the certainty equivalent
// (1/θ)·ln E[exp(θ·score)] (θ > 0 seeks risk, θ < 0 avoids it, risk:0 is optimal). Both
// are expectations over the same turn-start states, so the widget, the kernels, the
// decisions, the table file and the strategy are those of the mean; only the value of
// scoring a box changes (a scorer): for risk, a state holds sign(θ)·E[exp(θ·points to
// come)] and scoring multiplies the next state's value by exp(θ·reward); for bonus, a
// state holds the probability of the bonus still to come and scoring adds 1 when the
// upper subtotal reaches the threshold. Where the bonus is earned or out of reach every
// option is worth the same to it, and bonus takes the mean's decisions there (from the
// mean's table, which it loads or solves first). Each objective has its own cache file,
// named by the rules hash and the objective; the file's metadata names the objective and
// a file of another objective is never used. Analyze gives the value the solve found
// (Figures.Objective), and ObjectiveFromDistribution recomputes it from the exact
// distribution of the final score, forward, which the tests compare to the last digits.
//
// "target:T" maximises P(final score ≥ T) and "beat:S" the chance of beating an opponent
// who plays strategy S on their own dice, a tie counting half. Neither is an expectation
// of a sum of per-turn terms: each is the expectation of a function u of the final score
// (a step at T; for beat:S, P(S scores less) + P(S ties)/2, from S's exact distribution),
// so what a turn is worth depends on the points already scored. Both are solved over
// (state, score so far) pairs (goal.go): the widget is the same, its lanes are pairs of
// a group (subtotal, score so far) instead of subtotals, and scoring a box reads the next
// state's value at the score so far plus the points gained. Pairs where every play ends
// the same are not stored: a score so far from which the least the open boxes score
// reaches the point where u is 1, or from which the most they score stays where u is 0;
// nor are scores so far above what the filled boxes can have scored (no game reaches
// them). Where every play ends the same every option
// ties, and the strategy plays optimal's decisions, for the mean. Hasbro's target:300
// has 84 million pairs (644 MiB of values, solved in about a minute on two cores),
// beat:optimal 163 million (1.2 GiB, under two minutes). The decisions of so many pairs
// would not fit in memory (42.6 GB for target:300): play works out each turn's decisions
// from the values with the widget. One game at a time (goal_strategy.go) that is a widget
// of one lane a turn, about 5,700 games per second per core; the simulator plays many
// games together (goal_batch.go, a strategies.Batch), the turns of a group sharing the
// widget's lanes, 17,500 to 20,000 games per second per core, the same games bit for bit. The
// exact analysis (analysis_goal.go) follows each (state, score so far) pair a game
// reaches with its own decisions, the widget working out up to 64 of a state's pairs at
// once, and the settled scores together with optimal's decisions; it always carries the
// distribution of the final score, from which the mean and the deviation come, and the
// objective recomputed from it equals the solve's to 1e-12 (the tests check this, the
// values against a plain one-state reference solve bit for bit, and play against both).
//
// # Playing to win at a table
//
// "win" (win.go) plays at a table of 2 to 6 players, a strategies.TableStrategy: it sees
// every player's sheet and plays each turn for its chance of finishing first, a tie for
// first shared as seed 000 shares it. Players score their own dice, so the others' final
// scores do not depend on what it does, and between two of its turns they are fixed
// distributions: each player's points so far plus the points still to come from its
// sheet's state. A final score s of its own is then worth u(s), the chance that nobody
// ends above it, ties counted 1/k (the coefficients of a polynomial over the others,
// win_value.go); u holds for the whole turn, and the turn is a goal's turn (target:T,
// beat:S) of utility u, worked out by the same widget (decideGoal) from the values of the
// states after it: W(state, points) = Σ_r P(r points still to come) · u(points + r).
//
// Those distributions come from remaining tables (remaining.go): for every turn-start
// state, the distribution of the points still to come when a strategy plays the rest of
// the game, computed backwards a layer of filled boxes at a time, each state's the mix of
// the next states' over the outcomes of its turn under the strategy's decisions (the
// forward pass of one turn of the exact analysis). Its own W takes optimal's: the
// estimate that it plays the mean's strategy from the next turn on, which it does not
// (it plays for the table again, knowing more), so each turn is a step of policy
// improvement over optimal, and it cannot do worse than optimal against players whose
// distributions it knows. The others' are those of the strategy each plays, where its
// decisions depend on the state alone and the dice (optimal, risk:θ, bonus, greedy,
// upper-first, whose subtotal counts only up to the bonus threshold: the solver's
// states); for any other (target:T and beat:S, which decide by the points scored too,
// win, random, bots) win assumes optimal's and says so (WinAssumes). Each distribution
// is kept in float32 with its tails cut where they hold less than 1e-9 (their mass moved
// to the first and last kept points): hasbro's take 186 million probabilities (711 MiB,
// computed in about 20 s on two cores the first time and cached in a file of the table
// format, listed by yams cache), yams-app's 22 million (85 MiB).
//
// In the first quarter of its game (winOpening: 3 turns of hasbro's 13) and where u is
// the same over every final score the turn can lead to (the game is won, or lost,
// whatever happens), it plays optimal's decisions; elsewhere options whose chances differ
// by less than about 1e-10 are told apart by the expected score (winTieBreak). The sums
// over a distribution (winDot) run on AVX or AVX-512 kernels that give the bits of the Go
// version: the decisions do not depend on the processor.
//
// WinAnalyst judges win's decisions against optimal's for the reports (riskier or safer
// by the standard deviation of the final score each leads to, both played on as optimal
// plays) and estimates every player's chance of winning from the sheets, as win does.
//
// # Table file
//
// LoadOrSolve keeps each solved rule set in one file of the cache directory (CacheDir:
// $YAMS_CACHE_DIR if set), named by the rules hash and the format version (v3: CacheEntries lists the files of
// earlier versions as stale, and a solve removes those of its rules). It holds the values of the reachable states only (8 bytes each) and the optimal
// decisions of every state, worked out in the same pass as the solve and compressed group
// by group (decisions.go): along a group's subtotals a roll's decisions change rarely, so
// a group is written roll by roll as the lanes where the decisions change and what they
// change to, each symbol in a canonical Huffman code (huffman.go) built per layer of
// filled boxes from the symbols of the layer's groups (coder.go: the workers model and
// count the symbols of the groups they solve, and code them once the layer is done).
// Hasbro's file takes 15.2 MiB. It starts with a header (magic, version, shape of the
// state space, rules hash, and metadata in JSON: the rule set, the objective, the date of
// the solve, which yams cache lists) and ends with a SHA-256 checksum; a file that fails
// any check is never used but solved again, and every file is written atomically
// (internal/outfile).
//
// # Strategy
//
// The strategy "optimal" (strategy.go) takes, at every decision, the argmax of the exact
// expected values; ties go to stopping, then to the keep of more dice, then to the lower
// keep index, and for boxes to the lower box index. Its decisions are laid out for play
// in memory shared by every worker of the process (policy.go: a block of 256 entries per
// state, 184 MB for hasbro, reserved at once in huge pages where Linux gives them and
// backed by the system as it is written), each group decoded from the table file the
// first time a game reaches it. A turn's decisions are looked up once, by the sheet's key;
// Box, which knows the state the sheet reaches once its box is filled, prepares the next
// turn's key and decisions and has them fetched from memory while the caller fills the
// sheet and throws the dice. A decision is a few table lookups and allocates nothing. A
// strategy built from a Table without decisions (NewStrategy on a Table from Solve) works
// each group out with a widget the first time a game reaches it instead, and keeps it.
//
// # Positions
//
// An Evaluator (position.go) gives the value of every option at a position under optimal
// play afterwards: every keep of a roll and every box a final roll may go in, as expected
// final scores. It is the one place that values options (the regret of a strategy, exact
// or simulated, the grading of a recorded game, the advice at a position), so they agree
// to the last bit. Start works a turn out with a widget and keeps it in a cache of 2,048
// turns (turncache.go) where the states play meets often stay, so that a state met again
// is a lookup.
//
// # Exact analysis
//
// Analyze pushes the probability of each turn-start state forward through a strategy's
// decisions: the exact mean and standard deviation of the final score (from the first
// two moments of the score so far, carried per state), the probability of the upper
// bonus and of a scored yahtzee box, the expected number of extra bonuses, per-box means
// and zero rates, optionally the exact distribution of the final score (a probability
// per state and score so far, distribution.go) and the exact regret of each decision
// against optimal play. The optimal strategy is analysed from its table; any other
// registered strategy whose decisions depend only on the sheet and the dice is asked for
// its decisions on a sheet built for each state (synth.go). AnalyzeReach analyses a
// strategy given by its constructor (a rule file being learned: strategies/distill) and
// returns with its figures the probability that its games reach each state (reach.go).
//
// # Memory
//
// A solve, a table read from the cache, and an exact analysis estimate the memory they
// will take before they allocate it, and are refused beyond the limit (memory.go:
// SetMemoryLimit, yams's --max-memory; 4 GiB by default) with a *memlimit.Error.
package optimal
