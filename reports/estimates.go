package reports

import (
	"math"

	"yams/sim"
)

// z95 is the 97.5th percentile of the standard normal distribution.
const z95 = 1.959963984540054

// estimate is a figure with its 95% interval.
type estimate struct{ v, lo, hi float64 }

func fromProportion(p sim.Proportion) estimate { return estimate{p.Rate, p.CI95.Lo, p.CI95.Hi} }

func fromShare(s sim.Share) estimate { return estimate{s.Rate, s.CI95.Lo, s.CI95.Hi} }

// valueAtRank returns the value of rank k (from 1) of the values a histogram counts.
func valueAtRank(h *sim.Histogram, k int64) int {
	var cum int64
	for i, c := range h.Counts {
		cum += c
		if cum >= k {
			return h.Min + i
		}
	}
	return h.Max()
}

// percentileCI returns the p-th percentile by nearest rank (as sim.Histogram.Percentile)
// with a distribution-free 95% interval: the values of ranks n·q ∓ z95·√(n·q·(1−q)), the
// normal approximation of the binomial law of the number of values below the quantile.
func percentileCI(h *sim.Histogram, p int) (v, lo, hi int) {
	n := h.Total()
	if n == 0 {
		return 0, 0, 0
	}
	q := float64(p) / 100
	nf := float64(n)
	half := z95 * math.Sqrt(nf*q*(1-q))
	j := max(1, int64(math.Floor(nf*q-half)))
	k := min(n, int64(math.Ceil(nf*q+half))+1)
	return h.Percentile(p), valueAtRank(h, j), valueAtRank(h, k)
}

// quantile returns the value below which a share q of the values lie (nearest rank).
func quantile(h *sim.Histogram, q float64) int {
	n := h.Total()
	if n == 0 {
		return 0
	}
	return valueAtRank(h, max(1, int64(math.Ceil(q*float64(n)))))
}

// moments returns the mean, the sample standard deviation and the 95% intervals of both
// of the values a histogram counts. The interval of the standard deviation comes from the
// asymptotic variance of the sample variance, (m4 − (n−3)/(n−1)·m2²)/n, which holds for
// any distribution with a fourth moment, by the delta method.
func moments(h *sim.Histogram) (mean, sd estimate) {
	n := float64(h.Total())
	if n == 0 {
		return
	}
	var sum float64
	for i, c := range h.Counts {
		sum += float64(c) * float64(h.Min+i)
	}
	m := sum / n
	var m2, m4 float64
	for i, c := range h.Counts {
		d := float64(h.Min+i) - m
		m2 += float64(c) * d * d
		m4 += float64(c) * d * d * d * d
	}
	m2 /= n
	m4 /= n
	mean = estimate{m, m, m}
	if n < 2 {
		return mean, estimate{}
	}
	s2 := m2 * n / (n - 1)
	s := math.Sqrt(s2)
	se := s / math.Sqrt(n)
	mean = estimate{m, m - z95*se, m + z95*se}
	sd = estimate{s, s, s}
	if s > 0 {
		v := max(0, (m4-(n-3)/(n-1)*m2*m2)/n)
		half := z95 * math.Sqrt(v) / (2 * s)
		sd = estimate{s, max(0, s-half), s + half}
	}
	return mean, sd
}

// merged returns the sum of histograms.
func merged(hs []sim.Histogram) sim.Histogram {
	var all sim.Histogram
	for i := range hs {
		all.Merge(&hs[i])
	}
	all.Trim()
	return all
}

// wilson returns count/trials with its Wilson 95% interval.
func wilson(count, trials int64) estimate { return fromProportion(sim.Wilson(count, trials)) }

var nan = math.NaN()
