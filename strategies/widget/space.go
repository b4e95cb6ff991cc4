package widget

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"yams/engine"
)

// Space is the set of turn-start states of a one-column game and what a turn does to them.
//
// A state is (mask, u, f): the filled boxes, the upper subtotal capped at cap, and whether
// the yahtzee box holds a non-zero score (only when the rules pay an extra bonus, the one
// thing that flag decides). Everything else the rules look at is a function of these:
// the joker of either kind and the fill orders read the mask alone, an upper bonus
// counted "as soon as reached" ends up in the same final total as one counted at the end,
// and a subtracted box (the Minimum of Total II = Maximum − Minimum) only flips the sign
// of its score in a sum, so the total stays a sum of per-turn rewards.
//
// The solver caps u at the bonus threshold, since beyond it the subtotal no longer
// matters, and merges the subtotals from which the bonus is out of reach (u plus the
// best scores of the open upper boxes below the threshold) into u = 0: from all of them
// the rest of the game is the same game. That removes a third of hasbro's states. The
// exact analysis of another strategy keeps the exact subtotal instead (capped at the
// highest possible one), because a heuristic may well look at it.
type Space struct {
	Rules                  *engine.Rules
	NumBoxes               int
	FullMask               uint32 // every box
	UpperMask              uint32 // boxes of the upper section
	threshold              int    // upper bonus threshold; 0 without a bonus
	UpperBonus             int    // upper bonus points
	UpperCap               int
	NumSubtotals, NumFlags int // values of u (cap+1) and of f (1 or 2)
	YahtzeeBox             int // the yahtzee box, or -1
	ExtraBonus             int // extra bonus points, 0 without
	Rolls                  int
	// SameStop: the value of ending a turn does not depend on the roll number (no
	// first-roll-only column).
	SameStop bool
	Sign     [engine.MaxBoxes]int // -1 for a subtracted box

	// cls[b][r] is the index of roll r's score in box b among the box's distinct scores
	// clsScore[b], outside any joker. The solver values a box once per distinct score.
	ScoreClass  [engine.MaxBoxes][NumRolls]uint8
	ClassScores [engine.MaxBoxes][]int

	maskOK []bool // masks the fill orders can reach
	// The states are laid out a row of nu subtotals per reachable mask and flag:
	// row[mask] numbers the reachable masks (−1 for the others) and rowMask[n] is the
	// mask of number n. An ordered column reaches a few masks of the 2^nb, and its table
	// takes as many rows.
	row     []int32
	rowMask []uint32
	// The sets of filled upper boxes are numbered 0 to 2^(upper boxes)−1: upIdx[mask] is
	// the number of mask&upper (the bits of the upper boxes, packed).
	upIdx []uint16
	// ureach[up*nu + u]: u is a possible capped subtotal of the upper boxes numbered up.
	UpperReach []bool
	// Lanes[up] lists the subtotals of ureach for up, increasing: the turn-start states
	// of a group (a mask and a flag) that the solver works out together.
	Lanes [][]uint16
	// With merge, deadBelow[up] is the subtotal under which the bonus is out of reach;
	// such subtotals are all written 0.
	Merged    bool
	DeadBelow []int
}

// ErrColumns reports what has no exact solve on a sheet of several columns: a sheet whose
// product of columns is too large for memory (a *ColumnsError), or an objective other
// than the mean, which is solved on one column only.
var ErrColumns = errors.New("no exact solve on this sheet of several columns")

// errColumns explains why objective o has no exact solve on rules r of several columns.
func RefuseColumns(r *engine.Rules, what string) error {
	return fmt.Errorf("%w: rules %s have %d columns, and %s is solved exactly on a sheet of one column only (on several columns yams solves optimal, the expected score, exactly)",
		ErrColumns, r.Name(), len(r.Columns()), what)
}

// NewSpace builds the state space of rules, with u capped at capUpper (at least the
// threshold when there is an upper bonus), merging the subtotals that can no longer
// earn the bonus if merge is set.
func NewSpace(r *engine.Rules, capUpper int, merge bool) (*Space, error) {
	if len(r.Columns()) != 1 {
		return nil, fmt.Errorf("optimal: the space of one column, on rules %s of %d columns", r.Name(), len(r.Columns()))
	}
	nb := r.NumBoxes()
	sp := &Space{
		Rules:        r,
		NumBoxes:     nb,
		FullMask:     uint32(1)<<nb - 1,
		UpperCap:     capUpper,
		NumSubtotals: capUpper + 1,
		NumFlags:     1,
		YahtzeeBox:   r.YahtzeeBox(),
		ExtraBonus:   r.ExtraPoints(),
		Rolls:        r.Rolls(),
		SameStop:     !r.Columns()[0].FirstRollOnly,
		Merged:       merge && r.UpperPoints() != 0,
	}
	if r.UpperPoints() != 0 {
		sp.threshold, sp.UpperBonus = r.UpperThreshold(), r.UpperPoints()
		if capUpper < sp.threshold {
			return nil, fmt.Errorf("optimal: upper cap %d below the threshold %d", capUpper, sp.threshold)
		}
	}
	if sp.ExtraBonus != 0 {
		sp.NumFlags = 2
	}
	for b, box := range r.Boxes() {
		sp.Sign[b] = 1
		if box.Subtract {
			sp.Sign[b] = -1
		}
		if r.IsUpper(b) {
			sp.UpperMask |= 1 << b
		}
		var scores []int
		for roll := range engine.Roll(NumRolls) {
			scores = append(scores, r.Score(b, roll))
		}
		slices.Sort(scores)
		scores = slices.Compact(scores)
		if len(scores) > 255 {
			return nil, fmt.Errorf("optimal: box %s has %d distinct scores", box.ID, len(scores))
		}
		sp.ClassScores[b] = scores
		for roll := range engine.Roll(NumRolls) {
			i, _ := slices.BinarySearch(scores, r.Score(b, roll))
			sp.ScoreClass[b][roll] = uint8(i)
		}
	}
	sp.reachMasks()
	sp.reachUpper()
	return sp, nil
}

// NumStates is the size of a table over the states of the reachable masks: every
// subtotal and flag of each, reachable or not.
func (sp *Space) NumStates() int { return len(sp.rowMask) * sp.NumSubtotals * sp.NumFlags }

// Index numbers the states so that those of a group (a mask and a flag) are consecutive,
// in increasing subtotal: the solver reads the values of a group's next states as rows.
// mask must be one games reach.
func (sp *Space) Index(mask uint32, u, f int) int {
	return (int(sp.row[mask])*sp.NumFlags+f)*sp.NumSubtotals + u
}

func (sp *Space) Split(i int) (mask uint32, u, f int) {
	u = i % sp.NumSubtotals
	i /= sp.NumSubtotals
	return sp.rowMask[i/sp.NumFlags], u, i % sp.NumFlags
}

// Up returns the number of the set of upper boxes filled in mask.
func (sp *Space) Up(mask uint32) int { return int(sp.upIdx[mask]) }

// Valid reports whether a state can occur in a game.
func (sp *Space) Valid(mask uint32, u, f int) bool {
	if !sp.maskOK[mask] || !sp.UpperReach[sp.Up(mask)*sp.NumSubtotals+u] {
		return false
	}
	return f == 0 || mask&(1<<sp.YahtzeeBox) != 0
}

// CountStates returns the number of states that occur in games.
func (sp *Space) CountStates() int {
	n := 0
	for g := range sp.NumFlags << sp.NumBoxes {
		if mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags; sp.GroupValid(mask, f) {
			n += len(sp.Lanes[sp.Up(mask)])
		}
	}
	return n
}

// EachState calls f with the index of every state games reach, group after group in
// increasing mask and flag, each group's subtotals in increasing order.
func (sp *Space) EachState(f func(i int)) {
	for g := range sp.NumFlags << sp.NumBoxes {
		if mask, fl := uint32(g/sp.NumFlags), g%sp.NumFlags; sp.GroupValid(mask, fl) {
			for _, u := range sp.Lanes[sp.Up(mask)] {
				f(sp.Index(mask, int(u), fl))
			}
		}
	}
}

// GroupValid reports whether the states of group (mask, f) occur in games.
func (sp *Space) GroupValid(mask uint32, f int) bool {
	return sp.maskOK[mask] && (f == 0 || mask&(1<<sp.YahtzeeBox) != 0)
}

// Layers returns the masks games reach by their number of filled boxes: layers[n] lists
// those of n boxes, in increasing order.
func (sp *Space) Layers() [][]uint32 {
	layers := make([][]uint32, sp.NumBoxes+1)
	for m := range uint32(1 << sp.NumBoxes) {
		if sp.maskOK[m] {
			n := bits.OnesCount32(m)
			layers[n] = append(layers[n], m)
		}
	}
	return layers
}

// Legal returns the boxes where roll may go after rollsUsed rolls, for a sheet with mask filled.
func (sp *Space) Legal(mask uint32, roll engine.Roll, rollsUsed int) uint32 {
	return uint32(sp.Rules.Legal(uint64(mask), roll, rollsUsed))
}

// reachMasks marks the masks that some sequence of legal fills reaches from the empty sheet.
func (sp *Space) reachMasks() {
	sp.maskOK = make([]bool, 1<<sp.NumBoxes)
	sp.maskOK[0] = true
	// A fill only adds a bit, so increasing numeric order visits every mask after all
	// the masks it comes from.
	for m := range uint32(1 << sp.NumBoxes) {
		if !sp.maskOK[m] || m == sp.FullMask {
			continue
		}
		var next uint32
		for ru := 1; ru <= sp.Rolls; ru++ {
			next |= sp.Legal(m, PlainRoll, ru)
			for _, y := range YahtzeeRolls {
				next |= sp.Legal(m, y, ru)
			}
		}
		for next != 0 {
			b := bits.TrailingZeros32(next)
			next &= next - 1
			sp.maskOK[m|1<<b] = true
		}
	}
	sp.row = make([]int32, 1<<sp.NumBoxes)
	for m, ok := range sp.maskOK {
		sp.row[m] = -1
		if ok {
			sp.row[m] = int32(len(sp.rowMask))
			sp.rowMask = append(sp.rowMask, uint32(m))
		}
	}
}

// BoxScores returns every score box b can receive, joker scores included.
func (sp *Space) BoxScores(b int) []int {
	s := slices.Clone(sp.ClassScores[b])
	if sp.Rules.Joker() != engine.NoJoker {
		for f := 1; f <= engine.NumFaces; f++ {
			s = append(s, sp.Rules.JokerScore(b, f))
		}
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// reachUpper marks the capped subtotals each set of upper boxes can add up to.
func (sp *Space) reachUpper() {
	nUp := bits.OnesCount32(sp.UpperMask)
	sp.upIdx = make([]uint16, 1<<sp.NumBoxes)
	for m := range uint32(1 << sp.NumBoxes) {
		k := 0
		for i, l := 0, sp.UpperMask; l != 0; l &= l - 1 {
			if m&(1<<bits.TrailingZeros32(l)) != 0 {
				k |= 1 << i
			}
			i++
		}
		sp.upIdx[m] = uint16(k)
	}
	sp.UpperReach = make([]bool, (1<<nUp)*sp.NumSubtotals)
	sp.UpperReach[0] = true
	var vals [engine.MaxBoxes][]int
	for b := range sp.NumBoxes {
		if sp.UpperMask&(1<<b) != 0 {
			vals[b] = sp.BoxScores(b)
		}
	}
	// Every subset after the subsets it grows from: increasing masks over the upper bits.
	for sub := uint32(1); sub <= sp.UpperMask; sub++ {
		if sub&^sp.UpperMask != 0 {
			continue
		}
		b := bits.TrailingZeros32(sub)
		prev := sp.UpperReach[sp.Up(sub&^(1<<b))*sp.NumSubtotals:][:sp.NumSubtotals]
		cur := sp.UpperReach[sp.Up(sub)*sp.NumSubtotals:][:sp.NumSubtotals]
		for u, ok := range prev {
			if !ok {
				continue
			}
			for _, v := range vals[b] {
				cur[min(sp.UpperCap, u+v)] = true
			}
		}
	}
	if sp.Merged {
		sp.DeadBelow = make([]int, 1<<nUp)
		for sub := uint32(0); sub <= sp.UpperMask; sub++ {
			if sub&^sp.UpperMask != 0 {
				continue
			}
			rest := 0
			for l := sp.UpperMask &^ sub; l != 0; l &= l - 1 {
				rest += slices.Max(vals[bits.TrailingZeros32(l)])
			}
			dead := max(0, sp.threshold-rest)
			sp.DeadBelow[sp.Up(sub)] = dead
			cur := sp.UpperReach[sp.Up(sub)*sp.NumSubtotals:][:sp.NumSubtotals]
			for u := range min(dead, sp.NumSubtotals) {
				if cur[u] {
					cur[u], cur[0] = false, true
				}
			}
		}
	}
	sp.Lanes = make([][]uint16, 1<<nUp)
	for up := range sp.Lanes {
		for u, ok := range sp.UpperReach[up*sp.NumSubtotals:][:sp.NumSubtotals] {
			if ok {
				sp.Lanes[up] = append(sp.Lanes[up], uint16(u))
			}
		}
	}
}

// Canon returns the subtotal that stands for u on a sheet with mask filled.
func (sp *Space) Canon(mask uint32, u int) int {
	if sp.Merged && u < sp.DeadBelow[sp.Up(mask)] {
		return 0
	}
	return u
}

// dead returns the subtotals of a sheet with mask filled that canon merges into 0, as
// [1, n): their values are copies of the value of subtotal 0, so that a turn can read
// the value of a next state without canon.
func (sp *Space) dead(mask uint32) int {
	if !sp.Merged {
		return 0
	}
	return min(sp.DeadBelow[sp.Up(mask)], sp.NumSubtotals)
}

// Fill is what scoring a final roll in a box does to a state.
type Fill struct {
	Next       int // index of the next state, (mask, u, f)
	Mask       uint32
	U, F       int
	Points     int // the score written in the box
	Reward     int // points gained: the score (negated for a subtracted box), the upper bonus if earned, the extra bonus
	UpperBonus bool
	ExtraBonus bool
}

// Apply scores roll in box b of state (mask, u, f).
func (sp *Space) Apply(mask uint32, u, f, b int, roll engine.Roll) Fill {
	pts := sp.Rules.Points(uint64(mask), engine.BoxID(b), roll)
	return sp.ApplyPoints(mask, u, f, b, pts, roll.OfAKind() != 0)
}

// Next returns the state after scoring roll in box b of state (mask, u, f) and the points
// written in the box, the reward left out: what the strategy needs to fetch the next
// turn's decisions early, at the cost of a few table lookups.
func (sp *Space) Next(mask uint32, u, f, b int, roll engine.Roll) (uint32, int, int, int) {
	var pts int
	if roll.OfAKind() != 0 {
		pts = sp.Rules.Points(uint64(mask), engine.BoxID(b), roll)
	} else {
		pts = sp.ClassScores[b][sp.ScoreClass[b][roll]]
	}
	if sp.UpperMask&(1<<b) != 0 {
		u = sp.Canon(mask|1<<b, min(sp.UpperCap, u+pts))
	}
	if b == sp.YahtzeeBox && sp.NumFlags == 2 && pts > 0 {
		f = 1
	}
	return mask | 1<<b, u, f, pts
}

// ApplyPoints is apply for a roll that scores pts in box b; five tells whether it is five of a kind.
func (sp *Space) ApplyPoints(mask uint32, u, f, b, pts int, five bool) Fill {
	x := Fill{Points: pts, Reward: sp.Sign[b] * pts}
	if sp.UpperMask&(1<<b) != 0 {
		nu := u + pts
		if sp.threshold > 0 && u < sp.threshold && nu >= sp.threshold {
			x.UpperBonus = true
			x.Reward += sp.UpperBonus
		}
		u = sp.Canon(mask|1<<b, min(sp.UpperCap, nu))
	}
	if sp.NumFlags == 2 {
		if five && f == 1 {
			x.ExtraBonus = true
			x.Reward += sp.ExtraBonus
		}
		if b == sp.YahtzeeBox && pts > 0 {
			f = 1
		}
	}
	x.Mask, x.U, x.F = mask|1<<b, u, f
	x.Next = sp.Index(x.Mask, u, f)
	return x
}

// NewSolverSpace returns the space the solver works on: u capped at the threshold.
func NewSolverSpace(r *engine.Rules) (*Space, error) {
	return NewSpace(r, r.UpperThreshold()*min(1, r.UpperPoints()), true)
}

// SheetState returns the state index of a one-column sheet at the start of a turn.
func (sp *Space) SheetState(s *engine.Sheet) (int, bool) {
	if s.Rules() != sp.Rules && s.Rules().Hash() != sp.Rules.Hash() {
		return 0, false
	}
	mask, u, f, ok := sp.SheetParts(s)
	if !ok {
		return 0, false
	}
	return sp.Index(mask, u, f), true
}

// SheetParts returns the state of a sheet of the space's rules as (mask, u, f).
func (sp *Space) SheetParts(s *engine.Sheet) (mask uint32, u, f int, ok bool) {
	mask = uint32(s.FilledMask())
	u = sp.Canon(mask, min(sp.UpperCap, s.Upper(0)))
	if sp.NumFlags == 2 && mask&(1<<sp.YahtzeeBox) != 0 && s.Score(engine.BoxID(sp.YahtzeeBox)) > 0 {
		f = 1
	}
	return mask, u, f, u >= 0 && int(mask) < len(sp.maskOK) && sp.Valid(mask, u, f)
}

func (sp *Space) Shape() [5]uint32 {
	merge := uint32(0)
	if sp.Merged {
		merge = 1
	}
	return [5]uint32{uint32(sp.NumBoxes), uint32(sp.NumSubtotals), uint32(sp.NumFlags), uint32(sp.Rolls), merge}
}
