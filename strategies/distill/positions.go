package distill

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/rulefile"
)

// The learner's data: a sample of the turn-start states the current rules reach, drawn
// from their exact probabilities, and every position of each sampled turn (each roll
// after each roll number, as a keep or a box decision) with its exact probability under
// the current rules, the decision of the current rules and of every action of the
// vocabulary, the cost of each against the best option (analysis.Evaluator), and the atoms
// that hold there.

// sample is a sampled turn-start state.
type sample struct {
	state int     // its number in the reach
	w     float64 // the probability its turn stands for: the samples of a turn add up to 1
	bits  bitset  // its state atoms
	// cost is the expected cost of the turn's decisions under the current rules (the
	// positions' costs weighed by their probability within the turn).
	cost float64
}

// position is a decision of a sampled turn: the keep after roll u+1 (u < rolls−1) or the
// box after roll u+1, for a roll. Positions are stored by sample, then roll number, then
// roll (data.keepAt, data.boxAt), every roll whether the current rules reach it or not.
type position struct {
	w    float32 // its probability under the current rules, times its sample's weight
	cur  uint16  // the cost of the current decision, as costs store it
	d    uint8   // the current rule of its kind that decides it
	pick uint8   // the current decision: a keep as a mask of the roll's dice, or a box
}

// noPick marks an action that does not apply at a position.
const noPick = 0xff

// data is the positions of a sample, keep decisions and box decisions apart.
type data struct {
	samples []sample
	rolls   int
	nact    [2]int
	pos     [2][]position
	// costs[k][i*nact[k]+a] is the cost of action a at position i of kind k, in
	// 1/costScale of a point, and picks[k][i*nact[k]+a] its decision (noPick where it
	// does not apply: the cost is then noCost).
	costs [2][]uint16
	picks [2][]uint8
	// mixed[s*NumRolls+r] are the mixed atoms of sample s at roll r; diceBits[r] the atoms
	// of the dice and levelBits[l] those of the rolls left at level l (keeps 0 to rolls−2,
	// then boxes).
	mixed     []uint64
	diceBits  [engine.NumRolls]bitset
	levelBits []bitset
}

// levels returns the roll numbers of positions of kind k: the keeps' and the boxes'.
func (dt *data) levels(k int) int { return dt.rolls - 1 + k }

// at returns the index of the position of kind k of sample s at roll number u and roll r.
func (dt *data) at(k, s, u int, r engine.Roll) int {
	return (s*dt.levels(k)+u)*engine.NumRolls + int(r)
}

// where returns the sample, roll number and roll of position i of kind k.
func (dt *data) where(k, i int) (s, u int, r engine.Roll) {
	r = engine.Roll(i % engine.NumRolls)
	i /= engine.NumRolls
	return i / dt.levels(k), i % dt.levels(k), r
}

// level returns the row of levelBits of roll number u of kind k.
func (dt *data) level(k, u int) int { return k*(dt.rolls-1) + u }

// upKeeps are the keeps of fewer than five dice, by increasing size: the order in which
// the probability of a keep spreads to the keeps of one more die.
var upKeeps = func() []engine.Keep {
	var ks []engine.Keep
	for size := range engine.NumDice {
		for k := range engine.Keep(engine.NumKeeps) {
			if k.Size() == size {
				ks = append(ks, k)
			}
		}
	}
	return ks
}()

// reroll spreads the probability of each keep, q, over the rolls it leads to: mass[r]
// is the probability of roll r after the reroll. It empties q.
func reroll(q *[engine.NumKeeps]float64, mass *[engine.NumRolls]float64) {
	for _, k := range upKeeps {
		if x := q[k]; x != 0 {
			x /= 6
			for f := 1; f <= 6; f++ {
				q[k.Add(f)] += x
			}
			q[k] = 0
		}
	}
	for r := range engine.Roll(engine.NumRolls) {
		k := r.Keep()
		mass[r], q[k] = q[k], 0
	}
}

// sampleStates draws about k states of each turn from the reach, by systematic sampling of
// each turn's probabilities (a state of probability p is drawn about p·k times; those
// drawn several times weigh as many), the offsets from seed.
func sampleStates(turns [][]analysis.Reached, k int, seed uint64) []sample {
	var out []sample
	for t, states := range turns {
		if len(states) == 0 {
			continue
		}
		step := 1 / float64(k)
		u := step * unitFloat(splitmix(seed^uint64(t+1)*0x9e3779b97f4a7c15))
		cum := 0.0
		for _, s := range states {
			cum += s.P
			n := 0
			for u < cum && n < k {
				n++
				u += step
			}
			if n > 0 {
				out = append(out, sample{state: s.State, w: float64(n) * step})
			}
		}
	}
	return out
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func unitFloat(x uint64) float64 { return float64(x>>11) / (1 << 53) }

// bytesPerSample is what data holds for a sample: its positions and their actions.
func bytesPerSample(rolls int, nact [2]int) int64 {
	per := int64(0)
	for k := range 2 {
		per += int64(rolls-1+k) * engine.NumRolls * (8 + 3*int64(nact[k]))
	}
	return per + 8*engine.NumRolls + 64
}

// build works out the positions of every sample under program prog, on every worker.
func (l *learner) build(prog *rulefile.Program, samples []sample) (*data, error) {
	v := l.vocab
	rolls := l.rules.Rolls()
	dt := &data{samples: samples, rolls: rolls, levelBits: make([]bitset, 2*rolls-1)}
	dec := prog.NewDecider()
	dec.Start(rulefile.State{})
	for r := range engine.Roll(engine.NumRolls) {
		for _, a := range v.atoms {
			if a.kind == diceAtom && dec.Holds(a.cond, r, 0) {
				dt.diceBits[r].set(a.bit)
			}
		}
	}
	for level := range dt.levelBits {
		left := rolls - 1 - level // a keep after roll level+1
		if level >= rolls-1 {
			left = rolls - 1 - (level - (rolls - 1)) // a box after roll level−rolls+2
		}
		for _, a := range v.atoms {
			if a.kind == levelAtom && dec.Holds(a.cond, 0, left) {
				dt.levelBits[level].set(a.bit)
			}
		}
	}
	n := len(samples)
	for k := range 2 {
		dt.nact[k] = len(v.actions[k])
		size := n * dt.levels(k) * engine.NumRolls
		dt.pos[k] = make([]position, size)
		dt.costs[k] = make([]uint16, size*dt.nact[k])
		dt.picks[k] = make([]uint8, size*dt.nact[k])
	}
	dt.mixed = make([]uint64, n*engine.NumRolls)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range l.workers {
		b := &builder{dt: dt, l: l, prog: prog, ev: analysis.NewEvaluator(l.table), dec: prog.NewDecider()}
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				errs[i] = b.state(i)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return dt, nil
}

// builder works out the positions of sampled states, one per goroutine.
type builder struct {
	dt    *data
	l     *learner
	prog  *rulefile.Program
	ev    *analysis.Evaluator
	dec   *rulefile.Decider
	sheet engine.Sheet
	q     [engine.NumKeeps]float64
}

// cost converts a cost in points to what a position stores.
func cost(c float64) uint16 {
	c = max(0, c) * costScale
	if c >= maxCostRaw {
		return maxCostRaw
	}
	return uint16(math.Round(c))
}

// state works out the positions of sample i.
func (b *builder) state(i int) error {
	l, v, dt := b.l, b.l.vocab, b.dt
	s := &dt.samples[i]
	if err := l.reach.Sheet(s.state, &b.sheet); err != nil {
		return err
	}
	if err := b.ev.Start(&b.sheet); err != nil {
		return err
	}
	b.dec.Start(b.prog.StateOf(&b.sheet))
	for _, a := range v.atoms {
		if a.kind == stateAtom && b.dec.Holds(a.cond, 0, 0) {
			s.bits.set(a.bit)
		}
	}
	for r := range engine.Roll(engine.NumRolls) {
		var m uint64
		for _, a := range v.atoms {
			if a.kind == mixedAtom && b.dec.Holds(a.cond, r, 0) {
				m |= 1 << (a.bit - 64*mixedWord)
			}
		}
		dt.mixed[i*engine.NumRolls+int(r)] = m
	}
	rolls := dt.rolls
	var mass [engine.NumRolls]float64
	stops := make([][engine.NumRolls]float64, rolls)
	for r := range engine.Roll(engine.NumRolls) {
		mass[r] = r.Probability()
	}
	keeps, na := v.actions[0], dt.nact[0]
	for u := range rolls - 1 {
		left := rolls - 1 - u
		for r := range engine.Roll(engine.NumRolls) {
			m := mass[r]
			mask, d := b.dec.Keep(r, left)
			k := r.Held(mask)
			best := b.ev.BestKeepValue(r, u+1)
			x := dt.at(0, i, u, r)
			p := &dt.pos[0][x]
			*p = position{w: float32(s.w * m), cur: cost(best - b.ev.KeepValue(r, u+1, k)), d: uint8(d), pick: mask}
			s.cost += m * float64(p.cur) / costScale
			for a := range keeps {
				c, pick := uint16(noCost), uint8(noPick)
				if am, ok := b.dec.KeepOf(keeps[a].act, r, left); ok {
					c, pick = cost(best-b.ev.KeepValue(r, u+1, r.Held(am))), am
				}
				dt.costs[0][x*na+a], dt.picks[0][x*na+a] = c, pick
			}
			if m == 0 {
				continue
			}
			if k.IsRoll() {
				stops[u][r] += m
			} else {
				b.q[k] += m
			}
		}
		reroll(&b.q, &mass)
	}
	stops[rolls-1] = mass
	boxes, nb := v.actions[1], dt.nact[1]
	for u := range rolls {
		for r := range engine.Roll(engine.NumRolls) {
			m := stops[u][r]
			x := dt.at(1, i, u, r)
			p := &dt.pos[1][x]
			box, d := b.dec.Box(r, u+1)
			if box < 0 {
				// No box may take the roll (a "sec" column after the first roll): no
				// game gets there.
				*p = position{cur: noCost, pick: noPick}
				for a := range boxes {
					dt.costs[1][x*nb+a], dt.picks[1][x*nb+a] = noCost, noPick
				}
				continue
			}
			best := b.ev.BestBoxValue(r, u+1)
			*p = position{w: float32(s.w * m), cur: cost(best - b.ev.BoxValue(r, u+1, engine.BoxID(box))), d: uint8(d), pick: uint8(box)}
			s.cost += m * float64(p.cur) / costScale
			for a := range boxes {
				c, pick := uint16(noCost), uint8(noPick)
				if ab, ok := b.dec.BoxOf(boxes[a].act, r, u+1); ok {
					c, pick = cost(best-b.ev.BoxValue(r, u+1, engine.BoxID(ab))), uint8(ab)
				}
				dt.costs[1][x*nb+a], dt.picks[1][x*nb+a] = c, pick
			}
		}
	}
	return nil
}

// workersOf returns w, or one per CPU.
func workersOf(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}
