package tablegame

import (
	"fmt"
	"math/rand/v2"

	"yams/engine"
	"yams/sim"
	"yams/strategies"
)

// tableTurns plays a chunk of table games turn by turn, round by round in seat order, as
// the players sit: a strategy that sees the table (strategies.TableStrategy) decides
// with the others' sheets as they stand. Each player's game still throws the dice of its
// own game index, drawn turn by turn onto its tape, so a solitaire strategy plays the
// very games it plays when the seats play their games one after the other: the counts
// are the same, bit for bit (tested).
type tableTurns struct {
	n int // players
	// games[p][k] is player p's game in table game k of the chunk, dice[p][k] its dice and
	// draws[p][k] the generator of a strategy that draws random numbers.
	games [][]*sim.Game
	dice  [][]rand.PCG
	draws [][]rand.PCG
	// sheets[k] holds the sheets of table game k in seat order; tables[k][s] is the
	// table seat s sees; names[r] names the players in seat order in the rotation r.
	sheets [][]*engine.Sheet
	tables [][]strategies.Table
	names  [][]string
	// seen[p] is the table strategy of player p, nil for a solitaire one; seenBatch[p]
	// that of a batch player told the tables of its games (an external bot), with
	// scratch space for them.
	seen       []strategies.TableStrategy
	seenBatch  []strategies.TableBatch
	seenGames  []int64
	seenTables []*strategies.Table
	// which lists a batch player's games of a seat in the chunk.
	which []int
	// lead is a batch player (-1 if none), which plays its turn of a round in all its
	// games at once, the players of the seats before its own having played theirs:
	// a batch strategy pays for each exchange, and a round played a seat at a time would
	// ask it n times as often (an external bot n times as many, n times smaller messages).
	lead int
	// With an analyst: the profiled player's strategy, judged, and the tracer of the
	// traced game.
	judge  *judged
	judged int // the player judge judges
	tracer *tracer
}

// newTableTurns prepares turn-by-turn play for the players of w, when one of them sees
// the table (or always, with force), telling each table strategy the players of the run.
// It returns nil when every player is a solitaire one and force is false.
func newTableTurns(cfg *Config, w *tableWorker, force bool) (*tableTurns, error) {
	n := len(w.players)
	tt := &tableTurns{n: n, seen: make([]strategies.TableStrategy, n), seenBatch: make([]strategies.TableBatch, n), lead: -1}
	names := make([]string, n)
	for p, info := range cfg.Players {
		names[p] = info.Name
	}
	any := force || cfg.Analyst != nil
	for p := range w.players {
		if ts, ok := w.players[p].strategy.(strategies.TableStrategy); ok {
			tt.seen[p], any = ts, true
		}
		if tb, ok := w.players[p].batch.(strategies.TableBatch); ok {
			tt.seenBatch[p], any = tb, true
		}
		if w.players[p].batch != nil && tt.lead < 0 {
			tt.lead = p
		}
	}
	if !any {
		return nil, nil
	}
	for p, ts := range tt.seen {
		if ts == nil {
			continue
		}
		if err := ts.Join(names); err != nil {
			return nil, fmt.Errorf("strategy %s (player %d): %w", names[p], p+1, err)
		}
	}
	if cfg.Analyst != nil {
		an, err := cfg.Analyst()
		if err != nil {
			return nil, err
		}
		p, _ := checkAnalysis(cfg)
		tt.judge, tt.judged = &judged{st: w.players[p].strategy, an: an}, p
		tt.tracer = &tracer{an: an}
	}
	// In rotation r (table games t with t mod n = r) player p sits in seat (p+r) mod n.
	tt.names = make([][]string, n)
	for r := range n {
		tt.names[r] = make([]string, n)
		for p := range n {
			tt.names[r][(p+r)%n] = names[p]
		}
	}
	tt.games = make([][]*sim.Game, n)
	tt.dice = make([][]rand.PCG, n)
	tt.draws = make([][]rand.PCG, n)
	return tt, nil
}

// grow makes room for a chunk of k table games.
func (tt *tableTurns) grow(rules *engine.Rules, k int) {
	for p := range tt.n {
		for len(tt.games[p]) < k {
			tt.games[p] = append(tt.games[p], sim.NewGame(rules))
		}
		if len(tt.dice[p]) < k {
			tt.dice[p] = make([]rand.PCG, k)
			tt.draws[p] = make([]rand.PCG, k)
		}
	}
	for len(tt.sheets) < k {
		tt.sheets = append(tt.sheets, make([]*engine.Sheet, tt.n))
		tt.tables = append(tt.tables, make([]strategies.Table, tt.n))
	}
}

// play plays table games lo to hi−1 of the chunk (of cfg.First on) turn by turn, and
// leaves each player's totals in w.totals.
func (tt *tableTurns) play(w *tableWorker, cfg *Config, lo, hi int64) error {
	n, np := int(hi-lo), int64(tt.n)
	first := cfg.First + lo
	tt.grow(cfg.Rules, n)
	// Every game begins: its dice seeded as the game index's, its table laid out.
	for p := range tt.n {
		tp := &w.players[p]
		if tp.batch != nil {
			w.index = w.index[:0]
			for t := first; t < first+int64(n); t++ {
				w.index = append(w.index, t*np+(int64(p)+t)%np)
			}
			tp.inBatch.Start(cfg.Rules, cfg.Seed, w.index, nil)
			continue
		}
		for k := range n {
			t := first + int64(k)
			dice, draws := sim.GameSeeds(cfg.Seed, uint64(t*np+(int64(p)+t)%np))
			tt.dice[p][k].Seed(dice[0], dice[1])
			tt.draws[p][k].Seed(draws[0], draws[1])
			tt.games[p][k].Start(&tt.dice[p][k])
		}
	}
	for k := range n {
		t := first + int64(k)
		r := int(t % np)
		for p := range tt.n {
			s := (p + r) % tt.n
			tt.sheets[k][s] = &tt.game(w, p, k).Sheet
		}
		for s := range tt.n {
			tt.tables[k][s] = strategies.Table{Seat: s, Sheets: tt.sheets[k], Players: tt.names[r]}
		}
	}
	for p, tb := range tt.seenBatch {
		if tb == nil {
			continue
		}
		// The games of a batch player are numbered as sim.Run numbers them (sim.GameSeeds):
		// table game t's seat s is game t·n+s.
		tt.seenGames, tt.seenTables = tt.seenGames[:0], tt.seenTables[:0]
		for k := range n {
			t := first + int64(k)
			s := (p + int(t%np)) % tt.n
			tt.seenGames = append(tt.seenGames, t*np+int64(s))
			tt.seenTables = append(tt.seenTables, &tt.tables[k][s])
		}
		tb.SeeTables(tt.seenGames, tt.seenTables)
	}
	traced := -1
	if tt.judge != nil {
		tt.judge.profile = w.chunk.Profile
		if k := cfg.TraceGame - first; k >= 0 && k < int64(n) {
			traced = int(k)
			r := int(cfg.TraceGame % np)
			tr := &Trace{Game: cfg.TraceGame, Players: make([]int, tt.n)}
			for p := range tt.n {
				tr.Players[(p+r)%tt.n] = p
			}
			tt.tracer.trace = tr
			tt.tracer.record(&tt.tables[traced][0], 0)
		}
	}
	turns := cfg.Rules.NumSlots()
	for round := 1; round <= turns; round++ {
		if err := tt.playRound(w, cfg, round, first, n, traced); err != nil {
			return err
		}
	}
	if traced >= 0 {
		w.chunk.Trace = tt.tracer.trace
	}
	for p := range tt.n {
		if cap(w.totals[p]) < n {
			w.totals[p] = make([]int32, n)
		}
		totals := w.totals[p][:n]
		for k := range totals {
			totals[k] = int32(tt.game(w, p, k).Sheet.Total())
		}
	}
	return nil
}

// game returns player p's game in table game k of the chunk.
func (tt *tableTurns) game(w *tableWorker, p, k int) *sim.Game {
	if w.players[p].batch != nil {
		return w.players[p].inBatch.Games[k]
	}
	return tt.games[p][k]
}

// The games of a round a player plays in a pass (playSeat), by where the lead sits.
const (
	everyGame  = iota
	beforeLead // the games where the lead sits after the seat
	afterLead  // the games where the lead sits before the seat
	leadOnly   // the lead's games, whatever its seat
)

// playRound plays round round of the chunk's n table games (the first is game first of
// cfg.First on): in each table game, seat after seat, each player its turn; with the
// trace of game traced (if not negative) after each turn. With a lead, the players of
// the seats before the lead's play first, then the lead in all its games at once, then
// the players of the seats after it: in each game, the seats still play in their order.
func (tt *tableTurns) playRound(w *tableWorker, cfg *Config, round int, first int64, n, traced int) error {
	record := func(s int) {
		if traced >= 0 {
			tt.tracer.record(&tt.tables[traced][s], round)
		}
	}
	if tt.lead < 0 {
		for s := range tt.n {
			for p := range tt.n {
				if err := tt.playSeat(w, cfg, p, s, round, first, n, everyGame); err != nil {
					return err
				}
			}
			record(s)
		}
		return nil
	}
	leadSeat := -1 // in the traced game
	if traced >= 0 {
		leadSeat = tt.seatOf(tt.lead, first+int64(traced))
	}
	for _, side := range []int{beforeLead, leadOnly, afterLead} {
		if side == leadOnly {
			if err := tt.playSeat(w, cfg, tt.lead, 0, round, first, n, leadOnly); err != nil {
				return err
			}
			if leadSeat >= 0 {
				record(leadSeat)
			}
			continue
		}
		for s := range tt.n {
			for p := range tt.n {
				if p == tt.lead {
					continue
				}
				if err := tt.playSeat(w, cfg, p, s, round, first, n, side); err != nil {
					return err
				}
			}
			if leadSeat >= 0 && s != leadSeat && (side == beforeLead) == (s < leadSeat) {
				record(s)
			}
		}
	}
	return nil
}

// seatOf returns the seat of player p in table game t: (p + t) mod n.
func (tt *tableTurns) seatOf(p int, t int64) int { return (p + int(t%int64(tt.n))) % tt.n }

// playSeat plays turn round of player p in the table games of the chunk where p sits in
// seat s, those of side (everyGame, or those where the lead sits after or before seat s);
// or, for side leadOnly, in all the games of the chunk.
func (tt *tableTurns) playSeat(w *tableWorker, cfg *Config, p, s, round int, first int64, n, side int) error {
	np := int64(tt.n)
	tp := &w.players[p]
	// Table game t seats p in (p + t) mod n: the games of seat s are those of t ≡ s − p.
	k0, step := int(((int64(s-p)-first)%np+np)%np), tt.n
	if side == leadOnly {
		k0, step = 0, 1
	}
	skip := func(k int) bool {
		switch side {
		case beforeLead:
			return tt.seatOf(tt.lead, first+int64(k)) < s
		case afterLead:
			return tt.seatOf(tt.lead, first+int64(k)) > s
		}
		return false
	}
	if tp.batch != nil {
		tt.which = tt.which[:0]
		for k := k0; k < n; k += step {
			if !skip(k) {
				tt.which = append(tt.which, k)
			}
		}
		if k, err := tp.inBatch.PlayTurn(tp.batch, tt.which, round); err != nil {
			if k < 0 {
				return fmt.Errorf("player %d, table games %d to %d: %w", p+1, first, first+int64(n)-1, err)
			}
			return fmt.Errorf("strategy %s (player %d), table game %d: %w", w.chunk.Players[p], p+1, first+int64(k), err)
		}
		return nil
	}
	for k := k0; k < n; k += step {
		g := tt.games[p][k]
		if g.Sheet.Done() || g.TurnNumber() != round || skip(k) {
			continue
		}
		if tp.starter != nil {
			tp.starter.StartGame(&tt.draws[p][k])
		}
		if ts := tt.seen[p]; ts != nil {
			ts.SeeTable(&tt.tables[k][s])
		}
		st := tp.strategy
		if j := tt.judge; j != nil && p == tt.judged {
			j.table, st = &tt.tables[k][s], j
		}
		if err := g.PlayTurn(st); err != nil {
			return fmt.Errorf("strategy %s (player %d), table game %d: %w", w.chunk.Players[p], p+1, first+int64(k), err)
		}
	}
	return nil
}

// turnByTurn makes Run play every table turn by turn, solitaire players too: the
// tests compare the two ways of playing.
var turnByTurn bool
