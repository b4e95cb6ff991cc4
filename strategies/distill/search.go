package distill

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"

	"yams/engine"
)

// The search for the next rule. A rule "if A1 and A2 ... then a", inserted at place p of
// the list of its kind, changes the decision of every position its condition holds at,
// where its action applies, and that no rule before p decides: the gain of the rule is
// the sum over those positions of their probability times the cost of the current
// decision minus the cost of a's, each exact (analysis.Evaluator). The search grows
// conditions an atom at a time, keeping the best candidates (a beam), first for two
// places, the top of the list and its end (before the default), then finds the best place
// of the best candidates.
//
// The gains of every one-atom condition of every action are sums over the positions where
// the atom holds; an atom reads the roll, the state, the rolls left or both, so the gains
// are first summed by roll, by state and by roll number, then by atom: a pass over the
// positions costs a few additions per action, not per atom.

// candidate is a rule the search considers.
type candidate struct {
	kind  int
	atoms []int // in the vocabulary
	act   int   // in the vocabulary's actions of the kind
	slot  int   // 0: the top of the list; 1: its end, before the default
	// place is where the rule goes among the rules of its kind (after placing); def marks
	// the replacement of the default (no atoms, at the end).
	place int
	gain  float64
	// potential is the gain of the positions where the rule would help, the most a
	// longer condition could gain.
	potential float64
}

// gains sums the gains of one action by what atoms read, for the two slots.
type gains struct {
	dice  [][2]float64 // by roll
	state [][2]float64 // by sample
	level [][2]float64 // by level
	mixed [maxMixed][2]float64
	total [2]float64
	// pos are the sums of the positive gains only, the same way.
	pos *gains
}

func newGains(samples, levels int, positive bool) *gains {
	g := &gains{dice: make([][2]float64, 256), state: make([][2]float64, samples), level: make([][2]float64, levels)}
	if positive {
		g.pos = newGains(samples, levels, false)
	}
	return g
}

// add adds gain x of position i of kind k, to both slots if slot1.
func (g *gains) add(dt *data, k, i int, slot1 bool, x float64) {
	s, u, r := dt.where(k, i)
	l := dt.level(k, u)
	mixed := dt.mixed[s*engine.NumRolls+int(r)]
	for slot := range 2 {
		if slot == 1 && !slot1 {
			break
		}
		g.dice[r][slot] += x
		g.state[s][slot] += x
		g.level[l][slot] += x
		g.total[slot] += x
		for m := mixed; m != 0; m &= m - 1 {
			g.mixed[bits.TrailingZeros64(m)][slot] += x
		}
	}
}

// of returns the gain of atom a in a slot.
func (g *gains) of(dt *data, a *atom, slot int) float64 {
	sum := 0.0
	switch a.kind {
	case diceAtom:
		for r := range dt.diceBits {
			if dt.diceBits[r].has(a.bit) {
				sum += g.dice[r][slot]
			}
		}
	case stateAtom:
		for s := range dt.samples {
			if dt.samples[s].bits.has(a.bit) {
				sum += g.state[s][slot]
			}
		}
	case levelAtom:
		for l := range dt.levelBits {
			if dt.levelBits[l].has(a.bit) {
				sum += g.level[l][slot]
			}
		}
	default:
		sum = g.mixed[a.bit-64*mixedWord][slot]
	}
	return sum
}

// gainAt is the gain of action a of a position, in points times its probability; zero
// where the action does not apply or decides as the current rules do.
func (dt *data) gainAt(k, i, a int) float64 {
	p := &dt.pos[k][i]
	if p.w == 0 {
		return 0
	}
	c := dt.costs[k][i*dt.nact[k]+a]
	if c == noCost || c == p.cur {
		return 0
	}
	return float64(p.w) * float64(int(p.cur)-int(c)) / costScale
}

// bits returns the atoms that hold at position i of kind k.
func (dt *data) bits(k, i int) bitset {
	s, u, r := dt.where(k, i)
	b := dt.diceBits[r]
	b.or(&dt.samples[s].bits)
	b.or(&dt.levelBits[dt.level(k, u)])
	b[mixedWord] |= dt.mixed[s*engine.NumRolls+int(r)]
	return b
}

// holds reports whether every atom of a condition is in b.
func (v *vocabulary) holds(b *bitset, atoms []int) bool {
	for _, a := range atoms {
		if !b.has(v.atoms[a].bit) {
			return false
		}
	}
	return true
}

// search finds the best rule to add to the current rules (nrules[k] rules of kind k
// before their defaults), and the best change of a default.
func (l *learner) search(dt *data, nrules [2]int) []candidate {
	var all []candidate
	var mu sync.Mutex
	var wg sync.WaitGroup
	for k := range 2 {
		nact := dt.nact[k]
		// Level 1: every action, every atom, both slots.
		accs := make([]*gains, nact)
		sem := make(chan struct{}, l.workers)
		for a := range nact {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				g := newGains(len(dt.samples), len(dt.levelBits), true)
				for i := range dt.pos[k] {
					x := dt.gainAt(k, i, a)
					if x == 0 {
						continue
					}
					slot1 := int(dt.pos[k][i].d) >= nrules[k]
					g.add(dt, k, i, slot1, x)
					if x > 0 {
						g.pos.add(dt, k, i, slot1, x)
					}
				}
				accs[a] = g
			})
		}
		wg.Wait()
		var level1 []candidate
		for a, g := range accs {
			// Replacing the default: the action alone, at the end.
			all = append(all, candidate{kind: k, act: a, slot: 1, gain: g.total[1], place: -1})
			for i := range l.vocab.atoms {
				at := &l.vocab.atoms[i]
				for slot := range 2 {
					level1 = append(level1, candidate{kind: k, atoms: []int{i}, act: a, slot: slot,
						gain: g.of(dt, at, slot) - at.penalty, potential: g.pos.of(dt, at, slot)})
				}
			}
		}
		frontier := level1
		found := slices.Clone(level1)
		for range maxAtoms - 1 {
			beam := l.beam(frontier)
			next := make([][]candidate, len(beam))
			for bi := range beam {
				sem <- struct{}{}
				wg.Go(func() {
					defer func() { <-sem }()
					next[bi] = l.grow(dt, k, nrules[k], beam[bi])
				})
			}
			wg.Wait()
			frontier = frontier[:0:0]
			for _, n := range next {
				frontier = append(frontier, n...)
			}
			found = append(found, frontier...)
		}
		// The best candidates, placed.
		slices.SortFunc(found, func(a, b candidate) int { return cmp.Compare(b.gain, a.gain) })
		found = dedupe(found)
		best := found[:min(len(found), placed)]
		for bi := range best {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				l.place(dt, &best[bi], nrules[k])
			})
		}
		wg.Wait()
		mu.Lock()
		all = append(all, best...)
		mu.Unlock()
	}
	// Ties go to the shorter condition, then to the earlier action.
	slices.SortStableFunc(all, func(a, b candidate) int {
		if c := cmp.Compare(b.gain, a.gain); c != 0 {
			return c
		}
		return cmp.Compare(len(a.atoms), len(b.atoms))
	})
	return all
}

// The sizes of the search: the candidates a beam keeps at each growth, the best kept by
// gain and as many by potential, and the candidates placed at every place of the list.
const (
	beamWidth = 24
	placed    = 48
)

// beam returns the candidates to grow: the best by gain and the best by potential.
func (l *learner) beam(cs []candidate) []candidate {
	byGain := slices.Clone(cs)
	slices.SortFunc(byGain, func(a, b candidate) int { return cmp.Compare(b.gain, a.gain) })
	byPot := slices.Clone(cs)
	slices.SortFunc(byPot, func(a, b candidate) int { return cmp.Compare(b.potential, a.potential) })
	out := dedupe(append(byGain[:min(beamWidth, len(byGain))], byPot[:min(beamWidth, len(byPot))]...))
	return slices.DeleteFunc(out, func(c candidate) bool { return c.potential <= 0 })
}

// dedupe drops the candidates that repeat an earlier one (the same atoms in any order,
// action and slot).
func dedupe(cs []candidate) []candidate {
	seen := map[string]bool{}
	out := cs[:0:0]
	for _, c := range cs {
		atoms := slices.Clone(c.atoms)
		slices.Sort(atoms)
		key := string(rune(c.act)) + string(rune(c.slot)) + string(rune(c.kind))
		for _, a := range atoms {
			key += string(rune(a + 1))
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, c)
		}
	}
	return out
}

// grow adds one atom to a candidate's condition: every atom, with its gains.
func (l *learner) grow(dt *data, k, nrules int, c candidate) []candidate {
	g := newGains(len(dt.samples), len(dt.levelBits), true)
	for i := range dt.pos[k] {
		if c.slot == 1 && int(dt.pos[k][i].d) < nrules {
			continue
		}
		x := dt.gainAt(k, i, c.act)
		if x == 0 {
			continue
		}
		b := dt.bits(k, i)
		if !l.vocab.holds(&b, c.atoms) {
			continue
		}
		// Slot 0 of g takes the candidate's slot: sums are read from slot 0.
		g.add(dt, k, i, false, x)
		if x > 0 {
			g.pos.add(dt, k, i, false, x)
		}
	}
	var out []candidate
	for i := range l.vocab.atoms {
		if slices.Contains(c.atoms, i) {
			continue
		}
		at := &l.vocab.atoms[i]
		out = append(out, candidate{kind: k, atoms: append(slices.Clone(c.atoms), i), act: c.act, slot: c.slot,
			gain: g.of(dt, at, 0) - l.vocab.penalty(c.atoms) - at.penalty, potential: g.pos.of(dt, at, 0)})
	}
	return out
}

// place finds the best place of a candidate in the list of its kind: the gain of
// inserting it before rule p is the sum over the positions decided by rule p or a later
// one.
func (l *learner) place(dt *data, c *candidate, nrules int) {
	byRule := make([]float64, 256)
	for i := range dt.pos[c.kind] {
		x := dt.gainAt(c.kind, i, c.act)
		if x == 0 {
			continue
		}
		b := dt.bits(c.kind, i)
		if l.vocab.holds(&b, c.atoms) {
			byRule[dt.pos[c.kind][i].d] += x
		}
	}
	// Suffix sums: the gain at place p. The default stays last: p ≤ nrules.
	for d := len(byRule) - 2; d >= 0; d-- {
		byRule[d] += byRule[d+1]
	}
	c.place, c.gain = 0, byRule[0]
	for p := 1; p <= nrules; p++ {
		if byRule[p] > c.gain {
			c.place, c.gain = p, byRule[p]
		}
	}
	if c.kind == 0 {
		// A keep changes where the turn goes: the positions after it within the turn are
		// weighed by where the new keeps lead, exactly.
		c.gain = l.turnGain(dt, c)
	}
	c.gain -= l.vocab.penalty(c.atoms)
}

// turnGain is the gain of a keep rule within the turns of the sample: the expected cost of
// each turn's decisions under the current rules minus that with the rule, its keeps
// leading the turn where they do (the decisions after them those of the current rules).
func (l *learner) turnGain(dt *data, c *candidate) float64 {
	na := dt.nact[0]
	// decide returns the keep of position x with the rule, and its cost.
	decide := func(x int) (uint8, uint16) {
		p := &dt.pos[0][x]
		if int(p.d) >= c.place {
			if pk := dt.picks[0][x*na+c.act]; pk != noPick && pk != p.pick {
				if b := dt.bits(0, x); l.vocab.holds(&b, c.atoms) {
					return pk, dt.costs[0][x*na+c.act]
				}
			}
		}
		return p.pick, p.cur
	}
	per := (dt.rolls - 1) * engine.NumRolls
	total := 0.0
	var q [engine.NumKeeps]float64
	var mass [engine.NumRolls]float64
	stops := make([][engine.NumRolls]float64, dt.rolls)
	for s := range dt.samples {
		// The rule changes nothing of the turn unless it changes a decision the current
		// rules reach.
		changes := false
		for x := s * per; x < (s+1)*per && !changes; x++ {
			if dt.pos[0][x].w != 0 {
				pick, _ := decide(x)
				changes = pick != dt.pos[0][x].pick
			}
		}
		if !changes {
			continue
		}
		for r := range engine.Roll(engine.NumRolls) {
			mass[r] = r.Probability()
		}
		clear(stops)
		turn := 0.0
		for u := range dt.rolls - 1 {
			for r := range engine.Roll(engine.NumRolls) {
				m := mass[r]
				if m == 0 {
					continue
				}
				pick, cst := decide(dt.at(0, s, u, r))
				turn += m * float64(cst)
				if k := r.Held(pick); k.IsRoll() {
					stops[u][r] += m
				} else {
					q[k] += m
				}
			}
			reroll(&q, &mass)
		}
		stops[dt.rolls-1] = mass
		for u := range dt.rolls {
			for r := range engine.Roll(engine.NumRolls) {
				if m := stops[u][r]; m != 0 {
					turn += m * float64(dt.pos[1][dt.at(1, s, u, r)].cur)
				}
			}
		}
		total += dt.samples[s].w * (dt.samples[s].cost - turn/costScale)
	}
	return total
}

// penalty is the penalty of a condition.
func (v *vocabulary) penalty(atoms []int) float64 {
	p := 0.0
	for _, a := range atoms {
		p += v.atoms[a].penalty
	}
	return p
}
