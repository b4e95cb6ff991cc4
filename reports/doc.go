// Package reports turns what package sim counted into what an article shows: plots
// (gonum.org/v1/plot, as SVG and PNG), Markdown and CSV tables, the summary file, and
// report.html, one self-contained page with all of them.
//
// # Outputs
//
// Write renders the report of a run (sim.Results) into a directory: summary.json (the
// summary file of yams sim --json), summary.md, summary.csv, histogram.csv, boxes.csv,
// compare.csv when the run compared its strategies in pairs (sim.Config.Pairs), every
// figure as NAME.svg and NAME.png with NAME.csv, the numbers it draws, and report.html.
// WriteTable does the same for table games (tablegame.Results): table.json, table.md,
// table.csv, the figures wins, seats and table_scores (each player's final score) and,
// at a table of two, table_difference (player 1's total less player 2's, game by game,
// in bins centred on 0, with a table of its mean, deviation, percentiles and the shares
// of games each player ends ahead), the figures of a player that sees the table
// (win_decisions, win_chances), and report.html. Rendering depends on the counts and the
// rule set only, so a report made from a summary file read back (summaryfile.Read) is the
// report of the run, byte for byte.
//
// Every report is one document (document.go): a title, a lead that says what the
// command did, the parameters, and sections of tables and figures, the section of what
// the command was run for first (the comparison of yams compare, the points lost of
// --regret). report.html shows it whole, after a table of contents that links every
// section, table and figure (in two columns when it is long, a section never split
// between them); the Markdown file holds its tables, section by section. Every figure a
// report writes stands in its page and contents: a report whose document leaves one out
// is refused with an error (withFigures), not written. Prose may name strategies in
// backquotes: code font on the page, code in Markdown.
//
// What a report says of the rules (the labels of the boxes and columns, the threshold
// of the upper bonus, whether the rules pay extra bonuses and have a joker, the title
// of the rule set) comes from the rule set the results carry (sim.Results.RuleSet),
// never from the counts. Options.Rules replaces it with rules of the same hash; results
// with neither are refused with an error.
//
// Every file is written through yams/internal/outfile: a file of the directory holds its
// previous content or the whole new one, never a part, whatever fails while a report is
// written (a full disk leaves the previous summary.json as it was). A hidden manifest,
// .yams-report, lists the files the last report wrote; the next report into the
// directory removes those of them it does not write again (the fill_turn_ figures of a
// strategy no longer in the run, compare.csv of a run without pairs), and nothing else:
// not a file of the user's, nor one a report wrote before manifests existed. CheckDir
// lets a command refuse an --out it cannot write before a long run.
//
// WriteFrontier writes the report of a frontier (yams frontier): the exact figures of
// the strategies that play for an objective — optimal for the mean, risk:θ for the
// certainty equivalent (1/θ)·ln E[exp(θ·score)], bonus for P(upper bonus) — given as
// plain numbers (Frontier, FrontierPoint), so that reports need nothing of the solver.
// It writes frontier.md and frontier.csv (a row per strategy: the objective and its value
// under optimal play, which playing for it can only equal or beat, the mean, the
// deviation, P(score ≥ 200, 250, 300, 350), the rates of the upper bonus and of a scored
// yahtzee), three figures and report.html: frontier_sd (the mean against the standard
// deviation) and frontier_p300 (the mean against P(score ≥ 300)), one point per
// strategy, the risk:θ on a line in the order of θ through optimal at θ = 0,
// every one labelled by θ where its label overlaps no marker, label nor line, beside its
// point or, where the points crowd about optimal, further away with a leader line,
// optimal and bonus marked apart; and frontier_scores, the distributions of the
// final score of optimal, bonus and the smallest and largest θ. FrontierTable gives the
// same table to the command line.
//
// WriteExact writes the report of the exact figures of a strategy (yams exact), given as
// plain numbers (Exact): exact.json, exact.md, exact.csv, boxes.csv, the figures
// box_mean and box_zeros (each box's exact mean, which with the bonuses add up to the
// strategy's mean, and its probability of a 0), with the distribution distribution.csv
// and the figure scores, with the regret regret.csv, and report.html. DistributionCSV
// and AtLeast serve the command line's --csv and its thresholds.
//
// WriteDistillation writes the report of yams distill: its lead says what was learned;
// the files and their exact figures (distill_curve, distill_regret,
// distill_regret_by_box, the learned files drawn as rule files in shades of their
// colour); a section per file, its keep rules and its box rules in two tables, each rule
// numbered by the step of the learning that added it; the learning, rule by rule.
//
// The figures of a run, in order: scores (the distribution of the final score, means and
// medians marked, from the 0.1th to the 99.9th percentile; the caption counts the games
// beyond the axis), cdf, upper_bonus (rates with Wilson intervals), upper_subtotal (the
// games with the bonus on a shaded ground, so that no line hides the bar of the games at
// the threshold), yahtzee, extra_bonus and jokers (when the rules have a yahtzee box,
// extra bonuses and jokers), box_mean, box_zeros, on a sheet of several columns
// column_turn (the share of the games whose turn goes in each column, by turn, a panel
// per strategy), fill_turn_STRATEGY (a heat map of the
// turn each box is filled in, on a colour scale of its own), convergence (a panel per
// strategy: the running mean and its band, from the summary's blocks of game indices,
// over the final mean and its interval), with --regret regret, regret_by_box and
// regret_by_turn, and with pairs, pairs (the paired and unpaired intervals of each
// difference) and head_to_head. Table games have wins, seats, table_scores and, at two
// players, table_difference.
//
// # Style
//
// One style for every figure (plot.go): 4.5 inches wide, Liberation Sans (gonum's
// default is Liberation Serif) at sizes that stay legible at the width of a column, axis
// labels with their units, titles that name the rule set, legends under the plot that
// name the strategies and read row by row. Each kind of strategy has a look of its own
// (style.go), chosen by its name, so that a strategy keeps its look in every figure of
// every report: the built-ins optimal, greedy, upper-first, random, bonus, win and
// column-tables a fixed colour, dash pattern and marker; the families risk:θ, target:T,
// beat:S, rules:FILE and the external bots (bot:NAME, or any name a summary marks as a
// bot's or Options.Bots names) a fixed colour and marker, each member its dashes; no two kinds share a marker,
// so that they stay apart in grayscale, nor a colour (Okabe and Ito's palette, a grey and
// four of Paul Tol's muted scheme). Any other name takes a look from a hash of its name,
// never alike a kind's. In one figure, where two strategies would look alike (two rule
// files, two bots, several risk:θ, two players of one strategy), the later name takes
// the next look of its sequence, the same colour with another marker and other dashes.
// What is not a strategy has colours of its own: the columns of column_turn (far from
// every strategy's colour, each with its dashes), the parts of head_to_head (the two
// ends of ColorBrewer's brown–teal scale and a grey). In dot plots every other row stands
// on a light ground, and each marker on a white ground of its own shape: an interval
// narrower than the marker hides behind it, as the caption says. Each heat map has its
// own colour scale, ColorBrewer's Blues, whose lightness falls steadily from near white
// to dark blue, up to the map's largest share, darker with the square root of the share
// (so that the shares of a few percent that make most of a map stay apart), and marked
// in shares. In report.html a figure takes the width of the page's column.
//
// Everything a reader sees comes in English or French (Options.Lang): titles, captions,
// legends, tables, the page, the labels of the boxes and columns and the title of the
// rule set (the rule file's label_fr and title_fr), numbers (decimal comma, thin
// spaces). The CSV files are for programs: their headers and ids stay English, their
// numbers take a decimal point.
//
// # Estimates
//
// Every estimated figure comes with its 95% interval: normal for means (from the exact
// integer sums of sim), Wilson for rates and for shares of wins (ties split a win, which
// makes it slightly conservative), distribution-free for the median and the percentiles
// (the order statistics of ranks n·q ∓ 1.96·√(n·q·(1−q))), and by the delta method on the
// fourth moment for the standard deviation. The summary keeps no sum of squares per box,
// so the box means are bounded instead: a box's standard deviation is at most half its
// range (Popoviciu). SeatOrder tests the effect of the seat at a table with Pearson's χ².
//
// # For the command line
//
// BoxLabel names a box in a language (yams replay), Languages and CheckLang say which
// languages the reports speak, Thousands groups the digits of the command line's tables,
// and ScalingPlot draws the speed-up of yams bench in the style of the reports.
//
// # Tests
//
// TestEveryFigureOnItsPage writes every kind of report (a run, a comparison, points lost,
// the family sheet of four columns, tables of two and three players and with a player
// that sees the table, exact figures with and without their distribution, a frontier, a
// distillation), in English and French, and fails on any figure written into the
// directory that its page or its contents leave out.
// Each kind of figure has a golden SVG in testdata, drawn from small runs of two
// strategies defined in the tests on a small sheet (testdata/tiny.json), and compared
// byte for byte; go test ./reports -run Golden -update rewrites them. The frontier's
// figures are drawn from hasbro's exact figures (testdata/frontier_hasbro.json, written
// by yams frontier --json) with distributions made in the test. TestHTMLInChromium
// opens report.html in headless Chromium and checks that every figure is laid out,
// visible and drawn, that no table is wider than the column (a costliest decision's
// sheet in words wraps, and a distilled rule), that the contents split no section
// across their columns, and that every link of the contents leads somewhere; it and its
// siblings (table games of two and three players, a regret run on hasbro, a frontier,
// exact figures, a distillation) skip, saying why, where Chromium is not installed.
// TestEveryKindHasALook fails on a registered strategy or family without a look of its
// own; TestKindLooks, TestNoTwoLooksTheSame, TestLooksByName and TestLooksAcrossReports
// check that the kinds stand apart, that no two strategies of a figure look alike, and
// that a strategy keeps its look; TestFigureCSVs that each figure has its CSV, with the
// numbers of the other files; TestTableScoreFigures and TestExactBoxFigures that the new
// figures' CSV files hold the counts of the summaries.
// TestEveryFigureOnItsPage (for runs and tables; TestFrontierFrench for a frontier,
// TestWriteExact for exact figures) also reads every string of the French reports
// (figures, page, Markdown) and fails on a
// word of English from its list, so that a string added in English only does not go
// unnoticed, on a wording readers found wrong, and on a strategy's name outside code
// font in the prose. The tests of
// write_test.go check that a second report leaves no stale file of the first, keeps the
// user's own, and that a failed write keeps the previous summary.json.
package reports
