package optimal

import (
	"fmt"

	"yams/internal/memlimit"
)

// distribution holds, for each turn-start state of the layers in flight, the probability
// of every score so far (a dense vector from lo on). Its cost is one float64 per
// (state, score) pair of two consecutive layers, and the work one multiply-add per pair
// and outcome of the turn.
type distribution struct {
	vec         []distVec
	bytes, peak int64
	// budget bounds base, the memory of the rest of the analysis, plus distGCRoom times
	// the bytes of the probabilities.
	budget, base int64
}

// distGCRoom is the process's memory per byte of probabilities: a vector that grows is
// copied and its old copy left to the garbage collector, which lets the heap reach about
// twice what is live. Measured on hasbro: 231 MiB of probabilities at their peak, the
// process at 836 MiB beside 253 MiB without the distribution (2.5 bytes per byte).
const distGCRoom = 3

type distVec struct {
	lo int
	v  []float64
}

func newDistribution(states int, budget, base int64) *distribution {
	if budget <= 0 {
		budget = 4 << 30
	}
	return &distribution{vec: make([]distVec, states), budget: budget, base: base}
}

func (d *distribution) set(i, lo int, v []float64) {
	d.vec[i] = distVec{lo: lo, v: v}
	d.bytes += int64(8 * len(v))
}

// grow makes vec[i] cover scores lo..hi, with some room on the side it grows, since
// the next source will likely need more of it.
func (d *distribution) grow(i, lo, hi int) error {
	x := &d.vec[i]
	if x.v != nil && lo >= x.lo && hi < x.lo+len(x.v) {
		return nil
	}
	nlo, nhi := lo, hi
	if x.v != nil {
		const slack = 16
		if lo < x.lo {
			nlo = lo - slack
		} else {
			nlo = x.lo
		}
		if hi >= x.lo+len(x.v) {
			nhi = hi + slack
		} else {
			nhi = x.lo + len(x.v) - 1
		}
	}
	n := nhi - nlo + 1
	d.bytes += int64(8 * (n - len(x.v)))
	d.peak = max(d.peak, d.bytes)
	if need := memlimit.Sum(d.base, memlimit.Mul(distGCRoom, d.bytes)); need > d.budget {
		return fmt.Errorf("%w: the probabilities of the (state, score so far) pairs of two layers reached %d MiB, about %d MiB of memory with the rest of the analysis, more than the limit of %d MiB",
			ErrTooLarge, d.bytes>>20, need>>20, d.budget>>20)
	}
	v := make([]float64, n)
	if x.v != nil {
		copy(v[x.lo-nlo:], x.v)
	}
	x.lo, x.v = nlo, v
	return nil
}

// push spreads the distribution of state src over the outcomes of its turn.
func (d *distribution) push(src int, trs []transition) error {
	s := d.vec[src]
	for _, t := range trs {
		lo := s.lo + int(t.reward)
		if err := d.grow(int(t.next), lo, lo+len(s.v)-1); err != nil {
			return err
		}
		nx := &d.vec[t.next]
		dst := nx.v[lo-nx.lo:][:len(s.v)]
		q := t.q
		for j, x := range s.v {
			dst[j] += q * x
		}
	}
	return nil
}

func (d *distribution) drop(i int) {
	d.bytes -= int64(8 * len(d.vec[i].v))
	d.vec[i] = distVec{}
}

// final sums the distributions of the end states ends into the distribution of the
// final score, trimmed of its zero ends.
func (d *distribution) final(ends []int) (int, []float64) {
	lo, hi := 0, -1
	first := true
	for _, i := range ends {
		x := d.vec[i]
		if x.v == nil {
			continue
		}
		if first || x.lo < lo {
			lo = x.lo
		}
		if first || x.lo+len(x.v)-1 > hi {
			hi = x.lo + len(x.v) - 1
		}
		first = false
	}
	if first {
		return 0, nil
	}
	out := make([]float64, hi-lo+1)
	for _, i := range ends {
		x := d.vec[i]
		for j, p := range x.v {
			out[x.lo-lo+j] += p
		}
	}
	for len(out) > 0 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	for len(out) > 0 && out[0] == 0 {
		out, lo = out[1:], lo+1
	}
	return lo, out
}

// pushFrom spreads the probabilities mass of scores from lo on over the outcomes of a turn.
func (d *distribution) pushFrom(lo int, mass []float64, trs []transition) error {
	for _, t := range trs {
		at := lo + int(t.reward)
		if err := d.grow(int(t.next), at, at+len(mass)-1); err != nil {
			return err
		}
		nx := &d.vec[t.next]
		dst := nx.v[at-nx.lo:][:len(mass)]
		q := t.q
		for j, x := range mass {
			dst[j] += q * x
		}
	}
	return nil
}
