package external_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"yams/sim"
	"yams/strategies"
	"yams/strategies/external"
)

// TestStopperStopsAtOnce: an interruption stops a bot that yams waits for at once, not
// after its timeout (an hour here), whether it hangs in a batch or before its hello; a
// bot that would start after is not started. Interrupted as yams interrupts a run (its
// context cancelled, then its bots stopped), the run returns its results, partial, even
// before the bot's hello; there with the context's error, not a bot's failure.
func TestStopperStopsAtOnce(t *testing.T) {
	for _, mode := range []string{"hang", "no-hello"} {
		for _, withContext := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/context=%v", mode, withContext), func(t *testing.T) {
				var stopper external.Stopper
				stderr := &syncBuffer{}
				bot := external.Bot{Name: "mine", Argv: botCommand(mode), Timeout: time.Hour, Stderr: stderr, Stopper: &stopper}
				greedy, _ := strategies.Lookup("greedy")
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				type result struct {
					res *sim.Results
					err error
				}
				done := make(chan result, 1)
				go func() {
					res, err := sim.Run(ctx, sim.Config{
						Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{greedy, bot.Info()}, Seed: 1, Games: 2000, Workers: 1,
					})
					done <- result{res, err}
				}()
				for !strings.Contains(stderr.String(), "hanging") {
					select {
					case r := <-done:
						t.Fatalf("the run ended before the bot hung: %v", r.err)
					case <-time.After(10 * time.Millisecond):
					}
				}
				if withContext {
					cancel()
				}
				stopper.Stop()
				select {
				case r := <-done:
					var be *external.Error
					switch {
					case withContext && (r.res == nil || r.res.Games != 0 || !r.res.Partial()):
						// Results, partial, for yams to say how far the run got (none of the
						// games) and exit with the signal's status.
						t.Errorf("error %v, results %v: want the results of no game, partial", r.err, r.res)
					case withContext && mode == "no-hello" && (!errors.Is(r.err, context.Canceled) || errors.As(r.err, &be)):
						t.Errorf("error %v: want the context's, not a bot's failure", r.err)
					case !withContext && (!errors.As(r.err, &be) || !strings.Contains(r.err.Error(), "interrupted")):
						t.Errorf("error %v, want the bot's, stopped by the interruption", r.err)
					}
				case <-time.After(time.Minute):
					t.Fatal("the run goes on after Stop")
				}
				if left := botProcesses(t); len(left) > 0 {
					t.Errorf("bot processes left: %v", left)
				}
				b, err := bot.Info().NewBatch(mustRules(t, "hasbro"), 0)
				if err != nil {
					t.Fatalf("a bot started after Stop: %v, want a batch that reports the interruption", err)
				}
				if _, ok := b.(interface {
					Identity() (string, string, []string)
				}); ok {
					t.Error("a bot that did not start says an identity")
				}
				if err := b.Decide(nil, nil); err == nil || !strings.Contains(err.Error(), "interrupted") {
					t.Errorf("a bot started after Stop decides: %v", err)
				}
				b.Close()
				if left := botProcesses(t); len(left) > 0 {
					t.Errorf("bot processes left: %v", left)
				}
			})
		}
	}
}

// TestBotsStopTogether: at the end of a run the bots of every worker are stopped
// together, not one after another; a bot that lingers after its input ends gets SIGTERM,
// then SIGKILL.
func TestBotsStopTogether(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows: a bot's process is killed")
	}
	stderr := &syncBuffer{mark: "] EOF\n"}
	bot := external.Bot{Name: "mine", Argv: botCommand("linger"), Timeout: 20 * time.Second, Stderr: stderr}
	const workers = 4
	_, err := sim.Run(context.Background(), sim.Config{
		Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{bot.Info()}, Seed: 1, Games: 40, Workers: workers,
	})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(stderr.marked()) // since the first bot saw its input end
	var eofs, terms []string
	for line := range strings.Lines(stderr.String()) {
		switch {
		case strings.HasSuffix(line, "] EOF\n"):
			eofs = append(eofs, line)
		case strings.HasSuffix(line, "] SIGTERM\n"):
			terms = append(terms, line)
		}
	}
	if len(eofs) != workers || len(terms) != workers {
		t.Fatalf("%d bots saw their input end and %d got SIGTERM, want %d and %d:\n%s", len(eofs), len(terms), workers, workers, stderr)
	}
	// One after another, the stops would take 2 s each (a second to exit, a second after
	// SIGTERM): 8 s in all.
	if elapsed > 6*time.Second {
		t.Errorf("the stops took %v: the %d bots were stopped one after another", elapsed, workers)
	}
	if left := botProcesses(t); len(left) > 0 {
		t.Errorf("bot processes left: %v", left)
	}
}

// TestStderrWholeLines: the lines a bot writes on its standard error in pieces reach
// yams's standard error whole, after the prefix of their own process, however the lines
// of several processes meet.
func TestStderrWholeLines(t *testing.T) {
	stderr := &syncBuffer{}
	bot := external.Bot{Name: "mine", Argv: botCommand("pieces"), Timeout: 20 * time.Second, Stderr: stderr}
	if _, err := sim.Run(context.Background(), sim.Config{
		Rules: mustRules(t, "hasbro"), Strategies: []strategies.Info{bot.Info()}, Seed: 1, Games: 400, Workers: 4,
	}); err != nil {
		t.Fatal(err)
	}
	pieces := 0
	for line := range strings.Lines(stderr.String()) {
		if !slices.ContainsFunc([]string{"] misbehaving as pieces\n", "] piece-a piece-b\n"}, func(s string) bool { return strings.HasSuffix(line, s) }) ||
			!strings.HasPrefix(line, "[bot mine ") {
			t.Fatalf("a line not relayed whole: %q", line)
		}
		if strings.HasSuffix(line, "piece-b\n") {
			pieces++
		}
	}
	if pieces < 4*13 {
		t.Errorf("%d lines relayed, want one per batch", pieces)
	}
}

// syncBuffer is a buffer that several goroutines write. It notes when a line ending in
// mark (if not empty) is first written.
type syncBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	mark string
	at   time.Time
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mark != "" && s.at.IsZero() && bytes.Contains(p, []byte(s.mark)) {
		s.at = time.Now()
	}
	return s.b.Write(p)
}

// marked returns when the mark was first written.
func (s *syncBuffer) marked() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.at
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
