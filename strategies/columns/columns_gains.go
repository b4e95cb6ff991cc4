package columns

import (
	"math"
	"math/bits"

	"yams/engine"
	"yams/strategies/widget"
)

// ColumnGains is what ending a turn with each final roll is worth in one column of a
// sheet of several columns, for a strategy that values the column's state after the turn
// (column-tables by the points and the column's value gained, win by its chance of
// finishing first): the worth of the best box of the column for each roll, and that box.
type ColumnGains struct {
	// Gain[0] after the first roll, Gain[1] after a later one in a "sec" column (−∞: it
	// has no box then; Later reads Gain[0] for the others): the best worth of a final
	// roll in the column (−∞ where no box of it takes the roll), Box its box.
	Gain [2][widget.NumRolls]float64
	Box  [2][widget.NumRolls]uint8
	val  [256]float64 // scratch: the worth of each score of a box
}

// Work works out the gains of the column of space sp in state (mask, u, f), a "sec"
// column (first rolls only) if sec, where scoring reward points and leaving the column
// in state next (an index of sp) is worth value(next, reward). Five of a kind is valued
// box by box, for the joker may force the box and earn the extra bonus.
func (g *ColumnGains) Work(sp *widget.Space, mask uint32, u, f int, sec bool, value func(next, reward int) float64) {
	// After the first roll; a later roll has the same boxes, but in a "sec" column, which
	// has none.
	gain, arg := &g.Gain[0], &g.Box[0]
	for r := range gain {
		gain[r] = math.Inf(-1)
	}
	for l := sp.Legal(mask, widget.PlainRoll, 1); l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		cls := &sp.ScoreClass[b]
		val := &g.val
		for c, pts := range sp.ClassScores[b] {
			x := sp.ApplyPoints(mask, u, f, b, pts, false)
			val[c] = value(int(x.Next), int(x.Reward))
		}
		for r := range engine.Roll(widget.NumRolls) {
			if x := val[cls[r]]; x > gain[r] {
				gain[r], arg[r] = x, uint8(b)
			}
		}
	}
	for _, y := range widget.YahtzeeRolls {
		gain[y] = math.Inf(-1)
		for l := sp.Legal(mask, y, 1); l != 0; l &= l - 1 {
			b := bits.TrailingZeros32(l)
			x := sp.Apply(mask, u, f, b, y)
			if val := value(int(x.Next), int(x.Reward)); val > gain[y] {
				gain[y], arg[y] = val, uint8(b)
			}
		}
	}
	if sec {
		for r := range g.Gain[1] {
			g.Gain[1][r] = math.Inf(-1)
		}
	}
}

// Later returns the gains and boxes of a turn ended after a later roll than the first:
// those of the first roll, but in a "sec" column.
func (g *ColumnGains) Later(sec bool) (*[widget.NumRolls]float64, *[widget.NumRolls]uint8) {
	if sec {
		return &g.Gain[1], &g.Box[1]
	}
	return &g.Gain[0], &g.Box[0]
}
