package sim

import (
	"fmt"
	"math/rand/v2"

	"yams/engine"
	"yams/strategies"
)

// Game is the scratch space of one player's game: the sheet, the dice of the current
// turn, and what a Summary records of each box besides its score. A worker keeps one
// Game per strategy and reuses it for every game, so playing allocates nothing.
type Game struct {
	Sheet engine.Sheet
	// Turn[id] is the turn, from 1, in which box id was filled.
	Turn [engine.MaxSlots]uint8
	// Jokers holds the boxes a joker was scored in, as a mask over BoxIDs.
	Jokers uint64

	tape  engine.Tape
	rolls int
	sec   bool // the sheet has a column that takes only first-roll results
	joker bool
}

// NewGame returns the scratch space of a game under the rules.
func NewGame(rules *engine.Rules) *Game {
	g := &Game{Sheet: engine.NewSheet(rules), rolls: rules.Rolls(), joker: rules.Joker() != engine.NoJoker}
	for _, c := range rules.Columns() {
		g.sec = g.sec || c.FirstRollOnly
	}
	return g
}

// MoveError is a decision that breaks the rules: a keep that is not part of the roll,
// or a box that may not take the final roll.
type MoveError struct {
	Turn    int
	Problem string
}

func (e *MoveError) Error() string { return fmt.Sprintf("turn %d: %s", e.Turn, e.Problem) }

// Play plays a whole game of st on an empty sheet, with the dice of each turn drawn from
// dice onto a tape (engine.Tape): every turn draws the same number of words whatever the
// decisions, so strategies that play a game from the same seed play the same dice.
//
// When every open box is in a "sec" column, the turn has one roll and Keep is not asked.
// A decision that breaks the rules ends the game with a *MoveError.
func (g *Game) Play(st strategies.Strategy, dice *rand.PCG) error {
	s := &g.Sheet
	s.Reset()
	g.Jokers = 0
	for turn := 1; !s.Done(); turn++ {
		g.tape.Draw(dice, g.rolls)
		r := g.tape.First()
		rolls := g.rolls
		if g.sec && s.Legal(r, 2) == 0 {
			rolls = 1
		}
		used := 1
		for ; used < rolls; used++ {
			k := st.Keep(s, r, rolls-used)
			if !k.Within(r) {
				return &MoveError{Turn: turn, Problem: fmt.Sprintf("keep %s is not part of roll %s", k, r)}
			}
			if k.IsRoll() {
				break
			}
			r = g.tape.Reroll(k)
		}
		id := st.Box(s, r, used)
		if s.Legal(r, used)&(1<<id) == 0 {
			return &MoveError{Turn: turn, Problem: fmt.Sprintf("box %s may not take %s after %d rolls", slotName(s.Rules(), id), r, used)}
		}
		if g.joker && s.JokerApplies(id, r) {
			g.Jokers |= 1 << id
		}
		s.Fill(id, r)
		g.Turn[id] = uint8(turn)
	}
	return nil
}

// slotName names a box of the sheet for a message, its column too on a sheet of several.
func slotName(rules *engine.Rules, id engine.BoxID) string {
	if int(id) >= rules.NumSlots() {
		return fmt.Sprintf("%d (the sheet has %d)", id, rules.NumSlots())
	}
	c, b := rules.Split(id)
	if len(rules.Columns()) > 1 {
		return fmt.Sprintf("%s of column %d (%s)", rules.Boxes()[b].ID, c, rules.Columns()[c].Name)
	}
	return rules.Boxes()[b].ID
}
