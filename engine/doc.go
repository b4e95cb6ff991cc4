// Package engine is the game of Yahtzee and Yam's: dice, rolls and keeps as precomputed
// tables, rules as data, scoring by table lookup, the score sheet with its legality
// rules, the in-turn planner and game records.
//
// # Dice
//
// A roll of five dice is one of the 252 sorted multisets (Roll) and a keep one of the 462
// sub-multisets of zero to five dice (Keep). Rolling n dice draws one uniform index in
// [0, 6^n) with Lemire's multiply-and-reject method on one word of a *rand.PCG and looks
// the roll up in a table: no per-die calls, no modulo bias, no allocation. A Tape draws
// the dice of a whole turn in advance so that several strategies can play the same dice.
//
// # Rules
//
// A rule set (Rules) is compiled from a JSON rule file (Spec): the boxes with their kind
// and parameters, the upper bonus, the extra five-of-a-kind bonus, the joker, the number
// of rolls and the columns of the sheet. The presets hasbro (the default), verhoeff,
// yams, yams-wiki and yams-app are such files, embedded from presets/. Options
// (OptionKeys) change a preset without copying it: "upper_bonus.threshold=60",
// "dry=true", "columns=top_down,bottom_up,free", "box.full_house.points=30".
//
// Compiling builds score[box][roll] and the joker's scores, so that scoring is a lookup.
//
// # Sheet
//
// A Sheet holds the filled boxes as a bit mask and their scores, the upper subtotals and
// the extra bonuses. It answers which boxes a final roll may go in (Legal: fill orders,
// "sec" columns and the forced joker's order), what a roll scores in a box (Points, the
// joker applied), and the totals. None of its methods allocates.
//
// # Turns
//
// TurnPlan solves one turn by backward induction for any value of ending it; the greedy
// strategy and the optimal solver both use it.
package engine
