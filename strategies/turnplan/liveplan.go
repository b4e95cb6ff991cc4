package turnplan

import (
	"math/bits"

	"yams/engine"
)

// Sheets of several columns have too many positions to tabulate their policy, so the
// heuristics plan the turn when it starts. Planning from scratch (the worth of every legal
// slot at every roll number, then a backward induction) costs tens of microseconds a turn;
// most of it is avoidable, because a turn's keeps depend on far less than the position:
//
//   - After the first roll, the worth of ending the turn with a roll that is not five of
//     a kind is the element-wise maximum of the worth vectors of the legal slots. Slots of
//     different columns, statuses or boxes often share a vector (the same box in two free
//     columns; a lower box of upper-first, ahead or done), and a vector that another legal
//     one matches or beats everywhere changes nothing. So that worth is a function of the
//     set of undominated distinct vectors: a 64-bit mask.
//   - The worth of each five of a kind (joker, extra bonus) is one number: six in all.
//   - From the second roll on no "sec" column is legal, so every roll number after the
//     first has that same worth. Only the decision of stopping after the first roll sees
//     the "sec" columns, and it compares the stop worth of the roll at hand with the best
//     expected worth of a reroll, which depends on the later rolls only.
//
// The plan of a turn is therefore a function of a small key (the mask and the six
// numbers). The workers keep the plans of the keys they meet in a cache they share
// (plancache.go): a few thousand keys make almost every turn of a rule set, so a turn
// whose plan is cached costs a few table reads, and a new plan costs a few microseconds
// (turnsolve.go). The key is built from the columns: a turn fills one box of one column,
// so only that column's part of the key is redone. Every decision is the very one a plan
// from scratch gives (the tests compare them over random positions of several rule sets,
// against the planning of before, kept in reference_test.go).

// Three statuses of at most MaxBoxes boxes: the distinct worth vectors fit a 64-bit mask.
const _ = uint(64 - 3*engine.MaxBoxes)

// liveTables are what planning on a sheet of several columns reads, built once per
// planner and shared read-only.
type liveTables struct {
	// canon[st*nb+b] numbers the distinct worth vectors (fives aside) of the planner;
	// vecs[i] is the i-th.
	canon []uint8
	vecs  []*[engine.NumRolls]float64
	// dominators[i] is the set of the other distinct vectors that are at least vecs[i]
	// on every roll that is not five of a kind.
	dominators []uint64
	// fiveWorth[joker][st*nb+b][f] is the worth of five of face f+1 in box b in status
	// st, without the extra bonus; joker 1 when the joker applies.
	fiveWorth [2][][engine.NumFaces]float64
	colMask   uint64
	sec       []bool // the "sec" columns
	hasSec    bool
	secSlots  uint64 // the slots of the "sec" columns
	// forced is set when a five of a kind may have other legal boxes than other rolls:
	// only the forced joker's order tells them apart.
	forced bool
	joker  bool // a joker may apply
	levels int  // rerolls per turn: the decisions of keeps
	cache  *planCache
}

func newLiveTables(pl *Planner) *liveTables {
	t := &liveTables{colMask: 1<<pl.nb - 1, levels: pl.rolls - 1}
	isFive := func(r engine.Roll) bool { return r.OfAKind() != 0 }
	t.canon = make([]uint8, len(pl.vec))
	for i := range pl.vec {
		t.canon[i] = uint8(len(t.vecs))
		for j, v := range t.vecs {
			if sameWorth(v, &pl.vec[i], isFive) {
				t.canon[i] = uint8(j)
				break
			}
		}
		if int(t.canon[i]) == len(t.vecs) {
			t.vecs = append(t.vecs, &pl.vec[i])
		}
	}
	t.dominators = make([]uint64, len(t.vecs))
	for i, v := range t.vecs {
		for j, w := range t.vecs {
			if i != j && atLeast(w, v, isFive) {
				t.dominators[i] |= 1 << j
			}
		}
	}
	for j := range t.fiveWorth {
		t.fiveWorth[j] = make([][engine.NumFaces]float64, len(pl.vec))
	}
	for st := range pl.statuses {
		for b := range pl.nb {
			for f, r := range pl.fives {
				t.fiveWorth[0][st*pl.nb+b][f] = pl.worth(uint8(st), b, pl.rules.Score(b, r))
				t.fiveWorth[1][st*pl.nb+b][f] = pl.worth(uint8(st), b, pl.rules.JokerScore(b, f+1))
			}
		}
	}
	for i, c := range pl.rules.Columns() {
		t.sec = append(t.sec, c.FirstRollOnly)
		if c.FirstRollOnly {
			t.hasSec = true
			t.secSlots |= t.colMask << (i * pl.nb)
		}
	}
	t.forced = pl.rules.Joker() == engine.ForcedJoker
	t.joker = pl.rules.Joker() != engine.NoJoker
	if t.levels > 0 {
		t.cache = newPlanCache(t.levels, t.hasSec, planCacheEntries(t.levels, t.hasSec))
	}
	return t
}

// undominated returns the vectors of set that no other vector of set matches or beats
// everywhere: their maximum is the maximum of set. (Dominance is a strict order, so every
// vector left out is dominated by one that stays.)
func (t *liveTables) undominated(set uint64) uint64 {
	kept := set
	for m := set; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros64(m); t.dominators[i]&set != 0 {
			kept &^= 1 << i
		}
	}
	return kept
}

// sameWorth reports whether v and w agree on every roll but those skipped.
func sameWorth(v, w *[engine.NumRolls]float64, skip func(engine.Roll) bool) bool {
	for r := range engine.Roll(engine.NumRolls) {
		if !skip(r) && v[r] != w[r] {
			return false
		}
	}
	return true
}

// atLeast reports whether w >= v on every roll but those skipped.
func atLeast(w, v *[engine.NumRolls]float64, skip func(engine.Roll) bool) bool {
	for r := range engine.Roll(engine.NumRolls) {
		if !skip(r) && w[r] < v[r] {
			return false
		}
	}
	return true
}

// columnPart is one column's share of the turn key, redone only when the column changes.
type columnPart struct {
	filled  uint64 // the column's filled boxes
	status  uint8
	yscored uint8
	valid   bool
	vecs    uint64
	fives   [engine.NumFaces]float64
}

// Live plans the turns of a sheet of several columns, for one worker: built per worker
// by NewLive, it shares its planner's cache of plans with the others.
type Live struct {
	pl   *Planner
	t    *liveTables
	cols []columnPart

	key     Position // the position of the current plan
	valid   bool
	turn    turnKey   // and its key
	keeps   []uint8   // the current plan, as turnSolver.solve writes it
	firstEV []float64 // and its first rerolls' expected worth, with a "sec" column

	solver  turnSolver
	stop    [engine.NumRolls]float64
	ownKeep []uint8 // the plan of a turn that the full cache does not keep
	ownEV   []float64

	turns, misses int // for the tests: how often the cache serves a turn
}

// NewLive returns a live planner of pl's turns.
func NewLive(pl *Planner) *Live {
	t := pl.liveTables()
	l := &Live{pl: pl, t: t, cols: make([]columnPart, len(pl.rules.Columns()))}
	l.ownKeep = make([]uint8, engine.NumRolls*t.levels)
	if t.hasSec {
		l.ownEV = make([]float64, engine.NumRolls)
	}
	return l
}

// Keep is the keep of roll r with rollsLeft rerolls left at position p: the plan of the
// turn that p starts, found in the cache or made.
func (l *Live) Keep(p *Position, r engine.Roll, rollsLeft int) engine.Keep {
	if !l.valid || l.key != *p {
		l.startTurn(p)
	}
	u := l.t.levels - rollsLeft
	m := l.keeps[int(r)*l.t.levels+u]
	if u == 0 && l.firstEV != nil && !(l.firstEV[r] > l.firstStop(p, r)) {
		return r.Keep()
	}
	return r.Held(m)
}

// firstStop is the worth of ending the turn with r after the first roll: the worth after
// a reroll, or more in a "sec" column.
func (l *Live) firstStop(p *Position, r engine.Roll) float64 {
	best := l.laterStop(r)
	for m := l.pl.rules.Legal(p.filled, r, 1) & l.t.secSlots; m != 0; m &= m - 1 {
		if v := l.pl.value(p, engine.BoxID(bits.TrailingZeros64(m)), r); v > best {
			best = v
		}
	}
	return best
}

// laterStop is the worth of ending the current turn with r after a reroll: one element
// of stopOf(&l.turn).
func (l *Live) laterStop(r engine.Roll) float64 {
	if f := r.OfAKind(); f != 0 {
		return l.turn.fives[f-1]
	}
	best := float64(noValue)
	for m := l.turn.vecs; m != 0; m &= m - 1 {
		if v := l.t.vecs[bits.TrailingZeros64(m)][r]; v > best {
			best = v
		}
	}
	return best
}

// startTurn finds or makes the plan of position p.
func (l *Live) startTurn(p *Position) {
	k := l.turnKey(p)
	l.turn = k
	l.turns++
	l.key, l.valid = *p, true
	cache := l.t.cache
	h := k.hash()
	if e := cache.find(&k, h); e >= 0 {
		l.keeps, l.firstEV = cache.plan(e), cache.firstWorth(e)
		return
	}
	l.misses++
	e := cache.claim()
	if e < 0 {
		l.keeps, l.firstEV = l.ownKeep, l.ownEV
	} else {
		cache.keys[e] = k
		l.keeps, l.firstEV = cache.plan(e), cache.firstWorth(e)
	}
	l.solver.solve(l.stopOf(&k), l.pl.rolls, l.keeps, l.firstEV)
	if e >= 0 {
		cache.publish(e, h)
	}
}

// turnKey returns the key of the plan of position p.
func (l *Live) turnKey(p *Position) turnKey {
	k := turnKey{}
	for f := range k.fives {
		k.fives[f] = noValue
	}
	for c := range l.cols {
		cp := l.column(c, p)
		k.vecs |= cp.vecs
		for f, v := range cp.fives {
			if v > k.fives[f] {
				k.fives[f] = v
			}
		}
	}
	k.vecs = l.t.undominated(k.vecs)
	return k
}

// stopOf returns the worth of stopping after any roll but the first, for key k.
func (l *Live) stopOf(k *turnKey) *[engine.NumRolls]float64 {
	stop := &l.stop
	for r := range stop {
		stop[r] = noValue
	}
	for m := k.vecs; m != 0; m &= m - 1 {
		for r, x := range l.t.vecs[bits.TrailingZeros64(m)] {
			if x > stop[r] {
				stop[r] = x
			}
		}
	}
	for f, r := range l.pl.fives {
		stop[r] = k.fives[f]
	}
	return stop
}

// column returns column c's part of the turn key at position p.
func (l *Live) column(c int, p *Position) *columnPart {
	pl, t := l.pl, l.t
	cp := &l.cols[c]
	shift := c * pl.nb
	filled := p.filled >> shift & t.colMask
	status, yscored := p.status[c], p.yscored>>c&1
	if cp.valid && cp.filled == filled && cp.status == status && cp.yscored == yscored {
		return cp
	}
	*cp = columnPart{filled: filled, status: status, yscored: yscored, valid: true}
	for f := range cp.fives {
		cp.fives[f] = noValue
	}
	if t.sec[c] || filled == t.colMask {
		return cp // nothing legal in it after the first roll
	}
	base := int(status) * pl.nb
	legal := pl.rules.Legal(p.filled, pl.plain, 2) >> shift & t.colMask
	for m := legal; m != 0; m &= m - 1 {
		cp.vecs |= 1 << t.canon[base+bits.TrailingZeros64(m)]
	}
	var joker [engine.NumFaces]int // 1 where the joker applies to that five of a kind
	if t.joker {
		for f, r := range pl.fives {
			if pl.rules.JokerApplies(p.filled, engine.BoxID(shift), r) {
				joker[f] = 1
			}
		}
	}
	if t.forced {
		// The forced joker's order: each five of a kind has its own legal boxes.
		for f, r := range pl.fives {
			worth := t.fiveWorth[joker[f]]
			for m := pl.rules.Legal(p.filled, r, 2) >> shift & t.colMask; m != 0; m &= m - 1 {
				cp.fives[f] = max(cp.fives[f], worth[base+bits.TrailingZeros64(m)][f])
			}
		}
	} else {
		for m := legal; m != 0; m &= m - 1 {
			b := base + bits.TrailingZeros64(m)
			for f := range cp.fives {
				cp.fives[f] = max(cp.fives[f], t.fiveWorth[joker[f]][b][f])
			}
		}
	}
	if pl.ybox >= 0 && yscored != 0 {
		// Rounding is monotonic: the extra bonus added to the best worth is the best of
		// the worths with the bonus added.
		for f := range cp.fives {
			if cp.fives[f] > noValue {
				cp.fives[f] += pl.extra
			}
		}
	}
	return cp
}
