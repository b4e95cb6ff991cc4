package solver

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/widget"
)

func TestStrategyRegistered(t *testing.T) {
	info, ok := strategies.Lookup("optimal")
	if !ok || info.Heuristic {
		t.Fatalf("optimal: registered %v, heuristic %v", ok, info.Heuristic)
	}
	// A sheet of two columns that fits is played from the product of its columns; the
	// other objectives are solved on one column only and refuse it.
	two := exacttest.SmallRules(t, "columns=free,top_down")
	if _, err := strategies.New("optimal", two); err != nil {
		t.Errorf("optimal on a small sheet of two columns: %v", err)
	}
	if _, err := strategies.New(Objective{Kind: UpperBonus}.Strategy(), two); err == nil {
		t.Error("the bonus objective accepted a sheet of two columns")
	}
}

func TestStrategyMatchesTurnPlan(t *testing.T) {
	exacttest.Heavy(t)
	// The policy's keeps and boxes must be those of engine.TurnPlan fed the same stop values.
	tab := solved(t, "hasbro")
	sp := tab.Space
	st := NewStrategy(tab)
	g := rand.NewPCG(1, 2)
	var plan engine.TurnPlan
	w := widget.NewWidget(sp, tab.Values)
	for game := range 30 {
		sh := engine.NewSheet(tab.Rules)
		for !sh.Done() {
			i, _ := sp.SheetState(&sh)
			mask, u, f := sp.Split(i)
			w.SetLanes([]uint16{uint16(u)})
			w.Stops(mask, f, false)
			for r := range plan.Stop[0] {
				plan.Stop[0][r] = w.StopLayer(1)[r*w.S]
			}
			ev := plan.Solve(3, true)
			if math.Abs(ev-tab.Values[i]) > 1e-9 {
				t.Fatalf("game %d: state %#x/%d/%d: TurnPlan %v, table %v", game, mask, u, f, ev, tab.Values[i])
			}
			for r := range engine.Roll(engine.NumRolls) {
				for left := 1; left <= 2; left++ {
					if a, b := st.Keep(&sh, r, left), plan.Keep(r, left); a != b {
						t.Fatalf("state %#x/%d/%d roll %v left %d: keep %v, TurnPlan %v", mask, u, f, r, left, a, b)
					}
				}
			}
			roll := engine.Throw(g)
			b := st.Box(&sh, roll, 1)
			sh.Fill(b, roll)
		}
	}
}

// TestStrategyPlaysLegally plays the optimal strategy of presets through the simulator,
// which checks every decision: hasbro (free and in a fill order) in the default run,
// others in the exhaustive run.
func TestStrategyPlaysLegally(t *testing.T) {
	exacttest.Heavy(t)
	for _, c := range []struct {
		name       string
		opts       []string
		exhaustive bool
	}{{"hasbro", nil, false}, {"verhoeff", nil, true}, {"yams-app", nil, true}, {"hasbro", []string{"order=bottom_up"}, false}} {
		t.Run(c.name+strings.Join(c.opts, ","), func(t *testing.T) {
			if c.exhaustive {
				exhaustive.Only(t)
			}
			st := NewStrategy(solved(t, c.name, c.opts...))
			gs := exacttest.PlayGames(t, st, exacttest.MustRules(t, c.name, c.opts...), 2000, 7)
			t.Logf("%s %v: mean %.2f over %d games", c.name, c.opts, gs.Sum/float64(gs.N), gs.N)
		})
	}
}

func TestDecisionsAllocateNothing(t *testing.T) {
	r := exacttest.SmallRules(t)
	tab, err := Solve(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	var st strategies.Strategy = NewStrategy(tab)
	turn := exacttest.TurnOf(func() strategies.Strategy { return st }, r)
	// Cold states (decisions worked out on first use) and warm ones alike.
	if a := testing.AllocsPerRun(2000, turn); a != 0 {
		t.Errorf("%v allocations per turn", a)
	}
	// Decisions read from a complete policy, as from a decisions file.
	_, p := SolveSpace(r, tab.Space, 0, true)
	st = NewStrategyFrom(p)
	if a := testing.AllocsPerRun(2000, turn); a != 0 {
		t.Errorf("complete policy: %v allocations per turn", a)
	}
}

// TestSolveDeterministic solves the same rules with 1, 2 and 3 workers: the small rules,
// and yams-app in the exhaustive run.
func TestSolveDeterministic(t *testing.T) {
	for _, name := range []string{"small", "yams-app"} {
		t.Run(name, func(t *testing.T) {
			r := exacttest.SmallRules(t)
			if name != "small" {
				exhaustive.Only(t)
				exacttest.Heavy(t)
				r = exacttest.MustRules(t, name)
			}
			var want []byte
			for _, workers := range []int{1, 2, 3} {
				sp, err := widget.NewSolverSpace(r)
				if err != nil {
					t.Fatal(err)
				}
				tab, _ := SolveSpace(r, sp, workers, true)
				tab.Solved = time.Time{}
				b, _ := tab.Encoded()
				if want == nil {
					want = b
				} else if string(b) != string(want) {
					t.Errorf("%d workers: table or decisions differ from 1 worker", workers)
				}
			}
		})
	}
}

// playParallel plays games of the optimal strategy of hasbro on every CPU with the
// simulator's game loop, workers taking games from a shared counter.
func playParallel(p *Policy, seed uint64, games int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := NewStrategyFrom(p)
			g := sim.NewGame(p.Space.Rules)
			for {
				first := next.Add(1000) - 1000
				if first >= int64(games) {
					return
				}
				dice := rand.NewPCG(seed, uint64(first)<<8|uint64(w))
				for range min(1000, int64(games)-first) {
					if err := g.Play(st, dice); err != nil {
						panic(err)
					}
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkOptimalGames plays hasbro with the optimal strategy on every CPU, its table
// and decisions loaded from the cache (solved once by the test binary), with the
// simulator's game loop, and reports games per second.
func BenchmarkOptimalGames(b *testing.B) {
	p, err := PolicyFor(exacttest.MustRules(b, "hasbro"), Mean)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	playParallel(p, uint64(b.N), b.N)
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
}

var warmOnce sync.Once

// BenchmarkOptimalGamesLazy is BenchmarkOptimalGames with the decisions worked out when a
// game first reaches a state (a table without its decisions file), once the cache is
// warm (4,000,000 games played first); it reports the memory of the decisions kept.
func BenchmarkOptimalGamesLazy(b *testing.B) {
	tab := solved(b, "hasbro")
	p := PolicyOf(tab)
	warmOnce.Do(func() {
		start := time.Now()
		playParallel(p, 99, 4_000_000)
		b.Logf("warm-up, 4,000,000 games from a cold cache: %v", time.Since(start))
	})
	b.ResetTimer()
	start := time.Now()
	playParallel(p, uint64(b.N), b.N)
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
	n := 0
	for i := range p.ready {
		if p.ready[i].Load() == blockReady {
			n++
		}
	}
	b.ReportMetric(float64(n), "states")
	b.ReportMetric(float64(n*widget.NumRolls*2)/(1<<20), "MiB-decisions")
}

// BenchmarkSolve solves the values of hasbro and yatzy, without the decisions, on
// GOMAXPROCS workers (-cpu 1,2): what the public solvers time.
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"hasbro", "yatzy"} {
		b.Run(name, func(b *testing.B) {
			r := exacttest.MustRules(b, name)
			for b.Loop() {
				if _, err := Solve(r, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecide works out the decisions of one state, as the cache does on a miss.
func BenchmarkDecide(b *testing.B) {
	tab := solved(b, "hasbro")
	w := widget.NewWidget(tab.Space, tab.Values)
	var out [widget.NumRolls]uint32
	for b.Loop() {
		w.Decide(0, 0, 0, &out)
	}
}

// BenchmarkWidget values one state, as the solver does.
func BenchmarkWidget(b *testing.B) {
	tab := solved(b, "hasbro")
	w := widget.NewWidget(tab.Space, tab.Values)
	for b.Loop() {
		w.SetLanes([]uint16{0})
		w.Evaluate(0, 0, false)
	}
}

func TestConcurrentCache(t *testing.T) {
	// Workers filling the shared decision cache at once leave every block as one worker
	// alone computes it.
	r := exacttest.SmallRules(t)
	tab, err := Solve(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := newPolicy(tab)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := NewStrategyFrom(p)
			g := sim.NewGame(r)
			dice := rand.NewPCG(uint64(w), 1)
			for range 3000 {
				if err := g.Play(st, dice); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	w := widget.NewWidget(tab.Space, tab.Values)
	var want [widget.NumRolls]uint32
	n := 0
	for i := range tab.Space.NumStates() {
		mask, u, f := tab.Space.Split(i)
		if !tab.Space.Valid(mask, u, f) {
			continue
		}
		id := p.Block(mask, u, f)
		if p.ready[p.group(mask, f)].Load() != blockReady {
			continue
		}
		n++
		w.Decide(mask, u, f, &want)
		for r, e := range want {
			if uint32(p.E16[id*BlockLen+r]) != e {
				t.Fatalf("state %#x/%d/%d roll %d: cached %#x, want %#x", mask, u, f, r, p.E16[id*BlockLen+r], e)
			}
		}
	}
	t.Logf("%d states cached", n)
}

// BenchmarkSolveHasbroDecisions solves hasbro with the decisions of every state, as
// yams solve does.
func BenchmarkSolveHasbroDecisions(b *testing.B) {
	r := exacttest.MustRules(b, "hasbro")
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		SolveSpace(r, sp, 0, true)
	}
}
