// Package sim plays games of Yahtzee and Yam's with strategies on a pool of workers and
// adds up what they score.
//
// # Games
//
// A Game plays one game of one strategy (Game.Play): each turn draws its dice onto an
// engine.Tape in advance, the same number of words of the generator whatever the
// decisions, so strategies that play a game from the same seed play the same dice
// (common random numbers: their differences come from their decisions alone). Game g of
// a run seeded with s draws from a *rand.PCG seeded with outputs 4g and 4g+1 of the
// SplitMix64 sequence of s; strategies that draw random numbers
// (strategies.GameStarter) get a generator of their own, seeded with outputs 4g+2 and
// 4g+3. A worker keeps one generator of each and reseeds it for every game: playing a
// game allocates nothing. Every decision is checked against the rules; a strategy that
// breaks one stops the run with a *MoveError.
//
// Floor is the strategy of a benchmark's floor: it rerolls every die and takes the first
// legal box, so that its game costs everything but deciding. TimeFloorParts times the
// parts of its game apart (the dice, seeded as a worker seeds them, and the counting into
// a Summary), for yams bench.
//
// # Runs
//
// Run plays the games of a Config on GOMAXPROCS workers (or Config.Workers). Workers
// take chunks of consecutive games from a shared counter and play each chunk strategy by
// strategy, so that a strategy's tables stay in the cache. Since a game's dice depend only
// on the seed and the game's index, and a Summary holds integer counts that add exactly,
// the results are the same, bit for bit, for any number of workers, any chunking, and any
// split of the game indices into slices run apart and merged (Config.First,
// Results.Merge). A Progress counter, if given, is added each chunk's games, for a
// display to read; cancelling the context stops the run after the chunks in flight.
//
// # Long runs
//
// Chunks are taken in the order of the game indices and always finished, so the games a
// stopped run has played are always the first ones: its results are a prefix of the run,
// marked Partial (Results.Planned games were to be played), which Config.Resume
// continues, giving exactly the results of the run played without a break. With
// Config.Checkpoint, Run hands over such a prefix every Config.CheckpointEvery: the
// workers wait at the end of their chunk for the others to finish theirs, the counts are
// copied, and they go on while the caller saves the copy. CheckResume refuses the
// results of another run (rules, seed, strategies, shard, games), naming the difference.
//
// A Shard is the K-th of N contiguous slices of the games 0 to Total−1 (Config.Shard);
// MergeShards adds up the N shards of a run, refusing shards of other runs, shards
// missing, given twice or partial, into the results of the whole run, bit for bit.
//
// # Summaries
//
// A Summary holds integer counts only: the score histogram, the upper bonus and upper
// subtotal histogram of each column, the games with a scored yahtzee, the histogram of
// extra bonuses per game, the games with a joker, and per box the sum of its scores, its
// zeros, its jokers and the histogram of the turn it was filled in; and the count, sum
// and sum of squares of the scores of each block of game indices 2^b−1 to 2^(b+1)−2,
// from which Convergence gives the running mean after 1, 3, 7... games. Its size depends
// on the rules, never on the number of games. Stats derives the figures: mean, standard
// deviation, standard error and 95% interval (from the exact integer sums), minimum,
// maximum, median and percentiles (nearest rank), rates with Wilson 95% intervals, and
// per box the mean and the rate of zeros.
//
// # Comparisons
//
// With Config.Pairs, Run also compares every two strategies game by game (Results.Pairs):
// a Pair counts, over games played on the same dice, the sum and the sum of squares of
// the differences of the scores and the games won, tied and lost, all integers that merge
// like a Summary's. Workers keep the scores of the chunk in hand (a few kilobytes) and add
// the differences once the chunk is played. Pair.Stats gives the paired mean difference
// and its 95% interval, Unpaired the interval that ignores the pairing.
//
// RunTable plays table games (TableConfig): 2 to 6 players, each with their own dice
// (seat s of table game t plays game index t·n+s), rotating seats from game to game; the
// highest total wins and ties share the win in units of 1/60 (ShareUnits), so the counts
// stay exact integers. Since solitaire Yahtzee has no interaction between players, the
// seat makes no difference: TableResults.SeatWinRate shows it (unless a player sees the
// table, below). Workers play chunks of
// table games player by player, a batch strategy (an external bot, target:T) all its games of the
// chunk at once, so a bot plays the table games of its built-in twin; chunks are
// committed in order, and a table stopped by a failure or a cancellation keeps the
// table games before the first chunk not finished (TableResults.Partial), as Run does.
//
// A table with a player that sees it (strategies.TableStrategy, such as win) is played
// turn by turn instead (table_turns.go): the chunk's games round by round, seat 0 first,
// a batch strategy's turns of a seat together; before each of its turns a table strategy
// is shown the table (every sheet in seat order, and what each seat plays), having been
// told the players of the run before the first game (Join). Each player's game still
// draws the dice of its game index, turn by turn, so solitaire players play exactly the
// games they play one player after the other (tested). Run refuses a table strategy. With
// TableConfig.Analyst, the decisions of the first table strategy are judged against
// another way of playing and counted by turns left and lead (TableResults.Profile), and
// table game TraceGame is followed turn by turn, every seat's chance of winning after
// each turn (TableResults.Trace), for the reports. The results keep each player's final
// scores (TableResults.Scores) and, at a table of two, the difference of the two totals
// game by game (TableResults.Difference), integer histograms that add up exactly over
// slices of table games.
//
// # Summary file
//
// Results.WriteJSON writes the summary file of yams sim --json (and of its checkpoints),
// the project's contract with its users' scripts; ReadSummary reads it back into exactly
// the same Results (the timings aside), checking it as it goes. Its shape:
//
//	{"rules": "hasbro", "rules_hash": "5a3da579f9c6719e", "rule_options": ["order=top_down"],
//	 "seed": 1, "stream": 1, "games": 1000000, "columns": ["free"],
//	 "strategies": [{
//	   "name": "greedy", "games": 1000000,
//	   "mean": 219.678159, "stddev": 47.109, "stderr": 0.0471, "ci95": [219.586, 219.770],
//	   "min": 74, "max": 834,
//	   "percentiles": {"p1": 138, "p5": 164, "p25": 195, "p50": 210, "p75": 234, "p95": 318, "p99": 391},
//	   "histogram": {"<score>": count, ...},
//	   "upper_bonus": {"count": n, "rate": x, "ci95": [lo, hi]},
//	   "upper_subtotal": {"<subtotal>": count, ...},
//	   "yahtzee": {"box": "yahtzee", "scored": n, "scored_rate": x, "scored_ci95": [lo, hi],
//	               "extra_bonus": {"<bonuses in a game>": count, ...}},
//	   "joker": {"<box>": count, ...}, "joker_games": n, "joker_rate": x,
//	   "boxes": {"<box>": {"mean": x, "zero_rate": x, "sum": n, "zeros": n,
//	                       "fill_turn": {"<turn>": count, ...}}, ...},
//	   "convergence": [{"first": 0, "games": 1, "sum": n, "squares": n,
//	                    "running_games": 1, "running_mean": x, "running_ci95": [lo, hi]},
//	                   {"first": 1, "games": 2, ...}, {"first": 3, "games": 4, ...}, ...]}],
//	 "rule_set": {"name": "hasbro", "rolls": 3, "boxes": [...], ...},
//	 "provenance": {"yams": {"version": "...", "revision": "...", "revision_time": "...",
//	                         "modified": false, "go": "go1.26.8"},
//	                "date": "2026-12-01T16:20:00Z", "command": "yams sim --json run.json",
//	                "runs": [{"yams": {...}, "date": "...", "command": "...",
//	                          "first": 0, "games": n}, ...]},
//	 "checksum": "sha256:..."}
//
// "stream" is the StreamVersion of the build that wrote the file: the dice a seed
// throws and what a Summary counts of them. ReadSummary refuses a file of another stream
// (one without "stream", written before it was recorded, is of stream 1): its games are
// not those this build plays, and resuming or merging it would mix two runs.
//
// "rule_set" is the rule set the games were played under, options applied, as a rule
// file holds it (yams rules NAME prints one): ReadSummary compiles it into
// Results.RuleSet and refuses a file whose rule set does not compile, or is not of the
// name ("rules") and hash ("rules_hash") of the file. A file written before it was
// recorded is read when "rules" names a preset whose hash with "rule_options" is
// "rules_hash"; otherwise it is refused (a summary never makes the reader load a file).
//
// "provenance" (Results.Provenance and Results.Runs) says which build of yams wrote the
// file, when (UTC) and with what command line (quoted for a shell); "runs", when not that
// command alone played the games, which commands did, each with its slice of games: the
// shards a merge added up, the checkpoint a resume continued, in the order of the games.
// Merge and Run (Config.Provenance, Config.Resume) keep them; WrittenBy names a new writer.
// It is not part of what the games found: the checksum does not cover it, so that the same
// games give the same checksum and files equal but for their provenance, whoever played
// them, whenever, by whatever command. ReadSummary checks its form (a date, a command,
// runs within the file's games, in order, not overlapping) and reads past fields it does
// not know; a file written before it was recorded has none.
//
// The keys of a histogram are integers written as strings, in increasing order, and only
// the values seen are listed; "rule_options" is [] when there are none (a file written
// before yams wrote it always leaves it out then, and reads the same). Boxes are
// in the order of the sheet. On a sheet of several columns the box keys are
// "<column>.<box>", the column by its label (ColumnLabels: its name, with "_" for a dot,
// and "#<position>" after a name that another column shares, unique whatever the names),
// upper_bonus and upper_subtotal add up the columns (the rate is over games × columns)
// and "by_column" lists {"name", "upper_bonus", "upper_subtotal"} per column.
// A strategy played by an external bot adds "bot": {"name", "version", "command": [...]},
// what the bot said in its hello and the command that started it; --resume and Merge
// refuse results of two different bots. The checksum covers it (after the rule set's
// canonical JSON and a NUL byte), so that files without bots keep their checksum.
// A strategy whose play depends on more than its name and the build adds "identity":
// "sha256:<64 hex digits>", a hash of what it plays from (a rule file's rules for
// rules:FILE and for beat:rules:FILE, strategies.Info.Identity; what a strategy computed
// for the rules, strategies.Dependent): --resume, Merge and MergeShards refuse results of
// a strategy of two identities (OtherStrategyError: the file changed between two shards,
// or between a run interrupted and its resumption), and the checksum covers it (after the
// bots, a NUL byte and "identities"), so that files without it keep their checksum. A
// summary without it (a built-in strategy, or a file written before yams recorded it)
// goes with any: the resumption of such a file cannot see an edit made in between.
// "convergence" lists the blocks of game indices 2^b−1 to 2^(b+1)−2 that hold games, with
// the mean and interval of all the games up to the end of each: the running mean after
// 1, 3, 7, 15... games. A run with Config.Pairs (yams compare) adds "pairs", every two
// strategies in their order: {"a", "b", "games", "sum", "squares" (of the differences
// a − b), "wins", "ties", "losses" (of a against b), "mean", "stddev", "ci95",
// "unpaired_ci95"}. Results of a slice of the games add "first" (the first game index,
// left out when 0); those of a shard add "shard": {"index": K, "count": N, "run_games":
// Total}; partial results (a checkpoint, an interrupted run) add "partial": true,
// "planned_games" and "next_game" (first + games, where the run resumes).
//
// Every count is exact; every other figure is derived from the counts. ReadSummary
// checks a file against its rule set before it allocates anything from it: every count
// within what the rules allow (a final score within the rules' lowest and highest, a
// box's sum within what the box may hold in the games it did not hold 0, subtotals up to
// the upper section's best, turns 1 to the number of boxes, extra bonuses up to a turn
// per box but the yahtzee box of each column and none without the bonus, jokers only
// in the boxes that take one), the counts consistent with one another (the bonuses
// those of the subtotals that reach the threshold, the boxes and bonuses adding up to
// the scores, the upper boxes to the subtotals, one box filled per turn, the blocks
// those of the games' indices and adding up to the histogram), and every derived figure
// the one the counts give. The counts it reads take at most 256 MiB, whatever the file.
//
// Last comes "checksum": "sha256:<64 hex digits>", the SHA-256 of a canonical binary
// encoding of the stream, the rule set (its JSON as json.Marshal writes it) and every
// name and count of the file (not of its layout, nor of the figures derived from the
// counts, which are checked against them instead, nor of its provenance); a file written before the stream and
// the rule set were recorded has the checksum of the same encoding without them.
// ReadSummary checks it after everything else and refuses a file whose checksum is
// missing or does not match: a file truncated, damaged or edited after it was written is
// never read as results. The checksum protects against damage, not forgery: anyone can
// compute it, so a file signed again after an edit passes it, and only the checks
// against the rules bound what such a file can claim.
package sim
