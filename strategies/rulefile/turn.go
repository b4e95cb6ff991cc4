package rulefile

import (
	"math/bits"

	"yams/engine"
)

// State is a position at the start of a turn, as far as rules see it: everything a
// condition reads of the sheet.
type State struct {
	Filled uint64 // the filled boxes
	Upper  int    // the upper subtotal
	// YahtzeeScored tells whether the box of the extra bonus holds a non-zero score; it
	// is read only where the rules pay an extra bonus (Program.TracksYahtzee).
	YahtzeeScored bool
}

// StateOf reads the state of a sheet of one column.
func (p *Program) StateOf(s *engine.Sheet) State {
	st := State{Filled: s.FilledMask(), Upper: s.Upper(0)}
	if p.ybox >= 0 && s.Score(engine.BoxID(p.ybox)) > 0 {
		st.YahtzeeScored = true
	}
	return st
}

// noValue is the worth of a roll no target box may take: the plan avoids it.
const noValue = -1e9

// plain is a roll that is no five of a kind (all such rolls have the same legal boxes), and
// fives are the six five of a kinds.
var plain, fives = func() (engine.Roll, [6]engine.Roll) {
	var f [6]engine.Roll
	for face := 1; face <= 6; face++ {
		f[face-1], _ = engine.RollOf([]int{face, face, face, face, face})
	}
	p, _ := engine.RollOf([]int{1, 2, 3, 4, 6})
	return p, f
}()

// Decider decides for a program at the positions of one turn: a state, then any roll. It
// keeps the plans of the state's "keep for" actions, worked out when first asked. It
// holds scratch space: one per goroutine.
type Decider struct {
	p     *Program
	s     State
	up    int // the set of filled upper boxes, numbered
	turn  int
	won   bool
	lost  bool
	open  uint64
	plans []plan // the plans of the state, by targets (shared with the program's cache)
	tp    engine.TurnPlan
	// active[k] are the rules of kind k whose condition may hold in the state: those that
	// the atoms of the state alone do not rule out.
	active [2][]int32
	// boxMemo[i*NumRolls+r] is the box box rule i chooses for roll r (+1; 0: not worked
	// out yet, −1: its action does not apply) on the filled boxes of the state, which is
	// all it depends on: the classes of the upper subtotal of a block share it.
	boxMemo []int16
}

// plan is what "keep for" a set of boxes keeps at every roll of a state: keeps[r*(rolls-1)+u]
// is the mask of roll r after roll u+1.
type plan struct {
	targets uint64
	keeps   []uint8
}

// NewDecider returns a Decider of the program, to Start at a state.
func (p *Program) NewDecider() *Decider { return &Decider{p: p} }

// Start sets the state of the turn.
func (t *Decider) Start(s State) {
	p := t.p
	if p.ybox < 0 {
		s.YahtzeeScored = false
	}
	if s.Filled != t.s.Filled || s.YahtzeeScored != t.s.YahtzeeScored || t.turn == 0 {
		t.plans = t.plans[:0]
		if n := len(p.boxes) * engine.NumRolls; len(t.boxMemo) != n {
			t.boxMemo = make([]int16, n)
		} else {
			clear(t.boxMemo)
		}
	}
	t.s = s
	t.up = p.upperOf(s.Filled)
	t.turn = bits.OnesCount64(s.Filled) + 1
	t.open = (1<<p.nb - 1) &^ s.Filled
	t.won = p.threshold > 0 && s.Upper >= p.threshold
	t.lost = p.threshold > 0 && !t.won && s.Upper+p.openMax[t.up] < p.threshold
	for k, list := range [2][]crule{p.keeps, p.boxes} {
		t.active[k] = t.active[k][:0]
		for i := range list {
			if list[i].cond == nil || t.pre(list[i].cond) != never {
				t.active[k] = append(t.active[k], int32(i))
			}
		}
	}
}

// What a condition is worth knowing the state alone.
type tri uint8

const (
	unknown tri = iota
	never
	always
)

// pre evaluates a condition from the state alone: its atoms of the dice or the rolls left
// are unknown.
func (t *Decider) pre(n *cnode) tri {
	switch n.op {
	case nodeAnd, nodeOr:
		stop, all := never, always // the value that decides an And, and the value of all alike
		if n.op == nodeOr {
			stop, all = always, never
		}
		res := all
		for i := range n.kids {
			switch v := t.pre(&n.kids[i]); v {
			case stop:
				return stop
			case unknown:
				res = unknown
			}
		}
		return res
	case nodeNot:
		switch t.pre(&n.kids[0]) {
		case never:
			return always
		case always:
			return never
		}
		return unknown
	}
	a := &n.atom
	if !stateOnly(a) {
		return unknown
	}
	if t.atom(a, 0, 0) {
		return always
	}
	return never
}

// State returns the state the turn was started at.
func (t *Decider) State() State { return t.s }

// Keep returns what the program keeps of roll r with rollsLeft rerolls left, as a mask
// of the roll's dice (engine.Roll.Held), and the index of the rule that decided it
// (Program.Source).
func (t *Decider) Keep(r engine.Roll, rollsLeft int) (mask uint8, rule int) {
	if !t.p.sameStop {
		// A "sec" column takes the first roll only: there is no reroll to play.
		return 31, len(t.p.keeps) - 1
	}
	for _, i := range t.active[KeepRule] {
		cr := &t.p.keeps[i]
		if !t.applies(cr, r, rollsLeft) {
			continue
		}
		if m, ok := t.keepMask(&cr.act, r, rollsLeft); ok {
			return m, int(i)
		}
	}
	panic("rulefile: the built-in default keep did not apply")
}

// Box returns the box the program scores roll r in after rollsUsed rolls, and the index
// of the rule that decided it. It is a box of Legal; -1 only when no box may take the
// roll (a "sec" column after its first roll).
func (t *Decider) Box(r engine.Roll, rollsUsed int) (box int, rule int) {
	p := t.p
	legal := p.rules.Legal(t.s.Filled, r, rollsUsed)
	if legal == 0 {
		return -1, len(p.boxes) - 1
	}
	left := p.rolls - rollsUsed
	for _, i := range t.active[BoxRule] {
		cr := &p.boxes[i]
		if !t.applies(cr, r, left) {
			continue
		}
		if !p.boxesByRoll {
			// Legal does not depend on the roll number: the choice is the state's.
			m := &t.boxMemo[int(i)*engine.NumRolls+int(r)]
			if *m == 0 {
				*m = -1
				if b, ok := t.boxChoice(&cr.act, r, legal); ok {
					*m = int16(b) + 1
				}
			}
			if *m > 0 {
				return int(*m) - 1, int(i)
			}
			continue
		}
		if b, ok := t.boxChoice(&cr.act, r, legal); ok {
			return b, int(i)
		}
	}
	panic("rulefile: the built-in default box did not apply")
}

// applies reports whether the condition of an active rule holds at roll r.
func (t *Decider) applies(cr *crule, r engine.Roll, rollsLeft int) bool {
	switch {
	case cr.cond == nil:
		return true
	case !cr.conj:
		return t.holds(cr.cond, r, rollsLeft)
	case !cr.dice[r]:
		return false
	}
	// The atoms of the state hold: the rule is active.
	for i := range cr.mixed {
		if !t.holds(&cr.mixed[i], r, rollsLeft) {
			return false
		}
	}
	return true
}

// holds evaluates a condition at roll r.
func (t *Decider) holds(n *cnode, r engine.Roll, rollsLeft int) bool {
	switch n.op {
	case nodeAnd:
		for i := range n.kids {
			if !t.holds(&n.kids[i], r, rollsLeft) {
				return false
			}
		}
		return true
	case nodeOr:
		for i := range n.kids {
			if t.holds(&n.kids[i], r, rollsLeft) {
				return true
			}
		}
		return false
	case nodeNot:
		return !t.holds(&n.kids[0], r, rollsLeft)
	}
	return t.atom(&n.atom, r, rollsLeft)
}

// groupBox returns the upper box of the group's face of d, or -1.
func (t *Decider) groupBox(d *diceInfo) int { return t.p.faceBox[d.groupFace] }

// diceHolds evaluates an atom of the dice.
func diceHolds(a *catom, d *diceInfo) bool {
	switch a.f {
	case Count:
		return a.op.holds(int(d.counts[a.face-1]), a.value)
	case Group:
		return a.op.holds(int(d.group), a.value)
	case GroupFace:
		return a.op.holds(int(d.groupFace), a.value)
	case Run:
		return a.op.holds(int(d.run), a.value)
	case Sum:
		return a.op.holds(int(d.sum), a.value)
	}
	return d.patterns&(1<<a.f) != 0
}

func (t *Decider) atom(a *catom, r engine.Roll, rollsLeft int) bool {
	d := &diceTable[r]
	if a.f.OfDice() {
		return diceHolds(a, d)
	}
	p := t.p
	box := a.box
	if a.f.OfBox() && box == groupRef {
		box = t.groupBox(d)
	}
	switch a.f {
	case Pays:
		pts := 0
		if box >= 0 {
			pts = p.rules.Points(t.s.Filled, engine.BoxID(box), r)
		}
		return a.op.holds(pts, a.value)
	case Open:
		return box >= 0 && t.open&(1<<box) != 0
	case Filled:
		return box >= 0 && t.s.Filled&(1<<box) != 0
	case Scored:
		return t.s.YahtzeeScored
	case Turn:
		return a.op.holds(t.turn, a.value)
	case TurnsLeft:
		return a.op.holds(p.nb-t.turn, a.value)
	case RollsLeft:
		return a.op.holds(rollsLeft, a.value)
	case Upper:
		return a.op.holds(t.s.Upper, a.value)
	case BonusNeeds:
		return a.op.holds(max(0, p.threshold-t.s.Upper), a.value)
	case OverPar:
		return a.op.holds(t.s.Upper-p.parOf[t.up], a.value)
	case BonusWon:
		return t.won
	case BonusLost:
		return t.lost
	case BonusInPlay:
		return !t.won && !t.lost
	}
	return false
}

// keepMask resolves a keep action at roll r: the dice it keeps, and whether it applies.
func (t *Decider) keepMask(a *caction, r engine.Roll, rollsLeft int) (uint8, bool) {
	d := &diceTable[r]
	switch a.verb {
	case KeepAll:
		return 31, true
	case KeepNothing:
		return 0, true
	case KeepFaces:
		var m uint8
		for f := range 6 {
			if a.faces&(1<<f) != 0 {
				m |= d.faceMask[f]
			}
		}
		return m, true
	case KeepGroup:
		return d.groupMask, true
	case KeepGroupKicker:
		return d.kickerMask, true
	case KeepPairs:
		return d.pairsMask, true
	case KeepRun:
		return d.runMask, true
	case KeepFor:
		targets := a.targets
		if a.group {
			if b := t.groupBox(d); b >= 0 {
				targets |= 1 << b
			}
		}
		targets &= t.open
		if targets == 0 {
			return 0, false
		}
		levels := t.p.rolls - 1
		return t.plan(targets)[int(r)*levels+levels-rollsLeft], true
	}
	return 0, false
}

// worth is what scoring roll r in box b is worth to "score best" and "keep for": its
// points, the joker applied, and the extra bonus it earns; a subtracted box counts
// negatively. It is greedy's worth, so that a rule file can play greedy exactly.
func (t *Decider) worth(b int, r engine.Roll) float64 {
	v := float64(t.p.rules.Points(t.s.Filled, engine.BoxID(b), r))
	if t.p.subtract[b] {
		v = -v
	}
	if t.s.YahtzeeScored && r.OfAKind() != 0 {
		v += t.p.extra
	}
	return v
}

// boxChoice resolves a box action at roll r whose legal boxes are legal: the box, and
// whether the action applies.
func (t *Decider) boxChoice(a *caction, r engine.Roll, legal uint64) (int, bool) {
	d := &diceTable[r]
	p := t.p
	if a.verb == ScoreBox {
		b := a.box
		if b == groupRef {
			b = t.groupBox(d)
		}
		return b, b >= 0 && legal&(1<<b) != 0
	}
	set := a.targets
	if a.group {
		if b := t.groupBox(d); b >= 0 {
			set |= 1 << b
		}
	}
	set &= legal
	best, found := 0, false
	switch a.verb {
	case ScoreBest:
		bestV := 0.0
		for l := set; l != 0; l &= l - 1 {
			b := bits.TrailingZeros64(l)
			v := t.worth(b, r)
			if !found || v > bestV || v == bestV && p.rank[b] < p.rank[best] {
				best, bestV, found = b, v, true
			}
		}
	case ScoreCheapest, Scratch:
		for l := set; l != 0; l &= l - 1 {
			b := bits.TrailingZeros64(l)
			if a.verb == Scratch && p.rules.Points(t.s.Filled, engine.BoxID(b), r) != 0 {
				continue
			}
			if !found || p.cheap[b] < p.cheap[best] {
				best, found = b, true
			}
		}
	}
	return best, found
}

// plan returns the keeps of "keep for" targets at every roll of the state: those that
// maximise the expected worth of the best target box at the end of the turn, as greedy's
// keeps do for every box (engine.TurnPlan).
func (t *Decider) plan(targets uint64) []uint8 {
	for i := range t.plans {
		if t.plans[i].targets == targets {
			return t.plans[i].keeps
		}
	}
	p := t.p
	levels := p.rolls - 1
	n := 1
	if !p.sameStop {
		n = p.rolls
	}
	for u := range n {
		stop := &t.tp.Stop[u]
		for r := range stop {
			stop[r] = noValue
		}
		// The worth of the rolls that are no five of a kind is their score: the maximum of
		// the vectors of the legal targets, the same for every such roll.
		for l := p.rules.Legal(t.s.Filled, plain, u+1) & targets; l != 0; l &= l - 1 {
			for r, x := range &p.vec[bits.TrailingZeros64(l)] {
				stop[r] = max(stop[r], x)
			}
		}
		for _, r := range fives {
			v := noValue
			for l := p.rules.Legal(t.s.Filled, r, u+1) & targets; l != 0; l &= l - 1 {
				v = max(v, t.worth(bits.TrailingZeros64(l), r))
			}
			stop[r] = v
		}
	}
	key := p.plans.key(&t.tp.Stop, n)
	keeps := p.plans.get(key)
	if keeps == nil {
		t.tp.Solve(p.rolls, p.sameStop)
		keeps = make([]uint8, engine.NumRolls*levels)
		for r := range engine.Roll(engine.NumRolls) {
			for u := range levels {
				keeps[int(r)*levels+u] = r.MaskOf(t.tp.Keep(r, levels-u))
			}
		}
		p.plans.put(key, keeps)
	}
	t.plans = append(t.plans, plan{targets: targets, keeps: keeps})
	return keeps
}

// Condition is a condition compiled for a program's rules, to be evaluated at any
// position (Decider.Holds): what a learner does with the conditions it tries.
type Condition struct{ n *cnode }

// Condition compiles a condition for the program's rules.
func (p *Program) Condition(c Cond) (*Condition, error) {
	n, err := p.cond(c)
	if err != nil {
		return nil, err
	}
	return &Condition{n: n}, nil
}

// Holds reports whether condition c holds at roll r with rollsLeft rolls left (at a box
// decision, those not used).
func (t *Decider) Holds(c *Condition, r engine.Roll, rollsLeft int) bool {
	return t.holds(c.n, r, rollsLeft)
}

// Act is an action compiled for a program's rules, to be resolved at any position
// (Decider.KeepOf, Decider.BoxOf).
type Act struct{ a caction }

// Act compiles an action for the program's rules.
func (p *Program) Act(a *Action) (*Act, error) {
	ca, err := p.action(a)
	if err != nil {
		return nil, err
	}
	return &Act{a: ca}, nil
}

// KeepOf resolves keep action a at roll r with rollsLeft rerolls left: the mask of the
// dice it keeps, and whether it applies.
func (t *Decider) KeepOf(a *Act, r engine.Roll, rollsLeft int) (uint8, bool) {
	return t.keepMask(&a.a, r, rollsLeft)
}

// BoxOf resolves box action a for the final roll r after rollsUsed rolls: the box, and
// whether the action applies (some box it names may take the roll).
func (t *Decider) BoxOf(a *Act, r engine.Roll, rollsUsed int) (int, bool) {
	legal := t.p.rules.Legal(t.s.Filled, r, rollsUsed)
	if legal == 0 {
		return -1, false
	}
	return t.boxChoice(&a.a, r, legal)
}
