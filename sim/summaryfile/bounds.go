package summaryfile

import (
	"math"
	"math/bits"
	"unsafe"
	"yams/sim"

	"yams/engine"
)

// sheetBounds are what the rules allow the summary of a strategy to count: the reader
// checks every count of a file against them before it allocates anything from it, so
// that a small file cannot claim histograms of gigabytes, nor a game scored 9999 under
// rules whose maximum is 1575.
type sheetBounds struct {
	rules   *engine.Rules
	columns []string // the labels of the columns (ColumnLabels)
	boxes   []string // the ids of the boxes of a column
	slots   []string // the keys of the boxes in a summary file (Summary.SlotName)
	// yahtzee is the five-of-a-kind box whose scored games the summary counts, or -1.
	yahtzee int
	// scoreLo and scoreHi bound the final score (scoreRange, less the extra bonuses no
	// game can earn).
	scoreLo, scoreHi int
	// boxLo and boxHi bound what a box of a column may hold, jokers included, and
	// boxLeast is the least score above zero it may hold (0 if it holds nothing else).
	boxLo, boxHi, boxLeast []int
	// upper bounds the upper subtotal of a column; extra the extra five-of-a-kind
	// bonuses of a game (0 under rules without them, else a turn per box but the
	// yahtzee box of each column); turns is the number of turns.
	upper, extra, turns int
}

func boundsOf(rules *engine.Rules) *sheetBounds {
	b := &sheetBounds{rules: rules, columns: sim.ColumnLabels(rules), yahtzee: rules.FiveOfAKindBox(), turns: rules.NumSlots(), upper: rules.MaxUpper()}
	b.scoreLo, b.scoreHi = sim.ScoreRange(rules)
	if rules.ExtraPoints() > 0 {
		// A box earns the extra bonus once the yahtzee box of its column holds a score,
		// so the turn that fills the yahtzee box of a column earns none: scoreRange
		// counts one extra bonus per box, one per column too many.
		cols := len(rules.Columns())
		b.extra = rules.NumSlots() - cols
		b.scoreHi -= cols * rules.ExtraPoints()
	}
	for i, box := range rules.Boxes() {
		b.boxes = append(b.boxes, box.ID)
		lo, hi, least := math.MaxInt, 0, 0
		seen := func(v int) {
			lo, hi = min(lo, v), max(hi, v)
			if v > 0 && (least == 0 || v < least) {
				least = v
			}
		}
		for r := range engine.Roll(engine.NumRolls) {
			seen(rules.Score(i, r))
		}
		if rules.Joker() != engine.NoJoker {
			for f := 1; f <= engine.NumFaces; f++ {
				seen(rules.JokerScore(i, f))
			}
		}
		b.boxLo, b.boxHi, b.boxLeast = append(b.boxLo, lo), append(b.boxHi, hi), append(b.boxLeast, least)
	}
	for id := range rules.NumSlots() {
		if len(b.columns) == 1 {
			b.slots = append(b.slots, b.boxes[id])
		} else {
			b.slots = append(b.slots, b.columns[id/len(b.boxes)]+"."+b.boxes[id%len(b.boxes)])
		}
	}
	return b
}

// summaryBytes bounds the memory that the counts of one strategy take once read: the
// Summary, its histograms at their widest under the rules, and its boxes.
func (b *sheetBounds) summaryBytes() int {
	const word = int(unsafe.Sizeof(int64(0)))
	cells := (b.scoreHi - b.scoreLo + 1) + len(b.columns)*(b.upper+1) + (b.extra + 1) + len(b.slots)*b.turns
	return int(unsafe.Sizeof(sim.Summary{})) + len(b.columns)*int(unsafe.Sizeof(sim.Histogram{})+unsafe.Sizeof(int64(0))) +
		len(b.slots)*int(unsafe.Sizeof(sim.SlotCounts{})) + word*cells
}

// hasUpperBonus reports whether the columns may earn an upper bonus.
func (b *sheetBounds) hasUpperBonus() bool { return b.rules.UpperPoints() > 0 }

// isUpper reports whether box i of a column counts in the upper subtotal.
func (b *sheetBounds) isUpper(i int) bool { return b.rules.IsUpper(i) }

// sign is −1 for a box subtracted from the total, else 1.
func (b *sheetBounds) sign(i int) int64 {
	if b.rules.Boxes()[i].Subtract {
		return -1
	}
	return 1
}

// scaledWithin reports whether lo·n ≤ v ≤ hi·n, for n ≥ 0, without overflow: the sum of
// n values each within lo..hi is within these bounds.
func scaledWithin(v int64, lo, hi int, n int64) bool {
	if n == 0 {
		return v == 0
	}
	// v ≥ lo·n ⟺ ⌊v/n⌋ ≥ lo, and v ≤ hi·n ⟺ ⌈v/n⌉ ≤ hi: no product is formed.
	q, r := v/n, v%n
	floor, ceil := q, q
	if r < 0 {
		floor--
	} else if r > 0 {
		ceil++
	}
	return floor >= int64(lo) && ceil <= int64(hi)
}

// squaresWithin reports whether q ≤ m²·n, the most that n squares of values within ±m
// add up to.
func squaresWithin(q sim.Uint128, m int, n int64) bool {
	hi, lo := bits.Mul64(uint64(m)*uint64(m), uint64(n)) // m < 2^21 and n < 2^63: no overflow
	return q.Hi < hi || (q.Hi == hi && q.Lo <= lo)
}
