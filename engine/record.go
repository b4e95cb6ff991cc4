package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Record is a game as written in a game record file.
//
//	{"rules": "hasbro",
//	 "turns": [
//	   {"rolls": [[2,2,4,5,6], [2,2,2,5,6], [2,2,2,2,5]], "keeps": [[2,2], [2,2,2]], "box": "twos"},
//	   {"dice": [6,6,6,6,6], "box": "yahtzee"}
//	 ]}
//
// Rules is a preset or the path of a rule file, and options (a list of "key=value" strings
// or an object, see Options) change it. A turn gives either its final roll alone (dice) or
// every roll (rolls), with optionally the dice kept before each reroll (keeps). On a sheet
// of several columns each turn names its column, by index or by name.
type Record struct {
	Rules   string       `json:"rules"`
	Options Options      `json:"options,omitempty"`
	Turns   []RecordTurn `json:"turns"`
}

// RecordTurn is one turn of a Record.
type RecordTurn struct {
	Dice   []int           `json:"dice,omitempty"`
	Rolls  [][]int         `json:"rolls,omitempty"`
	Keeps  [][]int         `json:"keeps,omitempty"`
	Box    string          `json:"box"`
	Column json.RawMessage `json:"column,omitempty"`
}

// RecordError is a record that breaks the rules or cannot be read. Turn is 1-based; 0
// means the record as a whole.
type RecordError struct {
	Turn    int
	Problem string
}

func (e *RecordError) Error() string {
	if e.Turn == 0 {
		return e.Problem
	}
	return fmt.Sprintf("turn %d: %s", e.Turn, e.Problem)
}

// ParseRecord reads a game record. It checks the JSON, not the rules: see Replay. A UTF-8
// byte order mark at its start, which some editors on Windows write, is skipped, as in a
// rule file.
func ParseRecord(data []byte) (*Record, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, &RecordError{Problem: jsonProblem(data, err)}
	}
	if dec.More() {
		return nil, &RecordError{Problem: "data after the JSON object"}
	}
	return &rec, nil
}

// TurnResult is what one turn of a replayed record scored.
type TurnResult struct {
	Box       BoxID
	Roll      Roll
	RollsUsed int // 0 when the record gives the final dice alone
	Points    int // written in the box
	Bonus     int // extra five-of-a-kind bonus earned
	Joker     bool
}

// Replay checks a record turn by turn against rules and returns the sheet it fills and
// what each turn scored. The first rule broken is returned as a *RecordError.
func Replay(rec *Record, rules *Rules) (Sheet, []TurnResult, error) {
	sheet := NewSheet(rules)
	results := make([]TurnResult, 0, len(rec.Turns))
	for i, t := range rec.Turns {
		fail := func(format string, args ...any) (Sheet, []TurnResult, error) {
			return sheet, results, &RecordError{Turn: i + 1, Problem: fmt.Sprintf(format, args...)}
		}
		if i >= rules.NumSlots() {
			return fail("more turns than the %d boxes of the sheet", rules.NumSlots())
		}
		final, used, err := checkRolls(t, rules)
		if err != nil {
			return fail("%s", err)
		}
		col, err := recordColumn(t.Column, rules)
		if err != nil {
			return fail("%s", err)
		}
		b := rules.BoxIndex(t.Box)
		if b < 0 {
			if t.Box == "" {
				return fail("no box given")
			}
			return fail("unknown box %q (these rules have %s)", t.Box, boxIDs(rules))
		}
		id := rules.Slot(col, b)
		colName := ""
		if len(rules.columns) > 1 {
			colName = fmt.Sprintf(" of column %d (%s)", col, rules.columns[col].Name)
		}
		if sheet.Filled(id) {
			return fail("box %q%s is already filled", t.Box, colName)
		}
		if rules.columns[col].FirstRollOnly && used != 1 {
			if used == 0 {
				return fail("column %d (%s) takes only a first-roll result: give the turn's rolls to show it", col, rules.columns[col].Name)
			}
			return fail("column %d (%s) takes only a first-roll result, this one came after %d rolls", col, rules.columns[col].Name, used)
		}
		if sheet.Legal(final, max(used, 1))&(1<<id) == 0 {
			return fail("%s", illegalReason(&sheet, id, final))
		}
		res := TurnResult{Box: id, Roll: final, RollsUsed: used, Bonus: sheet.ExtraBonus(id, final), Joker: sheet.JokerApplies(id, final)}
		res.Points = sheet.Fill(id, final)
		results = append(results, res)
	}
	return sheet, results, nil
}

func boxIDs(r *Rules) string {
	ids := make([]string, len(r.boxes))
	for i, b := range r.boxes {
		ids[i] = b.ID
	}
	return strings.Join(ids, ", ")
}

// illegalReason explains why Legal refused a box that is open.
func illegalReason(s *Sheet, id BoxID, r Roll) string {
	rules := s.rules
	c, b := rules.Split(id)
	col := rules.columns[c]
	switch col.Order {
	case TopDown, BottomUp:
		next := s.Legal(r, 1) >> (c * len(rules.boxes)) & (1<<len(rules.boxes) - 1)
		for nb := range rules.boxes {
			if next&(1<<nb) != 0 {
				return fmt.Sprintf("column %d is filled %s: the next box is %q, not %q", c, col.Order, rules.boxes[nb].ID, rules.boxes[b].ID)
			}
		}
	}
	face := r.OfAKind()
	if rules.joker == ForcedJoker && face != 0 {
		fb := rules.faceBox[face]
		if !s.Filled(rules.Slot(c, int(fb))) {
			return fmt.Sprintf("forced joker: five %ds must go in the empty %q box, not %q", face, rules.boxes[fb].ID, rules.boxes[b].ID)
		}
		return fmt.Sprintf("forced joker: %q is filled, so five %ds go in an empty lower box while one is left, not in %q", rules.boxes[fb].ID, face, rules.boxes[b].ID)
	}
	return fmt.Sprintf("box %q may not take %s here", rules.boxes[b].ID, r)
}

// checkRolls returns the final roll of a turn and the number of rolls it used (0 if the
// record gives the final dice alone).
func checkRolls(t RecordTurn, rules *Rules) (Roll, int, error) {
	five := func(what string, dice []int) (Roll, error) {
		if len(dice) != NumDice {
			return 0, fmt.Errorf("%s has %d dice, want 5", what, len(dice))
		}
		for _, d := range dice {
			if d < 1 || d > NumFaces {
				return 0, fmt.Errorf("%s has a die of %d, outside 1..6", what, d)
			}
		}
		r, _ := RollOf(dice)
		return r, nil
	}
	switch {
	case t.Dice != nil && t.Rolls != nil:
		return 0, 0, fmt.Errorf("give dice or rolls, not both")
	case t.Dice != nil:
		if t.Keeps != nil {
			return 0, 0, fmt.Errorf("keeps need rolls, not dice")
		}
		r, err := five("dice", t.Dice)
		return r, 0, err
	case t.Rolls == nil:
		return 0, 0, fmt.Errorf("no dice: give dice (the final roll) or rolls")
	}
	n := len(t.Rolls)
	if n == 0 {
		return 0, 0, fmt.Errorf("rolls is empty")
	}
	if n > rules.rolls {
		return 0, 0, fmt.Errorf("%d rolls, these rules allow %d", n, rules.rolls)
	}
	if t.Keeps != nil && len(t.Keeps) != n-1 {
		return 0, 0, fmt.Errorf("%d keeps for %d rerolls: want one keep per reroll", len(t.Keeps), n-1)
	}
	var prev Roll
	for j, dice := range t.Rolls {
		r, err := five(fmt.Sprintf("roll %d", j+1), dice)
		if err != nil {
			return 0, 0, err
		}
		if j > 0 && t.Keeps != nil {
			kd := t.Keeps[j-1]
			for _, d := range kd {
				if d < 1 || d > NumFaces {
					return 0, 0, fmt.Errorf("keep %d has a die of %d, outside 1..6", j, d)
				}
			}
			k, ok := KeepOf(kd)
			switch {
			case !ok:
				return 0, 0, fmt.Errorf("keep %d has %d dice, at most 5", j, len(kd))
			case k.IsRoll():
				return 0, 0, fmt.Errorf("keep %d holds all five dice, which ends the turn: no roll %d", j, j+1)
			case !k.Within(prev):
				return 0, 0, fmt.Errorf("keep %d (%s) is not part of roll %d (%s)", j, k, j, prev)
			case !k.Within(r):
				return 0, 0, fmt.Errorf("keep %d (%s) is not part of roll %d (%s)", j, k, j+1, r)
			}
		}
		prev = r
	}
	return prev, n, nil
}

func recordColumn(raw json.RawMessage, rules *Rules) (int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		if len(rules.columns) > 1 {
			return 0, fmt.Errorf("the sheet has %d columns: name the column", len(rules.columns))
		}
		return 0, nil
	}
	var name string
	if err := json.Unmarshal(raw, &name); err == nil {
		found := -1
		for i, c := range rules.columns {
			if c.Name == name {
				if found >= 0 {
					return 0, fmt.Errorf("two columns are named %q: give the column's index", name)
				}
				found = i
			}
		}
		if found < 0 {
			return 0, fmt.Errorf("unknown column %q", name)
		}
		return found, nil
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil || n < 0 || n >= len(rules.columns) {
		return 0, fmt.Errorf("column %s: want a column name or an index from 0 to %d", raw, len(rules.columns)-1)
	}
	return n, nil
}
