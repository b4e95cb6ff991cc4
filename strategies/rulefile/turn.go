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
	// out[u] marks the rolls that no target box of the plan being made may take after
	// u+1 rolls, and lp plans a turn that may end in one (allocated when first needed).
	out [engine.MaxRollsPerTurn]rollSet
	lp  *placeablePlan
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
func (dc *Decider) Start(s State) {
	p := dc.p
	if p.ybox < 0 {
		s.YahtzeeScored = false
	}
	if s.Filled != dc.s.Filled || s.YahtzeeScored != dc.s.YahtzeeScored || dc.turn == 0 {
		dc.plans = dc.plans[:0]
		if n := len(p.boxes) * engine.NumRolls; len(dc.boxMemo) != n {
			dc.boxMemo = make([]int16, n)
		} else {
			clear(dc.boxMemo)
		}
	}
	dc.s = s
	dc.up = p.upperOf(s.Filled)
	dc.turn = bits.OnesCount64(s.Filled) + 1
	dc.open = (1<<p.nb - 1) &^ s.Filled
	dc.won = p.threshold > 0 && s.Upper >= p.threshold
	dc.lost = p.threshold > 0 && !dc.won && s.Upper+p.openMax[dc.up] < p.threshold
	for k, list := range [2][]crule{p.keeps, p.boxes} {
		dc.active[k] = dc.active[k][:0]
		for i := range list {
			if list[i].cond == nil || dc.pre(list[i].cond) != never {
				dc.active[k] = append(dc.active[k], int32(i))
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
func (dc *Decider) pre(n *cnode) tri {
	switch n.op {
	case nodeAnd, nodeOr:
		stop, all := never, always // the value that decides an And, and the value of all alike
		if n.op == nodeOr {
			stop, all = always, never
		}
		res := all
		for i := range n.kids {
			switch v := dc.pre(&n.kids[i]); v {
			case stop:
				return stop
			case unknown:
				res = unknown
			}
		}
		return res
	case nodeNot:
		switch dc.pre(&n.kids[0]) {
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
	if dc.atom(a, 0, 0) {
		return always
	}
	return never
}

// State returns the state the turn was started at.
func (dc *Decider) State() State { return dc.s }

// Keep returns what the program keeps of roll r with rollsLeft rerolls left, as a mask
// of the roll's dice (engine.Roll.Held), and the index of the rule that decided it
// (Program.Source).
func (dc *Decider) Keep(r engine.Roll, rollsLeft int) (mask uint8, rule int) {
	if !dc.p.sameStop {
		// A "sec" column takes the first roll only: there is no reroll to play.
		return 31, len(dc.p.keeps) - 1
	}
	for _, i := range dc.active[KeepRule] {
		if m, ok := dc.keepBy(int(i), r, rollsLeft); ok {
			return m, int(i)
		}
	}
	panic("rulefile: the built-in default keep did not apply")
}

// keepBy returns what keep rule i, active in the state, keeps of roll r, and whether it
// decides there: its condition holds and its action applies.
func (dc *Decider) keepBy(i int, r engine.Roll, rollsLeft int) (uint8, bool) {
	cr := &dc.p.keeps[i]
	if !dc.applies(cr, r, rollsLeft) {
		return 0, false
	}
	return dc.keepMask(&cr.act, r, rollsLeft)
}

// Box returns the box the program scores roll r in after rollsUsed rolls, and the index
// of the rule that decided it. It is a box of Legal; -1 only when no box may take the
// roll (a "sec" column after its first roll).
func (dc *Decider) Box(r engine.Roll, rollsUsed int) (box int, rule int) {
	p := dc.p
	legal := p.rules.Legal(dc.s.Filled, r, rollsUsed)
	if legal == 0 {
		return -1, len(p.boxes) - 1
	}
	for _, i := range dc.active[BoxRule] {
		if b, ok := dc.boxBy(int(i), r, rollsUsed, legal); ok {
			return b, int(i)
		}
	}
	panic("rulefile: the built-in default box did not apply")
}

// boxBy returns the box where box rule i, active in the state, scores roll r after
// rollsUsed rolls (legal: the boxes that may take it, not none), and whether it decides
// there: its condition holds and its action applies.
func (dc *Decider) boxBy(i int, r engine.Roll, rollsUsed int, legal uint64) (int, bool) {
	p := dc.p
	cr := &p.boxes[i]
	if !dc.applies(cr, r, p.rolls-rollsUsed) {
		return -1, false
	}
	if p.boxesByRoll {
		return dc.boxChoice(&cr.act, r, legal)
	}
	// Legal does not depend on the roll number: the choice is the state's.
	m := &dc.boxMemo[i*engine.NumRolls+int(r)]
	if *m == 0 {
		*m = -1
		if b, ok := dc.boxChoice(&cr.act, r, legal); ok {
			*m = int16(b) + 1
		}
	}
	return int(*m) - 1, *m > 0
}

// applies reports whether the condition of an active rule holds at roll r.
func (dc *Decider) applies(cr *crule, r engine.Roll, rollsLeft int) bool {
	switch {
	case cr.cond == nil:
		return true
	case !cr.conj:
		return dc.holds(cr.cond, r, rollsLeft)
	case !cr.dice[r]:
		return false
	}
	// The atoms of the state hold: the rule is active.
	for i := range cr.mixed {
		if !dc.holds(&cr.mixed[i], r, rollsLeft) {
			return false
		}
	}
	return true
}

// holds evaluates a condition at roll r.
func (dc *Decider) holds(n *cnode, r engine.Roll, rollsLeft int) bool {
	switch n.op {
	case nodeAnd:
		for i := range n.kids {
			if !dc.holds(&n.kids[i], r, rollsLeft) {
				return false
			}
		}
		return true
	case nodeOr:
		for i := range n.kids {
			if dc.holds(&n.kids[i], r, rollsLeft) {
				return true
			}
		}
		return false
	case nodeNot:
		return !dc.holds(&n.kids[0], r, rollsLeft)
	}
	return dc.atom(&n.atom, r, rollsLeft)
}

// groupBox returns the upper box of the group's face of d, or -1.
func (dc *Decider) groupBox(d *diceInfo) int { return dc.p.faceBox[d.groupFace] }

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

func (dc *Decider) atom(a *catom, r engine.Roll, rollsLeft int) bool {
	d := &diceTable[r]
	if a.f.OfDice() {
		return diceHolds(a, d)
	}
	if a.f.Numeric() {
		return a.op.holds(dc.number(a, r, rollsLeft), a.value)
	}
	box := a.box
	if a.f.OfBox() && box == groupRef {
		box = dc.groupBox(d)
	}
	switch a.f {
	case Open:
		return box >= 0 && dc.open&(1<<box) != 0
	case Filled:
		return box >= 0 && dc.s.Filled&(1<<box) != 0
	case Scored:
		return dc.s.YahtzeeScored
	case BonusWon:
		return dc.won
	case BonusLost:
		return dc.lost
	case BonusInPlay:
		return !dc.won && !dc.lost
	}
	return false
}

// number returns the value of the numeric feature of an atom of the sheet or of a box at
// roll r: what the atom compares with its number (docs/rules.md defines each).
func (dc *Decider) number(a *catom, r engine.Roll, rollsLeft int) int {
	p := dc.p
	switch a.f {
	case Pays:
		box := a.box
		if box == groupRef {
			box = dc.groupBox(&diceTable[r])
		}
		if box < 0 {
			return 0
		}
		return p.rules.Points(dc.s.Filled, engine.BoxID(box), r)
	case Turn:
		return dc.turn
	case TurnsLeft:
		return p.nb - dc.turn
	case RollsLeft:
		return rollsLeft
	case Upper:
		return dc.s.Upper
	case BonusNeeds:
		return max(0, p.threshold-dc.s.Upper)
	case OverPar:
		return dc.s.Upper - p.parOf[dc.up]
	}
	panic("rulefile: number of a feature that is not a number of the sheet")
}

// keepMask resolves a keep action at roll r: the dice it keeps, and whether it applies.
func (dc *Decider) keepMask(a *caction, r engine.Roll, rollsLeft int) (uint8, bool) {
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
			if b := dc.groupBox(d); b >= 0 {
				targets |= 1 << b
			}
		}
		targets &= dc.open
		if targets == 0 {
			return 0, false
		}
		levels := dc.p.rolls - 1
		return dc.plan(targets)[int(r)*levels+levels-rollsLeft], true
	}
	return 0, false
}

// worth is what scoring roll r in box b is worth to "score best" and "keep for": its
// points, the joker applied, and the extra bonus it earns, less the box's average where
// the file gives one; a subtracted box counts negatively. Without averages it is greedy's
// worth, so that a rule file can play greedy exactly.
func (dc *Decider) worth(b int, r engine.Roll) float64 {
	v := float64(dc.p.rules.Points(dc.s.Filled, engine.BoxID(b), r))
	if dc.p.subtract[b] {
		v = -v
	}
	if dc.s.YahtzeeScored && r.OfAKind() != 0 {
		v += dc.p.extra
	}
	return v - dc.p.avg[b]
}

// boxChoice resolves a box action at roll r whose legal boxes are legal: the box, and
// whether the action applies.
func (dc *Decider) boxChoice(a *caction, r engine.Roll, legal uint64) (int, bool) {
	d := &diceTable[r]
	p := dc.p
	if a.verb == ScoreBox {
		b := a.box
		if b == groupRef {
			b = dc.groupBox(d)
		}
		return b, b >= 0 && legal&(1<<b) != 0
	}
	set := a.targets
	if a.group {
		if b := dc.groupBox(d); b >= 0 {
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
			v := dc.worth(b, r)
			if !found || v > bestV || v == bestV && p.rank[b] < p.rank[best] {
				best, bestV, found = b, v, true
			}
		}
	case ScoreCheapest, Scratch:
		for l := set; l != 0; l &= l - 1 {
			b := bits.TrailingZeros64(l)
			if a.verb == Scratch && p.rules.Points(dc.s.Filled, engine.BoxID(b), r) != 0 {
				continue
			}
			if !found || p.cheap[b] < p.cheap[best] {
				best, found = b, true
			}
		}
	}
	return best, found
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
func (dc *Decider) Holds(c *Condition, r engine.Roll, rollsLeft int) bool {
	return dc.holds(c.n, r, rollsLeft)
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
func (dc *Decider) KeepOf(a *Act, r engine.Roll, rollsLeft int) (uint8, bool) {
	return dc.keepMask(&a.a, r, rollsLeft)
}

// BoxOf resolves box action a for the final roll r after rollsUsed rolls: the box, and
// whether the action applies (some box it names may take the roll).
func (dc *Decider) BoxOf(a *Act, r engine.Roll, rollsUsed int) (int, bool) {
	legal := dc.p.rules.Legal(dc.s.Filled, r, rollsUsed)
	if legal == 0 {
		return -1, false
	}
	return dc.boxChoice(&a.a, r, legal)
}
