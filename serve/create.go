package serve

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"yams/coach"
	"yams/engine"
	"yams/internal/memlimit"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/external"
)

// newGameRequest is the body of POST /api/games.
type newGameRequest struct {
	// Rules is a rule set's id (GET /api/config lists them); the first by default.
	Rules string `json:"rules"`
	// Mode is "dice" (the server rolls, the default) or "real".
	Mode string `json:"mode"`
	// Opponents are strategies or bots (their names), seated after the player, in a game
	// of virtual dice; Others the names of the people at a real table.
	Opponents []string `json:"opponents"`
	Others    []string `json:"others"`
	// Seed and Game choose the dice: those of game Game of the seed; a seed drawn at
	// random without it.
	Seed *uint64 `json:"seed"`
	Game *uint64 `json:"game"`
	// Coach is "each" (the default) or "end".
	Coach string `json:"coach"`
}

// maxSeed bounds a seed: the integers every JSON reader keeps exact (JavaScript's).
const maxSeed = 1<<53 - 1

// newGame makes a game of the request, or says why not.
func (s *Server) newGame(req newGameRequest) (*game, *apiError) {
	g, err := s.checkRequest(req)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		return nil, fail(http.StatusServiceUnavailable, msgStopped)
	case s.live+s.making >= s.cfg.MaxGames:
		s.mu.Unlock()
		return nil, fail(http.StatusTooManyRequests, msgTooMany, s.cfg.MaxGames, s.cfg.Idle)
	}
	mem := gameMemory(g.rs.Rules, len(g.seats))
	if err := s.roomFor(mem); err != nil {
		s.mu.Unlock()
		return nil, fail(http.StatusServiceUnavailable, msgNoMemory, err, s.cfg.Idle)
	}
	s.making++
	s.mu.Unlock()
	registered := false
	defer func() {
		s.mu.Lock()
		s.making--
		s.mu.Unlock()
		if !registered {
			s.budget.releaseGame(mem)
		}
	}()
	if err := g.prepare(); err != nil {
		g.closeBots()
		return nil, err
	}
	g.created = s.now()
	g.lastMove = g.created
	g.startTurn()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		g.closeBots()
		return nil, fail(http.StatusServiceUnavailable, msgStopped)
	}
	for {
		g.id = newID()
		if s.games[g.id] == nil && s.gone[g.id] == nil {
			break
		}
	}
	s.games[g.id] = g
	s.live++
	registered = true
	return g, nil
}

// roomFor counts a new game of mem bytes in the server's memory, clearing the games over
// that have ended first as long as it does not fit; s.mu is held.
func (s *Server) roomFor(mem int64) error {
	for {
		err := s.budget.admitGame(mem)
		if err == nil || !errors.Is(err, memlimit.ErrTooLarge) {
			return err
		}
		var oldest *game
		for _, g := range s.games {
			if g.counted && (oldest == nil || g.overAt.Before(oldest.overAt)) {
				oldest = g
			}
		}
		if oldest == nil {
			return err
		}
		s.forget(oldest, fail(http.StatusGone, msgCleared, oldest.id))
	}
}

// checkRequest checks a request for a new game and lays the game out, nothing loaded.
func (s *Server) checkRequest(req newGameRequest) (*game, *apiError) {
	g := &game{srv: s, mode: req.Mode, coachWhen: req.Coach}
	if req.Rules == "" {
		g.rs = s.sets[0]
	} else if g.rs = s.byID[req.Rules]; g.rs == nil {
		return nil, fail(http.StatusBadRequest, msgUnknownRules, shorten(req.Rules), strings.Join(s.ruleSetIDs(), ", "))
	}
	switch g.mode {
	case "":
		g.mode = modeDice
	case modeDice, modeReal:
	default:
		return nil, fail(http.StatusBadRequest, msgMode, shorten(req.Mode))
	}
	switch g.coachWhen {
	case "":
		g.coachWhen = coachEach
	case coachEach, coachEnd:
	default:
		return nil, fail(http.StatusBadRequest, msgCoachWhen, shorten(req.Coach))
	}
	rules := g.rs.Rules
	for _, c := range rules.Columns() {
		g.hasSec = g.hasSec || c.FirstRollOnly
	}
	you := &seat{name: kindYou, kind: kindYou}
	g.seats = []*seat{you}
	g.players = []string{humanName}
	if g.mode == modeReal {
		switch {
		case len(req.Opponents) > 0:
			return nil, fail(http.StatusBadRequest, msgOpponentsReal)
		case req.Seed != nil || req.Game != nil:
			return nil, fail(http.StatusBadRequest, msgSeedReal)
		case len(req.Others) > MaxPlayers-1:
			return nil, fail(http.StatusBadRequest, msgTooManySeats, len(req.Others), MaxPlayers-1)
		}
		for _, name := range req.Others {
			if !goodName(name) {
				return nil, fail(http.StatusBadRequest, msgName, shorten(name), maxName)
			}
			g.seats = append(g.seats, &seat{name: strings.TrimSpace(name), kind: kindPerson})
			g.players = append(g.players, humanName)
		}
		for _, st := range g.seats {
			st.own = engine.NewSheet(rules)
			st.sheet = &st.own
		}
	} else {
		switch {
		case len(req.Others) > 0:
			return nil, fail(http.StatusBadRequest, msgOthersDice)
		case len(req.Opponents) > MaxPlayers-1:
			return nil, fail(http.StatusBadRequest, msgTooManySeats, len(req.Opponents), MaxPlayers-1)
		case len(req.Opponents) > 0 && len(s.names) == 0:
			return nil, fail(http.StatusBadRequest, msgNoOpponents)
		}
		for _, name := range req.Opponents {
			info, ok := s.opponents[name]
			if !ok {
				return nil, fail(http.StatusBadRequest, msgUnknownPlayer, shorten(name), strings.Join(s.names, ", "))
			}
			kind := kindStrategy
			if info.New == nil {
				kind = kindBot
			}
			g.seats = append(g.seats, &seat{name: name, kind: kind, info: info})
			g.players = append(g.players, name)
		}
		switch {
		case req.Seed == nil && req.Game != nil:
			return nil, fail(http.StatusBadRequest, msgQuery, "game", "without seed", "a seed too")
		case req.Seed == nil:
			g.seed = rand.Uint64N(1 << 31)
		case *req.Seed > maxSeed:
			return nil, fail(http.StatusBadRequest, msgQuery, "seed", shortNumber(*req.Seed), "0 to 9007199254740991")
		default:
			g.seed = *req.Seed
		}
		if req.Game != nil {
			if *req.Game > maxGameNumber {
				return nil, fail(http.StatusBadRequest, msgGameNumber, *req.Game, uint64(maxGameNumber))
			}
			g.number = *req.Game
		}
		n := uint64(len(g.seats))
		for i, st := range g.seats {
			st.index = g.number*n + uint64(i)
			dice, draws := sim.GameSeeds(g.seed, st.index)
			st.dice.Seed(dice[0], dice[1])
			st.draws.Seed(draws[0], draws[1])
			st.drawSeed = draws[0]
			st.game = sim.NewGame(rules)
			st.game.Start(&st.dice)
			st.sheet = &st.game.Sheet
		}
	}
	g.sheets = make([]*engine.Sheet, len(g.seats))
	g.tables = make([]strategies.Table, len(g.seats))
	for i, st := range g.seats {
		g.sheets[i] = st.sheet
	}
	for i := range g.seats {
		g.tables[i] = strategies.Table{Seat: i, Sheets: g.sheets, Players: g.players}
	}
	g.chances = s.win && len(g.seats) > 1 && len(rules.Columns()) == 1
	return g, nil
}

// prepare loads what the game needs (the coach's values, the opponents' strategies, win's
// distributions) and starts its bots.
func (g *game) prepare() *apiError {
	rs := g.rs
	if _, err := rs.coachValues(); err != nil {
		var re *coach.RulesError
		if errors.As(err, &re) {
			return fail(http.StatusBadRequest, msgNoCoach, rs.id, re.Err)
		}
		if errors.Is(err, memlimit.ErrTooLarge) {
			return fail(http.StatusBadRequest, msgNoCoach, rs.id, err)
		}
		return internalError(err)
	}
	for _, st := range g.seats {
		if st.kind != kindStrategy {
			continue
		}
		sp, err := rs.strategy(st.info)
		if err != nil {
			return fail(http.StatusBadRequest, msgCannotPlay, err)
		}
		st.pool = sp
		if err := g.join(st); err != nil {
			return fail(http.StatusBadRequest, msgCannotPlay, err)
		}
	}
	if err := g.startBots(); err != nil {
		return err
	}
	if g.chances && rs.winReady() != nil {
		g.chances = false // the rules or the memory do not allow them: the page says none
	}
	return nil
}

// join tells a strategy that sees the table the players of the game, which it may refuse.
func (g *game) join(st *seat) error {
	x, err := st.pool.get()
	if err != nil {
		return err
	}
	defer st.pool.put(x)
	if ts, ok := x.(strategies.TableStrategy); ok {
		return ts.Join(g.players)
	}
	return nil
}

// botReason returns what went wrong with a bot, without the name it is already given by.
func botReason(err error) error {
	var be *external.Error
	if errors.As(err, &be) {
		return be
	}
	return err
}

// goodName reports whether a person's name is short and printable.
func goodName(name string) bool {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > maxName || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// shorten returns a value a client sent, for a message: cut if long.
func shorten(v string) string { return shortenTo(v, 40) }

// maxReason bounds what a message quotes of the reason a body is not JSON (which may
// quote the body).
const maxReason = 120

// shortenTo returns v cut to n runes, "…" marking the cut.
func shortenTo(v string, n int) string {
	if utf8.RuneCountInString(v) <= n {
		return v
	}
	return string([]rune(v)[:n]) + "…"
}

func shortNumber(n uint64) string { return strconv.FormatUint(n, 10) }

// ruleSetIDs lists the rule sets' ids.
func (s *Server) ruleSetIDs() []string {
	ids := make([]string, len(s.sets))
	for i, rs := range s.sets {
		ids[i] = rs.id
	}
	return ids
}
