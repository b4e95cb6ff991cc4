package serve

import (
	"fmt"
	"math/bits"
	"net/http"
	"strings"

	"yams/coach"
	"yams/engine"
	"yams/sim"
	"yams/strategies/analysis"
)

// noKeep is the keep of no die.
var noKeep, _ = engine.KeepOf(nil)

// rollRequest is the body of POST /api/games/{id}/roll: the dice to hold before a
// reroll (the dice held by hold if not given), and, in a game of real dice, the dice
// rolled: five, or the dice rerolled alone.
type rollRequest struct {
	Keep *[]int `json:"keep"`
	Dice []int  `json:"dice"`
}

// holdRequest is the body of POST /api/games/{id}/hold.
type holdRequest struct {
	Keep []int `json:"keep"`
}

// scoreRequest is the body of POST /api/games/{id}/score: the box for the player's roll;
// or, in a game of real dice, another player's turn: their seat, their final dice and
// the box (and the rolls it took, 1 if not given); or any player's turn by its box and
// the points written in it (scorekeeping), with the extra five-of-a-kind bonus it earned.
type scoreRequest struct {
	Box       string `json:"box"`
	Seat      int    `json:"seat"`
	Dice      []int  `json:"dice"`
	RollsUsed int    `json:"rolls_used"`
	Points    *int   `json:"points"`
	Bonus     int    `json:"bonus"`
}

// startTurn begins the player's next turn, or ends the game when their sheet is full.
func (g *game) startTurn() {
	g.rolls, g.keeps, g.held = nil, nil, noKeep
	if g.human().sheet.Done() {
		g.finishOver()
		return
	}
	g.phase = phaseRoll
	g.refreshChances()
}

// playable returns why the game takes no move, or nil.
func (g *game) playable() *apiError {
	switch g.phase {
	case phaseOver:
		return fail(http.StatusConflict, msgOver)
	case phaseEnded:
		return fail(http.StatusConflict, msgEnded, g.end)
	}
	return nil
}

// roll throws the turn's first roll, or rerolls the dice not held.
func (g *game) rollDice(req rollRequest) *apiError {
	if err := g.playable(); err != nil {
		return err
	}
	rules := g.rs.Rules
	you := g.human()
	if g.mode == modeDice && req.Dice != nil {
		return fail(http.StatusBadRequest, msgDiceVirtual)
	}
	snap := g.snapshotOf(0)
	if g.phase == phaseRoll {
		if req.Keep != nil {
			return fail(http.StatusConflict, msgNotRolled)
		}
		if g.mode == modeDice {
			kind, r, _ := you.game.Decision()
			g.roll, g.used, g.allowed = r, 1, rules.Rolls()
			if kind == sim.BoxDecision {
				g.allowed = 1
			}
		} else {
			r, err := rollOf(req.Dice)
			if err != nil {
				return err
			}
			g.roll, g.used, g.allowed = r, 1, rules.Rolls()
			if g.hasSec && you.sheet.Legal(r, 2) == 0 {
				g.allowed = 1 // only first-roll columns are open, as sim.Game plays them
			}
		}
		g.rolls = []engine.Roll{g.roll}
		g.phase, g.held = phasePlay, noKeep
		g.remember(snap, entryRoll)
		return nil
	}
	if g.used >= g.allowed {
		return fail(http.StatusConflict, msgNoRollsLeft)
	}
	k := g.held
	if req.Keep != nil {
		var err *apiError
		if k, err = g.keepOf(*req.Keep); err != nil {
			return err
		}
	}
	if k.IsRoll() {
		return fail(http.StatusBadRequest, msgKeepAll)
	}
	var next engine.Roll
	if g.mode == modeReal {
		var err *apiError
		if next, err = rerollOf(req.Dice, k); err != nil {
			return err
		}
	}
	if err := g.judge(false, k, 0); err != nil {
		return err
	}
	if g.mode == modeDice {
		if err := you.game.Keep(k); err != nil {
			return internalError(err)
		}
		_, next, _ = you.game.Decision()
	}
	g.keeps = append(g.keeps, k)
	g.rolls = append(g.rolls, next)
	// The dice held stay held, as a hand keeps them, until released.
	g.roll, g.held = next, k
	g.used++
	g.remember(snap, entryRoll)
	return nil
}

// hold sets the dice held before the next roll.
func (g *game) hold(req holdRequest) *apiError {
	if err := g.playable(); err != nil {
		return err
	}
	switch {
	case g.phase == phaseRoll:
		return fail(http.StatusConflict, msgNotRolled)
	case g.used >= g.allowed:
		return fail(http.StatusConflict, msgNoRollsLeft)
	}
	k, err := g.keepOf(req.Keep)
	if err != nil {
		return err
	}
	g.held = k
	return nil
}

// keepOf reads the faces of a keep of the roll on the table.
func (g *game) keepOf(faces []int) (engine.Keep, *apiError) {
	k, ok := engine.KeepOf(faces)
	if !ok {
		if len(faces) > engine.NumDice {
			return 0, fail(http.StatusBadRequest, msgKeepNotRolled, echo(faces), g.roll)
		}
		return 0, fail(http.StatusBadRequest, msgFaces, faces)
	}
	if !k.Within(g.roll) {
		return 0, fail(http.StatusBadRequest, msgKeepNotRolled, coach.Faces(faces), g.roll)
	}
	return k, nil
}

// score scores the roll on the table in a box: the player's turn ends, the opponents
// play theirs, and the player's next turn begins. In a game of real dice it may instead
// enter another player's turn.
func (g *game) score(req scoreRequest) *apiError {
	if req.Points != nil {
		return g.scorePoints(req)
	}
	if req.Bonus != 0 {
		return fail(http.StatusBadRequest, msgBonusAlone)
	}
	if req.Seat != 0 {
		return g.scoreOther(req)
	}
	if err := g.playable(); err != nil {
		return err
	}
	if g.phase == phaseRoll {
		return fail(http.StatusConflict, msgNotRolled)
	}
	if req.Dice != nil || req.RollsUsed != 0 {
		return fail(http.StatusBadRequest, msgQuery, "dice, rolls_used", "…", "a seat of another player (in a game of real dice): the player's dice are on the table")
	}
	you := g.human()
	box, err := g.boxOf(req.Box, you.sheet, g.roll, g.used)
	if err != nil {
		return err
	}
	snap := g.snapshotOf(0)
	if err := g.judge(true, 0, box); err != nil {
		return err
	}
	before := *you.sheet
	if g.mode == modeDice {
		if g.used < g.allowed {
			if err := you.game.Keep(g.roll.Keep()); err != nil { // stop
				return internalError(err)
			}
		}
		if err := you.game.Box(box); err != nil {
			return internalError(err)
		}
	} else {
		you.sheet.Fill(box, g.roll)
	}
	you.turns = append(you.turns, recordTurn(g.rs.Rules, g.rolls, g.keeps, box))
	g.boxChance(&before, box)
	g.moves = nil
	if g.mode == modeDice {
		for s := 1; s < len(g.seats); s++ {
			if err := g.playSeat(s); err != nil {
				g.finishWith(err)
				return nil // the state says why the game ended
			}
		}
	}
	g.remember(snap, entryBox)
	g.startTurn()
	return nil
}

// boxOf reads a box of the sheet ("fours", or "top_down.fours" on a sheet of several
// columns) that may take roll r after used rolls.
func (g *game) boxOf(name string, sheet *engine.Sheet, r engine.Roll, used int) (engine.BoxID, *apiError) {
	slots := g.slotNames()
	id := -1
	for i, n := range slots {
		if n == name {
			id = i
		}
	}
	if id < 0 {
		return 0, fail(http.StatusBadRequest, msgNoBox, shorten(name), strings.Join(slots, ", "))
	}
	legal := sheet.Legal(r, used)
	if legal&(1<<id) == 0 {
		var may []string
		for l := legal; l != 0; l &= l - 1 {
			may = append(may, slots[bits.TrailingZeros64(l)])
		}
		return 0, fail(http.StatusBadRequest, msgBoxIllegal, name, r, strings.Join(may, ", "))
	}
	return engine.BoxID(id), nil
}

// scoreOther enters the turn of another player of a real table: their final dice and box.
func (g *game) scoreOther(req scoreRequest) *apiError {
	n := len(g.seats)
	switch {
	case g.mode != modeReal:
		return fail(http.StatusBadRequest, msgSeatReal)
	case req.Seat < 1 || req.Seat >= n:
		return fail(http.StatusBadRequest, msgSeat, req.Seat, n-1)
	case g.phase == phaseEnded:
		return fail(http.StatusConflict, msgEnded, g.end)
	}
	st := g.seats[req.Seat]
	if st.sheet.Done() {
		return fail(http.StatusConflict, msgSeatDone, req.Seat)
	}
	r, err := rollOf(req.Dice)
	if err != nil {
		return err
	}
	used := req.RollsUsed
	if used == 0 {
		used = 1
	}
	if used < 1 || used > g.rs.Rules.Rolls() {
		return fail(http.StatusBadRequest, msgRollsUsed, req.RollsUsed, g.rs.Rules.Rolls())
	}
	box, err := g.boxOf(req.Box, st.sheet, r, used)
	if err != nil {
		return err
	}
	g.remember(g.snapshotOf(req.Seat), entryTurn)
	st.sheet.Fill(box, r)
	t := recordTurn(g.rs.Rules, []engine.Roll{r}, nil, box)
	if used > 1 { // the rolls before the last are not known: the final dice alone
		t.Dice, t.Rolls = t.Rolls[0], nil
	}
	st.turns = append(st.turns, t)
	if !g.over() {
		g.refreshChances()
	}
	return nil
}

// rollOf reads five dice.
func rollOf(dice []int) (engine.Roll, *apiError) {
	if dice == nil {
		return 0, fail(http.StatusBadRequest, msgDiceMissing)
	}
	if len(dice) != engine.NumDice {
		return 0, fail(http.StatusBadRequest, msgDiceCount, dice, "5 faces")
	}
	r, ok := engine.RollOf(dice)
	if !ok {
		return 0, fail(http.StatusBadRequest, msgFaces, dice)
	}
	return r, nil
}

// rerollOf reads the dice of a reroll of real dice that holds k: all five (k among
// them), or the dice rerolled alone.
func rerollOf(dice []int, k engine.Keep) (engine.Roll, *apiError) {
	if dice == nil {
		return 0, fail(http.StatusBadRequest, msgDiceMissing)
	}
	for _, d := range dice {
		if d < 1 || d > engine.NumFaces {
			return 0, fail(http.StatusBadRequest, msgFaces, dice)
		}
	}
	rerolled := engine.NumDice - k.Size()
	switch len(dice) {
	case engine.NumDice:
		r, _ := engine.RollOf(dice)
		if !k.Within(r) {
			return 0, fail(http.StatusBadRequest, msgDiceHeld, dice, coach.Faces(coach.KeepFaces(k)))
		}
		return r, nil
	case rerolled:
		all := k
		for _, d := range dice {
			all = all.Add(d)
		}
		return all.Roll(), nil
	}
	return 0, fail(http.StatusBadRequest, msgDiceCount, dice, fmt.Sprintf("the %d dice rerolled, or all 5", rerolled))
}

// judge values the player's decision at the position on the table, before it is applied:
// keep k (isBox false), or box b, which is also the decision to stop when rolls are left.
// What the coach says of it is kept for the state and the review.
func (g *game) judge(isBox bool, k engine.Keep, b engine.BoxID) *apiError {
	sheet := g.human().sheet
	rules := g.rs.Rules
	g.feedback = g.feedback[:0]
	err := g.rs.withPositions(func(v *coach.Values, pos analysis.Positions) error {
		if err := pos.Start(sheet); err != nil {
			return err
		}
		advice := coach.Advise(pos, v.Estimate, sheet, g.roll, g.used)
		var ds []coach.Decision
		switch {
		case !isBox:
			ds = append(ds, coach.JudgeKeep(pos, g.roll, g.used, k))
		default:
			if coach.StopIsDecision(sheet, g.roll, g.used) {
				ds = append(ds, coach.JudgeKeep(pos, g.roll, g.used, g.roll.Keep()))
			}
			ds = append(ds, coach.JudgeBox(pos, rules, g.roll, g.used, b))
		}
		for _, d := range ds {
			d.Turn = sheet.Turn() + 1
			g.decisions = append(g.decisions, decisionRecord{Decision: d, sheet: *sheet, roll: g.roll, used: g.used})
			g.feedback = append(g.feedback, feedback{Index: len(g.decisions), Decision: d, Advice: advice})
		}
		return nil
	})
	if err != nil {
		return internalError(err)
	}
	return nil
}

// adviceNow returns the advice at the position on the table.
func (g *game) adviceNow() (coach.Advice, *apiError) {
	switch {
	case g.phase == phaseOver:
		return coach.Advice{}, fail(http.StatusConflict, msgAdviseOver)
	case g.phase == phaseEnded:
		return coach.Advice{}, fail(http.StatusConflict, msgEnded, g.end)
	case g.phase == phaseRoll:
		return coach.Advice{}, fail(http.StatusConflict, msgNotRolled)
	}
	return g.adviceAt(g.human().sheet, g.roll, g.used)
}

// adviceOf returns the advice at the position of the player's decision n (from 1).
func (g *game) adviceOf(n int) (coach.Advice, *apiError) {
	switch {
	case n < 1 || n > len(g.decisions):
		return coach.Advice{}, fail(http.StatusBadRequest, msgDecision, n, len(g.decisions))
	case g.coachWhen == coachEnd && !g.over():
		return coach.Advice{}, fail(http.StatusConflict, msgDecisionLater)
	}
	d := &g.decisions[n-1]
	return g.adviceAt(&d.sheet, d.roll, d.used)
}

// adviceAt ranks the options of roll r after used rolls on sheet, as yams advise does.
func (g *game) adviceAt(sheet *engine.Sheet, r engine.Roll, used int) (coach.Advice, *apiError) {
	var a coach.Advice
	err := g.rs.withPositions(func(v *coach.Values, pos analysis.Positions) error {
		if err := pos.Start(sheet); err != nil {
			return err
		}
		a = coach.Advise(pos, v.Estimate, sheet, r, used)
		return nil
	})
	if err != nil {
		return a, internalError(err)
	}
	return a, nil
}
