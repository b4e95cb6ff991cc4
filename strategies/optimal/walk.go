package optimal

import (
	"math/bits"

	"yams/engine"
)

// turnState is a turn-start state as an exact analysis walks it: the state (mask, u, f)
// of a column and, on a sheet of several columns, the outer number o of the other
// columns' states (product); filled is the sheet's filled boxes, BoxIDs.
type turnState struct {
	o      int
	mask   uint32
	u, f   int
	filled uint64
	// turn is the layer of the state in the forward pass: the boxes filled.
	turn int
}

// walked is the state space the forward pass of an exact analysis walks, layer of filled
// boxes after layer: one column's (space) or the product of a sheet's columns (product).
// Both lay their states out in groups of a widget (stateGroup), a row of subtotals each.
type walked interface {
	// numStates is the size of a table over the states.
	numStates() int
	// layerGroups lists the groups of the states of n filled boxes, in increasing index.
	layerGroups(n int) []stateGroup
	// groupIndex returns the index of the state of subtotal u of group g.
	groupIndex(g stateGroup, u int) int
	// state returns the state of index i.
	state(i int) turnState
	// fillOf is what scoring pts in box b (a BoxID of the sheet) does to state st; five
	// tells whether the roll is five of a kind. Its next is an index of this space.
	fillOf(st turnState, b, pts int, five bool) fill
	// laneSpace is the space of the column whose boxes' score classes the widget reads:
	// the one column, or the lane column (every column has the same boxes).
	laneSpace() *space
	// sheetRules are the rules of the whole sheet.
	sheetRules() *engine.Rules
	// turns is the number of turns a game takes: the forward pass walks layers 0 to
	// turns−1, and games end in layer turns.
	turns() int
}

func (sp *space) turns() int                { return sp.nb }
func (pc *product) turns() int              { return pc.rules.NumSlots() }
func (sp *space) passIndex(turnState) int   { return -1 }
func (pc *product) passIndex(turnState) int { return -1 }

func (sp *space) sheetRules() *engine.Rules   { return sp.rules }
func (pc *product) sheetRules() *engine.Rules { return pc.rules }

func (sp *space) laneSpace() *space { return sp }

func (sp *space) layerGroups(n int) []stateGroup {
	var groups []stateGroup
	for _, m := range sp.layers()[n] {
		for f := range sp.nf {
			if sp.groupValid(m, f) {
				groups = append(groups, stateGroup{mask: m, f: uint8(f)})
			}
		}
	}
	return groups
}

func (sp *space) groupIndex(g stateGroup, u int) int { return sp.index(g.mask, u, int(g.f)) }

func (sp *space) state(i int) turnState {
	mask, u, f := sp.split(i)
	return turnState{mask: mask, u: u, f: f, filled: uint64(mask), turn: bits.OnesCount32(mask)}
}

func (sp *space) fillOf(st turnState, b, pts int, five bool) fill {
	return sp.applyPoints(st.mask, st.u, st.f, b, pts, five)
}

func (pc *product) layerGroups(n int) []stateGroup {
	return pc.layerGroupsOf(n, pc.laneSpace().layers())
}

func (pc *product) groupIndex(g stateGroup, u int) int {
	return pc.index(int(g.o), g.mask, u, int(g.f))
}

func (pc *product) state(i int) turnState {
	o := i / pc.nLane
	mask, u, f := pc.laneSpace().split(i % pc.nLane)
	filled := pc.filled(o, mask)
	return turnState{o: o, mask: mask, u: u, f: f, filled: filled, turn: bits.OnesCount64(filled)}
}

// fillOf scores in the lane column as that column alone does, at the same outer number;
// in another column, it moves to another outer number at the same lane state.
func (pc *product) fillOf(st turnState, b, pts int, five bool) fill {
	c, box := b/pc.nb, b%pc.nb
	if c == pc.lane {
		x := pc.laneSpace().applyPoints(st.mask, st.u, st.f, box, pts, five)
		x.next = pc.index(st.o, x.mask, x.u, x.f)
		return x
	}
	o, x := pc.step(st.o, c, box, pts, five)
	x.next = pc.index(o, st.mask, st.u, st.f)
	return x
}

// fivePoints returns what five of a kind r scores in box b (a BoxID) from state st, the
// joker applied.
func fivePoints(r *engine.Rules, st turnState, b int, roll engine.Roll) int {
	return r.Points(st.filled, engine.BoxID(b), roll)
}

// stateGroup is a group of states that a widget works out together: a group (mask, f)
// of one column, every subtotal of it, and on a sheet of several columns the outer number
// o of the other columns' states (0 on one column).
type stateGroup struct {
	o    int32
	mask uint32
	f    uint8
}

// layerGroupsOf returns the groups of the product whose sheets have n boxes filled in
// all; laneLayers are the lane column's masks by their number of filled boxes.
func (pc *product) layerGroupsOf(n int, laneLayers [][]uint32) []stateGroup {
	sp := pc.laneSpace()
	var groups []stateGroup
	for k, masks := range laneLayers {
		if n-k < 0 || n-k >= len(pc.byFilled) {
			continue
		}
		outer := pc.byFilled[n-k]
		for _, m := range masks {
			for f := range sp.nf {
				if !sp.groupValid(m, f) {
					continue
				}
				for _, o := range outer {
					groups = append(groups, stateGroup{o: o, mask: m, f: uint8(f)})
				}
			}
		}
	}
	return groups
}
