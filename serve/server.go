package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"yams/coach"
	"yams/strategies"
)

// Config is what the command line gives the server.
type Config struct {
	// RuleSets are the rule sets a game may be played under, the first the default.
	RuleSets []RuleSet
	// Opponents are the strategies a player may seat at their table (--strategy), and the
	// external bots (--bot).
	Opponents []strategies.Info
	// MaxGames bounds the games in play at once; Idle ends a game left that long without
	// a move (its bots stopped); MaxBots bounds the bots' processes running at once, one
	// per bot seated in a game (DefaultMaxBots if 0).
	MaxGames int
	Idle     time.Duration
	MaxBots  int
	// Lang is the language of the page and of the API's messages; "" follows each
	// browser's (Accept-Language).
	Lang string
	// Reports, if not empty, is the folder whose reports (yams sim --out and the others)
	// the server serves, read-only.
	Reports string
	// AnyHost lets requests name any host: the server listens beyond loopback. On
	// loopback it answers only requests addressed to a loopback name, so that a page of
	// another site cannot reach it through a name of its own (DNS rebinding).
	AnyHost bool
	// Key, if not empty, is what every request must carry (key.go): yams serve makes one
	// when it listens beyond loopback.
	Key string
	// Log receives a line for each game that ends by a failure (a bot's), and what bots
	// write on their standard error goes where their Info says.
	Log io.Writer
	// Prepare is how many of the first rule sets (those yams serve --rules names) are
	// prepared as the server starts serving, in the background (prepareAtStart).
	Prepare int
}

// Defaults of the limits.
const (
	DefaultMaxGames = 200
	DefaultIdle     = 30 * time.Minute
	// maxBody bounds a request's body: the largest the API takes is a few hundred bytes.
	maxBody = 16 << 10
	// maxName bounds the name of a person at a real table.
	maxName = 40
)

// Server holds the games in play and answers the page and the API.
type Server struct {
	cfg       Config
	sets      []*ruleSet
	byID      map[string]*ruleSet
	opponents map[string]strategies.Info
	names     []string // the opponents' names, in the order of the command line
	// win tells that win is offered: the chances of finishing first are shown.
	win bool
	// budget counts what the server holds against --max-memory, and its bots' processes.
	budget  *budget
	reports *reportIndex
	mux     *http.ServeMux

	mu    sync.Mutex
	games map[string]*game
	// live counts the games in play and the games being made; finished those over,
	// kept until they go idle or room is needed.
	live, making int
	// gone remembers why the latest games were ended or cleared, for a clear message.
	gone      map[string]*apiError
	goneOrder []string
	closed    bool

	// workers numbers the bots' processes (their hello's worker, their log files).
	workers atomic.Int64
	stop    chan struct{}
	// preparing starts prepareAtStart once; prepared is closed when it returns.
	preparing sync.Once
	prepared  chan struct{}
	swept     sync.WaitGroup
	// now is the clock (tests move it).
	now func() time.Time

	// hs answers on the listener of Serve, whose connections conns holds; limits bound
	// them (tests lower them).
	hs     *http.Server
	conns  *conns
	limits limits
}

// maxGone bounds the ended games the server remembers the reason of.
const maxGone = 4096

// New returns a server of cfg, its idle games swept each minute until Close.
func New(cfg Config) (*Server, error) {
	if len(cfg.RuleSets) == 0 {
		return nil, errors.New("serve: no rule set")
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.MaxBots <= 0 {
		cfg.MaxBots = DefaultMaxBots
	}
	mem := newBudget(cfg.MaxBots)
	s := &Server{cfg: cfg, byID: map[string]*ruleSet{}, opponents: map[string]strategies.Info{},
		budget: mem, games: map[string]*game{}, gone: map[string]*apiError{}, stop: make(chan struct{}), prepared: make(chan struct{}), now: time.Now,
		limits: defaultLimits, conns: newConns(maxConns, maxConnsPerClient, cfg.Log)}
	for i, id := range ruleSetIDs(cfg.RuleSets) {
		rs := &ruleSet{RuleSet: cfg.RuleSets[i], id: id, slots: coach.SlotNames(cfg.RuleSets[i].Rules), budget: mem}
		s.sets = append(s.sets, rs)
		s.byID[id] = rs
	}
	for _, info := range cfg.Opponents {
		if _, dup := s.opponents[info.Name]; dup {
			return nil, fmt.Errorf("serve: opponent %s given twice", info.Name)
		}
		s.opponents[info.Name] = info
		s.names = append(s.names, info.Name)
		s.win = s.win || info.Name == "win"
	}
	if cfg.Reports != "" {
		ri, err := openReports(cfg.Reports)
		if err != nil {
			return nil, err
		}
		s.reports = ri
	}
	s.routes()
	s.swept.Go(s.sweepEvery)
	return s, nil
}

// Handler returns the handler of the page, the API and the reports.
func (s *Server) Handler() http.Handler { return s.bounded(s.guard(s.keyed(s.mux))) }

// Serve answers on ln until Shutdown: the connections bounded in number (maxConns,
// maxConnsPerClient) and each phase of a request in time (headerTimeout, bodyTimeout,
// writeTimeout, idleTimeout).
func (s *Server) Serve(ln net.Listener) error {
	if s.cfg.Prepare > 0 {
		s.preparing.Do(func() { go s.prepareAtStart() })
	}
	s.mu.Lock()
	if s.hs != nil || s.closed {
		s.mu.Unlock()
		return errors.New("serve: Serve called twice, or after Close")
	}
	l := s.limits
	s.conns.mu.Lock()
	s.conns.max, s.conns.perClient = l.conns, l.perClient
	s.conns.mu.Unlock()
	s.hs = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: l.header, IdleTimeout: l.idle,
		MaxHeaderBytes: maxHeader, ErrorLog: log.New(s.cfg.Log, "yams serve: ", 0),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, connKey{}, c) }}
	hs := s.hs
	s.mu.Unlock()
	err := hs.Serve(&limitListener{Listener: ln, cs: s.conns})
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops the server: it stops listening, closes at once the connections that
// are not being answered (a request's headers or body still coming, or none), waits for
// the requests being answered until ctx is done, closes what is left, then ends every
// game (Close). No client can hold it up beyond ctx, and no game's lock beyond
// closeGrace.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	hs := s.hs
	s.mu.Unlock()
	var err error
	if hs != nil {
		done := make(chan error, 1)
		go func() { done <- hs.Shutdown(ctx) }()
		s.conns.closeIdle()
		if err = <-done; err != nil {
			hs.Close()
		}
	}
	s.Close()
	return err
}

// Close ends every game (their bots stopped) and refuses new ones.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.stop)
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	s.swept.Wait()
	var wg sync.WaitGroup
	deadline := time.Now().Add(closeGrace)
	for _, g := range games {
		wg.Go(func() {
			if !lockBy(&g.mu, deadline) {
				// A game still at work (a bot's turn): its bots are stopped with the
				// process (their parent-death signal, or yams's interruption).
				return
			}
			defer g.mu.Unlock()
			g.finishWith(fail(http.StatusGone, msgStopped))
		})
	}
	wg.Wait()
	if s.reports != nil {
		s.reports.close()
	}
}

// closeGrace bounds the wait of Close for a game at work.
const closeGrace = 3 * time.Second

// lockBy locks mu, unless it stays locked until deadline.
func lockBy(mu *sync.Mutex, deadline time.Time) bool {
	for !mu.TryLock() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// sweepEvery ends the idle games each minute (or each tenth of the expiry, if shorter).
func (s *Server) sweepEvery() {
	t := time.NewTicker(min(time.Minute, max(s.cfg.Idle/10, time.Second)))
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.sweep()
		}
	}
}

// sweep ends the games idle for longer than the expiry, and forgets them.
func (s *Server) sweep() {
	now := s.now()
	s.mu.Lock()
	var idle []*game
	for _, g := range s.games {
		if g.mu.TryLock() {
			if now.Sub(g.lastMove) > s.cfg.Idle {
				idle = append(idle, g)
			}
			g.mu.Unlock()
		}
	}
	for _, g := range idle {
		s.forget(g, fail(http.StatusGone, msgExpired, g.id, s.cfg.Idle))
	}
	s.mu.Unlock()
	for _, g := range idle {
		g.mu.Lock()
		g.finishWith(fail(http.StatusGone, msgExpired, g.id, s.cfg.Idle))
		g.mu.Unlock()
	}
}

// forget removes game g from the server, remembering why; s.mu is held.
func (s *Server) forget(g *game, why *apiError) {
	if s.games[g.id] != g {
		return
	}
	delete(s.games, g.id)
	s.budget.releaseGame(gameMemory(g.rs.Rules, len(g.seats)))
	if !g.isOver() {
		s.live--
	}
	s.gone[g.id] = why
	s.goneOrder = append(s.goneOrder, g.id)
	if len(s.goneOrder) > maxGone {
		delete(s.gone, s.goneOrder[0])
		s.goneOrder = slices.Delete(s.goneOrder, 0, 1)
	}
}

// isOver reports, for the server's counts, whether the game no longer counts as in play;
// it is set once, under s.mu (finished).
func (g *game) isOver() bool { return g.counted }

// finished moves game g from the games in play to the games over, clearing the oldest
// games over beyond as many as the games in play may be; g.mu is held.
func (s *Server) finished(g *game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.counted || s.games[g.id] != g {
		return
	}
	g.counted, g.overAt = true, s.now()
	s.live--
	var over []*game
	for _, o := range s.games {
		if o.counted {
			over = append(over, o)
		}
	}
	if excess := len(over) - s.cfg.MaxGames; excess > 0 {
		// The oldest first (overAt is set once, under s.mu).
		slices.SortFunc(over, func(a, b *game) int { return a.overAt.Compare(b.overAt) })
		for _, o := range over[:excess] {
			s.forget(o, fail(http.StatusGone, msgCleared, o.id))
		}
	}
}

// get returns the game of id, marking it used, or why there is none.
func (s *Server) get(id string) (*game, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.games[id]
	if g == nil {
		if why := s.gone[id]; why != nil {
			return nil, why
		}
		return nil, fail(http.StatusNotFound, msgNoGame, shortID(id))
	}
	return g, nil
}

// shortID returns an id for a message: a long one cut.
func shortID(id string) string {
	if len(id) > 40 {
		return id[:40] + "…"
	}
	return id
}

// newID returns a fresh game id: 128 random bits, so that one game's player cannot guess
// another's.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
