package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progress shows how far a run is on one line of a terminal, rewritten in place: the
// games finished, the rate and the time left, all in one unit that the line names, the
// one the summary of the run uses. The workers add to done the game indices of each
// chunk they finish; one goroutine reads it a few times a second and draws the line.
type progress struct {
	w     io.Writer
	total int64 // game indices to play
	unit  progressUnit
	c     console
	done  *atomic.Int64
	// samples are the progress of the last rateWindow, the rate's.
	samples []sample
	start   time.Time
	stop    chan struct{}
	ended   chan struct{}
}

// progressUnit is what a run counts: its noun, one and many, and how many of them a game
// index makes. A game index of sim and compare --strategy is played by every strategy, a
// game each; a game index of compare --players is one table game.
type progressUnit struct {
	one, noun string
	perIndex  int64
}

// gamesOf is the unit of a run of n strategies.
func gamesOf(n int) progressUnit { return progressUnit{"game", "games", int64(n)} }

var tableGames = progressUnit{"table game", "table games", 1}

// progressInterval is how often the line is redrawn.
const progressInterval = 250 * time.Millisecond

// startProgress starts drawing, on w, the progress of a run of total game indices, in
// the language of c.
func startProgress(w io.Writer, c console, total int64, unit progressUnit, done *atomic.Int64) *progress {
	p := &progress{w: w, c: c, total: total, unit: unit, done: done, start: time.Now(), stop: make(chan struct{}), ended: make(chan struct{})}
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer close(p.ended)
	t := time.NewTicker(progressInterval)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			fmt.Fprint(p.w, "\r\033[K") // leave the terminal as it was
			return
		case now := <-t.C:
			fmt.Fprint(p.w, "\r\033[K"+p.line(p.done.Load(), now.Sub(p.start)))
		}
	}
}

// rateWindow is the span of the last progress the rate is measured over: long enough to
// smooth the chunks' completions, short enough to follow a run that speeds up once its
// strategies are warm.
const rateWindow = 10 * time.Second

// sample is the game indices finished at a time of a run.
type sample struct {
	at   time.Duration
	done int64
}

// line formats the progress after elapsed time, with done game indices finished, and
// records it. The rate and the time left are those of the last rateWindow of progress,
// measured from the first games finished: the time before them (the strategies built for
// each worker, the first decisions worked out) would make the rate of the first seconds
// far too low, and the time left hours for a run of a minute. They are left out until
// games have finished at two redraws.
func (p *progress) line(done int64, elapsed time.Duration) string {
	k, c := p.unit.perIndex, p.c
	s := c.f("%s of %s", c.count(k*done), c.countOf(p.unit, p.total))
	s += ", " + c.pct(float64(done)/float64(p.total), 0)
	if done == 0 || elapsed <= 0 {
		return s
	}
	p.samples = append(p.samples, sample{elapsed, done})
	for len(p.samples) > 2 && p.samples[1].at <= elapsed-rateWindow {
		p.samples = p.samples[1:]
	}
	from := p.samples[0]
	if from.done == done || elapsed <= from.at {
		return s
	}
	rate := float64(done-from.done) / (elapsed - from.at).Seconds() // game indices per second
	left := time.Duration(float64(p.total-done) / rate * float64(time.Second))
	if left < 10*time.Second {
		left = left.Round(100 * time.Millisecond)
	} else {
		left = left.Round(time.Second)
	}
	return s + c.f(", %s %s/s, %s left", c.count(int64(rate*float64(k))), c.t(p.unit.noun), left)
}

// end erases the line and returns once it is erased.
func (p *progress) end() {
	close(p.stop)
	<-p.ended
}
