package analysis

import (
	"math/bits"

	"yams/engine"
	"yams/strategies/widget"
)

// turnView is where an Evaluator reads the values of the current turn: the widget's
// rows after working a turn out (lanes S apart), or a turn kept in its cache (one lane).
type turnView struct {
	S      int // the distance between a row's lanes
	before []float64
	lvl    [engine.MaxRollsPerTurn][]float64
	stop   [engine.MaxRollsPerTurn][]float64 // stop[ru]: the stop rows after ru+1 rolls
	boxes  [engine.MaxSlots][]float64        // by slot (BoxID)
}

// turnCache keeps the values of turns an Evaluator worked out one state at a time, so that
// a state met again is a lookup rather than a widget's work. Play meets few states often:
// over 50,000 games of greedy on hasbro, 15,103 states were valued, and the 1,000 most
// frequent took 83% of the valuations. A slot holds one state's values (about 12 KB on a
// sheet of 13 boxes and three rolls), allocated when first filled; a state found in an
// occupied slot replaces it only once the occupant's hits are spent, so that frequent
// states stay.
type turnCache struct {
	sp    *widget.Space
	keys  []uint64 // the state of each slot, inUse set when filled
	hits  []uint8
	vals  [][]float64
	shift uint
	// Where each part of a turn lies in a slot's values.
	size     int
	lvlOff   [engine.MaxRollsPerTurn]int
	stopOff  [engine.MaxRollsPerTurn]int // −1: the stop rows are those of the last roll's level
	boxesOff [engine.MaxSlots]int
}

const (
	inUse         = 1 << 63
	maxTurnHits   = 15
	turnCacheLog2 = 11 // 2,048 states: at most 24 MB (23.6 MiB) per Evaluator on hasbro and yatzy
)

// newTurnCache returns a cache of the turns of sp, on a sheet of that many columns (sp
// then the lane column's space) whose value of ending a turn depends on the roll number
// unless sameStop.
func newTurnCache(sp *widget.Space, columns int, sameStop bool) *turnCache {
	n := 1 << turnCacheLog2
	c := &turnCache{sp: sp, keys: make([]uint64, n), hits: make([]uint8, n), vals: make([][]float64, n), shift: 64 - turnCacheLog2}
	c.size = 1 // before
	for ru := range sp.Rolls {
		c.lvlOff[ru] = c.size
		c.size += widget.NumKeeps
	}
	for ru := range sp.Rolls {
		c.stopOff[ru] = -1
		if !sameStop && ru < sp.Rolls-1 {
			c.stopOff[ru] = c.size
			c.size += widget.NumRolls
		}
	}
	for s := range columns * sp.NumBoxes {
		c.boxesOff[s] = c.size
		c.size += len(sp.ClassScores[s%sp.NumBoxes])
	}
	return c
}

func turnKey(mask uint32, u, f int) uint64 {
	return uint64(mask) | uint64(u)<<32 | uint64(f)<<56 | inUse
}

func (c *turnCache) slot(key uint64) int { return int((key * 0x9E3779B97F4A7C15) >> c.shift) }

// productKey is the key of state i of a sheet of several columns.
func productKey(i int) uint64 { return uint64(i) | inUse }

// lookup returns the view of the state of key (turnKey, productKey) if the cache holds
// it; open are the boxes (BoxIDs) open in it.
func (c *turnCache) lookup(key, open uint64, v *turnView) bool {
	s := c.slot(key)
	if c.keys[s] != key {
		return false
	}
	if c.hits[s] < maxTurnHits {
		c.hits[s]++
	}
	c.view(c.vals[s], open, v)
	return true
}

// view points v at the values of a slot.
func (c *turnCache) view(vals []float64, open uint64, v *turnView) {
	sp := c.sp
	v.S = 1
	v.before = vals[0:1]
	for ru := range sp.Rolls {
		v.lvl[ru] = vals[c.lvlOff[ru]:][:widget.NumKeeps]
	}
	for ru := range sp.Rolls {
		if o := c.stopOff[ru]; o >= 0 {
			v.stop[ru] = vals[o:][:widget.NumRolls]
		} else {
			v.stop[ru] = v.lvl[sp.Rolls-1][widget.RollBase:]
		}
	}
	for l := open; l != 0; l &= l - 1 {
		s := bits.TrailingZeros64(l)
		v.boxes[s] = vals[c.boxesOff[s]:][:len(sp.ClassScores[s%sp.NumBoxes])]
	}
}

// store keeps lane i of the view from of the state of key, whose open boxes are open, when
// its slot is free or its occupant's hits are spent (one is spent at each refusal).
func (c *turnCache) store(key, open uint64, from *turnView, i int) {
	s := c.slot(key)
	if c.keys[s] != 0 && c.hits[s] > 0 {
		c.hits[s]--
		return
	}
	vals := c.vals[s]
	if vals == nil {
		vals = make([]float64, c.size)
		c.vals[s] = vals
	}
	c.keys[s], c.hits[s] = key, 0
	sp, S := c.sp, from.S
	vals[0] = from.before[i]
	for ru := range sp.Rolls {
		lane(vals[c.lvlOff[ru]:][:widget.NumKeeps], from.lvl[ru], S, i)
		if o := c.stopOff[ru]; o >= 0 {
			lane(vals[o:][:widget.NumRolls], from.stop[ru], S, i)
		}
	}
	for l := open; l != 0; l &= l - 1 {
		b := bits.TrailingZeros64(l)
		lane(vals[c.boxesOff[b]:][:len(sp.ClassScores[b%sp.NumBoxes])], from.boxes[b], S, i)
	}
}

// lane copies lane i of rows S apart into dst.
func lane(dst, rows []float64, S, i int) {
	for r := range dst {
		dst[r] = rows[r*S+i]
	}
}
