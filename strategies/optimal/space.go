package optimal

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"yams/engine"
)

// space is the set of turn-start states of a one-column game and what a turn does to them.
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
type space struct {
	rules     *engine.Rules
	nb        int
	full      uint32 // every box
	upper     uint32 // boxes of the upper section
	threshold int    // upper bonus threshold; 0 without a bonus
	bonus     int    // upper bonus points
	cap       int
	nu, nf    int // values of u (cap+1) and of f (1 or 2)
	ybox      int // the yahtzee box, or -1
	extra     int // extra bonus points, 0 without
	rolls     int
	// sameStop: the value of ending a turn does not depend on the roll number (no
	// first-roll-only column).
	sameStop bool
	sign     [engine.MaxBoxes]int // -1 for a subtracted box

	// cls[b][r] is the index of roll r's score in box b among the box's distinct scores
	// clsScore[b], outside any joker. The solver values a box once per distinct score.
	cls      [engine.MaxBoxes][numRolls]uint8
	clsScore [engine.MaxBoxes][]int

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
	ureach []bool
	// lanes[up] lists the subtotals of ureach for up, increasing: the turn-start states
	// of a group (a mask and a flag) that the solver works out together.
	lanes [][]uint16
	// With merge, deadBelow[up] is the subtotal under which the bonus is out of reach;
	// such subtotals are all written 0.
	merge     bool
	deadBelow []int
}

// ErrColumns reports what has no exact solve on a sheet of several columns: a sheet whose
// product of columns is too large for memory (a *ColumnsError), or an objective other
// than the mean, which is solved on one column only.
var ErrColumns = errors.New("no exact solve on this sheet of several columns")

// errColumns explains why objective o has no exact solve on rules r of several columns.
func errColumns(r *engine.Rules, what string) error {
	return fmt.Errorf("%w: rules %s have %d columns, and %s is solved exactly on a sheet of one column only (on several columns yams solves optimal, the expected score, exactly)",
		ErrColumns, r.Name(), len(r.Columns()), what)
}

// newSpace builds the state space of rules, with u capped at capUpper (at least the
// threshold when there is an upper bonus), merging the subtotals that can no longer
// earn the bonus if merge is set.
func newSpace(r *engine.Rules, capUpper int, merge bool) (*space, error) {
	if len(r.Columns()) != 1 {
		return nil, fmt.Errorf("optimal: the space of one column, on rules %s of %d columns", r.Name(), len(r.Columns()))
	}
	nb := r.NumBoxes()
	sp := &space{
		rules:    r,
		nb:       nb,
		full:     uint32(1)<<nb - 1,
		cap:      capUpper,
		nu:       capUpper + 1,
		nf:       1,
		ybox:     r.YahtzeeBox(),
		extra:    r.ExtraPoints(),
		rolls:    r.Rolls(),
		sameStop: !r.Columns()[0].FirstRollOnly,
		merge:    merge && r.UpperPoints() != 0,
	}
	if r.UpperPoints() != 0 {
		sp.threshold, sp.bonus = r.UpperThreshold(), r.UpperPoints()
		if capUpper < sp.threshold {
			return nil, fmt.Errorf("optimal: upper cap %d below the threshold %d", capUpper, sp.threshold)
		}
	}
	if sp.extra != 0 {
		sp.nf = 2
	}
	for b, box := range r.Boxes() {
		sp.sign[b] = 1
		if box.Subtract {
			sp.sign[b] = -1
		}
		if r.IsUpper(b) {
			sp.upper |= 1 << b
		}
		var scores []int
		for roll := range engine.Roll(numRolls) {
			scores = append(scores, r.Score(b, roll))
		}
		slices.Sort(scores)
		scores = slices.Compact(scores)
		if len(scores) > 255 {
			return nil, fmt.Errorf("optimal: box %s has %d distinct scores", box.ID, len(scores))
		}
		sp.clsScore[b] = scores
		for roll := range engine.Roll(numRolls) {
			i, _ := slices.BinarySearch(scores, r.Score(b, roll))
			sp.cls[b][roll] = uint8(i)
		}
	}
	sp.reachMasks()
	sp.reachUpper()
	return sp, nil
}

// numStates is the size of a table over the states of the reachable masks: every
// subtotal and flag of each, reachable or not.
func (sp *space) numStates() int { return len(sp.rowMask) * sp.nu * sp.nf }

// index numbers the states so that those of a group (a mask and a flag) are consecutive,
// in increasing subtotal: the solver reads the values of a group's next states as rows.
// mask must be one games reach.
func (sp *space) index(mask uint32, u, f int) int {
	return (int(sp.row[mask])*sp.nf+f)*sp.nu + u
}

func (sp *space) split(i int) (mask uint32, u, f int) {
	u = i % sp.nu
	i /= sp.nu
	return sp.rowMask[i/sp.nf], u, i % sp.nf
}

// up returns the number of the set of upper boxes filled in mask.
func (sp *space) up(mask uint32) int { return int(sp.upIdx[mask]) }

// valid reports whether a state can occur in a game.
func (sp *space) valid(mask uint32, u, f int) bool {
	if !sp.maskOK[mask] || !sp.ureach[sp.up(mask)*sp.nu+u] {
		return false
	}
	return f == 0 || mask&(1<<sp.ybox) != 0
}

// countStates returns the number of states that occur in games.
func (sp *space) countStates() int {
	n := 0
	for g := range sp.nf << sp.nb {
		if mask, f := uint32(g/sp.nf), g%sp.nf; sp.groupValid(mask, f) {
			n += len(sp.lanes[sp.up(mask)])
		}
	}
	return n
}

// eachState calls f with the index of every state games reach, group after group in
// increasing mask and flag, each group's subtotals in increasing order.
func (sp *space) eachState(f func(i int)) {
	for g := range sp.nf << sp.nb {
		if mask, fl := uint32(g/sp.nf), g%sp.nf; sp.groupValid(mask, fl) {
			for _, u := range sp.lanes[sp.up(mask)] {
				f(sp.index(mask, int(u), fl))
			}
		}
	}
}

// groupValid reports whether the states of group (mask, f) occur in games.
func (sp *space) groupValid(mask uint32, f int) bool {
	return sp.maskOK[mask] && (f == 0 || mask&(1<<sp.ybox) != 0)
}

// layers returns the masks games reach by their number of filled boxes: layers[n] lists
// those of n boxes, in increasing order.
func (sp *space) layers() [][]uint32 {
	layers := make([][]uint32, sp.nb+1)
	for m := range uint32(1 << sp.nb) {
		if sp.maskOK[m] {
			n := bits.OnesCount32(m)
			layers[n] = append(layers[n], m)
		}
	}
	return layers
}

// legal returns the boxes where roll may go after rollsUsed rolls, for a sheet with mask filled.
func (sp *space) legal(mask uint32, roll engine.Roll, rollsUsed int) uint32 {
	return uint32(sp.rules.Legal(uint64(mask), roll, rollsUsed))
}

// reachMasks marks the masks that some sequence of legal fills reaches from the empty sheet.
func (sp *space) reachMasks() {
	sp.maskOK = make([]bool, 1<<sp.nb)
	sp.maskOK[0] = true
	// A fill only adds a bit, so increasing numeric order visits every mask after all
	// the masks it comes from.
	for m := range uint32(1 << sp.nb) {
		if !sp.maskOK[m] || m == sp.full {
			continue
		}
		var next uint32
		for ru := 1; ru <= sp.rolls; ru++ {
			next |= sp.legal(m, plainRoll, ru)
			for _, y := range yahtzeeRolls {
				next |= sp.legal(m, y, ru)
			}
		}
		for next != 0 {
			b := bits.TrailingZeros32(next)
			next &= next - 1
			sp.maskOK[m|1<<b] = true
		}
	}
	sp.row = make([]int32, 1<<sp.nb)
	for m, ok := range sp.maskOK {
		sp.row[m] = -1
		if ok {
			sp.row[m] = int32(len(sp.rowMask))
			sp.rowMask = append(sp.rowMask, uint32(m))
		}
	}
}

// boxScores returns every score box b can receive, joker scores included.
func (sp *space) boxScores(b int) []int {
	s := slices.Clone(sp.clsScore[b])
	if sp.rules.Joker() != engine.NoJoker {
		for f := 1; f <= engine.NumFaces; f++ {
			s = append(s, sp.rules.JokerScore(b, f))
		}
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// reachUpper marks the capped subtotals each set of upper boxes can add up to.
func (sp *space) reachUpper() {
	nUp := bits.OnesCount32(sp.upper)
	sp.upIdx = make([]uint16, 1<<sp.nb)
	for m := range uint32(1 << sp.nb) {
		k := 0
		for i, l := 0, sp.upper; l != 0; l &= l - 1 {
			if m&(1<<bits.TrailingZeros32(l)) != 0 {
				k |= 1 << i
			}
			i++
		}
		sp.upIdx[m] = uint16(k)
	}
	sp.ureach = make([]bool, (1<<nUp)*sp.nu)
	sp.ureach[0] = true
	var vals [engine.MaxBoxes][]int
	for b := range sp.nb {
		if sp.upper&(1<<b) != 0 {
			vals[b] = sp.boxScores(b)
		}
	}
	// Every subset after the subsets it grows from: increasing masks over the upper bits.
	for sub := uint32(1); sub <= sp.upper; sub++ {
		if sub&^sp.upper != 0 {
			continue
		}
		b := bits.TrailingZeros32(sub)
		prev := sp.ureach[sp.up(sub&^(1<<b))*sp.nu:][:sp.nu]
		cur := sp.ureach[sp.up(sub)*sp.nu:][:sp.nu]
		for u, ok := range prev {
			if !ok {
				continue
			}
			for _, v := range vals[b] {
				cur[min(sp.cap, u+v)] = true
			}
		}
	}
	if sp.merge {
		sp.deadBelow = make([]int, 1<<nUp)
		for sub := uint32(0); sub <= sp.upper; sub++ {
			if sub&^sp.upper != 0 {
				continue
			}
			rest := 0
			for l := sp.upper &^ sub; l != 0; l &= l - 1 {
				rest += slices.Max(vals[bits.TrailingZeros32(l)])
			}
			dead := max(0, sp.threshold-rest)
			sp.deadBelow[sp.up(sub)] = dead
			cur := sp.ureach[sp.up(sub)*sp.nu:][:sp.nu]
			for u := range min(dead, sp.nu) {
				if cur[u] {
					cur[u], cur[0] = false, true
				}
			}
		}
	}
	sp.lanes = make([][]uint16, 1<<nUp)
	for up := range sp.lanes {
		for u, ok := range sp.ureach[up*sp.nu:][:sp.nu] {
			if ok {
				sp.lanes[up] = append(sp.lanes[up], uint16(u))
			}
		}
	}
}

// canon returns the subtotal that stands for u on a sheet with mask filled.
func (sp *space) canon(mask uint32, u int) int {
	if sp.merge && u < sp.deadBelow[sp.up(mask)] {
		return 0
	}
	return u
}

// dead returns the subtotals of a sheet with mask filled that canon merges into 0, as
// [1, n): their values are copies of the value of subtotal 0, so that a turn can read
// the value of a next state without canon.
func (sp *space) dead(mask uint32) int {
	if !sp.merge {
		return 0
	}
	return min(sp.deadBelow[sp.up(mask)], sp.nu)
}

// fill is what scoring a final roll in a box does to a state.
type fill struct {
	next   int // index of the next state, (mask, u, f)
	mask   uint32
	u, f   int
	pts    int // the score written in the box
	reward int // points gained: the score (negated for a subtracted box), the upper bonus if earned, the extra bonus
	bonus  bool
	extra  bool
}

// apply scores roll in box b of state (mask, u, f).
func (sp *space) apply(mask uint32, u, f, b int, roll engine.Roll) fill {
	pts := sp.rules.Points(uint64(mask), engine.BoxID(b), roll)
	return sp.applyPoints(mask, u, f, b, pts, roll.OfAKind() != 0)
}

// next returns the state after scoring roll in box b of state (mask, u, f) and the points
// written in the box, the reward left out: what the strategy needs to fetch the next
// turn's decisions early, at the cost of a few table lookups.
func (sp *space) next(mask uint32, u, f, b int, roll engine.Roll) (uint32, int, int, int) {
	var pts int
	if roll.OfAKind() != 0 {
		pts = sp.rules.Points(uint64(mask), engine.BoxID(b), roll)
	} else {
		pts = sp.clsScore[b][sp.cls[b][roll]]
	}
	if sp.upper&(1<<b) != 0 {
		u = sp.canon(mask|1<<b, min(sp.cap, u+pts))
	}
	if b == sp.ybox && sp.nf == 2 && pts > 0 {
		f = 1
	}
	return mask | 1<<b, u, f, pts
}

// applyPoints is apply for a roll that scores pts in box b; five tells whether it is five of a kind.
func (sp *space) applyPoints(mask uint32, u, f, b, pts int, five bool) fill {
	x := fill{pts: pts, reward: sp.sign[b] * pts}
	if sp.upper&(1<<b) != 0 {
		nu := u + pts
		if sp.threshold > 0 && u < sp.threshold && nu >= sp.threshold {
			x.bonus = true
			x.reward += sp.bonus
		}
		u = sp.canon(mask|1<<b, min(sp.cap, nu))
	}
	if sp.nf == 2 {
		if five && f == 1 {
			x.extra = true
			x.reward += sp.extra
		}
		if b == sp.ybox && pts > 0 {
			f = 1
		}
	}
	x.mask, x.u, x.f = mask|1<<b, u, f
	x.next = sp.index(x.mask, u, f)
	return x
}

// newSolverSpace returns the space the solver works on: u capped at the threshold.
func newSolverSpace(r *engine.Rules) (*space, error) {
	return newSpace(r, r.UpperThreshold()*min(1, r.UpperPoints()), true)
}

// sheetState returns the state index of a one-column sheet at the start of a turn.
func (sp *space) sheetState(s *engine.Sheet) (int, bool) {
	if s.Rules() != sp.rules && s.Rules().Hash() != sp.rules.Hash() {
		return 0, false
	}
	mask, u, f, ok := sp.sheetParts(s)
	if !ok {
		return 0, false
	}
	return sp.index(mask, u, f), true
}

// sheetParts returns the state of a sheet of the space's rules as (mask, u, f).
func (sp *space) sheetParts(s *engine.Sheet) (mask uint32, u, f int, ok bool) {
	mask = uint32(s.FilledMask())
	u = sp.canon(mask, min(sp.cap, s.Upper(0)))
	if sp.nf == 2 && mask&(1<<sp.ybox) != 0 && s.Score(engine.BoxID(sp.ybox)) > 0 {
		f = 1
	}
	return mask, u, f, u >= 0 && int(mask) < len(sp.maskOK) && sp.valid(mask, u, f)
}

func (sp *space) shape() [5]uint32 {
	merge := uint32(0)
	if sp.merge {
		merge = 1
	}
	return [5]uint32{uint32(sp.nb), uint32(sp.nu), uint32(sp.nf), uint32(sp.rolls), merge}
}
