package sim

import (
	"math/rand/v2"
	"sync"

	"yams/engine"
	"yams/strategies"
)

// BatchGames plays games of a batch strategy together: every game waits for a decision,
// the strategy answers them all in one call, and the games move on, until all are over.
// Each game draws its dice from its own generator, seeded as any game of its index is, so
// a batch strategy plays the dice a strategy of one decision at a time would: the same
// counts, bit for bit, whatever the batches. Run and RunTable keep one per batch
// strategy of a worker, its storage reused from chunk to chunk.
type BatchGames struct {
	Games  []*Game
	dice   []rand.PCG
	seed   []uint64 // each game's seed for the strategy's own draws
	reqs   []strategies.Request
	answer []strategies.Answer
	slot   []int32 // the game of each request
	// window is the most requests the strategy is asked at once (its Info.BatchGames):
	// the chunk may be larger, sized for another batch strategy of the run.
	Window int
}

// Start begins the games of the given indices, Games[k] that of index[k], each told its
// turns if obs is not nil.
func (b *BatchGames) Start(rules *engine.Rules, seed uint64, index []int64, obs turnObserver) {
	n := len(index)
	for len(b.Games) < n {
		g := NewGame(rules)
		g.observe(obs)
		b.Games = append(b.Games, g)
	}
	if len(b.dice) < n {
		b.dice = make([]rand.PCG, n)
		b.seed = make([]uint64, n)
	}
	for k, gi := range index {
		g := b.Games[k]
		g.index = gi
		dice, draws := gameSeeds(seed, uint64(gi))
		b.dice[k].Seed(dice[0], dice[1])
		b.seed[k] = draws[0]
		g.Start(&b.dice[k])
	}
}

// Play plays the first n games started to their end with st. When a game breaks a rule
// it returns that game's position and the *MoveError; when st fails, −1 and its error,
// which names it.
func (b *BatchGames) Play(st strategies.Batch, n int) (failed int, err error) {
	return b.drive(st, func() {
		for k := range n {
			b.ask(k, 0)
		}
	})
}

// drive asks st for the decisions that collect gathers (ask), and applies them, until
// collect gathers none.
func (b *BatchGames) drive(st strategies.Batch, collect func()) (failed int, err error) {
	for {
		b.reqs, b.slot = b.reqs[:0], b.slot[:0]
		collect()
		if len(b.reqs) == 0 {
			return 0, nil
		}
		if k, err := b.decide(st); err != nil {
			return k, err
		}
	}
}

// ask adds the decision game k waits for to the requests, if it waits for one in turn
// round (any turn for round 0).
func (b *BatchGames) ask(k, round int) {
	g := b.Games[k]
	kind, r, used := g.Decision()
	if kind == Over || (round > 0 && g.turn != round) {
		return
	}
	req := strategies.Request{Game: g.index, Seed: b.seed[k], Turn: g.TurnNumber(), Sheet: &g.Sheet, Roll: r, RollsUsed: used}
	if kind == KeepDecision {
		req.RollsLeft = g.RollsLeft()
	}
	b.reqs = append(b.reqs, req)
	b.slot = append(b.slot, int32(k))
}

// decide asks st for the requests in b.reqs (at most the window at once) and applies the
// answers to their games (b.slot). When a game breaks a rule it returns that game's
// position and the *MoveError; when st fails, −1 and its error.
func (b *BatchGames) decide(st strategies.Batch) (failed int, err error) {
	if cap(b.answer) < len(b.reqs) {
		b.answer = make([]strategies.Answer, len(b.reqs))
	}
	b.answer = b.answer[:len(b.reqs)]
	clear(b.answer)
	window := b.Window
	if window <= 0 {
		window = len(b.reqs)
	}
	for lo := 0; lo < len(b.reqs); lo += window {
		hi := min(len(b.reqs), lo+window)
		if err := st.Decide(b.reqs[lo:hi], b.answer[lo:hi]); err != nil {
			return -1, err
		}
	}
	for j, req := range b.reqs {
		k := int(b.slot[j])
		g := b.Games[k]
		var err error
		if req.RollsLeft > 0 {
			err = g.Keep(b.answer[j].Keep)
		} else {
			err = g.Box(b.answer[j].Box)
		}
		if err != nil {
			return k, err
		}
	}
	return 0, nil
}

// CloseBatches closes batch strategies all together: an external bot's process may take
// a moment to stop (a second or two if it lingers), and the bots of every worker then
// stop in that moment rather than one after another.
func CloseBatches(bs []strategies.Batch) {
	var wg sync.WaitGroup
	for _, b := range bs {
		wg.Go(func() { b.Close() })
	}
	wg.Wait()
}

// PlayTurn plays turn round of the games which (positions among those started) with the
// batch strategy st, together. When a game breaks a rule it returns that game's position
// and the *MoveError; when st fails, −1 and its error.
func (b *BatchGames) PlayTurn(st strategies.Batch, which []int, round int) (failed int, err error) {
	return b.drive(st, func() {
		for _, k := range which {
			b.ask(k, round)
		}
	})
}
