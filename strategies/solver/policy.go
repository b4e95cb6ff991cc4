package solver

import (
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
	"yams/strategies/widget"
)

// BlockLen is the entries a state's block takes: the 252 rolls padded so that a block
// starts on a cache line and spans whole lines (the storage is page-aligned).
const BlockLen = 256

// Policy is the optimal play of a rule set, shared by every Strategy of those rules: the
// table, and the decisions of each reachable state, laid out for play. A group's decisions
// are decoded from the table's compressed stream (or, for a table without one, worked out
// with a widget) the first time a game reaches one of its states, and kept: a concurrent
// decision cache. The storage is reserved at once, but the operating system backs a page
// only when a state in it is first written.
type Policy struct {
	Table *Table
	Space *widget.Space
	// The block of a reachable state (mask, u, f) is base[g] + rank[up(mask)*nu+u], g =
	// mask*nf+f: blocks are ordered by group and subtotal, and both tables are small
	// enough to stay in the processor's cache, which one dense index of a million states
	// would not.
	base []int32
	rank []uint16
	// E16 holds the entries when they fit in 16 bits (three rolls or fewer), else e32.
	E16   []uint16
	E32   []uint32
	ready []atomic.Uint32 // per group: 0 empty, 1 being written, 2 ready
	n     int             // blocks
	// maxLanes is the most states of a group: a decoder's scratch space holds a group.
	maxLanes int
}

const (
	blockEmpty = iota
	blockBusy
	blockReady
)

func newPolicy(t *Table) *Policy {
	sp := t.Space
	p := &Policy{Table: t, Space: sp, base: make([]int32, sp.NumFlags<<sp.NumBoxes), rank: make([]uint16, len(sp.UpperReach))}
	for up, lanes := range sp.Lanes {
		for k, u := range lanes {
			p.rank[up*sp.NumSubtotals+int(u)] = uint16(k)
		}
	}
	n := 0
	for g := range p.base {
		p.base[g] = int32(n)
		if mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags; sp.GroupValid(mask, f) {
			n += len(sp.Lanes[sp.Up(mask)])
			p.maxLanes = max(p.maxLanes, len(sp.Lanes[sp.Up(mask)]))
		}
	}
	p.n = n
	p.ready = make([]atomic.Uint32, len(p.base))
	if !WideEntries(sp.Rolls) {
		var release func()
		p.E16, release = allocEntries16(n * BlockLen)
		// The storage is not the garbage collector's: give it back with the policy.
		runtime.AddCleanup(p, func(f func()) { f() }, release)
	} else {
		p.E32 = make([]uint32, n*BlockLen)
	}
	return p
}

// WideEntries reports whether the entries of rules of that many rolls take 32 bits.
func WideEntries(rolls int) bool { return widget.BoxBits+widget.KeepBits*(rolls-1) > 16 }

// group returns the group of state (mask, f).
func (p *Policy) group(mask uint32, f int) int { return int(mask)*p.Space.NumFlags + f }

// GroupFiller is what a caller of ensure lends it to fill a group: a widget for a table
// without decisions, scratch space to decode into for one with.
type GroupFiller struct {
	Widget *widget.Widget
	buf16  []uint16
	buf32  []uint32
}

func NewGroupFiller(p *Policy) *GroupFiller {
	gf := &GroupFiller{Widget: p.Table.NewWidget()}
	if p.Table.dec != nil {
		if p.E16 != nil {
			gf.buf16 = make([]uint16, p.maxLanes*BlockLen)
		} else {
			gf.buf32 = make([]uint32, p.maxLanes*BlockLen)
		}
	}
	return gf
}

// Ensure makes the decisions of group (mask, f) ready, decoding or working them out if no
// worker has, and reports whether they are. When another worker is writing them, it
// returns false at once: the caller works the state out privately rather than wait.
func (p *Policy) Ensure(mask uint32, f int, gf *GroupFiller) bool {
	g := p.group(mask, f)
	flag := &p.ready[g]
	st := flag.Load()
	if st == blockEmpty && flag.CompareAndSwap(blockEmpty, blockBusy) {
		p.fillGroup(mask, f, gf)
		flag.Store(blockReady)
		return true
	}
	return st == blockReady
}

// fillGroup writes the decisions of every state of group (mask, f): decoded from the
// table's stream, or worked out with a widget when the table has none (or its group does
// not decode, which a checked file never does). A group is decoded into scratch space
// that stays in the processor's cache, then copied in one piece: its blocks follow each
// other.
func (p *Policy) fillGroup(mask uint32, f int, gf *GroupFiller) {
	sp, g := p.Space, p.group(mask, f)
	lanes := sp.Lanes[sp.Up(mask)]
	first := int(p.base[g])
	if d := p.Table.dec; d != nil {
		n := len(lanes) * BlockLen
		tabs := d.dec[bits.OnesCount32(mask)]
		var err error
		if p.E16 != nil {
			if err = decodeGroup(d.group(g), tabs, sp.Rolls, sp.NumBoxes, len(lanes), BlockLen, gf.buf16[:n], nil); err == nil {
				copy(p.E16[first*BlockLen:][:n], gf.buf16[:n])
				return
			}
		} else if err = decodeGroup(d.group(g), tabs, sp.Rolls, sp.NumBoxes, len(lanes), BlockLen, nil, gf.buf32[:n]); err == nil {
			copy(p.E32[first*BlockLen:][:n], gf.buf32[:n])
			return
		}
	}
	w := gf.Widget
	for lo := 0; lo < len(lanes); lo += widget.MaxLanes {
		block := lanes[lo:min(lo+widget.MaxLanes, len(lanes))]
		w.SetLanes(block)
		w.Evaluate(mask, f, true)
		var e [widget.NumRolls]uint32
		for i := range block {
			w.LaneEntries(i, &e)
			p.store(first+lo+i, &e)
		}
	}
}

var shared struct {
	sync.Mutex
	m map[string]*sharedPolicy
}

// sharedPolicy is what a process keeps of rules and an objective once loaded or solved:
// the table and, but for target:T and beat:S, whose decisions are worked out in play,
// its policy.
type sharedPolicy struct {
	once  sync.Once
	Table *Table
	p     *Policy
	Err   error
}

// AnalysisPolicy returns the policy of rules r for objective o that an analysis follows:
// the process-wide one when it exists (a strategy plays it) or is the mean's (which
// regrets and the bonus objective use), else one loaded or solved for the analysis
// alone, whose decisions the system gets back once the analysis is done: a command
// that analyses a dozen objectives one after another holds one at a time.
func AnalysisPolicy(r *engine.Rules, o Objective) (*Policy, error) {
	if o == Mean {
		return PolicyFor(r, Mean)
	}
	if SharedExists(r, o) {
		return PolicyFor(r, o)
	}
	_, p, _, err := LoadOrSolveObjective(r, o, false, 0, nil)
	return p, err
}

// SharedExists reports whether the process keeps the table of rules r for objective o
// (a strategy plays it), or is loading or solving it.
func SharedExists(r *engine.Rules, o Objective) bool {
	shared.Lock()
	defer shared.Unlock()
	return shared.m[r.Hash()+" "+o.String()] != nil
}

// PolicyFor returns the process-wide policy of rules r for objective o, loading or
// solving it once.
func PolicyFor(r *engine.Rules, o Objective) (*Policy, error) {
	e := SharedFor(r, o)
	if e.Err == nil && e.p == nil {
		return nil, fmt.Errorf("optimal: %s has no policy: its decisions are worked out in play (goalStrategy)", o)
	}
	return e.p, e.Err
}

// SharedFor returns the process-wide table and policy of rules r for objective o (the
// mean, bonus, risk:θ), loading or solving them once.
func SharedFor(r *engine.Rules, o Objective) *sharedPolicy { return SharedWith(r, o, nil) }

// SharedWith is sharedFor for any objective, goalOf giving the goal of target:T and
// beat:S if their table must be solved.
func SharedWith(r *engine.Rules, o Objective, goalOf goalFunc) *sharedPolicy {
	key := r.Hash() + " " + o.String()
	shared.Lock()
	if shared.m == nil {
		shared.m = map[string]*sharedPolicy{}
	}
	e := shared.m[key]
	if e == nil {
		e = &sharedPolicy{}
		shared.m[key] = e
	}
	shared.Unlock()
	e.once.Do(func() {
		e.Table, e.p, _, e.Err = LoadOrSolveObjective(r, o, false, 0, goalOf)
	})
	return e
}

// store writes the decisions of a block.
func (p *Policy) store(id int, out *[widget.NumRolls]uint32) {
	if p.E16 != nil {
		blk := p.E16[id*BlockLen : id*BlockLen+widget.NumRolls]
		for r, e := range out {
			blk[r] = uint16(e)
		}
	} else {
		copy(p.E32[id*BlockLen:id*BlockLen+widget.NumRolls], out[:])
	}
}

// Block returns the block of a reachable state.
func (p *Policy) Block(mask uint32, u, f int) int {
	return int(p.base[p.group(mask, f)]) + int(p.rank[p.Space.Up(mask)*p.Space.NumSubtotals+u])
}
