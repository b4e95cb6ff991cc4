package optimal

// winCache keeps the decisions of the turns win worked out last, a slot per key (the
// newest wins), with whether the turn was settled (its decisions then optimal's). The
// first turns of a table's games meet the same positions again and again (the first turn
// of the first seat is always the same); later ones seldom do.
type winCache struct {
	keys    []winKey
	used    []bool
	settled []bool
	dec     []uint32
}

// winCacheLog2 sizes the cache: 16,384 turns, 16 MiB of decisions per worker.
const winCacheLog2 = 14

func newWinCache() winCache {
	n := 1 << winCacheLog2
	return winCache{keys: make([]winKey, n), used: make([]bool, n), settled: make([]bool, n), dec: make([]uint32, n*numRolls)}
}

// slot returns the cache's slot of a key.
func (c *winCache) slot(k *winKey) int {
	h := uint64(0x9E3779B97F4A7C15)
	for _, w := range k {
		h = (h ^ w) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return int(h >> (64 - winCacheLog2))
}

// has reports whether slot i holds the turn of key k.
func (c *winCache) has(i int, k *winKey) bool { return c.used[i] && c.keys[i] == *k }

// load copies the decisions of slot i into e and returns whether the turn is settled.
func (c *winCache) load(i int, e *[numRolls]uint32) bool {
	if !c.settled[i] {
		copy(e[:], c.dec[i*numRolls:])
	}
	return c.settled[i]
}

// store keeps the turn of key k in slot i.
func (c *winCache) store(i int, k *winKey, settled bool, e *[numRolls]uint32) {
	c.keys[i], c.used[i], c.settled[i] = *k, true, settled
	if !settled {
		copy(c.dec[i*numRolls:], e[:])
	}
}
