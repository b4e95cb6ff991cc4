package rulefile

import (
	"math/bits"

	"yams/engine"
)

// "keep for BOXES" plays the turn for the target boxes: the keeps that make the most
// points in them by the end of the turn. Where the target boxes cannot take every final
// roll (a forced joker sends five of a kind to its upper box, an ordered column takes
// its next box only), a roll they cannot take, an unplaceable roll, is not a number of
// points but a failure of the plan: the keeps first make an unplaceable end as unlikely
// as they can, and only then make the most points, an unplaceable roll counting none.
// That is the order of two numbers, (the chance of an unplaceable end, the expected
// points), compared the first before the second: the limit of counting an unplaceable
// roll as a penalty that grows without bound, which yams did before with a penalty of
// 10⁹ points until that penalty, times a chance as small as 6⁻¹⁰, came within reach of
// the points themselves. The chances are counted exactly, as whole numbers of outcomes of
// the dice, so that keeps that tie on them tie exactly.

// rollSet is a set of rolls, bit r for roll r.
type rollSet [(engine.NumRolls + 63) / 64]uint64

func (s *rollSet) add(r engine.Roll)      { s[r/64] |= 1 << (r % 64) }
func (s *rollSet) has(r engine.Roll) bool { return s[r/64]&(1<<(r%64)) != 0 }
func (s *rollSet) empty() bool            { return *s == rollSet{} }
func (s *rollSet) addAll()                { *s = allRolls }

var allRolls = func() (s rollSet) {
	for r := range engine.Roll(engine.NumRolls) {
		s.add(r)
	}
	return s
}()

// plan returns the keeps of "keep for" targets at every roll of the state: those that
// make an unplaceable end least likely, then the expected worth of the best target box
// at the end of the turn highest, as greedy's keeps do for every box (engine.TurnPlan,
// which plans every turn where every roll is placeable).
func (dc *Decider) plan(targets uint64) []uint8 {
	for i := range dc.plans {
		if dc.plans[i].targets == targets {
			return dc.plans[i].keeps
		}
	}
	p := dc.p
	levels := p.rolls - 1
	n := 1
	if !p.sameStop {
		n = p.rolls
	}
	placeable := true
	for u := range n {
		stop, out := &dc.tp.Stop[u], &dc.out[u]
		*out = rollSet{}
		// The worth of the rolls that are no five of a kind is their score: the maximum of
		// the vectors of the legal targets, the same for every such roll.
		plainTargets := p.rules.Legal(dc.s.Filled, plain, u+1) & targets
		if plainTargets == 0 {
			*stop = [engine.NumRolls]float64{}
			out.addAll()
		} else {
			*stop = p.vec[bits.TrailingZeros64(plainTargets)]
			for l := plainTargets & (plainTargets - 1); l != 0; l &= l - 1 {
				for r, x := range &p.vec[bits.TrailingZeros64(l)] {
					stop[r] = max(stop[r], x)
				}
			}
		}
		for _, r := range fives {
			l := p.rules.Legal(dc.s.Filled, r, u+1) & targets
			if l == 0 {
				stop[r] = 0
				out.add(r)
				continue
			}
			v := dc.worth(bits.TrailingZeros64(l), r)
			for l &= l - 1; l != 0; l &= l - 1 {
				v = max(v, dc.worth(bits.TrailingZeros64(l), r))
			}
			stop[r] = v
		}
		placeable = placeable && out.empty()
	}
	key := p.plans.key(&dc.tp.Stop, &dc.out, n)
	keeps := p.plans.get(key)
	if keeps == nil {
		keeps = make([]uint8, engine.NumRolls*levels)
		keep := dc.tp.Keep
		if placeable {
			dc.tp.Solve(p.rolls, p.sameStop)
		} else {
			if dc.lp == nil {
				dc.lp = new(placeablePlan)
			}
			dc.lp.solve(&dc.tp.Stop, &dc.out, p.rolls, p.sameStop)
			keep = dc.lp.keepAt
		}
		for r := range engine.Roll(engine.NumRolls) {
			for u := range levels {
				keeps[int(r)*levels+u] = r.MaskOf(keep(r, levels-u))
			}
		}
		p.plans.put(key, keeps)
	}
	dc.plans = append(dc.plans, plan{targets: targets, keeps: keeps})
	return keeps
}

// placeablePlan plans a turn some of whose final rolls are unplaceable, by backward
// induction over the rolls of the turn as engine.TurnPlan does (the same expected
// worths, computed in the same order, so that the two agree to the last bit where every
// roll is placeable), each value a pair: the chance of an unplaceable end, then the
// expected worth, an unplaceable roll counting 0.
type placeablePlan struct {
	rolls int
	keep  [engine.MaxRollsPerTurn][engine.NumRolls]engine.Keep
	// out[r] and worth[r] are the values of roll r at the roll being planned: the chance
	// of an unplaceable end, in outcomes of the dice of the rerolls left (6⁻⁵ each per
	// reroll), and the expected worth.
	out   [engine.NumRolls]int64
	worth [engine.NumRolls]float64
	// outK and evK are the same for every keep, before the dice it does not hold are
	// rolled: outK[k] in outcomes of the rerolls after this one and of those dice.
	outK [engine.NumKeeps]int64
	evK  [engine.NumKeeps]float64
}

// keepAllBase is the index of the first keep of five dice (keep of roll 0).
var keepAllBase = engine.Roll(0).Keep()

// pow6 are the powers of 6 up to 6^20: the outcomes of the dice of up to four rerolls
// (below 2^63).
var pow6 = func() (p [engine.NumDice*(engine.MaxRollsPerTurn-1) + 1]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 6
	}
	return p
}()

// solve plans the turn of rolls rolls whose final roll r after u+1 rolls is worth
// stop[u][r], unplaceable where out[u] holds r (its worth then 0); with sameStop only
// stop[0] and out[0] are read, for every roll number.
func (lp *placeablePlan) solve(stop *[engine.MaxRollsPerTurn][engine.NumRolls]float64, out *[engine.MaxRollsPerTurn]rollSet, rolls int, sameStop bool) {
	lp.rolls = rolls
	last := rolls - 1
	at := func(u int) int {
		if sameStop {
			return 0
		}
		return u
	}
	for r := range engine.Roll(engine.NumRolls) {
		lp.worth[r], lp.out[r] = stop[at(last)][r], 0
		if out[at(last)].has(r) {
			lp.out[r] = 1
		}
		lp.keep[last][r] = r.Keep()
	}
	for u := last - 1; u >= 0; u-- {
		// The keeps of five dice are the rolls; a keep of fewer sums (outK, whole numbers
		// of outcomes) or averages (evK, as engine.TurnPlan does) over one more die.
		for r := range engine.Roll(engine.NumRolls) {
			lp.outK[keepAllBase+engine.Keep(r)], lp.evK[keepAllBase+engine.Keep(r)] = lp.out[r], lp.worth[r]
		}
		for k := keepAllBase - 1; ; k-- {
			a := [engine.NumFaces]engine.Keep{k.Add(1), k.Add(2), k.Add(3), k.Add(4), k.Add(5), k.Add(6)}
			lp.outK[k] = lp.outK[a[0]] + lp.outK[a[1]] + lp.outK[a[2]] + lp.outK[a[3]] + lp.outK[a[4]] + lp.outK[a[5]]
			lp.evK[k] = (lp.evK[a[0]] + lp.evK[a[1]] + lp.evK[a[2]] + lp.evK[a[3]] + lp.evK[a[4]] + lp.evK[a[5]]) * (1.0 / 6)
			if k == 0 {
				break
			}
		}
		// In outcomes of the rerolls from this roll on: a keep of s dice rolls 5−s of
		// them, 6^s outcomes short of a full roll; stopping ends the turn at once.
		unit := pow6[engine.NumDice*(last-u)]
		st, so := &stop[at(u)], &out[at(u)]
		for r := range engine.Roll(engine.NumRolls) {
			subs := engine.SubKeeps(r)
			bestOut, bestWorth, bestKeep := int64(0), st[r], subs[0] // subs[0] keeps all five dice: stop
			if so.has(r) {
				bestOut, bestWorth = unit, 0
			}
			for _, k := range subs[1:] {
				o := lp.outK[k] * pow6[k.Size()]
				if o < bestOut || o == bestOut && lp.evK[k] > bestWorth {
					bestOut, bestWorth, bestKeep = o, lp.evK[k], k
				}
			}
			lp.out[r], lp.worth[r], lp.keep[u][r] = bestOut, bestWorth, bestKeep
		}
	}
}

// keepAt returns the keep planned for roll r with rollsLeft rerolls left (as
// engine.TurnPlan.Keep does).
func (lp *placeablePlan) keepAt(r engine.Roll, rollsLeft int) engine.Keep {
	return lp.keep[lp.rolls-1-rollsLeft][r]
}
