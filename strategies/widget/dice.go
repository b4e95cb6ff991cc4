package widget

import (
	"fmt"
	"slices"

	"yams/engine"
)

// Dice tables in the layout the solver's inner loops want, derived once from the engine's.
// The engine orders keeps by size with the five-dice keeps (the rolls) last, so a pass
// over keep indices in increasing order visits smaller keeps first.
const (
	NumRolls = engine.NumRolls
	NumKeeps = engine.NumKeeps
	RollBase = NumKeeps - NumRolls // keep index of roll 0
)

var (
	// KeepAdd[k][f] is keep k with one more die showing face f+1 (k holds fewer than five dice).
	KeepAdd [RollBase][engine.NumFaces]uint16
	// keepRem[remStart[k]:remStart[k+1]] lists the distinct keeps with one die of k removed.
	RemStart [NumKeeps + 1]uint16
	KeepRem  []uint16
	RollProb [NumRolls]float64
	// YahtzeeRolls[f-1] is five dice showing f.
	YahtzeeRolls [engine.NumFaces]engine.Roll
	// KeepSize[k] is the number of dice of keep k.
	KeepSize [NumKeeps]uint8
	// SubPos[r][k] is the position of keep k in engine.SubKeeps(r), the form in which
	// the policy stores a keep.
	SubPos [NumRolls][RollBase]uint8
	// keepRank numbers the keeps that are not rolls in the order that breaks ties between
	// keeps of equal value: more dice first, then the lower index; rank 0 is stopping,
	// which wins every tie. rankKeep[rank] is the keep of a rank.
	keepRank [RollBase]uint16
	RankKeep [RollBase + 1]engine.Keep
	// PosOfRank[r][rank] is the position in engine.SubKeeps(r) of the keep of that rank,
	// the form in which a policy entry stores a keep (0 for rank 0: stop).
	PosOfRank [NumRolls][RollBase + 1]uint8
	// PlainRoll is a roll that is no five of a kind: legality and points of every such
	// roll depend on the sheet alone, so one of them stands for all.
	PlainRoll engine.Roll
)

func init() {
	for r := range engine.Roll(NumRolls) {
		if int(r.Keep()) != RollBase+int(r) {
			panic(fmt.Sprintf("optimal: roll %d is keep %d, want %d", r, r.Keep(), RollBase+int(r)))
		}
		RollProb[r] = r.Probability()
	}
	var parents [NumKeeps][]uint16
	for k := range engine.Keep(RollBase) {
		if k.Size() >= engine.NumDice {
			panic("optimal: keeps are not ordered by size")
		}
		for f := 1; f <= engine.NumFaces; f++ {
			next := k.Add(f)
			if next <= k {
				panic("optimal: a larger keep has a smaller index")
			}
			KeepAdd[k][f-1] = uint16(next)
			// Distinct faces give distinct smaller keeps, and the same smaller keep is
			// reached by one face only: no duplicate can appear.
			parents[next] = append(parents[next], uint16(k))
		}
	}
	for k := range parents {
		RemStart[k] = uint16(len(KeepRem))
		KeepRem = append(KeepRem, parents[k]...)
	}
	RemStart[NumKeeps] = uint16(len(KeepRem))
	for k := range engine.Keep(NumKeeps) {
		KeepSize[k] = uint8(k.Size())
	}
	for r := range engine.Roll(NumRolls) {
		subs := engine.SubKeeps(r)
		for i, k := range subs {
			if i == 0 {
				if k != r.Keep() {
					panic("optimal: SubKeeps does not start with stopping")
				}
				continue
			}
			if !keepBefore(subs[i-1], k) && i > 1 {
				panic("optimal: SubKeeps is not in decreasing size, then increasing index")
			}
			SubPos[r][k] = uint8(i)
		}
	}
	for f := 1; f <= engine.NumFaces; f++ {
		r, ok := engine.RollOf([]int{f, f, f, f, f})
		if !ok {
			panic("optimal: no five of a kind")
		}
		YahtzeeRolls[f-1] = r
	}
	PlainRoll, _ = engine.RollOf([]int{1, 1, 1, 1, 2})
	order := make([]engine.Keep, RollBase)
	for k := range order {
		order[k] = engine.Keep(k)
	}
	slices.SortFunc(order, func(a, b engine.Keep) int {
		if keepBefore(a, b) {
			return -1
		}
		if keepBefore(b, a) {
			return 1
		}
		return 0
	})
	for i, k := range order {
		keepRank[k] = uint16(i + 1)
		RankKeep[i+1] = k
	}
	for r := range PosOfRank {
		for rank := 1; rank <= RollBase; rank++ {
			PosOfRank[r][rank] = SubPos[r][RankKeep[rank]]
		}
	}
}

// keepBefore is the tie-break order of keeps of equal value: more dice first, then the
// lower index. It is the order of engine.SubKeeps after its first entry (stop).
func keepBefore(a, b engine.Keep) bool {
	if KeepSize[a] != KeepSize[b] {
		return KeepSize[a] > KeepSize[b]
	}
	return a < b
}
