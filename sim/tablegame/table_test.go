package tablegame_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/sim/tablegame"
	"yams/strategies"
)

func runTable(t testing.TB, cfg tablegame.Config) *tablegame.Results {
	t.Helper()
	res, err := tablegame.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	res.Workers, res.Elapsed = 0, 0
	return res
}

// Table games of the one-throw rules, worked out by hand: each seat scores the sum of the
// dice of its own game index, the players rotate, and ties share the win.
func TestTableByHand(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(simtest.OneThrow))
	if err != nil {
		t.Fatal(err)
	}
	const games, n = 600, 3
	res := runTable(t, tablegame.Config{Rules: rules, Players: simtest.Infos(t, "greedy", "random", "greedy"), Seed: 8, Games: games, Workers: 3})

	seated, shares := make([][]int64, n), make([][]int64, n)
	outright, tied := make([]int64, n), make([]int64, n)
	for p := range n {
		seated[p], shares[p] = make([]int64, n), make([]int64, n)
	}
	var g rand.PCG
	ties := 0
	for tg := range int64(games) {
		var totals [n]int
		best := 0
		for p := range int64(n) {
			seat := (p + tg) % n
			dice, _ := sim.GameSeeds(8, uint64(tg*n+seat))
			g.Seed(dice[0], dice[1])
			totals[p] = engine.Throw(&g).Sum()
			seated[p][seat]++
			best = max(best, totals[p])
		}
		k := 0
		for _, v := range totals {
			if v == best {
				k++
			}
		}
		if k > 1 {
			ties++
		}
		for p, v := range totals {
			if v == best {
				shares[p][(int64(p)+tg)%n] += 60 / int64(k)
				if k == 1 {
					outright[p]++
				} else {
					tied[p]++
				}
			}
		}
	}
	if ties == 0 {
		t.Fatalf("no tie in %d games: the test checks nothing of ties", games)
	}
	if res.Games != games || !reflect.DeepEqual(res.Seated, seated) || !reflect.DeepEqual(res.Shares, shares) ||
		!reflect.DeepEqual(res.Outright, outright) || !reflect.DeepEqual(res.Tied, tied) {
		t.Errorf("counts %v %v %v %v, by hand %v %v %v %v", res.Seated, res.Shares, res.Outright, res.Tied, seated, shares, outright, tied)
	}
	// Every game hands out exactly one win.
	var units int64
	for p := range n {
		units += res.WinRate(p).Units
		if got := res.Seated[p][0] + res.Seated[p][1] + res.Seated[p][2]; got != games {
			t.Errorf("player %d sat %d games", p, got)
		}
	}
	if units != 60*games {
		t.Errorf("%d units of wins, want %d", units, 60*games)
	}
	var rate float64
	for s := range n {
		rate += res.SeatWinRate(s).Rate
	}
	if !simtest.Approx(rate, 1) {
		t.Errorf("seat win rates add up to %v", rate)
	}
}

// The counts do not depend on the workers, and slices of table games merge into the whole.
func TestTableDeterministic(t *testing.T) {
	rules := simtest.Load(t, "yams-app")
	cfg := tablegame.Config{Rules: rules, Players: simtest.Infos(t, "greedy", "upper-first"), Seed: 6, Games: 200, Workers: 1}
	whole := runTable(t, cfg)
	cfg.Workers = 4
	if other := runTable(t, cfg); !reflect.DeepEqual(whole, other) {
		t.Errorf("1 and 4 workers differ")
	}
	cfg.Games = 77
	merged := runTable(t, cfg)
	cfg.First, cfg.Games = 77, 123
	if err := merged.Merge(runTable(t, cfg)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("merged slices differ from the whole:\n%+v\n%+v", whole, merged)
	}
	var b bytes.Buffer
	if err := summaryfile.WriteTable(&b, whole); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games   int64
		Players []struct {
			Strategy string
			Wins     struct{ Units int64 }
			BySeat   []struct{ Games int64 } `json:"by_seat"`
		}
		Seats []struct{ Rate float64 }
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Games != 200 || len(doc.Players) != 2 || doc.Players[1].Strategy != "upper-first" || len(doc.Seats) != 2 ||
		doc.Players[0].Wins.Units+doc.Players[1].Wins.Units != 60*200 || doc.Players[0].BySeat[1].Games != 100 {
		t.Errorf("table JSON %s", b.Bytes())
	}
}

func TestTableRefuses(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	for _, cfg := range []tablegame.Config{
		{Rules: rules, Players: simtest.Infos(t, "greedy"), Games: 10},
		{Rules: rules, Players: simtest.Infos(t, "greedy", "greedy", "greedy", "greedy", "greedy", "greedy", "greedy"), Games: 10},
		{Rules: rules, Players: simtest.Infos(t, "greedy", "random"), Games: 0},
		{Rules: rules, Players: simtest.Infos(t, "greedy", "random"), Games: 10, First: 1 << 61},
	} {
		if res, err := tablegame.Run(context.Background(), cfg); err == nil || res != nil {
			t.Errorf("%d players, %d games from %d: no error", len(cfg.Players), cfg.Games, cfg.First)
		}
	}
}

// A batch strategy (an external bot) plays the table games of its built-in twin: the
// same counts, bit for bit, whatever the seat and the workers.
func TestTableBatchPlaysAsItsTwin(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	for _, workers := range []int{1, 3} {
		cfg := tablegame.Config{Rules: rules, Players: simtest.Infos(t, "upper-first", "greedy", "random"), Seed: 11, Games: 200, Workers: workers}
		want := runTable(t, cfg)
		cfg.Players[1] = simtest.BatchOf(t, "greedy", -1)
		if got := runTable(t, cfg); !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers: greedy as a batch strategy:\n%+v\nbuilt in:\n%+v", workers, got, want)
		}
	}
}

// A table stopped by a failure keeps the table games before the failed chunk, marked
// partial, and names the failure: a batch strategy that stops answering, or a strategy
// that breaks a rule.
func TestTableFailureKeepsThePrefix(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	const games, seed = 4000, 5
	// Player 2 (index 1) plays the game of index 2t + (1+t) mod 2 at table game t.
	index := func(t int64) int64 { return 2*t + (1+t)%2 }
	const botFails = 2500
	cheats := int64(-1) // the first table game in which cheat breaks a rule
	for t := int64(0); cheats < 0; t++ {
		if cheatsIn(uint64(index(t)), seed) {
			cheats = t
		}
	}
	cheat := strategies.Info{Name: "cheat", New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := strategies.New("greedy", r)
		return &cheater{st: st}, err
	}}
	cases := []struct {
		name   string
		player strategies.Info
		fails  int64
		want   string
	}{
		{"a bot stops", simtest.BatchOf(t, "greedy", index(botFails)), botFails, fmt.Sprintf("no answer for game %d", index(botFails))},
		{"a rule broken", cheat, cheats, fmt.Sprintf("strategy cheat (player 2), table game %d: turn 1: box", cheats)},
	}
	for _, c := range cases {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s, %d workers", c.name, workers), func(t *testing.T) {
				cfg := tablegame.Config{Rules: rules, Players: []strategies.Info{simtest.Infos(t, "upper-first")[0], c.player}, Seed: seed, Games: games, Workers: workers}
				res, err := tablegame.Run(context.Background(), cfg)
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("error %v, want one with %q", err, c.want)
				}
				if res == nil || !res.Partial() || res.Planned != games || res.Games > c.fails {
					t.Fatalf("results %+v: want a prefix of the games before %d", res, c.fails)
				}
				if res.Games == 0 {
					if workers == 1 {
						t.Fatalf("one worker stopped at table game %d with no game kept", c.fails)
					}
					return
				}
				cfg.Games = res.Games
				honest := simtest.Infos(t, "greedy")[0]
				honest.Name = c.player.Name
				cfg.Players[1] = honest
				want := runTable(t, cfg)
				res.Workers, res.Elapsed, res.Planned = 0, 0, res.Games
				if !reflect.DeepEqual(res, want) {
					t.Errorf("the %d table games before the failure differ from those of an honest run", res.Games)
				}
			})
		}
	}
}

// cheatsIn reports whether cheater breaks a rule in game index g of seed: when the first
// draw of the game's own generator is a multiple of 700.
func cheatsIn(g, seed uint64) bool {
	_, draws := sim.GameSeeds(seed, g)
	return rand.NewPCG(draws[0], draws[1]).Uint64()%700 == 0
}

// cheater plays as st, but in the games cheatsIn picks scores its first roll in a box
// that does not exist.
type cheater struct {
	st  strategies.Strategy
	bad bool
}

func (c *cheater) StartGame(g *rand.PCG) { c.bad = g.Uint64()%700 == 0 }

func (c *cheater) Keep(s *engine.Sheet, r engine.Roll, left int) engine.Keep {
	return c.st.Keep(s, r, left)
}

func (c *cheater) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	if c.bad {
		return engine.BoxID(s.Rules().NumSlots())
	}
	return c.st.Box(s, r, used)
}

// countingBatch is simtest.AsBatch recording the most requests it was asked at once.
type countingBatch struct {
	simtest.AsBatch
	most *atomic.Int64
}

func (b *countingBatch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	if n := int64(len(reqs)); n > b.most.Load() {
		b.most.Store(n) // one worker: no race between load and store
	}
	return b.AsBatch.Decide(reqs, answers)
}

// A run's chunk is sized for the batch strategy that asks for the most games together
// (Info.BatchGames: target:T's 16,384), and each batch strategy is asked at most its own
// number of requests at once: an external bot beside target:T gets 1,024, as alone. The
// counts are those of the strategies built in.
func TestBatchWindows(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	var mostWide, mostBot atomic.Int64
	counting := func(name string, games int, most *atomic.Int64) strategies.Info {
		info := simtest.Infos(t, name)[0]
		return strategies.Info{Name: name, BatchGames: games, NewBatch: func(r *engine.Rules, _ int) (strategies.Batch, error) {
			st, err := info.New(r)
			return &countingBatch{AsBatch: simtest.AsBatch{St: st, FailFrom: -1}, most: most}, err
		}}
	}
	wide, bot := counting("greedy", 3000, &mostWide), counting("upper-first", 0, &mostBot)
	check := func(what string) {
		t.Helper()
		if w, b := mostWide.Load(), mostBot.Load(); w != 3000 || b != 1024 {
			t.Errorf("%s: at most %d requests at once for the strategy of 3,000 games, %d for the bot; want 3,000 and 1,024", what, w, b)
		}
		mostWide.Store(0)
		mostBot.Store(0)
	}
	cfg := sim.Config{Rules: rules, Strategies: []strategies.Info{wide, bot}, Seed: 3, Games: 40000, Workers: 1}
	got, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	check("sim.Run")
	cfg.Strategies = simtest.Infos(t, "greedy", "upper-first")
	want, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Summaries, want.Summaries) {
		t.Errorf("sim.Run: the batch strategies' counts differ from those of their built-in twins")
	}
	tcfg := tablegame.Config{Rules: rules, Players: []strategies.Info{wide, bot}, Seed: 3, Games: 40000, Workers: 1}
	gotT := runTable(t, tcfg)
	check("tablegame.Run")
	tcfg.Players = simtest.Infos(t, "greedy", "upper-first")
	if wantT := runTable(t, tcfg); !reflect.DeepEqual(gotT, wantT) {
		t.Errorf("tablegame.Run: the batch strategies' counts differ from those of their built-in twins")
	}
}

// asTableBatch is simtest.AsBatch told the tables of its games (strategies.TableBatch), as an
// external bot at a table is: it checks at each request that the table told is the one
// the game is played at, as it stands.
type asTableBatch struct {
	simtest.AsBatch
	players []string
	player  int
	told    map[int64]*strategies.Table
	calls   *atomic.Int64
	wrong   *atomic.Pointer[string]
}

func (b *asTableBatch) SeeTables(games []int64, tables []*strategies.Table) {
	b.calls.Add(1)
	clear(b.told)
	for i, g := range games {
		b.told[g] = tables[i]
	}
}

func (b *asTableBatch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	n := len(b.players)
	for _, r := range reqs {
		t := b.told[r.Game]
		var bad string
		switch {
		case t == nil:
			bad = fmt.Sprintf("game %d: no table told", r.Game)
		case t.Seat != int(r.Game%int64(n)) || t.Sheets[t.Seat] != r.Sheet || len(t.Sheets) != n:
			bad = fmt.Sprintf("game %d: seat %d of %d, its own sheet %v", r.Game, t.Seat, len(t.Sheets), t.Sheets[t.Seat] == r.Sheet)
		case t.Players[t.Seat] != b.players[b.player]:
			bad = fmt.Sprintf("game %d: seat %d plays %s, not the player's %s", r.Game, t.Seat, t.Players[t.Seat], b.players[b.player])
		}
		if t != nil && bad == "" {
			for s, sh := range t.Sheets {
				// Seats before the player's have played this round's turn, the others not.
				played := r.Turn - 1
				if s < t.Seat {
					played = r.Turn
				}
				if sh.Turn() != played {
					bad = fmt.Sprintf("game %d, turn %d of seat %d: seat %d has played %d turns", r.Game, r.Turn, t.Seat, s, sh.Turn())
				}
			}
		}
		if bad != "" {
			b.wrong.CompareAndSwap(nil, &bad)
		}
	}
	return b.AsBatch.Decide(reqs, answers)
}

// A batch strategy that sees the table (an external bot at a table) is told, before its
// games' requests, the table of each: its seat (its game is table game t's t·n + seat),
// its own sheet there, the other players' sheets as they stand in the round; and it plays
// the table games of its built-in twin, bit for bit, whatever the seat and the workers.
func TestTableBatchSeesTheTable(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	for _, workers := range []int{1, 3} {
		cfg := tablegame.Config{Rules: rules, Players: simtest.Infos(t, "upper-first", "greedy", "random"), Seed: 11, Games: 200, Workers: workers}
		want := runTable(t, cfg)
		var calls atomic.Int64
		var wrong atomic.Pointer[string]
		greedy := simtest.Infos(t, "greedy")[0]
		cfg.Players[1] = strategies.Info{Name: "greedy", NewTableBatch: func(r *engine.Rules, _ int, players []string, player int) (strategies.TableBatch, error) {
			st, err := greedy.New(r)
			return &asTableBatch{AsBatch: simtest.AsBatch{St: st, FailFrom: -1}, players: players, player: player, told: map[int64]*strategies.Table{}, calls: &calls, wrong: &wrong}, err
		}}
		got := runTable(t, cfg)
		if w := wrong.Load(); w != nil {
			t.Errorf("%d workers: %s", workers, *w)
		}
		if calls.Load() == 0 {
			t.Errorf("%d workers: no table told", workers)
		}
		if !got.SeesTable[1] || got.SeesTable[0] {
			t.Errorf("%d workers: sees the table %v", workers, got.SeesTable)
		}
		got.SeesTable = want.SeesTable
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d workers: greedy as a batch that sees the table:\n%+v\nbuilt in:\n%+v", workers, got, want)
		}
	}
}

// With a batch player at a table where another sees it, the batch player plays its turn
// of a round in all its games at once (the seats before its own having played): the table
// strategy is still shown each table as it stands in seat order, and the games, the
// analyst's judgements and the traced game, turn after turn, are those of the batch
// player's built-in twin, whatever its seat in the traced game.
func TestTableBatchLeadKeepsTheOrder(t *testing.T) {
	rules := simtest.Load(t, "yams-app")
	var made []*watcher
	var seen atomic.Int64
	watch := watcherInfo(&seen, &made)
	for _, traced := range []int64{120, 121, 122} { // the batch player in each seat
		cfg := tablegame.Config{Rules: rules, Players: append(simtest.Infos(t, "upper-first"), watch, simtest.Infos(t, "random")[0]), Seed: 3, Games: 150, Workers: 2,
			Analyst: func() (strategies.TableAnalyst, error) { return counter{}, nil }, TraceGame: traced}
		want := runTable(t, cfg)
		cfg.Players[0] = simtest.BatchOf(t, "upper-first", -1)
		got := runTable(t, cfg)
		for _, w := range made {
			if w.err != nil {
				t.Fatal(w.err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("traced game %d: upper-first as a batch strategy:\n%+v\nbuilt in:\n%+v", traced, got, want)
		}
		if got.Trace == nil || len(got.Trace.Turns) != 1+3*rules.NumSlots() {
			t.Fatalf("traced game %d: trace %+v", traced, got.Trace)
		}
	}
}
