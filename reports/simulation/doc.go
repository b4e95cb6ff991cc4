// Package simulation writes the report of a run of yams sim or yams compare
// (sim.Results): the final scores, their distribution and convergence, the upper
// bonus and subtotal, the yahtzees, extra bonuses and jokers, each box's mean and zeros
// and when it is filled, the paired comparisons of a compare (each pair on the same dice),
// and with --regret the points each strategy loses against optimal play, by kind of
// decision, by box and by turn, with its costliest decisions. It is laid out in the
// report core's document (reports), in English or French.
//
// Write renders it into a directory: summary.json (the summary file of yams sim
// --json), summary.md, summary.csv, histogram.csv, boxes.csv, compare.csv when the run
// compared its strategies in pairs (sim.Config.Pairs), every figure as NAME.svg and
// NAME.png with NAME.csv, the numbers it draws, and report.html. Rendering depends on
// the counts and the rule set only, so a report made from a summary file read back
// (summaryfile.Read) is the report of the run, byte for byte.
//
// The figures, in order: scores (the distribution of the final score, means and
// medians marked, from the 0.1th to the 99.9th percentile; the caption counts the games
// beyond the axis), cdf, upper_bonus (rates with Wilson intervals), upper_subtotal (the
// games with the bonus on a shaded ground, so that no line hides the bar of the games at
// the threshold), yahtzee, extra_bonus and jokers (when the rules have a yahtzee box,
// extra bonuses and jokers), box_mean, box_zeros, on a sheet of several columns
// column_turn (the share of the games whose turn goes in each column, by turn, a panel
// per strategy), fill_turn_STRATEGY (a heat map of the turn each box is filled in, on a
// colour scale of its own), convergence (a panel per strategy: the running mean and its
// band, from the summary's blocks of game indices, over the final mean and its
// interval), with --regret regret, regret_by_box and regret_by_turn, and with pairs,
// pairs (the paired and unpaired intervals of each difference) and head_to_head.
//
// # Tests
//
// TestEveryFigureOnItsPage writes the report of a run, a comparison, points lost and the
// family sheet of four columns, in English and French, and fails on any figure written
// into the directory that its page or its contents leave out; it also reads every
// string of the French reports (figures, page, Markdown) and fails on a word of English
// from its list, on a wording readers found wrong, and on a strategy's name outside code
// font in the prose. Each kind of figure has a golden SVG in testdata, drawn from small
// runs of two strategies defined in the tests on a small sheet
// (reports/internal/reporttest/testdata/tiny.json) and compared byte for byte
// (TestGoldenPlots; -update rewrites them). TestHTMLInChromium opens report.html in
// headless Chromium and checks that every figure is laid out, visible and drawn, that no
// table is wider than the column (a costliest decision's sheet in words wraps), that the
// contents split no section across their columns, and that every link of the contents
// leads somewhere; it skips, saying why, where Chromium is not installed. TestFigureCSVs
// checks that each figure has its CSV, with the numbers of the other files.
package simulation
