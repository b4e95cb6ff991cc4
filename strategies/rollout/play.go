package rollout

import (
	"math/rand/v2"

	"yams/engine"
	"yams/strategies"
)

// player plays a strategy on from positions, one game at a time, and scores its games
// with the control variate where the strategy is Valued. One per goroutine: it holds the
// strategy, which keeps scratch space.
type player struct {
	st    strategies.Strategy
	v     Valued // st, if it is Valued; nil if not
	rolls int
	sheet engine.Sheet
	tape  engine.Tape
	rng   rand.PCG // the dice of the chunk played
	// horizon, if above 0, is the turns played after the position's: the game's score is
	// then the strategy's potential of the sheet reached (a truncated rollout; a Valued
	// strategy only).
	horizon int
	// cur is the turn worked out for the position last played from (its sheet).
	cur      Turn
	curSheet engine.Sheet
	curOK    bool
}

func newPlayer(st strategies.Strategy, rules *engine.Rules) *player {
	v, _ := st.(Valued)
	return &player{st: st, v: v, rolls: rules.Rolls()}
}

// at works the turn of the position's sheet out, unless it is the one worked out last.
func (pl *player) at(s *engine.Sheet) *Turn {
	if !pl.curOK || pl.curSheet != *s {
		pl.v.Evaluate(s, &pl.cur)
		pl.curSheet, pl.curOK = *s, true
	}
	return &pl.cur
}

// play plays a game on from position p, deciding o there (the zero Option at a turn's
// start: nothing), the strategy deciding everything after, on the dice of g: the rolls
// left in the position's turn drawn first, whatever o is, then a tape a turn, so that
// every option of a position meets the same dice. It returns the final score and the
// corrected score (the final score less the luck the control variate measures; the final
// score where the strategy is not Valued).
func (pl *player) play(p *Position, o Option, g *rand.PCG) (score, corrected float64) {
	st, sh, tape := pl.st, &pl.sheet, &pl.tape
	*sh = *p.Sheet
	luck := 0.0
	r, used := p.Roll, p.Used
	if used > 0 {
		tape.Draw(g, max(1, pl.rolls-used))
		switch {
		case o.IsBox:
			sh.Fill(o.Box, r)
		default:
			k := o.Keep
			e := 0.0
			if pl.v != nil {
				t := pl.at(p.Sheet)
				if k == r.Keep() {
					e = t.Stop[used][r]
				} else {
					e = t.Keep[used][k]
				}
				luck -= e
			}
			if k != r.Keep() {
				r, used = tape.Reroll(k), used+1
				for used < pl.rolls && sh.Legal(r, used+1) != 0 {
					k := st.Keep(sh, r, pl.rolls-used)
					if k == r.Keep() {
						break
					}
					r, used = tape.Reroll(k), used+1
				}
			}
			if pl.v != nil {
				luck += pl.cur.Stop[used][r]
			}
			sh.Fill(st.Box(sh, r, used), r)
		}
	}
	for turns := 0; !sh.Done(); turns++ {
		if pl.horizon > 0 && turns == pl.horizon && pl.v != nil {
			h := pl.v.Potential(sh)
			return h, h - luck
		}
		e := 0.0
		if pl.v != nil {
			e = pl.v.TurnStart(sh)
		}
		tape.Draw(g, pl.rolls)
		r, used = tape.First(), 1
		for used < pl.rolls && sh.Legal(r, used+1) != 0 {
			k := st.Keep(sh, r, pl.rolls-used)
			if k == r.Keep() {
				break
			}
			r, used = tape.Reroll(k), used+1
		}
		if pl.v != nil {
			luck += pl.v.TurnEnd(r, used) - e
		}
		sh.Fill(st.Box(sh, r, used), r)
	}
	score = float64(sh.Total())
	return score, score - luck
}

// chunk plays chunk first+c of option o at position p, on the dice of seed, into scores
// and plain from game c·Chunk (corrected and final scores).
func (pl *player) chunk(p *Position, o Option, seed uint64, first, c int, scores, plain []float64) {
	pl.rng.Seed(seed, uint64(first+c))
	for j := range Chunk {
		plain[c*Chunk+j], scores[c*Chunk+j] = pl.play(p, o, &pl.rng)
	}
}
