package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
)

// Limits of a sheet. A game has at most MaxSlots boxes over all its columns, so that
// the filled boxes fit in one 64-bit mask.
const (
	MaxBoxes   = 16
	MaxColumns = 8
	MaxSlots   = 64
)

// Section of a box.
type Section uint8

const (
	Upper Section = iota
	Middle
	Lower
)

var sectionNames = []string{"upper", "middle", "lower"}

func (s Section) String() string { return sectionNames[s] }

// Order in which a column is filled.
type Order uint8

const (
	FreeOrder Order = iota
	TopDown
	BottomUp
)

var orderNames = []string{"free", "top_down", "bottom_up"}

func (o Order) String() string { return orderNames[o] }

// JokerMode is how five of a kind is placed once the yahtzee box is filled.
type JokerMode uint8

const (
	NoJoker JokerMode = iota
	ForcedJoker
	FreeJoker
)

var jokerNames = []string{"none", "forced", "free"}

func (j JokerMode) String() string { return jokerNames[j] }

// Box is a compiled box.
type Box struct {
	ID       string
	Label    string // the label for display in English (the id when the rule file gives none)
	Section  Section
	Face     int // face counted by a face box, else 0
	Subtract bool
}

// Column is a compiled column.
type Column struct {
	Name          string
	Order         Order
	FirstRollOnly bool
}

// Rules is a validated, compiled rule set: the boxes, the bonuses, the joker, and the
// score tables every scoring call looks up. A Rules is immutable and safe to share.
type Rules struct {
	spec    Spec
	hash    string
	boxes   []Box
	columns []Column

	rolls            int
	upperThreshold   int
	upperPoints      int
	upperWhenReached bool
	extraPoints      int
	joker            JokerMode
	yahtzeeBox       int

	upperMask uint64 // boxes of the upper section (box bits, one column)
	// The layout of the sheet, for the calls of every decision: the number of slots,
	// all of them as a mask, the box and column of every BoxID below MaxSlots (a
	// lookup, not a division), the boxes
	// counted negatively (box bits), and for which rolls the open slots are the legal
	// ones: those whose OfAKind is below openBelow (1 when every column takes any
	// box but for the forced joker's order, 7 when they take any, 0 otherwise).
	numSlots     int
	slotsMask    uint64
	slotBox      [MaxSlots]uint8
	slotColumn   [MaxSlots]uint8
	subtractMask uint64
	openBelow    uint8
	faceBox      [NumFaces + 1]int8
	score        [MaxBoxes][NumRolls]int16
	jokerScore   [MaxBoxes][NumFaces + 1]int16
	maxUpper     int
	// holds[b] has bit v set when box b can hold score v (the joker's included).
	holds [MaxBoxes][]uint64
}

// holdable marks the scores each box can hold.
func (r *Rules) holdable() {
	for b := range r.boxes {
		scores := slices.Clone(r.score[b][:])
		if r.joker != NoJoker {
			scores = append(scores, r.jokerScore[b][1:]...)
		}
		h := make([]uint64, int(slices.Max(scores))/64+1)
		for _, v := range scores {
			h[v/64] |= 1 << (v % 64)
		}
		r.holds[b] = h
	}
}

// Rolls returns the number of rolls in a turn.
func (r *Rules) Rolls() int { return r.rolls }

// UpperThreshold returns the upper subtotal that earns the upper bonus.
func (r *Rules) UpperThreshold() int { return r.upperThreshold }

// UpperPoints returns the points of the upper bonus, 0 when the rules have none.
func (r *Rules) UpperPoints() int { return r.upperPoints }

// UpperWhenReached reports whether the upper bonus counts as soon as the threshold is
// reached rather than once the upper section is complete.
func (r *Rules) UpperWhenReached() bool { return r.upperWhenReached }

// ExtraPoints returns the points of each extra five of a kind, 0 without the bonus.
func (r *Rules) ExtraPoints() int { return r.extraPoints }

// Joker returns how five of a kind is placed once the yahtzee box is filled.
func (r *Rules) Joker() JokerMode { return r.joker }

// YahtzeeBox returns the box of the joker and the extra bonus, or -1.
func (r *Rules) YahtzeeBox() int { return r.yahtzeeBox }

// Spec returns the rule file this Rules was compiled from, options applied.
func (r *Rules) Spec() Spec { return r.spec }

// Name returns the name of the rule set.
func (r *Rules) Name() string { return r.spec.Name }

// Hash identifies the rules of play: two rule sets with the same hash play and score
// alike (names, labels and titles are left out).
func (r *Rules) Hash() string { return r.hash }

// Boxes returns the boxes of one column.
func (r *Rules) Boxes() []Box { return r.boxes }

// NumBoxes returns the number of boxes in one column.
func (r *Rules) NumBoxes() int { return len(r.boxes) }

// Columns returns the columns of the sheet.
func (r *Rules) Columns() []Column { return r.columns }

// NumSlots returns the number of boxes of the whole sheet, that is the number of turns of a game.
func (r *Rules) NumSlots() int { return r.numSlots }

// Slot returns the BoxID of box b in column c.
func (r *Rules) Slot(column, box int) BoxID { return BoxID(column*len(r.boxes) + box) }

// Split returns the column and box of a slot.
func (r *Rules) Split(id BoxID) (column, box int) {
	if id >= MaxSlots {
		return int(id) / len(r.boxes), int(id) % len(r.boxes)
	}
	return int(r.slotColumn[id]), int(r.slotBox[id])
}

// boxOf returns the box of slot id, as Split does.
func (r *Rules) boxOf(id BoxID) int {
	if id >= MaxSlots {
		return int(id) % len(r.boxes)
	}
	return int(r.slotBox[id])
}

// BoxIndex returns the index of the box with the given id, or -1.
func (r *Rules) BoxIndex(id string) int {
	for i, b := range r.boxes {
		if b.ID == id {
			return i
		}
	}
	return -1
}

// Score returns what roll r scores in box b outside any joker.
func (r *Rules) Score(box int, roll Roll) int { return int(r.score[box][roll]) }

// JokerScore returns what a five of a kind of face scores in box b when the joker applies.
func (r *Rules) JokerScore(box int, face int) int { return int(r.jokerScore[box][face]) }

// IsUpper reports whether box b is in the upper section.
func (r *Rules) IsUpper(box int) bool { return r.upperMask&(1<<box) != 0 }

// MaxUpper returns the highest possible upper subtotal of a column.
func (r *Rules) MaxUpper() int { return r.maxUpper }

// rulesHash hashes what decides play and scoring: the score tables, the bonuses,
// the joker, the rolls and the columns.
func rulesHash(r *Rules) string {
	h := sha256.New()
	fmt.Fprintf(h, "yams-rules-v1 rolls=%d upper=%d/%d/%v extra=%d joker=%d ybox=%d boxes=%d\n",
		r.rolls, r.upperThreshold, r.upperPoints, r.upperWhenReached, r.extraPoints, r.joker, r.yahtzeeBox, len(r.boxes))
	for i, b := range r.boxes {
		fmt.Fprintf(h, "%d %d %v %v %v\n", i, b.Section, b.Face, b.Subtract, r.score[i])
		fmt.Fprintf(h, "%v\n", r.jokerScore[i])
	}
	for _, c := range r.columns {
		fmt.Fprintf(h, "col %d %v\n", c.Order, c.FirstRollOnly)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// JSON returns the rule file of r, indented, as a user would copy and edit it.
func (r *Rules) JSON() []byte {
	b, err := json.MarshalIndent(r.spec, "", "  ")
	if err != nil {
		panic(err) // a Spec always marshals
	}
	return append(b, '\n')
}

// FiveOfAKindBox returns the box that takes five of a kind: the box of the joker and the
// extra bonus or, in rules with neither, the first of_a_kind box of five dice (the
// yahtzee, Yam's or Yatzy box); -1 if the sheet has none. Reports count its scored games.
func (r *Rules) FiveOfAKindBox() int {
	if r.yahtzeeBox >= 0 {
		return r.yahtzeeBox
	}
	for i, b := range r.spec.Boxes {
		if b.Kind == "of_a_kind" && b.Count == NumDice {
			return i
		}
	}
	return -1
}

// ColumnRules returns the rules of column c played alone: the same boxes, bonuses, joker
// and rolls on a sheet of that one column (its fill order, its "sec" rule). A sheet of
// several columns scores each column as that column alone would (the upper bonus, the
// joker and the extra bonus look at the column's own boxes), so a column's exact table is
// the table of these rules. On a sheet of one column it returns r itself.
func (r *Rules) ColumnRules(c int) (*Rules, error) {
	if len(r.columns) == 1 && c == 0 {
		return r, nil
	}
	if c < 0 || c >= len(r.columns) {
		return nil, fmt.Errorf("rules %s have no column %d", r.Name(), c)
	}
	spec := r.spec
	spec.Boxes = slices.Clone(spec.Boxes)
	col := r.columns[c]
	spec.Name = r.Name() + " (column " + col.Name + ")"
	spec.Columns = []ColumnSpec{{Name: col.Name, Order: orderNames[col.Order], FirstRollOnly: col.FirstRollOnly}}
	return compile(r.Name()+" column "+col.Name, spec)
}

// SlotsMask returns every box of the sheet as a mask over BoxIDs.
func (r *Rules) SlotsMask() uint64 { return r.slotsMask }
