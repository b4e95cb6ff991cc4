package serve

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"net/http"

	"yams/coach"
	"yams/engine"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/external"
)

// decider is what plays an opponent's decisions: a built-in strategy or a bot.
type decider interface {
	keep(s *engine.Sheet, r engine.Roll, used, left int) (engine.Keep, error)
	box(s *engine.Sheet, r engine.Roll, used int) (engine.BoxID, error)
}

// strategyDecider decides with a built-in strategy lent by its pool for the turn.
type strategyDecider struct{ st strategies.Strategy }

func (d strategyDecider) keep(s *engine.Sheet, r engine.Roll, _, left int) (engine.Keep, error) {
	return d.st.Keep(s, r, left), nil
}

func (d strategyDecider) box(s *engine.Sheet, r engine.Roll, used int) (engine.BoxID, error) {
	return d.st.Box(s, r, used), nil
}

// botDecider asks a bot's process, one request at a time.
type botDecider struct {
	st   *seat
	turn int
	req  [1]strategies.Request
	ans  [1]strategies.Answer
}

func (d *botDecider) ask(s *engine.Sheet, r engine.Roll, used, left int) (strategies.Answer, error) {
	d.req[0] = strategies.Request{Game: int64(d.st.index), Seed: d.st.drawSeed, Turn: d.turn, Sheet: s, Roll: r, RollsUsed: used, RollsLeft: left}
	d.ans[0] = strategies.Answer{}
	err := d.st.batch.Decide(d.req[:], d.ans[:])
	return d.ans[0], err
}

func (d *botDecider) keep(s *engine.Sheet, r engine.Roll, used, left int) (engine.Keep, error) {
	a, err := d.ask(s, r, used, left)
	return a.Keep, err
}

func (d *botDecider) box(s *engine.Sheet, r engine.Roll, used int) (engine.BoxID, error) {
	a, err := d.ask(s, r, used, 0)
	return a.Box, err
}

// playSeat plays the next turn of the opponent of seat s on its own dice, as the
// simulator plays a table (tablegame.Run): a strategy that sees the table is shown it
// first, one that draws random numbers is handed the seat's generator. The turn is kept,
// move by move, for the state. A bot that fails or a decision that breaks a rule ends
// the game, with why.
func (g *game) playSeat(s int) *apiError {
	st := g.seats[s]
	sg := st.game
	if st.sheet.Done() {
		return nil
	}
	table := &g.tables[s]
	turn := st.sheet.Turn() + 1
	var d decider
	if st.pool != nil {
		x, err := st.pool.get()
		if err != nil {
			return fail(http.StatusInternalServerError, msgCannotPlay, err)
		}
		defer st.pool.put(x)
		if ts, ok := x.(strategies.TableStrategy); ok {
			ts.SeeTable(table)
		}
		if gs, ok := x.(strategies.GameStarter); ok {
			gs.StartGame(&st.draws)
		}
		d = strategyDecider{x}
	} else {
		if st.seesBoth != nil {
			st.seesBoth.SeeTables([]int64{int64(st.index)}, []*strategies.Table{table})
		}
		d = &botDecider{st: st, turn: turn}
	}
	var rolls []engine.Roll
	var keeps []engine.Keep
	failed := func(err error) *apiError {
		var be *external.Error
		var me *sim.MoveError
		switch {
		case errors.As(err, &be):
			return fail(http.StatusBadGateway, msgBotFailed, st.name, be)
		case errors.As(err, &me):
			return fail(http.StatusBadGateway, msgBroke, st.name, me)
		}
		return fail(http.StatusBadGateway, msgBroke, st.name, err)
	}
	for {
		kind, r, used := sg.Decision()
		if len(rolls) < used {
			rolls = append(rolls, r)
		}
		switch kind {
		case sim.KeepDecision:
			k, err := d.keep(st.sheet, r, used, sg.RollsLeft())
			if err == nil {
				err = sg.Keep(k)
			}
			if err != nil {
				return failed(err)
			}
			if !k.IsRoll() {
				keeps = append(keeps, k)
			}
		case sim.BoxDecision:
			b, err := d.box(st.sheet, r, used)
			if err == nil {
				err = sg.Box(b)
			}
			if err != nil {
				return failed(err)
			}
			if st.batch != nil {
				g.measureBot(st)
			}
			t := recordTurn(g.rs.Rules, rolls, keeps, b)
			st.turns = append(st.turns, t)
			g.moves = append(g.moves, move{Seat: s, Name: st.name, Turn: turn, Rolls: t.Rolls, Keeps: t.Keeps,
				Box: g.slotNames()[b], Points: st.sheet.Score(b), Total: st.sheet.Total()})
			return nil
		default:
			return internalError(fmt.Errorf("seat %d: the game is over", s))
		}
	}
}

// refreshChances works out every seat's chance of finishing first from the sheets as
// they stand, where the game shows them.
func (g *game) refreshChances() {
	if !g.chances {
		return
	}
	if g.chancesNow == nil {
		g.chancesNow = make([]float64, len(g.seats))
	}
	if err := g.rs.chances(&g.tables[0], g.chancesNow); err != nil {
		g.chances, g.chancesNow = false, nil
	}
}

// boxChance says how the player's box b changed their chance of finishing first: the
// chance at the start of the turn, once the box is scored (the sheet now), and what the
// best box for winning would have left; before is the sheet before the box.
func (g *game) boxChance(before *engine.Sheet, b engine.BoxID) {
	if !g.chances || g.chancesNow == nil {
		return
	}
	c := &chance{Before: g.chancesNow[0], Best: -1}
	out := make([]float64, len(g.seats))
	sheets := append([]*engine.Sheet(nil), g.sheets...)
	t := strategies.Table{Seat: 0, Sheets: sheets, Players: g.players}
	slots := g.slotNames()
	for l := before.Legal(g.roll, g.used); l != 0; l &= l - 1 {
		alt := *before
		id := engine.BoxID(bits.TrailingZeros64(l))
		alt.Fill(id, g.roll)
		sheets[0] = &alt
		if err := g.rs.chances(&t, out); err != nil {
			return
		}
		if id == b {
			c.After = out[0]
		}
		if out[0] > c.Best {
			c.Best, c.BestBox = out[0], slots[id]
		}
	}
	g.chance = c
}

// finishOver ends the game at its end: the player's record graded, and what a strategy
// scores on the same dice.
func (g *game) finishOver() {
	g.phase = phaseOver
	g.closeBots()
	rec := g.recordOf(0)
	rules := g.rs.Rules
	_, turns, err := engine.Replay(&rec, rules)
	if err == nil {
		err = g.rs.withPositions(func(v *coach.Values, pos analysis.Positions) error {
			gr, err := coach.GradeWith(v, pos, &rec, rules, turns)
			g.grade = gr
			return err
		})
	}
	if err != nil {
		fmt.Fprintf(g.srv.cfg.Log, "yams serve: game %s: grading: %v\n", g.id, err)
	}
	if g.mode == modeDice {
		g.sameDice = g.srv.sameDice(g.rs, g.seed, g.human())
	}
	g.srv.finished(g)
}

// finishWith ends the game before its end, saying why.
func (g *game) finishWith(why *apiError) {
	g.closeBots()
	if g.phase == phaseOver || g.phase == phaseEnded {
		return
	}
	g.phase, g.end = phaseEnded, why
	if why.status == http.StatusBadGateway {
		fmt.Fprintf(g.srv.cfg.Log, "yams serve: game %s: %s\n", g.id, why.text("en"))
	}
	g.srv.finished(g)
}

// startBots starts the processes of the game's bots, one for each bot seated, if the
// server's bounds allow them all (budget.startBots): at most --max-bots processes, and
// their memory within --max-memory with all else; none is started otherwise. A process
// serves this game alone: the protocol's hello tells a process its table and its seat
// once, and a process sees each game number once, so a process is not passed from one
// game to the next. On an error, the processes started are left to closeBots.
func (g *game) startBots() *apiError {
	srv := g.srv
	var names []string
	for _, st := range g.seats {
		if st.kind == kindBot {
			names = append(names, st.name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	if err := srv.budget.startBots(names); err != nil {
		if errors.Is(err, errTooManyBots) {
			return fail(http.StatusTooManyRequests, msgTooManyBots, srv.budget.maxBots, len(names), srv.cfg.Idle)
		}
		return fail(http.StatusServiceUnavailable, msgNoMemory, err, srv.cfg.Idle)
	}
	for i, st := range g.seats {
		if st.kind != kindBot {
			continue
		}
		worker := int(srv.workers.Add(1))
		var err error
		if st.info.NewTableBatch != nil && len(g.seats) > 1 {
			var tb strategies.TableBatch
			tb, err = st.info.NewTableBatch(g.rs.Rules, worker, g.players, i)
			st.batch, st.seesBoth = tb, tb
		} else {
			st.batch, err = st.info.NewBatch(g.rs.Rules, worker)
		}
		if err != nil {
			st.batch, st.seesBoth = nil, nil
			// This process and those of the seats after it are not running.
			for _, rest := range g.seats[i:] {
				if rest.kind == kindBot {
					srv.budget.stopBot(rest.name, 0)
				}
			}
			why := fail(http.StatusBadGateway, msgBotStart, st.name, botReason(err))
			fmt.Fprintf(srv.cfg.Log, "yams serve: %s\n", why.text("en"))
			return why
		}
		g.measureBot(st)
	}
	return nil
}

// measureBot records what the process of seat st's bot holds now, so that the bot's next
// processes are counted at the most one was seen to hold.
func (g *game) measureBot(st *seat) {
	if r, ok := st.batch.(interface{ Resident() int64 }); ok {
		g.srv.budget.measured(st.name, r.Resident())
	}
}

// closeBots stops the processes of the game's bots.
func (g *game) closeBots() {
	for _, st := range g.seats {
		if st.batch != nil {
			var held int64
			if r, ok := st.batch.(interface{ Resident() int64 }); ok {
				held = r.Resident()
			}
			st.batch.Close()
			st.batch, st.seesBoth = nil, nil
			g.srv.budget.stopBot(st.name, held)
		}
	}
}

// sameDice plays, on the dice of the player's seat, the strategy that plays the rules
// best (optimal where the sheet has an exact solve, column-tables where not): what it
// scores there is what it scores in game you.index of yams sim --seed seed.
func (s *Server) sameDice(rs *ruleSet, seed uint64, you *seat) []sameDice {
	name := "optimal"
	if v, err := rs.coachValues(); err == nil && !v.Exact() {
		name = "column-tables"
	}
	info, err := strategies.Resolve(name)
	if err != nil {
		return nil
	}
	sp, err := rs.strategy(info)
	if err != nil {
		return nil
	}
	x, err := sp.get()
	if err != nil {
		return nil
	}
	defer sp.put(x)
	dice, _ := sim.GameSeeds(seed, you.index)
	g := sim.NewGame(rs.Rules)
	if err := g.Play(x, rand.NewPCG(dice[0], dice[1])); err != nil {
		return nil
	}
	return []sameDice{{Strategy: name, Total: g.Sheet.Total()}}
}
