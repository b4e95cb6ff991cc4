// Package summaryfile writes the results of a run (sim.Results) as a summary file and
// reads them back: the file of yams sim --json, of its checkpoints and shards, the one
// that yams merge, --resume and yams report read. Read checks a file against its rule set
// and its checksum before it hands results over; MergeShards adds up the shards of a run
// into the results of the whole run, bit for bit. WriteTable writes the results of table
// games (tablegame.Results) as table.json, which nothing reads back.
//
// # The file
//
// Write writes the results of a run (sim.Results) as the summary file of yams sim --json
// (and of its checkpoints), the project's contract with its users' scripts; Read reads it
// back into exactly the same results (the timings aside), checking it as it goes. Its
// shape:
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
// "stream" is the sim.StreamVersion of the build that wrote the file: the dice a seed
// throws and what a Summary counts of them. Read refuses a file of another stream
// (one without "stream", written before it was recorded, is of stream 1): its games are
// not those this build plays, and resuming or merging it would mix two runs.
//
// "rule_set" is the rule set the games were played under, options applied, as a rule
// file holds it (yams rules NAME prints one): Read compiles it into
// sim.Results.RuleSet and refuses a file whose rule set does not compile, or is not of the
// name ("rules") and hash ("rules_hash") of the file. A file written before it was
// recorded is read when "rules" names a preset whose hash with "rule_options" is
// "rules_hash"; otherwise it is refused (a summary never makes the reader load a file).
//
// "provenance" (sim.Results.Provenance and Runs) says which build of yams wrote the
// file, when (UTC) and with what command line (quoted for a shell); "runs", when not that
// command alone played the games, which commands did, each with its slice of games: the
// shards a merge added up, the checkpoint a resume continued, in the order of the games.
// sim.Results.Merge and sim.Run (Config.Provenance, Config.Resume) keep them; WrittenBy
// names a new writer.
// It is not part of what the games found: the checksum does not cover it, so that the same
// games give the same checksum and files equal but for their provenance, whoever played
// them, whenever, by whatever command. Read checks its form (a date, a command,
// runs within the file's games, in order, not overlapping) and reads past fields it does
// not know; a file written before it was recorded has none.
//
// The keys of a histogram are integers written as strings, in increasing order, and only
// the values seen are listed; "rule_options" is [] when there are none (a file written
// before yams wrote it always leaves it out then, and reads the same). Boxes are
// in the order of the sheet. On a sheet of several columns the box keys are
// "<column>.<box>", the column by its label (sim.ColumnLabels: its name, with "_" for a dot,
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
// a strategy of two identities (sim.OtherStrategyError: the file changed between two shards,
// or between a run interrupted and its resumption), and the checksum covers it (after the
// bots, a NUL byte and "identities"), so that files without it keep their checksum. A
// summary without it (a built-in strategy, or a file written before yams recorded it)
// goes with any: the resumption of such a file cannot see an edit made in between.
// "convergence" lists the blocks of game indices 2^b−1 to 2^(b+1)−2 that hold games, with
// the mean and interval of all the games up to the end of each: the running mean after
// 1, 3, 7, 15... games. A run with sim.Config.Pairs (yams compare) adds "pairs", every two
// strategies in their order: {"a", "b", "games", "sum", "squares" (of the differences
// a − b), "wins", "ties", "losses" (of a against b), "mean", "stddev", "ci95",
// "unpaired_ci95"}. Results of a slice of the games add "first" (the first game index,
// left out when 0); those of a shard add "shard": {"index": K, "count": N, "run_games":
// Total}; partial results (a checkpoint, an interrupted run) add "partial": true,
// "planned_games" and "next_game" (first + games, where the run resumes).
//
// Every count is exact; every other figure is derived from the counts. Read
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
// Read checks it after everything else and refuses a file whose checksum is
// missing or does not match: a file truncated, damaged or edited after it was written is
// never read as results. The checksum protects against damage, not forgery: anyone can
// compute it, so a file signed again after an edit passes it, and only the checks
// against the rules bound what such a file can claim.
package summaryfile
