package serve

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"time"
)

// bounded reads a request's body, whole, within bodyTimeout and maxBody, before anything
// else is done with the request, and bounds each write of its answer by writeTimeout.
// So no handler waits on a client: a game's lock is taken once the body is in memory,
// and a handler of a game writes its answer once the lock is let go (Server.game).
func (s *Server) bounded(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		c := connOf(r.Context())
		if r.Body != nil && r.Body != http.NoBody {
			// The deadline of the writes covers an answer of 100 Continue, which the
			// first read of the body sends when the client asked for one.
			now := time.Now()
			rc.SetReadDeadline(now.Add(s.limits.body))
			rc.SetWriteDeadline(now.Add(s.limits.body + s.limits.write))
			data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
			if err != nil {
				// The deadline stays: what is left of the body is not waited for, and the
				// connection is closed.
				w.Header().Set("Connection", "close")
				s.fail(deadlineWriter{w, rc, s.limits.write}, r, bodyError(err, s.limits.body))
				return
			}
			rc.SetReadDeadline(time.Time{})
			r.Body = io.NopCloser(bytes.NewReader(data))
		}
		if c != nil {
			c.cs.setBusy(c, true)
			defer c.cs.setBusy(c, false)
		}
		next.ServeHTTP(deadlineWriter{w, rc, s.limits.write}, r)
	})
}

// bodyError says why a body could not be read.
func bodyError(err error, timeout time.Duration) *apiError {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return fail(http.StatusRequestEntityTooLarge, msgTooLarge, maxBody)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fail(http.StatusRequestTimeout, msgBodySlow, timeout)
	}
	return fail(http.StatusBadRequest, msgNotJSON, err)
}

// deadlineWriter gives each write of an answer its timeout (writeTimeout): a client that does not read
// its answer is cut off, while the time a handler takes to compute it is not counted.
type deadlineWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (d deadlineWriter) WriteHeader(code int) {
	d.rc.SetWriteDeadline(time.Now().Add(d.timeout))
	d.ResponseWriter.WriteHeader(code)
}

func (d deadlineWriter) Write(b []byte) (int, error) {
	d.rc.SetWriteDeadline(time.Now().Add(d.timeout))
	return d.ResponseWriter.Write(b)
}

func (d deadlineWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// heldAnswer keeps an answer written while a game's lock is held, to be sent once it is
// let go: a client that reads its answer slowly holds up no other request of the game.
type heldAnswer struct {
	w      http.ResponseWriter
	status int
	body   bytes.Buffer
}

// answerLocked answers with what f writes under the game's lock, sent once the lock is
// let go: the lock waits on no client.
func answerLocked(w http.ResponseWriter, g *game, f func(held http.ResponseWriter)) {
	held := &heldAnswer{w: w}
	func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		f(held)
	}()
	held.send()
}

func (h *heldAnswer) Header() http.Header { return h.w.Header() }

func (h *heldAnswer) WriteHeader(code int) {
	if h.status == 0 {
		h.status = code
	}
}

func (h *heldAnswer) Write(b []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h.body.Write(b)
}

// send writes the answer kept.
func (h *heldAnswer) send() {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	h.w.WriteHeader(h.status)
	h.w.Write(h.body.Bytes())
}
