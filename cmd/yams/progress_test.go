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
		time.Sleep(200 * time.Millisecond) // 500 ms: the second tick
		synctest.Wait()
		if got, want := out.String(), "\r\033[K500 of 1,000 games, 50%, 1,000 games/s, 500ms left"; got != want {
			t.Errorf("after 500 ms:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		p.end()
		if out.String() != "\r\033[K" {
			t.Errorf("end: %q, want the line erased", out.String())
		}
	})
}

// The line counts in the unit of the summary of the run, and says which: games of every
// strategy, or table games.
func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		name    string
		unit    progressUnit
		done    int64
		elapsed time.Duration
		want    string
	}{
		{"one strategy", gamesOf(1), 1_000_000, 20 * time.Second, "1,000,000 of 3,000,000 games, 33%, 50,000 games/s, 40s left"},
		{"four strategies", gamesOf(4), 1_000_000, 20 * time.Second, "4,000,000 of 12,000,000 games (4 strategies × 3,000,000), 33%, 200,000 games/s, 40s left"},
		{"tables", tableGames, 1_000_000, 20 * time.Second, "1,000,000 of 3,000,000 table games, 33%, 50,000 table games/s, 40s left"},
		{"nothing finished", gamesOf(4), 0, 20 * time.Second, "0 of 12,000,000 games (4 strategies × 3,000,000), 0%"},
		{"at the start", gamesOf(1), 0, 0, "0 of 3,000,000 games, 0%"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &progress{total: 3_000_000, unit: c.unit}
			if got := p.line(c.done, c.elapsed); got != c.want {
				t.Errorf("line:\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}
