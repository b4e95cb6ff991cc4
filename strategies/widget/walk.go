package widget

import (
	"math/bits"

	"yams/engine"
)

// TurnState is a turn-start state as an exact analysis walks it: the state (mask, u, f)
// of a column and, on a sheet of several columns, the outer number o of the other
// columns' states (product); filled is the sheet's filled boxes, BoxIDs.
type TurnState struct {
	O      int
	Mask   uint32
	U, F   int
	Filled uint64
	// Turn is the layer of the state in the forward pass: the boxes filled.
	Turn int
}

// Walked is the state space the forward pass of an exact analysis walks, layer of filled
// boxes after layer: one column's (space) or the product of a sheet's columns (product).
// Both lay their states out in groups of a widget (stateGroup), a row of subtotals each.
type Walked interface {
	// NumStates is the size of a table over the states.
	NumStates() int
	// LayerGroups lists the groups of the states of n filled boxes, in increasing index.
	LayerGroups(n int) []StateGroup
	// GroupIndex returns the index of the state of subtotal u of group g.
	GroupIndex(g StateGroup, u int) int
	// State returns the state of index i.
	State(i int) TurnState
	// FillOf is what scoring pts in box b (a BoxID of the sheet) does to state st; five
	// tells whether the roll is five of a kind. Its next is an index of this space.
	FillOf(st TurnState, b, pts int, five bool) Fill
	// LaneSpace is the space of the column whose boxes' score classes the widget reads:
	// the one column, or the lane column (every column has the same boxes).
	LaneSpace() *Space
	// SheetRules are the rules of the whole sheet.
	SheetRules() *engine.Rules
	// Turns is the number of turns a game takes: the forward pass walks layers 0 to
	// turns−1, and games end in layer turns.
	Turns() int
}

func (sp *Space) Turns() int                { return sp.NumBoxes }
func (pc *Product) Turns() int              { return pc.Rules.NumSlots() }
func (sp *Space) passIndex(TurnState) int   { return -1 }
func (pc *Product) passIndex(TurnState) int { return -1 }

func (sp *Space) SheetRules() *engine.Rules   { return sp.Rules }
func (pc *Product) SheetRules() *engine.Rules { return pc.Rules }

func (sp *Space) LaneSpace() *Space { return sp }

func (sp *Space) LayerGroups(n int) []StateGroup {
	var groups []StateGroup
	for _, m := range sp.Layers()[n] {
		for f := range sp.NumFlags {
			if sp.GroupValid(m, f) {
				groups = append(groups, StateGroup{Mask: m, F: uint8(f)})
			}
		}
	}
	return groups
}

func (sp *Space) GroupIndex(g StateGroup, u int) int { return sp.Index(g.Mask, u, int(g.F)) }

func (sp *Space) State(i int) TurnState {
	mask, u, f := sp.Split(i)
	return TurnState{Mask: mask, U: u, F: f, Filled: uint64(mask), Turn: bits.OnesCount32(mask)}
}

func (sp *Space) FillOf(st TurnState, b, pts int, five bool) Fill {
	return sp.ApplyPoints(st.Mask, st.U, st.F, b, pts, five)
}

func (pc *Product) LayerGroups(n int) []StateGroup {
	return pc.LayerGroupsOf(n, pc.LaneSpace().Layers())
}

func (pc *Product) GroupIndex(g StateGroup, u int) int {
	return pc.Index(int(g.O), g.Mask, u, int(g.F))
}

func (pc *Product) State(i int) TurnState {
	o := i / pc.nLane
	mask, u, f := pc.LaneSpace().Split(i % pc.nLane)
	filled := pc.Filled(o, mask)
	return TurnState{O: o, Mask: mask, U: u, F: f, Filled: filled, Turn: bits.OnesCount64(filled)}
}

// FillOf scores in the lane column as that column alone does, at the same outer number;
// in another column, it moves to another outer number at the same lane state.
func (pc *Product) FillOf(st TurnState, b, pts int, five bool) Fill {
	c, box := b/pc.NumBoxes, b%pc.NumBoxes
	if c == pc.Lane {
		x := pc.LaneSpace().ApplyPoints(st.Mask, st.U, st.F, box, pts, five)
		x.Next = pc.Index(st.O, x.Mask, x.U, x.F)
		return x
	}
	o, x := pc.Step(st.O, c, box, pts, five)
	x.Next = pc.Index(o, st.Mask, st.U, st.F)
	return x
}

// FivePoints returns what five of a kind r scores in box b (a BoxID) from state st, the
// joker applied.
func FivePoints(r *engine.Rules, st TurnState, b int, roll engine.Roll) int {
	return r.Points(st.Filled, engine.BoxID(b), roll)
}

// StateGroup is a group of states that a widget works out together: a group (mask, f)
// of one column, every subtotal of it, and on a sheet of several columns the outer number
// o of the other columns' states (0 on one column).
type StateGroup struct {
	O    int32
	Mask uint32
	F    uint8
}

// LayerGroupsOf returns the groups of the product whose sheets have n boxes filled in
// all; laneLayers are the lane column's masks by their number of filled boxes.
func (pc *Product) LayerGroupsOf(n int, laneLayers [][]uint32) []StateGroup {
	sp := pc.LaneSpace()
	var groups []StateGroup
	for k, masks := range laneLayers {
		if n-k < 0 || n-k >= len(pc.byFilled) {
			continue
		}
		outer := pc.byFilled[n-k]
		for _, m := range masks {
			for f := range sp.NumFlags {
				if !sp.GroupValid(m, f) {
					continue
				}
				for _, o := range outer {
					groups = append(groups, StateGroup{O: o, Mask: m, F: uint8(f)})
				}
			}
		}
	}
	return groups
}
