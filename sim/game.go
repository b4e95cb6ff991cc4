package sim

import (
	"fmt"
	"math/rand/v2"
	"yams/sim/regret"

	"yams/engine"
	"yams/strategies"
)

// Game is the scratch space of one player's game: the sheet, the dice of the current
// turn, and what a Summary records of each box besides its score. A worker keeps one
// Game per strategy and reuses it for every game, so playing allocates nothing.
//
// A game is a sequence of decisions: Start begins it, Decision tells what it waits for (a
// keep or a box), Keep and Box apply the answer and move on. Play asks a Strategy for
// every answer; a worker that plays a batch strategy (an external bot) keeps many games
// waiting at once and answers them together.
type Game struct {
	Sheet engine.Sheet
	// Turn[id] is the turn, from 1, in which box id was filled.
	Turn [engine.MaxSlots]uint8
	// Jokers holds the boxes a joker was scored in, as a mask over BoxIDs.
	Jokers uint64

	tape  engine.Tape
	dice  *rand.PCG
	rolls int
	sec   bool // the sheet has a column that takes only first-roll results
	joker bool

	// The turn in play: its number, its roll, the rolls used and allowed.
	turn      int
	roll      engine.Roll
	used      int
	turnRolls int
	// index is the game's index in its run, set by the worker that plays it.
	index int64
	// obs, when set, is told each turn once played, recorded in last (for regret), and
	// cost is what the game's decisions have cost so far.
	obs  turnObserver
	last regret.Turn
	cost regret.GameCost
}

// turnObserver is told every turn of a game once played (Game.observe).
type turnObserver interface {
	// Turn is called when the box of a turn is filled, before the next turn is thrown:
	// g.last holds the turn.
	Turn(g *Game)
}

// observe makes the game record its turns and tell obs each one (nil: stop).
func (g *Game) observe(obs turnObserver) { g.obs = obs }

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
	turn    int
	problem string
}

func (e *MoveError) Error() string { return fmt.Sprintf("turn %d: %s", e.turn, e.problem) }

// DecisionKind tells what a game waits for.
type DecisionKind uint8

const (
	// Over: the game is over.
	Over DecisionKind = iota
	// KeepDecision: the dice to hold before a reroll (all five: stop).
	KeepDecision
	// BoxDecision: the box that takes the final roll.
	BoxDecision
)

// Start begins a game on an empty sheet whose turns draw their dice from dice onto a tape
// (engine.Tape): every turn draws the same number of words whatever the decisions, so
// strategies that play a game from the same seed play the same dice.
func (g *Game) Start(dice *rand.PCG) {
	g.Sheet.Reset()
	g.Jokers = 0
	g.dice = dice
	g.turn = 0
	g.beginTurn()
}

// beginTurn throws the first roll of the next turn. When every open box is in a "sec"
// column, the turn has one roll and no keep is asked.
func (g *Game) beginTurn() {
	g.turn++
	g.tape.Draw(g.dice, g.rolls)
	g.roll = g.tape.First()
	g.used = 1
	g.turnRolls = g.rolls
	if g.sec && g.Sheet.Legal(g.roll, 2) == 0 {
		g.turnRolls = 1
	}
	if g.obs != nil {
		g.last.Number, g.last.Sheet, g.last.N, g.last.Allowed = g.turn, g.Sheet, 1, g.turnRolls
		g.last.Rolls[0] = g.roll
	}
}

// Decision returns what the game waits for, the roll it is about and the rolls used.
func (g *Game) Decision() (kind DecisionKind, r engine.Roll, rollsUsed int) {
	switch {
	case g.Sheet.Done():
		return Over, 0, 0
	case g.used < g.turnRolls:
		return KeepDecision, g.roll, g.used
	}
	return BoxDecision, g.roll, g.used
}

// RollsLeft returns the rerolls left in the turn, for a keep decision.
func (g *Game) RollsLeft() int { return g.turnRolls - g.used }

// TurnNumber returns the turn in play, from 1.
func (g *Game) TurnNumber() int { return g.turn }

// Keep applies the keep k of a keep decision: the roll is final if k holds every die,
// else the other dice are rerolled. A keep that is not part of the roll is a *MoveError.
func (g *Game) Keep(k engine.Keep) error {
	if !k.Within(g.roll) {
		return g.keepError(k)
	}
	if k.IsRoll() {
		g.turnRolls = g.used
		return nil
	}
	g.roll = g.tape.Reroll(k)
	g.used++
	if g.obs != nil {
		g.last.Keeps[g.used-2], g.last.Rolls[g.used-1], g.last.N = k, g.roll, g.used
	}
	return nil
}

// keepError is the *MoveError of keep k, out of line: Keep stays small enough to inline.
func (g *Game) keepError(k engine.Keep) error {
	return &MoveError{turn: g.turn, problem: fmt.Sprintf("keep %s is not part of roll %s", k, g.roll)}
}

// Box scores the final roll in box id and begins the next turn. A box the rules do not
// allow for the roll is a *MoveError.
func (g *Game) Box(id engine.BoxID) error {
	s := &g.Sheet
	if s.Legal(g.roll, g.used)&(1<<id) == 0 {
		return g.boxError(id)
	}
	if g.joker && g.roll.OfAKind() != 0 && s.JokerApplies(id, g.roll) {
		g.Jokers |= 1 << id
	}
	s.Fill(id, g.roll)
	g.Turn[id&(engine.MaxSlots-1)] = uint8(g.turn) // id is legal: below MaxSlots
	if g.obs != nil {
		g.last.Box = id
		g.obs.Turn(g)
	}
	if !s.Done() {
		g.beginTurn()
	}
	return nil
}

// boxError is the *MoveError of box id.
func (g *Game) boxError(id engine.BoxID) error {
	return &MoveError{turn: g.turn, problem: fmt.Sprintf("box %s may not take %s after %d rolls", slotName(g.Sheet.Rules(), id), g.roll, g.used)}
}

// Play plays a whole game of st on an empty sheet (see Start). A decision that breaks
// the rules ends the game with a *MoveError.
//
// It plays the game Start, Keep and Box would, decision for decision, in a loop of its
// own that keeps the turn in local variables: the simulator's loop, where the time of a
// game that is not its decisions counts. A game whose turns are observed, or whose sheet
// has a "sec" column, takes the decisions one by one.
func (g *Game) Play(st strategies.Strategy, dice *rand.PCG) error {
	if g.obs != nil || g.sec {
		return g.playSteps(st, dice)
	}
	s := &g.Sheet
	s.Reset()
	g.Jokers = 0
	g.dice = dice
	rolls, slots := g.rolls, s.Rules().NumSlots()
	for turn := 1; turn <= slots; turn++ {
		g.tape.Draw(dice, rolls)
		roll, used := g.tape.First(), 1
		for used < rolls {
			k := st.Keep(s, roll, rolls-used)
			if !k.Within(roll) {
				g.turn, g.roll, g.used, g.turnRolls = turn, roll, used, rolls
				return g.keepError(k)
			}
			if k.IsRoll() {
				break
			}
			roll = g.tape.Reroll(k)
			used++
		}
		id := st.Box(s, roll, used)
		if s.Legal(roll, used)&(1<<id) == 0 {
			g.turn, g.roll, g.used, g.turnRolls = turn, roll, used, used
			return g.boxError(id)
		}
		if g.joker && roll.OfAKind() != 0 && s.JokerApplies(id, roll) {
			g.Jokers |= 1 << id
		}
		s.Fill(id, roll)
		g.Turn[id&(engine.MaxSlots-1)] = uint8(turn)
		g.turn, g.roll, g.used = turn, roll, used
	}
	g.turnRolls = g.used // over, as Box leaves a game
	return nil
}

// playSteps plays a whole game with Start, Keep and Box.
func (g *Game) playSteps(st strategies.Strategy, dice *rand.PCG) error {
	g.Start(dice)
	s := &g.Sheet
	for !s.Done() {
		for g.used < g.turnRolls {
			if err := g.Keep(st.Keep(s, g.roll, g.turnRolls-g.used)); err != nil {
				return err
			}
		}
		if err := g.Box(st.Box(s, g.roll, g.used)); err != nil {
			return err
		}
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

// PlayTurn plays the turn in play of a game started with Start to its box.
func (g *Game) PlayTurn(st strategies.Strategy) error {
	s := &g.Sheet
	for g.used < g.turnRolls {
		if err := g.Keep(st.Keep(s, g.roll, g.turnRolls-g.used)); err != nil {
			return err
		}
	}
	return g.Box(st.Box(s, g.roll, g.used))
}
