package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// The bounds of the connections (the defaults of Server.limits, which tests lower): how
// many the server holds, and how long each phase of a request may take. A client that trickles its headers, its body, or reads its answer
// slowly is cut off; a client that opens connections without end is answered by
// evicting its own oldest connections that are not being answered; and no game's lock
// is ever held while a request is read or its answer written (Server.bounded,
// Server.game), so that a slow client delays no one else and no shutdown.
const (
	// maxConns bounds the connections held at once; maxConnsPerClient those of one
	// address.
	maxConns          = 512
	maxConnsPerClient = 64
	// headerTimeout bounds the reading of a request's line and headers, bodyTimeout of
	// its body (16 KiB at most), writeTimeout each write of the answer (the time of a
	// long computation, such as a first advice, is not counted), idleTimeout the wait
	// for the next request on a connection kept open.
	headerTimeout = 10 * time.Second
	bodyTimeout   = 10 * time.Second
	writeTimeout  = 10 * time.Second
	idleTimeout   = time.Minute
	// maxHeader bounds the headers of a request.
	maxHeader = 64 << 10
)

// limits are the bounds of a server's connections.
type limits struct {
	conns, perClient          int
	header, body, write, idle time.Duration
}

var defaultLimits = limits{conns: maxConns, perClient: maxConnsPerClient, header: headerTimeout, body: bodyTimeout,
	write: writeTimeout, idle: idleTimeout}

// conns holds the connections of a server: at most max, perClient from one address.
// When a new connection would pass a bound, the oldest of the connections that are not
// being answered (a request's headers or body still coming, or waiting for the next
// request) is closed to make room, among that address's if it is the address's bound;
// when every connection is being answered, the new one is refused with a 503.
type conns struct {
	log io.Writer

	mu             sync.Mutex
	max, perClient int
	all            map[*conn]struct{}
	byClient       map[string]int
	closed         bool
	// evicted and refused count the connections closed to make room and those refused,
	// since the start; lastNote is when the log last said so.
	evicted, refused int64
	lastNote         time.Time
}

// conn is a connection of the server.
type conn struct {
	net.Conn
	cs     *conns
	client string
	// since is when the connection last became idle (accepted, or its answer given);
	// busy tells that a request is being answered (its body read).
	since time.Time
	busy  bool
	gone  bool
}

func newConns(max, perClient int, log io.Writer) *conns {
	return &conns{max: max, perClient: perClient, log: log, all: map[*conn]struct{}{}, byClient: map[string]int{}}
}

// connKey finds the connection of a request in its context.
type connKey struct{}

// limitListener accepts the connections that conns admits.
type limitListener struct {
	net.Listener
	cs *conns
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c := l.cs.admit(nc); c != nil {
			return c, nil
		}
	}
}

// admit returns the connection nc as the server holds it, having made room for it, or
// nil when it was refused.
func (cs *conns) admit(nc net.Conn) *conn {
	client := nc.RemoteAddr().String()
	if h, _, err := net.SplitHostPort(client); err == nil {
		client = h
	}
	cs.mu.Lock()
	var victim *conn
	full := cs.closed
	switch {
	case full:
	case cs.byClient[client] >= cs.perClient:
		victim = cs.oldestIdle(client)
		full = victim == nil
	case len(cs.all) >= cs.max:
		victim = cs.oldestIdle("")
		full = victim == nil
	}
	var c *conn
	if victim != nil {
		cs.drop(victim)
		cs.evicted++
	}
	if full {
		cs.refused++
	} else {
		c = &conn{Conn: nc, cs: cs, client: client, since: time.Now()}
		cs.all[c] = struct{}{}
		cs.byClient[client]++
	}
	note := (victim != nil || full) && time.Since(cs.lastNote) > time.Minute && !cs.closed
	if note {
		cs.lastNote = time.Now()
	}
	evicted, refused, max, perClient := cs.evicted, cs.refused, cs.max, cs.perClient
	cs.mu.Unlock()
	if victim != nil {
		victim.Conn.Close()
	}
	if note {
		fmt.Fprintf(cs.log, "yams serve: too many connections (at most %d, %d from one address): %d closed to make room, %d refused so far\n",
			max, perClient, evicted, refused)
	}
	if full {
		refuse(nc, max, perClient)
		return nil
	}
	return c
}

// oldestIdle returns the connection idle the longest (of client, if not ""), or nil if
// every one is busy; cs.mu is held.
func (cs *conns) oldestIdle(client string) *conn {
	var old *conn
	for c := range cs.all {
		if !c.busy && (client == "" || c.client == client) && (old == nil || c.since.Before(old.since)) {
			old = c
		}
	}
	return old
}

// drop forgets connection c; cs.mu is held.
func (cs *conns) drop(c *conn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(cs.all, c)
	if cs.byClient[c.client]--; cs.byClient[c.client] <= 0 {
		delete(cs.byClient, c.client)
	}
}

// setBusy marks connection c as answering a request, or as idle again.
func (cs *conns) setBusy(c *conn, busy bool) {
	cs.mu.Lock()
	c.busy = busy
	if !busy {
		c.since = time.Now()
	}
	cs.mu.Unlock()
}

// held returns how many connections the server holds.
func (cs *conns) held() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return len(cs.all)
}

// closeIdle closes every connection that is not being answered and refuses new ones:
// the server is stopping, and they hold no request it has begun to answer.
func (cs *conns) closeIdle() {
	cs.mu.Lock()
	cs.closed = true
	var idle []*conn
	for c := range cs.all {
		if !c.busy {
			idle = append(idle, c)
			cs.drop(c)
		}
	}
	cs.mu.Unlock()
	for _, c := range idle {
		c.Conn.Close()
	}
}

func (c *conn) Close() error {
	c.cs.mu.Lock()
	c.cs.drop(c)
	c.cs.mu.Unlock()
	return c.Conn.Close()
}

// refuse answers a connection the server cannot hold with a 503 and closes it. The
// answer is small: it fits in the socket's buffer, and the write does not wait.
func refuse(nc net.Conn, max, perClient int) {
	body := fmt.Sprintf("{\"error\": \"the server holds %d connections, its most (%d from one address), each answering a request: try again in a few seconds\"}\n", max, perClient)
	nc.SetWriteDeadline(time.Now().Add(time.Second))
	fmt.Fprintf(nc, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	nc.Close()
}

// connOf returns the connection a request came on, if the server's listener accepted it.
func connOf(ctx context.Context) *conn {
	c, _ := ctx.Value(connKey{}).(*conn)
	return c
}
