package widget

import (
	"unsafe"

	"yams/engine"
)

// SheetShape is what the memory of a worker's structures depends on: the space of a
// column (of the lane column on a sheet of several), the columns of the sheet, and
// whether the value of ending a turn is the same after every roll (no "sec" column).
type SheetShape struct {
	Space    *Space
	Columns  int
	SameStop bool
}

// ShapeOf returns the shape of a sheet of one column.
func ShapeOf(sp *Space) SheetShape { return SheetShape{sp, 1, sp.SameStop} }

// BoxRows is the number of distinct scores of the boxes of the sheet, over its columns:
// the rows a widget values the boxes in.
func (sh SheetShape) BoxRows() int {
	rows := 0
	for b := range sh.Space.NumBoxes {
		rows += sh.Columns * len(sh.Space.ClassScores[b])
	}
	return rows
}

// WidgetMemory is the memory of a widget of the shape (newWidgetFor): the rows of a turn
// for maxLanes states at once.
func WidgetMemory(sh SheetShape) int64 {
	const s = MaxLanes
	sp := sh.Space
	n := sp.Rolls * NumKeeps * s * 8 // lvl
	if !sh.SameStop {
		n += (sp.Rolls-1)*NumRolls*s*8 + NumRolls*s // stop, boxLast
	}
	n += (sp.Rolls - 1) * (NumRolls*s + 8)               // keep
	n += 2*RollBase*s*8 + max(sh.BoxRows(), 1)*s*8 + s*8 // m, mk, cv, e
	n += NumRolls*s + 8 + NumRolls*s*8                   // box, argf
	return int64(n) + int64(unsafe.Sizeof(Widget{}))
}

// ProductShape returns the shape of a sheet of several columns: its lane column, the
// column whose states a widget lays out in lanes.
func ProductShape(r *engine.Rules) (SheetShape, error) {
	cols, lane, err := columnSpaces(r)
	if err != nil {
		return SheetShape{}, err
	}
	sh := SheetShape{Space: cols[lane], Columns: len(cols), SameStop: true}
	for _, c := range r.Columns() {
		sh.SameStop = sh.SameStop && !c.FirstRollOnly
	}
	return sh, nil
}

// SheetShapeOf returns the shape of the sheet of rules r, of one column or several.
func SheetShapeOf(r *engine.Rules) (SheetShape, error) {
	if len(r.Columns()) > 1 {
		return ProductShape(r)
	}
	sp, err := NewSolverSpace(r)
	if err != nil {
		return SheetShape{}, err
	}
	return ShapeOf(sp), nil
}
