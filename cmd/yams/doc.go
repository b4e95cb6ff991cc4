// Yams plays Yahtzee and Yam's with bot strategies and reports, with exact figures and
// confidence intervals, how those strategies compare.
//
// Usage:
//
//	yams COMMAND [arguments] [flags]
//
// The commands:
//
//	sim       play many games with each strategy and print what they score
//	compare   compare strategies on the same dice, or play them against each other at a table
//	solve     solve the rules exactly: the optimal expected score, and the optimal strategy's table
//	exact     exact figures of a strategy (mean, deviation, bonus rates, per box, distribution)
//	explain   check a strategy rule file against the rules and print it in words
//	distill   learn strategies written as rules from the optimal strategy
//	frontier  the trade-off between the mean and the risk of the strategies that play for an objective
//	replay    check a recorded game against its rules and print its sheet (--grade: every decision valued)
//	advise    rank every option at a position of play by its expected final score under optimal play
//	rules     list the rule presets, print one as a rule file, or explain it
//	report    render the tables, plots and page of a saved summary again
//	merge     add up the summaries of the shards of a run into the summary of the whole run
//	bench     measure the speed of the strategies
//	bot       serve a built-in strategy as an external bot on standard input and output
//	cache     list the solved rule sets in the cache, or clear it
//	serve     play in the browser, alone or at a table, with a coach that says what each decision costs (a local web server)
//	version   print the build of the binary: its version, the revision it was built from, and Go's version
//
// yams COMMAND --help prints the flags of a command. The examples below are run by the
// tests of this package, and their output checked (the timings aside).
//
// # Rules
//
//	yams rules [NAME|FILE] [--rule KEY=VALUE]... [--explain]
//
// Rules are data: a rule set is a JSON file, and the presets are such files. yams rules
// lists the presets; yams rules NAME prints one (copy it, edit it, pass the file to
// --rules); --explain describes it in words, each box with what it takes, what it scores
// and its best score (the lowest, for a box subtracted from the total). --rule KEY=VALUE,
// repeatable, changes one rule; yams rules --help lists the keys.
//
//	$ yams rules
//	hasbro (default)  Yahtzee, Hasbro booklet E0950 (1996) with the 2023 FAQ: forced joker (seeds 000 and 002)
//	verhoeff          Yahtzee as in Verhoeff's optimal-strategy papers: free joker (T. Verhoeff's Optimal Solitaire Yahtzee Player, published optimum 254.5896095)
//	...
//
// Every command that plays or solves takes --rules NAME|FILE (a preset or a rule file,
// hasbro by default) and --rule KEY=VALUE.
//
// # Checking a game
//
//	yams replay [FILE|-] [--json FILE|-] [--out DIR] [--grade] [--lang LANG] [--max-memory MiB]
//	yams advise [RECORD|-] [--dice D,D,D,D,D] [--roll N] [--rules NAME|FILE] [--rule KEY=VALUE]... [--score ID=POINTS]... [--extra N] [--json FILE|-] [--out DIR] [--lang LANG] [--max-memory MiB]
//
// With --grade, yams replay values every decision of the game against optimal play
// (on every sheet with an exact solve, several columns included): the cost of each keep and box (the value of the best choice minus
// that of the choice, in points of expected final score), the best choice, and the total;
// a record without keeps is graded on its boxes only, and says so. yams advise ranks every
// option at a position, the sheet of a partial record (or --score ID=POINTS... on the
// rules of --rules) and the dice of --dice after --roll rolls: every keep, if rolls are
// left, and every box, each with its expected final score under optimal play and its cost
// against the best. On a sheet of several columns the boxes are COLUMN.ID (--score
// top_down.ones=3) and every (column, box) is ranked; where the sheet is too large for an
// exact solve, the values are estimated by column-tables, and the output says so.
// A position no game reaches is refused: a negative score, extra
// bonuses without a scored Yahtzee or beyond one per box filled after it.
//
// Both write what they print as JSON with --json FILE (- for standard output, the text
// then going to standard error; --json alone, the former switch, still means --json -), and
// with --out DIR the JSON, the text as Markdown and the rows (the turns, the decisions,
// the options) as CSV. Dice are arrays of faces in every JSON yams writes; a keep is the
// faces it holds, a box its id.
//
// yams replay checks a recorded game turn by turn against its rules and prints its sheet,
// in English or, with --lang fr, in French. The record is read
// from FILE, or from standard input without one (on a terminal, yams says so: end the
// record with Ctrl-D). A record or rule file larger than engine's limits, or a path that
// is not a regular file (a directory, a device, a pipe), is refused.
//
//	$ echo '{"rules":"hasbro","turns":[{"dice":[6,6,6,6,6],"box":"yahtzee"},{"dice":[6,6,6,6,6],"box":"sixes"}]}' | yams replay
//	Rules hasbro (partial, 2 of 13 turns)
//	...
//	Extra Yahtzee bonuses: 1 × 100 = 100
//	Total: 180
//
//	$ echo '{"rules":"yams","turns":[{"dice":[6,6,6,6,6],"box":"yahtzee"},{"dice":[5,5,5,5,2],"box":"fives"}]}' | yams replay --lang fr
//	Règles yams (partie en cours, 2 tours joués sur 13)
//
//	As             ·
//	Deux           ·
//	Trois          ·
//	Quatre         ·
//	Cinq          20
//	Six            ·
//	Sous-total    20
//	Prime          0
//	Brelan         ·
//	Carré          ·
//	Full           ·
//	Petite suite   ·
//	Grande suite   ·
//	Yam's         50
//	Chance         ·
//	Total bas     50
//
//	Total : 70
//
// A record that breaks a rule is refused, naming the turn and the rule:
//
//	$ echo '{"rules":"hasbro","turns":[{"dice":[4,4,4,4,4],"box":"yahtzee"},{"dice":[4,4,4,4,4],"box":"chance"}]}' | yams replay
//	yams: replay: record standard input: turn 2: forced joker: five 4s must go in the empty "fours" box, not "chance"
//
// # Simulating
//
//	yams sim [--rules NAME|FILE] [--rule KEY=VALUE]... [--max-memory MiB] [--bot NAME=COMMAND]... [--bot-timeout D] [--bot-start-timeout D] [--bot-log DIR] [--strategy a,b,...] [--games N] [--seed S] [--workers W] [--shard K/N] [--checkpoint FILE] [--checkpoint-every D] [--resume FILE] [--resume-if-present] [--json FILE|-] [--out DIR] [--lang LANG] [--cpuprofile FILE] [--regret]
//
// yams sim plays --games games (a million by default) with each strategy, every strategy
// on the same dice: game g of every strategy draws from a generator seeded by the seed
// and g alone, so the same --seed gives the same results, bit for bit, whatever the
// number of workers. It prints a line per strategy (the columns of the upper bonus, of
// the five-of-a-kind box and of the joker when the rules have them), the mean score and
// zero rate of every box, named by its label, and last how long the games took, in games
// of every strategy per second, the unit of the progress line it draws on a terminal.
//
//	$ yams sim --strategy greedy,random --games 10000 --seed 7 --workers 1
//	rules hasbro, seed 7, 10,000 games per strategy
//
//	strategy  mean ± 95% CI     sd  median  upper bonus ± 95% CI  Yahtzee  joker
//	greedy    219.82 ± 0.90  46.00     210         3.62% ± 0.37%   28.11%  6.08%
//	random     46.12 ± 0.36  18.26      42         0.00% ± 0.02%    0.09%  0.54%
//	(Yahtzee: games with the Yahtzee box scored; joker: games with at least one joker)
//	...
//	20,000 games (2 strategies × 10,000) in 111.0 ms on 1 worker: 180,239 games/s; strategies ready in 423.9 ms
//	per strategy, over the time spent playing it: greedy 149,025 games/s, random 227,993 games/s
//
// --json FILE writes the summary file (- for standard output, the tables then going to
// standard error), whose shape the package sim documents; --out DIR writes the report:
// tables as Markdown and CSV, plots as SVG and PNG each with the CSV of what it draws, and
// report.html; on a sheet of several columns the upper bonus of each column, and the
// column each turn goes in, by turn number (column_turn). --lang fr prints the results in French (decimal commas, thin spaces
// between groups of digits) and writes the report in French; errors and the help stay in
// English. A long run survives an
// interruption: on SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed) it writes what
// it played, marked partial, and exits with status 130, 143 or 129; a second signal ends
// it at once, with one line that says which outputs were written and which were left as
// they were. --checkpoint FILE saves its progress every --checkpoint-every,
// and --resume FILE (or --resume-if-present) continues it. --shard K/N plays the K-th of N
// slices of the games, which yams merge adds up:
//
//	$ yams sim --strategy greedy --games 1000 --shard 1/2 --json shard-1.json
//	...
//	$ yams sim --strategy greedy --games 1000 --shard 2/2 --json shard-2.json
//	...
//	$ yams merge shard-1.json shard-2.json --json all.json
//	merged 2 shards into all.json: rules hasbro, seed 1, 1,000 games of greedy
//
// --regret (sim, and compare --strategy) values every decision of every game against
// optimal play, on every sheet with an exact solve: the cost of a decision is the expected final
// score after the best option minus that after the option taken, optimal play after both.
// It prints, per strategy, the cost per game of its keeps after each roll and of its
// boxes, the cost by the box a turn ends in, and its costliest decisions; the summary file
// keeps the sums (exact integers, so that shards, resumes and merges add up bit for bit),
// and the 20 costliest positions with their sheets; the report adds its figures and
// tables. A game's costs add up to what optimal play expects more from the game's start,
// so "mean + cost" estimates the optimal mean. A turn where the strategy takes every best
// option is not valued at all; the others are valued in tens of microseconds.
//
//	$ yams sim --regret --strategy greedy --games 100000
//	...
//	where the points are lost against optimal play (which expects 254.5877), per game:
//	strategy   cost ± 95% CI  keeps 1  keeps 2   boxes  mean + cost  costly decisions (>0, >1, >5 points)
//	greedy    34.792 ± 0.076   12.090    6.700  16.002      254.611                       12.36 8.68 1.98
//	...
//
// # Comparing
//
//	yams compare (--strategy a,b,... | --players a,b,...) [--rules NAME|FILE] [--rule KEY=VALUE]... [--max-memory MiB] [--bot NAME=COMMAND]... [--bot-timeout D] [--bot-start-timeout D] [--bot-log DIR] [--games N] [--seed S] [--workers W] [--json FILE|-] [--out DIR] [--lang LANG] [--regret] [--trace-game T]
//
// With --strategy, every strategy plays the same games on the same dice, and each pair is
// compared game by game: the paired interval of the mean difference is much narrower
// than the unpaired one.
//
//	$ yams compare --strategy greedy,upper-first --games 2000
//	rules hasbro, seed 1, 2,000 games per strategy on the same dice
//
//	strategy     mean ± 95% CI     sd  upper bonus ± 95% CI
//	greedy       219.43 ± 2.05  46.68         3.20% ± 0.78%
//	upper-first  236.15 ± 2.50  56.98        38.50% ± 2.13%
//
//	a − b                 mean difference ± 95% CI (paired)  unpaired ± 95% CI  paired/unpaired  a wins   ties  b wins
//	greedy − upper-first                    -16.721 ± 2.110            ± 3.228            0.654  34.20%  1.00%  64.80%
//	(paired: from the game-by-game differences on the same dice; unpaired: as if the dice were independent)
//
// With --players, 2 to 6 players sit at a table, each with their own dice, and the
// highest total wins; a tie shares the win.
//
// The strategy win plays to finish first at such a table: before each turn it looks at
// every player's sheet (the boxes filled, the points, the turns left, who plays next) and
// takes, at each decision, the keep or the box of the best chance of winning, estimated
// from the exact distributions of the points still to come of each player under the
// strategy that player plays. Against optimal it wins 51.57% ± 0.10% of a million
// two-player tables on hasbro, 51.16% ± 0.10% on yams-app, and 1.2 to 1.7 points of
// percentage above 1/n at three to six players, scoring 5 to 12 points less than optimal
// on average on hasbro, 3 to 4 on yams-app (docs/tables.md). It plays at a table only: sim,
// compare --strategy, exact and bench refuse it, since a game of one player has no table
// to see; yams bot win serves it to a table as a bot that sees the table (docs/bots.md).
// compare --players says where win assumes that a player plays as optimal does (target:T,
// beat:S, win itself, random and bots, whose decisions its tables cannot follow). Its
// tables (the distributions of the points still to come under optimal play, from every
// state) are computed the first time win plays a rule set and cached, as yams solve
// --strategy win does. With --out, the report adds where win decides unlike optimal, by
// the turns left and the lead (win_decisions, riskier or safer, each decision played on
// as optimal plays), and the chances of winning along table game --trace-game T
// (win_chances, 0 by default).
//
//	$ yams sim --strategy win
//	yams: sim: --strategy: strategy win plays at a table, from the other players' sheets, and a game of one player has none: seat it with yams compare --players win,optimal
//
// # Bots in any language
//
//	yams bot STRATEGY [--rules NAME|FILE] [--rule KEY=VALUE]...
//
// --bot NAME=COMMAND, on sim, compare and bench, makes an external program a strategy
// under NAME: yams starts it (one process per worker), tells it the rules, and asks it for
// the decisions of many games at once, as JSON lines on its standard input and output
// (docs/bots.md). It plays the dice of the built-in strategies and appears in every table,
// summary and report. A bot that fails stops the run with one line naming it and the
// games, the results of the games before written as partial, and exit status 3. A bot
// has --bot-start-timeout (5 minutes) from its start to say hello, loading what it needs,
// then --bot-timeout (10 s) for each message: a batch of up to 1,024 decisions. No shell
// runs COMMAND: it is split into words as a shell would, and shell syntax is refused. A
// bot never outlives yams: SIGINT or SIGTERM kills the bots at once, whatever its
// timeouts, and on Linux everything a bot started ends with it, and with yams.
//
// yams bot serves a built-in strategy over the same protocol: the reference bot. Served,
// a strategy plays the same games as inside yams, to the same counts: yams sim --bot
// g='yams bot greedy' --strategy greedy,g prints two identical lines.
//
// # Exact figures
//
//	yams solve [--rules NAME|FILE] [--rule KEY=VALUE]... [--max-memory MiB] [--force] [--strategy NAME] [--workers W] [--json FILE|-]
//	yams exact [--strategy NAME] [--rules NAME|FILE] [--rule KEY=VALUE]... [--distribution] [--max-memory MiB] [--regret] [--json FILE|-] [--out DIR] [--lang LANG] [--csv FILE] [--workers W]
//
// yams solve computes the optimal strategy's table by backward induction and keeps it in
// the cache directory ($YAMS_CACHE_DIR, or the user's cache directory); with --strategy
// win, it computes and caches the tables of win as well; yams exact gives
// the exact figures of a strategy that decides from the sheet and the dice alone, and with
// --distribution the exact distribution of the final score. A sheet of several columns is
// solved over the product of its columns' states where that fits in --max-memory (two
// ordered columns, a free column and an ordered one, three ordered columns); a larger one
// (two free columns, the four-column family sheet) is refused in one line with its number
// of states and its memory, exit status 2, and column-tables plays it: each turn the keeps
// and the (column, box) that maximise the points plus the values of the columns played
// alone (their exact tables) and what the choice among columns adds by count of open
// boxes (fitted to the rules by its own games, the first time, and cached). It is not an
// exact solve; on one column it is optimal.
// --out DIR writes the figures as a report: exact.json (what --json writes), exact.md,
// exact.csv, boxes.csv, the plots box_mean and box_zeros (each box's mean, and how often
// it is scratched: SVG, PNG and their CSV), with --distribution distribution.csv and the
// plot scores, with --regret regret.csv, and report.html; --lang fr prints and
// writes them in French. --csv FILE, the older form, writes the distribution's
// score,probability lines to FILE, as distribution.csv.
//
//	$ yams exact --rules yams-app
//	exact figures of optimal on yams-app (78,292 turn-start states reached)
//
//	mean score          198.7293046
//	standard deviation  40.6933
//	P(upper bonus)      56.1178%  (19.6412 points)
//	P(Yam scored)       29.2370%
//	...
//
// # Strategies written as rules
//
//	yams explain FILE|- [--rules NAME|FILE] [--rule KEY=VALUE]... [--lang LANG] [--canonical]
//	yams distill [--rules NAME|FILE] [--rule KEY=VALUE]... [--size LIST] [--states N] [--seed S] [--averages] [--out DIR] [--lang LANG] [--json FILE|-] [--workers W] [--max-memory MiB]
//
// A rule file is a strategy a person writes and reads: rules for the keeps and for the
// boxes, "if CONDITION then ACTION", the first that applies deciding, and a default for
// each (docs/rules.md is the language, with examples/strategies/ for files). The strategy
// rules:FILE plays one in sim, compare, bench, sim --regret and yams bot, and yams exact
// --strategy rules:FILE gives its exact figures and, with --regret, where it loses its
// points: a rule file decides from the sheet and the dice alone. It is compiled once per
// rule set into a table of its decisions, which it reads a decision at a time (as fast as
// greedy while the table stays in the processor's caches). yams explain checks
// a file (FILE, or - for standard input) against the rules and prints it in words, in
// English or with --lang fr in French; --canonical prints it in its canonical spelling.
// A mistake is one line naming the line and the column:
//
//	$ echo 'if three of a kind and group box open then keep group' | yams explain -
//	Keeps:
//	  1. If three of a kind and the group's upper box is open, keep the group.
//	    Otherwise, play for the most points (the default).
//	Boxes:
//	    Otherwise, score where it pays most (the default).
//
//	$ echo 'if pair keep group' | yams explain -
//	yams: explain: standard input:1:9: expected "and", "or" or "then" after the condition, found "keep"
//
// yams distill learns rule files from the optimal strategy of a rule set of one column:
// for each size N of --size (1,2,3,5,10 by default), a file of N rules besides its two
// defaults. Each file gives the boxes their averages under optimal play (--averages=false:
// none), above which its "score best" and "keep for" count the points; its two defaults
// alone score 234.98 on hasbro, where greedy, which counts the points alone, scores
// 219.73. It starts from those defaults and adds one rule at a time: the rule that the
// search expects to cut the file's regret against optimal play most, on the
// positions the file's own play reaches. Each step analyses the file exactly and draws
// --states turn-start states a turn from the probability that its games reach them; every
// position of those turns is valued by the optimal strategy's table; conditions of up to
// three atoms are grown an atom at a time for every action, and a keep is weighed through
// the rest of its turn. A rule whose exact analysis does not raise the mean is dropped
// and the next one tried; when none does, the step samples twice as many states, and the
// learning stops after two doublings in vain. It prints, on standard error, each rule as it is added with the
// file's exact mean; on standard output, the table of the files of --size with their exact
// figures (the points each loses against optimal play, by kind of decision), then each
// file in words (--lang). --out DIR writes each file as rules-N.rules and the report:
// distill.md and distill.csv, the figures distill_curve (the exact mean against the
// number of rules, optimal, greedy and upper-first marked), distill_regret and
// distill_regret_by_box, and report.html; --json writes the files and their figures.
//
// # Playing for an objective
//
//	yams frontier [--rules NAME|FILE] [--rule KEY=VALUE]... [--thetas LIST] [--targets LIST] [--out DIR] [--lang LANG] [--json FILE|-] [--workers W] [--max-memory MiB]
//
// Besides optimal, which maximises the mean, four kinds of strategy are solved exactly
// for another objective, and play in sim, compare and exact like any other: bonus
// maximises the probability of the upper bonus (then the mean, once the bonus is earned
// or out of reach); risk:θ the certainty equivalent (1/θ)·ln E[exp(θ·score)], θ in
// [-1, 1]: a θ below 0 gives up points of mean for a surer score, above 0 for more high
// scores; target:T the probability of a final score of T or more (then the mean, once
// T is certain or out of reach); and beat:S the probability of beating an opponent who
// plays strategy S on their own dice, a tie counting half, from S's exact distribution
// (yams exact --strategy beat:optimal gives it; compare --players beat:optimal,optimal
// plays it, each player on their own dice, where compare --strategy pairs games on the
// same dice). target:T and beat:S play about sixteen times slower than the others
// (their decisions are worked out turn by turn from their values, for many games at
// once). yams frontier
// analyses all but beat:S exactly, one after another:
// optimal, bonus where the rules have an upper bonus, risk:θ for each θ of --thetas (from
// -0.05 to 0.05 by default), and target:T for each T of --targets (whole numbers of
// points; none by default, since on hasbro each target takes a minute or two to solve the
// first time, before its table is cached, and about a minute and 1.6 GiB to analyse).
// It prints a row per strategy, risk:θ by θ with optimal at θ = 0, then bonus, then
// target:T by T: its objective and the same objective under optimal play (which playing
// for it can only equal or beat), the mean, the standard deviation, P(score ≥ 200, 250,
// 300, 350), and the rates of the upper bonus and of a scored yahtzee. A θ or a target
// given that the rules refuse (exp(θ·score) would leave the range of float64; a box
// subtracted from the total, or a target the solver cannot take on the rules) stops
// the command with exit status 2 before anything is solved; a θ of the default list the
// rules refuse is left out with a note. --json writes the table as JSON (a target's
// objective has kind target and parameter T, which frontier.csv gives in its column
// theta); --out DIR writes it as frontier.md and frontier.csv, with the figures
// frontier_sd (the mean against the standard deviation), frontier_p300 (the mean against
// P(score ≥ 300)), in which each target:T is a diamond labelled by its name, and
// frontier_scores (the distributions of the final score: optimal's, bonus's, each
// target's, and those of the extreme θ), each with the CSV of what it draws, and
// report.html, in English or French (--lang, which also prints the table in French),
// replacing the report the directory held. On hasbro the twelve analyses take about a
// minute and 1.2 GiB at the peak: the decisions of one strategy are held at a time. With
// --targets 300, the first run, which solves and caches every table, took under five
// minutes and 1.8 GiB at the peak.
//
//	$ yams frontier --rules yams-app --thetas 0.02
//	exact figures of 3 strategies on yams-app: the strategies that play for an objective
//
//	strategy   objective  under optimal    mean     sd  P(≥ 200)  P(≥ 250)  P(≥ 300)  P(≥ 350)  upper bonus  Yam scored
//	optimal ★     198.73         198.73  198.73  40.69    47.40%     9.64%     0.42%     0.00%       56.12%      29.24%
//	risk:0.02     215.50         215.01  198.17  42.09    47.20%    10.28%     0.47%     0.00%       56.71%      32.89%
//	bonus         92.74%         56.12%  150.60  48.15    13.73%     1.50%     0.05%     0.00%       92.74%       8.62%
//	...
//
// # Playing in the browser
//
//	yams serve [--addr HOST:PORT] [--secret KEY] [--rules NAME|FILE]... [--rule KEY=VALUE]... [--strategy a,b,...] [--bot NAME=COMMAND]... [--bot-timeout D] [--bot-start-timeout D] [--bot-log DIR] [--reports DIR] [--max-games N] [--idle D] [--max-bots N] [--lang LANG] [--max-memory MiB]
//
// yams serve starts a local web server (on 127.0.0.1:8080 by default, this machine's
// alone) and prints its address: open it, choose the rules (every preset, and the rule
// sets --rules names, the family sheet examples/rules/yams-family.json for one) and up to
// five opponents among --strategy and --bot, and play. A coach says what each decision
// cost against optimal play, after each one or at the end: the figures of yams advise and
// yams replay --grade, estimated by column-tables where the sheet has no exact solve. With
// win among the opponents offered, a table shows each player's chance of finishing first.
// A game of real dice takes the dice rolled at a real table, typed or tapped. A seeded
// game throws the dice of game g of yams sim --seed; the record of a game downloads in the
// format yams replay reads. --reports DIR serves the reports under DIR, read-only. The page
// plays through a JSON API (docs/serve.md); it works offline, its page embedded in the
// binary. Beyond loopback (--addr 0.0.0.0:8080, for a phone at the table) it answers only
// the requests that carry its key, made at random (or --secret), and prints the address
// with the key, and a QR code of it for the phone to scan. SIGINT or SIGTERM stops the
// server, the bots of its games with it.
//
// # Reports and benchmarks
//
//	yams report --from FILE --out DIR [--lang LANG] [--rules NAME|FILE]
//	yams merge SHARD.json... [--json FILE|-] [--out DIR] [--lang LANG]
//	yams bench [--strategy a,b,...] [--games N] [--rules NAME|FILE] [--rule KEY=VALUE]... [--max-memory MiB] [--bot NAME=COMMAND]... [--bot-timeout D] [--bot-start-timeout D] [--bot-log DIR] [--json FILE|-] [--out DIR]
//
// yams report writes the report of a saved summary again; yams merge adds up the shards
// of a run; yams bench measures the games per second of each strategy on 1 to GOMAXPROCS
// workers, and the time of a decision: --json writes the figures, --out DIR them and the
// scaling plot. yams sim, compare and bench --help list the strategies.
//
// # The cache
//
//	yams cache [RULES] [--clear] [--rule KEY=VALUE]...
//
// The optimal strategy of a rule set is solved the first time it plays (yams says so, and
// how much it caches where) and kept in the cache directory: one file per rule set, about
// 15.2 MiB for hasbro, 45.3 MiB for yatzy. yams cache lists the files (rule set, hash,
// size, date), yams cache RULES those of one rule set; --clear removes them. It removes
// only what yams wrote (a file that begins with the header of its tables), never the file
// a running solve is writing; a solve replaces a symbolic link at a cache file's path
// rather than write through it.
//
// # Memory
//
// --max-memory MiB bounds the memory of a solve, an exact analysis and the strategies of
// a run (4,096 MiB by default), estimated before anything is allocated: rules that would
// need more are refused at once with the estimate (exit 2), and left out of a default sim
// with a note. yams exact and frontier estimate their analyses, distribution included,
// before anything is solved. Each worker of a run holds its own copy of each strategy:
// target:T and beat:S a cache of 64 MiB each, --regret an evaluator of 24 MB on hasbro; a
// run that asks for more workers than fit plays with those that fit, and says so (its
// results are the same whatever the number of workers).
//
// # Workers
//
// --workers W is the number of goroutines that play (sim, compare) or compute (solve,
// exact): one per CPU by default, at most 256, since each holds its own strategies and
// tables and more goroutines than processors only wait. The results never depend on it.
//
// # Version and provenance
//
//	yams version [--json FILE|-]
//
// yams version prints the build of the binary: the module version, the revision it was
// built from and whether the tree had changes (which the go command records when go
// install or go build runs in a git clone; go run records none, and yams version says
// so), and Go's version. yams --version prints its first line alone.
//
// Every summary file (--json, --checkpoint, summary.json of --out, yams merge), table.json,
// the JSON of exact and frontier, and every report (the footer of report.html, the end of
// the Markdown) records its "provenance": this build, the date (UTC) and the command line,
// quoted so that it pastes back into a shell (a bot's command is recorded with its
// strategy). A summary made of other runs' games (yams merge, --resume, yams report
// --from) lists in "runs" which command played which games; yams merge says so when the
// shards were played by different builds. The checksum of a summary does not cover its
// provenance: the same games give the same checksum, and files equal but for their
// provenance, whoever played them, whenever, with whatever command.
//
// # Files
//
// Every file a command writes (--json, --out, --csv, --checkpoint, --cpuprofile) is
// checked before the work starts, by the code that will write it, so that a path that
// cannot be written is refused at once, and written at the end as a whole: a temporary
// file in the same directory, synced, then renamed over the path; the folder of --out is
// written aside, then swapped in. A command that fails, or is stopped, leaves what the
// file or the folder held before.
//
// # Exit status
//
// 0 when the command did what it was asked; 2 for a mistake of the user's (a flag, a rule
// file, a game record, a summary file), with exactly one line on standard error that
// says what is wrong and nothing on standard output; 130, 143 or 129 for a run
// interrupted by SIGINT, SIGTERM or SIGHUP; 3 for a run stopped by an external bot that failed; 1 for any other
// failure, among them an output that could not be
// written: yams sim > /dev/full fails, saying so, rather than exit 0 with its results
// lost.
//
//	$ yams sim --workers 1000
//	yams: sim: --workers 1000: want 1 to 256 (see yams sim --help)
package main
