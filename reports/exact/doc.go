// Package exact writes the reports of the exact analyses: yams exact (Exact: a
// strategy's exact mean, distribution, bonus and boxes, the objectives it was solved
// for, and with --regret the exact points it loses against optimal play) and yams
// frontier (Frontier: for optimal, bonus, risk:θ and target:T on one rule set, what each
// maximises, its exact value against optimal play's, and the mean, spread and chances of
// reaching each score that it pays for it). Each is laid out in the report core's
// document (reports), in English or French, from plain numbers, so that reports need
// nothing of the solver.
//
// Write writes the exact figures of a strategy: exact.json, exact.md, exact.csv,
// boxes.csv, the figures box_mean and box_zeros (each box's exact mean, which with the
// bonuses add up to the strategy's mean, and its probability of a 0), with the
// distribution distribution.csv and the figure scores, with the regret regret.csv, and
// report.html. DistributionCSV and AtLeast serve the command line's --csv and its
// thresholds.
//
// WriteFrontier writes frontier.md and frontier.csv (a row per strategy: the objective
// and its value under optimal play, which playing for it can only equal or beat, the
// mean, the deviation, P(score ≥ 200, 250, 300, 350), the rates of the upper bonus and
// of a scored yahtzee), three figures and report.html: frontier_sd (the mean against the
// standard deviation) and frontier_p300 (the mean against P(score ≥ 300)), one point per
// strategy, the risk:θ on a line in the order of θ through optimal at θ = 0, every one
// labelled by θ where its label overlaps no marker, label nor line, beside its point or,
// where the points crowd about optimal, further away with a leader line, optimal and
// bonus marked apart; and frontier_scores, the distributions of the final score of
// optimal, bonus and the smallest and largest θ. FrontierTable gives the same table to
// the command line.
//
// The frontier's golden figures are drawn from hasbro's exact figures
// (testdata/frontier_hasbro.json, written by yams frontier --json) with distributions
// made in the test. TestFrontierFrench and TestWriteExact read every string of the
// French reports for English; TestExactBoxFigures checks that box_mean's CSV adds up to
// the mean.
package exact
