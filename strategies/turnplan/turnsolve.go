package turnplan

import "yams/engine"

// turnSolver plans a turn whose every roll number after the first has the same worth of
// stopping, as engine.TurnPlan does and with the very same decisions, but cheaper where
// a plan from scratch spends most of its time: the best keep of each roll. TurnPlan scans
// every sub-keep of every roll (4,368 in all) at every roll number; the solver finds the
// best sub-keep of every keep from those of its keeps with one die fewer (1,200 or so
// comparisons), the order of keeps breaking ties as TurnPlan's scan does. The expected
// worth of the keeps is TurnPlan's recurrence, one die at a time, in the same order of
// operations: the numbers are equal to the last bit.
type turnSolver struct {
	ev    [engine.NumKeeps]float64
	bestV [engine.NumKeeps]float64
	bestK [engine.NumKeeps]engine.Keep
	value [engine.NumRolls]float64
}

// links is what the solver reads of the keeps, built once.
var links = newKeepLinks()

type keepLinks struct {
	// partial lists the keeps of fewer than five dice by decreasing size: the order of
	// the expectation, since a keep's worth is the mean of those with one die more.
	partial []engine.Keep
	// up[k] are the keeps with one more die, by face: ev[k] is their mean.
	up [engine.NumKeeps][engine.NumFaces]engine.Keep
	// down[k][:ndown[k]] are the distinct keeps with one die fewer.
	down  [engine.NumKeeps][engine.NumDice]engine.Keep
	ndown [engine.NumKeeps]uint8
	// rank[k] is k's place in the order of engine.SubKeeps (more dice first, then by
	// index): the first best sub-keep in that order is the one of lowest rank.
	rank [engine.NumKeeps]int32
	// bySize lists every keep by increasing size, the order of the best sub-keeps.
	bySize []engine.Keep
}

func newKeepLinks() *keepLinks {
	g := &keepLinks{}
	for size := engine.NumDice; size >= 0; size-- {
		for k := range engine.Keep(engine.NumKeeps) {
			if k.Size() != size {
				continue
			}
			if size < engine.NumDice {
				g.partial = append(g.partial, k)
				for f := range engine.NumFaces {
					g.up[k][f] = k.Add(f + 1)
				}
			}
			g.rank[k] = int32((engine.NumDice-size)*engine.NumKeeps) + int32(k)
		}
	}
	for size := range engine.NumDice + 1 {
		for k := range engine.Keep(engine.NumKeeps) {
			if k.Size() == size {
				g.bySize = append(g.bySize, k)
			}
		}
	}
	for k := range engine.Keep(engine.NumKeeps) {
		counts := k.Counts()
		for f := range engine.NumFaces {
			if counts[f] == 0 {
				continue
			}
			var dice []int
			for ff := range engine.NumFaces {
				n := int(counts[ff])
				if ff == f {
					n--
				}
				for range n {
					dice = append(dice, ff+1)
				}
			}
			d, _ := engine.KeepOf(dice)
			g.down[k][g.ndown[k]] = d
			g.ndown[k]++
		}
	}
	return g
}

// expect sets ev to the expected worth of every keep when the missing dice are rolled and
// the result is worth next, as engine.TurnPlan does it.
func (s *turnSolver) expect(next *[engine.NumRolls]float64) {
	g := links
	for r := range engine.Roll(engine.NumRolls) {
		s.ev[r.Keep()] = next[r]
	}
	for _, k := range g.partial {
		a := &g.up[k]
		s.ev[k] = (s.ev[a[0]] + s.ev[a[1]] + s.ev[a[2]] + s.ev[a[3]] + s.ev[a[4]] + s.ev[a[5]]) * (1.0 / 6)
	}
}

// bestRerolls sets, for every keep, the best of its sub-keeps (itself included): the
// highest expected worth, the lowest rank among equals. For a roll the keep of all five
// dice is left out: bestV and bestK of a roll are its best reroll.
func (s *turnSolver) bestRerolls() {
	g := links
	for _, k := range g.bySize {
		v, bk := s.ev[k], k
		down := g.down[k][:g.ndown[k]]
		if k.IsRoll() {
			v, bk = s.bestV[down[0]], s.bestK[down[0]]
			down = down[1:]
		}
		for _, d := range down {
			if dv, dk := s.bestV[d], s.bestK[d]; dv > v || dv == v && g.rank[dk] < g.rank[bk] {
				v, bk = dv, dk
			}
		}
		s.bestV[k], s.bestK[k] = v, bk
	}
}

// solve plans a turn of rolls rolls whose worth of stopping after any roll but the
// first is stop. It writes keeps[r*(rolls-1)+u], the keep mask of roll r after roll
// u+1. With firstEV nil the worth of stopping after the first roll is stop too;
// otherwise the first roll's keeps are the best rerolls and firstEV their expected
// worth, to be weighed against the worth of stopping when the roll is known.
func (s *turnSolver) solve(stop *[engine.NumRolls]float64, rolls int, keeps []uint8, firstEV []float64) {
	levels := rolls - 1
	next := stop
	for u := levels - 1; u >= 0; u-- {
		s.expect(next)
		s.bestRerolls()
		for r := range engine.Roll(engine.NumRolls) {
			k := r.Keep()
			v, bk := s.bestV[k], s.bestK[k]
			if u == 0 && firstEV != nil {
				keeps[int(r)*levels] = r.MaskOf(bk)
				firstEV[r] = v
				continue
			}
			if !(v > stop[r]) {
				v, bk = stop[r], k
			}
			keeps[int(r)*levels+u] = r.MaskOf(bk)
			s.value[r] = v
		}
		next = &s.value
	}
}

// TurnSolver plans a turn for any worth of ending it, with engine.TurnPlan's decisions
// and its ties (stop first, then more dice, then the lower keep), at a fraction of its
// cost: the solver the heuristics plan with, for strategies of other packages. The keeps
// after the first roll are decided only for the roll a turn throws (Keep): the turn's one
// first roll needs neither the best reroll of the 251 others nor the pass that finds them.
// Its zero value is ready; it is about 40 KB: build one per worker and reuse it.
type TurnSolver struct {
	s     turnSolver
	rolls int
	sec   bool
	first [engine.NumRolls]float64
	stop  *[engine.NumRolls]float64
	keeps [engine.NumRolls * (engine.MaxRollsPerTurn - 1)]uint8
}

// Plan plans a turn of rolls rolls in which ending the turn with roll r is worth first[r]
// after the first roll and stop[r] after any later one (they differ when a column takes
// first rolls only; pass the same array otherwise). stop must not change until the turn
// is over.
func (t *TurnSolver) Plan(first, stop *[engine.NumRolls]float64, rolls int) {
	t.rolls, t.sec, t.stop = rolls, first != stop, stop
	if t.sec {
		t.first = *first
	}
	levels := rolls - 1
	if levels <= 0 {
		return
	}
	s := &t.s
	next := stop
	for u := levels - 1; u >= 1; u-- {
		s.expect(next)
		s.bestRerolls()
		for r := range engine.Roll(engine.NumRolls) {
			k := r.Keep()
			v, bk := s.bestV[k], s.bestK[k]
			if !(v > stop[r]) {
				v, bk = stop[r], k
			}
			t.keeps[int(r)*levels+u] = r.MaskOf(bk)
			s.value[r] = v
		}
		next = &s.value
	}
	s.expect(next) // s.ev: the keeps after the first roll, which Keep reads
}

// FirstKeeps sets keeps[r] to what Keep(r, rolls−1) returns for every first roll r, at
// the cost of one pass over the keeps (the best sub-keep of every keep, found from those
// with one die fewer) rather than a scan of each roll's sub-keeps: for a strategy that
// works its whole turn out, as the rollouts' control variate does.
func (t *TurnSolver) FirstKeeps(keeps *[engine.NumRolls]engine.Keep) {
	if t.rolls <= 1 {
		for r := range engine.Roll(engine.NumRolls) {
			keeps[r] = r.Keep()
		}
		return
	}
	s := &t.s
	s.bestRerolls() // from s.ev, the keeps after the first roll
	stop := t.stop
	if t.sec {
		stop = &t.first
	}
	for r := range engine.Roll(engine.NumRolls) {
		k := r.Keep()
		if bk := s.bestK[k]; s.bestV[k] > stop[r] {
			k = bk
		}
		keeps[r] = k
	}
}

// Keep returns the planned keep of roll r with rollsLeft rerolls left: r.Keep() (the
// whole roll) to stop.
func (t *TurnSolver) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	levels := t.rolls - 1
	u := levels - rollsLeft
	if u > 0 {
		return r.Held(t.keeps[int(r)*levels+u])
	}
	// The first roll: its best reroll, the first of the best in the order of
	// engine.SubKeeps (more dice first, then the lower index), against stopping.
	subs, ev := engine.SubKeeps(r), &t.s.ev
	best, bk := ev[subs[1]], subs[1]
	for _, k := range subs[2:] {
		if v := ev[k]; v > best {
			best, bk = v, k
		}
	}
	stop := t.stop[r]
	if t.sec {
		stop = t.first[r]
	}
	if !(best > stop) {
		return r.Keep()
	}
	return bk
}

// Expected returns the expected worth of the turn planned, over its first roll: what a
// turn played by the plan's keeps ends with, on average.
func (t *TurnSolver) Expected() float64 {
	stopFirst := t.stop
	if t.sec {
		stopFirst = &t.first
	}
	e := 0.0
	if t.rolls <= 1 {
		for r := range engine.Roll(engine.NumRolls) {
			e += r.Probability() * stopFirst[r]
		}
		return e
	}
	// The best reroll of every first roll at once (the best sub-keep of every keep, from
	// those with one die fewer), rather than a scan of each roll's sub-keeps.
	s := &t.s
	s.bestRerolls()
	for r := range engine.Roll(engine.NumRolls) {
		e += r.Probability() * max(stopFirst[r], s.bestV[r.Keep()])
	}
	return e
}
