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
func (s *turnSolver) expect(next *[engine.NumRolls]float64) { expectInto(&s.ev, next) }

// expectInto is expect into ev.
func expectInto(ev *[engine.NumKeeps]float64, next *[engine.NumRolls]float64) {
	g := links
	for r := range engine.Roll(engine.NumRolls) {
		ev[r.Keep()] = next[r]
	}
	for _, k := range g.partial {
		a := &g.up[k]
		ev[k] = (ev[a[0]] + ev[a[1]] + ev[a[2]] + ev[a[3]] + ev[a[4]] + ev[a[5]]) * (1.0 / 6)
	}
}

// bestValues sets bestV as bestRerolls does, from the keeps' worth ev, without the keeps:
// the best worth is the same whichever of equals is the best keep, and a plan that
// needs the keep of one roll only finds it when the roll is thrown (bestSub). Without
// the ranks to compare it costs about half of bestRerolls.
func (s *turnSolver) bestValues(ev *[engine.NumKeeps]float64) {
	g := links
	bestV := &s.bestV
	for _, k := range g.bySize {
		v := ev[k]
		n := g.ndown[k]
		down := &g.down[k]
		i := uint8(0)
		if k.IsRoll() {
			v, i = bestV[down[0]], 1
		}
		// Without a branch on the worths, in pairs rather than in a chain.
		switch d := down[i:n]; len(d) {
		case 1:
			v = max(v, bestV[d[0]])
		case 2:
			v = max(v, max(bestV[d[0]], bestV[d[1]]))
		case 3:
			v = max(max(v, bestV[d[0]]), max(bestV[d[1]], bestV[d[2]]))
		case 4:
			v = max(max(v, bestV[d[0]]), max(max(bestV[d[1]], bestV[d[2]]), bestV[d[3]]))
		case 5:
			v = max(max(v, bestV[d[0]]), max(bestV[d[1]], bestV[d[2]]), max(bestV[d[3]], bestV[d[4]]))
		}
		bestV[k] = v
	}
}

// bestSub returns the best reroll of roll r whose keeps are worth ev, against stopping,
// worth stop: the first of the best in the order of engine.SubKeeps (more dice first,
// then the lower index), bestRerolls's order, and r.Keep() (the whole roll) when no
// reroll is worth more than stopping.
func bestSub(r engine.Roll, ev *[engine.NumKeeps]float64, stop float64) engine.Keep {
	subs := engine.SubKeeps(r)
	best, bk := ev[subs[1]], subs[1]
	for _, k := range subs[2:] {
		if v := ev[k]; v > best {
			best, bk = v, k
		}
	}
	if !(best > stop) {
		return r.Keep()
	}
	return bk
}

// bestRerolls sets, for every keep, the best of its sub-keeps (itself included): the
// highest expected worth, the lowest rank among equals. For a roll the keep of all five
// dice is left out: bestV and bestK of a roll are its best reroll.
func (s *turnSolver) bestRerolls() { s.bestRerollsOf(&s.ev) }

// bestRerollsOf is bestRerolls from the keeps' worth ev.
func (s *turnSolver) bestRerollsOf(ev *[engine.NumKeeps]float64) {
	g := links
	bestV, bestK, rank := &s.bestV, &s.bestK, &g.rank
	for _, k := range g.bySize {
		v, bk := ev[k], k
		n := g.ndown[k]
		down := &g.down[k]
		i := uint8(0)
		if k.IsRoll() {
			d := down[0]
			v, bk = bestV[d], bestK[d]
			i = 1
		}
		for ; i < n; i++ {
			d := down[i]
			if dv := bestV[d]; dv > v || dv == v && rank[bestK[d]] < rank[bk] {
				v, bk = dv, bestK[d]
			}
		}
		bestV[k], bestK[k] = v, bk
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
// cost: the solver the heuristics plan with, for strategies of other packages. A plan
// holds the worth of every keep after every roll, and the best worth of every roll, but
// a keep is decided only for the roll a turn throws (Keep): a turn throws one roll at
// each roll number and needs neither the best reroll of the 251 others nor the ranks
// that choose among equal keeps (about half the cost of a plan, which the rollouts and
// column-tables's fit spend most of their time in). Its zero value is ready; it is
// about 23 KB: build one per worker and reuse it.
type TurnSolver struct {
	s     turnSolver
	rolls int
	sec   bool
	first [engine.NumRolls]float64
	stop  *[engine.NumRolls]float64
	// later[u-1] is the worth of every keep after roll u+1 (u ≥ 1), from which Keep finds
	// the keep of the roll thrown; the first roll's are s.ev.
	later [engine.MaxRollsPerTurn - 2][engine.NumKeeps]float64
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
		ev := &t.later[u-1]
		expectInto(ev, next)
		s.bestValues(ev)
		for r := range engine.Roll(engine.NumRolls) {
			v := s.bestV[r.Keep()]
			if !(v > stop[r]) {
				v = stop[r] // stopping first among equals, as the keeps do
			}
			s.value[r] = v
		}
		next = &s.value
	}
	s.expect(next) // s.ev: the keeps after the first roll, which Keep reads
}

// Keeps sets keeps[r] to what Keep(r, rollsLeft) returns for every roll r, at the cost of
// one pass over the keeps (the best sub-keep of every keep, found from those with one die
// fewer) rather than a scan of each roll's sub-keeps: for a strategy that works its whole
// turn out, as the rollouts' control variate does.
func (t *TurnSolver) Keeps(rollsLeft int, keeps *[engine.NumRolls]engine.Keep) {
	u := t.rolls - 1 - rollsLeft
	if t.rolls <= 1 || rollsLeft < 1 || u < 0 {
		for r := range engine.Roll(engine.NumRolls) {
			keeps[r] = r.Keep()
		}
		return
	}
	s := &t.s
	ev, stop := &s.ev, t.stop
	if u > 0 {
		ev = &t.later[u-1]
	} else if t.sec {
		stop = &t.first
	}
	s.bestRerollsOf(ev)
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
	if u := t.rolls - 1 - rollsLeft; u > 0 {
		return bestSub(r, &t.later[u-1], t.stop[r])
	}
	stop := t.stop[r]
	if t.sec {
		stop = t.first[r]
	}
	return bestSub(r, &t.s.ev, stop)
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
	// The worth of the best reroll of every first roll at once (the best sub-keep of every
	// keep, from those with one die fewer), rather than a scan of each roll's sub-keeps.
	s := &t.s
	s.bestValues(&s.ev)
	for r := range engine.Roll(engine.NumRolls) {
		e += r.Probability() * max(stopFirst[r], s.bestV[r.Keep()])
	}
	return e
}
