// Package engine is the game of Yahtzee, Yam's and Yatzy: dice, rolls and keeps as
// precomputed tables, rules as data, scoring by table lookup, the score sheet with its
// legality rules, the in-turn planner and game records. It imports nothing of the project.
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
// yams, yams-wiki, yams-app and yatzy are such files, embedded from presets/. Options
// (OptionKeys) change a preset without copying it: "upper_bonus.threshold=60",
// "dry=true", "columns=top_down,bottom_up,free", "box.full_house.points=30". A rule file
// and a game record write their options as a list of such strings or as an object
// {"dry": true} (Options).
//
// Box ids are canonical and English, whatever the labels (label, label_fr) show: ones,
// twos, threes, fours, fives, sixes, one_pair, two_pairs, three_of_a_kind,
// four_of_a_kind, full_house, small_straight, large_straight, yahtzee (the five-of-a-kind
// box, labelled Yam's or Yatzy where the game says so), chance, max and min. Names,
// titles (title, title_fr) and labels are for display: the rules hash (Rules.Hash) leaves
// them out, so that two rule sets that play alike share a hash and a solver's cache.
//
// The rules live in files of one concept each:
//
//   - spec.go: the JSON types of a rule file (Spec, BoxSpec and the rest).
//   - presets.go: the embedded presets (Presets, PresetJSON) and Load, which reads a
//     preset or a rule file.
//   - parse.go: Parse, extends, and the one-line diagnostics of malformed JSON.
//   - options.go: the rule options and their two written forms.
//   - compile.go: validation, and the score tables built once per rule set.
//   - boxkinds.go: the kinds of box, as a table (see below).
//   - score.go: the compiled Rules, its getters, Score and JokerScore, and the hash.
//   - read.go: reading rule files and records with a size limit (MaxRuleFileBytes,
//     MaxRecordBytes), refusing directories, devices, pipes and sockets.
//
// # Box kinds
//
// The kinds of box are the entries of one table, boxKinds: face, of_a_kind, two_pairs,
// full_house, straight and chance. An entry holds the fields a box of the kind may set
// (face, count, length, faces, five_of_a_kind), the check of their values, and a
// pattern: which rolls meet the box's requirement, and the sum of the dice that make it
// (what add "matching" counts: the two dice of the highest pair, the four dice of two
// pairs, the three dice of a brelan). compile loops over the boxes, asks the table, and
// fills score[box][roll] with points plus, by add, nothing, the sum of the dice or the
// matching dice when the roll meets the requirement, and zero otherwise; a face box scores
// the face times the number of dice showing it. The joker's table scores five of a kind in each box as if it met the
// requirement. Adding a kind is adding an entry: the compiler, the error messages that
// list the kinds and the words of BoxSpec.Describe follow from it.
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
//
// # Game records
//
// A Record is a game as written in JSON, turn by turn; Replay checks it against the rules
// and fills a sheet. ReadRecordFile and ReadRecord read one from a file or from standard
// input with the size limit of a record.
package engine
