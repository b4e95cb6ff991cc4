package main

import (
	"bytes"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// The progress line, on a fake clock: redrawn every 250 ms with the games finished, the
// rate and the time left, and erased at the end.
func TestProgress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out bytes.Buffer
		var done atomic.Int64
		p := startProgress(&out, english, 1000, gamesOf(1), &done)
		time.Sleep(100 * time.Millisecond)
		if out.Len() != 0 {
			t.Errorf("drawn before the first tick: %q", out.String())
		}
		time.Sleep(200 * time.Millisecond) // 300 ms: one tick, no game finished yet
		synctest.Wait()
		if got, want := out.String(), "\r\033[K0 of 1,000 games, 0%"; got != want {
			t.Errorf("before any game:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		done.Store(500)
		time.Sleep(200 * time.Millisecond) // 500 ms: the second tick, the first games finished
		synctest.Wait()
		if got, want := out.String(), "\r\033[K500 of 1,000 games, 50%"; got != want {
			t.Errorf("after 500 ms:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		done.Store(700)
		time.Sleep(250 * time.Millisecond) // 750 ms: the rate since the first games finished
		synctest.Wait()
		if got, want := out.String(), "\r\033[K700 of 1,000 games, 70%, 800 games/s, 400ms left"; got != want {
			t.Errorf("after 750 ms:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		p.end()
		if out.String() != "\r\033[K" {
			t.Errorf("end: %q, want the line erased", out.String())
		}
	})
}

// The line counts in the unit of the summary of the run, and says which: games of every
// strategy, or table games. The rate and the time left are those since the first games
// finished, over the last ten seconds of progress.
func TestProgressLine(t *testing.T) {
	type at struct {
		done    int64
		elapsed time.Duration
	}
	for _, c := range []struct {
		name  string
		unit  progressUnit
		steps []at // the line is that of the last
		want  string
	}{
		{"one strategy", gamesOf(1), []at{{500_000, 10 * time.Second}, {1_000_000, 20 * time.Second}},
			"1,000,000 of 3,000,000 games, 33%, 50,000 games/s, 40s left"},
		{"four strategies", gamesOf(4), []at{{500_000, 10 * time.Second}, {1_000_000, 20 * time.Second}},
			"4,000,000 of 12,000,000 games (4 strategies × 3,000,000), 33%, 200,000 games/s, 40s left"},
		{"tables", tableGames, []at{{500_000, 10 * time.Second}, {1_000_000, 20 * time.Second}},
			"1,000,000 of 3,000,000 table games, 33%, 50,000 table games/s, 40s left"},
		{"one game", gamesOf(1), []at{{0, time.Second}}, "0 of 3,000,000 games, 0%"},
		{"nothing finished", gamesOf(4), []at{{0, 20 * time.Second}}, "0 of 12,000,000 games (4 strategies × 3,000,000), 0%"},
		{"at the start", gamesOf(1), []at{{0, 0}}, "0 of 3,000,000 games, 0%"},
		{"the first games finished", gamesOf(1), []at{{0, 30 * time.Second}, {16, 31 * time.Second}}, "16 of 3,000,000 games, 0%"},
		// A minute of setup, then 100,000 games a second: the time left is that of the
		// rate since the first games, not of the minute before them (days).
		{"after a long setup", gamesOf(1), []at{{0, 30 * time.Second}, {16, 60 * time.Second}, {100_016, 61 * time.Second}},
			"100,016 of 3,000,000 games, 3%, 100,000 games/s, 29s left"},
		// The rate of the last ten seconds: a run that speeds up is followed.
		{"speeding up", gamesOf(1), []at{{10, time.Second}, {1_000, 10 * time.Second}, {1_000_000, 20 * time.Second}, {2_000_000, 30 * time.Second}},
			"2,000,000 of 3,000,000 games, 67%, 100,000 games/s, 10s left"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &progress{total: 3_000_000, unit: c.unit}
			var got string
			for _, s := range c.steps {
				got = p.line(s.done, s.elapsed)
			}
			if got != c.want {
				t.Errorf("line:\n%q\nwant\n%q", got, c.want)
			}
		})
	}
	p := &progress{total: 1, unit: gamesOf(1)}
	if got := p.line(0, time.Second); got != "0 of 1 game, 0%" {
		t.Errorf("a run of one game: %q", got)
	}
}
