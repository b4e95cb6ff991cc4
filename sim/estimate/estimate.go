package estimate

import (
	"math"
	"math/big"
	"math/bits"
)

// Z95 is the 97.5th percentile of the standard normal distribution: a 95% interval is
// the estimate ± Z95 standard errors. Every interval of the project uses it.
const Z95 = 1.959963984540054

// Interval is a confidence interval.
type Interval struct{ Lo, Hi float64 }

// Uint128 is an unsigned integer of 128 bits.
type Uint128 struct{ Hi, Lo uint64 }

// Add returns u + v.
func (u Uint128) Add(v Uint128) Uint128 {
	lo, carry := bits.Add64(u.Lo, v.Lo, 0)
	return Uint128{u.Hi + v.Hi + carry, lo}
}

// Square returns x², exactly.
func Square(x int64) Uint128 {
	a := uint64(x)
	if x < 0 {
		a = -a
	}
	hi, lo := bits.Mul64(a, a)
	return Uint128{hi, lo}
}

// BigInt returns u as a big.Int.
func (u Uint128) BigInt() *big.Int {
	b := new(big.Int).SetUint64(u.Hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(u.Lo))
}

// FromBig returns b as a Uint128, and false when b is negative or beyond 2^128 − 1.
func FromBig(b *big.Int) (Uint128, bool) {
	if b.Sign() < 0 || b.BitLen() > 128 {
		return Uint128{}, false
	}
	lo := new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0)))
	return Uint128{new(big.Int).Rsh(b, 64).Uint64(), lo.Uint64()}, true
}

// Ratio returns a/b correctly rounded.
func Ratio(a, b *big.Int) float64 {
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	return f
}

// MeanSD returns the mean of n values, n > 0, and their sample standard deviation (0 for
// one value), from their exact sum and sum of squares: the mean and the variance
// (n·Σx² − (Σx)²) / (n(n−1)) are each rounded once, from big integers.
func MeanSD(n int64, sum, squares *big.Int) (mean, sd float64) {
	bn := big.NewInt(n)
	mean = Ratio(sum, bn)
	if n > 1 {
		num := new(big.Int).Mul(bn, squares)
		num.Sub(num, new(big.Int).Mul(sum, sum))
		if num.Sign() > 0 {
			sd = math.Sqrt(Ratio(num, new(big.Int).Mul(bn, big.NewInt(n-1))))
		}
	}
	return mean, sd
}
