package main

import (
	"bytes"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"yams/strategies/columns"
	"yams/strategies/solver"
)

// The expected time of a first run is the README's own figure of it, in the words a
// person would say (issue 40 §5): the rates come from the README's table of first runs.
func TestExpectedTime(t *testing.T) {
	mib := func(x float64) int64 { return int64(x * (1 << 20)) }
	for _, c := range []struct {
		n    solver.Notice
		want string // the README's figure beside
	}{
		{solver.Notice{Strategy: "optimal", CacheBytes: mib(15.2)}, "a second or two"},            // hasbro: 0.77 to 0.98 s
		{solver.Notice{Strategy: "optimal", CacheBytes: mib(45.3)}, "about 3 s"},                  // yatzy: 2.39 to 2.48 s
		{solver.Notice{Strategy: "target:300", CacheBytes: mib(644.2)}, "about 45 s"},             // 46 s
		{solver.Notice{Strategy: "beat:optimal", CacheBytes: mib(1241.7)}, "about 2 min"},         // 93 s
		{solver.Notice{Strategy: "win", CacheBytes: mib(714)}, "about 20 s"},                      // 21.7 s
		{solver.Notice{Strategy: columns.ColumnTablesName, Layers: 6}, "about 40 s"},              // 41.5 s to the first advice
		{solver.Notice{Strategy: columns.CalibrationName, Layers: 32768}, "about 1 min"},          // measured here
		{solver.Notice{Strategy: "target:300", CacheBytes: mib(644.2) * 100}, "about 1 h 18 min"}, // the hours said
	} {
		if got := english.about(expectedTime(c.n)); got != c.want {
			t.Errorf("%s of %d bytes: %q, want %q", c.n.Strategy, c.n.CacheBytes, got, c.want)
		}
	}
}

// On a terminal, a solve's line is redrawn every second with the turns solved, the time
// spent and the time expected, even while a long layer gives no news; it is erased when
// the solve is done.
func TestSolveProgressLine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out bytes.Buffer
		e := &env{cmd: &command{name: "solve"}, stderr: &out, interactive: true}
		n := solver.Notice{Rules: "hasbro", Strategy: "target:300", Layers: 13, CacheBytes: 644 << 20}
		e.solveNotice(n)
		synctest.Wait()
		line := "yams: solve: solving the strategy target:300 of rules hasbro, the first time it is played on them; about 45 s on the README's machine (2 cores)\n"
		if got, want := out.String(), line+"\r\033[Ksolving target:300 on hasbro: 0 of 13 turns, 0 s (about 45 s)"; got != want {
			t.Errorf("at the start:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		n.Layer = 5
		time.Sleep(1500 * time.Millisecond)
		e.solveNotice(n)
		synctest.Wait()
		if got, want := out.String(), "\r\033[Ksolving target:300 on hasbro: 0 of 13 turns, 1 s (about 45 s)\r\033[Ksolving target:300 on hasbro: 5 of 13 turns, 2 s (about 45 s)"; got != want {
			t.Errorf("a second on, then 5 turns:\n%q\nwant\n%q", got, want)
		}
		out.Reset()
		time.Sleep(70 * time.Second) // a long layer: the time spent goes on
		synctest.Wait()
		if last := out.String()[strings.LastIndex(out.String(), "\r"):]; last != "\r\033[Ksolving target:300 on hasbro: 5 of 13 turns, 1 min 11 s (about 45 s)" {
			t.Errorf("70 s on: %q", last)
		}
		out.Reset()
		n.Done = true
		e.solveNotice(n)
		if out.String() != "\r\033[K" {
			t.Errorf("done: %q, want the line erased", out.String())
		}
		time.Sleep(5 * time.Second)
		synctest.Wait()
		if out.String() != "\r\033[K" {
			t.Errorf("drawn after the end: %q", out.String())
		}
	})
}
