package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"yams/engine"
	"yams/strategies"
)

// MaxPlayers is the most players a table seats (seed 004 plays up to six).
const MaxPlayers = 6

// ShareUnits is one game's win in the units that TableResults counts: the least common
// multiple of 1 to MaxPlayers, so that a tie between k players gives each exactly
// ShareUnits/k ("en cas d'égalité, vous pouvez partager la victoire", seed 000).
const ShareUnits = 60

// TableConfig describes table games: Players sit at one table, each plays a whole game
// on their own sheet with their own dice, and the highest total wins.
//
// Players rotate: in table game t, player p sits in seat (p+t) mod n, so that every
// player sits in every seat equally often (to within one game) and the effect of the
// seat can be told apart from that of the strategy. Seat s of table game t throws the
// dice of game index t·n+s of the seed (GameSeeds): the seats' dice are independent
// streams, and the results depend only on the seed, never on the workers.
type TableConfig struct {
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
}

// TableResults are the integer counts of table games, which add exactly.
type TableResults struct {
	Rules       string
	RulesHash   string
	RuleOptions []string
	Seed        uint64
	Games       int64
	// Players are the strategies of the players, in the order of TableConfig.Players.
	Players []string
	// Seated[p][s] counts the games player p played in seat s, and Shares[p][s] the wins
	// p took there, in ShareUnits: a win alone is ShareUnits, a tie of k players for the
	// highest total gives each ShareUnits/k.
	Seated, Shares [][]int64
	// Outright[p] counts the games p won alone, Tied[p] those p tied for first.
	Outright, Tied []int64
	// Scores[p] counts p's final scores.
	Scores []Histogram

	Workers int
	Elapsed time.Duration
}

// Share is a share of wins over a number of games, with its Wilson 95% interval.
type Share struct {
	Units, Games int64 // wins in ShareUnits
	Rate         float64
	CI95         Interval
}

func shareOf(units, games int64) Share {
	s := Share{Units: units, Games: games}
	if games > 0 {
		s.Rate = float64(units) / float64(ShareUnits*games)
		s.CI95 = wilsonInterval(s.Rate, games)
	}
	return s
}

// WinRate returns the share of the games that player p won, ties shared.
func (r *TableResults) WinRate(p int) Share {
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
func (r *TableResults) SeatWinRate(s int) Share {
	var u, g int64
	for p := range r.Shares {
		u += r.Shares[p][s]
		g += r.Seated[p][s]
	}
	return shareOf(u, g)
}

// PlayerSeatWinRate returns the share of the games player p won from seat s.
func (r *TableResults) PlayerSeatWinRate(p, s int) Share {
	return shareOf(r.Shares[p][s], r.Seated[p][s])
}

// Mean returns player p's mean score with its 95% interval.
func (r *TableResults) Mean(p int) (float64, Interval) {
	h := &r.Scores[p]
	n := h.Total()
	if n == 0 {
		return 0, Interval{}
	}
	sum, squares := h.Sums()
	bn := big.NewInt(n)
	mean := ratio(sum, bn)
	var sd float64
	if n > 1 {
		num := new(big.Int).Mul(bn, squares)
		num.Sub(num, new(big.Int).Mul(sum, sum))
		sd = math.Sqrt(ratio(num, new(big.Int).Mul(bn, big.NewInt(n-1))))
	}
	half := Z95 * sd / math.Sqrt(float64(n))
	return mean, Interval{mean - half, mean + half}
}

// merge adds the counts of another run of the same table (another slice of game indices).
func (r *TableResults) merge(o *TableResults) error {
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge table games of different rules (%s, %s)", r.Rules, o.Rules)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge table games of different seeds (%d, %d)", r.Seed, o.Seed)
	case fmt.Sprint(o.Players) != fmt.Sprint(r.Players):
		return fmt.Errorf("cannot merge table games of different players (%v, %v)", r.Players, o.Players)
	}
	for p := range r.Players {
		for s := range r.Seated[p] {
			r.Seated[p][s] += o.Seated[p][s]
			r.Shares[p][s] += o.Shares[p][s]
		}
		r.Outright[p] += o.Outright[p]
		r.Tied[p] += o.Tied[p]
		r.Scores[p].Merge(&o.Scores[p])
		r.Scores[p].Trim()
	}
	r.Games += o.Games
	r.Elapsed += o.Elapsed
	return nil
}

func newTableResults(cfg *TableConfig) *TableResults {
	n := len(cfg.Players)
	r := &TableResults{
		Rules: cfg.Rules.Name(), RulesHash: cfg.Rules.Hash(), RuleOptions: cfg.RuleOptions, Seed: cfg.Seed,
		Seated: make([][]int64, n), Shares: make([][]int64, n),
		Outright: make([]int64, n), Tied: make([]int64, n), Scores: make([]Histogram, n),
	}
	lo, hi := scoreRange(cfg.Rules)
	for p, info := range cfg.Players {
		r.Players = append(r.Players, info.Name)
		r.Seated[p] = make([]int64, n)
		r.Shares[p] = make([]int64, n)
		r.Scores[p] = newHistogram(lo, hi)
	}
	return r
}

// tableWorker plays table games: one strategy and one game per player.
type tableWorker struct {
	players  []strategies.Strategy
	starters []strategies.GameStarter
	games    []*Game
	totals   []int
	dice     rand.PCG
	draws    rand.PCG
	counts   *TableResults
}

// RunTable plays the table games of cfg on a pool of workers. Like Run, it stops after
// the chunks in flight when ctx is cancelled, and returns the counts of the games
// finished with ctx's error.
func RunTable(ctx context.Context, cfg TableConfig) (*TableResults, error) {
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
	nw := cfg.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = int(min(int64(nw), cfg.Games))
	workers := make([]*tableWorker, nw)
	for i := range workers {
		w := &tableWorker{counts: newTableResults(&cfg), totals: make([]int, n)}
		for _, info := range cfg.Players {
			st, err := info.New(cfg.Rules)
			if err != nil {
				return nil, fmt.Errorf("strategy %s: %w", info.Name, err)
			}
			gs, _ := st.(strategies.GameStarter)
			w.players = append(w.players, st)
			w.starters = append(w.starters, gs)
			w.games = append(w.games, NewGame(cfg.Rules))
		}
		workers[i] = w
	}

	start := time.Now()
	chunk := max(1, min(1024, cfg.Games/int64(8*nw)))
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

	res := newTableResults(&cfg)
	res.Workers = nw
	for p := range res.Scores {
		res.Scores[p].Trim()
	}
	for _, w := range workers {
		if err := res.merge(w.counts); err != nil {
			panic(err) // the workers play the same table
		}
	}
	res.Elapsed = time.Since(start)
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
	}
	return res, ctx.Err()
}

func (w *tableWorker) play(ctx context.Context, cfg *TableConfig, next *atomic.Int64, chunk int64, stop *atomic.Bool) error {
	n := int64(len(w.players))
	c := w.counts
	for !stop.Load() {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo := next.Add(chunk) - chunk
		if lo >= cfg.Games {
			return nil
		}
		hi := min(lo+chunk, cfg.Games)
		for t := cfg.First + lo; t < cfg.First+hi; t++ {
			best, tied := math.MinInt, 0
			for p, st := range w.players {
				seat := (int64(p) + t) % n
				dice, draws := GameSeeds(cfg.Seed, uint64(t*n+seat))
				w.dice.Seed(dice[0], dice[1])
				if w.starters[p] != nil {
					w.draws.Seed(draws[0], draws[1])
					w.starters[p].StartGame(&w.draws)
				}
				if err := w.games[p].Play(st, &w.dice); err != nil {
					return fmt.Errorf("strategy %s (player %d), table game %d: %w", c.Players[p], p+1, t, err)
				}
				total := w.games[p].Sheet.Total()
				w.totals[p] = total
				c.Scores[p].Add(total)
				c.Seated[p][seat]++
				switch {
				case total > best:
					best, tied = total, 1
				case total == best:
					tied++
				}
			}
			for p, total := range w.totals {
				if total != best {
					continue
				}
				c.Shares[p][(int64(p)+t)%n] += ShareUnits / int64(tied)
				if tied == 1 {
					c.Outright[p]++
				} else {
					c.Tied[p]++
				}
			}
		}
		c.Games += hi - lo
		if cfg.Progress != nil {
			cfg.Progress.Add(hi - lo)
		}
	}
	return nil
}
