package tablegame

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"yams/sim"

	"yams/engine"
	"yams/internal/provenance"
	"yams/strategies"
)

// MaxPlayers is the most players a table seats (seed 004 plays up to six).
const MaxPlayers = 6

// ShareUnits is one game's win in the units that Results counts: the least common
// multiple of 1 to MaxPlayers, so that a tie between k players gives each exactly
// ShareUnits/k ("en cas d'égalité, vous pouvez partager la victoire", seed 000).
const ShareUnits = 60

// Config describes table games: Players sit at one table, each plays a whole game
// on their own sheet with their own dice, and the highest total wins.
//
// Players rotate: in table game t, player p sits in seat (p+t) mod n, so that every
// player sits in every seat equally often (to within one game) and the effect of the
// seat can be told apart from that of the strategy. Seat s of table game t throws the
// dice of game index t·n+s of the seed (gameSeeds): the seats' dice are independent
// streams, and the results depend only on the seed, never on the workers.
type Config struct {
	Rules       *engine.Rules
	RuleOptions []string
	// Players are the strategies at the table, 2 to MaxPlayers; one may sit more than once.
	Players []strategies.Info
	Seed    uint64
	// First is the index of the first table game: the run plays games First to
	// First+Games-1, and the counts of disjoint slices add up to those of the whole.
	First, Games int64
	Workers      int
	// Progress, if not nil, is added the number of table games finished, per chunk.
	Progress *atomic.Int64
	// Provenance, if not nil, is the command that plays the games, recorded in the
	// results (Results.Provenance).
	Provenance *provenance.Record
	// Analyst, if not nil, makes each worker's analyst of the decisions of the first player
	// that sees the table (Results.Profile) and of the chances of table game
	// TraceGame, turn by turn (Results.Trace).
	Analyst   func() (strategies.TableAnalyst, error)
	TraceGame int64
}

// Results are the integer counts of table games, which add exactly.
type Results struct {
	Rules       string
	RulesHash   string
	RuleOptions []string
	Seed        uint64
	Games       int64
	// Players are the strategies of the players, in the order of Config.Players;
	// SeesTable[p] tells a strategy that sees the table (strategies.TableStrategy, or a
	// batch strategy told the table: an external bot), whose decisions may depend on the
	// other players' sheets: with one, the seat may matter.
	Players   []string
	SeesTable []bool
	// Identities are the identities of the players' strategies (Summary.Identity), ""
	// for one whose play depends on its name and the build alone: what the file of a
	// rules:FILE player was.
	Identities []string
	// Bots are the programs that played the players that are external bots (what each
	// said in its hello, and its command), nil for the others.
	Bots []*sim.BotIdentity
	// Seated[p][s] counts the games player p played in seat s, and Shares[p][s] the wins
	// p took there, in ShareUnits: a win alone is ShareUnits, a tie of k players for the
	// highest total gives each ShareUnits/k.
	Seated, Shares [][]int64
	// Outright[p] counts the games p won alone, Tied[p] those p tied for first.
	Outright, Tied []int64
	// scores[p] counts p's final scores; diff, at a table of two, player 1's total less
	// player 2's (table_scores.go).
	scores []sim.Histogram
	diff   sim.Histogram

	// Planned is the number of table games the run set out to play: more than Games when
	// it was stopped (Partial), and then the games counted are the first ones.
	Planned int64
	// Provenance is the command that played the games (Config.Provenance), nil when
	// not known.
	Provenance *provenance.Record
	// Profile and Trace are the analysis of Config.Analyst (nil without one; Trace
	// is nil too when the traced game is not among those played).
	Profile *Profile
	Trace   *Trace

	Workers int
	Elapsed time.Duration
}

// Partial reports whether the results are those of a run stopped before its end: they
// count the first Games of the Planned table games.
func (r *Results) Partial() bool { return r.Planned > r.Games }

// Share is a share of wins over a number of games, with its Wilson 95% interval.
type Share struct {
	Units, Games int64 // wins in ShareUnits
	Rate         float64
	CI95         sim.Interval
}

func shareOf(units, games int64) Share {
	s := Share{Units: units, Games: games}
	if games > 0 {
		s.Rate = float64(units) / float64(ShareUnits*games)
		s.CI95 = sim.WilsonInterval(s.Rate, games)
	}
	return s
}

// WinRate returns the share of the games that player p won, ties shared.
func (r *Results) WinRate(p int) Share {
	var u, g int64
	for s := range r.Shares[p] {
		u += r.Shares[p][s]
		g += r.Seated[p][s]
	}
	return shareOf(u, g)
}

// SeatWinRate returns the share of the games won from seat s, whoever sat there. Seats
// do not interact in Yahtzee (each player scores their own dice), and players rotate, so
// every seat should win 1/n of the games, within its interval.
func (r *Results) SeatWinRate(s int) Share {
	var u, g int64
	for p := range r.Shares {
		u += r.Shares[p][s]
		g += r.Seated[p][s]
	}
	return shareOf(u, g)
}

// PlayerSeatWinRate returns the share of the games player p won from seat s.
func (r *Results) PlayerSeatWinRate(p, s int) Share {
	return shareOf(r.Shares[p][s], r.Seated[p][s])
}

// Mean returns player p's mean score with its 95% interval.
func (r *Results) Mean(p int) (float64, sim.Interval) { return r.scores[p].Mean() }

// merge adds the counts of another run of the same table (another slice of game indices).
func (r *Results) merge(o *Results) error {
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge table games of different rules (%s, %s)", r.Rules, o.Rules)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge table games of different seeds (%d, %d)", r.Seed, o.Seed)
	case fmt.Sprint(o.Players) != fmt.Sprint(r.Players):
		return fmt.Errorf("cannot merge table games of different players (%v, %v)", r.Players, o.Players)
	}
	r.add(o)
	for p := range r.scores {
		r.scores[p].Trim()
	}
	r.diff.Trim()
	r.Planned += o.Planned
	r.Elapsed += o.Elapsed
	return nil
}

// add adds the counts of o, of the same table.
func (r *Results) add(o *Results) {
	for p := range r.Players {
		for s := range r.Seated[p] {
			r.Seated[p][s] += o.Seated[p][s]
			r.Shares[p][s] += o.Shares[p][s]
		}
		r.Outright[p] += o.Outright[p]
		r.Tied[p] += o.Tied[p]
		r.scores[p].Merge(&o.scores[p])
	}
	r.diff.Merge(&o.diff)
	r.Games += o.Games
	if o.Profile != nil {
		if r.Profile == nil {
			r.Profile = newProfile(o.Profile.Player, len(o.Profile.Counts))
		}
		r.Profile.add(o.Profile)
	}
	if o.Trace != nil {
		r.Trace = o.Trace
	}
}

// clear empties the counts, keeping their storage.
func (r *Results) clear() {
	for p := range r.Players {
		clear(r.Seated[p])
		clear(r.Shares[p])
		clear(r.scores[p].Counts)
	}
	clear(r.Outright)
	clear(r.Tied)
	clear(r.diff.Counts)
	r.Games = 0
	if r.Profile != nil {
		r.Profile.clear()
	}
	r.Trace = nil
}

// empty returns empty counts of the same table, histograms of the same ranges.
func (r *Results) empty() *Results {
	c := &Results{Rules: r.Rules, RulesHash: r.RulesHash, RuleOptions: r.RuleOptions, Seed: r.Seed, Players: r.Players, Provenance: r.Provenance, SeesTable: r.SeesTable,
		Seated: make([][]int64, len(r.Players)), Shares: make([][]int64, len(r.Players)),
		Outright: make([]int64, len(r.Players)), Tied: make([]int64, len(r.Players)), scores: make([]sim.Histogram, len(r.Players))}
	for p := range r.Players {
		c.Seated[p] = make([]int64, len(r.Seated[p]))
		c.Shares[p] = make([]int64, len(r.Shares[p]))
		c.scores[p] = sim.Histogram{Min: r.scores[p].Min, Counts: make([]int64, len(r.scores[p].Counts))}
	}
	c.diff = sim.Histogram{Min: r.diff.Min, Counts: make([]int64, len(r.diff.Counts))}
	if r.Profile != nil {
		c.Profile = newProfile(r.Profile.Player, len(r.Profile.Counts))
	}
	return c
}

func newResults(cfg *Config) *Results {
	n := len(cfg.Players)
	r := &Results{
		Rules: cfg.Rules.Name(), RulesHash: cfg.Rules.Hash(), RuleOptions: cfg.RuleOptions, Seed: cfg.Seed,
		Provenance: cfg.Provenance, Seated: make([][]int64, n), Shares: make([][]int64, n),
		Outright: make([]int64, n), Tied: make([]int64, n), scores: make([]sim.Histogram, n),
	}
	lo, hi := sim.ScoreRange(cfg.Rules)
	r.diff = newDifference(n, lo, hi)
	for p, info := range cfg.Players {
		r.Players = append(r.Players, info.Name)
		r.SeesTable = append(r.SeesTable, info.Table || info.NewTableBatch != nil)
		r.Seated[p] = make([]int64, n)
		r.Shares[p] = make([]int64, n)
		r.scores[p] = sim.NewHistogram(lo, hi)
	}
	if cfg.Analyst != nil {
		player, _ := checkAnalysis(cfg)
		r.Profile = newProfile(player, cfg.Rules.NumSlots())
	}
	return r
}

// tablePlayer is a player of the table in a worker: a strategy that decides one game at
// a time with its game, or a batch strategy (an external bot, target:T) with the games of a chunk,
// played together.
type tablePlayer struct {
	strategy strategies.Strategy
	starter  strategies.GameStarter
	game     *sim.Game
	batch    strategies.Batch
	inBatch  sim.BatchGames
}

// tableWorker plays chunks of table games, player by player, as sim.Run's workers play
// chunks of games strategy by strategy: a batch strategy plays all its games of the chunk
// at once, and the wins are counted once every player has played the chunk.
type tableWorker struct {
	players []tablePlayer
	dice    rand.PCG
	draws   rand.PCG
	index   []int64   // the game indices of a batch player's games in the chunk
	totals  [][]int32 // totals[p][k]: player p's total in table game k of the chunk
	// counts holds the chunks committed (see frontier), chunk those of the chunk in play;
	// pending the chunks finished past the frontier.
	counts, chunk *Results
	pending       sim.Pending[*Results]
	// turns plays the chunks turn by turn when a player sees the table (table_turns.go).
	turns *tableTurns
}

// Run plays the table games of cfg on a pool of workers. Players may be batch
// strategies (external bots, target:T): each plays its games of a chunk together, on the dice of
// their game indices, so a bot plays the table games its built-in twin would, with the
// same counts, bit for bit.
//
// Like sim.Run, workers take chunks of table games in order and commit them in order (a
// frontier), so the games counted are always the first ones. When ctx is cancelled,
// Run returns the counts of those finished before the first chunk not finished,
// marked Partial, with ctx's error; when a strategy breaks a rule or a batch strategy
// fails, it returns those of the games before the failed chunk, marked Partial, with an
// error that names the strategy, the player and the table game.
func Run(ctx context.Context, cfg Config) (*Results, error) {
	n := len(cfg.Players)
	switch {
	case cfg.Rules == nil:
		return nil, errors.New("sim: no rules")
	case n < 2 || n > MaxPlayers:
		return nil, fmt.Errorf("sim: %d players: a table seats 2 to %d", n, MaxPlayers)
	case cfg.Games <= 0:
		return nil, fmt.Errorf("sim: %d games: want at least one", cfg.Games)
	case cfg.First < 0 || cfg.First > math.MaxInt64/4/int64(n)-cfg.Games:
		return nil, fmt.Errorf("sim: table games %d to %d are out of range", cfg.First, cfg.First+cfg.Games-1)
	case cfg.Workers < 0:
		return nil, fmt.Errorf("sim: %d workers", cfg.Workers)
	}
	if cfg.Analyst != nil {
		if _, err := checkAnalysis(&cfg); err != nil {
			return nil, err
		}
	}
	nw := cfg.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = int(min(int64(nw), cfg.Games))
	workers := make([]*tableWorker, 0, nw)
	defer func() {
		var bs []strategies.Batch
		for _, w := range workers {
			bs = append(bs, w.batches()...)
		}
		sim.CloseBatches(bs)
	}()
	for i := range nw {
		w, err := newTableWorker(&cfg, i)
		workers = append(workers, w)
		if err != nil {
			return nil, err
		}
	}
	names := make([]string, n)
	for p, info := range cfg.Players {
		names[p] = info.Name
	}
	bots, err := sim.BotIdentities(names, len(workers), func(w, p int) strategies.Batch { return workers[w].players[p].batch })
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}

	start := time.Now()
	together := sim.MostTogether(cfg.Players)
	if together == 0 {
		together = sim.BatchChunk // built-in players only: chunks of the same size as ever
	}
	chunk := max(1, min(together, cfg.Games/int64(8*nw)))
	var (
		next atomic.Int64
		stop atomic.Bool
		wg   sync.WaitGroup
	)
	front := sim.NewFrontier()
	errs := make([]error, nw)
	for i, w := range workers {
		wg.Go(func() {
			if errs[i] = w.play(ctx, &cfg, &next, chunk, front, &stop); errs[i] != nil {
				stop.Store(true)
			}
		})
	}
	wg.Wait()

	end := front.Get()
	res := newResults(&cfg)
	res.Workers, res.Planned = nw, cfg.Games
	res.Bots = bots
	res.Identities = make([]string, n)
	for p, info := range cfg.Players {
		res.Identities[p] = sim.IdentityOf(info, workers[0].players[p].strategy, workers[0].players[p].batch)
	}
	for _, w := range workers {
		res.add(w.counts)
		for c := range w.pending.Passed(end) {
			res.add(c)
		}
	}
	for p := range res.scores {
		res.scores[p].Trim()
	}
	res.diff.Trim()
	res.Elapsed = time.Since(start)
	// The first failure in the order of the games is the one that stopped the prefix.
	failed := sim.FirstFailed(errs)
	switch {
	case failed != nil:
		return res, failed.Err
	case !res.Partial():
		return res, nil
	}
	return res, ctx.Err()
}

// newTableWorker builds the players of worker i; what it built is returned with an error,
// for close.
func newTableWorker(cfg *Config, i int) (*tableWorker, error) {
	w := &tableWorker{counts: newResults(cfg), chunk: newResults(cfg)}
	names := make([]string, len(cfg.Players))
	for p, info := range cfg.Players {
		names[p] = info.Name
	}
	for player, info := range cfg.Players {
		var p tablePlayer
		var err error
		switch {
		case info.NewTableBatch != nil:
			// A batch strategy that sees the table (an external bot) is told it before it
			// starts: its hello says the table.
			p.batch, err = info.NewTableBatch(cfg.Rules, i, names, player)
			p.inBatch.Window = int(sim.GamesTogether(info))
		case info.NewBatch != nil:
			p.batch, err = info.NewBatch(cfg.Rules, i)
			p.inBatch.Window = int(sim.GamesTogether(info))
		default:
			p.strategy, err = info.New(cfg.Rules)
			p.starter, _ = p.strategy.(strategies.GameStarter)
			p.game = sim.NewGame(cfg.Rules)
		}
		if err != nil {
			return w, fmt.Errorf("strategy %s: %w", info.Name, err)
		}
		w.players = append(w.players, p)
		w.totals = append(w.totals, nil)
	}
	var err error
	w.turns, err = newTableTurns(cfg, w, turnByTurn)
	return w, err
}

// batches returns the worker's batch strategies, for CloseBatches.
func (w *tableWorker) batches() []strategies.Batch {
	var bs []strategies.Batch
	for _, p := range w.players {
		if p.batch != nil {
			bs = append(bs, p.batch)
		}
	}
	return bs
}

func (w *tableWorker) play(ctx context.Context, cfg *Config, next *atomic.Int64, chunk int64, front *sim.Frontier, stop *atomic.Bool) error {
	for !stop.Load() {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo := next.Add(chunk) - chunk
		if lo >= cfg.Games {
			return nil
		}
		hi := min(lo+chunk, cfg.Games)
		if err := w.playChunk(cfg, lo, hi); err != nil {
			return &sim.ChunkError{Lo: lo, Err: err}
		}
		w.pending.Commit(lo, hi, front.Finish(lo, hi), w)
		if cfg.Progress != nil {
			cfg.Progress.Add(hi - lo)
		}
	}
	return nil
}

// playChunk plays table games lo to hi−1 (of cfg.First on), player by player, and counts
// them into w.chunk.
func (w *tableWorker) playChunk(cfg *Config, lo, hi int64) error {
	if w.turns != nil {
		if err := w.turns.play(w, cfg, lo, hi); err != nil {
			return err
		}
		w.countChunk(cfg, lo, hi)
		return nil
	}
	n, np := int(hi-lo), int64(len(w.players))
	first := cfg.First + lo
	for p := range w.players {
		tp := &w.players[p]
		if cap(w.totals[p]) < n {
			w.totals[p] = make([]int32, n)
		}
		totals := w.totals[p][:n]
		if tp.batch != nil {
			w.index = w.index[:0]
			for t := first; t < first+int64(n); t++ {
				w.index = append(w.index, t*np+(int64(p)+t)%np)
			}
			tp.inBatch.Start(cfg.Rules, cfg.Seed, w.index, nil)
			if k, err := tp.inBatch.Play(tp.batch, n); err != nil {
				if k < 0 { // a batch strategy's error names it, and the game indices
					return fmt.Errorf("player %d, table games %d to %d: %w", p+1, first, first+int64(n)-1, err)
				}
				return fmt.Errorf("strategy %s (player %d), table game %d: %w", w.chunk.Players[p], p+1, first+int64(k), err)
			}
			for k, g := range tp.inBatch.Games[:n] {
				totals[k] = int32(g.Sheet.Total())
			}
			continue
		}
		for k := range totals {
			t := first + int64(k)
			dice, draws := sim.GameSeeds(cfg.Seed, uint64(t*np+(int64(p)+t)%np))
			w.dice.Seed(dice[0], dice[1])
			if tp.starter != nil {
				w.draws.Seed(draws[0], draws[1])
				tp.starter.StartGame(&w.draws)
			}
			if err := tp.game.Play(tp.strategy, &w.dice); err != nil {
				return fmt.Errorf("strategy %s (player %d), table game %d: %w", w.chunk.Players[p], p+1, t, err)
			}
			totals[k] = int32(tp.game.Sheet.Total())
		}
	}
	w.countChunk(cfg, lo, hi)
	return nil
}

// countChunk counts table games lo to hi−1, whose totals are in w.totals, into w.chunk.
func (w *tableWorker) countChunk(cfg *Config, lo, hi int64) {
	n, np := int(hi-lo), int64(len(w.players))
	first := cfg.First + lo
	c := w.chunk
	for k := range n {
		t := first + int64(k)
		best, tied := int32(math.MinInt32), 0
		for p := range w.players {
			total := w.totals[p][k]
			c.scores[p].Add(int(total))
			c.Seated[p][(int64(p)+t)%np]++
			switch {
			case total > best:
				best, tied = total, 1
			case total == best:
				tied++
			}
		}
		c.countDifference(w.totals, k)
		for p := range w.players {
			if w.totals[p][k] != best {
				continue
			}
			c.Shares[p][(int64(p)+t)%np] += ShareUnits / int64(tied)
			if tied == 1 {
				c.Outright[p]++
			} else {
				c.Tied[p]++
			}
		}
	}
	c.Games += int64(n)
}

// CommitInPlay adds the counts of the chunk in play to the committed ones and empties them.
func (w *tableWorker) CommitInPlay() {
	w.counts.add(w.chunk)
	w.chunk.clear()
}

// ParkInPlay returns the counts of the chunk in play and plays on with spare, emptied, or
// with new empty counts (reuse false).
func (w *tableWorker) ParkInPlay(spare *Results, reuse bool) *Results {
	c := w.chunk
	if reuse {
		w.chunk = spare
		w.chunk.clear()
	} else {
		w.chunk = w.chunk.empty()
	}
	return c
}

// CommitCounts adds the counts of a pending chunk to the committed ones.
func (w *tableWorker) CommitCounts(c *Results) { w.counts.add(c) }
