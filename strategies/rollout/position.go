package rollout

import (
	"fmt"

	"yams/engine"
)

// Position is a point of a game where a decision is due: the sheet, the roll on the
// table and the rolls thrown in the turn (Used 0: the turn's start, before its first
// roll, where nothing is decided and Roll is not read).
type Position struct {
	Sheet *engine.Sheet
	Roll  engine.Roll
	Used  int
}

// Option is what may be decided at a position: a keep (IsBox false; keeping the whole
// roll is stopping, the box then left to the strategy), or a box for the roll. The zero
// Option at a turn's start decides nothing: the strategy plays the whole turn.
type Option struct {
	IsBox bool
	Keep  engine.Keep
	Box   engine.BoxID
}

// KeepOption and BoxOption make the options of a keep and of a box.
func KeepOption(k engine.Keep) Option  { return Option{Keep: k} }
func BoxOption(id engine.BoxID) Option { return Option{IsBox: true, Box: id} }
func (o Option) String() string {
	if o.IsBox {
		return fmt.Sprintf("box %d", o.Box)
	}
	return "keep " + o.Keep.String()
}

// Seed returns the seed of the dice of the games played on from a position: a hash of
// the sheet's boxes and scores, its extra bonuses, the roll and the rolls thrown. The
// same position always throws the same dice, whatever is measured there and on
// whichever worker, so that a figure never changes from one run to the next, and every
// option of a position is played on the same dice (common random numbers).
func (p *Position) Seed() uint64 {
	s := p.Sheet
	h := uint64(0xcbf29ce484222325)
	mix := func(x uint64) {
		h ^= x
		h *= 0x100000001b3
		h ^= h >> 29
	}
	mix(s.FilledMask())
	for id := range engine.BoxID(s.Rules().NumSlots()) {
		if s.Filled(id) {
			mix(uint64(s.Score(id)))
		}
	}
	mix(uint64(s.ExtraBonuses()))
	r := p.Roll
	if p.Used == 0 {
		r = 0
	}
	mix(uint64(r))
	mix(uint64(p.Used))
	return h
}
