package optimal

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"yams/engine"
	"yams/strategies"
)

// A policy entry packs the decisions for one roll in one state: bits 0-3 the box to
// score it in, then 5 bits per reroll, for 1, 2, ... rerolls left, the position of the
// keep in engine.SubKeeps(roll) (0: keep all five dice, that is stop).
const (
	boxBits  = 4
	keepBits = 5
	// blockLen is the entries a state's block takes: the 252 rolls padded so that a block
	// starts on a cache line and spans whole lines (the storage is page-aligned).
	blockLen = 256
)

func entryBox(e uint32) int { return int(e & (1<<boxBits - 1)) }

func entryKeep(e uint32, r engine.Roll, rollsLeft int) engine.Keep {
	i := e >> (boxBits + keepBits*(rollsLeft-1)) & (1<<keepBits - 1)
	return engine.SubKeeps(r)[i]
}

// decide computes the decisions of every roll of state (mask, u, f) into out. Ties go,
// for the keep, to stopping, then to the keep of more dice, then to the lower keep
// index (the order of engine.SubKeeps, as engine.TurnPlan breaks them), and for the box
// to the lowest box index: the first of the equal values in a fixed order, which makes
// play deterministic. The best keep inside every keep follows from the keeps one die
// smaller, as in bestRolls, carrying the keep along with its value: the tie-break is a
// total order, so the best of a set does not depend on how the set is split.
//
// It returns the value of the state, the same number as value computes.
func (w *widget) decide(mask uint32, u, f int, out *[numRolls]uint32) float64 {
	sp := w.sp
	w.stops(mask, u, f, true)
	last := sp.rolls - 1
	w.val[last] = *w.stopLayer(last + 1)
	for r := range out {
		out[r] = uint32(w.box[0][r])
	}
	ev, m, mk := &w.ev, &w.m, &w.mk
	for ru := last - 1; ru >= 0; ru-- {
		w.expect(&w.val[ru+1])
		m[0], mk[0] = ev[0], 0
		for k := 1; k < rollBase; k++ {
			x, xk := ev[k], uint16(k)
			for _, j := range keepRem[remStart[k]:remStart[k+1]] {
				// Keeps one die smaller come in increasing index, so a tie goes to
				// the keep already held unless it is smaller.
				y, yk := m[j], mk[j]
				if y > x || (y == x && keepSize[yk] > keepSize[xk]) || (y == x && keepSize[yk] == keepSize[xk] && yk < xk) {
					x, xk = y, yk
				}
			}
			m[k], mk[k] = x, xk
		}
		st := w.stopLayer(ru + 1)
		shift := boxBits + keepBits*(last-ru-1)
		for r := range numRolls {
			x, xk := st[r], uint16(rollBase+r)
			for _, j := range keepRem[remStart[rollBase+r]:remStart[rollBase+r+1]] {
				y, yk := m[j], mk[j]
				if y > x || (y == x && xk < rollBase && (keepSize[yk] > keepSize[xk] || (keepSize[yk] == keepSize[xk] && yk < xk))) {
					x, xk = y, yk
				}
			}
			w.val[ru][r] = x
			if xk < rollBase {
				out[r] |= uint32(subPos[r][xk]) << shift
			}
		}
	}
	e := 0.0
	for r, p := range rollProb {
		e += p * w.val[0][r]
	}
	return e
}

// policy is the optimal play of a rule set, shared by every Strategy of those rules:
// the table, and the decisions of each reachable state, computed the first time a game
// reaches the state and kept (a concurrent decision cache). The storage is reserved at
// once, but the operating system backs a page only when a state in it is first written.
type policy struct {
	t  *Table
	sp *space
	// The block of a reachable state (mask, u, f) is base[f<<nb|mask] + rank[(mask&upper)*nu+u]:
	// blocks are ordered by flag, mask and subtotal, and both tables are small enough to
	// stay in the processor's cache, which one dense index of a million states would not.
	base []int32
	rank []uint16
	// e16 holds the entries when they fit in 16 bits (three rolls or fewer), else e32.
	e16   []uint16
	e32   []uint32
	ready []atomic.Uint32 // per block: 0 empty, 1 being written, 2 ready
	// complete: every block is ready (solved with the table or read from a file), and
	// the flags are not even looked at.
	complete bool
	n        int // blocks
}

const (
	blockEmpty = iota
	blockBusy
	blockReady
)

func newPolicy(t *Table) *policy {
	sp := t.sp
	p := &policy{t: t, sp: sp, base: make([]int32, sp.nf<<sp.nb), rank: make([]uint16, int(sp.upper+1)*sp.nu)}
	for sub := range sp.upper + 1 {
		k := 0
		for u := range sp.nu {
			if sp.ureach[int(sub)*sp.nu+u] {
				p.rank[int(sub)*sp.nu+u] = uint16(k)
				k++
			}
		}
	}
	n := 0
	for f := range sp.nf {
		for mask := range uint32(1 << sp.nb) {
			p.base[f<<sp.nb|int(mask)] = int32(n)
			for u := range sp.nu {
				if sp.valid(mask, u, f) {
					n++
				}
			}
		}
	}
	p.n = n
	p.ready = make([]atomic.Uint32, n)
	if boxBits+keepBits*(sp.rolls-1) <= 16 {
		var release func()
		p.e16, release = allocEntries16(n * blockLen)
		// The storage is not the garbage collector's: give it back with the policy.
		runtime.AddCleanup(p, func(f func()) { f() }, release)
	} else {
		p.e32 = make([]uint32, n*blockLen)
	}
	return p
}

var shared struct {
	sync.Mutex
	m map[string]*sharedPolicy
}

type sharedPolicy struct {
	once sync.Once
	p    *policy
	err  error
}

// policyFor returns the process-wide policy of rules r, loading or solving it once.
func policyFor(r *engine.Rules) (*policy, error) {
	shared.Lock()
	if shared.m == nil {
		shared.m = map[string]*sharedPolicy{}
	}
	e := shared.m[r.Hash()]
	if e == nil {
		e = &sharedPolicy{}
		shared.m[r.Hash()] = e
	}
	shared.Unlock()
	e.once.Do(func() {
		_, e.p, _, e.err = loadOrSolve(r, false, 0)
	})
	return e.p, e.err
}

// Strategy plays the optimal strategy: every decision is the argmax of exact expected
// values read from the solved table (ties: see widget.decide). Build one per worker;
// workers share the table and the decision cache of their rules. Decisions allocate nothing.
type Strategy struct {
	p *policy
	w *widget
	// The decisions of the state of the last sheet seen: a turn asks up to three times.
	key     uint64
	cur16   []uint16
	cur32   []uint32
	scratch [numRolls]uint32
	mask    uint32 // the current state
	u, f    int
}

// NewStrategy returns the optimal strategy of the rules a table solves. Strategies built
// from the same table share its decision cache.
func NewStrategy(t *Table) *Strategy { return newStrategyFrom(policyOf(t)) }

var tablePolicies sync.Map // *Table -> *policy

func policyOf(t *Table) *policy {
	if p, ok := tablePolicies.Load(t); ok {
		return p.(*policy)
	}
	p, _ := tablePolicies.LoadOrStore(t, newPolicy(t))
	return p.(*policy)
}

func newStrategyFrom(p *policy) *Strategy {
	return &Strategy{p: p, w: newWidget(p.sp, p.t.v), key: ^uint64(0)}
}

func init() {
	strategies.Register(strategies.Info{
		Name:        "optimal",
		Description: "maximises the expected final score exactly, from a table solved by backward induction (cached on disk)",
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			p, err := policyFor(r)
			if err != nil {
				return nil, err
			}
			return newStrategyFrom(p), nil
		},
	})
}

// load makes the decisions of sheet s's state current.
func (s *Strategy) load(sh *engine.Sheet, key uint64) {
	p, sp := s.p, s.p.sp
	if sh.Rules() != sp.rules && sh.Rules().Hash() != sp.rules.Hash() {
		panic(fmt.Sprintf("optimal: a sheet of rules %s handed to the strategy of rules %s", sh.Rules().Name(), sp.rules.Name()))
	}
	mask, u, f, ok := sp.sheetParts(sh)
	if !ok {
		panic(fmt.Sprintf("optimal: sheet state %#x, upper %d is not a state of rules %s", sh.FilledMask(), sh.Upper(0), sp.rules.Name()))
	}
	s.key = key
	s.mask, s.u, s.f = mask, u, f
	id := p.block(mask, u, f)
	s.cur16, s.cur32 = nil, nil
	if p.complete {
		if p.e16 != nil {
			s.cur16 = p.e16[id*blockLen : id*blockLen+numRolls]
		} else {
			s.cur32 = p.e32[id*blockLen : id*blockLen+numRolls]
		}
		return
	}
	s.prefetch(id)
	flag := &p.ready[id]
	st := flag.Load()
	if st == blockEmpty && flag.CompareAndSwap(blockEmpty, blockBusy) {
		s.w.decide(mask, u, f, &s.scratch)
		p.store(id, &s.scratch)
		flag.Store(blockReady)
		st = blockReady
	}
	switch {
	case st != blockReady:
		// Another worker is writing this state: work it out privately.
		s.w.decide(mask, u, f, &s.scratch)
		s.cur32 = s.scratch[:]
	case p.e16 != nil:
		s.cur16 = p.e16[id*blockLen : id*blockLen+numRolls]
	default:
		s.cur32 = p.e32[id*blockLen : id*blockLen+numRolls]
	}
}

// store writes the decisions of a block.
func (p *policy) store(id int, out *[numRolls]uint32) {
	if p.e16 != nil {
		blk := p.e16[id*blockLen : id*blockLen+numRolls]
		for r, e := range out {
			blk[r] = uint16(e)
		}
	} else {
		copy(p.e32[id*blockLen:id*blockLen+numRolls], out[:])
	}
}

// block returns the block of a reachable state.
func (p *policy) block(mask uint32, u, f int) int {
	return int(p.base[f<<p.sp.nb|int(mask)]) + int(p.rank[int(mask&p.sp.upper)*p.sp.nu+u])
}

// prefetch starts loading the decisions and the flag of a block.
func (s *Strategy) prefetch(id int) {
	p := s.p
	if !p.complete {
		prefetchLines(unsafe.Pointer(&p.ready[id]), 1)
	}
	if p.e16 != nil {
		prefetchLines(unsafe.Pointer(&p.e16[id*blockLen]), 2*blockLen/64)
	} else {
		prefetchLines(unsafe.Pointer(&p.e32[id*blockLen]), 4*blockLen/64)
	}
}

func (s *Strategy) entry(sh *engine.Sheet, r engine.Roll) uint32 {
	key := sh.FilledMask() | uint64(uint16(sh.Upper(0)))<<48
	if y := s.p.sp.ybox; y >= 0 && sh.Score(engine.BoxID(y)) > 0 {
		key |= 1 << 47
	}
	if key != s.key {
		s.load(sh, key)
	}
	if s.cur16 != nil {
		return uint32(s.cur16[r])
	}
	return s.cur32[r]
}

// Keep returns the keep of highest expected value; r.Keep() (stop) when none beats stopping.
func (s *Strategy) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	return entryKeep(s.entry(sh, r), r, rollsLeft)
}

// Box returns the legal box of highest expected value for the final roll r.
func (s *Strategy) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	b := entryBox(s.entry(sh, r))
	// The next turn starts in a state known now: have its decisions on their way
	// while the caller fills the sheet and throws the dice. Decisions are read at
	// random over a few hundred megabytes, and waiting for memory is most of the cost
	// of playing.
	if sp := s.p.sp; s.mask|1<<b != sp.full {
		s.prefetch(s.p.block(sp.next(s.mask, s.u, s.f, b, r)))
	}
	return engine.BoxID(b)
}
