// Package simulation writes the report of a run of yams sim or yams compare
// (sim.Results): the final scores, their distribution and convergence, the upper
// bonus and subtotal, the yahtzees, extra bonuses and jokers, each box's mean and zeros
// and when it is filled, the paired comparisons of a compare (each pair on the same dice),
// and with --regret the points each strategy loses against optimal play, by kind of
// decision, by box and by turn, with its costliest decisions. Write lays it out in the
// report core's document (reports), in English or French, each figure as SVG, PNG and
// the CSV of its numbers.
package simulation
