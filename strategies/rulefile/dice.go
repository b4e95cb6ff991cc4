package rulefile

import "yams/engine"

// What the rules read of a roll, tabulated once for the 252 rolls: the counts and
// patterns a condition reads, and the dice each keep action picks, as masks of the sorted
// dice (engine.Roll.Held).
type diceInfo struct {
	counts    [6]uint8
	group     uint8 // the dice of the most frequent face
	groupFace uint8 // that face, the higher of equals
	run       uint8 // the longest run of faces in a row
	sum       uint8
	patterns  uint16 // bit f for each pattern feature f that holds
	// The dice each action picks.
	groupMask, kickerMask, pairsMask, runMask uint8
	faceMask                                  [6]uint8
}

var diceTable = func() (t [engine.NumRolls]diceInfo) {
	for r := range engine.Roll(engine.NumRolls) {
		t[r] = newDiceInfo(r)
	}
	return t
}()

func newDiceInfo(r engine.Roll) diceInfo {
	var d diceInfo
	d.counts = r.Counts()
	d.sum = uint8(r.Sum())
	dice := r.Dice()
	for i, f := range dice {
		d.faceMask[f-1] |= 1 << i
	}
	pairs := 0
	for f := 1; f <= 6; f++ {
		c := d.counts[f-1]
		if c >= d.group {
			d.group, d.groupFace = c, uint8(f)
		}
		if c >= 2 {
			pairs++
			d.pairsMask |= d.faceMask[f-1]
		}
	}
	d.groupMask = d.faceMask[d.groupFace-1]
	d.kickerMask = d.groupMask
	for i := len(dice) - 1; i >= 0; i-- {
		if dice[i] != d.groupFace {
			d.kickerMask |= 1 << i
			break
		}
	}
	// The longest run, the higher of equals: one die of each of its faces.
	runLen, runTop := 0, 0
	for f, n := 1, 0; f <= 6; f++ {
		if d.counts[f-1] == 0 {
			n = 0
			continue
		}
		if n++; n >= runLen {
			runLen, runTop = n, f
		}
	}
	d.run = uint8(runLen)
	for f := runTop - runLen + 1; f <= runTop; f++ {
		m := d.faceMask[f-1]
		d.runMask |= m & -m // the first die of the face
	}
	set := func(f Feature, ok bool) {
		if ok {
			d.patterns |= 1 << f
		}
	}
	set(Pair, d.group >= 2)
	set(TwoPairs, pairs >= 2)
	set(ThreeOfAKind, d.group >= 3)
	set(FourOfAKind, d.group >= 4)
	set(FiveOfAKind, d.group == 5)
	set(FullHouse, d.group == 3 && pairs == 2)
	set(SmallStraight, d.run >= 4)
	set(LargeStraight, d.run == 5)
	return d
}
