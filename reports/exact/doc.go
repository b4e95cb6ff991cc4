// Package exact writes the reports of the exact analyses: yams exact (Exact: a
// strategy's exact mean, distribution, bonus and boxes, the objectives it was solved
// for, and with --regret the exact points it loses against optimal play) and yams
// frontier (Frontier: for optimal, bonus, risk:θ and target:T on one rule set, what each
// maximises, its exact value against optimal play's, and the mean, spread and chances of
// reaching each score that it pays for it). Each is laid out in the report core's
// document (reports), in English or French; FrontierTable gives the frontier's table for
// the console as well.
package exact
