package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Sizes of the dice tables.
const (
	NumDice  = 5
	NumFaces = 6
	NumRolls = 252 // sorted multisets of five dice
	NumKeeps = 462 // sorted multisets of zero to five dice
	// MaxSubKeeps bounds the number of distinct keeps of one roll (2^5).
	MaxSubKeeps = 32
	// keepAllBase is the index of the first five-dice keep: keep keepAllBase+r holds roll r.
	keepAllBase = NumKeeps - NumRolls
	// numOutcomes is the number of outcomes of a reroll over all keeps: 6^(5−size) each.
	numOutcomes = 1*7776 + 6*1296 + 21*216 + 56*36 + 126*6 + 252*1
)

// Roll is a final or intermediate roll of five dice, as the index of its sorted multiset (0..251).
// Roll 0 is 1-1-1-1-1 and roll 251 is 6-6-6-6-6; rolls are in lexicographic order of their sorted dice.
type Roll uint8

// Keep is a multiset of zero to five dice held before a reroll, as an index (0..461).
// Keeps are ordered by size, then lexicographically; the five-dice keeps come last.
type Keep uint16

type rollInfo struct {
	counts  [NumFaces]uint8 // counts[f] = number of dice showing f+1
	dice    [NumDice]uint8  // sorted faces, 1..6
	sum     uint8
	ofAKind uint8 // the face of a five of a kind, else 0
}

type keepInfo struct {
	counts [NumFaces]uint8
	size   uint8
	add    [NumFaces]Keep // the keep with one more die of face f+1; only for size < 5
	// rolls after the reroll of the 5-size missing dice: rollsAfter[offset : offset+6^(5-size)]
	offset uint16
}

var (
	rolls     [NumRolls]rollInfo
	keeps     [NumKeeps]keepInfo
	keepCode  [46656]Keep // base-6 code of the face counts -> keep
	pow6      = [6]uint64{1, 6, 36, 216, 1296, 7776}
	lemireMin [6]uint64 // 2^64 mod 6^n: draws below it are rejected (Lemire's method)

	// rollsAfter[keeps[k].offset + i] is the roll obtained by keeping k and rolling
	// the other dice to the ordered outcome i (base-6 digits).
	rollsAfter [numOutcomes]Roll
	// rerollOf[k] is what a tape's reroll keeping k reads, in one word: the offset of
	// its outcomes in rollsAfter (the low 16 bits) and the number of dice rerolled.
	rerollOf [NumKeeps]uint32
	// ordered5[i] holds the five faces (0..5) of the ordered outcome i in [0, 7776).
	ordered5 [7776][NumDice]uint8

	// rollNibbles[r] and keepNibbles[k] hold the face counts of a roll and a keep, four
	// bits a face, for Within.
	rollNibbles [NumRolls]uint32
	keepNibbles [NumKeeps]uint32

	subKeepStart [NumRolls + 1]uint16
	subKeepList  []Keep // distinct keeps of each roll, five-dice keep first, then by decreasing size
)

func countsCode(c *[NumFaces]uint8) int {
	code := 0
	for f := NumFaces - 1; f >= 0; f-- {
		code = code*6 + int(c[f])
	}
	return code
}

func init() {
	// Enumerate keeps by size, then lexicographically.
	n := 0
	var rec func(size, minFace int, dice []uint8)
	rec = func(size, minFace int, dice []uint8) {
		if len(dice) == size {
			var c [NumFaces]uint8
			for _, d := range dice {
				c[d-1]++
			}
			keeps[n].counts = c
			keeps[n].size = uint8(size)
			keepCode[countsCode(&c)] = Keep(n)
			keepNibbles[n] = nibbles(&c)
			if size == NumDice {
				r := n - keepAllBase
				rolls[r].counts = c
				copy(rolls[r].dice[:], dice)
				for _, d := range dice {
					rolls[r].sum += d
				}
				if dice[0] == dice[NumDice-1] {
					rolls[r].ofAKind = dice[0]
				}
				rollNibbles[r] = nibbles(&c)
			}
			n++
			return
		}
		for f := minFace; f <= NumFaces; f++ {
			rec(size, f, append(dice, uint8(f)))
		}
	}
	for size := 0; size <= NumDice; size++ {
		rec(size, 1, make([]uint8, 0, NumDice))
	}
	if n != NumKeeps {
		panic(fmt.Sprintf("engine: %d keeps, want %d", n, NumKeeps))
	}
	for k := range keeps {
		ki := &keeps[k]
		if ki.size == NumDice {
			continue
		}
		for f := range NumFaces {
			c := ki.counts
			c[f]++
			ki.add[f] = keepCode[countsCode(&c)]
		}
	}
	for i := range ordered5 {
		x := i
		for d := range NumDice {
			ordered5[i][d] = uint8(x % 6)
			x /= 6
		}
	}
	for n := range lemireMin {
		lemireMin[n] = -pow6[n] % pow6[n] // (2^64 - m) mod m = 2^64 mod m
	}
	// Reroll outcome tables.
	total := 0
	for k := range keeps {
		keeps[k].offset = uint16(total)
		total += int(pow6[NumDice-int(keeps[k].size)])
	}
	if total != numOutcomes {
		panic(fmt.Sprintf("engine: %d outcomes of rerolls, want %d", total, numOutcomes))
	}
	for k := range keeps {
		rerollOf[k] = uint32(keeps[k].offset) | uint32(NumDice-keeps[k].size)<<16
	}
	for k := range keeps {
		ki := &keeps[k]
		free := NumDice - int(ki.size)
		for i := range int(pow6[free]) {
			kk := Keep(k)
			for d := range free {
				kk = keeps[kk].add[ordered5[i][d]]
			}
			rollsAfter[int(ki.offset)+i] = Roll(kk - keepAllBase)
		}
	}
	// Distinct sub-keeps of every roll.
	for r := range rolls {
		subKeepStart[r] = uint16(len(subKeepList))
		var seen [NumKeeps]bool
		start := len(subKeepList)
		for mask := range 1 << NumDice {
			var c [NumFaces]uint8
			for d := range NumDice {
				if mask&(1<<d) != 0 {
					c[rolls[r].dice[d]-1]++
				}
			}
			k := keepCode[countsCode(&c)]
			if !seen[k] {
				seen[k] = true
				subKeepList = append(subKeepList, k)
			}
		}
		list := subKeepList[start:]
		// Five-dice keep first, then decreasing size, then increasing index: a fixed order
		// that makes every argmax over keeps deterministic.
		for i := 1; i < len(list); i++ {
			for j := i; j > 0 && keepBefore(list[j], list[j-1]); j-- {
				list[j], list[j-1] = list[j-1], list[j]
			}
		}
	}
	subKeepStart[NumRolls] = uint16(len(subKeepList))
	for _, r := range rollsAfter[keeps[0].offset : keeps[0].offset+7776] {
		rollProb[r]++
	}
	for r := range rollProb {
		rollProb[r] /= 7776
	}
}

// nibbles packs face counts four bits a face, ones lowest.
func nibbles(c *[NumFaces]uint8) uint32 {
	var x uint32
	for f := NumFaces - 1; f >= 0; f-- {
		x = x<<4 | uint32(c[f])
	}
	return x
}

func keepBefore(a, b Keep) bool {
	if keeps[a].size != keeps[b].size {
		return keeps[a].size > keeps[b].size
	}
	return a < b
}

// Counts returns how many dice show each face: Counts()[0] is the number of ones.
func (r Roll) Counts() [NumFaces]uint8 { return rolls[r].counts }

// Count returns how many dice show face (1..6).
func (r Roll) Count(face int) int { return int(rolls[r].counts[face-1]) }

// Dice returns the five faces in increasing order.
func (r Roll) Dice() [NumDice]uint8 { return rolls[r].dice }

// Sum returns the total of the five dice.
func (r Roll) Sum() int { return int(rolls[r].sum) }

// OfAKind returns the face (1..6) of a five of a kind, or 0.
func (r Roll) OfAKind() int { return int(rolls[r].ofAKind) }

// String formats the roll as its sorted dice, "1-2-3-4-6".
func (r Roll) String() string {
	d := rolls[r].dice
	return fmt.Sprintf("%d-%d-%d-%d-%d", d[0], d[1], d[2], d[3], d[4])
}

// Keep returns the keep that holds all five dice of r: keeping it ends the turn.
func (r Roll) Keep() Keep { return Keep(int(r) + keepAllBase) }

// Probability returns the probability of r on a throw of five dice.
func (r Roll) Probability() float64 { return rollProb[r] }

// rollProb[r] is the probability of roll r on a throw of five dice (filled by init).
var rollProb [NumRolls]float64

// RollOf returns the roll of five dice given in any order. It reports false if
// there are not five dice or one is outside 1..6.
func RollOf(dice []int) (Roll, bool) {
	k, ok := KeepOf(dice)
	if !ok || keeps[k].size != NumDice {
		return 0, false
	}
	return Roll(k - keepAllBase), true
}

// KeepOf returns the keep of the given dice (zero to five, any order). It reports
// false if there are more than five dice or one is outside 1..6.
func KeepOf(dice []int) (Keep, bool) {
	if len(dice) > NumDice {
		return 0, false
	}
	var c [NumFaces]uint8
	for _, d := range dice {
		if d < 1 || d > NumFaces {
			return 0, false
		}
		c[d-1]++
	}
	return keepCode[countsCode(&c)], true
}

// Size returns the number of dice held.
func (k Keep) Size() int { return int(keeps[k].size) }

// Counts returns how many held dice show each face.
func (k Keep) Counts() [NumFaces]uint8 { return keeps[k].counts }

// Add returns the keep with one more die showing face (1..6). k must hold fewer than five dice.
func (k Keep) Add(face int) Keep { return keeps[k].add[face-1] }

// IsRoll reports whether k holds five dice, that is whether keeping it ends the turn.
func (k Keep) IsRoll() bool { return k >= keepAllBase }

// Roll returns the roll of a five-dice keep.
func (k Keep) Roll() Roll { return Roll(k - keepAllBase) }

// Within reports whether every held die is among the dice of r.
//
// It compares the six face counts at once: each count of the roll, four bits wide with
// its top bit set (8 + count), less the keep's count (at most 5), keeps its top bit if
// and only if the keep has no more dice of that face, and never borrows from the next.
func (k Keep) Within(r Roll) bool {
	const tops = 0x888888
	return ((rollNibbles[r]|tops)-keepNibbles[k])&tops == tops
}

// String formats the held dice, "2-2-5", or "-" for an empty keep.
func (k Keep) String() string {
	if keeps[k].size == 0 {
		return "-"
	}
	var b strings.Builder
	for f, c := range keeps[k].counts {
		for range c {
			if b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteByte(byte('1' + f))
		}
	}
	return b.String()
}

// SubKeeps returns the distinct keeps of r: the five-dice keep (stop) first,
// then by decreasing size. The slice is shared and must not be modified.
func SubKeeps(r Roll) []Keep {
	return subKeepList[subKeepStart[r]:subKeepStart[r+1]]
}

// uniform returns a uniform integer in [0, 6^n) by Lemire's multiply-and-reject method:
// one 64-bit word almost always (the rejection probability is below 6^5/2^64).
func uniform(g *rand.PCG, n int) uint64 {
	m := pow6[n]
	hi, lo := bits.Mul64(g.Uint64(), m)
	for lo < lemireMin[n] {
		hi, lo = bits.Mul64(g.Uint64(), m)
	}
	return hi
}

// Throw rolls five dice: one uniform draw and a table lookup.
func Throw(g *rand.PCG) Roll {
	return rollsAfter[keeps[0].offset+uint16(uniform(g, NumDice))]
}

// Reroll keeps k and rolls the other dice: one uniform draw and a table lookup.
func Reroll(g *rand.PCG, k Keep) Roll {
	ki := &keeps[k]
	return rollsAfter[int(ki.offset)+int(uniform(g, NumDice-int(ki.size)))]
}

// MaxRollsPerTurn bounds the number of rolls in a turn that rules may set.
const MaxRollsPerTurn = 5

// TapeLen is the number of dice a turn can use: five for the first roll and five for each reroll.
const TapeLen = NumDice * MaxRollsPerTurn

// Tape is the dice of one turn drawn in advance, so that several strategies can play
// a turn on the same dice (common random numbers): the first roll uses the first five
// dice, and a reroll of n dice takes the next n.
//
// The dice are kept as they are drawn: each roll's five dice as one number in [0, 6^5)
// whose base-6 digits, lowest first, are the dice in tape order. A reroll reads its n dice
// as the n lowest digits of the dice not yet taken (a small buffer, refilled a roll at a
// time), which is the index of the outcome in the table of its keep: no die is handled
// one at a time.
type Tape struct {
	// draws[i] is roll i's five dice, base 6; rolls past those drawn are never read by
	// a turn that keeps to its dice (and the mask of the index keeps any other in range).
	draws [8]uint16
	drawn uint8  // the rolls drawn
	next  uint8  // the next roll of draws to move into rest
	left  uint8  // the dice in rest
	rest  uint32 // the dice not yet taken, base 6, the next one lowest
}

// Draw fills the tape with fresh dice for a turn of at most rolls rolls: one uniform
// draw of five dice per roll.
func (t *Tape) Draw(g *rand.PCG, rolls int) {
	for i := range rolls {
		// uniform(g, NumDice), its rejection (a chance of 2^-51) out of line.
		hi, lo := bits.Mul64(g.Uint64(), pow6[NumDice])
		if lo < lemireMin[NumDice] {
			hi = redraw(g, lo)
		}
		t.draws[i&7] = uint16(hi)
	}
	t.drawn = uint8(rolls)
	t.Rewind()
}

// redraw finishes uniform(g, NumDice) after a first draw rejected for its low word lo.
func redraw(g *rand.PCG, lo uint64) uint64 {
	var hi uint64
	for lo < lemireMin[NumDice] {
		hi, lo = bits.Mul64(g.Uint64(), pow6[NumDice])
	}
	return hi
}

// Rewind makes the tape give the same dice again from the start of the turn.
func (t *Tape) Rewind() { t.next, t.left, t.rest = 0, 0, 0 }

// First returns the first roll of the turn.
func (t *Tape) First() Roll {
	t.next, t.left, t.rest = 1, 0, 0
	return rollsAfter[t.draws[0]] // the outcomes of the empty keep come first
}

// sixPowInverse[n] is 2^40/6^n rounded up: for x < 2^24, x·sixPowInverse[n] >> 40 is
// x/6^n exactly, the error being below 2^-16 and the fraction of x/6^n at most
// 1 − 6^-5.
var sixPowInverse = [8]uint64{1 << 40, (1<<40 + 5) / 6, (1<<40 + 35) / 36, (1<<40 + 215) / 216, (1<<40 + 1295) / 1296, (1<<40 + 7775) / 7776}

// Reroll keeps k and takes the next dice of the tape for the others.
// A turn never uses more dice than Draw drew for it.
func (t *Tape) Reroll(k Keep) Roll {
	kr := rerollOf[k]
	free := uint8(kr>>16) & 7
	if t.left < free {
		// rest holds at most 4 dice: with the next roll's 5, at most 9 (6^9 < 2^24).
		t.rest += uint32(t.draws[t.next&7]) * pow6of32[t.left&7]
		t.left += NumDice
		t.next++
	}
	x := uint64(t.rest)
	q := x * sixPowInverse[free] >> 40 // x / 6^free
	t.rest, t.left = uint32(q), t.left-free
	return rollsAfter[kr&0xffff+uint32(x)-uint32(q)*pow6of32[free]]
}

// pow6of32[n] is 6^n, for the indices masked to 3 bits of a tape.
var pow6of32 = [8]uint32{1, 6, 36, 216, 1296, 7776, 46656, 279936}

// Faces returns the tape's dice (1..6), for records and tests: the dice of the rolls
// drawn, then 0.
func (t *Tape) Faces() [TapeLen]uint8 {
	var f [TapeLen]uint8
	for i := range int(t.drawn) {
		x := t.draws[i]
		for d := range NumDice {
			f[i*NumDice+d] = uint8(x%6) + 1
			x /= 6
		}
	}
	return f
}
