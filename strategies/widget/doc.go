// Package widget works out one turn of Yahtzee or Yam's exactly: the turn-start states a
// sheet can be in, and the "widget" that values a turn from a whole group of them at once,
// given the values of the states after it. It is the core every exact computation of yams
// stands on: the solver (strategies/solver) runs it backwards over the states, the exact
// analysis (strategies/analysis) forwards, the values of the options at a position, the
// goals' play and win's each a turn at a time.
//
// # States
//
// A turn-start state of one column (Space) is its filled boxes, the upper subtotal capped
// at the bonus threshold, and, when the rules pay an extra bonus for further five of a
// kinds, whether the yahtzee box holds a non-zero score: (mask, u, f). Nothing else is
// needed: the joker (forced or free) and the fill orders depend on the filled boxes alone,
// a bonus counted "as soon as reached" ends in the same total as one counted at the end,
// and a subtracted box (Total II = Maximum − Minimum) only negates a score in a sum.
// Subtotals from which the bonus is out of reach are merged, since from all of them the
// rest of the game is the same; only the states a game can reach count. NewSolverSpace
// lays out the solver's space (u capped); ExactSpace keeps the exact subtotal, as the
// exact analysis of a strategy other than optimal walks it.
//
// A sheet of several columns (Product) is the tuple of its columns' states, each the
// state of the column played alone: the columns are coupled by the turns alone, each
// turn filling one box of one column, chosen once the dice are seen. One column, the lane
// column, lays its states out as a one-column space does; the reachable states of the
// others together make the outer number o of a state. ProductSize sizes the product before
// anything is built, and CheckProductMemory refuses one that would not fit in
// --max-memory (a *ColumnsError, which names the strategy that needs no exact solve:
// column-tables).
//
// An objective of the final score (target:T, beat:S) is the expected value of a utility
// u of the final score (Goal), so a turn's worth depends on the points scored so far: its
// values are laid out over (state, score so far) pairs (GoalValues), where every pair
// whose outcome is settled (the open boxes reach the goal whatever the play, or cannot
// reach it) is left out.
//
// Walked is what a forward pass over the states of either kind of sheet needs
// (TurnState, the groups of a layer, what filling a box does), which Space and Product
// both give.
//
// # The widget
//
// The states of a group (the same filled boxes and flag) differ only by their subtotal,
// and share their dice and their boxes: a Widget works a whole group out at once, every
// subtotal a lane of a vector: the best box for every final roll, then for each reroll
// the value of the 462 keeps by the one-die-at-a-time recurrence and the best keep of
// every roll by a recurrence over keeps one die smaller. Its lanes may instead be the
// (subtotal, score so far) pairs of a group (GoalValues), or, on a sheet of several
// columns, the lane column's subtotals at one outer number (SetOuter). What scoring a box
// is worth is the points plus the next state's value for the mean; under another
// objective that is an expectation (risk:θ, the upper bonus) a Scorer says how the reward
// combines with the next state's value. With tracking the widget also leaves the best
// decisions of every lane (LaneEntries: a box and a keep per roll number, packed in a
// policy entry), ties going to stopping, then to the keep of more dice, then to the lower
// keep index, and for boxes to the lower box.
//
// Its inner loops are kernels on vectors of lanes: in AVX-512 assembly where the
// processor and the operating system have it (16 lanes in registers through each
// recurrence), else in AVX assembly, else in Go; every level does the same floating-point
// operations in the same order on each lane, and the tests compare them bit for bit, so a
// value does not depend on the processor, nor on the lanes it was worked out with.
//
// # Memory
//
// WidgetMemory estimates what a widget of a sheet's shape (SheetShape) allocates; the
// tests hold it to the widget allocated.
package widget
