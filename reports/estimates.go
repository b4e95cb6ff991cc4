package reports

import (
	"math"

	"yams/sim"
	"yams/sim/tablegame"
)

// The statistics live in package sim; the plots and tables take them as estimates.

// z95 is the 97.5th percentile of the standard normal distribution (sim.Z95).
const z95 = sim.Z95

// estimate is a figure with its 95% interval, as the plots draw it.
type estimate struct{ v, lo, hi float64 }

func fromEstimate(e sim.Estimate) estimate { return estimate{e.Value, e.CI95.Lo, e.CI95.Hi} }

func fromProportion(p sim.Proportion) estimate { return estimate{p.Rate, p.CI95.Lo, p.CI95.Hi} }

func fromShare(s tablegame.Share) estimate { return estimate{s.Rate, s.CI95.Lo, s.CI95.Hi} }

// percentileCI is sim.Histogram.PercentileCI.
func percentileCI(h *sim.Histogram, p int) (v, lo, hi int) { return h.PercentileCI(p) }

// quantile is sim.Histogram.Quantile.
func quantile(h *sim.Histogram, q float64) int { return h.Quantile(q) }

// moments returns sim.Histogram.Moments as estimates.
func moments(h *sim.Histogram) (mean, sd estimate) {
	m, s := h.Moments()
	return fromEstimate(m), fromEstimate(s)
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

// wilson returns count/trials with its Wilson 95% interval (sim.Wilson).
func wilson(count, trials int64) estimate { return fromProportion(sim.Wilson(count, trials)) }

// scaled returns e times k: a rate as a percentage.
func scaled(e estimate, k float64) estimate { return estimate{k * e.v, k * e.lo, k * e.hi} }

var nan = math.NaN()
