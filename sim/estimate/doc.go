// Package estimate is what every estimate of a run is made of: sums of integer counts
// kept exactly (Uint128: the squares of a billion scores of a multi-column sheet overflow
// 64 bits), the mean and sample deviation those sums give, each rounded once (MeanSD),
// and the 95% interval of the normal approximation (Z95, Interval).
//
// The sums add exactly across workers, shards and resumed runs, so that a figure does not
// depend on how the games were split; MeanSD computes (n·Σx² − (Σx)²) / (n(n−1)) in big
// integers before its one rounding. The scores of a summary (package sim), the paired
// differences of a comparison and the costs of regret (package sim/regret) use them.
package estimate
