package optimal

import (
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"yams/engine"
)

// DefaultMemoryLimit bounds the memory a solve or an exact analysis may take: 4 GiB.
const DefaultMemoryLimit = 4 << 30

var memoryLimit atomic.Int64

func init() { memoryLimit.Store(DefaultMemoryLimit) }

// SetMemoryLimit sets the memory a solve or an exact analysis may take, in bytes (yams's
// --max-memory); a rule set that would need more is refused with a *MemoryError before
// anything is allocated.
func SetMemoryLimit(bytes int64) { memoryLimit.Store(bytes) }

// MemoryLimit returns the memory a solve or an exact analysis may take.
func MemoryLimit() int64 { return memoryLimit.Load() }

// ErrMemory is the kind of a *MemoryError.
var ErrMemory = errors.New("too large")

// MemoryError is a solve or an analysis that would need more memory than the limit.
type MemoryError struct {
	What        string // "the optimal strategy of rules hasbro (its table and decisions)"
	Need, Limit int64
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("%s would take about %s of memory, more than the limit of %s (raise it with --max-memory MiB)",
		e.What, mebibytes(e.Need), mebibytes(e.Limit))
}

func (e *MemoryError) Unwrap() error { return ErrMemory }

func mebibytes(b int64) string {
	if b >= 10<<30 {
		return fmt.Sprintf("%.0f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%d MiB", (b+1<<20-1)>>20)
}

// spaceShape returns the size of the state space of rules with u capped at capUpper,
// without building it: the boxes, the upper boxes, the subtotals and the flags.
func spaceShape(r *engine.Rules, capUpper int) (nb, nUp, nu, nf int) {
	nb = r.NumBoxes()
	for b := range nb {
		if r.IsUpper(b) {
			nUp++
		}
	}
	nf = 1
	if r.ExtraPoints() != 0 {
		nf = 2
	}
	return nb, nUp, capUpper + 1, nf
}

// shapeMemory bounds what the state space of a solve of r takes before it is built: the
// values of every state of the dense space (8 bytes a state), the space's tables (about
// as much again) and the tables of the upper subtotals. A solve or a load is checked
// against it first, so that a rule set whose space alone is too large is refused
// without building anything.
func shapeMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := spaceShape(r, r.UpperThreshold()*min(1, r.UpperPoints()))
	states := mulSat(mulSat(1<<nb, int64(nu)), int64(nf))
	return sumSat(mulSat(states, 16), mulSat(1<<nUp, int64(nu)*4), 8<<nb, 64<<20)
}

// tableMemory estimates the memory of the optimal strategy of space sp, loaded or solved:
// the values of the dense space, the decisions of play once every group of reachable
// states is decoded (2 bytes a roll), the coded decisions (about 45 bytes a reachable
// state), and the widgets and buffers. On hasbro: 266 MiB, against a peak of 253 MiB for
// an exact analysis of optimal, which decodes every group.
func tableMemory(sp *space) int64 {
	reach := int64(sp.countStates())
	return sumSat(mulSat(int64(sp.numStates()), 8), mulSat(reach, 2*blockLen+53), 64<<20)
}

// tableWhat names the optimal strategy of r in a *MemoryError.
func tableWhat(r *engine.Rules) string {
	return "the optimal strategy of rules " + r.Name() + " (its table and decisions)"
}

// checkShapeMemory refuses the optimal strategy of r when the bound of its space is over
// the limit: checked before the space is built, so that nothing is built for it.
func checkShapeMemory(r *engine.Rules) error { return checkMemory(tableWhat(r), shapeMemory(r)) }

// checkTableMemory refuses the optimal strategy of space sp, once built, when its table
// and decisions would take more than the limit.
func checkTableMemory(sp *space) error { return checkMemory(tableWhat(sp.rules), tableMemory(sp)) }

// analysisMemory estimates the memory of an exact analysis of a strategy other than
// optimal on r: three float64 per state of the space of exact subtotals, and the tables
// that build a sheet for each state.
func analysisMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := spaceShape(r, r.MaxUpper())
	states := mulSat(mulSat(1<<nb, int64(nu)), int64(nf))
	return sumSat(mulSat(states, 3*8), mulSat(1<<nUp, int64(nu)*3), 8<<nb, 64<<20)
}

// bytes returns the memory of the policy and its table's values once every group is
// decoded (the most it takes).
func (p *policy) bytes() int64 {
	return int64(2*len(p.e16)+4*len(p.e32)+4*len(p.base)+2*len(p.rank)+4*len(p.ready)) + int64(8*len(p.t.v))
}

// checkMemory refuses a computation that would take more than the limit.
func checkMemory(what string, need int64) error {
	if limit := MemoryLimit(); need > limit {
		return &MemoryError{What: what, Need: need, Limit: limit}
	}
	return nil
}

func mulSat(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<62 {
		return 1 << 62
	}
	return int64(lo)
}

func sumSat(xs ...int64) int64 {
	var s int64
	for _, x := range xs {
		s = min(1<<62, s+x)
	}
	return s
}

// Notice is what a solve for the cache tells as it goes (SetNotify): that it starts (the
// rule set is not in the cache), how far it is, and that it is done.
type Notice struct {
	Rules string // the rule set's name
	// Strategy is the strategy the table is solved for: "optimal", or an objective's
	// name (risk:0.05, bonus).
	Strategy string
	Path     string // the cache file the solve writes
	// Layer of Layers: the layers of filled boxes solved so far (0 at the start).
	Layer, Layers int
	// CacheBytes is the size the cache file will have, about.
	CacheBytes int64
	Done       bool
}

var notify atomic.Pointer[func(Notice)]

// SetNotify makes every solve for the cache call f as it goes (nil: no notices); yams
// says on a terminal what the first run on a rule set is doing.
func SetNotify(f func(Notice)) {
	if f == nil {
		notify.Store(nil)
		return
	}
	notify.Store(&f)
}

func tell(n Notice) {
	if f := notify.Load(); f != nil {
		(*f)(n)
	}
}
