package sim

import (
	"math"
	"math/big"
	"math/bits"
)

// Histogram counts integer values: Counts[i] is how many times the value Min+i was seen.
// Its size depends on the range of the values, never on how many were counted.
type Histogram struct {
	Min    int
	Counts []int64
}

// NewHistogram returns a histogram sized for the values lo to hi, so that counting them
// never allocates.
func NewHistogram(lo, hi int) Histogram {
	return Histogram{Min: lo, Counts: make([]int64, hi-lo+1)}
}

// Add counts one v.
func (h *Histogram) Add(v int) {
	if i := v - h.Min; uint(i) < uint(len(h.Counts)) {
		h.Counts[i]++
		return
	}
	h.addOutside(v, 1)
}

// AddN counts v n times.
func (h *Histogram) AddN(v int, n int64) {
	if i := v - h.Min; uint(i) < uint(len(h.Counts)) {
		h.Counts[i] += n
		return
	}
	h.addOutside(v, n)
}

// addOutside grows the histogram to take v. The simulator sizes its histograms from the
// rules so that this never happens in a game; it is here for merges and hand-made values.
func (h *Histogram) addOutside(v int, n int64) {
	if len(h.Counts) == 0 {
		h.Min, h.Counts = v, []int64{n}
		return
	}
	lo, hi := min(h.Min, v), max(h.Max(), v)
	c := make([]int64, hi-lo+1)
	copy(c[h.Min-lo:], h.Counts)
	h.Min, h.Counts = lo, c
	h.Counts[v-lo] += n
}

// Max returns the highest value the histogram has room for.
func (h *Histogram) Max() int { return h.Min + len(h.Counts) - 1 }

// Merge adds the counts of o.
func (h *Histogram) Merge(o *Histogram) {
	for i, n := range o.Counts {
		if n != 0 {
			h.AddN(o.Min+i, n)
		}
	}
}

// Trim drops the zero counts at both ends, so that two histograms of the same values are
// equal however they were sized.
func (h *Histogram) Trim() {
	lo, hi := 0, len(h.Counts)
	for lo < hi && h.Counts[lo] == 0 {
		lo++
	}
	for hi > lo && h.Counts[hi-1] == 0 {
		hi--
	}
	if lo == hi {
		h.Min, h.Counts = 0, nil
		return
	}
	h.Min += lo
	h.Counts = append([]int64(nil), h.Counts[lo:hi]...)
}

// Total returns the number of values counted.
func (h *Histogram) Total() int64 {
	var t int64
	for _, n := range h.Counts {
		t += n
	}
	return t
}

// Range returns the lowest and highest values counted; ok is false if there are none.
func (h *Histogram) Range() (lo, hi int, ok bool) {
	first, last := -1, -1
	for i, n := range h.Counts {
		if n != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return 0, 0, false
	}
	return h.Min + first, h.Min + last, true
}

// percentile returns the p-th percentile (0 < p ≤ 100) by the nearest-rank method: the
// smallest value such that at least p% of the values are at or below it. It returns 0
// for an empty histogram.
func (h *Histogram) percentile(p int) int {
	n := h.Total()
	if n == 0 {
		return 0
	}
	// rank = ceil(p·n/100), in 128 bits: p·n overflows 64 bits past 10^17 games.
	hi, lo := bits.Mul64(uint64(p), uint64(n))
	lo, carry := bits.Add64(lo, 99, 0)
	rank, _ := bits.Div64(hi+carry, lo, 100)
	rank = max(rank, 1)
	var cum uint64
	for i, c := range h.Counts {
		cum += uint64(c)
		if cum >= rank {
			return h.Min + i
		}
	}
	return h.Max()
}

// valueAtRank returns the value of rank k (from 1) of the values counted: the k-th
// smallest, or the highest value the histogram has room for when k is more than the
// values counted.
func (h *Histogram) valueAtRank(k int64) int {
	var cum int64
	for i, c := range h.Counts {
		cum += c
		if cum >= k {
			return h.Min + i
		}
	}
	return h.Max()
}

// Quantile returns the value below which a share q of the values lie, by nearest rank:
// the value of rank ⌈q·n⌉, at least 1. It returns 0 for an empty histogram.
func (h *Histogram) Quantile(q float64) int {
	n := h.Total()
	if n == 0 {
		return 0
	}
	return h.valueAtRank(max(1, int64(math.Ceil(q*float64(n)))))
}

// PercentileCI returns the p-th percentile by nearest rank (percentile) with a
// distribution-free 95% interval: the values of ranks n·q ∓ Z95·√(n·q·(1−q)), with
// q = p/100, from the normal approximation of the binomial law of the number of values
// below the quantile. It returns zeros for an empty histogram.
func (h *Histogram) PercentileCI(p int) (v, lo, hi int) {
	n := h.Total()
	if n == 0 {
		return 0, 0, 0
	}
	q := float64(p) / 100
	nf := float64(n)
	half := Z95 * math.Sqrt(nf*q*(1-q))
	j := max(1, int64(math.Floor(nf*q-half)))
	k := min(n, int64(math.Ceil(nf*q+half))+1)
	return h.percentile(p), h.valueAtRank(j), h.valueAtRank(k)
}

// Sums returns the exact sum and sum of squares of the values counted. They are computed
// from the counts, so they can never disagree with them, and they cost nothing per game.
func (h *Histogram) Sums() (sum, squares *big.Int) {
	sum, squares = new(big.Int), new(big.Int)
	var t, v, c big.Int
	for i, n := range h.Counts {
		if n == 0 {
			continue
		}
		v.SetInt64(int64(h.Min + i))
		c.SetInt64(n)
		t.Mul(&v, &c)
		sum.Add(sum, &t)
		t.Mul(&t, &v)
		squares.Add(squares, &t)
	}
	return sum, squares
}
