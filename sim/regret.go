package sim

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"yams/engine"
)

// Valuer values the options of a position under optimal play: the value, in expected
// final points, of every keep of a roll and every box of a final roll, once a turn's
// start is known (strategies/analysis's Evaluator is one). Start is called once per turn.
//
// A decision that is the best option costs nothing, so the observer asks BestKeep or
// BestBox first and values the options only when the strategy chose another: a Valuer
// whose best options are cheap (the optimal strategy's stored decisions) and whose Start
// defers the valuing of the turn until a value is asked skips every turn a strategy plays
// as optimal play would.
type Valuer interface {
	Start(s *engine.Sheet) error
	BestKeepValue(r engine.Roll, rollsUsed int) float64
	KeepValue(r engine.Roll, rollsUsed int, k engine.Keep) float64
	BestBoxValue(r engine.Roll, rollsUsed int) float64
	BoxValue(r engine.Roll, rollsUsed int, b engine.BoxID) float64
	// BestKeep and BestBox return a best option: one whose value is the best value,
	// bit for bit.
	BestKeep(r engine.Roll, rollsUsed int) engine.Keep
	BestBox(r engine.Roll, rollsUsed int) engine.BoxID
}

// RegretScale is the fixed point of regret counts: a cost of c points counts as
// round(c·RegretScale), an integer, so that counts add exactly across workers, shards and
// resumes. 2^20 keeps a millionth of a point, and the squares of a game's costs summed over
// 2^60 games within 128 bits.
const RegretScale = 1 << 20

// CostlyThresholds are the costs, in points, above which a decision counts as costly: any
// cost (more than one unit of RegretScale), more than a point, more than five.
var CostlyThresholds = [3]float64{0, 1, 5}

// defaultCostliest is how many of the costliest positions a regret run keeps per strategy.
const defaultCostliest = 20

// Sums are the sum over games of a per-game cost, and the sum of its squares, in units of
// 1/RegretScale points.
type Sums struct {
	Sum     Uint128
	Squares Uint128
}

func (s *Sums) addGame(c int64) {
	s.Sum = s.Sum.add(Uint128{Lo: uint64(c)})
	hi, lo := mulSquare(c)
	s.Squares = s.Squares.add(Uint128{hi, lo})
}

func (s *Sums) merge(o *Sums) {
	s.Sum = s.Sum.add(o.Sum)
	s.Squares = s.Squares.add(o.Squares)
}

// SumsStats are the figures of a per-game cost: its mean per game in points and the 95%
// interval of the mean.
type SumsStats struct {
	Mean float64
	CI95 Interval
}

// Stats derives the figures of s over games.
func (s Sums) Stats(games int64) SumsStats {
	if games <= 0 {
		return SumsStats{}
	}
	n := big.NewInt(games)
	sum := s.Sum.BigInt()
	mean := ratio(sum, n) / RegretScale
	var sd float64
	if games > 1 {
		num := new(big.Int).Mul(n, s.Squares.BigInt())
		num.Sub(num, new(big.Int).Mul(sum, sum))
		if num.Sign() > 0 {
			sd = math.Sqrt(ratio(num, new(big.Int).Mul(n, big.NewInt(games-1)))) / RegretScale
		}
	}
	half := Z95 * sd / math.Sqrt(float64(games))
	return SumsStats{Mean: mean, CI95: Interval{mean - half, mean + half}}
}

// Regret holds the cost of a strategy's decisions against optimal play, summed over its
// games: the cost of a decision is the value of the best option minus the value of the
// option taken, both under optimal play afterwards. Summed over a game, the costs add up to
// the optimal expected score minus the strategy's expected score.
type Regret struct {
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
	// costliest first (CostlyPosition.before gives the order).
	Costliest []CostlyPosition
	KeepMost  int
}

// CostlyPosition is a decision of a game and what it cost.
type CostlyPosition struct {
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
	// Cost is what the decision cost, in units of 1/RegretScale points: bestValue − value,
	// the values of the best option and of the one taken.
	Cost             int64
	Value, BestValue int64
}

// Before orders positions: the higher cost first, then the lower game, turn and decision.
func (p *CostlyPosition) Before(o *CostlyPosition) bool {
	return cmpPositions(p, o) < 0
}

func cmpPositions(p, o *CostlyPosition) int {
	return cmp.Or(cmp.Compare(o.Cost, p.Cost), cmp.Compare(p.Game, o.Game), cmp.Compare(p.Turn, o.Turn), cmp.Compare(decisionOrder(p), decisionOrder(o)))
}

// decisionOrder numbers the decisions of a turn in the order they are taken.
func decisionOrder(p *CostlyPosition) int {
	if p.Roll == 0 {
		return engine.MaxRollsPerTurn
	}
	return p.Roll
}

// NewRegret returns empty regret counts for the rules, keeping the costliest positions.
func NewRegret(rules *engine.Rules, costliest int) *Regret {
	return &Regret{
		Keep:     make([]Sums, rules.Rolls()-1),
		ByBox:    make([]Sums, rules.NumSlots()),
		ByTurn:   make([]Sums, rules.NumSlots()),
		KeepMost: costliest,
	}
}

// merge adds the counts of o, of the same rules, and keeps the costliest positions of both.
func (r *Regret) merge(o *Regret) error {
	if len(o.Keep) != len(r.Keep) || len(o.ByBox) != len(r.ByBox) || len(o.ByTurn) != len(r.ByTurn) {
		return fmt.Errorf("cannot merge regret counts of different rules")
	}
	for i := range r.Keep {
		r.Keep[i].merge(&o.Keep[i])
	}
	r.Box.merge(&o.Box)
	r.Total.merge(&o.Total)
	for i := range r.ByBox {
		r.ByBox[i].merge(&o.ByBox[i])
		r.ByTurn[i].merge(&o.ByTurn[i])
	}
	for i := range r.Costly {
		r.Costly[i] += o.Costly[i]
	}
	for i := range o.Costliest {
		r.offer(&o.Costliest[i])
	}
	return nil
}

// offer keeps p if it is among the keepmost costliest positions.
func (r *Regret) offer(p *CostlyPosition) {
	if r.KeepMost <= 0 {
		return
	}
	n := len(r.Costliest)
	if n == r.KeepMost && !p.Before(&r.Costliest[n-1]) {
		return
	}
	i, _ := slices.BinarySearchFunc(r.Costliest, p, func(a CostlyPosition, b *CostlyPosition) int { return cmpPositions(&a, b) })
	if n < r.KeepMost {
		r.Costliest = append(r.Costliest, CostlyPosition{})
	}
	copy(r.Costliest[i+1:], r.Costliest[i:])
	q := *p
	q.Scores = slices.Clone(p.Scores)
	r.Costliest[i] = q
}

// gameCost is what a game's decisions have cost so far, per kind, box and turn.
type gameCost struct {
	keep   [engine.MaxRollsPerTurn - 1]int64
	box    int64
	total  int64
	byBox  [engine.MaxSlots]int64
	byTurn [engine.MaxSlots]int64
}

// regretObserver values each turn of a strategy's games with a Valuer (the worker's, which
// its strategies share) and counts the costs into a Regret (one per worker and strategy).
type regretObserver struct {
	v       Valuer
	r       *Regret
	scratch CostlyPosition
	err     error
}

func newRegretObserver(v Valuer, r *Regret) *regretObserver {
	return &regretObserver{v: v, r: r}
}

// units converts a value or a cost to fixed point.
func units(x float64) int64 { return int64(math.Round(x * RegretScale)) }

// Turn counts the costs of the decisions of the turn just played.
func (o *regretObserver) Turn(g *Game) {
	if o.err != nil {
		return
	}
	t := &g.last
	if err := o.v.Start(&t.sheet); err != nil {
		o.err = fmt.Errorf("regret: %w", err)
		return
	}
	gc := &g.cost
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
	for i := range t.n {
		r, used := t.rolls[i], i+1
		if used == t.allowed {
			break // the last roll allowed: no keep to decide
		}
		k := r.Keep() // stopping, unless a reroll followed
		if i < t.n-1 {
			k = t.keeps[i]
		}
		if bestK := o.v.BestKeep(r, used); k != bestK {
			best, val := units(o.v.BestKeepValue(r, used)), units(o.v.KeepValue(r, used, k))
			c := max(0, best-val)
			count(c, &gc.keep[i])
			if c > 0 {
				o.scratch = CostlyPosition{Roll: used, ChoiceKeep: k, BestKeep: bestK, Value: val, BestValue: best, Cost: c}
				o.consider(g, t, r, used)
			}
		}
		if k.IsRoll() {
			break
		}
	}
	r, used := t.rolls[t.n-1], t.n
	if bestB := o.v.BestBox(r, used); t.box != bestB {
		best, val := units(o.v.BestBoxValue(r, used)), units(o.v.BoxValue(r, used, t.box))
		c := max(0, best-val)
		count(c, &gc.box)
		if c > 0 {
			o.scratch = CostlyPosition{ChoiceBox: t.box, BestBox: bestB, Value: val, BestValue: best, Cost: c}
			o.consider(g, t, r, used)
		}
	}
	gc.byBox[t.box] += turnCost
	gc.byTurn[t.turn-1] += turnCost
	gc.total += turnCost
}

// consider offers the position in o.scratch (a decision of turn t with roll r after used
// rolls) to the costliest, filling in what only a kept position needs.
func (o *regretObserver) consider(g *Game, t *turnRecord, r engine.Roll, used int) {
	p := &o.scratch
	p.Game, p.Turn, p.Dice, p.RollsUsed = g.index, t.turn, r, used
	if n := len(o.r.Costliest); n == o.r.KeepMost && !p.Before(&o.r.Costliest[n-1]) {
		return
	}
	rules := t.sheet.Rules()
	p.Scores = make([]int16, rules.NumSlots())
	for id := range p.Scores {
		p.Scores[id] = -1
		if t.sheet.Filled(engine.BoxID(id)) {
			p.Scores[id] = int16(t.sheet.Score(engine.BoxID(id)))
		}
	}
	o.r.offer(p)
}

// endGame adds the costs of a finished game to the counts, with their squares.
func (o *regretObserver) endGame(g *Game) {
	gc := &g.cost
	for i := range o.r.Keep {
		o.r.Keep[i].addGame(gc.keep[i])
	}
	o.r.Box.addGame(gc.box)
	o.r.Total.addGame(gc.total)
	for i := range o.r.ByBox {
		o.r.ByBox[i].addGame(gc.byBox[i])
		o.r.ByTurn[i].addGame(gc.byTurn[i])
	}
	*gc = gameCost{}
}

// mulSquare returns c², c ≥ 0, in 128 bits.
func mulSquare(c int64) (hi, lo uint64) {
	return bits.Mul64(uint64(c), uint64(c))
}

// empty returns empty counts of the same shape.
func (r *Regret) empty() *Regret {
	return &Regret{Keep: make([]Sums, len(r.Keep)), ByBox: make([]Sums, len(r.ByBox)), ByTurn: make([]Sums, len(r.ByTurn)), KeepMost: r.KeepMost}
}

// clone returns a deep copy of r.
func (r *Regret) clone() *Regret {
	c := *r
	c.Keep, c.ByBox, c.ByTurn = slices.Clone(r.Keep), slices.Clone(r.ByBox), slices.Clone(r.ByTurn)
	c.Costliest = slices.Clone(r.Costliest)
	for i := range c.Costliest {
		c.Costliest[i].Scores = slices.Clone(r.Costliest[i].Scores)
	}
	return &c
}

// clear empties the counts, keeping their storage.
func (r *Regret) clear() {
	clear(r.Keep)
	clear(r.ByBox)
	clear(r.ByTurn)
	r.Box, r.Total, r.Costly = Sums{}, Sums{}, [len(CostlyThresholds)]int64{}
	r.Costliest = r.Costliest[:0]
}

// MeasuresRegret reports whether the results count the regret of their strategies.
func (r *Results) MeasuresRegret() bool {
	return len(r.Summaries) > 0 && r.Summaries[0].Regret != nil
}
