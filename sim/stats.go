package sim

import (
	"math"
	"math/big"
	"yams/sim/estimate"
)

// Z95 is the 97.5th percentile of the standard normal distribution: a 95% interval is
// the estimate ± Z95 standard errors. Every interval of the project uses it.
const Z95 = estimate.Z95

// PercentileRanks are the percentiles that Stats reports.
var PercentileRanks = [...]int{1, 5, 25, 50, 75, 95, 99}

// Interval is a confidence interval.
type Interval = estimate.Interval

// Estimate is a figure with its 95% interval.
type Estimate struct {
	Value float64
	CI95  Interval
}

// Proportion is a count out of a number of trials, with its Wilson 95% interval, which
// stays inside [0, 1] and is honest for rare events where the normal approximation is not.
type Proportion struct {
	Rate  float64
	CI95  Interval
	Count int64 // written to the summary file beside the rate
}

// Wilson returns the proportion count/trials with its Wilson score interval at 95%
// (E. B. Wilson, "Probable inference...", JASA 22, 1927).
func Wilson(count, trials int64) Proportion {
	p := Proportion{Count: count}
	if trials <= 0 {
		return p
	}
	p.Rate = float64(count) / float64(trials)
	p.CI95 = WilsonInterval(p.Rate, trials)
	return p
}

// WilsonInterval returns the Wilson score 95% interval of a rate observed over trials.
// The rate need not be a whole count over trials: a share of wins in which ties split a
// win (TableResults) takes it too, and the interval is then slightly conservative, since
// a split win varies less than a whole one.
func WilsonInterval(rate float64, trials int64) Interval {
	if trials <= 0 {
		return Interval{}
	}
	n := float64(trials)
	z2 := Z95 * Z95
	den := 1 + z2/n
	center := (rate + z2/(2*n)) / den
	half := Z95 * math.Sqrt(max(0, rate*(1-rate))/n+z2/(4*n*n)) / den
	return Interval{Lo: max(0, center-half), Hi: min(1, center+half)}
}

// Stats are the statistics of a Summary, derived from its counts.
type Stats struct {
	// Mean and StdDev (the sample standard deviation) are exact to the float64
	// rounding: they are computed from the exact integer sums. CI95 is the mean ±
	// Z95·StdDev/√games (normal approximation).
	Mean, StdDev float64
	CI95         Interval
	Min, Max     int
	// Percentiles[i] is the PercentileRanks[i]-th percentile (nearest rank).
	Percentiles [len(PercentileRanks)]int
	Median      int
	// UpperBonus counts the column bonuses out of games × columns.
	UpperBonus    Proportion
	YahtzeeScored Proportion
	Joker         Proportion // games with at least one joker
	Slots         []SlotStats

	games  int64
	StdErr float64
}

// SlotStats are the statistics of one box.
type SlotStats struct {
	Mean     float64
	ZeroRate float64
}

// Stats derives the statistics of the summary.
func (s *Summary) Stats() Stats {
	st := Stats{games: s.Games}
	if s.Games == 0 {
		return st
	}
	sum, squares := s.Scores.Sums()
	st.Mean, st.StdDev = estimate.MeanSD(s.Games, sum, squares)
	st.StdErr = st.StdDev / math.Sqrt(float64(s.Games))
	st.CI95 = Interval{Lo: st.Mean - Z95*st.StdErr, Hi: st.Mean + Z95*st.StdErr}
	st.Min, st.Max, _ = s.Scores.Range()
	for i, p := range PercentileRanks {
		st.Percentiles[i] = s.Scores.percentile(p)
	}
	st.Median = s.Scores.percentile(50)
	var bonus int64
	for _, b := range s.UpperBonus {
		bonus += b
	}
	st.UpperBonus = Wilson(bonus, s.Games*int64(len(s.Columns)))
	st.YahtzeeScored = Wilson(s.YahtzeeScored, s.Games)
	st.Joker = Wilson(s.JokerGames, s.Games)
	st.Slots = make([]SlotStats, len(s.Slots))
	for i, sl := range s.Slots {
		st.Slots[i] = SlotStats{
			Mean:     float64(sl.Sum) / float64(s.Games),
			ZeroRate: float64(sl.Zeros) / float64(s.Games),
		}
	}
	return st
}

// RunningMean is the mean of the games of a run up to some index, with its 95% interval.
type RunningMean struct {
	Games        int64
	Mean, StdDev float64
	CI95         Interval
}

// Convergence returns the running mean at the end of each block of game indices 2^b−1 to
// 2^(b+1)−2: after 1, 3, 7, 15... games, and after the last one.
func (s *Summary) Convergence() []RunningMean {
	var (
		out     []RunningMean
		n       int64
		sum     big.Int // of the blocks' sums, which one int64 holds each
		squares Uint128
	)
	for _, b := range s.Blocks {
		if b.Games == 0 {
			continue
		}
		n += b.Games
		sum.Add(&sum, big.NewInt(b.Sum))
		squares = squares.Add(b.Squares)
		p := RunningMean{Games: n}
		p.Mean, p.StdDev = estimate.MeanSD(n, &sum, squares.BigInt())
		half := Z95 * p.StdDev / math.Sqrt(float64(p.Games))
		p.CI95 = Interval{Lo: p.Mean - half, Hi: p.Mean + half}
		out = append(out, p)
	}
	return out
}

// Mean returns the mean of the values counted, correctly rounded from the exact sums, with
// its 95% interval (the mean ± Z95 standard errors).
func (h *Histogram) Mean() (float64, Interval) {
	n := h.Total()
	if n == 0 {
		return 0, Interval{}
	}
	sum, squares := h.Sums()
	mean, sd := estimate.MeanSD(n, sum, squares)
	half := Z95 * sd / math.Sqrt(float64(n))
	return mean, Interval{Lo: mean - half, Hi: mean + half}
}

// Moments returns the mean and the sample standard deviation of the values the histogram
// counts, each with its 95% interval: the mean ± Z95 standard errors, and for the
// standard deviation s the delta method on the asymptotic variance of the sample
// variance, (m4 − (n−3)/(n−1)·m2²)/n, which holds for any distribution with a fourth
// moment: s ± Z95·√that/(2s), the lower end at least 0. They are computed in float64
// (Summary.Stats gives the exact mean and deviation of the scores); a single value has
// no interval, and no value gives zeros.
func (h *Histogram) Moments() (mean, sd Estimate) {
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
	mean = Estimate{m, Interval{Lo: m, Hi: m}}
	if n < 2 {
		return mean, Estimate{}
	}
	s := math.Sqrt(m2 * n / (n - 1))
	se := s / math.Sqrt(n)
	mean = Estimate{m, Interval{Lo: m - Z95*se, Hi: m + Z95*se}}
	sd = Estimate{s, Interval{Lo: s, Hi: s}}
	if s > 0 {
		v := max(0, (m4-(n-3)/(n-1)*m2*m2)/n)
		half := Z95 * math.Sqrt(v) / (2 * s)
		sd = Estimate{s, Interval{Lo: max(0, s-half), Hi: s + half}}
	}
	return mean, sd
}
