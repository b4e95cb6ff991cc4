package goals

import (
	"yams/engine"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// goalCache keeps the decisions of the (state, score so far) pairs worked out last, a
// slot per key (the newest wins): a policy entry per roll, in 16 bits where the rules'
// entries fit (wideEntries), else in two halves.
type goalCache struct {
	keys  []uint64
	dec   []uint16
	words int // per entry: 1, or 2 for wide entries
}

// goalCacheLog2 sizes the cache: 131,072 pairs, 64 MiB per strategy (128 MiB with wide
// entries; the operating system backs a page only once it is written). Hasbro's
// target:300 plays 27% more games per second with it than with 4,096 pairs, and 2% fewer
// than with 262,144, one game at a time; games played together need the turns of the
// games in play to stay (2^14 slots: 27% fewer games per second than 2^17, measured with
// 32-bit entries).
const goalCacheLog2 = 17

func newGoalCache(rolls int) goalCache {
	n, words := 1<<goalCacheLog2, 1
	if solver.WideEntries(rolls) {
		words = 2
	}
	return goalCache{keys: make([]uint64, n), dec: make([]uint16, n*widget.NumRolls*words), words: words}
}

// entry returns the decisions of roll r in slot i.
func (c *goalCache) entry(i int, r engine.Roll) uint32 {
	if c.words == 1 {
		return uint32(c.dec[i*widget.NumRolls+int(r)])
	}
	j := 2 * (i*widget.NumRolls + int(r))
	return uint32(c.dec[j]) | uint32(c.dec[j+1])<<16
}

// store puts the decisions of a turn in slot i, for key.
func (c *goalCache) store(i int, key uint64, e *[widget.NumRolls]uint32) {
	c.keys[i] = key + 1 // key+1: an empty slot holds 0
	if c.words == 1 {
		d := c.dec[i*widget.NumRolls : (i+1)*widget.NumRolls]
		for r, x := range e {
			d[r] = uint16(x)
		}
		return
	}
	d := c.dec[2*i*widget.NumRolls : 2*(i+1)*widget.NumRolls]
	for r, x := range e {
		d[2*r], d[2*r+1] = uint16(x), uint16(x>>16)
	}
}

// has reports whether slot i holds the decisions of key.
func (c *goalCache) has(i int, key uint64) bool { return c.keys[i] == key+1 }

// slot returns the cache's slot of a key.
func (c *goalCache) slot(key uint64) int {
	return int((key * 0x9E3779B97F4A7C15) >> (64 - goalCacheLog2))
}
