// Package rulefile is the language of strategies written as rules: a rule file is an
// ordered list of rules for the keeps and for the boxes, each "if CONDITION then
// ACTION", the first that applies deciding, and a default for each ("otherwise
// ACTION"). docs/rules.md is the language for its users: the grammar, every feature and
// action with an example, the fallbacks.
//
//	if three of a kind and group box open and bonus in play then keep group
//	otherwise keep for points
//	if group >= 3 and group box open then score group box
//	otherwise score best
//
// The package registers the strategies rules:FILE (the family "rules"), which play a file
// in every command that plays a strategy.
//
// # From text to decisions
//
// Parse reads a file into a syntax tree (ast.go: File, Rule, Cond, Atom, Action), and
// every mistake is an *Error, one line with the file, the line and the column (lex.go,
// parse.go). String prints a tree in the canonical spelling, which Parse reads back to the
// same tree; Words and Explain print it in words, in English or French (print.go), in
// the words of words.tsv, a table of texts a column a language that internal/wordtable
// reads and vocab.go checks: every feature, comparison, face, action and set has its
// reading in every language, and nothing else (TestReadWords). A tree knows no rule set: Compile checks it against one (the boxes it names,
// the features the rules track, one column) and resolves its boxes into a Program.
//
// A Decider evaluates a program at a position: a turn-start State (the filled boxes, the
// upper subtotal, whether the yahtzee box scored where the rules pay an extra bonus), a
// roll and the rolls left. Conditions read the dice through a table of the 252 rolls
// (dice.go) and the state through what Start works out; the atoms of the state alone
// rule out the rules that cannot apply in the state (Decider.active), and a condition
// that is a conjunction (every learned one) is decided from a table of its dice atoms by
// roll. Keep actions name dice of the roll, as a mask of its sorted dice
// (engine.Roll.Held): always a legal keep. "keep for" plans the turn for its target boxes
// (keepfor.go): first the least chance of ending on a roll no target box may take, counted
// exactly, then the most points, with engine.TurnPlan where every roll is placeable, as
// greedy plans for every box; the program's deciders share the plans by their worth
// vectors (plancache.go): "keep for points" is greedy's keep, to the last tie. Box actions
// choose among the legal boxes, greedy's ties for "score best"; one that finds no box does
// not apply, and the next rule decides, then the file's default, then the built-in default
// (keep for points, score best), which always applies.
//
// A file may say the rules it was written for, "rules: yatzy" (ruleset.go): explain takes
// them as its default, a strategy played on others says so once (SetNotify), and a file
// other rules cannot compile is refused with the rules to give.
//
// # Play
//
// A program plays from a table of its decisions (table.go), built once per rule set on
// every core as the heuristics' policy tables are: for each block (the filled boxes, the
// yahtzee flag where the rules track it, and the class of the upper subtotal) and each
// roll, the keep after each roll but the last and the box. The upper subtotal enters a
// decision only through comparisons with numbers, so the subtotals between two such
// numbers (of all the file's comparisons, for the filled upper boxes) decide alike: a
// class, decided at its lowest subtotal. A file without such a comparison has one class,
// a table of greedy's size (9.3 MB on hasbro); the classes of a block that decide alike
// share their decisions, as each block is decided, so that a build never holds the table
// before sharing. A decision reads the block of the sheet, found once a turn, and one
// byte; it allocates nothing. A table larger than the processor's caches is read from
// memory: such a file plays slower than greedy, by the cache misses of its decisions.
//
// A table's build is bounded before it starts (Program.TableMemory: the table before
// sharing, and what a build holds besides) and refused beyond the memory budget
// (internal/memlimit). A strategy rules:FILE keeps its table in the cache directory
// (tablecache.go), one checksummed file per file content, rule set and format, read back
// on the next run; CacheEntries and RemoveCache are yams cache's.
//
// The decisions depend on the dice, the filled boxes, the upper subtotal, whether the
// yahtzee box scored and the rolls left, all of which an exact analysis follows: the
// exact figures of a rule file (optimal.Analyze) are exact. The tests check that
// examples/strategies/greedy.rules decides as greedy at every position of every
// one-column preset and has its exact mean, that random files decide legally and as their
// tables do, and that exact figures agree with play.
package rulefile
