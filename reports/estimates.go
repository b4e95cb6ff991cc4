package reports

import (
	"math"

	"yams/sim"
	"yams/sim/tablegame"
)

// The statistics live in package sim; the plots and tables take them as estimates.

// Z95 is the 97.5th percentile of the standard normal distribution (sim.Z95).
const Z95 = sim.Z95

// Estimate is a figure with its 95% interval, as the plots draw it.
type Estimate struct{ V, Lo, Hi float64 }

func fromEstimate(e sim.Estimate) Estimate { return Estimate{e.Value, e.CI95.Lo, e.CI95.Hi} }

func FromProportion(p sim.Proportion) Estimate { return Estimate{p.Rate, p.CI95.Lo, p.CI95.Hi} }

func FromShare(s tablegame.Share) Estimate { return Estimate{s.Rate, s.CI95.Lo, s.CI95.Hi} }

// PercentileCI is sim.Histogram.PercentileCI.
func PercentileCI(h *sim.Histogram, p int) (v, lo, hi int) { return h.PercentileCI(p) }

// Quantile is sim.Histogram.Quantile.
func Quantile(h *sim.Histogram, q float64) int { return h.Quantile(q) }

// Moments returns sim.Histogram.Moments as estimates.
func Moments(h *sim.Histogram) (mean, sd Estimate) {
	m, s := h.Moments()
	return fromEstimate(m), fromEstimate(s)
}

// Merged returns the sum of histograms.
func Merged(hs []sim.Histogram) sim.Histogram {
	var all sim.Histogram
	for i := range hs {
		all.Merge(&hs[i])
	}
	all.Trim()
	return all
}

// Wilson returns count/trials with its Wilson 95% interval (sim.Wilson).
func Wilson(count, trials int64) Estimate { return FromProportion(sim.Wilson(count, trials)) }

// Scaled returns e times k: a rate as a percentage.
func Scaled(e Estimate, k float64) Estimate { return Estimate{k * e.V, k * e.Lo, k * e.Hi} }

var NaN = math.NaN()

// Exactly is an exact figure, drawn without an interval.
func Exactly(v float64) Estimate { return Estimate{v, v, v} }
