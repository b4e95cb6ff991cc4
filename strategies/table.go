package strategies

import "yams/engine"

// Table is a table game as a strategy that sees it knows it: every player's sheet, the
// order of play and what each player plays. Players play in seat order, seat 0 first, a
// turn each per round, so when the player in seat s decides in round k, the players of
// the seats before s have played k turns and those after it k−1 (each sheet says how many
// turns its player has left: its open boxes).
type Table struct {
	// Seat is the seat of the player who decides.
	Seat int
	// Sheets are the players' sheets in seat order, Sheets[Seat] the deciding player's
	// own (the sheet the decision is asked about). They are the sheets the game is played
	// on: read them at each decision, never write them.
	Sheets []*engine.Sheet
	// Players names the strategy played in each seat (Info.Name), for a strategy that
	// models how the others will play.
	Players []string
}

// TableStrategy is a Strategy that sees the table. The simulator tells it the strategies
// of the players of a run's tables before the first game (Join), then the table of the
// game before each of its turns (SeeTable): the sheets, which it reads as they stand at
// each decision. It plays at a table only (Info.Table): a game of one player has no table
// to show it, and sim.Run refuses it. Every other strategy is a solitaire one and plays at
// a table exactly as alone.
type TableStrategy interface {
	Strategy
	// Join prepares the strategy for tables of the named players (Info.Name, in any
	// seat), or says in one line why it cannot play them.
	Join(players []string) error
	// SeeTable tells the strategy the table of the turn that follows; t stays the
	// simulator's, valid until the next call.
	SeeTable(t *Table)
}

// TableBatch is a batch strategy that sees the table (Info.NewTableBatch): an external
// bot at a table, whose requests carry the other players' sheets. Before the simulator
// asks it the decisions of a chunk's games, it tells it their tables; it answers each
// request from the table of the request's game, read as it stands at the request.
type TableBatch interface {
	Batch
	// SeeTables tells the tables of games to come: tables[i] is that of game games[i]
	// (Request.Game), the table its player sees. They stay the simulator's, and valid
	// until the next call.
	SeeTables(games []int64, tables []*Table)
}

// Verdict is how a decision of a player at a table compares with another way of playing
// at the same position (a TableAnalyst's).
type Verdict uint8

const (
	// Same: the other way decides the same.
	Same Verdict = iota
	// Riskier: it decides otherwise, and the decision taken leaves the final score more
	// spread out than the other's would.
	Riskier
	// Safer: it decides otherwise, and the decision taken leaves the final score less
	// spread out.
	Safer
	// Other: it decides otherwise, the spread the same.
	Other
	// Verdicts is the number of verdicts.
	Verdicts
)

// TableAnalyst looks at the table games of a player that sees the table (a
// TableStrategy) for a report: it compares each of the player's decisions
// with another way of playing (tablegame.Results.Profile), and estimates each player's chance
// of winning from the sheets (tablegame.Results.Trace). Each worker has its own.
type TableAnalyst interface {
	// Keep judges keep k of roll r, rollsLeft rerolls left, at table t (the player's
	// sheet is t.Sheets[t.Seat]).
	Keep(t *Table, r engine.Roll, rollsLeft int, k engine.Keep) Verdict
	// Box judges box b for the final roll r, reached after rollsUsed rolls.
	Box(t *Table, r engine.Roll, rollsUsed int, b engine.BoxID) Verdict
	// Chances sets out[s] to the chance that the player of seat s wins from the sheets of
	// t (a tie for first shared), at the start of the turn of seat t.Seat.
	Chances(t *Table, out []float64)
}
