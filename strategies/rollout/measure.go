package rollout

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"yams/engine"
	"yams/strategies"
)

// Chunk is the games of one draw of dice: a measurement plays whole chunks, chunk c of a
// position on the generator (the position's seed, c), and keeps every game's score in
// its place, so that a figure does not depend on the number of workers that played it,
// and the first n games of a longer measurement are the n games of a shorter one.
const Chunk = 16

// z95 is the quantile of the normal distribution for a two-sided 95% interval.
const z95 = 1.959963984540054

// Figure is a measured expected final score: the mean of the corrected scores of Games
// games and the half width of its 95% interval.
type Figure struct {
	Mean, HalfWidth float64
	Games           int
}

// Measurement is what games played on from one position say of its options: each
// option's figure, and the difference of any two, paired game by game on the same dice.
type Measurement struct {
	Options []Option
	// Games[i] is the games played after option i.
	Games []int
	// scores[i] are the corrected scores of the games after option i, plain[i] their
	// final scores.
	scores, plain [][]float64
}

// Figure returns the figure of option i.
func (m *Measurement) Figure(i int) Figure { return m.FigureOf(i, 0, len(m.scores[i])) }

// FigureOf returns the figure of option i from its games lo to hi (excluded).
func (m *Measurement) FigureOf(i, lo, hi int) Figure {
	xs := m.scores[i][lo:hi]
	mean, hw := meanAndHalfWidth(len(xs), func(g int) float64 { return xs[g] })
	return Figure{Mean: mean, HalfWidth: hw, Games: len(xs)}
}

// PlainFigure returns the figure of option i from the games' final scores alone, without
// the control variate: the same expectation, measured far less precisely.
func (m *Measurement) PlainFigure(i int) Figure {
	xs := m.plain[i]
	mean, hw := meanAndHalfWidth(len(xs), func(g int) float64 { return xs[g] })
	return Figure{Mean: mean, HalfWidth: hw, Games: len(xs)}
}

// Diff returns the mean of option i's corrected scores less option j's, game by game over
// the games both were played, and the half width of its 95% interval: what choosing i
// rather than j is worth, with the precision that the common dice give it (far narrower
// than either figure's).
func (m *Measurement) Diff(i, j int) Figure {
	return m.DiffOf(i, j, 0, min(len(m.scores[i]), len(m.scores[j])))
}

// DiffOf is Diff over games lo to hi (excluded) of both options.
func (m *Measurement) DiffOf(i, j, lo, hi int) Figure {
	a, b := m.scores[i][lo:hi], m.scores[j][lo:hi]
	mean, hw := meanAndHalfWidth(len(a), func(g int) float64 { return a[g] - b[g] })
	return Figure{Mean: mean, HalfWidth: hw, Games: len(a)}
}

// meanAndHalfWidth returns the mean of x(0), ..., x(n−1) and the half width of its 95%
// interval (0 for fewer than two values), summed in order.
func meanAndHalfWidth(n int, x func(int) float64) (mean, halfWidth float64) {
	if n == 0 {
		return math.NaN(), 0
	}
	sum := 0.0
	for g := range n {
		sum += x(g)
	}
	mean = sum / float64(n)
	if n < 2 {
		return mean, 0
	}
	ss := 0.0
	for g := range n {
		d := x(g) - mean
		ss += d * d
	}
	return mean, z95 * math.Sqrt(ss/float64(n-1)/float64(n))
}

// Measurer plays a strategy on from positions of one rule set: the rollouts of a figure,
// of a comparison of options, of the look-ahead. It holds a player per worker, each with
// its own copy of the strategy; use it from one goroutine at a time. With a Cache, no
// game of a position's option is played twice, by this Measurer or by another that
// shares the cache and plays the same strategy (Who).
type Measurer struct {
	rules   *engine.Rules
	build   func() (strategies.Strategy, error)
	workers int
	players []*player
	// Cache, if not nil, keeps the games measured; Who names the strategy played in it
	// (its name and what its play depends on), so that a cache may be shared.
	Cache *Cache
	Who   string
	// Horizon, if above 0, truncates the games (player.horizon).
	Horizon int
	out     Measurement
}

// NewMeasurer returns a Measurer of the strategy that build makes (a copy per worker),
// on rules, playing with workers goroutines (0: one per CPU).
func NewMeasurer(rules *engine.Rules, build func() (strategies.Strategy, error), workers int) *Measurer {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &Measurer{rules: rules, build: build, workers: workers}
}

// grow makes players up to n.
func (m *Measurer) grow(n int) error {
	for len(m.players) < n {
		st, err := m.build()
		if err != nil {
			return err
		}
		pl := newPlayer(st, m.rules)
		pl.horizon = m.Horizon
		m.players = append(m.players, pl)
	}
	return nil
}

// Measure plays games games (rounded up to whole chunks) on from position p after each
// option of opts, every option on the same dice, and returns what they say. The
// Measurement is the Measurer's own, valid until its next Measure.
func (m *Measurer) Measure(p *Position, opts []Option, games int) (*Measurement, error) {
	return m.MeasureEach(p, opts, func(int) int { return games })
}

// MeasureEach is Measure with games(i) games after option i (rounded up to whole chunks):
// the first games of every option on the same dice.
func (m *Measurer) MeasureEach(p *Position, opts []Option, games func(i int) int) (*Measurement, error) {
	if p.Sheet.Done() {
		return nil, fmt.Errorf("rollouts of a full sheet")
	}
	out := &m.out
	out.Options = append(out.Options[:0], opts...)
	out.Games = out.Games[:0]
	for len(out.scores) < len(opts) {
		out.scores, out.plain = append(out.scores, nil), append(out.plain, nil)
	}
	out.scores, out.plain = out.scores[:len(opts)], out.plain[:len(opts)]
	seed := p.Seed()
	for i, o := range opts {
		n := max(1, (games(i)+Chunk-1)/Chunk) * Chunk
		out.Games = append(out.Games, n)
		if m.Cache == nil {
			out.scores[i], out.plain[i] = grow(out.scores[i][:0], n), grow(out.plain[i][:0], n)
			if err := m.play(p, o, seed, 0, out.scores[i], out.plain[i]); err != nil {
				return nil, err
			}
			continue
		}
		it := m.Cache.item(m.key(p, o))
		it.mu.Lock()
		if have := len(it.scores); have < n {
			it.scores, it.plain = grow(it.scores, n), grow(it.plain, n)
			if err := m.play(p, o, seed, have/Chunk, it.scores[have:], it.plain[have:]); err != nil {
				it.scores, it.plain = it.scores[:have], it.plain[:have]
				it.mu.Unlock()
				return nil, err
			}
			m.Cache.grew(it, n-have)
		}
		out.scores[i] = append(out.scores[i][:0], it.scores[:n]...)
		out.plain[i] = append(out.plain[i][:0], it.plain[:n]...)
		it.mu.Unlock()
	}
	return out, nil
}

// grow returns xs extended to length n.
func grow(xs []float64, n int) []float64 {
	if cap(xs) < n {
		ys := make([]float64, len(xs), n)
		copy(ys, xs)
		xs = ys
	}
	return xs[:n]
}

// key is what the cache knows the games of option o at position p by.
func (m *Measurer) key(p *Position, o Option) cacheKey {
	k := cacheKey{who: m.Who, sheet: *p.Sheet, used: p.Used, opt: o}
	if p.Used > 0 {
		k.roll = p.Roll
	}
	return k
}

// play plays the games of option o at position p from chunk first on, as many as scores
// holds (whole chunks), on the dice of seed: the corrected scores into scores, the final
// ones into plain.
func (m *Measurer) play(p *Position, o Option, seed uint64, first int, scores, plain []float64) error {
	chunks := len(scores) / Chunk
	workers := min(m.workers, chunks)
	if err := m.grow(max(1, workers)); err != nil {
		return err
	}
	if workers <= 1 {
		for c := range chunks {
			m.players[0].chunk(p, o, seed, first, c, scores, plain)
		}
		return nil
	}
	next := make(chan int, chunks)
	for c := range chunks {
		next <- c
	}
	close(next)
	var wg sync.WaitGroup
	for _, pl := range m.players[:workers] {
		wg.Go(func() {
			for c := range next {
				pl.chunk(p, o, seed, first, c, scores, plain)
			}
		})
	}
	wg.Wait()
	return nil
}
