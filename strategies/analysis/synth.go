package analysis

import (
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// Synth builds, for a turn-start state, an engine.Sheet in that state, by replaying
// fills on an empty sheet: the upper boxes first, with scores that add up to the
// subtotal (five of a kind allowed, since no joker or bonus applies before the yahtzee
// box is filled), then the yahtzee box (five of a kind if the state says it scored),
// then the other boxes with a roll that is no five of a kind and scores as little as
// possible, zero where the box allows it.
type Synth struct {
	sp *widget.Space
	// roll[b][c] is a roll that scores clsScore[b][c] in box b, no five of a kind if one does.
	roll [engine.MaxBoxes][256]engine.Roll
	// low[b] is the lowest-scoring roll of box b that is no five of a kind.
	low [engine.MaxBoxes]engine.Roll
	// choice[up(sub)*nu + u] is the score of the lowest box of sub in a decomposition of
	// subtotal u over the upper boxes sub, or -1 if there is none.
	choice []int16
	five   engine.Roll // a five of a kind that scores in the yahtzee box
}

func NewSynth(sp *widget.Space) (*Synth, error) {
	sy := &Synth{sp: sp, choice: make([]int16, len(sp.UpperReach))}
	r := sp.Rules
	for b := range sp.NumBoxes {
		lowScore := -1
		for c := range sp.ClassScores[b] {
			sy.roll[b][c] = 255
		}
		for roll := range engine.Roll(widget.NumRolls) {
			c := sp.ScoreClass[b][roll]
			five := roll.OfAKind() != 0
			if sy.roll[b][c] == 255 || (!five && sy.roll[b][c].OfAKind() != 0) {
				sy.roll[b][c] = roll
			}
			if !five && (lowScore < 0 || r.Score(b, roll) < lowScore) {
				lowScore, sy.low[b] = r.Score(b, roll), roll
			}
		}
	}
	if sp.YahtzeeBox >= 0 {
		for _, y := range widget.YahtzeeRolls {
			if r.Score(sp.YahtzeeBox, y) > 0 {
				sy.five = y
				break
			}
		}
	}
	for i := range sy.choice {
		sy.choice[i] = -1
	}
	sy.choice[0] = 0
	for sub := uint32(1); sub <= sp.UpperMask; sub++ {
		if sub&^sp.UpperMask != 0 {
			continue
		}
		b := bits.TrailingZeros32(sub)
		rest := sub &^ (1 << b)
		for _, v := range sp.ClassScores[b] {
			for u := range sp.NumSubtotals {
				if (rest == 0 && u != 0) || (rest != 0 && sy.choice[sp.Up(rest)*sp.NumSubtotals+u] < 0) {
					continue
				}
				if t := min(sp.UpperCap, u+v); sy.choice[sp.Up(sub)*sp.NumSubtotals+t] < 0 {
					sy.choice[sp.Up(sub)*sp.NumSubtotals+t] = int16(v)
				}
			}
		}
	}
	return sy, nil
}

// Sheet fills s for state (mask, u, f).
func (sy *Synth) Sheet(s *engine.Sheet, mask uint32, u, f int) error {
	sp := sy.sp
	s.Reset()
	sub := mask & sp.UpperMask
	t := u
	for sub != 0 {
		v := int(sy.choice[sp.Up(sub)*sp.NumSubtotals+t])
		if v < 0 {
			return fmt.Errorf("no sheet of rules %s has upper subtotal %d with boxes %#x filled", sp.Rules.Name(), u, mask&sp.UpperMask)
		}
		b := bits.TrailingZeros32(sub)
		c := 0
		for c < len(sp.ClassScores[b]) && sp.ClassScores[b][c] != v {
			c++
		}
		s.Fill(engine.BoxID(b), sy.roll[b][c])
		sub &^= 1 << b
		// The choice table was built for the exact subtotal of the boxes left.
		if rest := sub; rest != 0 {
			t = sy.restTotal(rest, t, v)
		}
	}
	if y := sp.YahtzeeBox; y >= 0 && mask&(1<<y) != 0 {
		if f == 1 {
			s.Fill(engine.BoxID(y), sy.five)
		} else {
			s.Fill(engine.BoxID(y), sy.low[y])
		}
	}
	for l := mask &^ sp.UpperMask; l != 0; l &= l - 1 {
		if b := bits.TrailingZeros32(l); b != sp.YahtzeeBox {
			s.Fill(engine.BoxID(b), sy.low[b])
		}
	}
	got := min(sp.UpperCap, s.Upper(0))
	gotF := 0
	if sp.NumFlags == 2 && mask&(1<<sp.YahtzeeBox) != 0 && s.Score(engine.BoxID(sp.YahtzeeBox)) > 0 {
		gotF = 1
	}
	if uint32(s.FilledMask()) != mask || got != u || gotF != f {
		return fmt.Errorf("optimal: built a sheet in state %#x/%d/%d for state %#x/%d/%d", s.FilledMask(), got, gotF, mask, u, f)
	}
	return nil
}

// restTotal returns the subtotal the boxes rest must make once a box scored v towards t.
// With u capped, the boxes left need any subtotal that reaches the cap with v.
func (sy *Synth) restTotal(rest uint32, t, v int) int {
	sp := sy.sp
	if t < sp.UpperCap {
		return t - v
	}
	for x := max(0, sp.UpperCap-v); x <= sp.UpperCap; x++ {
		if sy.choice[sp.Up(rest)*sp.NumSubtotals+x] >= 0 {
			return x
		}
	}
	return t - v
}

// StrategyDecider asks a Strategy for its decisions on a sheet built for each state.
type StrategyDecider struct {
	Synth    *Synth
	Strategy strategies.Strategy
	Name     string
	sheet    engine.Sheet
	mask     uint32
	e        error
}

func (d *StrategyDecider) Begin(st widget.TurnState) error {
	mask, u, f := st.Mask, st.U, st.F
	if d.sheet.Rules() == nil {
		d.sheet = engine.NewSheet(d.Synth.sp.Rules)
	}
	d.mask = mask
	return d.Synth.Sheet(&d.sheet, mask, u, f)
}

// Block implements blockDecider for a strategy that tells its blocks.
func (d *StrategyDecider) Block() int {
	if b, ok := d.Strategy.(strategies.Blocked); ok {
		return b.Block(&d.sheet)
	}
	return -1
}

func (d *StrategyDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	k := d.Strategy.Keep(&d.sheet, r, rollsLeft)
	if !k.Within(r) && d.e == nil {
		d.e = fmt.Errorf("strategy %s kept %v from roll %v", d.Name, k, r)
	}
	return k
}

func (d *StrategyDecider) Box(r engine.Roll, rollsUsed int) int {
	b := int(d.Strategy.Box(&d.sheet, r, rollsUsed))
	if d.Synth.sp.Legal(d.mask, r, rollsUsed)&(1<<b) == 0 {
		if d.e == nil {
			d.e = fmt.Errorf("strategy %s chose box %d, not legal for roll %v on sheet %#x", d.Name, b, r, d.mask)
		}
		return bits.TrailingZeros32(d.Synth.sp.Legal(d.mask, r, rollsUsed) | 1<<31)
	}
	return b
}

func (d *StrategyDecider) Err() error { return d.e }
