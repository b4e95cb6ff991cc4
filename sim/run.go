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
}

// Results are what a run found: one Summary per strategy, and how long it took.
type Results struct {
	Rules       string
	RulesHash   string
	RuleOptions []string
	Seed        uint64
	Games       int64
	Summaries   []*Summary
	// Pairs compares every two strategies game by game, A before B in the order of
	// Summaries, when Config.Pairs asked for it (nil otherwise).
	Pairs []*Pair

	// The timings are not part of the summary written as JSON: a summary is the same,
	// bit for bit, whenever and wherever its games are played.
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
	return float64(r.Games) / (r.Elapsed.Seconds() * float64(r.Busy[i]) / float64(total))
}

// Merge adds the results of another run of the same rules, seed and strategies (another
// slice of game indices: a shard).
func (r *Results) Merge(o *Results) error {
	names := func(res *Results) []string {
		var n []string
		for _, s := range res.Summaries {
			n = append(n, s.Strategy)
		}
		return n
	}
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge results of different rules (%s %s, %s %s)", r.Rules, r.RulesHash, o.Rules, o.RulesHash)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge results of different seeds (%d, %d)", r.Seed, o.Seed)
	case !slices.Equal(names(r), names(o)):
		return fmt.Errorf("cannot merge results of different strategies (%v, %v)", names(r), names(o))
	case len(r.Pairs) != len(o.Pairs):
		return errors.New("cannot merge results with and without the paired comparison of the strategies")
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
	r.Games += o.Games
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
// Workers take chunks of consecutive games from a shared counter. When ctx is cancelled
// they finish their chunk and stop: Run returns the results of the chunks finished (the
// games they count are then not consecutive) with ctx's error. A strategy that breaks a
// rule stops the run with an error that names it and the game.
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
	nw := cfg.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = int(min(int64(nw), cfg.Games))

	res := &Results{
		Rules:       cfg.Rules.Name(),
		RulesHash:   cfg.Rules.Hash(),
		RuleOptions: cfg.RuleOptions,
		Seed:        cfg.Seed,
		Workers:     nw,
		Busy:        make([]time.Duration, len(cfg.Strategies)),
	}
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
	res.Setup = time.Since(start)

	start = time.Now()
	chunk := max(1, min(4096, cfg.Games/int64(8*nw)))
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
		next atomic.Int64
		stop atomic.Bool
		wg   sync.WaitGroup
	)
	errs := make([]error, nw)
	for i, w := range workers {
		wg.Go(func() {
			if errs[i] = w.play(ctx, &cfg, &next, chunk, &stop); errs[i] != nil {
				stop.Store(true)
			}
		})
	}
	wg.Wait()
	res.Elapsed = time.Since(start)

	for i := range cfg.Strategies {
		s := workers[0].players[i].summary
		for _, w := range workers[1:] {
			if err := s.Merge(w.players[i].summary); err != nil {
				panic(err) // the workers' summaries are of one strategy and one sheet
			}
		}
		s.Trim()
		res.Summaries = append(res.Summaries, s)
		for _, w := range workers {
			res.Busy[i] += w.players[i].busy
		}
	}
	for _, w := range workers {
		res.Games += w.done
	}
	if cfg.Pairs {
		res.Pairs = pairsOf(names)
		for _, w := range workers {
			for i, p := range res.Pairs {
				if err := p.Merge(w.pairs[i]); err != nil {
					panic(err) // the workers' pairs are of the same strategies
				}
			}
		}
	}
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			return nil, err // the chunk in flight is half counted: the summaries are not of whole games
		}
	}
	return res, ctx.Err()
}

// play plays chunks of games until there are none left, ctx is done or another worker
// failed.
func (w *worker) play(ctx context.Context, cfg *Config, next *atomic.Int64, chunk int64, stop *atomic.Bool) error {
	for !stop.Load() {
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
