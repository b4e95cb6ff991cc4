package analysis

import (
	"fmt"

	"yams/internal/memlimit"
)

// distribution holds, for each turn-start state of the layers in flight, the probability
// of every score so far (a dense vector from lo on). Its cost is one float64 per
// (state, score) pair of two consecutive layers, and the work one multiply-add per pair
// and outcome of the turn.
type distribution struct {
	Vec         []DistVec
	bytes, Peak int64
	// budget bounds base, the memory of the rest of the analysis, plus distGCRoom times
	// the bytes of the probabilities.
	budget, base int64
}

// DistGCRoom is the process's memory per byte of probabilities: a vector that grows is
// copied and its old copy left to the garbage collector, which lets the heap reach about
// twice what is live. Measured on hasbro: 231 MiB of probabilities at their peak, the
// process at 836 MiB beside 253 MiB without the distribution (2.5 bytes per byte).
const DistGCRoom = 3

type DistVec struct {
	Lo     int
	Values []float64
}

func NewDistribution(states int, budget, base int64) *distribution {
	if budget <= 0 {
		budget = 4 << 30
	}
	return &distribution{Vec: make([]DistVec, states), budget: budget, base: base}
}

func (d *distribution) Set(i, lo int, v []float64) {
	d.Vec[i] = DistVec{Lo: lo, Values: v}
	d.bytes += int64(8 * len(v))
}

// grow makes vec[i] cover scores lo..hi, with some room on the side it grows, since
// the next source will likely need more of it.
func (d *distribution) grow(i, lo, hi int) error {
	x := &d.Vec[i]
	if x.Values != nil && lo >= x.Lo && hi < x.Lo+len(x.Values) {
		return nil
	}
	nlo, nhi := lo, hi
	if x.Values != nil {
		const slack = 16
		if lo < x.Lo {
			nlo = lo - slack
		} else {
			nlo = x.Lo
		}
		if hi >= x.Lo+len(x.Values) {
			nhi = hi + slack
		} else {
			nhi = x.Lo + len(x.Values) - 1
		}
	}
	n := nhi - nlo + 1
	d.bytes += int64(8 * (n - len(x.Values)))
	d.Peak = max(d.Peak, d.bytes)
	if need := memlimit.Sum(d.base, memlimit.Mul(DistGCRoom, d.bytes)); need > d.budget {
		return fmt.Errorf("%w: the probabilities of the (state, score so far) pairs of two layers reached %d MiB, about %d MiB of memory with the rest of the analysis, more than the limit of %d MiB",
			ErrTooLarge, d.bytes>>20, need>>20, d.budget>>20)
	}
	v := make([]float64, n)
	if x.Values != nil {
		copy(v[x.Lo-nlo:], x.Values)
	}
	x.Lo, x.Values = nlo, v
	return nil
}

// push spreads the distribution of state src over the outcomes of its turn.
func (d *distribution) push(src int, trs []Transition) error {
	s := d.Vec[src]
	for _, t := range trs {
		lo := s.Lo + int(t.Reward)
		if err := d.grow(int(t.Next), lo, lo+len(s.Values)-1); err != nil {
			return err
		}
		nx := &d.Vec[t.Next]
		dst := nx.Values[lo-nx.Lo:][:len(s.Values)]
		q := t.Q
		for j, x := range s.Values {
			dst[j] += q * x
		}
	}
	return nil
}

func (d *distribution) Drop(i int) {
	d.bytes -= int64(8 * len(d.Vec[i].Values))
	d.Vec[i] = DistVec{}
}

// Final sums the distributions of the end states ends into the distribution of the
// final score, trimmed of its zero ends.
func (d *distribution) Final(ends []int) (int, []float64) {
	lo, hi := 0, -1
	first := true
	for _, i := range ends {
		x := d.Vec[i]
		if x.Values == nil {
			continue
		}
		if first || x.Lo < lo {
			lo = x.Lo
		}
		if first || x.Lo+len(x.Values)-1 > hi {
			hi = x.Lo + len(x.Values) - 1
		}
		first = false
	}
	if first {
		return 0, nil
	}
	out := make([]float64, hi-lo+1)
	for _, i := range ends {
		x := d.Vec[i]
		for j, p := range x.Values {
			out[x.Lo-lo+j] += p
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

// PushFrom spreads the probabilities mass of scores from lo on over the outcomes of a turn.
func (d *distribution) PushFrom(lo int, mass []float64, trs []Transition) error {
	for _, t := range trs {
		at := lo + int(t.Reward)
		if err := d.grow(int(t.Next), at, at+len(mass)-1); err != nil {
			return err
		}
		nx := &d.Vec[t.Next]
		dst := nx.Values[at-nx.Lo:][:len(mass)]
		q := t.Q
		for j, x := range mass {
			dst[j] += q * x
		}
	}
	return nil
}
