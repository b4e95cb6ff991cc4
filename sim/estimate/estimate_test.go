package estimate

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMeanSD checks the exact sums' mean and deviation against a two-pass computation in
// big rationals, on values whose squares overflow 64 bits when summed.
func TestMeanSD(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 100, 1000} {
		var squares Uint128
		bigSum := new(big.Int)
		xs := make([]int64, n)
		for i := range xs {
			xs[i] = rng.Int64N(1<<40) - 1<<39
			bigSum.Add(bigSum, big.NewInt(xs[i]))
			squares = squares.Add(Square(xs[i]))
		}
		mean, sd := MeanSD(int64(n), bigSum, squares.BigInt())
		m := new(big.Rat).SetFrac(bigSum, big.NewInt(int64(n)))
		ss := new(big.Rat)
		for _, x := range xs {
			d := new(big.Rat).Sub(new(big.Rat).SetInt64(x), m)
			ss.Add(ss, d.Mul(d, d))
		}
		wantMean, _ := m.Float64()
		var wantSD float64
		if n > 1 {
			v, _ := ss.Quo(ss, new(big.Rat).SetInt64(int64(n-1))).Float64()
			wantSD = math.Sqrt(v)
		}
		if mean != wantMean || math.Abs(sd-wantSD) > 1e-15*wantSD {
			t.Errorf("%d values: mean %v sd %v, want %v %v", n, mean, sd, wantMean, wantSD)
		}
	}
}

func TestUint128(t *testing.T) {
	max := Uint128{^uint64(0), ^uint64(0)}
	b := max.BigInt()
	if back, ok := FromBig(b); !ok || back != max {
		t.Errorf("2^128−1 read back as %v, %v", back, ok)
	}
	if _, ok := FromBig(new(big.Int).Add(b, big.NewInt(1))); ok {
		t.Error("2^128 taken")
	}
	if _, ok := FromBig(big.NewInt(-1)); ok {
		t.Error("−1 taken")
	}
	if got := (Uint128{0, ^uint64(0)}).Add(Uint128{0, 1}); got != (Uint128{1, 0}) {
		t.Errorf("carry: %v", got)
	}
	if Square(-3) != (Uint128{0, 9}) || Square(math.MaxInt64).BigInt().Cmp(new(big.Int).Mul(big.NewInt(math.MaxInt64), big.NewInt(math.MaxInt64))) != 0 {
		t.Error("Square")
	}
}
