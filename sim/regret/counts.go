package regret

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"yams/engine"
	"yams/sim/estimate"
)

// Scale is the fixed point of regret counts: a cost of c points counts as
// round(c·Scale), an integer, so that counts add exactly across workers, shards and
// resumes. 2^20 keeps a millionth of a point, and the squares of a game's costs summed over
// 2^60 games within 128 bits.
const Scale = 1 << 20

// CostlyThresholds are the costs, in points, above which a decision counts as costly: any
// cost (more than one unit of Scale), more than a point, more than five.
var CostlyThresholds = [3]float64{0, 1, 5}

// DefaultCostliest is how many of the costliest positions a regret run keeps per strategy.
const DefaultCostliest = 20

// Sums are the sum over games of a per-game cost, and the sum of its squares, in units of
// 1/Scale points.
type Sums struct {
	Sum     estimate.Uint128
	Squares estimate.Uint128
}

// AddGame counts a game whose decisions cost c units, c ≥ 0.
func (s *Sums) AddGame(c int64) {
	s.Sum = s.Sum.Add(estimate.Uint128{Lo: uint64(c)})
	s.Squares = s.Squares.Add(estimate.Square(c))
}

// Merge adds the sums of o.
func (s *Sums) Merge(o *Sums) {
	s.Sum = s.Sum.Add(o.Sum)
	s.Squares = s.Squares.Add(o.Squares)
}

// Stats are the figures of a per-game cost: its mean per game in points and the 95%
// interval of the mean.
type Stats struct {
	Mean float64
	CI95 estimate.Interval
}

// Stats derives the figures of s over games.
func (s Sums) Stats(games int64) Stats {
	if games <= 0 {
		return Stats{}
	}
	mean, sd := estimate.MeanSD(games, s.Sum.BigInt(), s.Squares.BigInt())
	mean, sd = mean/Scale, sd/Scale
	half := estimate.Z95 * sd / math.Sqrt(float64(games))
	return Stats{Mean: mean, CI95: estimate.Interval{Lo: mean - half, Hi: mean + half}}
}

// Counts hold the cost of a strategy's decisions against optimal play, summed over its
// games: the cost of a decision is the value of the best option minus the value of the
// option taken, both under optimal play afterwards. Summed over a game, the costs add up to
// the optimal expected score minus the strategy's expected score.
type Counts struct {
	// Keep[i] is the cost of the keeps decided after roll i+1 (keep1, keep2, ...); Box
	// that of the boxes; Total of everything.
	Keep  []Sums
	Box   Sums
	Total Sums
	// ByBox[b] is the cost of the turns that ended in box b (their keeps and their box),
	// ByTurn[t] that of turn t+1.
	ByBox  []Sums
	ByTurn []Sums
	// Costly[i] counts the decisions that cost more than costlyThresholds[i].
	Costly [len(CostlyThresholds)]int64
	// Costliest are the positions of highest cost met, at most keepmost of them, the
	// costliest first (Position.before gives the order).
	Costliest []Position
	KeepMost  int
}

// Position is a decision of a game and what it cost.
type Position struct {
	Game int64 // the game's index in the run
	Turn int   // from 1
	// Roll is the roll number of a keep decision (from 1), 0 for a box decision.
	Roll int
	// Sheet is the sheet before the turn: Scores[id] the score of each box, −1 when empty.
	Scores []int16
	Dice   engine.Roll
	// RollsUsed is the rolls thrown when the decision was taken.
	RollsUsed int
	// Choice and Best are the option taken and the best one: keeps for a keep decision,
	// boxes for a box decision.
	ChoiceKeep, BestKeep engine.Keep
	ChoiceBox, BestBox   engine.BoxID
	// Cost is what the decision cost, in units of 1/Scale points: bestValue − value,
	// the values of the best option and of the one taken.
	Cost             int64
	Value, BestValue int64
}

// Before orders positions: the higher cost first, then the lower game, turn and decision.
func (p *Position) Before(o *Position) bool {
	return cmpPositions(p, o) < 0
}

func cmpPositions(p, o *Position) int {
	return cmp.Or(cmp.Compare(o.Cost, p.Cost), cmp.Compare(p.Game, o.Game), cmp.Compare(p.Turn, o.Turn), cmp.Compare(decisionOrder(p), decisionOrder(o)))
}

// decisionOrder numbers the decisions of a turn in the order they are taken.
func decisionOrder(p *Position) int {
	if p.Roll == 0 {
		return engine.MaxRollsPerTurn
	}
	return p.Roll
}

// New returns empty regret counts for the rules, keeping the costliest positions.
func New(rules *engine.Rules, costliest int) *Counts {
	return &Counts{
		Keep:     make([]Sums, rules.Rolls()-1),
		ByBox:    make([]Sums, rules.NumSlots()),
		ByTurn:   make([]Sums, rules.NumSlots()),
		KeepMost: costliest,
	}
}

// merge adds the counts of o, of the same rules, and keeps the costliest positions of both.
func (r *Counts) Merge(o *Counts) error {
	if len(o.Keep) != len(r.Keep) || len(o.ByBox) != len(r.ByBox) || len(o.ByTurn) != len(r.ByTurn) {
		return fmt.Errorf("cannot merge regret counts of different rules")
	}
	for i := range r.Keep {
		r.Keep[i].Merge(&o.Keep[i])
	}
	r.Box.Merge(&o.Box)
	r.Total.Merge(&o.Total)
	for i := range r.ByBox {
		r.ByBox[i].Merge(&o.ByBox[i])
		r.ByTurn[i].Merge(&o.ByTurn[i])
	}
	for i := range r.Costly {
		r.Costly[i] += o.Costly[i]
	}
	for i := range o.Costliest {
		r.Offer(&o.Costliest[i])
	}
	return nil
}

// offer keeps p if it is among the keepmost costliest positions.
func (r *Counts) Offer(p *Position) {
	if r.KeepMost <= 0 {
		return
	}
	n := len(r.Costliest)
	if n == r.KeepMost && !p.Before(&r.Costliest[n-1]) {
		return
	}
	i, _ := slices.BinarySearchFunc(r.Costliest, p, func(a Position, b *Position) int { return cmpPositions(&a, b) })
	if n < r.KeepMost {
		r.Costliest = append(r.Costliest, Position{})
	}
	copy(r.Costliest[i+1:], r.Costliest[i:])
	q := *p
	q.Scores = slices.Clone(p.Scores)
	r.Costliest[i] = q
}

// empty returns empty counts of the same shape.
func (r *Counts) Empty() *Counts {
	return &Counts{Keep: make([]Sums, len(r.Keep)), ByBox: make([]Sums, len(r.ByBox)), ByTurn: make([]Sums, len(r.ByTurn)), KeepMost: r.KeepMost}
}

// clone returns a deep copy of r.
func (r *Counts) Clone() *Counts {
	c := *r
	c.Keep, c.ByBox, c.ByTurn = slices.Clone(r.Keep), slices.Clone(r.ByBox), slices.Clone(r.ByTurn)
	c.Costliest = slices.Clone(r.Costliest)
	for i := range c.Costliest {
		c.Costliest[i].Scores = slices.Clone(r.Costliest[i].Scores)
	}
	return &c
}

// clear empties the counts, keeping their storage.
func (r *Counts) Clear() {
	clear(r.Keep)
	clear(r.ByBox)
	clear(r.ByTurn)
	r.Box, r.Total, r.Costly = Sums{}, Sums{}, [len(CostlyThresholds)]int64{}
	r.Costliest = r.Costliest[:0]
}
