package sim_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"yams/internal/simtest"
	"yams/sim"
	"yams/strategies"
)

// benchStrategies are the heuristics and the floor (sim.Floor): a game without the cost of
// its decisions.
var benchStrategies = []string{sim.FloorName, "random", "greedy", "upper-first"}

// player plays and counts games one after the other, as a worker does.
type player struct {
	st    strategies.Strategy
	game  *sim.Game
	sum   *sim.Summary
	dice  rand.PCG
	draws rand.PCG
}

func newPlayer(b *testing.B, name string, opts ...string) *player {
	rules := simtest.Load(b, "hasbro", opts...)
	var st strategies.Strategy
	var err error
	if name == sim.FloorName {
		st, err = sim.Floor().New(rules)
	} else {
		st, err = strategies.New(name, rules)
	}
	if err != nil {
		b.Fatal(err)
	}
	return &player{st: st, game: sim.NewGame(rules), sum: sim.NewSummary(name, rules)}
}

func (p *player) play(g uint64) {
	d, w := sim.GameSeeds(1, g)
	p.dice.Seed(d[0], d[1])
	if gs, ok := p.st.(strategies.GameStarter); ok {
		p.draws.Seed(w[0], w[1])
		gs.StartGame(&p.draws)
	}
	if err := p.game.Play(p.st, &p.dice); err != nil {
		panic(err)
	}
	p.sum.Add(int64(g), p.game)
}

// reportGames reports the games per second of a benchmark of one game per operation and,
// where it is measured, the processor time of a game (cpu-ns/game), which other programs
// on the machine disturb less than the wall clock.
func reportGames(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/game")
	}
}

// BenchmarkGame plays one game on one core: the per-game loop, decisions and counting.
func BenchmarkGame(b *testing.B) {
	for _, name := range benchStrategies {
		b.Run(name, func(b *testing.B) {
			p := newPlayer(b, name)
			g := uint64(0)
			var cpu time.Duration
			for b.Loop() {
				if g == 0 {
					cpu = cpuTime()
				}
				p.play(g)
				g++
			}
			reportGames(b, cpuTime()-cpu)
		})
	}
}

// BenchmarkGameColumns plays a sheet of three columns, whose turns are planned on the spot.
func BenchmarkGameColumns(b *testing.B) {
	for _, name := range benchStrategies {
		b.Run(name, func(b *testing.B) {
			p := newPlayer(b, name, "columns=top_down,bottom_up,free")
			g := uint64(0)
			for b.Loop() {
				p.play(g)
				g++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkGameParallel plays games on every core (GOMAXPROCS goroutines, each with its
// own strategy, sharing the tables): the throughput of the machine.
func BenchmarkGameParallel(b *testing.B) {
	for _, name := range benchStrategies {
		b.Run(name, func(b *testing.B) {
			// The shared tables, built before the clock starts and held: they are cached
			// only while a strategy uses them.
			held := newPlayer(b, name)
			var next atomic.Uint64
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				p := newPlayer(b, name)
				for pb.Next() {
					p.play(next.Add(1))
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			runtime.KeepAlive(held)
		})
	}
}

// BenchmarkRun is sim.Run end to end on every core, 100,000 games per operation.
func BenchmarkRun(b *testing.B) {
	const games = 100_000
	for _, name := range benchStrategies {
		b.Run(name, func(b *testing.B) {
			cfg := sim.Config{Rules: simtest.Load(b, "hasbro"), Strategies: simtest.Infos(b, name), Games: games}
			held := newPlayer(b, name) // the shared tables, as yams sim holds them
			for i := 0; b.Loop(); i++ {
				cfg.Seed = uint64(i)
				if _, err := sim.Run(context.Background(), cfg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*games)/b.Elapsed().Seconds(), "games/s")
			runtime.KeepAlive(held)
		})
	}
}
