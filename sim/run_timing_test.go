package sim

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"yams/engine"
	"yams/strategies"
)

// fakeClock is a clock that moves only when a strategy of the test spends time, and
// counts what each spent.
type fakeClock struct {
	mu    sync.Mutex
	t     time.Time
	spent map[string]time.Duration
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) spend(who string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	c.spent[who] += d
}

// stopAndFirstBox keeps every roll and scores it in the first legal box, spending time on
// a clock: perBox for each box of a strategy of one decision at a time.
type stopAndFirstBox struct {
	clock  *fakeClock
	perBox time.Duration
}

func (s *stopAndFirstBox) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }

func (s *stopAndFirstBox) Box(sh *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	s.clock.spend("built-in", s.perBox)
	legal := sh.Legal(r, used)
	id := 0
	for legal&(1<<id) == 0 {
		id++
	}
	return engine.BoxID(id)
}

// slowBatch is the same play as a batch strategy whose every exchange costs perBatch and
// every request perRequest, as a bot's process would.
type slowBatch struct {
	st                   stopAndFirstBox
	perBatch, perRequest time.Duration
}

func (b *slowBatch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	b.st.clock.spend("bot", b.perBatch+time.Duration(len(reqs))*b.perRequest)
	for i, q := range reqs {
		if q.RollsLeft > 0 {
			answers[i].Keep = q.Roll.Keep()
			continue
		}
		legal := q.Sheet.Legal(q.Roll, q.RollsUsed)
		for legal&(1<<answers[i].Box) == 0 {
			answers[i].Box++
		}
	}
	return nil
}

func (b *slowBatch) Close() error { return nil }

// OutsideTime says the time the batch spent, as a bot's process says its processor time.
func (b *slowBatch) OutsideTime() time.Duration {
	b.st.clock.mu.Lock()
	defer b.st.clock.mu.Unlock()
	return b.st.clock.spent["bot"]
}

// TestTimeGoesToItsStrategy: the time a worker spends waiting for a batch strategy (an
// external bot) is counted to it, and the time of a built-in strategy's games to that
// strategy, to the nanosecond, whatever their order in the run; the games/s of each are
// its games over its own time; the time a batch strategy says it took outside is its own.
func TestTimeGoesToItsStrategy(t *testing.T) {
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	for _, botFirst := range []bool{true, false} {
		c := &fakeClock{t: time.Unix(1e9, 0), spent: map[string]time.Duration{}}
		saved := clock
		clock = c.now
		builtIn := strategies.Info{Name: "built-in", New: func(*engine.Rules) (strategies.Strategy, error) {
			return &stopAndFirstBox{clock: c, perBox: time.Microsecond}, nil
		}}
		bot := strategies.Info{Name: "bot", NewBatch: func(*engine.Rules, int) (strategies.Batch, error) {
			return &slowBatch{st: stopAndFirstBox{clock: c}, perBatch: 5 * time.Millisecond, perRequest: 2 * time.Microsecond}, nil
		}}
		list := []strategies.Info{bot, builtIn}
		if !botFirst {
			list = []strategies.Info{builtIn, bot}
		}
		const games = 3000
		res, err := Run(context.Background(), Config{Rules: rules, Strategies: list, Seed: 1, Games: games, Workers: 1})
		clock = saved
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range res.Summaries {
			want := c.spent[s.Strategy]
			if outside := map[string]time.Duration{"bot": want}[s.Strategy]; res.Outside[i] != outside {
				t.Errorf("bot first %v: %s took %v outside, want %v", botFirst, s.Strategy, res.Outside[i], outside)
			}
			if res.Busy[i] != want {
				t.Errorf("bot first %v: %s is counted %v, it spent %v", botFirst, s.Strategy, res.Busy[i], want)
			}
			if got, want := res.GamesPerSecond(i), games/want.Seconds(); math.Abs(got-want) > 1e-9*want {
				t.Errorf("bot first %v: %s at %.3f games/s, want %.3f", botFirst, s.Strategy, got, want)
			}
		}
		if want := c.spent["bot"] + c.spent["built-in"]; res.Elapsed != want {
			t.Errorf("bot first %v: elapsed %v, the strategies spent %v", botFirst, res.Elapsed, want)
		}
		if c.spent["built-in"] != games*time.Duration(rules.NumSlots())*time.Microsecond {
			t.Errorf("the built-in spent %v: not a box a microsecond", c.spent["built-in"])
		}
	}
}
