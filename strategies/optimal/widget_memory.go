package optimal

import (
	"unsafe"
	"yams/engine"
)

// sheetShape is what the memory of a worker's structures depends on: the space of a
// column (of the lane column on a sheet of several), the columns of the sheet, and
// whether the value of ending a turn is the same after every roll (no "sec" column).
type sheetShape struct {
	sp       *space
	columns  int
	sameStop bool
}

// shapeOf returns the shape of a sheet of one column.
func shapeOf(sp *space) sheetShape { return sheetShape{sp, 1, sp.sameStop} }

// boxRows is the number of distinct scores of the boxes of the sheet, over its columns:
// the rows a widget values the boxes in.
func (sh sheetShape) boxRows() int {
	rows := 0
	for b := range sh.sp.nb {
		rows += sh.columns * len(sh.sp.clsScore[b])
	}
	return rows
}

// widgetMemory is the memory of a widget of the shape (newWidgetFor): the rows of a turn
// for maxLanes states at once.
func widgetMemory(sh sheetShape) int64 {
	const s = maxLanes
	sp := sh.sp
	n := sp.rolls * numKeeps * s * 8 // lvl
	if !sh.sameStop {
		n += (sp.rolls-1)*numRolls*s*8 + numRolls*s // stop, boxLast
	}
	n += (sp.rolls - 1) * (numRolls*s + 8)               // keep
	n += 2*rollBase*s*8 + max(sh.boxRows(), 1)*s*8 + s*8 // m, mk, cv, e
	n += numRolls*s + 8 + numRolls*s*8                   // box, argf
	return int64(n) + int64(unsafe.Sizeof(widget{}))
}

// productShape returns the shape of a sheet of several columns: its lane column, the
// column whose states a widget lays out in lanes.
func productShape(r *engine.Rules) (sheetShape, error) {
	cols, lane, err := columnSpaces(r)
	if err != nil {
		return sheetShape{}, err
	}
	sh := sheetShape{sp: cols[lane], columns: len(cols), sameStop: true}
	for _, c := range r.Columns() {
		sh.sameStop = sh.sameStop && !c.FirstRollOnly
	}
	return sh, nil
}

// sheetShapeOf returns the shape of the sheet of rules r, of one column or several.
func sheetShapeOf(r *engine.Rules) (sheetShape, error) {
	if len(r.Columns()) > 1 {
		return productShape(r)
	}
	sp, err := newSolverSpace(r)
	if err != nil {
		return sheetShape{}, err
	}
	return shapeOf(sp), nil
}
