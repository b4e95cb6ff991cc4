package sim

import (
	"fmt"
	"math"
	"math/big"

	"yams/sim/estimate"
)

// Pair is the paired comparison of two strategies of a run (Config.Pairs): since both
// play every game on the same dice, the difference of their scores game by game measures
// their decisions alone, and its spread is smaller than that of either score. Like a
// Summary it holds integer counts only, which add exactly across chunks, workers and
// shards; PairStats derives the figures.
type Pair struct {
	A, B  string // the strategies, A before B in the run's order
	Games int64
	// Sum and Squares are the sum of the differences (score of A − score of B) and of
	// their squares.
	Sum     int64
	Squares Uint128
	// Wins, Ties and Losses count the games A scored more than, as much as and less than B.
	Wins, Ties, Losses int64
}

// Add counts a game in which A scored a and B scored b.
func (p *Pair) Add(a, b int) {
	d := a - b
	p.Games++
	p.Sum += int64(d)
	p.Squares = p.Squares.Add(estimate.Square(int64(d)))
	switch {
	case d > 0:
		p.Wins++
	case d < 0:
		p.Losses++
	default:
		p.Ties++
	}
}

// Merge adds the counts of o, the same pair of strategies over other games.
func (p *Pair) Merge(o *Pair) error {
	if o.A != p.A || o.B != p.B {
		return fmt.Errorf("cannot merge the pair %s−%s into %s−%s", o.A, o.B, p.A, p.B)
	}
	p.Games += o.Games
	p.Sum += o.Sum
	p.Squares = p.Squares.Add(o.Squares)
	p.Wins += o.Wins
	p.Ties += o.Ties
	p.Losses += o.Losses
	return nil
}

// PairStats are the figures of a Pair.
type PairStats struct {
	// Mean is the mean difference (A − B), StdDev the sample standard deviation of the
	// differences, StdErr = StdDev/√games, and CI95 = Mean ± Z95·StdErr: the paired
	// 95% interval.
	Mean, StdDev, StdErr float64
	CI95                 Interval
	// Wins, Ties and Losses are A's head-to-head record over B, with Wilson intervals.
	Wins, Ties, Losses Proportion
}

// Stats derives the figures of the pair, exact before the final rounding as Summary.Stats.
func (p *Pair) Stats() PairStats {
	st := PairStats{Wins: Wilson(p.Wins, p.Games), Ties: Wilson(p.Ties, p.Games), Losses: Wilson(p.Losses, p.Games)}
	if p.Games == 0 {
		return st
	}
	st.Mean, st.StdDev = estimate.MeanSD(p.Games, big.NewInt(p.Sum), p.Squares.BigInt())
	st.StdErr = st.StdDev / math.Sqrt(float64(p.Games))
	st.CI95 = Interval{Lo: st.Mean - Z95*st.StdErr, Hi: st.Mean + Z95*st.StdErr}
	return st
}

// Unpaired returns the 95% interval of the difference of the means of a and b that
// ignores the pairing, as if the two strategies had played independent dice: mean
// difference ± Z95·√(sd_a²/n_a + sd_b²/n_b). Set beside a Pair's CI95, it shows what the
// common dice gain.
func Unpaired(a, b *Summary) Interval {
	sa, sb := a.Stats(), b.Stats()
	return UnpairedStats(&sa, &sb)
}

// UnpairedStats is Unpaired from the figures of the two summaries.
func UnpairedStats(sa, sb *Stats) Interval {
	if sa.games == 0 || sb.games == 0 {
		return Interval{}
	}
	d := sa.Mean - sb.Mean
	half := Z95 * math.Hypot(sa.StdErr, sb.StdErr)
	return Interval{Lo: d - half, Hi: d + half}
}

// NewPairs returns the empty pairs of the strategies, in the order of Results.Pairs.
func NewPairs(names []string) []*Pair {
	var out []*Pair
	for i, a := range names {
		for _, b := range names[i+1:] {
			out = append(out, &Pair{A: a, B: b})
		}
	}
	return out
}
