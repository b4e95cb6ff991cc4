package sim

import (
	"fmt"
	"math/rand/v2"

	"yams/strategies"
)

// playBatch plays the games of a chunk of a batch strategy together: every game waits for
// a decision, the strategy answers them all in one call, and the games move on, until all
// are over. Each game draws its dice from its own generator, seeded as any game is, so a
// batch strategy plays the dice a strategy of one decision at a time would: the same
// summary, bit for bit, whatever the batches.
func (w *worker) playBatch(p *player, i int, cfg *Config, lo, hi int64) error {
	n := int(hi - lo)
	for len(p.games) < n {
		g := NewGame(cfg.Rules)
		if p.regret != nil {
			g.Observe(p.regret)
		}
		p.games = append(p.games, g)
	}
	if len(p.dice) < n {
		p.dice = make([]rand.PCG, n)
		p.seed = make([]uint64, n)
	}
	for k := range n {
		g := p.games[k]
		g.Index = cfg.First + lo + int64(k)
		dice, draws := GameSeeds(cfg.Seed, uint64(g.Index))
		p.dice[k].Seed(dice[0], dice[1])
		p.seed[k] = draws[0]
		g.Start(&p.dice[k])
	}
	for left := n; left > 0; {
		p.reqs, p.slot = p.reqs[:0], p.slot[:0]
		for k, g := range p.games[:n] {
			kind, r, used := g.Decision()
			if kind == Over {
				continue
			}
			req := strategies.Request{Game: g.Index, Seed: p.seed[k], Turn: g.TurnNumber(), Sheet: &g.Sheet, Roll: r, RollsUsed: used}
			if kind == KeepDecision {
				req.RollsLeft = g.RollsLeft()
			}
			p.reqs = append(p.reqs, req)
			p.slot = append(p.slot, int32(k))
		}
		if cap(p.answer) < len(p.reqs) {
			p.answer = make([]strategies.Answer, len(p.reqs))
		}
		p.answer = p.answer[:len(p.reqs)]
		clear(p.answer)
		if err := p.batch.Decide(p.reqs, p.answer); err != nil {
			return err // a batch strategy's error names it
		}
		for j, req := range p.reqs {
			k := int(p.slot[j])
			g := p.games[k]
			var err error
			if req.RollsLeft > 0 {
				err = g.Keep(p.answer[j].Keep)
			} else {
				err = g.Box(p.answer[j].Box)
			}
			if err != nil {
				return fmt.Errorf("strategy %s, game %d: %w", p.name, g.Index, err)
			}
			if g.Sheet.Done() {
				if err := w.finishGame(p, i, g, int64(k)); err != nil {
					return err
				}
				left--
			}
		}
	}
	return nil
}
