package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"yams/engine"
	"yams/strategies"
)

// Config describes a run.
type Config struct {
	Rules *engine.Rules
	// RuleOptions are the options applied to the rules ("order=top_down"), recorded in
	// the results so that a summary says what it was played under.
	RuleOptions []string
	// Strategies play every game, each on the same dice (common random numbers).
	Strategies []strategies.Info
	Seed       uint64
	// First is the index of the first game: the run plays games First to First+Games-1.
	// Runs of disjoint slices of game indices merge (Results.Merge) into the run of all.
	First int64
	Games int64
	// Workers is the number of goroutines that play; 0 means runtime.GOMAXPROCS(0).
	// It changes how fast a run goes, never what it finds.
	Workers int
	// Progress, if not nil, is added the number of games finished by every strategy,
	// a chunk of games at a time, for a progress display to read.
	Progress *atomic.Int64
	// Pairs asks for the paired comparison of every two strategies (Results.Pairs):
	// workers keep the scores of a chunk's games and add up the differences per chunk.
	Pairs bool

	// Shard, if not zero, says that the run is a shard of a larger one: First and Games
	// must then be its Range. It is recorded in the results, for MergeShards.
	Shard Shard
	// Resume, if not nil, holds the results of the first games of the run, played
	// before: a checkpoint, or the results of an interrupted run, of the same run
	// (CheckResume). The run plays games First+Resume.Games to First+Games−1 and its
	// results add both: exactly those of the run played without a break.
	Resume *Results
	// Checkpoint, if not nil, is called every CheckpointEvery (10 s if zero) with the
	// results of the games played so far, always a prefix of the run's games, for the
	// caller to save; the calls are made one at a time, from a goroutine of Run's, and
	// the results handed over are the caller's. An error from Checkpoint stops the run
	// as a cancelled context does; Run returns it with the results so far.
	Checkpoint      func(*Results) error
	CheckpointEvery time.Duration

	// Regret, if not nil, builds for each worker a Valuer of the rules' optimal play,
	// with which every turn of every strategy is valued (Summary.Regret): the cost of
	// each decision against the best one. Costliest is how many of the costliest
	// positions each strategy keeps (0: defaultCostliest, 20).
	Regret    func() (Valuer, error)
	Costliest int
}

// clock reads the time of a run's timings (Results.Elapsed and Busy); a test replaces it
// to check which strategy each moment goes to.
var clock = time.Now

// DefaultCheckpointEvery is how often Run hands over a checkpoint when
// Config.CheckpointEvery is zero.
const DefaultCheckpointEvery = 10 * time.Second

// Results are what a run found: one Summary per strategy, and how long it took.
type Results struct {
	Rules       string
	RulesHash   string
	RuleOptions []string
	// RuleSet is the rule set the games were played under (its name and hash are Rules
	// and RulesHash): every Results made by Run or read by ReadSummary has it.
	RuleSet *engine.Rules
	Seed    uint64
	// The results count games First to First+Games−1 of the seed. Planned is the
	// number of games the run set out to play from First: more than Games when it was
	// interrupted (Partial), and then the games played are still those of the first
	// indices. Shard is the shard of a larger run the results are of, if any.
	First     int64
	Games     int64
	Planned   int64
	Shard     Shard
	Summaries []*Summary
	// Pairs compares every two strategies game by game, A before B in the order of
	// Summaries, when Config.Pairs asked for it (nil otherwise).
	Pairs []*Pair

	// The timings are not part of the summary written as JSON: a summary is the same,
	// bit for bit, whenever and wherever its games are played. Resumed is the number of
	// games that came from Config.Resume, played by another run: the timings are those
	// of the other Games−Resumed.
	Resumed int64
	Workers int
	Setup   time.Duration   // building the strategies (their policy tables)
	Elapsed time.Duration   // playing
	Busy    []time.Duration // per strategy, the time the workers spent playing it
	// Outside is, per strategy, the processor time it took outside yams: that of an
	// external bot's processes (outsideTimer), zero for a built-in strategy.
	Outside []time.Duration
}

// outsideTimer is a batch strategy that runs outside yams (an external bot's process)
// and says, once closed, the processor time it took there.
type outsideTimer interface {
	OutsideTime() time.Duration
}

// GamesPerSecond returns the rate at which the run played strategy i: its games over the
// share of the elapsed time that the workers spent on it. Each worker times its part of
// each chunk strategy by strategy, so the time of a strategy is its own: a batch
// strategy's is the wait for its answers (an external bot's processes at work included),
// a built-in's its games. Both are of the wall clock, on processors that the workers
// share with the bots' processes: beside a bot, a built-in strategy plays slower than
// alone.
func (r *Results) GamesPerSecond(i int) float64 {
	var total time.Duration
	for _, b := range r.Busy {
		total += b
	}
	if r.Busy[i] <= 0 || r.Elapsed <= 0 {
		return math.Inf(1)
	}
	return float64(r.Games-r.Resumed) / (r.Elapsed.Seconds() * float64(r.Busy[i]) / float64(total))
}

// Partial reports whether the results are those of a run interrupted before its end:
// they count the first Games of the Planned games.
func (r *Results) Partial() bool { return r.Planned > r.Games }

// Merge adds the results of another run of the same rules, seed and strategies, of the
// slice of game indices just before or just after that of r (a shard, for instance).
// Of the two slices, the earlier must be complete (not Partial); the merged results are
// partial if the later one is. They are no longer of a shard (MergeShards checks that
// the shards of a run are all there).
func (r *Results) Merge(o *Results) error {
	names := (*Results).names
	otherBot := checkSameBots(names(r), bots(r.Summaries), bots(o.Summaries), "one", "the other")
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge results of different rules (%s %s, %s %s)", r.Rules, r.RulesHash, o.Rules, o.RulesHash)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge results of different seeds (%d, %d)", r.Seed, o.Seed)
	case !slices.Equal(names(r), names(o)):
		return fmt.Errorf("cannot merge results of different strategies (%v, %v)", names(r), names(o))
	case len(r.Pairs) != len(o.Pairs):
		return errors.New("cannot merge results with and without the paired comparison of the strategies")
	case otherBot != nil:
		return fmt.Errorf("cannot merge: %w", otherBot)
	case o.First == r.First+r.Games && r.Partial(), r.First == o.First+o.Games && o.Partial():
		return errors.New("cannot merge results after partial results (an interrupted run): resume it first")
	case o.First != r.First+r.Games && r.First != o.First+o.Games:
		return fmt.Errorf("cannot merge games %d to %d with games %d to %d: the slices are not next to each other", r.First, r.First+r.Games-1, o.First, o.First+o.Games-1)
	}
	for i, p := range r.Pairs {
		if err := p.Merge(o.Pairs[i]); err != nil {
			return err
		}
	}
	for i, s := range r.Summaries {
		if err := s.merge(o.Summaries[i]); err != nil {
			return err
		}
		s.trim()
	}
	r.First = min(r.First, o.First)
	r.Planned = r.planned() + o.planned() // the earlier slice is complete
	r.Games += o.Games
	r.Resumed += o.Resumed
	r.Shard = Shard{}
	r.Elapsed += o.Elapsed
	r.Setup += o.Setup
	for i := range r.Busy {
		if i < len(o.Busy) {
			r.Busy[i] += o.Busy[i]
		}
	}
	for i := range r.Outside {
		if i < len(o.Outside) {
			r.Outside[i] += o.Outside[i]
		}
	}
	return nil
}

// player is one strategy in a worker.
type player struct {
	name     string
	strategy strategies.Strategy // nil for a batch strategy
	batch    strategies.Batch
	starter  strategies.GameStarter
	game     *Game
	// A batch strategy plays the games of a chunk together, each on its own dice: index
	// holds their indices.
	inBatch batchGames
	index   []int64
	// total holds the counts of the chunks committed (see frontier), chunk those of the
	// chunk in play.
	total, chunk *Summary
	regret       *regretObserver
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
	pending pendingChunks[runChunk]
	closed  bool // its batch strategies are closed
}

// runChunk is the counts of a chunk of games: each strategy's summary, and the pairs.
type runChunk struct {
	summaries []*Summary
	pairs     []*Pair
}

// Run plays the games of cfg on a pool of workers and returns the summary of each
// strategy. Game g draws its dice from gameSeeds(cfg.Seed, g), whichever worker plays
// it, and the counts of a summary add exactly: the results are the same, bit for bit,
// for any number of workers.
//
// Workers take chunks of consecutive games from a shared counter, in the order of the
// game indices, and always finish a chunk they took. So when ctx is cancelled, and they
// stop taking chunks, the games played are exactly games First to First+n−1 for some n:
// Run returns their results, a prefix of the run marked Partial (Config.Resume continues
// it), with ctx's error. When a strategy breaks a rule, or a batch strategy fails, Run
// stops the same way and returns the results of the games before the failed chunk,
// marked Partial, with an error that names the strategy and the game.
//
// Checkpoints (Config.Checkpoint) are taken at such a point too: the workers wait at the
// end of their chunk until every one has finished its own, the counts are copied, and
// they go on while the copy is handed over. A chunk takes a few tens of milliseconds of
// play (its size follows the speed of the strategies), so a checkpoint waits that long.
func Run(ctx context.Context, cfg Config) (*Results, error) {
	switch {
	case cfg.Rules == nil:
		return nil, errors.New("sim: no rules")
	case cfg.Games <= 0:
		return nil, fmt.Errorf("sim: %d games: want at least one", cfg.Games)
	case cfg.First < 0 || cfg.First > math.MaxInt64/4-cfg.Games:
		return nil, fmt.Errorf("sim: games %d to %d are out of range", cfg.First, cfg.First+cfg.Games-1)
	case len(cfg.Strategies) == 0:
		return nil, errors.New("sim: no strategy")
	case cfg.Workers < 0:
		return nil, fmt.Errorf("sim: %d workers", cfg.Workers)
	}
	for i, s := range cfg.Strategies {
		if slices.ContainsFunc(cfg.Strategies[:i], func(o strategies.Info) bool { return o.Name == s.Name }) {
			return nil, fmt.Errorf("sim: strategy %s given twice", s.Name)
		}
	}
	if !cfg.Shard.IsZero() {
		if err := cfg.Shard.Check(); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		if first, games := cfg.Shard.Range(); first != cfg.First || games != cfg.Games {
			return nil, fmt.Errorf("sim: shard %s of %d games is games %d to %d, not %d to %d",
				cfg.Shard, cfg.Shard.Total, first, first+games-1, cfg.First, cfg.First+cfg.Games-1)
		}
	}
	base := cfg.Resume
	var resumed int64
	if base != nil {
		if err := CheckResume(cfg, base); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		resumed = base.Games
	}
	// The workers play the games the resumed results have not.
	part := cfg
	part.First, part.Games = cfg.First+resumed, cfg.Games-resumed
	nw := cfg.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = int(max(0, min(int64(nw), part.Games)))

	start := time.Now()
	workers := make([]*worker, nw)
	defer func() {
		for _, w := range workers {
			if w != nil {
				w.close()
			}
		}
	}()
	var names []string
	for _, info := range cfg.Strategies {
		names = append(names, info.Name)
	}
	for i := range workers {
		w, err := newWorker(&cfg, i, names)
		workers[i] = w
		if err != nil {
			return nil, err
		}
	}
	ids, err := identities(names, workers)
	if err != nil {
		return nil, err
	}
	if base != nil {
		// Known once the bots have said hello: the games of another program are not
		// added to those of the checkpoint.
		if err := checkSameBots(names, bots(base.Summaries), ids, "the checkpoint", "this run"); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	setup := time.Since(start)

	start = clock()
	var (
		next   atomic.Int64
		stop   atomic.Bool
		wg     sync.WaitGroup
		g      gate
		front  = &frontier{at: 0, done: map[int64]int64{}}
		sizing = newChunkSizer(&cfg, part.Games, nw)
	)
	g.cond.L = &g.mu
	errs := make([]error, nw)
	for i, w := range workers {
		wg.Go(func() {
			if errs[i] = w.play(ctx, &part, &next, sizing, front, &stop, &g); errs[i] != nil {
				stop.Store(true)
			}
			g.leave()
		})
	}
	var checkpointErr error
	if cfg.Checkpoint != nil {
		every := cfg.CheckpointEvery
		if every <= 0 {
			every = DefaultCheckpointEvery
		}
		finished, saved := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(saved)
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				select {
				case <-finished:
					return
				case <-tick.C:
				}
				var snap *Results
				var err error
				g.hold(nw, func() { snap, err = collect(&cfg, base, workers, names, ids, front.get()) })
				if err == nil {
					err = cfg.Checkpoint(snap)
				}
				if err != nil {
					checkpointErr = err
					stop.Store(true)
					return
				}
			}
		}()
		wg.Wait()
		close(finished)
		<-saved
	} else {
		wg.Wait()
	}
	elapsed := clock().Sub(start)
	// The bots are done: closed now, their processes say what they took.
	for _, w := range workers {
		w.close()
	}

	res, err := collect(&cfg, base, workers, names, ids, front.get())
	if err != nil {
		return nil, err
	}
	res.Resumed, res.Workers, res.Setup, res.Elapsed = resumed, nw, setup, elapsed
	res.Outside = make([]time.Duration, len(cfg.Strategies))
	for i := range cfg.Strategies {
		for _, w := range workers {
			res.Busy[i] += w.players[i].busy
			if t, ok := w.players[i].batch.(outsideTimer); ok {
				res.Outside[i] += t.OutsideTime()
			}
		}
	}
	// The first failure in the order of the games is the one that stopped the prefix.
	failed := firstFailed(errs)
	switch {
	case failed != nil:
		return res, failed.err
	case !res.Partial():
		return res, nil
	case checkpointErr != nil:
		return res, fmt.Errorf("checkpoint: %w", checkpointErr)
	}
	return res, ctx.Err()
}

// chunkError is the failure of a worker in the chunk of games from lo.
type chunkError struct {
	lo  int64
	err error
}

func (e *chunkError) Error() string { return e.err.Error() }
func (e *chunkError) Unwrap() error { return e.err }

// firstFailed returns the failure of the earliest chunk among the workers' errors, nil
// if none failed in a chunk: the games before it are those the results keep.
func firstFailed(errs []error) *chunkError {
	var failed *chunkError
	for _, err := range errs {
		var ce *chunkError
		if errors.As(err, &ce) && (failed == nil || ce.lo < failed.lo) {
			failed = ce
		}
	}
	return failed
}

// newWorker builds the strategies of worker i.
func newWorker(cfg *Config, i int, names []string) (*worker, error) {
	w := &worker{}
	for _, info := range cfg.Strategies {
		p := player{name: info.Name, game: NewGame(cfg.Rules)}
		var err error
		if info.NewBatch != nil {
			p.batch, err = info.NewBatch(cfg.Rules, i)
		} else {
			p.strategy, err = info.New(cfg.Rules)
			p.starter, _ = p.strategy.(strategies.GameStarter)
		}
		if err != nil {
			return w, fmt.Errorf("strategy %s: %w", info.Name, err)
		}
		p.total, p.chunk = NewSummary(info.Name, cfg.Rules), NewSummary(info.Name, cfg.Rules)
		if cfg.Regret != nil {
			v, err := cfg.Regret()
			if err != nil {
				w.players = append(w.players, p)
				return w, fmt.Errorf("regret: %w", err)
			}
			costliest := cfg.Costliest
			if costliest == 0 {
				costliest = defaultCostliest
			}
			p.total.Regret = newRegret(cfg.Rules, costliest)
			p.chunk.Regret = newRegret(cfg.Rules, costliest)
			p.regret = newRegretObserver(v, p.chunk.Regret)
			p.game.observe(p.regret)
		}
		w.players = append(w.players, p)
	}
	if cfg.Pairs {
		w.pairs, w.chunkPairs = pairsOf(names), pairsOf(names)
	}
	return w, nil
}

// close stops the worker's batch strategies, once.
func (w *worker) close() {
	if w.closed {
		return
	}
	w.closed = true
	for i := range w.players {
		if b := w.players[i].batch; b != nil {
			b.Close()
		}
	}
}

// chunkSizer chooses how many games a worker takes at once: enough that taking a chunk
// costs nothing, few enough that a chunk lasts tens of milliseconds whatever the speed of
// the strategies (several-column sheets are slow), so that a checkpoint, an interruption
// or the progress line never waits long. A batch strategy (an external bot) gets chunks of
// batchChunk games, played together.
type chunkSizer struct {
	min, max int64
	batch    bool
}

const (
	chunkTarget = 20 * time.Millisecond
	maxChunk    = 4096
	batchChunk  = 1024
)

func newChunkSizer(cfg *Config, games int64, workers int) chunkSizer {
	c := chunkSizer{min: 16, max: max(1, min(maxChunk, games/int64(8*max(1, workers))))}
	for _, info := range cfg.Strategies {
		if info.NewBatch != nil {
			c.batch = true
		}
	}
	c.min = min(c.min, c.max)
	return c
}

// first is the size of a worker's first chunk.
func (c chunkSizer) first() int64 {
	if c.batch {
		return min(batchChunk, max(c.max, c.min))
	}
	return c.min
}

// next is the size of the chunk after one of n games that took d.
func (c chunkSizer) next(n int64, d time.Duration) int64 {
	if c.batch {
		return min(batchChunk, max(c.max, c.min))
	}
	if d <= 0 {
		return c.max
	}
	size := int64(float64(n) * float64(chunkTarget) / float64(d))
	return max(c.min, min(c.max, size))
}

// identities returns the identity of each strategy's bot (identified), nil for a strategy
// that is not one. Every worker runs a process of a bot: they must all be the same program.
func identities(names []string, workers []*worker) ([]*BotIdentity, error) {
	ids := make([]*BotIdentity, len(names))
	from := make([]int, len(names)) // the worker whose process said ids[i]
	for i := range names {
		for wi, w := range workers {
			b, ok := w.players[i].batch.(identified)
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

// collect adds up the counts of base (results resumed, or nil) and of the workers' chunks
// committed before end into new results, which the workers do not touch: the caller holds
// the workers between chunks, or they have stopped. ids are the strategies' bots, which
// the summaries record.
func collect(cfg *Config, base *Results, workers []*worker, names []string, ids []*BotIdentity, end int64) (*Results, error) {
	res := &Results{
		Rules:       cfg.Rules.Name(),
		RulesHash:   cfg.Rules.Hash(),
		RuleOptions: cfg.RuleOptions,
		RuleSet:     cfg.Rules,
		Seed:        cfg.Seed,
		First:       cfg.First,
		Planned:     cfg.Games,
		Shard:       cfg.Shard,
		Busy:        make([]time.Duration, len(cfg.Strategies)),
		Games:       end,
	}
	if base != nil {
		res.Games += base.Games
	}
	for i, info := range cfg.Strategies {
		s := NewSummary(info.Name, cfg.Rules)
		if base != nil {
			if err := s.merge(base.Summaries[i]); err != nil {
				return nil, fmt.Errorf("sim: the results resumed: %w", err)
			}
		}
		for _, w := range workers {
			mustMerge(s.merge(w.players[i].total))
			for c := range w.pending.passed(end) {
				mustMerge(s.merge(c.summaries[i]))
			}
		}
		s.trim()
		if ids[i] != nil {
			s.Bot = ids[i]
		}
		res.Summaries = append(res.Summaries, s)
	}
	if cfg.Pairs {
		res.Pairs = pairsOf(names)
		for i, p := range res.Pairs {
			if base != nil {
				if err := p.Merge(base.Pairs[i]); err != nil {
					return nil, fmt.Errorf("sim: the results resumed: %w", err)
				}
			}
			for _, w := range workers {
				mustMerge(p.Merge(w.pairs[i]))
				for c := range w.pending.passed(end) {
					mustMerge(p.Merge(c.pairs[i]))
				}
			}
		}
	}
	return res, nil
}

// mustMerge panics on the error of merging counts of the same strategies and sheet, which
// cannot happen.
func mustMerge(err error) {
	if err != nil {
		panic(err)
	}
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
func (w *worker) play(ctx context.Context, cfg *Config, next *atomic.Int64, sizing chunkSizer, front *frontier, stop *atomic.Bool, g *gate) error {
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
			return &chunkError{lo: lo, err: err}
		}
		w.pending.commit(lo, hi, front.finish(lo, hi), w)
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

// playBatch plays the games of a chunk of a batch strategy together (batchGames), and
// counts them.
func (w *worker) playBatch(p *player, i int, cfg *Config, lo, hi int64) error {
	p.index = p.index[:0]
	for g := cfg.First + lo; g < cfg.First+hi; g++ {
		p.index = append(p.index, g)
	}
	var obs turnObserver
	if p.regret != nil {
		obs = p.regret
	}
	p.inBatch.start(cfg.Rules, cfg.Seed, p.index, obs)
	n := int(hi - lo)
	if k, err := p.inBatch.play(p.batch, n); err != nil {
		if k < 0 {
			return err // a batch strategy's error names it
		}
		return fmt.Errorf("strategy %s, game %d: %w", p.name, p.index[k], err)
	}
	for k, g := range p.inBatch.games[:n] {
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
		if p.regret.err != nil {
			return fmt.Errorf("strategy %s, game %d: %w", p.name, g.index, p.regret.err)
		}
		p.regret.endGame(g)
	}
	if w.scores != nil {
		w.scores[i][k] = int32(g.Sheet.Total())
	}
	return nil
}

// commitInPlay adds the counts of the chunk in play to the committed ones and empties them.
func (w *worker) commitInPlay() {
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

// parkInPlay returns the counts of the chunk in play and plays on with those of spare,
// emptied, or with new empty ones (reuse false).
func (w *worker) parkInPlay(spare runChunk, reuse bool) runChunk {
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
			p.regret.r = p.chunk.Regret
		}
	}
	for i := range w.chunkPairs {
		c.pairs[i], w.chunkPairs[i] = w.chunkPairs[i], c.pairs[i]
	}
	return c
}

// commitCounts adds the counts of a pending chunk to the committed ones.
func (w *worker) commitCounts(c runChunk) {
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
