package serve

import (
	"net/http"
	"slices"
	"time"

	"yams/coach"
	"yams/engine"
)

// snapshot is the state of a game of real dice before an entry (a roll, a box, another
// player's turn), which undo restores: the entry is then as if never made, in the state,
// the coach's judgements and the records alike.
type snapshot struct {
	// seat entered turn (from 1) of their sheet; entry is what: a roll, a box, or a turn
	// entered whole (by its points or its final dice).
	seat, turn int
	entry      string
	// The player's turn in play, the coach's judgements and the chances (seat 0).
	phase         string
	roll          engine.Roll
	used, allowed int
	held          engine.Keep
	rolls         []engine.Roll
	keeps         []engine.Keep
	decisions     int
	feedback      []feedback
	chance        *chance
	chancesNow    []float64
	grade         *coach.Grade
	// The seat's sheet and record.
	sheet           engine.Sheet
	turns, byPoints int
}

// snapshotOf returns the state of the game before an entry of seat s.
func (g *game) snapshotOf(s int) snapshot {
	st := g.seats[s]
	return snapshot{seat: s, turn: st.sheet.Turn() + 1, phase: g.phase, roll: g.roll, used: g.used, allowed: g.allowed,
		held: g.held, rolls: slices.Clone(g.rolls), keeps: slices.Clone(g.keeps), decisions: len(g.decisions),
		feedback: slices.Clone(g.feedback), chance: g.chance, chancesNow: slices.Clone(g.chancesNow), grade: g.grade,
		sheet: *st.sheet, turns: len(st.turns), byPoints: len(st.byPoints)}
}

// remember keeps the state before an entry just made, so that undo may take the entry
// back. Only the entries of the turn being entered are kept: an entry of another turn
// (the next player's, or the player's next) closes the turn before it.
func (g *game) remember(snap snapshot, entry string) {
	snap.entry = entry
	if g.mode == modeDice {
		return // the server's dice are not taken back
	}
	if n := len(g.journal); n > 0 && (g.journal[n-1].seat != snap.seat || g.journal[n-1].turn != snap.turn) {
		g.journal = g.journal[:0]
	}
	g.journal = append(g.journal, snap)
}

// undo takes back the last entry of the turn being entered: a roll (the dice held before
// it held again), a box, or another player's turn. The game is then as it was before
// the entry; the record and the coach's judgements no longer hold it.
func (g *game) undo(struct{}) *apiError {
	switch {
	case g.mode == modeDice:
		return fail(http.StatusConflict, msgUndoVirtual)
	case g.phase == phaseEnded:
		return fail(http.StatusConflict, msgEnded, g.end)
	case len(g.journal) == 0:
		return fail(http.StatusConflict, msgNothingToUndo)
	}
	snap := g.journal[len(g.journal)-1]
	st := g.seats[snap.seat]
	if snap.seat == 0 && g.phase == phaseOver && !g.srv.reopen(g) {
		return fail(http.StatusConflict, msgOver)
	}
	g.journal = g.journal[:len(g.journal)-1]
	*st.sheet = snap.sheet
	st.turns = st.turns[:snap.turns]
	st.byPoints = st.byPoints[:snap.byPoints]
	g.chancesNow = snap.chancesNow
	if snap.seat == 0 {
		g.phase, g.roll, g.used, g.allowed, g.held = snap.phase, snap.roll, snap.used, snap.allowed, snap.held
		g.rolls, g.keeps = snap.rolls, snap.keeps
		g.decisions = g.decisions[:snap.decisions]
		g.feedback, g.chance, g.grade = snap.feedback, snap.chance, snap.grade
	}
	return nil
}

// Entries that undo takes back.
const (
	entryRoll   = "roll"
	entryBox    = "box"
	entryPoints = "points"
	entryTurn   = "turn"
)

// undoView says what undo would take back: the seat and the entry.
type undoView struct {
	Seat  int    `json:"seat"`
	Entry string `json:"entry"`
}

// undoable returns what undo would take back, or nil.
func (g *game) undoable() *undoView {
	if n := len(g.journal); n > 0 && g.phase != phaseEnded {
		return &undoView{Seat: g.journal[n-1].seat, Entry: g.journal[n-1].entry}
	}
	return nil
}

// reopen counts game g in play again, its last box taken back; it reports false when
// the server no longer holds it. g.mu is held.
func (s *Server) reopen(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games[g.id] != g {
		return false
	}
	if g.counted {
		g.counted, g.overAt = false, time.Time{}
		s.live++
	}
	return true
}
