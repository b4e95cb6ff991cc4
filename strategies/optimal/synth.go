package optimal

import (
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/strategies"
)

// synth builds, for a turn-start state, an engine.Sheet in that state, by replaying
// fills on an empty sheet: the upper boxes first, with scores that add up to the
// subtotal (five of a kind allowed, since no joker or bonus applies before the yahtzee
// box is filled), then the yahtzee box (five of a kind if the state says it scored),
// then the other boxes with a roll that is no five of a kind and scores as little as
// possible, zero where the box allows it.
type synth struct {
	sp *space
	// roll[b][c] is a roll that scores clsScore[b][c] in box b, no five of a kind if one does.
	roll [engine.MaxBoxes][256]engine.Roll
	// low[b] is the lowest-scoring roll of box b that is no five of a kind.
	low [engine.MaxBoxes]engine.Roll
	// choice[up(sub)*nu + u] is the score of the lowest box of sub in a decomposition of
	// subtotal u over the upper boxes sub, or -1 if there is none.
	choice []int16
	five   engine.Roll // a five of a kind that scores in the yahtzee box
}

func newSynth(sp *space) (*synth, error) {
	sy := &synth{sp: sp, choice: make([]int16, len(sp.ureach))}
	r := sp.rules
	for b := range sp.nb {
		lowScore := -1
		for c := range sp.clsScore[b] {
			sy.roll[b][c] = 255
		}
		for roll := range engine.Roll(numRolls) {
			c := sp.cls[b][roll]
			five := roll.OfAKind() != 0
			if sy.roll[b][c] == 255 || (!five && sy.roll[b][c].OfAKind() != 0) {
				sy.roll[b][c] = roll
			}
			if !five && (lowScore < 0 || r.Score(b, roll) < lowScore) {
				lowScore, sy.low[b] = r.Score(b, roll), roll
			}
		}
	}
	if sp.ybox >= 0 {
		for _, y := range yahtzeeRolls {
			if r.Score(sp.ybox, y) > 0 {
				sy.five = y
				break
			}
		}
	}
	for i := range sy.choice {
		sy.choice[i] = -1
	}
	sy.choice[0] = 0
	for sub := uint32(1); sub <= sp.upper; sub++ {
		if sub&^sp.upper != 0 {
			continue
		}
		b := bits.TrailingZeros32(sub)
		rest := sub &^ (1 << b)
		for _, v := range sp.clsScore[b] {
			for u := range sp.nu {
				if (rest == 0 && u != 0) || (rest != 0 && sy.choice[sp.up(rest)*sp.nu+u] < 0) {
					continue
				}
				if t := min(sp.cap, u+v); sy.choice[sp.up(sub)*sp.nu+t] < 0 {
					sy.choice[sp.up(sub)*sp.nu+t] = int16(v)
				}
			}
		}
	}
	return sy, nil
}

// sheet fills s for state (mask, u, f).
func (sy *synth) sheet(s *engine.Sheet, mask uint32, u, f int) error {
	sp := sy.sp
	s.Reset()
	sub := mask & sp.upper
	t := u
	for sub != 0 {
		v := int(sy.choice[sp.up(sub)*sp.nu+t])
		if v < 0 {
			return fmt.Errorf("no sheet of rules %s has upper subtotal %d with boxes %#x filled", sp.rules.Name(), u, mask&sp.upper)
		}
		b := bits.TrailingZeros32(sub)
		c := 0
		for c < len(sp.clsScore[b]) && sp.clsScore[b][c] != v {
			c++
		}
		s.Fill(engine.BoxID(b), sy.roll[b][c])
		sub &^= 1 << b
		// The choice table was built for the exact subtotal of the boxes left.
		if rest := sub; rest != 0 {
			t = sy.restTotal(rest, t, v)
		}
	}
	if y := sp.ybox; y >= 0 && mask&(1<<y) != 0 {
		if f == 1 {
			s.Fill(engine.BoxID(y), sy.five)
		} else {
			s.Fill(engine.BoxID(y), sy.low[y])
		}
	}
	for l := mask &^ sp.upper; l != 0; l &= l - 1 {
		if b := bits.TrailingZeros32(l); b != sp.ybox {
			s.Fill(engine.BoxID(b), sy.low[b])
		}
	}
	got := min(sp.cap, s.Upper(0))
	gotF := 0
	if sp.nf == 2 && mask&(1<<sp.ybox) != 0 && s.Score(engine.BoxID(sp.ybox)) > 0 {
		gotF = 1
	}
	if uint32(s.FilledMask()) != mask || got != u || gotF != f {
		return fmt.Errorf("optimal: built a sheet in state %#x/%d/%d for state %#x/%d/%d", s.FilledMask(), got, gotF, mask, u, f)
	}
	return nil
}

// restTotal returns the subtotal the boxes rest must make once a box scored v towards t.
// With u capped, the boxes left need any subtotal that reaches the cap with v.
func (sy *synth) restTotal(rest uint32, t, v int) int {
	sp := sy.sp
	if t < sp.cap {
		return t - v
	}
	for x := max(0, sp.cap-v); x <= sp.cap; x++ {
		if sy.choice[sp.up(rest)*sp.nu+x] >= 0 {
			return x
		}
	}
	return t - v
}

// strategyDecider asks a Strategy for its decisions on a sheet built for each state.
type strategyDecider struct {
	sy    *synth
	st    strategies.Strategy
	name  string
	sheet engine.Sheet
	mask  uint32
	e     error
}

func (d *strategyDecider) begin(st turnState) error {
	mask, u, f := st.mask, st.u, st.f
	if d.sheet.Rules() == nil {
		d.sheet = engine.NewSheet(d.sy.sp.rules)
	}
	d.mask = mask
	return d.sy.sheet(&d.sheet, mask, u, f)
}

// block implements blockDecider for a strategy that tells its blocks.
func (d *strategyDecider) block() int {
	if b, ok := d.st.(strategies.Blocked); ok {
		return b.Block(&d.sheet)
	}
	return -1
}

func (d *strategyDecider) keep(r engine.Roll, rollsLeft int) engine.Keep {
	k := d.st.Keep(&d.sheet, r, rollsLeft)
	if !k.Within(r) && d.e == nil {
		d.e = fmt.Errorf("strategy %s kept %v from roll %v", d.name, k, r)
	}
	return k
}

func (d *strategyDecider) box(r engine.Roll, rollsUsed int) int {
	b := int(d.st.Box(&d.sheet, r, rollsUsed))
	if d.sy.sp.legal(d.mask, r, rollsUsed)&(1<<b) == 0 {
		if d.e == nil {
			d.e = fmt.Errorf("strategy %s chose box %d, not legal for roll %v on sheet %#x", d.name, b, r, d.mask)
		}
		return bits.TrailingZeros32(d.sy.sp.legal(d.mask, r, rollsUsed) | 1<<31)
	}
	return b
}

func (d *strategyDecider) err() error { return d.e }
