package rulefile

import (
	"hash/maphash"
	"sync"
	"unsafe"

	"yams/engine"
)

// The keeps of "keep for" depend on the position only through the worth of ending the
// turn with each roll: "keep for sixes" plays the same turn on most sheets (all but those
// where a joker changes what five of a kind pays). A program's deciders share the plans
// they work out, by their worth vectors, so that a turn is planned once: a plan costs a
// backward induction over the turn (engine.TurnPlan), tens of microseconds, a lookup a
// hash of the vector.

// maxCachedPlans bounds the plans a program keeps: 64 Ki plans of at most 1 KiB.
const maxCachedPlans = 1 << 16

type planKey [2]uint64

type planCache struct {
	seeds  [2]maphash.Seed
	shards [16]struct {
		mu    sync.Mutex
		plans map[planKey][]uint8
	}
}

func newPlanCache() *planCache {
	c := &planCache{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
	for i := range c.shards {
		c.shards[i].plans = map[planKey][]uint8{}
	}
	return c
}

// key hashes the worth vectors of the roll numbers 0 to n−1 and their unplaceable rolls
// (128 bits: no two vectors of a rule set collide in practice).
func (c *planCache) key(stop *[engine.MaxRollsPerTurn][engine.NumRolls]float64, out *[engine.MaxRollsPerTurn]rollSet, n int) planKey {
	worths := unsafe.Slice((*byte)(unsafe.Pointer(&stop[0][0])), n*engine.NumRolls*8)
	outs := unsafe.Slice((*byte)(unsafe.Pointer(&out[0][0])), n*len(out[0])*8)
	var k planKey
	for i, seed := range c.seeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.Write(worths)
		h.Write(outs)
		k[i] = h.Sum64()
	}
	return k
}

func (c *planCache) get(k planKey) []uint8 {
	s := &c.shards[k[0]%uint64(len(c.shards))]
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.plans[k]
}

// put keeps a plan, unless the cache is full; the plan must not change afterwards.
func (c *planCache) put(k planKey, keeps []uint8) {
	s := &c.shards[k[0]%uint64(len(c.shards))]
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.plans) < maxCachedPlans/len(c.shards) {
		s.plans[k] = keeps
	}
}
