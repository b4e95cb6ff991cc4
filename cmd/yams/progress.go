package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progress shows how far a run is on one line of a terminal, rewritten in place: the
// games done, the rate and the time left. The workers only add to done, a chunk of games
// at a time; one goroutine reads it a few times a second and draws the line.
type progress struct {
	w     io.Writer
	total int64
	done  *atomic.Int64
	start time.Time
	stop  chan struct{}
	ended chan struct{}
}

// progressInterval is how often the line is redrawn.
const progressInterval = 250 * time.Millisecond

// startProgress starts drawing the progress of a run of total games on w.
func startProgress(w io.Writer, total int64, done *atomic.Int64) *progress {
	p := &progress{w: w, total: total, done: done, start: time.Now(), stop: make(chan struct{}), ended: make(chan struct{})}
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

// line formats the progress after elapsed time with done games played.
func (p *progress) line(done int64, elapsed time.Duration) string {
	s := fmt.Sprintf("%s / %s games (%.0f%%)", thousands(done), thousands(p.total), 100*float64(done)/float64(p.total))
	if done == 0 || elapsed <= 0 {
		return s
	}
	rate := float64(done) / elapsed.Seconds()
	left := time.Duration(float64(p.total-done) / rate * float64(time.Second))
	if left < 10*time.Second {
		left = left.Round(100 * time.Millisecond)
	} else {
		left = left.Round(time.Second)
	}
	return s + fmt.Sprintf(", %s games/s, %s left", thousands(int64(rate)), left)
}

// end erases the line and returns once it is erased.
func (p *progress) end() {
	close(p.stop)
	<-p.ended
}
