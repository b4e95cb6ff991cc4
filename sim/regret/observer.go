package regret

import (
	"fmt"
	"math"

	"yams/engine"
)

// Turn is a turn as it was played, which a game records for the Observer: the sheet at
// its start, its rolls, the keeps between them and the box of the last roll.
type Turn struct {
	Number int // from 1
	Sheet  engine.Sheet
	Rolls  [engine.MaxRollsPerTurn]engine.Roll
	Keeps  [engine.MaxRollsPerTurn - 1]engine.Keep
	// N is the rolls thrown (Keeps[:N-1] held before rolls 2 to N) of the Allowed; when N
	// is below Allowed, the player stopped after roll N (a keep of the whole roll).
	N, Allowed int
	Box        engine.BoxID
}

// GameCost is what a game's decisions have cost so far, per kind, box and turn: each
// game in play holds one, which Observer.EndGame counts and empties.
type GameCost struct {
	keep   [engine.MaxRollsPerTurn - 1]int64
	box    int64
	total  int64
	byBox  [engine.MaxSlots]int64
	byTurn [engine.MaxSlots]int64
}

// Observer values each turn of a strategy's games with a Valuer (a worker's, which its
// strategies share) and counts the costs into Counts (one per worker and strategy).
type Observer struct {
	v       Valuer
	r       *Counts
	scratch Position
	err     error
}

// NewObserver returns an observer that values with v and counts into r.
func NewObserver(v Valuer, r *Counts) *Observer {
	return &Observer{v: v, r: r}
}

// CountInto makes the observer count into r from now on: a worker hands its chunk of
// counts over and counts on into a fresh one.
func (o *Observer) CountInto(r *Counts) { o.r = r }

// Err returns the first error of the Valuer, after which the observer counts nothing.
func (o *Observer) Err() error { return o.err }

// units converts a value or a cost to fixed point.
func units(x float64) int64 { return int64(math.Round(x * Scale)) }

// Turn counts the costs of the decisions of turn t, just played in the game of that
// index, into the game's cost gc.
func (o *Observer) Turn(game int64, t *Turn, gc *GameCost) {
	if o.err != nil {
		return
	}
	if err := o.v.Start(&t.Sheet); err != nil {
		o.err = fmt.Errorf("regret: %w", err)
		return
	}
	var turnCost int64
	count := func(c int64, kind *int64) {
		*kind += c
		turnCost += c
		for i, above := range CostlyThresholds {
			if c > units(above) {
				o.r.Costly[i]++
			}
		}
	}
	for i := range t.N {
		r, used := t.Rolls[i], i+1
		if used == t.Allowed {
			break // the last roll allowed: no keep to decide
		}
		k := r.Keep() // stopping, unless a reroll followed
		if i < t.N-1 {
			k = t.Keeps[i]
		}
		if bestK := o.v.BestKeep(r, used); k != bestK {
			best, val := units(o.v.BestKeepValue(r, used)), units(o.v.KeepValue(r, used, k))
			c := max(0, best-val)
			count(c, &gc.keep[i])
			if c > 0 {
				o.scratch = Position{Roll: used, ChoiceKeep: k, BestKeep: bestK, Value: val, BestValue: best, Cost: c}
				o.consider(game, t, r, used)
			}
		}
		if k.IsRoll() {
			break
		}
	}
	r, used := t.Rolls[t.N-1], t.N
	if bestB := o.v.BestBox(r, used); t.Box != bestB {
		best, val := units(o.v.BestBoxValue(r, used)), units(o.v.BoxValue(r, used, t.Box))
		c := max(0, best-val)
		count(c, &gc.box)
		if c > 0 {
			o.scratch = Position{ChoiceBox: t.Box, BestBox: bestB, Value: val, BestValue: best, Cost: c}
			o.consider(game, t, r, used)
		}
	}
	gc.byBox[t.Box] += turnCost
	gc.byTurn[t.Number-1] += turnCost
	gc.total += turnCost
}

// consider offers the position in o.scratch (a decision of turn t with roll r after used
// rolls) to the costliest, filling in what only a kept position needs.
func (o *Observer) consider(game int64, t *Turn, r engine.Roll, used int) {
	p := &o.scratch
	p.Game, p.Turn, p.Dice, p.RollsUsed = game, t.Number, r, used
	if n := len(o.r.Costliest); n == o.r.KeepMost && !p.Before(&o.r.Costliest[n-1]) {
		return
	}
	rules := t.Sheet.Rules()
	p.Scores = make([]int16, rules.NumSlots())
	for id := range p.Scores {
		p.Scores[id] = -1
		if t.Sheet.Filled(engine.BoxID(id)) {
			p.Scores[id] = int16(t.Sheet.Score(engine.BoxID(id)))
		}
	}
	o.r.Offer(p)
}

// EndGame adds the costs of a finished game to the counts, with their squares, and
// empties gc for the next game.
func (o *Observer) EndGame(gc *GameCost) {
	for i := range o.r.Keep {
		o.r.Keep[i].AddGame(gc.keep[i])
	}
	o.r.Box.AddGame(gc.box)
	o.r.Total.AddGame(gc.total)
	for i := range o.r.ByBox {
		o.r.ByBox[i].AddGame(gc.byBox[i])
		o.r.ByTurn[i].AddGame(gc.byTurn[i])
	}
	*gc = GameCost{}
}
