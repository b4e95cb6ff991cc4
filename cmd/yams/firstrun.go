package main

// What the first run on a rule set says while it solves and caches a table: one line when
// it starts, with the size of the file and about how long it takes, and on a terminal a
// line redrawn every second with how far it is and the time spent, erased when it is done.

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"yams/strategies/columns"
	"yams/strategies/solver"
)

// The speed of the first runs on the README's machine (2 cores), from the figures its
// table of first runs gives: a solve of optimal or of an objective of the mean (risk:θ,
// bonus) writes 15.2 MiB for hasbro in 0.77 to 0.98 s and 45.3 MiB for yatzy in 2.39 to
// 2.48 s; a goal's, 644.2 MiB for target:300 in 46 s and 1,241.7 MiB for beat:optimal in
// 93 s; win's distributions, 714 MiB for hasbro in 21.7 s. column-tables's fit on the
// family sheet's four columns takes about 6.5 s a round of 20,000 games (41.5 s from an
// empty cache to yams advise's first answer, quiet), and its calibration for win about
// a minute.
const (
	meanSecondsPerMiB = 0.057
	goalSecondsPerMiB = 0.073
	winSecondsPerMiB  = 0.030
	fitSecondsARound  = 6.5
	calibrationTime   = time.Minute
)

// expectedTime is about how long the solve that n starts takes on the README's machine,
// 0 where yams has no measure to say it from (a product of columns: seconds at most).
func expectedTime(n solver.Notice) time.Duration {
	mib := float64(n.CacheBytes) / (1 << 20)
	var s float64
	switch {
	case n.Strategy == columns.ColumnTablesName:
		s = fitSecondsARound * float64(n.Layers)
	case n.Strategy == columns.CalibrationName:
		return calibrationTime
	case strings.HasPrefix(n.Strategy, "win"):
		s = winSecondsPerMiB * mib
	case strings.HasPrefix(n.Strategy, "target:") || strings.HasPrefix(n.Strategy, "beat:"):
		s = goalSecondsPerMiB * mib
	default:
		s = meanSecondsPerMiB * mib
	}
	return time.Duration(s * float64(time.Second))
}

// about writes an expected time as a person would say it: "a second or two", "about 45
// s", "about 3 min", "about 1 h 10 min".
func (c console) about(d time.Duration) string {
	switch {
	case d < 2*time.Second:
		return c.t("a second or two")
	case d < 10*time.Second:
		return c.f("about %d s", int(math.Round(d.Seconds())))
	case d < time.Minute:
		return c.f("about %d s", int(math.Round(d.Seconds()/5)*5))
	case d < time.Hour:
		return c.f("about %d min", int(math.Round(d.Minutes())))
	}
	return c.f("about %d h %d min", int(d.Hours()), int(math.Round(d.Minutes()))%60)
}

// spent writes a time spent on a progress line: "12 s", "3 min 05 s".
func spent(d time.Duration) string {
	d = d.Round(time.Second)
	if d < time.Minute {
		return fmt.Sprintf("%d s", int(d.Seconds()))
	}
	return fmt.Sprintf("%d min %02d s", int(d.Minutes()), int(d.Seconds())%60)
}

// solving is the solve a terminal's line follows: its latest notice, when it started and
// what it is expected to take; stop ends the redraws.
type solving struct {
	mu       sync.Mutex
	n        solver.Notice
	start    time.Time
	expected time.Duration
	stop     chan struct{}
	ended    chan struct{}
}

// solveNotice says what the first run on a rule set is doing while a table is solved and
// cached, rather than sit silent: one line when it starts, what it makes, the size of its
// file and about how long it takes; and on a terminal how far it is and the time spent,
// redrawn every second (a layer of a goal's solve takes minutes), erased when it is done.
func (e *env) solveNotice(n solver.Notice) {
	switch {
	case n.Layer == 0 && !n.Done:
		e.noteSolve(n)
		if e.interactive {
			e.startSolving(n)
		}
	case !e.interactive:
	case n.Done:
		e.endSolving()
	default:
		e.progressSolving(n)
	}
}

// noteSolve is the line that says a solve starts.
func (e *env) noteSolve(n solver.Notice) {
	c := e.console()
	where := ""
	if n.Path != "" {
		where = c.f("; caching about %s in %s", c.megabytes(n.CacheBytes), filepath.Dir(n.Path))
	}
	if d := expectedTime(n); d > 0 {
		where += c.f("; %s on the README's machine (2 cores)", c.about(d))
	}
	if n.Rejected != nil {
		// A file of the cache that could not be used: say so, and that it is made again,
		// rather than speak of a first time.
		e.note("%s", c.f("the cached table of %s on rules %s cannot be used (%v): made again%s", n.Strategy, n.Rules, n.Rejected, where))
		return
	}
	if _, err := os.Stat(n.Path); n.Path != "" && !errors.Is(err, fs.ErrNotExist) {
		// The cache holds the table, whole: only --force solves it again.
		e.note("%s", c.f("solving %s on rules %s again (--force), its cached table replaced%s", n.Strategy, n.Rules, where))
		return
	}
	switch n.Strategy {
	case "optimal":
		e.note("%s", c.f("solving the optimal strategy of rules %s, the first time they are played%s", n.Rules, where))
	case columns.ColumnTablesName:
		e.note("%s", c.f("fitting the strategy %s to rules %s (what the choice among columns adds, from %d rounds of games), the first time it is played on them%s", n.Strategy, n.Rules, n.Layers, where))
	case columns.CalibrationName:
		e.note("%s", c.f("calibrating %s on rules %s (what it goes on to score from each count of open boxes, over %s games), the first time win plays them%s", columns.ColumnTablesName, n.Rules, c.count(int64(n.Layers)), where))
	default:
		e.note("%s", c.f("solving the strategy %s of rules %s, the first time it is played on them%s", n.Strategy, n.Rules, where))
	}
}

// startSolving starts the line of a solve on the terminal, redrawn every second.
func (e *env) startSolving(n solver.Notice) {
	e.endSolving() // a solve that said no end
	s := &solving{n: n, start: time.Now(), expected: expectedTime(n), stop: make(chan struct{}), ended: make(chan struct{})}
	e.solvingMu.Lock()
	e.solving = s
	e.solvingMu.Unlock()
	go func() {
		defer close(s.ended)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		e.drawSolving(s)
		for {
			select {
			case <-s.stop:
				fmt.Fprint(e.stderr, "\r\033[K")
				return
			case <-t.C:
				e.drawSolving(s)
			}
		}
	}()
}

// progressSolving records how far the solve is, and redraws its line.
func (e *env) progressSolving(n solver.Notice) {
	e.solvingMu.Lock()
	s := e.solving
	e.solvingMu.Unlock()
	if s == nil {
		return
	}
	s.mu.Lock()
	s.n = n
	s.mu.Unlock()
	e.drawSolving(s)
}

// endSolving erases the line of the solve, if any, and returns once it is erased.
func (e *env) endSolving() {
	e.solvingMu.Lock()
	s := e.solving
	e.solving = nil
	e.solvingMu.Unlock()
	if s != nil {
		close(s.stop)
		<-s.ended
	}
}

// drawSolving draws the line of a solve: how far it is, the time spent and about how
// long it takes.
func (e *env) drawSolving(s *solving) {
	s.mu.Lock()
	line := e.solvingLine(s.n, time.Since(s.start), s.expected)
	s.mu.Unlock()
	fmt.Fprint(e.stderr, "\r\033[K"+line)
}

// solvingLine is the line of a solve after elapsed, expected its expected time (0:
// unknown).
func (e *env) solvingLine(n solver.Notice, elapsed, expected time.Duration) string {
	c := e.console()
	var s string
	switch n.Strategy {
	case columns.CalibrationName:
		s = c.f("calibrating %s on %s", columns.ColumnTablesName, n.Rules)
	case columns.ColumnTablesName:
		s = c.f("fitting %s to %s: %d of %d rounds", n.Strategy, n.Rules, n.Layer, n.Layers)
	default:
		s = c.f("solving %s on %s: %d of %d turns", n.Strategy, n.Rules, n.Layer, n.Layers)
	}
	s += ", " + spent(elapsed)
	if expected > 0 {
		s += c.f(" (%s)", c.about(expected))
	}
	return s
}
