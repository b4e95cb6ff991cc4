package engine

// A keep written as a mask of the roll's dice: bit d holds the d-th smallest die of the
// roll (Roll.Dice), and mask 31 holds all five. A policy table stores a mask, one byte, where
// a keep takes two; a rule that picks dice ("the pair", "the longest run") picks positions.

// keepOfMask[r][m] is the keep of the dice of roll r selected by m; maskOfKeep[r][k] is the
// first mask (the lowest) of r that selects keep k, or NoMask when k is not part of r.
var (
	keepOfMask [NumRolls][32]Keep
	maskOfKeep [NumRolls][NumKeeps]uint8
)

// NoMask is what MaskOf returns for a keep that is not part of the roll.
const NoMask = 0xff

func init() {
	for r := range Roll(NumRolls) {
		for k := range maskOfKeep[r] {
			maskOfKeep[r][k] = NoMask
		}
		d := r.Dice()
		for m := range 32 {
			held := make([]int, 0, NumDice)
			for i := range NumDice {
				if m&(1<<i) != 0 {
					held = append(held, int(d[i]))
				}
			}
			k, _ := KeepOf(held)
			keepOfMask[r][m] = k
			if maskOfKeep[r][k] == NoMask {
				maskOfKeep[r][k] = uint8(m)
			}
		}
	}
}

// Held returns the keep of the dice of r selected by mask m (bit d: the d-th smallest
// die; only the five low bits count).
func (r Roll) Held(m uint8) Keep { return keepOfMask[r][m&31] }

// MaskOf returns the lowest mask of r's dice that holds keep k, or NoMask if k is not part
// of r.
func (r Roll) MaskOf(k Keep) uint8 { return maskOfKeep[r][k] }
