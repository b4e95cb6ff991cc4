package widget

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"yams/engine"
	"yams/internal/memlimit"
)

// Product is the state space of a sheet of several columns. The columns of a sheet are
// scored apart (each has its own upper bonus, and the joker and the extra bonus look at
// the column's own yahtzee box: engine.Rules.ColumnRules), so a turn-start state is the
// tuple of the columns' states, each a state of the column played alone, and nothing
// else: the columns are coupled by the turns alone, each turn filling one box of one
// column, chosen once the dice are seen.
//
// One column, the lane column, lays its states out as a one-column table does (a row of
// subtotals per mask and flag): a widget works out the subtotals of a row at once, as
// for one column, while the other columns' states stay the same across the lanes. The
// states of the other columns are numbered compactly (their reachable states only) and
// together make the outer number o of a state; the value of state (o, mask, u, f) is
// v[o·nLane + lane.index(mask, u, f)]. Scoring in the lane column moves within the block
// of o as a one-column turn does; scoring in another column c moves to the block of
// another outer number, at the same lane state.
type Product struct {
	Rules    *engine.Rules
	Cols     []*Space // col[c]: column c played alone
	Lane     int
	NumBoxes int
	Rolls    int
	// sameStop: no column takes first rolls only, so the value of ending a turn does not
	// depend on the roll number.
	sameStop bool
	// For the other columns: ord[c][i] is the number of column c's state i among its
	// reachable states (−1 for the others), states[c][n] the state of number n, and the
	// outer number is the sum of ord × stride[c] (stride[lane] is 0).
	ord    [][]int32
	states [][]int32
	stride []int
	count  []int // reachable states of each column
	nOuter int
	nLane  int
	// byFilled[k] lists the outer numbers whose columns have k boxes filled in all.
	byFilled [][]int32
}

// ProductSize returns the number of values the exact table of a sheet of several columns
// takes (the lane column laid out by rows, the others by reachable states), and the
// reachable states, without building the tables: counting needs each column's space only.
func ProductSize(r *engine.Rules) (values, states float64, err error) {
	return ProductSizeOf(r, NewSolverSpace)
}

// ProductSizeOf is productSize with the columns' spaces made by newCol.
func ProductSizeOf(r *engine.Rules, newCol func(*engine.Rules) (*Space, error)) (values, states float64, err error) {
	cols, lane, err := columnSpacesOf(r, newCol)
	if err != nil {
		return 0, 0, err
	}
	values, states = 1, 1
	for c, sp := range cols {
		n := float64(sp.CountStates())
		states *= n
		if c == lane {
			values *= float64(sp.NumStates())
		} else {
			values *= n
		}
	}
	return values, states, nil
}

// columnSpaces returns the spaces of the columns of r, each played alone, as the solver
// lays them out, and the lane column: the one with the most states per group of a widget
// (the most states, the first of equals).
func columnSpaces(r *engine.Rules) ([]*Space, int, error) { return columnSpacesOf(r, NewSolverSpace) }

// ExactSpace returns the space of one column with the exact upper subtotal, as the exact
// analysis of a strategy other than optimal walks it.
func ExactSpace(r *engine.Rules) (*Space, error) { return NewSpace(r, r.MaxUpper(), false) }

// columnSpacesOf is columnSpaces with the columns' spaces made by newCol.
func columnSpacesOf(r *engine.Rules, newCol func(*engine.Rules) (*Space, error)) ([]*Space, int, error) {
	var cols []*Space
	lane, most := 0, -1
	byHash := map[string]*Space{}
	for c := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, 0, err
		}
		sp := byHash[cr.Hash()]
		if sp == nil {
			if sp, err = newCol(cr); err != nil {
				return nil, 0, err
			}
			byHash[cr.Hash()] = sp
		}
		cols = append(cols, sp)
		if n := sp.CountStates(); n > most {
			lane, most = c, n
		}
	}
	return cols, lane, nil
}

// ProductMemory is the memory the exact optimal strategy of a sheet of several columns
// takes: its values (8 bytes each), a solve's widgets, and room for the turn caches of
// play.
func ProductMemory(values float64) int64 {
	if values > 1<<58 {
		return 1 << 62
	}
	return memlimit.Sum(memlimit.Mul(int64(values), 8), 64<<20)
}

// productWhat names the exact optimal strategy of a sheet of several columns in errors.
func productWhat(r *engine.Rules) string {
	return fmt.Sprintf("the exact optimal strategy of rules %s (%d columns: its table)", r.Name(), len(r.Columns()))
}

// CheckProductMemory refuses the exact solve of a sheet of several columns whose table
// would take more than the memory limit, before anything of it is allocated.
func CheckProductMemory(r *engine.Rules) error {
	_, _, err := ProductTable(r)
	return err
}

// ProductTable returns the values of the table of the exact solve of a sheet of several
// columns and the bytes it takes (ProductMemory), refusing as CheckProductMemory a table
// that would not fit.
func ProductTable(r *engine.Rules) (values float64, bytes int64, err error) {
	values, states, err := ProductSize(r)
	if err != nil {
		return 0, 0, err
	}
	bytes = ProductMemory(values)
	if err := memlimit.Check(productWhat(r), bytes); err != nil {
		var me *memlimit.Error
		if errors.As(err, &me) {
			return 0, 0, &ColumnsError{Memory: *me, Rules: r.Name(), Columns: len(r.Columns()), States: states}
		}
		return 0, 0, err
	}
	return values, bytes, nil
}

// ColumnsError is a sheet of several columns whose exact solve would not fit in memory:
// the product of its columns' states is too large. Its message gives the number of
// states and what they would take.
type ColumnsError struct {
	Memory  memlimit.Error
	Rules   string
	Columns int
	States  float64
}

func (e *ColumnsError) Error() string {
	need := memlimit.Format(e.Memory.Need)
	if e.Memory.Need >= 1<<50 {
		need = statesWord(float64(e.Memory.Need)/(1<<30)) + " GiB"
	}
	return fmt.Sprintf("no exact solve of rules %s: its %d columns make %s turn-start states, whose table would take about %s of memory, more than the limit of %s (raise it with --max-memory MiB, or play the sheet with a strategy that needs no exact solve: column-tables)",
		e.Rules, e.Columns, statesWord(e.States), need, memlimit.Format(e.Memory.Limit))
}

func (e *ColumnsError) Unwrap() []error { return []error{&e.Memory, ErrColumns} }

// statesWord writes a count: in full below a billion, else as a power of ten.
func statesWord(n float64) string {
	if n < 1e9 {
		return groupThousands(int64(n))
	}
	e := math.Floor(math.Log10(n))
	return fmt.Sprintf("%.1f·10^%d", n/math.Pow(10, e), int(e))
}

// groupThousands writes n with its thousands separated by commas.
func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// NewProduct builds the state space of a sheet of several columns. The caller has
// checked its memory (checkProductMemory).
func NewProduct(r *engine.Rules) (*Product, error) { return NewProductOf(r, NewSolverSpace) }

// NewProductOf is newProduct with the columns' spaces made by newCol.
func NewProductOf(r *engine.Rules, newCol func(*engine.Rules) (*Space, error)) (*Product, error) {
	cols, lane, err := columnSpacesOf(r, newCol)
	if err != nil {
		return nil, err
	}
	pc := &Product{Rules: r, Cols: cols, Lane: lane, NumBoxes: r.NumBoxes(), Rolls: r.Rolls(), sameStop: true, nOuter: 1}
	for _, c := range r.Columns() {
		if c.FirstRollOnly {
			pc.sameStop = false
		}
	}
	n := len(cols)
	pc.ord, pc.states = make([][]int32, n), make([][]int32, n)
	pc.stride, pc.count = make([]int, n), make([]int, n)
	maxFilled := 0
	for c, sp := range cols {
		pc.count[c] = sp.CountStates()
		if c == lane {
			pc.nLane = sp.NumStates()
			continue
		}
		maxFilled += sp.NumBoxes
		pc.ord[c] = make([]int32, sp.NumStates())
		for i := range pc.ord[c] {
			pc.ord[c][i] = -1
		}
		sp.EachState(func(i int) {
			pc.ord[c][i] = int32(len(pc.states[c]))
			pc.states[c] = append(pc.states[c], int32(i))
		})
		pc.stride[c] = pc.nOuter
		pc.nOuter *= pc.count[c]
	}
	pc.byFilled = make([][]int32, maxFilled+1)
	for o := range pc.nOuter {
		k := 0
		for c := range cols {
			if c != lane {
				mask, _, _ := pc.outerState(c, o)
				k += bits.OnesCount32(mask)
			}
		}
		pc.byFilled[k] = append(pc.byFilled[k], int32(o))
	}
	return pc, nil
}

// outerState returns the state of column c (not the lane column) in outer number o.
func (pc *Product) outerState(c, o int) (mask uint32, u, f int) {
	n := o / pc.stride[c] % pc.count[c]
	return pc.Cols[c].Split(int(pc.states[c][n]))
}

// NumStates is the size of the table of values: every outer number times the lane
// column's rows.
func (pc *Product) NumStates() int { return pc.nOuter * pc.nLane }

// CountStates returns the number of turn-start states games reach.
func (pc *Product) CountStates() int { return pc.nOuter * pc.count[pc.Lane] }

// LaneSpace returns the space of the lane column.
func (pc *Product) LaneSpace() *Space { return pc.Cols[pc.Lane] }

// Index returns the index of state (o, mask, u, f) in the table: o the outer number, the
// rest the lane column's state.
func (pc *Product) Index(o int, mask uint32, u, f int) int {
	return o*pc.nLane + pc.LaneSpace().Index(mask, u, f)
}

// EachState calls f with the index of every state games reach, outer number after outer
// number, and in each the lane column's states as a one-column table orders them.
func (pc *Product) EachState(f func(i int)) {
	ls := pc.LaneSpace()
	for o := range pc.nOuter {
		base := o * pc.nLane
		ls.EachState(func(i int) { f(base + i) })
	}
}

// outerMask returns the filled slots of the other columns than the lane column in outer
// number o, as a mask over the sheet's BoxIDs.
func (pc *Product) outerMask(o int) uint64 {
	var m uint64
	for c := range pc.Cols {
		if c != pc.Lane {
			mask, _, _ := pc.outerState(c, o)
			m |= uint64(mask) << (c * pc.NumBoxes)
		}
	}
	return m
}

// Filled returns the sheet's filled slots in state (o, mask) as a mask over BoxIDs.
func (pc *Product) Filled(o int, mask uint32) uint64 {
	return pc.outerMask(o) | uint64(mask)<<(pc.Lane*pc.NumBoxes)
}

// ColumnState returns the state of column c in state st of the product.
func (pc *Product) ColumnState(st TurnState, c int) (mask uint32, u, f int) {
	if c == pc.Lane {
		return st.Mask, st.U, st.F
	}
	return pc.outerState(c, st.O)
}

// StateOf returns the state of this product that stands for state st of src, a product of
// the same rules whose columns' spaces differ (the exact subtotals of an analysis, the
// capped ones of the solver): each column's state mapped to this space's canonical one.
func (pc *Product) StateOf(src *Product, st TurnState) (o int, mask uint32, u, f int) {
	for c, sp := range pc.Cols {
		cm, cu, cf := src.ColumnState(st, c)
		cu = sp.Canon(cm, min(sp.UpperCap, cu))
		if c == pc.Lane {
			mask, u, f = cm, cu, cf
			continue
		}
		o += int(pc.ord[c][sp.Index(cm, cu, cf)]) * pc.stride[c]
	}
	return o, mask, u, f
}

// Step is what scoring pts in box b of column c (not the lane column) does to outer
// number o: the next outer number and the points gained (the box's score, negated for a
// subtracted box, and the column's upper and extra bonuses).
func (pc *Product) Step(o, c, b, pts int, five bool) (next int, x Fill) {
	sp := pc.Cols[c]
	n := o / pc.stride[c] % pc.count[c]
	mask, u, f := sp.Split(int(pc.states[c][n]))
	x = sp.ApplyPoints(mask, u, f, b, pts, five)
	return o + (int(pc.ord[c][x.Next])-n)*pc.stride[c], x
}

// SheetState returns the state of a sheet of the product's rules at the start of a turn:
// the outer number and the lane column's state. It reports false for a sheet of other
// rules, or a state no game reaches.
func (pc *Product) SheetState(s *engine.Sheet) (o int, mask uint32, u, f int, ok bool) {
	if s.Rules() != pc.Rules && s.Rules().Hash() != pc.Rules.Hash() {
		return 0, 0, 0, 0, false
	}
	filled := s.FilledMask()
	for c, sp := range pc.Cols {
		cm, cu, cf := sp.ColumnState(s, filled, c, pc.NumBoxes)
		if cu < 0 || !sp.Valid(cm, cu, cf) {
			return 0, 0, 0, 0, false
		}
		if c == pc.Lane {
			mask, u, f = cm, cu, cf
			continue
		}
		o += int(pc.ord[c][sp.Index(cm, cu, cf)]) * pc.stride[c]
	}
	return o, mask, u, f, true
}

// ColumnState returns the state of column c of a sheet, its boxes the nb from c·nb on,
// in the space of that column played alone: its filled boxes, its upper subtotal
// (capped and made canonical) and whether its five-of-a-kind box holds a score.
func (sp *Space) ColumnState(sh *engine.Sheet, filled uint64, c, nb int) (mask uint32, u, f int) {
	mask = uint32(filled>>(c*nb)) & sp.FullMask
	u = sp.Canon(mask, min(sp.UpperCap, sh.Upper(c)))
	if sp.NumFlags == 2 && mask&(1<<sp.YahtzeeBox) != 0 && sh.Score(engine.BoxID(c*nb+sp.YahtzeeBox)) > 0 {
		f = 1
	}
	return mask, u, f
}
