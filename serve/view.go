package serve

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"time"

	"yams/coach"
	"yams/engine"
)

// stateView is a game as GET /api/games/{id} and every move answer it (docs/serve.md).
type stateView struct {
	ID    string `json:"id"`
	Rules string `json:"rules"` // the rule set's id
	Mode  string `json:"mode"`
	Coach string `json:"coach"`
	// Seed and Game are the dice of a game of virtual dice: the player's are those of
	// game DiceGame of yams sim --seed Seed (seat s of a table of n: game Game·n+s).
	Seed     *uint64 `json:"seed,omitempty"`
	Game     *uint64 `json:"game,omitempty"`
	DiceGame *uint64 `json:"dice_game,omitempty"`
	Phase    string  `json:"phase"`
	// Turn is the player's turn (from 1) of Turns.
	Turn  int `json:"turn"`
	Turns int `json:"turns"`
	// The roll on the table (phase "play"): its dice, those held for the next roll, the
	// rolls thrown and left, and the boxes it may go in with what each would score.
	Dice      []int          `json:"dice,omitempty"`
	Held      []int          `json:"held"`
	RollsUsed int            `json:"rolls_used,omitempty"`
	RollsLeft int            `json:"rolls_left"`
	Legal     map[string]int `json:"legal,omitempty"`
	Players   []playerView   `json:"players"`
	// Moves are the opponents' turns played since the player's last box.
	Moves []move `json:"moves,omitempty"`
	// Feedback is what the coach says of the player's last decisions (when it speaks
	// after each), Decisions how many decisions it has judged.
	Feedback  []feedback `json:"feedback,omitempty"`
	Decisions int        `json:"decisions"`
	// Chances are every seat's chance of finishing first at the start of the player's
	// turn, and Chance how the player's last box changed theirs (with win offered).
	Chances []float64 `json:"chances,omitempty"`
	Chance  *chance   `json:"chance,omitempty"`
	// At the end: the graded game, the losses by kind of decision and by turn, and what
	// a strategy scores on the same dice.
	Grade    *coach.Grade `json:"grade,omitempty"`
	Losses   *losses      `json:"losses,omitempty"`
	SameDice []sameDice   `json:"same_dice,omitempty"`
	// Undo says what POST undo would take back (a game of real dice).
	Undo *undoView `json:"undo,omitempty"`
	// Ended says why a game ended before its end.
	Ended string `json:"ended,omitempty"`
	// IdleLimit is how long, in seconds, the game waits for a move before it is ended.
	IdleLimit int `json:"idle_limit"`
}

// playerView is a seat of the table.
type playerView struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Kind string `json:"kind"` // you, strategy, bot or person
	// DiceGame is the game of the seed whose dice the seat throws.
	DiceGame *uint64   `json:"dice_game,omitempty"`
	Sheet    sheetView `json:"sheet"`
	// Choices are, in a game of real dice, the scores each box the seat may fill now may
	// take, for a turn entered by its points (POST score with points); ByPoints the
	// seat's turns so entered.
	Choices  map[string][]choice `json:"choices,omitempty"`
	ByPoints []int               `json:"by_points,omitempty"`
}

// sheetView is a sheet: its filled boxes (by their names, COLUMN.ID on a sheet of several
// columns), the totals of each column and the game's.
type sheetView struct {
	Boxes        map[string]int `json:"boxes"`
	Columns      []columnView   `json:"columns"`
	ExtraBonuses int            `json:"extra_bonuses"`
	ExtraTotal   int            `json:"extra_total"`
	Total        int            `json:"total"`
	TurnsPlayed  int            `json:"turns_played"`
	Done         bool           `json:"done"`
}

// columnView is a column's totals: the upper subtotal, the upper bonus, the middle and
// lower sections' totals and the column's.
type columnView struct {
	Upper      int `json:"upper"`
	UpperBonus int `json:"upper_bonus"`
	Middle     int `json:"middle"`
	Lower      int `json:"lower"`
	Total      int `json:"total"`
}

// losses adds up the costs of a graded game by kind of decision and by turn.
type losses struct {
	// ByKind: "keep1", "keep2"..., "box", each with its decisions and their cost.
	ByKind []kindLoss `json:"by_kind"`
	// ByTurn[t] is the cost of the decisions of turn t+1.
	ByTurn []float64 `json:"by_turn"`
}

type kindLoss struct {
	Kind      string  `json:"kind"`
	Decisions int     `json:"decisions"`
	Cost      float64 `json:"cost"`
}

// lossesOf adds up the costs of a grading: by kind, the keeps by roll then the boxes.
func lossesOf(gr *coach.Grade, turns int) *losses {
	l := &losses{ByKind: []kindLoss{}, ByTurn: make([]float64, turns)}
	index := map[string]int{}
	for _, d := range gr.Decisions {
		i, ok := index[d.Decision]
		if !ok {
			i = len(l.ByKind)
			index[d.Decision] = i
			l.ByKind = append(l.ByKind, kindLoss{Kind: d.Decision})
		}
		l.ByKind[i].Decisions++
		l.ByKind[i].Cost += d.Cost
		if d.Turn >= 1 && d.Turn <= turns {
			l.ByTurn[d.Turn-1] += d.Cost
		}
	}
	// "keep1" < "keep2" < ... and the boxes last.
	slices.SortStableFunc(l.ByKind, func(a, b kindLoss) int {
		return cmp.Compare(strings.Replace(a.Kind, "box", "z", 1), strings.Replace(b.Kind, "box", "z", 1))
	})
	return l
}

// view returns the state of the game.
func (g *game) view(idle time.Duration, lang string) stateView {
	rules := g.rs.Rules
	you := g.human()
	v := stateView{ID: g.id, Rules: g.rs.id, Mode: g.mode, Coach: g.coachWhen, Phase: g.phase,
		Turn: min(you.sheet.Turn()+1, rules.NumSlots()), Turns: rules.NumSlots(), Held: []int{},
		Moves: g.moves, Decisions: len(g.decisions), Chance: g.chance, IdleLimit: int(idle / time.Second)}
	if g.mode == modeDice {
		seed, number, index := g.seed, g.number, you.index
		v.Seed, v.Game, v.DiceGame = &seed, &number, &index
	}
	if g.phase == phasePlay {
		v.Dice = coach.RollFaces(g.roll)
		v.Held = coach.KeepFaces(g.held)
		v.RollsUsed = g.used
		v.RollsLeft = g.allowed - g.used
		v.Legal = map[string]int{}
		slots := g.slotNames()
		for l := you.sheet.Legal(g.roll, g.used); l != 0; l &= l - 1 {
			id := engine.BoxID(bits.TrailingZeros64(l))
			v.Legal[slots[id]] = you.sheet.Points(id, g.roll)
		}
	}
	if g.coachWhen == coachEach || g.over() {
		v.Feedback = g.feedback
	}
	if g.chances {
		v.Chances = g.chancesNow
	}
	for i, st := range g.seats {
		p := playerView{Seat: i, Name: st.name, Kind: st.kind, Sheet: sheetOf(st.sheet, g.slotNames())}
		if g.mode == modeDice {
			index := st.index
			p.DiceGame = &index
		}
		if g.mode == modeReal && !st.sheet.Done() && g.phase != phaseEnded && (i > 0 || g.phase == phaseRoll) {
			p.Choices = choicesOf(st.sheet, g.slotNames())
		}
		p.ByPoints = st.byPoints
		v.Players = append(v.Players, p)
	}
	v.Undo = g.undoable()
	// A player's turn entered by its points has no dice of its own to grade: the game is
	// graded only where every turn was played on the dice entered.
	if g.grade != nil && len(you.byPoints) == 0 {
		v.Grade = g.grade
		v.Losses = lossesOf(g.grade, rules.NumSlots())
		v.SameDice = g.sameDice
	}
	if g.end != nil {
		v.Ended = g.end.text(lang)
	}
	return v
}

// sheetOf returns the view of a sheet.
func sheetOf(s *engine.Sheet, slots []string) sheetView {
	rules := s.Rules()
	v := sheetView{Boxes: map[string]int{}, ExtraBonuses: s.ExtraBonuses(), ExtraTotal: s.ExtraTotal(), Total: s.Total(),
		TurnsPlayed: s.Turn(), Done: s.Done()}
	for id, name := range slots {
		if s.Filled(engine.BoxID(id)) {
			v.Boxes[name] = s.Score(engine.BoxID(id))
		}
	}
	for c := range rules.Columns() {
		v.Columns = append(v.Columns, columnView{Upper: s.Upper(c), UpperBonus: s.UpperBonus(c),
			Middle: s.SectionTotal(c, engine.Middle), Lower: s.SectionTotal(c, engine.Lower), Total: s.ColumnTotal(c)})
	}
	return v
}
