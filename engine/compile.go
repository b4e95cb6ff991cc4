package engine

import (
	"fmt"
	"slices"
	"strings"
)

// compile validates a Spec and builds its score tables. file names it in errors.
func compile(file string, spec Spec) (*Rules, error) {
	c := &compiler{file: file, spec: spec, ids: map[string]int{},
		r: &Rules{spec: spec, rolls: spec.Rolls, yahtzeeBox: -1}}
	if strings.TrimSpace(spec.Name) == "" {
		return nil, c.bad("name", "missing")
	}
	if spec.Rolls < 1 || spec.Rolls > MaxRollsPerTurn {
		return nil, c.bad("rolls", "%d is impossible: want 1 to %d", spec.Rolls, MaxRollsPerTurn)
	}
	if len(spec.Boxes) == 0 {
		return nil, c.bad("boxes", "missing: a sheet needs at least one box")
	}
	if len(spec.Boxes) > MaxBoxes {
		return nil, c.bad("boxes", "%d boxes, at most %d", len(spec.Boxes), MaxBoxes)
	}
	for f := range c.r.faceBox {
		c.r.faceBox[f] = -1
	}
	for i := range spec.Boxes {
		if err := c.box(i); err != nil {
			return nil, err
		}
	}
	// The bonuses and the joker need the boxes; the columns need their number.
	for _, step := range []func() error{c.upperBonus, c.extraYahtzee, c.joker, c.columns} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	c.r.hash = rulesHash(c.r)
	c.r.holdable()
	c.r.layout()
	return c.r, nil
}

// compiler is a rule set being compiled.
type compiler struct {
	file string
	spec Spec
	r    *Rules
	ids  map[string]int // index of each box id seen so far
}

// bad returns the error of a field of the rule file.
func (c *compiler) bad(field, format string, args ...any) error {
	return &ruleError{File: c.file, Field: field, Problem: fmt.Sprintf(format, args...)}
}

// box checks box i and fills its row of the score tables: the kind (boxKinds) says which
// rolls meet the box and which dice count; points and add are the same for every kind.
func (c *compiler) box(i int) error {
	r, b := c.r, &c.spec.Boxes[i]
	field := fmt.Sprintf("boxes[%d]", i)
	if b.ID == "" {
		return c.bad(field+".id", "missing")
	}
	field = fmt.Sprintf("boxes[%d] (%s)", i, b.ID)
	if j, dup := c.ids[b.ID]; dup {
		return c.bad(field+".id", "duplicate id, already boxes[%d]", j)
	}
	c.ids[b.ID] = i
	sec := slices.Index(sectionNames, b.Section)
	if sec < 0 {
		return c.bad(field+".section", "unknown section %q: want upper, middle or lower", b.Section)
	}
	box := Box{ID: b.ID, Label: b.Label, Section: Section(sec), Subtract: b.Subtract}
	if box.Label == "" {
		box.Label = b.ID
	}
	switch b.Add {
	case "", "none", "all", "matching":
	default:
		return c.bad(field+".add", "unknown %q: want none, all or matching", b.Add)
	}
	if b.Points < 0 || b.Points > 1000 {
		return c.bad(field+".points", "%d is impossible: want 0 to 1000", b.Points)
	}
	kind := boxKindNamed(b.Kind)
	if kind == nil {
		return c.bad(field+".kind", "unknown kind %q: want %s", b.Kind, boxKindNames())
	}
	for _, p := range boxParams {
		if p.set(b) && !slices.Contains(kind.params, p.name) {
			return c.bad(field+"."+p.name, "not a field of a %s box", b.Kind)
		}
	}
	pat, err := kind.build(b, func(sub, format string, args ...any) error {
		if sub != "" {
			return c.bad(field+"."+sub, format, args...)
		}
		return c.bad(field, format, args...)
	})
	if err != nil {
		return err
	}
	if pat.face != 0 && box.Section == Upper {
		if r.faceBox[pat.face] >= 0 {
			return c.bad(field+".face", "face %d already counted by %s", pat.face, c.spec.Boxes[r.faceBox[pat.face]].ID)
		}
		r.faceBox[pat.face] = int8(i)
	}
	box.Face = pat.face
	add := b.Add
	if add == "" {
		add = kind.defaultAdd
	}
	points := func(roll Roll) int16 {
		switch add {
		case "all":
			return int16(b.Points + roll.Sum())
		case "matching":
			return int16(b.Points + pat.matching(roll))
		}
		return int16(b.Points)
	}
	for roll := range Roll(NumRolls) {
		if pat.meets(roll) {
			r.score[i][roll] = points(roll)
		}
	}
	// The joker scores five of a kind in a box as if its requirement were met.
	for face := 1; face <= NumFaces; face++ {
		r.jokerScore[i][face] = points(fiveOf(face))
	}
	if box.Section == Upper {
		r.upperMask |= 1 << i
		if box.Subtract {
			return c.bad(field+".subtract", "an upper box cannot be subtracted")
		}
		best := 0
		for roll := range Roll(NumRolls) {
			best = max(best, int(r.score[i][roll]))
		}
		r.maxUpper += best
	}
	r.boxes = append(r.boxes, box)
	return nil
}

func (c *compiler) upperBonus() error {
	r, ub := c.r, c.spec.UpperBonus
	if ub == nil || ub.Points == 0 {
		return nil
	}
	if r.upperMask == 0 {
		return c.bad("upper_bonus", "the sheet has no upper section")
	}
	if ub.Threshold < 1 || ub.Threshold > r.maxUpper {
		return c.bad("upper_bonus.threshold", "%d is impossible: want 1 to %d, the highest upper subtotal", ub.Threshold, r.maxUpper)
	}
	if ub.Points < 0 || ub.Points > 1000 {
		return c.bad("upper_bonus.points", "%d is impossible: want 0 to 1000", ub.Points)
	}
	switch ub.When {
	case "", "complete":
	case "reached":
		r.upperWhenReached = true
	default:
		return c.bad("upper_bonus.when", "unknown %q: want complete or reached", ub.When)
	}
	r.upperThreshold, r.upperPoints = ub.Threshold, ub.Points
	return nil
}

// yahtzeeBox returns the box that field names as the yahtzee box: a five-of-a-kind box,
// the same for the extra bonus and the joker.
func (c *compiler) yahtzeeBox(field, id string) (int, error) {
	i, ok := c.ids[id]
	if !ok {
		return -1, c.bad(field, "names box %q, which the sheet does not have", id)
	}
	if b := c.spec.Boxes[i]; b.Kind != "of_a_kind" || b.Count != NumDice {
		return -1, c.bad(field, "box %q is not a five-of-a-kind box", id)
	}
	if y := c.r.yahtzeeBox; y >= 0 && y != i {
		return -1, c.bad(field, "names box %q, but another field names %q", id, c.spec.Boxes[y].ID)
	}
	return i, nil
}

func (c *compiler) extraYahtzee() error {
	ex := c.spec.ExtraYahtzee
	if ex == nil || ex.Points == 0 {
		return nil
	}
	if ex.Points < 0 || ex.Points > 1000 {
		return c.bad("extra_yahtzee.points", "%d is impossible: want 0 to 1000", ex.Points)
	}
	i, err := c.yahtzeeBox("extra_yahtzee.box", ex.Box)
	if err != nil {
		return err
	}
	c.r.yahtzeeBox, c.r.extraPoints = i, ex.Points
	return nil
}

func (c *compiler) joker() error {
	r, j := c.r, c.spec.Joker
	if j == nil {
		return nil
	}
	switch j.Mode {
	case "", "none":
	case "forced", "free":
		i, err := c.yahtzeeBox("joker.box", j.Box)
		if err != nil {
			return err
		}
		r.yahtzeeBox = i
		r.joker = ForcedJoker
		if j.Mode == "free" {
			r.joker = FreeJoker
		}
		for f := 1; f <= NumFaces; f++ {
			if r.faceBox[f] < 0 {
				return c.bad("joker", "the %s joker needs an upper box for every face; face %d has none", j.Mode, f)
			}
		}
	default:
		return c.bad("joker.mode", "unknown %q: want forced, free or none", j.Mode)
	}
	return nil
}

func (c *compiler) columns() error {
	r, cols := c.r, c.spec.Columns
	if len(cols) == 0 {
		cols = []ColumnSpec{{Order: "free"}}
	}
	if len(cols) > MaxColumns {
		return c.bad("columns", "%d columns, at most %d", len(cols), MaxColumns)
	}
	if len(cols)*len(r.boxes) > MaxSlots {
		return c.bad("columns", "%d columns of %d boxes is more than %d boxes in all", len(cols), len(r.boxes), MaxSlots)
	}
	for i, col := range cols {
		o := slices.Index(orderNames, col.Order)
		if col.Order == "" {
			o = 0
		}
		if o < 0 {
			return c.bad(fmt.Sprintf("columns[%d].order", i), "unknown %q: want free, top_down or bottom_up", col.Order)
		}
		name := col.Name
		if name == "" {
			name = orderNames[o]
			if col.FirstRollOnly {
				name = "sec"
			}
		}
		r.columns = append(r.columns, Column{Name: name, Order: Order(o), FirstRollOnly: col.FirstRollOnly})
	}
	return nil
}

// layout tabulates the sheet's slots for the calls of every decision.
func (r *Rules) layout() {
	nb := len(r.boxes)
	r.numSlots = nb * len(r.columns)
	r.slotsMask = 1<<r.numSlots - 1 // numSlots ≤ MaxSlots; a shift by 64 gives 0, and 0−1 every bit
	for id := range MaxSlots {
		r.slotColumn[id], r.slotBox[id] = uint8(id/nb), uint8(id%nb)
	}
	for b, box := range r.boxes {
		if box.Subtract {
			r.subtractMask |= 1 << b
		}
	}
	free := true
	for _, col := range r.columns {
		free = free && col.Order == FreeOrder && !col.FirstRollOnly
	}
	switch {
	case !free:
		r.openBelow = 0
	case r.joker == ForcedJoker:
		r.openBelow = 1
	default:
		r.openBelow = NumFaces + 1
	}
}

// fiveOf returns the roll of five dice showing face.
func fiveOf(face int) Roll {
	c := [NumFaces]uint8{}
	c[face-1] = NumDice
	return keepCode[countsCode(&c)].Roll()
}
