package engine

// TurnPlan finds the best play within one turn for a given value of ending the turn:
// Stop[u][r] is what ending the turn with roll r after u+1 rolls is worth (the best box
// score, or the box score plus a future value, as the caller decides). Solve computes by
// backward induction the value of every roll at every roll number and the keep that
// reaches it, with keeps free to change between rolls.
//
// The expectation over a reroll uses the one-die-at-a-time recurrence: the value of a keep
// of n dice is the mean, over the face of one more die, of the value of the keep of n+1
// dice. It costs 6 additions per keep instead of an enumeration of outcomes.
//
// A TurnPlan is about 60 KB of scratch space: build one per worker and reuse it.
type TurnPlan struct {
	Stop  [MaxRollsPerTurn][NumRolls]float64
	value [MaxRollsPerTurn][NumRolls]float64
	keep  [MaxRollsPerTurn][NumRolls]Keep
	ev    [NumKeeps]float64
	rolls int
}

// Solve plans a turn of the given number of rolls from Stop and returns the expected
// value of the turn before the first roll. When sameStop is true only Stop[0] is read
// and used for every roll number (the stop value does not depend on the roll number,
// which holds unless the sheet has a "sec" column).
func (t *TurnPlan) Solve(rolls int, sameStop bool) float64 {
	t.rolls = rolls
	last := rolls - 1
	stop := func(u int) *[NumRolls]float64 {
		if sameStop {
			return &t.Stop[0]
		}
		return &t.Stop[u]
	}
	t.value[last] = *stop(last)
	for r := range t.keep[last] {
		t.keep[last][r] = Roll(r).Keep()
	}
	for u := last - 1; u >= 0; u-- {
		t.expect(&t.value[u+1])
		st := stop(u)
		for r := range Roll(NumRolls) {
			subs := SubKeeps(r)
			best, bestKeep := st[r], subs[0] // subs[0] keeps all five dice: stop
			for _, k := range subs[1:] {
				if v := t.ev[k]; v > best {
					best, bestKeep = v, k
				}
			}
			t.value[u][r], t.keep[u][r] = best, bestKeep
		}
	}
	e := 0.0
	for r := range Roll(NumRolls) {
		e += rollProb[r] * t.value[0][r]
	}
	return e
}

// expect fills t.ev with the expected value of every keep when the missing dice are
// rolled and the result is worth next[roll].
func (t *TurnPlan) expect(next *[NumRolls]float64) {
	copy(t.ev[keepAllBase:], next[:])
	for k := keepAllBase - 1; k >= 0; k-- {
		a := &keeps[k].add
		t.ev[k] = (t.ev[a[0]] + t.ev[a[1]] + t.ev[a[2]] + t.ev[a[3]] + t.ev[a[4]] + t.ev[a[5]]) * (1.0 / 6)
	}
}

// Keep returns the best keep for roll r with rollsLeft rerolls left (as the Strategy
// interface asks it): the five-dice keep of r means stop.
func (t *TurnPlan) Keep(r Roll, rollsLeft int) Keep {
	return t.keep[t.rolls-1-rollsLeft][r]
}

// Value returns the value of holding roll r after rollsUsed rolls, playing on optimally.
func (t *TurnPlan) Value(r Roll, rollsUsed int) float64 {
	return t.value[rollsUsed-1][r]
}

// KeepValue returns the expected value of keeping k and rerolling the other dice, for
// the last reroll computed: after Solve, that is the reroll from the first roll.
func (t *TurnPlan) KeepValue(k Keep) float64 { return t.ev[k] }
