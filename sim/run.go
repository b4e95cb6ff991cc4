package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"yams/sim/regret"

	"yams/engine"
	"yams/internal/provenance"
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
	// must then be its Range. It is recorded in the results, for summaryfile.MergeShards.
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
	Regret    func() (regret.Valuer, error)
	Costliest int

	// Provenance, if not nil, is the command that runs the games, recorded in the
	// results and in every checkpoint (Results.Provenance); with Resume, the runs that
	// played the games resumed are kept beside it (Results.Runs).
	Provenance *provenance.Record
}

// errTableStrategy refuses a strategy that sees the table in a run of games of one player.
var errTableStrategy = errors.New("plays at a table, seeing the other players' sheets: a game of one player has no table (play it with compare --players)")

// clock reads the time of a run's timings (Results.Elapsed and Busy); a test replaces it
// to check which strategy each moment goes to.
var clock = time.Now

// DefaultCheckpointEvery is how often Run hands over a checkpoint when
// Config.CheckpointEvery is zero.
const DefaultCheckpointEvery = 10 * time.Second

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
// play (its size follows the speed of the strategies), so a checkpoint waits that long;
// a batch strategy's chunk holds the games it plays together (about a second of
// target:T's).
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
		if s.Table {
			return nil, fmt.Errorf("sim: strategy %s %w", s.Name, errTableStrategy)
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
	defer func() { closeWorkers(workers) }()
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
	ids, err := BotIdentities(names, len(workers), func(w, i int) strategies.Batch { return workers[w].players[i].batch })
	if err != nil {
		return nil, err
	}
	played := strategyIdentities(&cfg, workers)
	if base != nil {
		// Known once the bots have said hello: the games of another program are not
		// added to those of the checkpoint; nor those of a strategy whose file changed.
		if err := checkSameBots(names, Bots(base.Summaries), ids, "the checkpoint", "this run"); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		if err := checkSameIdentities(names, Identities(base.Summaries), played, "the checkpoint", "this run"); err != nil {
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
		front  = NewFrontier()
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
				g.hold(nw, func() { snap, err = collect(&cfg, base, workers, names, ids, played, front.Get()) })
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
	closeWorkers(workers)

	res, err := collect(&cfg, base, workers, names, ids, played, front.Get())
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
	failed := FirstFailed(errs)
	switch {
	case failed != nil:
		return res, failed.Err
	case !res.Partial():
		return res, nil
	case checkpointErr != nil:
		return res, fmt.Errorf("checkpoint: %w", checkpointErr)
	}
	return res, ctx.Err()
}

// ChunkError is the failure of a worker in the chunk of games from lo.
type ChunkError struct {
	Lo  int64
	Err error
}

func (e *ChunkError) Error() string { return e.Err.Error() }
func (e *ChunkError) Unwrap() error { return e.Err }

// FirstFailed returns the failure of the earliest chunk among the workers' errors, nil
// if none failed in a chunk: the games before it are those the results keep.
func FirstFailed(errs []error) *ChunkError {
	var failed *ChunkError
	for _, err := range errs {
		var ce *ChunkError
		if errors.As(err, &ce) && (failed == nil || ce.Lo < failed.Lo) {
			failed = ce
		}
	}
	return failed
}

// collect adds up the counts of base (results resumed, or nil) and of the workers' chunks
// committed before end into new results, which the workers do not touch: the caller holds
// the workers between chunks, or they have stopped. ids are the strategies' bots and
// played their identities, which the summaries record.
func collect(cfg *Config, base *Results, workers []*worker, names []string, ids []*BotIdentity, played []string, end int64) (*Results, error) {
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
		Provenance:  cfg.Provenance,
	}
	if base != nil {
		res.Games += base.Games
		// The games resumed were played by the runs of the checkpoint; those after them,
		// if any yet, by this one.
		var these []provenance.Run
		if cfg.Provenance != nil && end > 0 {
			these = []provenance.Run{{Record: *cfg.Provenance, First: cfg.First + base.Games, Games: end}}
		}
		res.Runs = joinRuns(base.PlayedBy(), these)
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
			for c := range w.pending.Passed(end) {
				mustMerge(s.merge(c.summaries[i]))
			}
		}
		s.trim()
		if ids[i] != nil {
			s.Bot = ids[i]
		}
		if played[i] != "" {
			s.Identity = played[i]
		}
		res.Summaries = append(res.Summaries, s)
	}
	if cfg.Pairs {
		res.Pairs = NewPairs(names)
		for i, p := range res.Pairs {
			if base != nil {
				if err := p.Merge(base.Pairs[i]); err != nil {
					return nil, fmt.Errorf("sim: the results resumed: %w", err)
				}
			}
			for _, w := range workers {
				mustMerge(p.Merge(w.pairs[i]))
				for c := range w.pending.Passed(end) {
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
