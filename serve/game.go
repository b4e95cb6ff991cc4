package serve

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"yams/coach"
	"yams/engine"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

// Modes of a game.
const (
	// modeDice: the server rolls the dice, those of game g of the seed.
	modeDice = "dice"
	// modeReal: the player enters the dice of real ones, their own and, if they wish, the
	// others' at the table; or keeps the table's sheet, each player's turn entered by the
	// box and the points written in it (scorekeeping).
	modeReal = "real"
)

// When the coach shows what a decision cost.
const (
	coachEach = "each" // after each decision
	coachEnd  = "end"  // at the end of the game
)

// Phases of a game, as the state says them.
const (
	phaseRoll  = "roll"  // the player's turn begins: they roll
	phasePlay  = "play"  // a roll is on the table: hold and roll again, or score
	phaseOver  = "over"  // the player's sheet is full
	phaseEnded = "ended" // ended before its end: a bot failed, the server stopped
)

// Kinds of seat.
const (
	kindYou      = "you"
	kindStrategy = "strategy"
	kindBot      = "bot"
	kindPerson   = "person" // at a real table, whose turns the player may enter
)

// humanName is the name of the player's seat in the table that strategies see
// (strategies.Table.Players): no strategy's, so win models the player as it models an
// unknown player, as optimal.
const humanName = "human"

// MaxPlayers is the most players at a table, the player included.
const MaxPlayers = tablegame.MaxPlayers

// maxGameNumber bounds the game number of a seed: the dice of seat s of game g at a table
// of n are those of game g·n+s of the seed, which must stay in sim's range.
const maxGameNumber = 1<<40 - 1

// seat is a player of a game.
type seat struct {
	name  string
	kind  string
	sheet *engine.Sheet
	// game plays the seat's turns on its own dice, in a game of virtual dice; index is
	// its game index in the seed (as sim numbers games), draws the generator of a
	// strategy that draws random numbers, drawSeed what a bot is told of it.
	game     *sim.Game
	dice     rand.PCG
	draws    rand.PCG
	index    uint64
	drawSeed uint64
	// An opponent: a built-in strategy's pool, or a bot's process.
	info     strategies.Info
	pool     *strategyPool
	batch    strategies.Batch
	seesBoth strategies.TableBatch
	// turns are the seat's record, turn by turn.
	turns []engine.RecordTurn
	// own is the sheet of a seat without a sim.Game (a game of real dice).
	own engine.Sheet
	// byPoints are the turns (from 1) entered by their box and points rather than their
	// dice: the record gives them dice that score those points.
	byPoints []int
}

// decisionRecord is a decision of the player with the position it was made at, for the
// advice of the review.
type decisionRecord struct {
	coach.Decision
	sheet engine.Sheet
	roll  engine.Roll
	used  int
}

// feedback is what the coach says of a decision: its value and the ranking of the
// position, the advice of yams advise there.
type feedback struct {
	Index int `json:"index"` // the decision's number, from 1 (advise?decision=N)
	coach.Decision
	Advice coach.Advice `json:"advice"`
}

// move is an opponent's turn: its rolls, its keeps and its box.
type move struct {
	Seat   int     `json:"seat"`
	Name   string  `json:"name"`
	Turn   int     `json:"turn"`
	Rolls  [][]int `json:"rolls"`
	Keeps  [][]int `json:"keeps"`
	Box    string  `json:"box"`
	Points int     `json:"points"`
	Total  int     `json:"total"`
}

// chance is how the player's last box changed their chance of finishing first.
type chance struct {
	// Before is the chance at the start of the turn; After once the box is scored; Best
	// what the best box for winning (BestBox) would have left.
	Before  float64 `json:"before"`
	After   float64 `json:"after"`
	Best    float64 `json:"best"`
	BestBox string  `json:"best_box"`
}

// game is one game of the server: a player's, alone or at a table.
type game struct {
	mu   sync.Mutex
	id   string
	srv  *Server
	rs   *ruleSet
	mode string
	// coachWhen says when the coach shows what a decision cost.
	coachWhen string
	seed      uint64
	number    uint64
	seats     []*seat
	// players name the seats for the strategies (the player is humanName); tables[s] is
	// the table seat s sees, over sheets.
	players []string
	sheets  []*engine.Sheet
	tables  []strategies.Table
	hasSec  bool
	// chances tells whether the chances of winning are worked out (win is offered and
	// the table seats others on a sheet of one column).
	chances bool

	// The player's turn in play.
	phase string
	roll  engine.Roll
	used  int
	// allowed is the rolls the turn allows: the rules', or 1 where only first-roll
	// columns are open.
	allowed int
	held    engine.Keep
	rolls   []engine.Roll
	keeps   []engine.Keep

	decisions []decisionRecord
	feedback  []feedback
	moves     []move
	chance    *chance
	// chancesNow are every seat's chances at the start of the player's turn.
	chancesNow []float64
	grade      *coach.Grade
	sameDice   []sameDice
	// end says why a game ended before its end (phaseEnded).
	end *apiError
	// journal holds the state before each entry of the turn being entered, which undo
	// takes back (a game of real dice).
	journal []snapshot

	// lastMove is when the game was last asked anything, for the idle expiry; overAt
	// when it ended. counted tells the server no longer counts it in play (Server.finished).
	created, lastMove, overAt time.Time
	counted                   bool
	// prefetching: the advice of the position on the table is being measured (prefetch).
	prefetching bool
}

// sameDice is what a strategy scores on the player's dice: game index of the seed in
// yams sim.
type sameDice struct {
	Strategy string `json:"strategy"`
	Total    int    `json:"total"`
}

// human returns the player's seat.
func (g *game) human() *seat { return g.seats[0] }

// over reports whether the game takes no more moves of the player.
func (g *game) over() bool { return g.phase == phaseOver || g.phase == phaseEnded }

// slotNames returns the names of the sheet's boxes (coach.SlotNames), which the caller
// does not change.
func (g *game) slotNames() []string { return g.rs.slots }

// recordOf returns the record of seat s, in the format yams replay reads.
func (g *game) recordOf(s int) engine.Record {
	turns := g.seats[s].turns
	if turns == nil {
		turns = []engine.RecordTurn{}
	}
	return engine.Record{Rules: g.rs.Source, Options: g.rs.Options, Turns: turns}
}

// recordTurn writes a turn of a record: its rolls, the keeps between them (the turn's
// stop, if it stopped early, is its last roll with rolls left) and its box.
func recordTurn(rules *engine.Rules, rolls []engine.Roll, keeps []engine.Keep, box engine.BoxID) engine.RecordTurn {
	t := engine.RecordTurn{}
	for _, r := range rolls {
		t.Rolls = append(t.Rolls, coach.RollFaces(r))
	}
	if len(keeps) > 0 {
		for _, k := range keeps {
			t.Keeps = append(t.Keeps, coach.KeepFaces(k))
		}
	}
	c, b := rules.Split(box)
	t.Box = rules.Boxes()[b].ID
	if len(rules.Columns()) > 1 {
		t.Column = json.RawMessage(strconv.Itoa(c))
	}
	return t
}
