package engine

import (
	"fmt"
	"math/bits"
)

// BoxID names a box of the sheet: column × NumBoxes + box. On a sheet of one column it is
// the index of the box in the rules.
type BoxID uint8

// Sheet is one player's score sheet: which boxes are filled, with what, and the bonuses.
// It is a value of fixed size: copying it copies the game, and no method allocates.
type Sheet struct {
	rules  *Rules
	filled uint64
	scores [MaxSlots]int16
	upper  [MaxColumns]int16
	extra  int16 // extra five-of-a-kind bonuses earned
	turn   int16
	points int32 // the scores of the boxes, those of subtracted boxes negative
}

// NewSheet returns an empty sheet for the rules.
func NewSheet(r *Rules) Sheet { return Sheet{rules: r} }

// Reset empties the sheet for a new game under the same rules.
func (s *Sheet) Reset() { *s = Sheet{rules: s.rules} }

// Rules returns the rules the sheet is played under.
func (s *Sheet) Rules() *Rules { return s.rules }

// Filled reports whether box id holds a score.
func (s *Sheet) Filled(id BoxID) bool { return s.filled&(1<<id) != 0 }

// FilledMask returns the filled boxes as a bit mask over BoxIDs.
func (s *Sheet) FilledMask() uint64 { return s.filled }

// Score returns the score written in box id (0 if empty).
func (s *Sheet) Score(id BoxID) int { return int(s.scores[id]) }

// Turn returns the number of boxes filled so far, which is the index of the current turn.
func (s *Sheet) Turn() int { return int(s.turn) }

// Done reports whether every box is filled.
func (s *Sheet) Done() bool { return int(s.turn) == s.rules.numSlots }

// Upper returns the upper subtotal of a column.
func (s *Sheet) Upper(column int) int { return int(s.upper[column]) }

// ExtraBonuses returns the number of extra five-of-a-kind bonuses earned.
func (s *Sheet) ExtraBonuses() int { return int(s.extra) }

func (r *Rules) columnBits(filled uint64, c int) uint64 {
	nb := len(r.boxes)
	return (filled >> (c * nb)) & (1<<nb - 1)
}

// yahtzeeFilled reports whether the yahtzee box of column c is filled, and with a non-zero score.
func (s *Sheet) yahtzeeFilled(c int) (filled, scored bool) {
	y := s.rules.yahtzeeBox
	if y < 0 {
		return false, false
	}
	id := c*len(s.rules.boxes) + y
	return s.filled&(1<<id) != 0, s.scores[id] > 0
}

// JokerApplies reports whether a roll scored in box id counts as a joker: a five of a kind
// scored at the fixed values of full house and straights.
func (s *Sheet) JokerApplies(id BoxID, r Roll) bool { return s.rules.JokerApplies(s.filled, id, r) }

// JokerApplies reports whether roll scored in box id counts as a joker on a sheet whose
// filled boxes are filled: the roll is five of a kind, the column's yahtzee box is filled
// and, for the free joker, so is the matching upper box.
func (r *Rules) JokerApplies(filled uint64, id BoxID, roll Roll) bool {
	if r.joker == NoJoker {
		return false
	}
	face := roll.OfAKind()
	if face == 0 {
		return false
	}
	c, _ := r.Split(id)
	return r.jokerIn(filled, c, face)
}

// jokerIn reports whether a five of a kind of face scored in column c counts as a joker.
func (r *Rules) jokerIn(filled uint64, c, face int) bool {
	colBits := r.columnBits(filled, c)
	if colBits&(1<<r.yahtzeeBox) == 0 {
		return false
	}
	return r.joker == ForcedJoker || colBits&(1<<r.faceBox[face]) != 0
}

// Points returns what roll r scores in box id now, the joker applied.
func (s *Sheet) Points(id BoxID, r Roll) int { return s.rules.Points(s.filled, id, r) }

// Points returns what roll scores in box id of a sheet whose filled boxes are filled.
func (r *Rules) Points(filled uint64, id BoxID, roll Roll) int {
	b := r.boxOf(id)
	if face := int(rolls[roll].ofAKind); face != 0 && r.JokerApplies(filled, id, roll) {
		return int(r.jokerScore[b][face])
	}
	return int(r.score[b][roll])
}

// ExtraBonus returns the extra five-of-a-kind bonus that scoring r in box id earns:
// the rules' points if r is five of a kind and the yahtzee box of that column already
// holds a non-zero score, else 0.
func (s *Sheet) ExtraBonus(id BoxID, r Roll) int {
	if s.rules.extraPoints == 0 || r.OfAKind() == 0 {
		return 0
	}
	if _, scored := s.yahtzeeFilled(int(id) / len(s.rules.boxes)); scored {
		return s.rules.extraPoints
	}
	return 0
}

// Legal returns the boxes where a final roll r, reached after rollsUsed rolls, may be
// scored, as a bit mask over BoxIDs. It applies the columns' fill orders, the "sec"
// columns and the forced joker's order. It is empty only when the game is over or when
// every open box is in a column that rollsUsed excludes.
func (s *Sheet) Legal(r Roll, rollsUsed int) uint64 { return s.rules.Legal(s.filled, r, rollsUsed) }

// Legal returns the boxes where roll, reached after rollsUsed rolls, may be scored on a
// sheet whose filled boxes are filled (see Sheet.Legal).
func (r *Rules) Legal(filled uint64, roll Roll, rollsUsed int) uint64 {
	if rolls[roll].ofAKind < r.openBelow {
		return ^filled & r.slotsMask // any open box
	}
	return r.legalByColumn(filled, roll, rollsUsed)
}

// legalByColumn is Legal column by column.
func (r *Rules) legalByColumn(filled uint64, roll Roll, rollsUsed int) uint64 {
	face := roll.OfAKind()
	nb := len(r.boxes)
	var legal uint64
	for c := range r.columns {
		col := &r.columns[c]
		if col.FirstRollOnly && rollsUsed > 1 {
			continue
		}
		colBits := r.columnBits(filled, c)
		open := ^colBits & (1<<nb - 1)
		if open == 0 {
			continue
		}
		switch col.Order {
		case TopDown:
			open &= -open
		case BottomUp:
			open = 1 << (63 - bits.LeadingZeros64(open))
		default:
			if r.joker == ForcedJoker && face != 0 && colBits&(1<<r.yahtzeeBox) != 0 {
				// Seed 000 section 05: the matching upper box if it is empty, else any
				// empty lower box, else an empty upper box (for zero).
				if m := uint64(1) << r.faceBox[face]; open&m != 0 {
					open = m
				} else if lower := open &^ r.upperMask; lower != 0 {
					open = lower
				}
			}
		}
		legal |= open << (c * nb)
	}
	return legal
}

// Fill scores roll r in box id and returns the points written in the box (the extra
// bonus, if any, is counted apart). It does not check legality: see Legal.
func (s *Sheet) Fill(id BoxID, r Roll) int {
	rules := s.rules
	c, b := int(rules.slotColumn[id]), int(rules.slotBox[id])
	pts := int(rules.score[b][r])
	if face := int(rolls[r].ofAKind); face != 0 {
		// Five of a kind: the joker's points, and the extra bonus.
		if rules.joker != NoJoker && rules.jokerIn(s.filled, c, face) {
			pts = int(rules.jokerScore[b][face])
		}
		if s.ExtraBonus(id, r) != 0 {
			s.extra++
		}
	}
	s.filled |= 1 << id
	s.scores[id] = int16(pts)
	if rules.upperMask&(1<<b) != 0 {
		s.upper[c] += int16(pts)
	}
	if rules.subtractMask&(1<<b) != 0 {
		s.points -= int32(pts)
	} else {
		s.points += int32(pts)
	}
	s.turn++
	return pts
}

// UpperComplete reports whether every upper box of a column is filled.
func (s *Sheet) UpperComplete(column int) bool {
	return s.rules.columnBits(s.filled, column)&s.rules.upperMask == s.rules.upperMask
}

// UpperBonus returns the upper bonus of a column as the rules count it now: on a
// partial sheet, "complete" rules count it only once the upper section is full.
func (s *Sheet) UpperBonus(column int) int {
	rules := s.rules
	if rules.upperPoints == 0 || int(s.upper[column]) < rules.upperThreshold {
		return 0
	}
	if !rules.upperWhenReached && !s.UpperComplete(column) {
		return 0
	}
	return rules.upperPoints
}

// SectionTotal returns the total of a section of a column, subtracted boxes counted negatively.
func (s *Sheet) SectionTotal(column int, sec Section) int {
	rules := s.rules
	nb := len(rules.boxes)
	t := 0
	for b := range rules.boxes {
		box := &rules.boxes[b]
		if box.Section != sec {
			continue
		}
		v := int(s.scores[column*nb+b])
		if box.Subtract {
			v = -v
		}
		t += v
	}
	return t
}

// ColumnTotal returns the total of a column: its sections and its upper bonus.
func (s *Sheet) ColumnTotal(column int) int {
	return s.SectionTotal(column, Upper) + s.UpperBonus(column) +
		s.SectionTotal(column, Middle) + s.SectionTotal(column, Lower)
}

// ExtraTotal returns the points of the extra five-of-a-kind bonuses.
func (s *Sheet) ExtraTotal() int { return int(s.extra) * s.rules.extraPoints }

// Total returns the score of the sheet: every column and the extra bonuses.
func (s *Sheet) Total() int {
	t := int(s.points) + s.ExtraTotal()
	for c := range s.rules.columns {
		t += s.UpperBonus(c)
	}
	return t
}

// SheetOf returns the sheet of rules r whose boxes hold scores (scores[id] is the score
// of box id, or −1 when the box is empty) and which has earned extra five-of-a-kind
// bonuses: a sheet told rather than played, as an external bot is told it. It checks that
// each score is one its box can take (the joker's scores included), not that a game
// could have filled the boxes in that order.
func SheetOf(r *Rules, scores []int, extra int) (Sheet, error) {
	s := NewSheet(r)
	if len(scores) != r.NumSlots() {
		return s, fmt.Errorf("%d scores for a sheet of %d boxes", len(scores), r.NumSlots())
	}
	if extra < 0 || (extra > 0 && r.extraPoints == 0) || extra >= r.NumSlots() {
		return s, fmt.Errorf("extra bonuses %d: impossible under rules %s", extra, r.Name())
	}
	for id, v := range scores {
		if v < 0 {
			continue
		}
		c, b := r.Split(BoxID(id))
		if !r.canScore(b, v) {
			return s, fmt.Errorf("box %s cannot hold %d", r.boxes[b].ID, v)
		}
		s.filled |= 1 << id
		s.scores[id] = int16(v)
		if r.upperMask&(1<<b) != 0 {
			s.upper[c] += int16(v)
		}
		if r.subtractMask&(1<<b) != 0 {
			s.points -= int32(v)
		} else {
			s.points += int32(v)
		}
		s.turn++
	}
	// An extra bonus is earned by a box filled with five of a kind once its column's
	// five-of-a-kind box holds a score: at most one per other box filled in such a column.
	if most := s.extraMost(); extra > most {
		y := "five-of-a-kind"
		if r.yahtzeeBox >= 0 {
			y = r.boxes[r.yahtzeeBox].ID
		}
		return s, fmt.Errorf("extra bonuses %d: each is earned by a box filled after a non-zero %s box, in its column: at most %d on this sheet", extra, y, most)
	}
	s.extra = int16(extra)
	return s, nil
}

// extraMost returns the most extra bonuses the filled boxes of the sheet can have earned:
// a box filled after its column's five-of-a-kind box was scored (not zero) each.
func (s *Sheet) extraMost() int {
	r, most := s.rules, 0
	if r.yahtzeeBox < 0 || r.extraPoints == 0 {
		return 0
	}
	for c := range r.columns {
		y := r.Slot(c, r.yahtzeeBox)
		if !s.Filled(y) || s.scores[y] == 0 {
			continue
		}
		for b := range r.boxes {
			if id := r.Slot(c, b); id != y && s.Filled(id) {
				most++
			}
		}
	}
	return most
}

// canScore reports whether box b can hold score v: from some roll, or from a joker.
func (r *Rules) canScore(b, v int) bool {
	h := r.holds[b]
	return v >= 0 && v/64 < len(h) && h[v/64]&(1<<(v%64)) != 0
}
