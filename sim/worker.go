package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
	"yams/sim/regret"

	"yams/strategies"
)

// player is one strategy in a worker.
type player struct {
	name     string
	strategy strategies.Strategy // nil for a batch strategy
	batch    strategies.Batch
	starter  strategies.GameStarter
	game     *Game
	// A batch strategy plays the games of a chunk together, each on its own dice: index
	// holds their indices.
	inBatch BatchGames
	index   []int64
	// total holds the counts of the chunks committed (see frontier), chunk those of the
	// chunk in play.
	total, chunk *Summary
	regret       *regret.Observer
	busy         time.Duration
}

type worker struct {
	players []player
	dice    rand.PCG
	draws   rand.PCG
	// With Config.Pairs, scores[i] holds the scores of player i in the chunk, pairs
	// the committed differences and chunkPairs those of the chunk in play.
	scores            [][]int32
	pairs, chunkPairs []*Pair
	// pending holds chunks finished after a chunk still in play elsewhere: they are
	// committed once the frontier passes them, or dropped if it never does.
	pending Pending[runChunk]
	closed  bool // its batch strategies are closed
}

// runChunk is the counts of a chunk of games: each strategy's summary, and the pairs.
type runChunk struct {
	summaries []*Summary
	pairs     []*Pair
}

// newWorker builds the strategies of worker i.
func newWorker(cfg *Config, i int, names []string) (*worker, error) {
	w := &worker{}
	// One regret.Valuer for the worker's players: they play one after the other in its goroutine,
	// each turn valued whole within its observer's call, so they share its cache of turns
	// (and the memory of one, which is what --max-memory counts a worker).
	var valuer regret.Valuer
	if cfg.Regret != nil {
		v, err := cfg.Regret()
		if err != nil {
			return w, fmt.Errorf("regret: %w", err)
		}
		valuer = v
	}
	for _, info := range cfg.Strategies {
		p := player{name: info.Name, game: NewGame(cfg.Rules)}
		var err error
		if info.NewBatch != nil {
			p.batch, err = info.NewBatch(cfg.Rules, i)
			p.inBatch.Window = int(GamesTogether(info))
		} else {
			p.strategy, err = info.New(cfg.Rules)
			p.starter, _ = p.strategy.(strategies.GameStarter)
		}
		if err != nil {
			return w, fmt.Errorf("strategy %s: %w", info.Name, err)
		}
		p.total, p.chunk = NewSummary(info.Name, cfg.Rules), NewSummary(info.Name, cfg.Rules)
		if valuer != nil {
			costliest := cfg.Costliest
			if costliest == 0 {
				costliest = regret.DefaultCostliest
			}
			p.total.Regret = regret.New(cfg.Rules, costliest)
			p.chunk.Regret = regret.New(cfg.Rules, costliest)
			p.regret = regret.NewObserver(valuer, p.chunk.Regret)
			p.game.observe(regretTurns{p.regret})
		}
		w.players = append(w.players, p)
	}
	if cfg.Pairs {
		w.pairs, w.chunkPairs = NewPairs(names), NewPairs(names)
	}
	return w, nil
}

// closeWorkers stops the batch strategies of the workers, once, all together.
func closeWorkers(workers []*worker) {
	var bs []strategies.Batch
	for _, w := range workers {
		if w == nil || w.closed {
			continue
		}
		w.closed = true
		for i := range w.players {
			if b := w.players[i].batch; b != nil {
				bs = append(bs, b)
			}
		}
	}
	CloseBatches(bs)
}

// BotIdentities returns the identity of each strategy's bot (identified), nil for a strategy
// that is not one, batch giving the batch strategy of worker w's strategy (or player) i.
// Every worker runs a process of a bot: they must all be the same program.
func BotIdentities(names []string, workers int, batch func(w, i int) strategies.Batch) ([]*BotIdentity, error) {
	ids := make([]*BotIdentity, len(names))
	from := make([]int, len(names)) // the worker whose process said ids[i]
	for i := range names {
		for wi := range workers {
			b, ok := batch(wi, i).(identified)
			if !ok {
				continue
			}
			name, version, command := b.Identity()
			id := &BotIdentity{Name: name, Version: version, Command: command}
			switch {
			case ids[i] == nil:
				ids[i], from[i] = id, wi
			case !ids[i].Equal(id):
				return nil, fmt.Errorf("strategy %s: its processes are of different bots: worker %d's is %s, worker %d's %s", names[i], from[i], ids[i], wi, id)
			}
		}
	}
	return ids, nil
}

// gate holds the workers between chunks while a checkpoint copies their counts.
type gate struct {
	want atomic.Bool // a checkpoint waits: workers stop at the end of their chunk
	mu   sync.Mutex
	cond sync.Cond // on mu
	held bool      // the workers wait while held
	idle int       // workers waiting at the gate, or gone
}

// pass is where a worker may be held, between two chunks.
func (g *gate) pass() {
	if !g.want.Load() {
		return
	}
	g.mu.Lock()
	g.idle++
	g.cond.Broadcast()
	for g.held {
		g.cond.Wait()
	}
	g.idle--
	g.mu.Unlock()
}

// leave tells the gate that a worker has stopped for good.
func (g *gate) leave() {
	g.mu.Lock()
	g.idle++
	g.cond.Broadcast()
	g.mu.Unlock()
}

// hold waits until each of the n workers is at the gate or gone, calls f, and lets them
// go on.
func (g *gate) hold(n int, f func()) {
	g.mu.Lock()
	g.held = true
	g.want.Store(true)
	for g.idle < n {
		g.cond.Wait()
	}
	f()
	g.held = false
	g.want.Store(false)
	g.cond.Broadcast()
	g.mu.Unlock()
}

// play plays chunks of games until there are none left, ctx is done or another worker
// failed.
func (w *worker) play(ctx context.Context, cfg *Config, next *atomic.Int64, sizing chunkSizer, front *Frontier, stop *atomic.Bool, g *gate) error {
	size := sizing.first()
	for !stop.Load() {
		g.pass()
		if stop.Load() {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		lo := next.Add(size) - size
		if lo >= cfg.Games {
			return nil
		}
		hi := min(lo+size, cfg.Games)
		t0 := time.Now()
		if err := w.playChunk(cfg, lo, hi); err != nil {
			return &ChunkError{Lo: lo, Err: err}
		}
		w.pending.Commit(lo, hi, front.Finish(lo, hi), w)
		if cfg.Progress != nil {
			cfg.Progress.Add(hi - lo)
		}
		size = sizing.next(hi-lo, time.Since(t0))
	}
	return nil
}

// playChunk plays games lo to hi−1 (of cfg.First on) of every strategy into the chunk's
// counts, strategy by strategy: a strategy's tables stay in the cache for the whole chunk.
func (w *worker) playChunk(cfg *Config, lo, hi int64) error {
	n := int(hi - lo)
	if w.pairs != nil {
		for len(w.scores) < len(w.players) {
			w.scores = append(w.scores, nil)
		}
		for i := range w.scores {
			if cap(w.scores[i]) < n {
				w.scores[i] = make([]int32, n)
			}
			w.scores[i] = w.scores[i][:n]
		}
	}
	for i := range w.players {
		p := &w.players[i]
		t0 := clock()
		var err error
		if p.batch != nil {
			err = w.playBatch(p, i, cfg, lo, hi)
		} else {
			err = w.playEach(p, i, cfg, lo, hi)
		}
		p.busy += clock().Sub(t0)
		if err != nil {
			return err
		}
	}
	if w.pairs != nil {
		w.addPairs(n)
	}
	return nil
}

// playBatch plays the games of a chunk of a batch strategy together (BatchGames), and
// counts them.
func (w *worker) playBatch(p *player, i int, cfg *Config, lo, hi int64) error {
	p.index = p.index[:0]
	for g := cfg.First + lo; g < cfg.First+hi; g++ {
		p.index = append(p.index, g)
	}
	var obs turnObserver
	if p.regret != nil {
		obs = regretTurns{p.regret}
	}
	p.inBatch.Start(cfg.Rules, cfg.Seed, p.index, obs)
	n := int(hi - lo)
	if k, err := p.inBatch.Play(p.batch, n); err != nil {
		if k < 0 {
			return err // a batch strategy's error names it
		}
		return fmt.Errorf("strategy %s, game %d: %w", p.name, p.index[k], err)
	}
	for k, g := range p.inBatch.Games[:n] {
		if err := w.finishGame(p, i, g, int64(k)); err != nil {
			return err
		}
	}
	return nil
}

// playEach plays the games of a chunk one after the other.
func (w *worker) playEach(p *player, i int, cfg *Config, lo, hi int64) error {
	for g := cfg.First + lo; g < cfg.First+hi; g++ {
		if p.starter != nil {
			dice, draws := gameSeeds(cfg.Seed, uint64(g))
			w.dice.Seed(dice[0], dice[1])
			w.draws.Seed(draws[0], draws[1])
			p.starter.StartGame(&w.draws)
		} else {
			dice := diceSeeds(cfg.Seed, uint64(g))
			w.dice.Seed(dice[0], dice[1])
		}
		p.game.index = g
		if err := p.game.Play(p.strategy, &w.dice); err != nil {
			return fmt.Errorf("strategy %s, game %d: %w", p.name, g, err)
		}
		if err := w.finishGame(p, i, p.game, g-cfg.First-lo); err != nil {
			return err
		}
	}
	return nil
}

// finishGame counts a finished game of player p at position k of the chunk.
func (w *worker) finishGame(p *player, i int, g *Game, k int64) error {
	p.chunk.Add(g.index, g)
	if p.regret != nil {
		if err := p.regret.Err(); err != nil {
			return fmt.Errorf("strategy %s, game %d: %w", p.name, g.index, err)
		}
		p.regret.EndGame(&g.cost)
	}
	if w.scores != nil {
		w.scores[i][k] = int32(g.Sheet.Total())
	}
	return nil
}

// CommitInPlay adds the counts of the chunk in play to the committed ones and empties them.
func (w *worker) CommitInPlay() {
	for i := range w.players {
		p := &w.players[i]
		mustMerge(p.total.merge(p.chunk))
		p.chunk.clear()
	}
	for i, pr := range w.chunkPairs {
		mustMerge(w.pairs[i].Merge(pr))
		pr.clear()
	}
}

// ParkInPlay returns the counts of the chunk in play and plays on with those of spare,
// emptied, or with new empty ones (reuse false).
func (w *worker) ParkInPlay(spare runChunk, reuse bool) runChunk {
	c := spare
	if reuse {
		for _, s := range c.summaries {
			s.clear()
		}
		for _, p := range c.pairs {
			p.clear()
		}
	} else {
		c = runChunk{summaries: make([]*Summary, len(w.players)), pairs: make([]*Pair, len(w.chunkPairs))}
		for i := range w.players {
			c.summaries[i] = w.players[i].chunk.empty()
		}
		for i, p := range w.chunkPairs {
			c.pairs[i] = &Pair{A: p.A, B: p.B}
		}
	}
	for i := range w.players {
		p := &w.players[i]
		c.summaries[i], p.chunk = p.chunk, c.summaries[i]
		if p.regret != nil {
			p.regret.CountInto(p.chunk.Regret)
		}
	}
	for i := range w.chunkPairs {
		c.pairs[i], w.chunkPairs[i] = w.chunkPairs[i], c.pairs[i]
	}
	return c
}

// CommitCounts adds the counts of a pending chunk to the committed ones.
func (w *worker) CommitCounts(c runChunk) {
	for i := range w.players {
		mustMerge(w.players[i].total.merge(c.summaries[i]))
	}
	for i := range w.pairs {
		mustMerge(w.pairs[i].Merge(c.pairs[i]))
	}
}

// addPairs adds the differences of the first n games of the chunk to the chunk's pairs.
func (w *worker) addPairs(n int) {
	k := 0
	for i := range w.scores {
		for j := i + 1; j < len(w.scores); j++ {
			p, a, b := w.chunkPairs[k], w.scores[i][:n], w.scores[j][:n]
			for g := range a {
				p.Add(int(a[g]), int(b[g]))
			}
			k++
		}
	}
}
