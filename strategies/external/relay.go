package external

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"yams/internal/memlimit"
)

// relay passes on what a bot writes on its standard error, whole lines at a time, and
// keeps its last lines for the messages. The lines that end in a piece the bot wrote go
// on in one write, under relayMu, so that the lines of several processes relayed to one
// writer (yams's standard error) never mix, whatever pieces each bot writes them in.
//
// A relay into a log file has a limit: a bot that floods its standard error would fill
// the disk (one wrote 536 MB in 3.7 s). The lines past the limit are dropped after a
// note that says so, and counted in a last line when the bot's process ends.
type relay struct {
	mu      sync.Mutex
	w       io.Writer // nil: the lines go nowhere, but the last are kept
	prefix  string    // before each line passed on
	partial []byte
	lines   []string
	buf     []byte
	// limit, if not zero, bounds the bytes passed on; passed counts them, and dropped
	// and droppedLines what was dropped past the limit.
	limit                 int64
	passed                int64
	dropped, droppedLines int64
}

// relayMu serializes the lines of every relay: they mostly go to one standard error.
var relayMu sync.Mutex

// maxRelayLine bounds a line kept whole: a longer one is passed on in pieces of this
// size, each a line, rather than gathered without end. A line of exactly this size is
// passed on whole, as one line (and a multiple of it as that many pieces): a piece is cut
// only once a byte more of the line has come.
const maxRelayLine = 64 << 10

// DefaultLogLimit is the most bytes yams writes into the log file of one bot process
// (--bot-log): the lines past it are dropped, after a note.
const DefaultLogLimit = 8 << 20

// tailLines is the number of lines a relay keeps, and tailWidth the bytes kept of each.
const (
	tailLines = 5
	tailWidth = 300
)

func newRelay(w io.Writer, prefix string) *relay { return &relay{w: w, prefix: prefix} }

// newLogRelay returns a relay into a log file of at most limit bytes of the bot's lines.
func newLogRelay(w io.Writer, limit int64) *relay { return &relay{w: w, limit: limit} }

func (r *relay) Write(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.pass()
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			r.take(b)
			break
		}
		r.take(b[:i])
		r.line(r.partial)
		r.partial = r.partial[:0]
		b = b[i+1:]
	}
	return n, nil
}

// take adds b, bytes of a line that has not ended yet, to the partial line. Once the line
// is known to be longer than maxRelayLine, its first maxRelayLine bytes go on as a line:
// when a byte more has come that is not the '\r' of a line ended by "\r\n" (which may
// come alone, the '\n' in the next write). The partial line so holds at most
// maxRelayLine+1 bytes between two writes.
func (r *relay) take(b []byte) {
	for len(b) > 0 {
		k := min(len(b), maxRelayLine+2-len(r.partial))
		r.partial = append(r.partial, b[:k]...)
		b = b[k:]
		if n := len(r.partial); n > maxRelayLine+1 || (n == maxRelayLine+1 && r.partial[maxRelayLine] != '\r') {
			r.line(r.partial[:maxRelayLine])
			r.partial = append(r.partial[:0], r.partial[maxRelayLine:]...)
		}
	}
}

// line keeps a line, and adds it to those to pass on.
func (r *relay) line(l []byte) {
	l = bytes.TrimSuffix(l, []byte("\r"))
	if kept := bytes.TrimSpace(l); len(kept) > 0 {
		r.lines = append(r.lines, printable(string(kept), tailWidth))
		if len(r.lines) > tailLines {
			r.lines = r.lines[1:]
		}
	}
	if r.w == nil {
		return
	}
	size := int64(len(r.prefix) + len(l) + 1)
	if r.limit > 0 && (r.dropped > 0 || r.passed+size > r.limit) {
		if r.dropped == 0 {
			r.buf = fmt.Appendf(r.buf, "[yams] this log stops here, at its limit of %s: the bot's standard error goes on, and is dropped (counted when the bot's process ends)\n", memlimit.FormatLimit(int64(int(r.limit))))
		}
		r.dropped += size
		r.droppedLines++
		return
	}
	r.passed += size
	r.buf = append(append(append(r.buf, r.prefix...), l...), '\n')
}

// pass passes on the lines gathered, in one write.
func (r *relay) pass() {
	if len(r.buf) == 0 {
		return
	}
	relayMu.Lock()
	r.w.Write(r.buf)
	relayMu.Unlock()
	r.buf = r.buf[:0]
}

// flush passes on a last line the bot did not end, and, when lines were dropped past
// the limit, how many: the bot's process has ended.
func (r *relay) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.partial) > 0 {
		r.line(r.partial)
		r.partial = nil
	}
	if r.dropped > 0 && r.w != nil {
		r.buf = fmt.Appendf(r.buf, "[yams] dropped past the limit of this log: %d lines, %d bytes\n", r.droppedLines, r.dropped)
	}
	r.pass()
}

// cut reports whether the log stopped at its limit, and what the limit is.
func (r *relay) cut() (bool, int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dropped > 0, r.limit
}

func (r *relay) last() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.lines...)
}
