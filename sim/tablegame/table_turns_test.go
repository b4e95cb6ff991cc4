package tablegame_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

// Played turn by turn, round by round in seat order, solitaire players play the very games
// they play one after the other (each seat keeps its own dice): the same counts, bit for
// bit, with a batch strategy and a strategy that draws random numbers among them, whatever
// the workers.
func TestTableTurnByTurnPlaysTheSameGames(t *testing.T) {
	for _, name := range []string{"hasbro"} {
		rules := simtest.Load(t, name)
		cfg := tablegame.Config{Rules: rules, Players: simtest.Infos(t, "upper-first", "greedy", "random"), Seed: 21, Games: 120, Workers: 2}
		cfg.Players[1] = simtest.BatchOf(t, "greedy", -1)
		want := runTable(t, cfg)
		tablegame.SetTurnByTurn(true)
		for _, workers := range []int{1, 3} {
			cfg.Workers = workers
			got := runTable(t, cfg)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %d workers: turn by turn\n%+v\nplayer by player\n%+v", name, workers, got, want)
			}
		}
		tablegame.SetTurnByTurn(false)
	}
}

// watcher is a table strategy that plays greedy and checks, at each decision, the table
// it is shown: its own sheet in its seat, the players in the seats their rotation gives
// them, and the order of play (the seats before its own have played one turn more).
type watcher struct {
	st      strategies.Strategy
	players []string
	table   *strategies.Table
	joined  []string
	err     error
	seen    *atomic.Int64 // the decisions checked, by every worker's watcher
}

func (w *watcher) Join(players []string) error {
	w.joined = players
	if strings.Contains(strings.Join(players, ","), "refused") {
		return errors.New("cannot model a player named refused")
	}
	return nil
}

func (w *watcher) SeeTable(t *strategies.Table) { w.table = t }

func (w *watcher) check(s *engine.Sheet) {
	t := w.table
	switch {
	case w.err != nil:
		return
	case t == nil:
		w.err = errors.New("no table shown")
		return
	case t.Sheets[t.Seat] != s:
		w.err = fmt.Errorf("seat %d: the table's sheet is not the one decided on", t.Seat)
		return
	case t.Players[t.Seat] != "watcher":
		w.err = fmt.Errorf("seat %d is %s's", t.Seat, t.Players[t.Seat])
		return
	}
	for seat, o := range t.Sheets {
		want := s.Turn()
		if seat < t.Seat {
			want++
		}
		if o.Turn() != want && !o.Done() {
			w.err = fmt.Errorf("seat %d has played %d turns when seat %d plays turn %d", seat, o.Turn(), t.Seat, s.Turn()+1)
		}
	}
	w.seen.Add(1)
}

func (w *watcher) Keep(s *engine.Sheet, r engine.Roll, left int) engine.Keep {
	w.check(s)
	return w.st.Keep(s, r, left)
}

func (w *watcher) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	w.check(s)
	return w.st.Box(s, r, used)
}

// watcherInfo returns the watcher as a table strategy, counting its decisions in seen and
// keeping each watcher it makes in made.
func watcherInfo(seen *atomic.Int64, made *[]*watcher) strategies.Info {
	return strategies.Info{Name: "watcher", Table: true, New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := strategies.New("greedy", r)
		w := &watcher{st: st, seen: seen}
		*made = append(*made, w)
		return w, err
	}}
}

// A table strategy is shown the table before its decisions, as it stands, and plays the
// games of the strategy it plays otherwise; a run of games of one player refuses it; a
// table it says it cannot play is refused before the games.
func TestTableStrategySeesTheTable(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	var made []*watcher
	var seen atomic.Int64
	watch := watcherInfo(&seen, &made)
	cfg := tablegame.Config{Rules: rules, Players: append([]strategies.Info{watch}, simtest.Infos(t, "upper-first", "random")...), Seed: 5, Games: 90, Workers: 1}
	got := runTable(t, cfg)
	for _, w := range made {
		if w.err != nil {
			t.Fatal(w.err)
		}
		if !reflect.DeepEqual(w.joined, []string{"watcher", "upper-first", "random"}) {
			t.Errorf("joined %v", w.joined)
		}
	}
	if seen.Load() < 90*13 {
		t.Errorf("%d decisions shown a table in 90 games", seen.Load())
	}
	cfg.Players[0] = simtest.Infos(t, "greedy")[0]
	want := runTable(t, cfg)
	if !reflect.DeepEqual(got.Shares, want.Shares) || !reflect.DeepEqual(got.Outright, want.Outright) {
		t.Errorf("the watcher plays other games than greedy: %v, %v", got.Shares, want.Shares)
	}

	if _, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{watch}, Games: 10}); err == nil || !strings.Contains(err.Error(), "compare --players") {
		t.Errorf("a table strategy alone: %v", err)
	}
	refused := simtest.Infos(t, "greedy")[0]
	refused.Name = "refused"
	cfg.Players = []strategies.Info{watch, refused}
	if _, err := tablegame.Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "cannot model a player named refused") {
		t.Errorf("a table the strategy cannot play: %v", err)
	}
}

// counter is an analyst that calls every keep riskier and every box safer, and gives
// each seat a chance that grows with its total.
type counter struct{}

func (counter) Keep(*strategies.Table, engine.Roll, int, engine.Keep) strategies.Verdict {
	return strategies.Riskier
}

func (counter) Box(*strategies.Table, engine.Roll, int, engine.BoxID) strategies.Verdict {
	return strategies.Safer
}

func (counter) Chances(t *strategies.Table, out []float64) {
	for s, o := range t.Sheets {
		out[s] = float64(o.Total())
	}
}

// An analyst judges every decision of the player that sees the table, once, and follows
// the traced game turn by turn; both are the same whatever the workers, and the games
// those played without an analyst.
func TestTableAnalysis(t *testing.T) {
	rules := simtest.Load(t, "yams-app")
	var seen atomic.Int64
	watch := strategies.Info{Name: "watcher", Table: true, New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := strategies.New("greedy", r)
		return &watcher{st: st, seen: &seen}, err
	}}
	cfg := tablegame.Config{Rules: rules, Players: append(simtest.Infos(t, "upper-first"), watch, simtest.Infos(t, "random")[0]), Seed: 3, Games: 200, Workers: 1}
	plain := runTable(t, cfg)
	seen.Store(0)
	cfg.Analyst = func() (strategies.TableAnalyst, error) { return counter{}, nil }
	cfg.TraceGame = 123
	got := runTable(t, cfg)
	if !reflect.DeepEqual(got.Shares, plain.Shares) {
		t.Errorf("an analyst changes the games")
	}
	p := got.Profile
	if p == nil || p.Player != 1 || got.Trace == nil {
		t.Fatalf("profile %+v, trace %v", p, got.Trace)
	}
	var all, boxes int64
	for left := 1; left <= rules.NumSlots(); left++ {
		for d := range tablegame.DiffBins {
			n, by := p.Decisions(left, d)
			all += n
			boxes += by[strategies.Safer]
		}
	}
	if all != seen.Load() || boxes != 200*int64(rules.NumSlots()) {
		t.Errorf("%d decisions judged, %d of them boxes; the player took %d in 200 games of %d turns", all, boxes, seen.Load(), rules.NumSlots())
	}
	tr := got.Trace
	if tr.Game != 123 || len(tr.Turns) != 1+3*rules.NumSlots() {
		t.Fatalf("trace of game %d, %d turns", tr.Game, len(tr.Turns))
	}
	last := tr.Turns[len(tr.Turns)-1]
	for s, total := range last.Totals {
		if last.Chances[s] != float64(total) || tr.Turns[0].Totals[s] != 0 {
			t.Errorf("seat %d: total %d, chance %v at the end", s, total, last.Chances[s])
		}
	}
	cfg.Workers = 3
	if again := runTable(t, cfg); !reflect.DeepEqual(again.Profile, got.Profile) || !reflect.DeepEqual(again.Trace, got.Trace) {
		t.Errorf("the analysis depends on the workers")
	}
	cfg.Players = simtest.Infos(t, "greedy", "random")
	if _, err := tablegame.Run(context.Background(), cfg); err == nil {
		t.Errorf("an analysis of a table where nobody sees it")
	}
}
