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
}

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
	Seed        uint64
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
}

// GamesPerSecond returns the rate at which the run played strategy i: its games over the
// share of the elapsed time that the workers spent on it.
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
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge results of different rules (%s %s, %s %s)", r.Rules, r.RulesHash, o.Rules, o.RulesHash)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge results of different seeds (%d, %d)", r.Seed, o.Seed)
	case !slices.Equal(names(r), names(o)):
		return fmt.Errorf("cannot merge results of different strategies (%v, %v)", names(r), names(o))
	case len(r.Pairs) != len(o.Pairs):
		return errors.New("cannot merge results with and without the paired comparison of the strategies")
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
		if err := s.Merge(o.Summaries[i]); err != nil {
			return err
		}
		s.Trim()
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
	return nil
}

// player is one strategy in a worker.
type player struct {
	name     string
	strategy strategies.Strategy
	starter  strategies.GameStarter
	game     *Game
	summary  *Summary
	busy     time.Duration
}

type worker struct {
	players []player
	dice    rand.PCG
	draws   rand.PCG
	done    int64
	// With Config.Pairs, scores[i] holds the scores of player i in the chunk, and pairs
	// add up their differences.
	scores [][]int32
	pairs  []*Pair
}

// Run plays the games of cfg on a pool of workers and returns the summary of each
// strategy. Game g draws its dice from GameSeeds(cfg.Seed, g), whichever worker plays
// it, and the counts of a summary add exactly: the results are the same, bit for bit,
// for any number of workers.
//
// Workers take chunks of consecutive games from a shared counter, in the order of the
// game indices, and always finish a chunk they took. So when ctx is cancelled, and they
// stop taking chunks, the games played are exactly games First to First+n−1 for some n:
// Run returns their results, a prefix of the run marked Partial (Config.Resume continues
// it), with ctx's error. A strategy that breaks a rule stops the run with an error that
// names it and the game, and no results (its chunk is half counted).
//
// Checkpoints (Config.Checkpoint) are taken at such a point too: the workers wait at the
// end of their chunk until every one has finished its own, the counts are copied, and
// they go on while the copy is handed over. Each waits at most the time of one chunk,
// at most 4096 games of each strategy (a few milliseconds).
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
	for i := range workers {
		w := &worker{}
		for _, info := range cfg.Strategies {
			st, err := info.New(cfg.Rules)
			if err != nil {
				return nil, fmt.Errorf("strategy %s: %w", info.Name, err)
			}
			p := player{name: info.Name, strategy: st, game: NewGame(cfg.Rules), summary: NewSummary(info.Name, cfg.Rules)}
			p.starter, _ = st.(strategies.GameStarter)
			w.players = append(w.players, p)
		}
		workers[i] = w
	}
	setup := time.Since(start)

	start = time.Now()
	chunk := max(1, min(4096, part.Games/int64(8*max(1, nw))))
	var names []string
	for _, info := range cfg.Strategies {
		names = append(names, info.Name)
	}
	if cfg.Pairs {
		for _, w := range workers {
			w.pairs = pairsOf(names)
			for range w.players {
				w.scores = append(w.scores, make([]int32, chunk))
			}
		}
	}
	var (
		next   atomic.Int64
		stop   atomic.Bool
		broken atomic.Bool // a worker failed: its summaries hold half a chunk
		wg     sync.WaitGroup
		g      gate
	)
	g.cond.L = &g.mu
	errs := make([]error, nw)
	for i, w := range workers {
		wg.Go(func() {
			if errs[i] = w.play(ctx, &part, &next, chunk, &stop, &g); errs[i] != nil {
				broken.Store(true)
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
				g.hold(nw, func() {
					if !broken.Load() {
						snap, err = collect(&cfg, base, workers, names)
					}
				})
				if snap != nil && err == nil {
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
	elapsed := time.Since(start)

	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			return nil, err // the chunk in flight is half counted: the summaries are not of whole games
		}
	}
	res, err := collect(&cfg, base, workers, names)
	if err != nil {
		return nil, err
	}
	res.Resumed, res.Workers, res.Setup, res.Elapsed = resumed, nw, setup, elapsed
	for i := range cfg.Strategies {
		for _, w := range workers {
			res.Busy[i] += w.players[i].busy
		}
	}
	switch {
	case !res.Partial():
		return res, nil
	case checkpointErr != nil:
		return res, fmt.Errorf("checkpoint: %w", checkpointErr)
	}
	return res, ctx.Err()
}

// collect adds up the counts of base (results resumed, or nil) and of the workers into
// new results, which the workers do not touch: the caller holds the workers between
// chunks, or they have stopped.
func collect(cfg *Config, base *Results, workers []*worker, names []string) (*Results, error) {
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
	}
	if base != nil {
		res.Games = base.Games
	}
	for _, w := range workers {
		res.Games += w.done
	}
	for i, info := range cfg.Strategies {
		s := NewSummary(info.Name, cfg.Rules)
		if base != nil {
			if err := s.Merge(base.Summaries[i]); err != nil {
				return nil, fmt.Errorf("sim: the results resumed: %w", err)
			}
		}
		for _, w := range workers {
			if err := s.Merge(w.players[i].summary); err != nil {
				panic(err) // the workers' summaries are of one strategy and one sheet
			}
		}
		s.Trim()
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
				if err := p.Merge(w.pairs[i]); err != nil {
					panic(err) // the workers' pairs are of the same strategies
				}
			}
		}
	}
	return res, nil
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
func (w *worker) play(ctx context.Context, cfg *Config, next *atomic.Int64, chunk int64, stop *atomic.Bool, g *gate) error {
	for !stop.Load() {
		g.pass()
		if stop.Load() {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		lo := next.Add(chunk) - chunk
		if lo >= cfg.Games {
			return nil
		}
		hi := min(lo+chunk, cfg.Games)
		// Strategy by strategy: a strategy's tables stay in the cache for the whole chunk.
		for i := range w.players {
			p := &w.players[i]
			t0 := time.Now()
			for g := cfg.First + lo; g < cfg.First+hi; g++ {
				dice, draws := GameSeeds(cfg.Seed, uint64(g))
				w.dice.Seed(dice[0], dice[1])
				if p.starter != nil {
					w.draws.Seed(draws[0], draws[1])
					p.starter.StartGame(&w.draws)
				}
				if err := p.game.Play(p.strategy, &w.dice); err != nil {
					return fmt.Errorf("strategy %s, game %d: %w", p.name, g, err)
				}
				p.summary.Add(g, p.game)
				if w.scores != nil {
					w.scores[i][g-cfg.First-lo] = int32(p.game.Sheet.Total())
				}
			}
			p.busy += time.Since(t0)
		}
		if w.scores != nil {
			w.addPairs(int(hi - lo))
		}
		w.done += hi - lo
		if cfg.Progress != nil {
			cfg.Progress.Add(hi - lo)
		}
	}
	return nil
}

// addPairs adds the differences of the first n games of the chunk to the worker's pairs.
func (w *worker) addPairs(n int) {
	k := 0
	for i := range w.scores {
		for j := i + 1; j < len(w.scores); j++ {
			p, a, b := w.pairs[k], w.scores[i][:n], w.scores[j][:n]
			for g := range a {
				p.Add(int(a[g]), int(b[g]))
			}
			k++
		}
	}
}
