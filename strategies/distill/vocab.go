package distill

import (
	"fmt"

	"yams/engine"
	"yams/strategies/rulefile"
)

// The vocabulary of the learner: the atoms a learned condition is made of and the actions
// a learned rule takes, generated for a rule set from the language's features. A
// condition is a conjunction of at most maxAtoms atoms.

// The place of an atom in a position's bit set depends on what it reads: the dice alone,
// the state alone, the rolls left, or the state and the dice together. Each kind is
// tabulated where it is cheapest (per roll, per state, per roll number, per position),
// and a learner sums the gains of a rule by the same split.
type atomKind uint8

const (
	diceAtom  atomKind = iota // reads the roll alone
	stateAtom                 // reads the turn-start state alone
	levelAtom                 // reads the rolls left alone
	mixedAtom                 // reads the state and the roll
)

// Words of a position's bit set: the first bitWords−1 hold the atoms of the dice, the
// state and the rolls left; the last holds the mixed atoms.
const (
	bitWords   = 5
	mixedWord  = bitWords - 1
	maxPlain   = 64 * mixedWord
	maxMixed   = 64
	maxAtoms   = 3 // atoms of a learned condition
	noCost     = 0xffff
	costScale  = 256 // a cost is stored in 1/256 of a point
	maxCostRaw = noCost - 1
)

type bitset [bitWords]uint64

func (b *bitset) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b *bitset) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b *bitset) or(o *bitset) {
	for i := range b {
		b[i] |= o[i]
	}
}

// atom is an atom of the vocabulary: a rulefile.Atom, or the negation of one.
type atom struct {
	src  rulefile.Cond
	kind atomKind
	cond *rulefile.Condition
	bit  int // its bit in a position's set
	// penalty is taken off the gain of a condition with the atom: a hair, so that of two
	// conditions that decide alike the one a player reads more easily wins ("not full
	// house" rather than "full_house pays = 0").
	penalty float64
}

// The penalties: every atom's, so that a condition no longer than it needs be wins, and
// more for an atom that reads the state and the dice together.
const (
	atomPenalty  = 1e-7
	mixedPenalty = 1e-6
)

// action is an action of the vocabulary.
type action struct {
	src rulefile.Action
	act *rulefile.Act
}

type vocabulary struct {
	atoms []atom
	// actions[kind] are the keep actions and the box actions.
	actions [2][]action
}

// newVocabulary builds the atoms and actions for the rules, compiled with program p.
func newVocabulary(p *rulefile.Program) (*vocabulary, error) {
	rules := p.Rules()
	v := &vocabulary{}
	var plain, mixed int
	add := func(a rulefile.Cond) error {
		k := kindOf(a)
		c, err := p.Condition(a)
		if err != nil {
			return err
		}
		bit := 0
		if k == mixedAtom {
			bit = 64*mixedWord + mixed
			mixed++
		} else {
			bit = plain
			plain++
		}
		if plain > maxPlain || mixed > maxMixed {
			return fmt.Errorf("distill: more than %d atoms of the dice and the state, or %d mixed ones", maxPlain, maxMixed)
		}
		pen := atomPenalty
		if k == mixedAtom {
			pen = mixedPenalty
		}
		v.atoms = append(v.atoms, atom{src: a, kind: k, cond: c, bit: bit, penalty: pen})
		return nil
	}
	cmp := func(f rulefile.Feature, op rulefile.Op, val int) rulefile.Atom {
		return rulefile.Atom{Feature: f, Op: op, Value: val}
	}
	var atoms []rulefile.Atom
	var conds []rulefile.Cond
	// The dice: every pattern and its absence, the counts of each face, the group's face,
	// the sum, the longest run.
	for f := rulefile.Pair; f <= rulefile.LargeStraight; f++ {
		conds = append(conds, &rulefile.Atom{Feature: f}, &rulefile.Not{Term: &rulefile.Atom{Feature: f}})
	}
	for face := 1; face <= 6; face++ {
		for _, c := range []struct {
			op  rulefile.Op
			val int
		}{{rulefile.GE, 1}, {rulefile.GE, 2}, {rulefile.GE, 3}, {rulefile.GE, 4}, {rulefile.EQ, 0}, {rulefile.LE, 1}, {rulefile.LE, 2}} {
			atoms = append(atoms, rulefile.Atom{Feature: rulefile.Count, Face: face, Op: c.op, Value: c.val})
		}
	}
	for val := 2; val <= 6; val++ {
		atoms = append(atoms, cmp(rulefile.GroupFace, rulefile.GE, val), cmp(rulefile.GroupFace, rulefile.LT, val))
	}
	for _, val := range []int{10, 13, 15, 17, 19, 20, 21, 22, 23, 24, 25, 27} {
		atoms = append(atoms, cmp(rulefile.Sum, rulefile.GE, val), cmp(rulefile.Sum, rulefile.LT, val))
	}
	atoms = append(atoms, cmp(rulefile.Run, rulefile.GE, 3), cmp(rulefile.Run, rulefile.LT, 3), cmp(rulefile.Run, rulefile.EQ, 3),
		cmp(rulefile.Run, rulefile.LT, 4))
	// The state: each box open or filled, the turns left, the upper section.
	for _, b := range rules.Boxes() {
		ref := rulefile.BoxRef{ID: b.ID}
		atoms = append(atoms, rulefile.Atom{Feature: rulefile.Open, Box: ref}, rulefile.Atom{Feature: rulefile.Filled, Box: ref})
	}
	if p.TracksYahtzee() {
		ref := rulefile.BoxRef{ID: rules.Boxes()[rules.YahtzeeBox()].ID}
		atoms = append(atoms, rulefile.Atom{Feature: rulefile.Scored, Box: ref})
	}
	nb := rules.NumBoxes()
	for _, val := range []int{1, 2, 3, 4, 5, 6, 8, 10} {
		if val < nb-1 {
			atoms = append(atoms, cmp(rulefile.TurnsLeft, rulefile.LT, val), cmp(rulefile.TurnsLeft, rulefile.GE, val))
		}
	}
	if rules.UpperPoints() != 0 {
		for _, f := range []rulefile.Feature{rulefile.BonusWon, rulefile.BonusLost, rulefile.BonusInPlay} {
			atoms = append(atoms, rulefile.Atom{Feature: f})
		}
		for _, val := range []int{5, 10, 15, 20, 25, 30, 40} {
			atoms = append(atoms, cmp(rulefile.BonusNeeds, rulefile.LE, val), cmp(rulefile.BonusNeeds, rulefile.GT, val))
		}
	}
	for _, val := range []int{-12, -9, -6, -3, 0, 3, 6} {
		atoms = append(atoms, cmp(rulefile.OverPar, rulefile.GE, val), cmp(rulefile.OverPar, rulefile.LT, val))
	}
	// The rolls left.
	for val := range rules.Rolls() {
		atoms = append(atoms, cmp(rulefile.RollsLeft, rulefile.EQ, val))
	}
	// The state and the dice: the group's upper box, what each box pays.
	group := rulefile.BoxRef{Group: true}
	atoms = append(atoms, rulefile.Atom{Feature: rulefile.Open, Box: group}, rulefile.Atom{Feature: rulefile.Filled, Box: group})
	for b, box := range rules.Boxes() {
		ref := rulefile.BoxRef{ID: box.ID}
		pays := func(op rulefile.Op, val int) rulefile.Atom {
			return rulefile.Atom{Feature: rulefile.Pays, Box: ref, Op: op, Value: val}
		}
		if rules.IsUpper(b) {
			if box.Face > 0 {
				atoms = append(atoms, pays(rulefile.GE, 3*box.Face), pays(rulefile.LT, 3*box.Face))
			}
			continue
		}
		atoms = append(atoms, pays(rulefile.GE, 1), pays(rulefile.EQ, 0))
		if best := bestScore(rules, b); best >= 20 && distinctScores(rules, b) > 3 {
			for _, val := range []int{best * 2 / 5, best / 2, best * 3 / 5, best * 7 / 10} {
				atoms = append(atoms, pays(rulefile.GE, val))
			}
		}
	}
	for i := range atoms {
		conds = append(conds, &atoms[i])
	}
	for _, c := range conds {
		if err := add(c); err != nil {
			return nil, err
		}
	}

	// The keep actions.
	keeps := []rulefile.Action{{Verb: rulefile.KeepAll}, {Verb: rulefile.KeepNothing}, {Verb: rulefile.KeepGroup},
		{Verb: rulefile.KeepGroupKicker}, {Verb: rulefile.KeepPairs}, {Verb: rulefile.KeepRun}}
	for f := range 6 {
		keeps = append(keeps, rulefile.Action{Verb: rulefile.KeepFaces, Faces: 1 << f})
	}
	keeps = append(keeps, rulefile.Action{Verb: rulefile.KeepFaces, Faces: 1<<4 | 1<<5})
	targets := []rulefile.Target{{Set: rulefile.Points}, {Set: rulefile.UpperBoxes}, {Set: rulefile.LowerBoxes}, {Box: group}}
	for _, b := range rules.Boxes() {
		targets = append(targets, rulefile.Target{Box: rulefile.BoxRef{ID: b.ID}})
	}
	for _, t := range targets {
		keeps = append(keeps, rulefile.Action{Verb: rulefile.KeepFor, Targets: []rulefile.Target{t}})
	}
	// The box actions.
	boxes := []rulefile.Action{{Verb: rulefile.ScoreBox, Box: group}}
	for _, b := range rules.Boxes() {
		boxes = append(boxes, rulefile.Action{Verb: rulefile.ScoreBox, Box: rulefile.BoxRef{ID: b.ID}})
	}
	for _, verb := range []rulefile.Verb{rulefile.ScoreBest, rulefile.ScoreCheapest, rulefile.Scratch} {
		boxes = append(boxes, rulefile.Action{Verb: verb},
			rulefile.Action{Verb: verb, Targets: []rulefile.Target{{Set: rulefile.UpperBoxes}}},
			rulefile.Action{Verb: verb, Targets: []rulefile.Target{{Set: rulefile.LowerBoxes}}})
	}
	for k, list := range [][]rulefile.Action{keeps, boxes} {
		for _, a := range list {
			act, err := p.Act(&a)
			if err != nil {
				return nil, err
			}
			v.actions[k] = append(v.actions[k], action{src: a, act: act})
		}
	}
	return v, nil
}

// kindOf tells what an atom, or its negation, reads.
func kindOf(c rulefile.Cond) atomKind {
	a, ok := c.(*rulefile.Atom)
	if !ok {
		a = c.(*rulefile.Not).Term.(*rulefile.Atom)
	}
	switch {
	case a.Feature == rulefile.RollsLeft:
		return levelAtom
	case a.Feature.OfDice():
		return diceAtom
	case a.Feature == rulefile.Pays || a.Box.Group:
		return mixedAtom
	}
	return stateAtom
}

func bestScore(rules *engine.Rules, b int) int {
	best := 0
	for r := range engine.Roll(engine.NumRolls) {
		best = max(best, rules.Score(b, r))
	}
	return best
}

func distinctScores(rules *engine.Rules, b int) int {
	seen := map[int]bool{}
	for r := range engine.Roll(engine.NumRolls) {
		seen[rules.Score(b, r)] = true
	}
	return len(seen)
}
