package duel

import (
	"fmt"
	"strings"
	"sync"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

// Prefix is the family of the best response: best-response:S answers a player of S.
const Prefix = "best-response"

func init() {
	strategies.RegisterFamily(strategies.Family{
		Prefix: Prefix,
		Syntax: Prefix + ":S",
		Description: "the best possible play at a table of two against a player of strategy S, seeing both sheets: " +
			"every decision maximises the exact chance of winning, a tie counting half (an exact solve over both sheets and the difference of points, sheets of a few boxes only)",
		Info: func(param string) (strategies.Info, error) {
			of, err := strategies.Resolve(param)
			if err != nil {
				return strategies.Info{}, err
			}
			name := of.Name
			return strategies.Info{
				Name:        Prefix + ":" + name,
				Description: "the best response to " + name + " at a table of two (exact)",
				Table:       true,
				// The duel's values, its layouts and the opponent's play, optimal's table
				// and the opponent's beside them, solved once for the process.
				Memory: func(r *engine.Rules) (map[string]int64, error) { return TablesMemory(r, name) },
				New: func(r *engine.Rules) (strategies.Strategy, error) {
					du, err := For(r, name, of.Identity)
					if err != nil {
						return nil, err
					}
					return newBestResponse(du), nil
				},
			}, nil
		},
	})
}

var duels struct {
	sync.Mutex
	m map[string]*sharedDuel
}

type sharedDuel struct {
	once sync.Once
	du   *Duel
	err  error
}

// For returns the process's duel of the best response to strategy opponent (of identity
// identity: strategies.Info.Identity) on rules r, solved once with a worker per CPU.
func For(r *engine.Rules, opponent, identity string) (*Duel, error) {
	key := r.Hash() + "\x00" + opponent + "\x00" + identity
	duels.Lock()
	if duels.m == nil {
		duels.m = map[string]*sharedDuel{}
	}
	e := duels.m[key]
	if e == nil {
		e = &sharedDuel{}
		duels.m[key] = e
	}
	duels.Unlock()
	e.once.Do(func() { e.du, e.err = Solve(r, opponent, 0) })
	return e.du, e.err
}

// bestResponse plays the duel's best response at a table (strategies.TableStrategy): at
// the start of each turn it values the states the turn may lead to by the duel's values
// (the opponent's turn to come, mixed over its outcomes), works the turn out with the
// widget (tableplay.GoalTurn), and keeps its decisions for the turn's other questions.
// Options whose chances differ by less than about 1e-10 are told apart by the expected
// score, and where every option is worth the same chance (the game is won, or lost,
// whatever happens) it plays optimal's decisions.
type bestResponse struct {
	du    *Duel
	turn  *tableplay.GoalTurn
	mean  *solver.Strategy
	table *strategies.Table
	// The turn in play: the seat of the round, the opponent's state, the difference of
	// points and the best response's state; whether it is settled, and its decisions.
	key     [4]int
	has     bool
	settled bool
	entries [widget.NumRolls]uint32
	// The least and the most chance of winning of the options of the turn being worked out.
	lo, hi float64
}

func newBestResponse(du *Duel) *bestResponse {
	return &bestResponse{du: du, turn: tableplay.NewGoalTurn(du.sp), mean: solver.NewStrategyFrom(du.mean)}
}

// tieBreak weighs the expected final score beside the chance of winning, as win does.
const tieBreak = 1e-12

// Join implements strategies.TableStrategy: the table seats two players, the other
// playing the duel's opponent.
func (br *bestResponse) Join(players []string) error {
	self := Prefix + ":" + br.du.Opponent
	if len(players) != 2 {
		return fmt.Errorf("%s plays at a table of two, against %s; this one seats %d", self, br.du.Opponent, len(players))
	}
	other := players[0]
	if other == self {
		other = players[1]
	}
	if other != br.du.Opponent {
		return fmt.Errorf("%s plays against %s only; its table seats %s", self, br.du.Opponent, other)
	}
	return nil
}

// SeeTable implements strategies.TableStrategy.
func (br *bestResponse) SeeTable(t *strategies.Table) { br.table = t }

// Keep returns the keep of the best chance of winning.
func (br *bestResponse) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if br.load(sh); br.settled {
		return br.mean.Keep(sh, r, rollsLeft)
	}
	return widget.EntryKeep(br.entries[r], r, rollsLeft)
}

// Box returns the legal box of the best chance of winning.
func (br *bestResponse) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if br.load(sh); br.settled {
		return br.mean.Box(sh, r, rollsUsed)
	}
	return engine.BoxID(widget.EntryBox(br.entries[r]))
}

// load makes the decisions of the turn of sheet own at the table last seen.
func (br *bestResponse) load(own *engine.Sheet) {
	du := br.du
	t := br.table
	if t == nil || len(t.Sheets) != 2 {
		panic(fmt.Sprintf("duel: %s:%s asked to play without a table of two", Prefix, du.Opponent))
	}
	other := t.Sheets[1-t.Seat]
	mask, u, f, ok := du.sp.SheetParts(own)
	b, okB := du.opp.sp.SheetState(other)
	if !ok || !okB || !du.opp.reach[b] {
		panic(fmt.Sprintf("duel: a position the duel of %s on rules %s does not hold (sheets %#x and %#x)", du.Opponent, du.Rules.Name(), own.FilledMask(), other.FilledMask()))
	}
	// The seat of the round: whether the opponent has played its turn of the round.
	s := other.Turn() - own.Turn()
	if s != 0 && s != 1 {
		panic(fmt.Sprintf("duel: the opponent has played %d turns, the best response %d", other.Turn(), own.Turn()))
	}
	d := du.sp.PointsSoFar(own) - du.opp.sp.PointsSoFar(other)
	br.decide(s, b, d, du.sp.Index(mask, u, f))
}

// decide makes the decisions of the turn of the best response's state a in seat s against
// the opponent's state b, d points ahead, unless they are those of the last turn decided.
func (br *bestResponse) decide(s, b, d, a int) {
	key := [4]int{s, b, d, a}
	if br.has && key == br.key {
		return
	}
	br.key, br.has = key, true
	mask, u, f := br.du.sp.Split(a)
	br.turn.Begin(mask, u, f, d)
	br.lo, br.hi = 2, -1
	br.turn.Decide(br, &br.entries)
	br.settled = br.lo == br.hi
}

// Value implements tableplay.NextValues: the chance of winning after the turn, from state
// next d points ahead, the opponent's turn to come; plus the tie-break.
func (br *bestResponse) Value(next, d int) float64 {
	v := br.du.after(br.key[0], next, br.key[1], d)
	br.lo, br.hi = min(br.lo, v), max(br.hi, v)
	return v + tieBreak*(float64(d)+br.du.mean.Table.Values[next])
}

// ParseName returns the strategy best-response:S answers (S), and whether name is a best
// response's.
func ParseName(name string) (string, bool) {
	prefix, s, ok := strings.Cut(name, ":")
	return s, ok && prefix == Prefix
}

// DuelTurn implements Player.
func (br *bestResponse) DuelTurn(mask uint32, u, f int, oMask uint32, oU, oF, d int, second bool, out *[widget.NumRolls]uint32) bool {
	s := 0
	if second {
		s = 1
	}
	br.decide(s, br.du.opp.sp.Index(oMask, oU, oF), d, br.du.sp.Index(mask, u, f))
	*out = br.entries
	return !br.settled
}
