package tableplay

import (
	"fmt"
	"slices"
	"sync"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// winStrategy plays "win": at the start of each turn it values the turn's options by the
// chance of finishing first at its table (winTurn), from the other players' sheets and
// what they play, and keeps the turn's decisions for the turn's other questions, which a
// key of everything they depend on tells apart. Where the chance of winning is the same
// whatever the play (the game is won, or lost, whatever happens), and in the opening, it
// plays optimal's decisions.
//
// A cache of the decisions of 16,384 turns, keyed the same way, was tried: when win
// decided from the first turn, 6.6% of the turns of 10,000 hasbro tables found theirs
// there (the first turns of the first seat, always the same); from the fourth, 0.03%.
type winStrategy struct {
	sh    *winShared
	sp    *widget.Space
	mean  *solver.Strategy
	turn  *winTurn
	table *strategies.Table
	// The models of the seats of the last table seen (players names them), by number,
	// and the distributions of each model by its number.
	players []string
	models  []int
	rms     []*remaining
	opp     []opponent
	// The turn in play: its key, whether it is settled, and its decisions.
	key     winKey
	has     bool
	settled bool
	entries [widget.NumRolls]uint32
	// opening is the turns at the start of its game that it plays as optimal does
	// (winOpening).
	opening int
}

// winKey is what a turn's decisions depend on: the player's own state and points, then
// each other player's model, state and points, sorted (the seats of the others do not
// matter, only their sheets). Within a game, it changes with every turn played.
type winKey [winKeyWords]uint64

// winKeyWords is the most players a table seats.
const winKeyWords = 6

func newWinStrategy(r *engine.Rules) (*winStrategy, error) {
	sh, err := WinSharedFor(r)
	if err != nil {
		return nil, err
	}
	return newWinStrategyOf(sh), nil
}

// newWinStrategyOf returns a strategy of the shared tables sh.
func newWinStrategyOf(sh *winShared) *winStrategy {
	return &winStrategy{sh: sh, sp: sh.mean.Space, mean: solver.NewStrategyFrom(sh.mean),
		turn: newWinTurn(sh.mean.Space, sh.own, sh.mean.Table.Values), opening: winOpening(sh.mean.Space.NumBoxes)}
}

// winOpening is the turns at the start of its game that win plays as optimal does: the
// first quarter of the game on sheets of twelve boxes or more (3 of hasbro's 13 boxes, of
// yams-app's 12), none on shorter sheets. On a long sheet every player's final score is
// still spread widely in the first turns, the chance of winning almost a linear function
// of the points, and playing for it decides almost as optimal does: on hasbro, against
// optimal, 200,000 table games of two players gave win 51.7035% with this opening and
// 51.7027% deciding every turn for the table, on the same dice, and 56% more table games
// per second (the first turns, whose distributions are the widest, cost the most);
// deciding from the sixth turn, 51.6763%. On a short sheet the first turn is a fourth or
// a fifth of the game and cheap, and the opening is not free: against optimal on ones,
// twos, threes and chance (25 at 15), followed exactly against the best response
// (strategies/duel), it left win 64.0% and 68.8% of the best response's edge over a half
// in the two seats, 96.7% and 95.8% without it.
func winOpening(boxes int) int {
	if boxes < winOpeningBoxes {
		return 0
	}
	return boxes / 4
}

// winOpeningBoxes is the fewest boxes of a sheet on which win plays an opening.
const winOpeningBoxes = 12

// Join prepares the models of the players of a run's tables (loading or computing the
// distributions of the points still to come under each one's strategy), so that a player
// this strategy cannot model, or whose tables would not fit in memory, is refused before
// the games.
func (s *winStrategy) Join(players []string) error {
	if len(players) > winKeyWords {
		return fmt.Errorf("%d players: win plays at a table of %d at most", len(players), winKeyWords)
	}
	for _, name := range players {
		if _, _, err := s.sh.model(name); err != nil {
			return err
		}
	}
	return nil
}

// SeeTable implements strategies.TableStrategy.
func (s *winStrategy) SeeTable(t *strategies.Table) { s.table = t }

// Keep returns the keep of the best chance of winning.
func (s *winStrategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if s.load(sh); s.settled {
		return s.mean.Keep(sh, r, rollsLeft)
	}
	return widget.EntryKeep(s.entries[r], r, rollsLeft)
}

// Box returns the legal box of the best chance of winning.
func (s *winStrategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if s.load(sh); s.settled {
		return s.mean.Box(sh, r, rollsUsed)
	}
	return engine.BoxID(widget.EntryBox(s.entries[r]))
}

// load makes the decisions of the turn of sheet sh, at the table last seen, current.
func (s *winStrategy) load(own *engine.Sheet) {
	sp := s.sp
	if own.Rules() != sp.Rules && own.Rules().Hash() != sp.Rules.Hash() {
		panic(fmt.Sprintf("optimal: a sheet of rules %s handed to the strategy win of rules %s", own.Rules().Name(), sp.Rules.Name()))
	}
	t := s.table
	if t == nil || len(t.Sheets) < 2 {
		// Alone, every final score wins: there is nothing to play for but the score.
		s.settled, s.has = true, false
		return
	}
	if own.Turn() < s.opening {
		s.settled, s.has = true, false
		return
	}
	mask, u, f, ok := sp.SheetParts(own)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x, upper %d is not a state of rules %s", own.FilledMask(), own.Upper(0), sp.Rules.Name()))
	}
	p := sp.PointsSoFar(own)
	s.seatModels(t)
	var key winKey
	key[0] = uint64(sp.Index(mask, u, f)) | uint64(uint32(p))<<32
	k := 1
	for seat, o := range t.Sheets {
		if seat == t.Seat {
			continue
		}
		id := s.models[seat]
		rm := s.rms[id]
		i, ok := rm.sp.SheetState(o)
		if !ok {
			panic(fmt.Sprintf("optimal: the sheet of seat %d (state %#x, upper %d) is not a state of rules %s", seat, o.FilledMask(), o.Upper(0), sp.Rules.Name()))
		}
		key[k] = uint64(i)<<8 | uint64(id) | uint64(uint32(rm.sp.PointsSoFar(o)))<<32
		k++
	}
	slices.Sort(key[1:k])
	if s.has && key == s.key {
		return
	}
	s.key, s.has = key, true
	s.opp = s.opp[:0]
	for _, w := range key[1:k] {
		lo, d := s.rms[w&0xff].dist(int(uint32(w) >> 8))
		s.opp = append(s.opp, opponent{lo: lo + int(int32(uint32(w>>32))), p: d})
	}
	s.settled = !s.turn.Decide(mask, u, f, p, s.opp, &s.entries)
}

// seatModels sets the model of each seat of t, from its players' names.
func (s *winStrategy) seatModels(t *strategies.Table) {
	if slices.Equal(s.players, t.Players) {
		return
	}
	s.players = append(s.players[:0], t.Players...)
	s.models = s.models[:0]
	for _, name := range t.Players {
		id, m, err := s.sh.model(name)
		if err != nil {
			// Join refused the table before any game: a model that fails now is a
			// programming error.
			panic(fmt.Sprintf("optimal: win has no model of %s: %v", name, err))
		}
		s.models = append(s.models, id)
		for len(s.rms) <= id {
			s.rms = append(s.rms, nil)
		}
		s.rms[id] = m.rm
	}
}

// winShared is what the workers' win strategies of a rule set share: optimal's policy
// (the decisions of settled turns, the mean's values), the distributions of the points
// still to come under optimal play (the player's own estimate), and the models of the
// other players by the name of their strategy.
type winShared struct {
	rules *engine.Rules
	mean  *solver.Policy
	own   *remaining
	mu    sync.Mutex
	// models[id] is a model, byName numbers them; models only grows, and a model's
	// number is at most 255.
	models []*winModel
	byName map[string]int
}

// winModel is how win expects a player to play the rest of a game: the distributions of
// the points still to come from every state under a strategy (the player's own, when
// yams can analyse it state by state, else optimal's).
type winModel struct {
	name string
	rm   *remaining
	// As names the strategy whose distributions stand for the player's, when they are
	// not its own.
	as string
}

var winShares struct {
	sync.Mutex
	m map[string]*winShared
}

// WinSharedFor returns the process-wide tables of win on rules r, made once.
func WinSharedFor(r *engine.Rules) (*winShared, error) {
	winShares.Lock()
	defer winShares.Unlock()
	if sh := winShares.m[r.Hash()]; sh != nil {
		return sh, nil
	}
	p, err := solver.PolicyFor(r, solver.Mean)
	if err != nil {
		return nil, err
	}
	own, err := remainingFor(r, "optimal")
	if err != nil {
		return nil, err
	}
	sh := &winShared{rules: r, mean: p, own: own, byName: map[string]int{}}
	sh.models = append(sh.models, &winModel{name: "optimal", rm: own})
	sh.byName["optimal"] = 0
	if winShares.m == nil {
		winShares.m = map[string]*winShared{}
	}
	winShares.m[r.Hash()] = sh
	return sh, nil
}

// model returns the model of a player who plays strategy name, and its number.
func (sh *winShared) model(name string) (int, *winModel, error) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if id, ok := sh.byName[name]; ok {
		return id, sh.models[id], nil
	}
	rm, err := remainingModel(sh.rules, name)
	if err != nil {
		return 0, nil, err
	}
	as, _, _ := WinAssumes(sh.rules, name)
	if rm == nil {
		rm = sh.own
	}
	if len(sh.models) > 255 {
		return 0, nil, fmt.Errorf("win models at most 256 strategies")
	}
	m := &winModel{name: name, rm: rm, as: as}
	sh.models = append(sh.models, m)
	sh.byName[name] = len(sh.models) - 1
	return len(sh.models) - 1, m, nil
}

func init() {
	strategies.Register(strategies.Info{
		Name:        "win",
		Description: "plays at a table to finish first: every decision maximises its chance of winning, seen from every player's sheet (the others' final scores from their strategies' exact distributions; on several columns, estimated from the columns' and column-tables's calibration), a tie shared",
		Table:       true,
		// Its own model alone: the models of the other players are counted with the
		// table's players (WinTablesMemory).
		Memory: func(r *engine.Rules) (map[string]int64, error) { return WinTablesMemory(r, nil) },
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			if len(r.Columns()) > 1 {
				s, err := newColumnsWin(r)
				if err != nil {
					return nil, err
				}
				return s, nil
			}
			s, err := newWinStrategy(r)
			if err != nil {
				return nil, err
			}
			return s, nil
		},
	})
}
