package serve

import (
	"cmp"
	"fmt"
	"maps"
	"math/bits"
	"net/http"
	"slices"
	"strings"

	"yams/engine"
)

// choice is what a box may take now, as a player writes it on their sheet: its points,
// and the extra five-of-a-kind bonus the turn earns besides (0 if none).
type choice struct {
	Points int `json:"points"`
	Bonus  int `json:"bonus,omitempty"`
}

// choicesOf returns, for each box that sheet may fill now, the scores it may take: the
// points of every roll it may take in it (the joker's included), in increasing order.
// slots name the boxes.
func choicesOf(sheet *engine.Sheet, slots []string) map[string][]choice {
	seen := map[engine.BoxID]map[choice]bool{}
	for r := engine.Roll(0); r < engine.NumRolls; r++ {
		for l := sheet.Legal(r, 1); l != 0; l &= l - 1 {
			id := engine.BoxID(bits.TrailingZeros64(l))
			if seen[id] == nil {
				seen[id] = map[choice]bool{}
			}
			seen[id][choice{sheet.Points(id, r), sheet.ExtraBonus(id, r)}] = true
		}
	}
	out := map[string][]choice{}
	for id, set := range seen {
		cs := make([]choice, 0, len(set))
		for c := range set {
			cs = append(cs, c)
		}
		slices.SortFunc(cs, func(a, b choice) int { return cmp.Or(cmp.Compare(a.Points, b.Points), cmp.Compare(a.Bonus, b.Bonus)) })
		out[slots[id]] = cs
	}
	return out
}

// rollScoring returns a roll that box id of sheet may take now for c: the first, in the
// order of the rolls, that scores c's points and bonus there.
func rollScoring(sheet *engine.Sheet, id engine.BoxID, c choice) (engine.Roll, bool) {
	for r := engine.Roll(0); r < engine.NumRolls; r++ {
		if sheet.Legal(r, 1)&(1<<id) != 0 && sheet.Points(id, r) == c.Points && sheet.ExtraBonus(id, r) == c.Bonus {
			return r, true
		}
	}
	return 0, false
}

// scorePoints enters a player's turn of a real table by its box and the points written
// in it (a cross-out is 0 points), as a table's sheet keeps it. A record holds dice: the
// turn's are a roll that scores those points there, which yams replay replays to the same
// sheet; the turn is listed among the seat's by_points, and the player's turns so entered
// are not graded.
func (g *game) scorePoints(req scoreRequest) *apiError {
	n := len(g.seats)
	switch {
	case g.mode != modeReal:
		return fail(http.StatusBadRequest, msgPointsVirtual)
	case req.Seat < 0 || req.Seat >= n:
		return fail(http.StatusBadRequest, msgPointsSeat, req.Seat, n-1)
	case req.Dice != nil || req.RollsUsed != 0:
		return fail(http.StatusBadRequest, msgPointsDice)
	case g.phase == phaseEnded:
		return fail(http.StatusConflict, msgEnded, g.end)
	}
	st := g.seats[req.Seat]
	switch {
	case st.sheet.Done():
		return fail(http.StatusConflict, msgSeatDone, req.Seat)
	case req.Seat == 0 && g.phase == phasePlay:
		return fail(http.StatusConflict, msgPointsRolled)
	}
	slots := g.slotNames()
	id := slices.Index(slots, req.Box)
	if id < 0 {
		return fail(http.StatusBadRequest, msgNoBox, shorten(req.Box), strings.Join(slots, ", "))
	}
	c := choice{Points: *req.Points, Bonus: req.Bonus}
	all := choicesOf(st.sheet, slots)
	choices, open := all[req.Box]
	if !open {
		return fail(http.StatusBadRequest, msgPointsClosed, req.Box, strings.Join(slices.Sorted(maps.Keys(all)), ", "))
	}
	r, ok := rollScoring(st.sheet, engine.BoxID(id), c)
	if !ok {
		may := make([]string, len(choices))
		for i, x := range choices {
			may[i] = fmt.Sprint(x.Points)
			if x.Bonus != 0 {
				may[i] += fmt.Sprintf(" (+%d)", x.Bonus)
			}
		}
		return fail(http.StatusBadRequest, msgPointsBox, req.Box, pointsText(c), strings.Join(may, ", "))
	}
	snap := g.snapshotOf(req.Seat)
	before := *st.sheet
	st.sheet.Fill(engine.BoxID(id), r)
	t := recordTurn(g.rs.Rules, []engine.Roll{r}, nil, engine.BoxID(id))
	c0, _ := g.rs.Rules.Split(engine.BoxID(id))
	if !g.rs.Rules.Columns()[c0].FirstRollOnly { // a first-roll column's turn shows its one roll
		t.Dice, t.Rolls = t.Rolls[0], nil
	}
	st.turns = append(st.turns, t)
	st.byPoints = append(st.byPoints, before.Turn()+1)
	g.remember(snap, entryPoints)
	if req.Seat != 0 {
		if !g.over() {
			g.refreshChances()
		}
		return nil
	}
	g.chance, g.moves = nil, nil
	g.feedback = g.feedback[:0]
	g.startTurn()
	return nil
}

// pointsText writes a score as the messages say it: "25", or "50 (+100)" with a bonus.
func pointsText(c choice) string {
	if c.Bonus != 0 {
		return fmt.Sprintf("%d (+%d)", c.Points, c.Bonus)
	}
	return fmt.Sprint(c.Points)
}
