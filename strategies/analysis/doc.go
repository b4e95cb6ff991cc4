// Package analysis gives exact figures of any deterministic strategy on a sheet of one
// column, without simulation, and the exact value of every option at a position of play:
// what regret, grading and advice are made of.
//
// # Positions
//
// An Evaluator gives the value of every option at a position under optimal play
// afterwards: every keep of a roll and every box a final roll may go in, as expected
// final scores, from the optimal table of one column or of a sheet of several columns
// that fits (strategies/solver). It is the one place that values options (the regret of
// a strategy, exact or simulated, the grading of a recorded game, the advice at a
// position), so they agree to the last bit. Start works a turn out with a widget and
// keeps it in a cache of 2,048 turns where the states play meets often stay, so that a
// state met again is a lookup. Positions is what advice and grading read: an Evaluator,
// or on a sheet too large for an exact table the estimate of column-tables
// (strategies/columns), which says that it is one (Exact).
//
// # Exact analysis
//
// AnalyzeOneColumn pushes the probability of each turn-start state forward through a
// strategy's decisions: the exact mean and standard deviation of the final score (from
// the first two moments of the score so far, carried per state), the probability of the
// upper bonus and of a scored yahtzee box, the expected number of extra bonuses, per-box
// means and zero rates, optionally the exact distribution of the final score (a
// probability per state and score so far) and the exact regret of each decision against
// optimal play. The optimal strategy, and those of bonus and risk:θ, are analysed from
// their tables; any other registered strategy whose decisions depend only on the sheet
// and the dice is asked for its decisions on a sheet built for each state (Synth). That is
// exact for a strategy whose decisions depend only on the dice and on what the state
// records of the sheet: the filled boxes, the upper subtotal, whether the yahtzee box
// holds a non-zero score, and the turn number. A strategy that draws random numbers is
// refused (ErrRandom), and so is one that plays at a table (ErrTable). A strategy whose
// decisions come in blocks (strategies.Blocked: greedy, upper-first, rule files) is played
// once per block and its turn's outcome reused for the block's states.
//
// AnalyzeReach analyses a strategy given by its constructor (a rule file being learned:
// strategies/distill) and returns with its figures the probability that its games reach
// each state.
//
// The forward pass itself (Analyze over a Walked space, with a Decider per worker and a
// TurnWorker that plays one turn of a state) serves the packages above: the analysis of
// goals over (state, score so far) pairs (strategies/goals), of sheets of several columns
// (strategies/columns), and the distributions of the points still to come of table play
// (strategies/tableplay). strategies/optimal dispatches a strategy's name among them.
//
// # Memory
//
// An analysis estimates the memory it will take before it allocates it, and is refused
// beyond --max-memory (internal/memlimit): the arrays over the states, what the workers
// hold, and with a distribution the probabilities of the scores so far (DistributionPeak
// bounds them; Options.DistributionBudget may bound the whole analysis).
package analysis
