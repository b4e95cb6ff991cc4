//go:build linux

package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/exhaustive"
)

// serving starts server srv on a listener of loopback, as yams serve does (Serve), and
// returns its address; the test stops it.
func serving(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// dialFrom opens a connection to addr from the local address from ("127.0.0.2": on Linux
// every address of 127.0.0.0/8 is this machine's).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin reports whether the server closes connection c within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

// getWithin sends GET path and returns the status and the time it took.
func getWithin(t *testing.T, base, path string) (int, time.Duration) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	start := time.Now()
	res, err := client.Get(base + path)
	if err != nil {
		t.Fatalf("GET %s: %v after %v", path, err, time.Since(start))
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, time.Since(start)
}

// A body trickled into a move neither holds up the game (its lock is not taken while the
// body comes) nor the server's stop; a body that does not come in time is answered 408.
func TestTrickledBody(t *testing.T) {
	srv, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}})
	if err != nil {
		t.Fatal(err)
	}
	srv.limits.body = time.Second
	addr := serving(t, srv)
	base := "http://" + addr
	res, err := http.Post(base+"/api/games", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	var s stateView
	json.NewDecoder(res.Body).Decode(&s)
	res.Body.Close()

	c := dialFrom(t, "127.0.0.1", addr)
	fmt.Fprintf(c, "POST /api/games/%s/roll HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{", s.ID, addr)
	time.Sleep(100 * time.Millisecond) // the body is being read
	code, getTook := getWithin(t, base, "/api/games/"+s.ID)
	if code != http.StatusOK || getTook > 3*time.Second {
		t.Errorf("GET of the game while a body trickles into its move: %d after %v", code, getTook)
	}
	// The body does not come: 408, and the connection is closed.
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 408") {
		t.Fatalf("the answer to a body that does not come: %q %v", line, err)
	}
	rest, _ := io.ReadAll(r)
	if !strings.Contains(string(rest), "the body did not come within 1s") || !strings.Contains(string(rest), "Connection: close") {
		t.Errorf("the answer: %s", rest)
	}

	// Another body trickles while the server stops: it stops at once.
	c = dialFrom(t, "127.0.0.1", addr)
	fmt.Fprintf(c, "POST /api/games/%s/roll HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{", s.ID, addr)
	h := dialFrom(t, "127.0.0.1", addr)
	fmt.Fprintf(h, "GET /api/config HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr) // headers trickling
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.Shutdown(ctx)
	stop := time.Since(start)
	if stop > 3*time.Second {
		t.Errorf("the server took %v to stop with a body and headers trickling", stop)
	}
	t.Logf("a GET of the game while a body trickles into its move took %v; the stop, a body and headers trickling, %v",
		getTook.Round(100*time.Microsecond), stop.Round(100*time.Microsecond))
	if !closedWithin(c, time.Second) || !closedWithin(h, time.Second) {
		t.Error("a trickling connection is still open after the stop")
	}
}

// A client that does not read its answers is cut off once a write waits writeTimeout,
// and holds up no one.
func TestUnreadAnswers(t *testing.T) {
	srv, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}})
	if err != nil {
		t.Fatal(err)
	}
	srv.limits.write = 500 * time.Millisecond
	addr := serving(t, srv)
	c := dialFrom(t, "127.0.0.1", addr)
	c.(*net.TCPConn).SetReadBuffer(4096)
	// Requests of the page's script (36 KB), sent at once and never read: the server's
	// writes fill the socket's buffers, then wait.
	go func() {
		for range 2000 {
			if _, err := fmt.Fprintf(c, "GET /static/app.js HTTP/1.1\r\nHost: %s\r\n\r\n", addr); err != nil {
				return
			}
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for srv.conns.held() > 0 && time.Now().Before(deadline) {
		if code, took := getWithin(t, "http://"+addr, "/api/config"); code != http.StatusOK || took > 3*time.Second {
			t.Fatalf("GET while a client reads nothing: %d after %v", code, took)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := srv.conns.held(); n > 0 {
		t.Errorf("%d connections still held 10 s after a client stopped reading", n)
	}
}

// Connections opened without end, headers trickled, from many addresses and from one
// (1,568 in all; 9,128 in the exhaustive run):
// the server holds at most maxConns of them (maxConnsPerClient from one address), closes
// the oldest to make room, still answers another client at once, and stops at once.
func TestManyConnections(t *testing.T) {
	srv, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}})
	if err != nil {
		t.Fatal(err)
	}
	addr := serving(t, srv)
	addresses, each := 24, 60 // 1,440 connections, more than maxConns
	if exhaustive.On {
		addresses = 150 // 9,000
	}
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur < uint64(addresses*each+2*maxConnsPerClient+maxConns+256) {
		addresses = max(1, (int(lim.Cur)-2*maxConnsPerClient-maxConns-256)/each)
		t.Logf("%d connections at most (ulimit -n %d)", addresses*each, lim.Cur)
	}
	var conns []net.Conn
	for a := range addresses {
		from := fmt.Sprintf("127.0.0.%d", a+2)
		for range each {
			c := dialFrom(t, from, addr)
			fmt.Fprintf(c, "GET /api/config HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr)
			conns = append(conns, c)
		}
	}
	// And one address alone, past its own bound.
	for range 2 * maxConnsPerClient {
		c := dialFrom(t, "127.0.0.100", addr)
		fmt.Fprintf(c, "GET /api/config HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr)
	}
	// Every connection accepted (held, closed to make room or refused).
	opened := int64(len(conns) + 2*maxConnsPerClient)
	var held, one int
	var evicted int64
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		srv.conns.mu.Lock()
		held, one, evicted = len(srv.conns.all), srv.conns.byClient["127.0.0.100"], srv.conns.evicted
		seen := int64(held) + evicted + srv.conns.refused
		srv.conns.mu.Unlock()
		if seen >= opened || time.Now().After(deadline) {
			break
		}
	}
	if held > maxConns || one > maxConnsPerClient {
		t.Errorf("the server holds %d connections, %d of one address: at most %d, %d", held, one, maxConns, maxConnsPerClient)
	}
	code, took := getWithin(t, "http://"+addr, "/api/config")
	if code != http.StatusOK || took > 3*time.Second {
		t.Errorf("GET beside %d trickling connections: %d after %v", held, code, took)
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.Shutdown(ctx)
	stop := time.Since(start)
	if stop > 3*time.Second {
		t.Errorf("the server took %v to stop", stop)
	}
	t.Logf("%d connections opened, %d from one address: the server held %d (%d of that address), closed %d to make room; a GET beside them took %v; the stop took %v",
		opened, 2*maxConnsPerClient, held, one, evicted, took.Round(time.Millisecond), stop.Round(time.Millisecond))
}
