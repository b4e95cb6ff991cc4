package turnplan

import (
	"math"
	"sync/atomic"

	"yams/engine"
)

// planCacheBytes bounds the memory of the turn plans kept per heuristic and rule set
// (sheets of several columns), whatever the number of workers. It is reserved when the
// first strategy is built and touched only as plans are stored. With three rolls it
// holds 59,000 plans, 13,000 with a "sec" column (whose plans keep the expected worth of
// the first rerolls); on the yams-family sheet greedy meets 7,000 keys in 120,000 games
// and plans 0.02% of its turns anew by then; upper-first fills the cache in 30,000 games
// and plans 0.4% of its turns anew thereafter.
const planCacheBytes = 32 << 20

// turnKey is what the plan of a turn depends on, the stop after the first roll aside:
// the undominated distinct worth vectors of the slots legal after the first roll, and the
// worth of each five of a kind then (noValue when no slot is legal).
type turnKey struct {
	vecs  uint64
	fives [engine.NumFaces]float64
}

func (k *turnKey) hash() uint64 {
	h := k.vecs * 0x9e3779b97f4a7c15
	for _, f := range k.fives {
		h ^= math.Float64bits(f + 0) // +0 for -0, as == has them equal
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// planCache holds turn plans by key, shared by the workers of a process. Plans are only
// added, never changed or evicted: a worker claims a free entry, fills it, then publishes
// it in the hash table with a compare-and-swap, which orders the filling before any read
// through the table. Once the cache is full, plans are made but not kept. The plans met
// first are the frequent ones, so a full cache still serves almost every turn.
type planCache struct {
	levels  int // rerolls per turn
	entries int
	claimed atomic.Int64
	// buckets is an open-addressed table (linear probing, at most half full) of entry
	// indices plus one; 0 is empty.
	buckets []atomic.Int32
	mask    uint64
	keys    []turnKey
	keeps   []uint8   // an entry's plan: keeps[e*NumRolls*levels:], as turnSolver.solve writes it
	firstEV []float64 // with a "sec" column: firstEV[e*NumRolls:]
}

// planCacheEntries is how many plans fit in planCacheBytes: a key, two buckets and the plan.
func planCacheEntries(levels int, sec bool) int {
	perEntry := 8*(1+engine.NumFaces) + 8 + engine.NumRolls*levels
	if sec {
		perEntry += 8 * engine.NumRolls
	}
	return planCacheBytes / perEntry
}

func newPlanCache(levels int, sec bool, n int) *planCache {
	c := &planCache{levels: levels, entries: n}
	size := 1
	for size < 2*n {
		size *= 2
	}
	c.buckets = make([]atomic.Int32, size)
	c.mask = uint64(size - 1)
	c.keys = make([]turnKey, n)
	c.keeps = make([]uint8, n*engine.NumRolls*levels)
	if sec {
		c.firstEV = make([]float64, n*engine.NumRolls)
	}
	return c
}

// find returns the entry of key k of hash h, or -1.
func (c *planCache) find(k *turnKey, h uint64) int {
	for i := h & c.mask; ; i = (i + 1) & c.mask {
		e := int(c.buckets[i].Load()) - 1
		if e < 0 {
			return -1
		}
		if c.keys[e] == *k {
			return e
		}
	}
}

// claim reserves an entry for the caller to fill, or returns -1 when the cache is full.
func (c *planCache) claim() int {
	if c.claimed.Load() >= int64(c.entries) {
		return -1
	}
	e := c.claimed.Add(1) - 1
	if e >= int64(c.entries) {
		return -1
	}
	return int(e)
}

// publish makes the filled entry e, of hash h, visible to every worker. If another worker
// published the same key meanwhile, e stays unused.
func (c *planCache) publish(e int, h uint64) {
	for i := h & c.mask; ; i = (i + 1) & c.mask {
		if c.buckets[i].CompareAndSwap(0, int32(e+1)) {
			return
		}
		if o := int(c.buckets[i].Load()) - 1; c.keys[o] == c.keys[e] {
			return
		}
	}
}

func (c *planCache) plan(e int) []uint8 {
	n := engine.NumRolls * c.levels
	return c.keeps[e*n : (e+1)*n]
}

func (c *planCache) firstWorth(e int) []float64 {
	if c.firstEV == nil {
		return nil
	}
	return c.firstEV[e*engine.NumRolls : (e+1)*engine.NumRolls]
}
