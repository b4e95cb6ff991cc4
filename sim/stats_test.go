package sim_test

import (
	"math"
	"testing"

	"yams/sim"
)

// ranked holds 3 twice, 5 once and 6 three times.
var ranked = sim.Histogram{Min: 3, Counts: []int64{2, 0, 1, 3}}

// Quantile takes the value of rank ⌈q·n⌉, at least 1: of ranks 1 and 2 (3), 3 (5) and
// 4 to 6 (6).
func TestQuantile(t *testing.T) {
	for _, c := range []struct {
		q    float64
		want int
	}{{0, 3}, {1.0 / 3, 3}, {0.34, 5}, {0.5, 5}, {0.51, 6}, {1, 6}} {
		if got := ranked.Quantile(c.q); got != c.want {
			t.Errorf("quantile %v: %d, want %d", c.q, got, c.want)
		}
	}
	var empty sim.Histogram
	if got := empty.Quantile(0.5); got != 0 {
		t.Errorf("quantile of nothing: %d", got)
	}
}

// The median of 10,000 values, 100 of each of 0 to 99: rank 5000 is 49, and the interval
// is of ranks ⌊5000 − 1.96·50⌋ = 4902 (a 49) to ⌈5000 + 1.96·50⌉ + 1 = 5099 (a 50).
func TestPercentileCI(t *testing.T) {
	u := sim.Histogram{Min: 0, Counts: make([]int64, 100)}
	for i := range u.Counts {
		u.Counts[i] = 100
	}
	for _, c := range []struct {
		p, v, lo, hi int
	}{{50, 49, 49, 50}, {1, 0, 0, 1}, {99, 98, 98, 99}} {
		v, lo, hi := u.PercentileCI(c.p)
		if v != c.v || lo != c.lo || hi != c.hi || v != u.Percentile(c.p) {
			t.Errorf("p%d: %d in %d..%d, want %d in %d..%d", c.p, v, lo, hi, c.v, c.lo, c.hi)
		}
	}
	var empty sim.Histogram
	if v, lo, hi := empty.PercentileCI(50); v != 0 || lo != 0 || hi != 0 {
		t.Errorf("the median of nothing: %d in %d..%d", v, lo, hi)
	}
}

// The values 1, 2, 3, 4: mean 2.5, s² = 5/3, standard error s/2; m2 = 5/4, m4 = 41/16,
// and the variance of s² is (m4 − (1/3)·m2²)/4 = 49/96.
func TestMoments(t *testing.T) {
	four := sim.Histogram{Min: 1, Counts: []int64{1, 1, 1, 1}}
	s := math.Sqrt(5.0 / 3)
	half := 1.959963984540054 * math.Sqrt(49.0/96) / (2 * s)
	for _, c := range []struct {
		name string
		h    sim.Histogram
		mean sim.Estimate
		sd   sim.Estimate
	}{
		{"1 to 4", four,
			sim.Estimate{Value: 2.5, CI95: sim.Interval{Lo: 2.5 - 1.959963984540054*s/2, Hi: 2.5 + 1.959963984540054*s/2}},
			sim.Estimate{Value: s, CI95: sim.Interval{Lo: s - half, Hi: s + half}}},
		{"one value", sim.Histogram{Min: 7, Counts: []int64{1}}, sim.Estimate{Value: 7, CI95: sim.Interval{Lo: 7, Hi: 7}}, sim.Estimate{}},
		{"the same value", sim.Histogram{Min: 7, Counts: []int64{5}}, sim.Estimate{Value: 7, CI95: sim.Interval{Lo: 7, Hi: 7}}, sim.Estimate{}},
		{"nothing", sim.Histogram{}, sim.Estimate{}, sim.Estimate{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			mean, sd := c.h.Moments()
			for _, f := range []struct {
				what      string
				got, want sim.Estimate
			}{{"mean", mean, c.mean}, {"sd", sd, c.sd}} {
				if !closeTo(f.got.Value, f.want.Value) || !closeTo(f.got.CI95.Lo, f.want.CI95.Lo) || !closeTo(f.got.CI95.Hi, f.want.CI95.Hi) {
					t.Errorf("%s: %+v, want %+v", f.what, f.got, f.want)
				}
			}
		})
	}
}

func closeTo(a, b float64) bool { return math.Abs(a-b) <= 1e-12*max(1, math.Abs(b)) }
