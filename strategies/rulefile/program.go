package rulefile

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"yams/engine"
	"yams/strategies/turnplan"
)

// Program is a rule file compiled for a rule set: its boxes found, its defaults in place,
// ready to decide at any position (Turn) or to be tabulated for play (NewStrategy). It is
// read-only and shared by every goroutine.
type Program struct {
	File  *File
	rules *engine.Rules
	nb    int
	rolls int
	// Keeps and Boxes are the rules of each decision in order: the file's, its default
	// and, last, the built-in default (keep for points; score best), which always applies.
	keeps, boxes []crule
	// The rules' facts the features read.
	faceBox   [7]int // the upper box of each face, or -1
	upperMask uint64
	threshold int // of the upper bonus; 0 without one
	ybox      int // the box of the extra bonus, or -1 when the rules pay none
	extra     float64
	subtract  []bool
	sameStop  bool // the boxes a roll may take do not depend on the roll number
	rank      []int32
	cheap     []int32 // cheap[b] ranks box b by what giving it up costs, the cheapest 0
	// boxesByRoll: the box decisions depend on the rolls used (a "rolls left" in a box
	// rule, or a "sec" column), so a table keeps one per roll number.
	boxesByRoll bool
	// The upper subtotal enters decisions only through atoms that compare it with a
	// threshold: for each set of filled upper boxes (numbered by upIdx), bounds lists the
	// subtotals where some atom changes, increasing; between two bounds every decision is
	// the same (a class of subtotals).
	upIdx  []uint8
	bounds [][]int16
	// parOf and openMax are par and the most the open upper boxes can still score, by set
	// of filled upper boxes.
	parOf, openMax []int
	// avg[b] is the average the file gives box b (0 without one): "score best" and "keep
	// for" count a box's points above it.
	avg [engine.MaxBoxes]float64
	// vec[b][r] is what roll r scores in box b, negative for a subtracted box, less the
	// box's average, when it is no five of a kind (no joker, no extra bonus): the worth
	// of "keep for".
	vec [][engine.NumRolls]float64

	plans     *planCache
	tableOnce sync.Once
	tab       *table
	tabErr    error
	// trackRules keeps, beside the table, the rule that took each decision (TrackRules).
	trackRules bool
	// cache reads the table from the cache directory and writes it there (UseCache).
	cache bool
}

// crule is a rule compiled: its condition and action with their boxes found.
type crule struct {
	src  *Rule // nil for the built-in default
	cond *cnode
	act  caction
	// conj tells a condition that is a conjunction of atoms and negated atoms (as every
	// learned one): it holds where those of the dice hold (dice[r] of the roll), those of
	// the state hold (Decider.active) and the others hold (mixed).
	conj  bool
	dice  [engine.NumRolls]bool
	mixed []cnode
}

// cnode is a condition compiled.
type cnode struct {
	op   uint8 // nodeAtom, nodeAnd, nodeOr, nodeNot
	kids []cnode
	atom catom
}

const (
	nodeAtom uint8 = iota
	nodeAnd
	nodeOr
	nodeNot
)

// catom is an atom compiled: box is its box, -1 for the group's box.
type catom struct {
	f     Feature
	face  int
	box   int
	op    Op
	value int
}

// caction is an action compiled: box for ScoreBox (-1: the group's box), targets the
// boxes of the targets (the group's box apart, in group).
type caction struct {
	verb    Verb
	faces   uint8
	box     int
	targets uint64
	group   bool
}

const groupRef = -1

// Compile compiles a rule file for a rule set of one column. Its errors name the line
// and column of what the rules cannot play: a box they do not have, a feature they do not
// track; and, when the file says it was written for other rules, those.
func Compile(f *File, rules *engine.Rules) (*Program, error) {
	p, err := compile(f, rules)
	return p, f.wantedRules(rules, err)
}

func compile(f *File, rules *engine.Rules) (*Program, error) {
	if n := len(rules.Columns()); n != 1 {
		return nil, fmt.Errorf("rule file %s: rules %s have %d columns: a rule file plays a sheet of one column", f.Name, rules.Name(), n)
	}
	p := &Program{File: f, rules: rules, nb: rules.NumBoxes(), rolls: rules.Rolls(), ybox: -1,
		sameStop: !rules.Columns()[0].FirstRollOnly, plans: newPlanCache()}
	for i := range p.faceBox {
		p.faceBox[i] = -1
	}
	for _, a := range f.Averages {
		b, err := p.box(a.Box)
		if err != nil {
			return nil, err
		}
		p.avg[b] = a.Value
	}
	p.vec = make([][engine.NumRolls]float64, p.nb)
	for b, box := range rules.Boxes() {
		p.subtract = append(p.subtract, box.Subtract)
		for r := range engine.Roll(engine.NumRolls) {
			p.vec[b][r] = float64(rules.Score(b, r))
			if box.Subtract {
				p.vec[b][r] = -p.vec[b][r]
			}
			p.vec[b][r] -= p.avg[b]
		}
		if rules.IsUpper(b) {
			p.upperMask |= 1 << b
			if box.Face >= 1 && box.Face <= 6 {
				p.faceBox[box.Face] = b
			}
		}
	}
	if rules.UpperPoints() != 0 {
		p.threshold = rules.UpperThreshold()
	}
	if rules.ExtraPoints() != 0 && rules.YahtzeeBox() >= 0 {
		p.ybox, p.extra = rules.YahtzeeBox(), float64(rules.ExtraPoints())
	}
	p.rank = make([]int32, p.nb)
	for i, id := range turnplan.TieOrder(rules) {
		p.rank[id] = int32(i)
	}
	p.cheap = make([]int32, p.nb)
	for i, b := range turnplan.CostOrder(rules) {
		p.cheap[b] = int32(i)
	}
	if !p.sameStop {
		p.boxesByRoll = true
	}
	for i := range f.Rules {
		r := &f.Rules[i]
		cr := crule{src: r}
		if r.If != nil {
			c, err := p.cond(r.If)
			if err != nil {
				return nil, err
			}
			cr.cond = c
			cr.split()
			if r.Kind() == BoxRule && usesFeature(r.If, RollsLeft) {
				p.boxesByRoll = true
			}
		}
		a, err := p.action(&r.Then)
		if err != nil {
			return nil, err
		}
		cr.act = a
		if r.Kind() == KeepRule {
			p.keeps = append(p.keeps, cr)
		} else {
			p.boxes = append(p.boxes, cr)
		}
	}
	p.keeps = append(p.keeps, crule{act: caction{verb: KeepFor, targets: 1<<p.nb - 1}})
	p.boxes = append(p.boxes, crule{act: caction{verb: ScoreBest, targets: 1<<p.nb - 1}})
	p.classes()
	return p, nil
}

// split sorts the terms of a conjunction by what they read, for Decider's quick test: a
// condition that is an atom, the negation of one, or a conjunction of those.
func (cr *crule) split() {
	terms := []cnode{*cr.cond}
	if cr.cond.op == nodeAnd {
		terms = cr.cond.kids
	}
	lit := func(n *cnode) (*catom, bool) {
		if n.op == nodeNot && n.kids[0].op == nodeAtom {
			return &n.kids[0].atom, true
		}
		if n.op == nodeAtom {
			return &n.atom, false
		}
		return nil, false
	}
	for i := range terms {
		if a, _ := lit(&terms[i]); a == nil {
			return
		}
	}
	cr.conj = true
	for r := range engine.Roll(engine.NumRolls) {
		cr.dice[r] = true
	}
	for i := range terms {
		a, not := lit(&terms[i])
		switch {
		case a.f.OfDice():
			for r := range engine.Roll(engine.NumRolls) {
				cr.dice[r] = cr.dice[r] && diceHolds(a, &diceTable[r]) != not
			}
		case stateOnly(a):
		default:
			cr.mixed = append(cr.mixed, terms[i])
		}
	}
}

// stateOnly reports whether an atom reads the turn-start state alone.
func stateOnly(a *catom) bool {
	return !(a.f.OfDice() || a.f == RollsLeft || a.f == Pays || a.f.OfBox() && a.box == groupRef)
}

func (p *Program) errorf(pos Pos, format string, args ...any) error {
	return &Error{File: p.File.Name, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// boxIndex returns the box of rules whose id is id, or -1.
func boxIndex(rules *engine.Rules, id string) int {
	for b, box := range rules.Boxes() {
		if strings.EqualFold(box.ID, id) {
			return b
		}
	}
	return -1
}

// box finds the box a reference names.
func (p *Program) box(b BoxRef) (int, error) {
	if b.Group {
		return groupRef, nil
	}
	if i := boxIndex(p.rules, b.ID); i >= 0 {
		return i, nil
	}
	ids := make([]string, p.nb)
	for i, box := range p.rules.Boxes() {
		ids[i] = box.ID
	}
	return 0, p.errorf(b.Pos, "rules %s have no box %q (their boxes: %s)", p.rules.Name(), b.ID, strings.Join(ids, ", "))
}

func (p *Program) cond(c Cond) (*cnode, error) {
	n := &cnode{}
	switch c := c.(type) {
	case *And, *Or:
		terms := condTerms(c)
		n.op = nodeAnd
		if _, or := c.(*Or); or {
			n.op = nodeOr
		}
		for _, t := range terms {
			k, err := p.cond(t)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, *k)
		}
	case *Not:
		k, err := p.cond(c.Term)
		if err != nil {
			return nil, err
		}
		n.op, n.kids = nodeNot, []cnode{*k}
	case *Atom:
		a, err := p.atom(c)
		if err != nil {
			return nil, err
		}
		n.atom = a
	default:
		return nil, fmt.Errorf("rulefile: condition of type %T", c)
	}
	return n, nil
}

func condTerms(c Cond) []Cond {
	switch c := c.(type) {
	case *And:
		return c.Terms
	case *Or:
		return c.Terms
	}
	return nil
}

// usesFeature reports whether condition c reads feature f.
func usesFeature(c Cond, f Feature) bool {
	switch c := c.(type) {
	case *Atom:
		return c.Feature == f
	case *Not:
		return usesFeature(c.Term, f)
	}
	return slices.ContainsFunc(condTerms(c), func(t Cond) bool { return usesFeature(t, f) })
}

func (p *Program) atom(a *Atom) (catom, error) {
	ca := catom{f: a.Feature, face: a.Face, op: a.Op, value: a.Value}
	if a.Feature < Pair || a.Feature >= numFeatures {
		return ca, p.errorf(a.Pos, "unknown feature %d", a.Feature)
	}
	if a.Feature == Count && (a.Face < 1 || a.Face > 6) {
		return ca, p.errorf(a.Pos, "face %d out of range", a.Face)
	}
	if a.Feature.OfBox() {
		b, err := p.box(a.Box)
		if err != nil {
			return ca, err
		}
		ca.box = b
	}
	switch {
	case a.Feature == Scored && (p.ybox < 0 || ca.box != p.ybox):
		if p.ybox < 0 {
			return ca, p.errorf(a.Pos, "rules %s pay no extra bonus, and whether a box holds a score or a zero is tracked only for the box of the extra bonus: write %q or %q", p.rules.Name(), a.Box.String()+" open", a.Box.String()+" filled")
		}
		return ca, p.errorf(a.Pos, "only the box of the extra bonus, %s, has \"scored\": whether another box holds a score or a zero is not tracked (write %q)", p.rules.Boxes()[p.ybox].ID, a.Box.String()+" filled")
	case (a.Feature == BonusNeeds || a.Feature == BonusWon || a.Feature == BonusLost || a.Feature == BonusInPlay) && p.threshold == 0:
		return ca, p.errorf(a.Pos, "rules %s have no upper bonus: %q has no meaning there", p.rules.Name(), a.String())
	case a.Feature == Turn && (a.Value < 1 || a.Value > p.nb):
		return ca, p.errorf(a.Pos, "rules %s have turns 1 to %d: turn %s %d is out of range", p.rules.Name(), p.nb, opText[a.Op], a.Value)
	case a.Feature == TurnsLeft && a.Value > p.nb-1:
		return ca, p.errorf(a.Pos, "rules %s leave 0 to %d turns: %d is out of range", p.rules.Name(), p.nb-1, a.Value)
	case a.Feature == RollsLeft && a.Value > p.rolls-1:
		return ca, p.errorf(a.Pos, "rules %s leave 0 to %d rolls: %d is out of range", p.rules.Name(), p.rolls-1, a.Value)
	}
	return ca, nil
}

func (p *Program) action(a *Action) (caction, error) {
	ca := caction{verb: a.Verb, faces: a.Faces}
	if a.Verb <= noVerb || a.Verb >= numVerbs {
		return ca, p.errorf(a.Pos, "unknown action %d", a.Verb)
	}
	switch a.Verb {
	case ScoreBox:
		b, err := p.box(a.Box)
		if err != nil {
			return ca, err
		}
		ca.box = b
	case KeepFor, ScoreBest, ScoreCheapest, Scratch:
		if len(a.Targets) == 0 {
			if a.Verb == KeepFor {
				return ca, p.errorf(a.Pos, "keep for what: a box, points, upper or lower")
			}
			ca.targets = 1<<p.nb - 1
		}
		for _, t := range a.Targets {
			switch t.Set {
			case Points:
				ca.targets |= 1<<p.nb - 1
			case UpperBoxes:
				ca.targets |= p.upperMask
			case LowerBoxes:
				ca.targets |= (1<<p.nb - 1) &^ p.upperMask
			default:
				b, err := p.box(t.Box)
				if err != nil {
					return ca, err
				}
				if b == groupRef {
					ca.group = true
				} else {
					ca.targets |= 1 << b
				}
			}
		}
	}
	return ca, nil
}

// Rules returns the rules the program plays.
func (p *Program) Rules() *engine.Rules { return p.rules }

// Len returns the number of rules of each kind the program holds, their defaults and the
// built-in one included: Decider's rule indices are below it.
func (p *Program) Len(k Kind) int {
	if k == KeepRule {
		return len(p.keeps)
	}
	return len(p.boxes)
}

// Source returns the rule of index i of kind k as the file writes it, or nil for the
// built-in default.
func (p *Program) Source(k Kind, i int) *Rule {
	if k == KeepRule {
		return p.keeps[i].src
	}
	return p.boxes[i].src
}

// TracksYahtzee reports whether the rules' decisions see whether the box of the extra bonus
// holds a score (State.YahtzeeScored): only when the rules pay an extra bonus.
func (p *Program) TracksYahtzee() bool { return p.ybox >= 0 }

// upperOf numbers the set of filled upper boxes of a mask.
func (p *Program) upperOf(filled uint64) int {
	return int(p.upIdx[filled&p.upperMask&(1<<p.nb-1)])
}

// classes finds, for every set of filled upper boxes, the subtotals where some atom of the
// program changes.
func (p *Program) classes() {
	p.upIdx = make([]uint8, 1<<p.nb)
	var uppers []uint64
	for m := range uint64(1 << p.nb) {
		if m&^p.upperMask == 0 {
			p.upIdx[m] = uint8(len(uppers))
			uppers = append(uppers, m)
		}
	}
	for m := range uint64(1 << p.nb) {
		p.upIdx[m] = p.upIdx[m&p.upperMask]
	}
	p.bounds = make([][]int16, len(uppers))
	p.parOf, p.openMax = make([]int, len(uppers)), make([]int, len(uppers))
	for i, up := range uppers {
		p.parOf[i], p.openMax[i] = p.par(up), p.openUpperMax(up)
		// The filled upper boxes hold at most the most the others could: a subtotal above
		// it is never seen, and a bound above it would make a class of no position.
		maxU := p.openUpperMax(0) - p.openUpperMax(up)
		var bs []int
		add := func(u int) {
			if u > 0 && u <= maxU {
				bs = append(bs, u)
			}
		}
		var walk func(n *cnode)
		walk = func(n *cnode) {
			for k := range n.kids {
				walk(&n.kids[k])
			}
			if n.op != nodeAtom {
				return
			}
			a := &n.atom
			switch a.f {
			case Upper:
				add(a.value)
				add(a.value + 1)
			case BonusNeeds:
				add(p.threshold - a.value)
				add(p.threshold - a.value + 1)
				add(p.threshold)
			case OverPar:
				add(p.parOf[i] + a.value)
				add(p.parOf[i] + a.value + 1)
			case BonusWon, BonusLost, BonusInPlay:
				add(p.threshold)
				add(p.threshold - p.openMax[i])
			}
		}
		for _, list := range [][]crule{p.keeps, p.boxes} {
			for _, r := range list {
				if r.cond != nil {
					walk(r.cond)
				}
			}
		}
		slices.Sort(bs)
		bs = slices.Compact(bs)
		p.bounds[i] = make([]int16, len(bs))
		for j, u := range bs {
			p.bounds[i][j] = int16(u)
		}
	}
}

// class returns the class of subtotal u for the filled boxes: the number of bounds at or
// below u.
func (p *Program) class(filled uint64, u int) int {
	bs := p.bounds[p.upperOf(filled)]
	c := 0
	for c < len(bs) && u >= int(bs[c]) {
		c++
	}
	return c
}

// par is three of each face of the filled upper boxes up.
func (p *Program) par(up uint64) int {
	par := 0
	for l := up; l != 0; l &= l - 1 {
		par += 3 * p.rules.Boxes()[bits.TrailingZeros64(l)].Face
	}
	return par
}

// openUpperMax is the most the upper boxes open beside the filled ones up can still score.
func (p *Program) openUpperMax(up uint64) int {
	most := 0
	for l := p.upperMask &^ up; l != 0; l &= l - 1 {
		b := bits.TrailingZeros64(l)
		best := 0
		for r := range engine.Roll(engine.NumRolls) {
			best = max(best, p.rules.Score(b, r))
		}
		most += best
	}
	return most
}
