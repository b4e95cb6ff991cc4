package columns

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/widget"
)

// A position's figure is measured by rollouts: column-tables plays games on from the
// position, on fresh dice, and the figure is the mean of their scores, each less a control
// variate that takes most of the dice's luck out.
//
// The control variate: h is column-tables's own value of a sheet (the points scored, the
// columns' values and what its flexTable adds); at the start of each turn the rollout works
// out, by a backward pass over the turn's dice, the expectation of h at the turn's end
// when column-tables makes the decisions it makes (not the best ones: the decisions it
// plays). The game's score less, for every turn, h at its end minus that expectation has
// the score's expectation whatever h is (each term has mean zero given the turn's start),
// and far less spread, the better h follows the game.

// rolloutChunk is the games of one draw of dice: the chunks' sums add in their order,
// so that a figure does not depend on the workers.
const rolloutChunk = 16

// DefaultEstimateGames is the games played on from a position for its figure.
const DefaultEstimateGames = 512

// Figure is the measured expected final score of column-tables playing on from a
// position: the mean of the corrected scores of Games games, and the half width of its
// 95% interval.
type Figure struct {
	Mean, HalfWidth float64
	Games           int
}

// rollout plays column-tables on from positions and scores its games with the control
// variate. One per goroutine.
type rollout struct {
	ct    *columnTables
	sheet engine.Sheet
	// stopH[u][r] is h after the box column-tables chooses for roll r after u rolls;
	// pe[u][r] the expectation of h at the turn's end from roll r after u rolls under its
	// decisions, evH[u][k] that of keeping k after u rolls.
	stopH [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	pe    [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	evH   [engine.MaxRollsPerTurn][widget.NumKeeps]float64
}

func newRollout(d *columnData) *rollout { return &rollout{ct: newColumnTablesOf(d, d.flex)} }

// potential returns h of the sheet column-tables has planned (ct.plan), and the cell of
// its count of open boxes (−1 without a flexTable).
func (ct *columnTables) potential(sh *engine.Sheet) (h float64, here int) {
	h = analysis.SolverPoints(sh)
	var open [engine.MaxColumns]int
	for c := range ct.cols {
		p := &ct.cols[c]
		h += p.t.Values[p.state]
		open[c] = ct.nb - bits.OnesCount32(p.mask)
	}
	here = -1
	if ft := ct.flex; ft != nil {
		here = ft.cell(open[:len(ct.cols)])
		h += ft.smooth(here)
	}
	return h, here
}

// smooth returns the value of a cell for the control variate: its own if trusted, else
// the mean of the trusted cells with as many boxes open in all. A game that leaves the
// trusted cells then moves h by what the count of its boxes says, not by the whole of
// what the choice among columns adds (about 230 points at the start of the family
// sheet), which would put that jump into the spread of the corrected scores.
func (ft *flexTable) smooth(cell int) float64 {
	if ft.ok[cell] {
		return ft.v[cell]
	}
	ft.fallbackOnce.Do(func() {
		sum := make([]float64, ft.cols*(ft.radix-1)+1)
		n := make([]int, len(sum))
		for i, ok := range ft.ok {
			if ok {
				o := ft.totalOpen(i)
				sum[o] += ft.v[i]
				n[o]++
			}
		}
		ft.fallback = make([]float64, len(sum))
		for o := range sum {
			if n[o] > 0 {
				ft.fallback[o] = sum[o] / float64(n[o])
			}
		}
	})
	return ft.fallback[ft.totalOpen(cell)]
}

// totalOpen returns the boxes open in all the columns of a cell.
func (ft *flexTable) totalOpen(cell int) int {
	total := 0
	for range ft.cols {
		total += cell % ft.radix
		cell /= ft.radix
	}
	return total
}

// boxGain returns what scoring roll r in box id changes in h, from the sheet planned
// whose flexTable cell is here.
func (ct *columnTables) boxGain(id engine.BoxID, r engine.Roll, here int) float64 {
	c, b := int(id)/ct.nb, int(id)%ct.nb
	p := &ct.cols[c]
	mask, u, f := p.sp.Split(p.state)
	x := p.sp.Apply(mask, u, f, b, r)
	gain := float64(x.Reward) + p.t.Values[x.Next] - p.t.Values[p.state]
	if ft := ct.flex; ft != nil {
		gain += ft.smooth(here-pow(ft.radix, c)) - ft.smooth(here)
	}
	return gain
}

// evaluate works out stopH and pe for the turn of sheet sh under column-tables's
// decisions, and returns the expectation of h at the turn's end from its start.
func (rp *rollout) evaluate(sh *engine.Sheet) float64 {
	ct := rp.ct
	ct.plan(sh)
	h, here := ct.potential(sh)
	rolls := ct.rolls
	for u := 1; u <= rolls; u++ {
		worth := &ct.later
		if u == 1 && ct.anySec {
			worth = &ct.first
		}
		for r := range engine.Roll(widget.NumRolls) {
			x := h // no box takes the roll (only "sec" columns are open): never reached
			if !math.IsInf(worth[r], -1) {
				x += ct.boxGain(ct.Box(sh, r, u), r, here)
			}
			rp.stopH[u][r], rp.pe[u][r] = x, x
		}
	}
	for u := rolls - 1; u >= 1; u-- {
		ev := &rp.evH[u]
		keepValues(ev, &rp.pe[u+1])
		for r := range engine.Roll(widget.NumRolls) {
			if sh.Legal(r, u+1) == 0 {
				continue
			}
			if k := ct.Keep(sh, r, rolls-u); k != r.Keep() {
				rp.pe[u][r] = ev[k]
			}
		}
	}
	x := 0.0
	for r, q := range widget.RollProb {
		x += q * rp.pe[1][r]
	}
	return x
}

// play plays a game on from roll r after used rolls of sheet s (used 0: the turn's start,
// its first roll not thrown) on dice g, and returns its score and its corrected score.
func (rp *rollout) play(s *engine.Sheet, r engine.Roll, used int, g *rand.PCG) (score, corrected float64) {
	ct := rp.ct
	sh := &rp.sheet
	*sh = *s
	luck := 0.0
	for !sh.Done() {
		e := rp.evaluate(sh)
		if used == 0 {
			r, used = engine.Throw(g), 1
		} else {
			e = rp.pe[used][r]
		}
		for used < ct.rolls && sh.Legal(r, used+1) != 0 {
			k := ct.Keep(sh, r, ct.rolls-used)
			if k == r.Keep() {
				break
			}
			r, used = engine.Reroll(g, k), used+1
		}
		luck += rp.stopH[used][r] - e
		sh.Fill(ct.Box(sh, r, used), r)
		used = 0
	}
	score = float64(sh.Total())
	return score, score - luck
}

// rollouts measures the figure of roll r after used rolls of sheet s (used 0: the turn's
// start): games games (rounded up to whole chunks) on dice drawn from a hash of the
// position, played by workers goroutines (0: one per CPU) from the rollouts of players,
// which it extends as needed.
func rollouts(d *columnData, players *[]*rollout, s *engine.Sheet, r engine.Roll, used, games, workers int) Figure {
	chunks := max(1, (games+rolloutChunk-1)/rolloutChunk)
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, chunks)
	for len(*players) < workers {
		*players = append(*players, newRollout(d))
	}
	seed := positionSeed(s, r, used)
	sums := make([][2]float64, chunks)
	next := make(chan int, chunks)
	for i := range chunks {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for _, rp := range (*players)[:workers] {
		wg.Go(func() {
			for i := range next {
				g := rand.NewPCG(seed, uint64(i))
				var sum, sq float64
				for range rolloutChunk {
					_, x := rp.play(s, r, used, g)
					sum += x
					sq += x * x
				}
				sums[i] = [2]float64{sum, sq}
			}
		})
	}
	wg.Wait()
	var sum, sq float64
	for _, x := range sums {
		sum += x[0]
		sq += x[1]
	}
	n := float64(chunks * rolloutChunk)
	mean := sum / n
	sd := math.Sqrt(max(0, (sq-n*mean*mean)/(n-1)))
	return Figure{Mean: mean, HalfWidth: 1.959964 * sd / math.Sqrt(n), Games: chunks * rolloutChunk}
}

// positionSeed returns the seed of the dice of the games played on from a position: a
// hash of the sheet's boxes, its extra bonuses, the roll and the rolls thrown.
func positionSeed(s *engine.Sheet, r engine.Roll, used int) uint64 {
	h := uint64(0xcbf29ce484222325)
	mix := func(x uint64) {
		h ^= x
		h *= 0x100000001b3
		h ^= h >> 29
	}
	mix(s.FilledMask())
	for id := range engine.BoxID(s.Rules().NumSlots()) {
		if s.Filled(id) {
			mix(uint64(s.Score(id)))
		}
	}
	mix(uint64(s.ExtraBonuses()))
	mix(uint64(r))
	mix(uint64(used))
	return h
}
