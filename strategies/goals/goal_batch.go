package goals

import (
	"cmp"
	"fmt"
	"slices"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// goalBatch plays target:T or beat:S for many games at once (strategies.Batch): the
// simulator keeps a chunk's games waiting on their decisions, and the turns whose
// decisions are not in the cache are worked out together, the pairs of a group (filled
// boxes, flag) sharing the widget's lanes. A widget's lane is worked out with the same
// operations whatever the other lanes, so the decisions are those goalStrategy takes one
// game at a time, bit for bit; only the time changes. Among 65,536 games of hasbro's
// target:300 a group's turn is shared by 98 games on average.
type goalBatch struct {
	*goalStrategy
	miss  []goalMiss
	lanes [widget.MaxLanes]uint16
	// span bounds the pairs of a block: each lane is an offset of 16 bits from the block's
	// first (maxGoalWidth; tests narrow it).
	span int32
}

// goalMiss is a request whose turn's decisions are not in the cache.
type goalMiss struct {
	g, pair int32 // its group, and its pair in the group (rank·width + p − lo)
	req     int32
	key     uint64
}

// goalBatchGames is the number of games the simulator keeps in play together for a goal
// strategy: enough that the middle turns of a chunk's games meet in their groups (hasbro's
// target:300 plays 43,441 to 43,960 games/s on two workers with 16,384, 30,191 with 4,096,
// 47,971 with 65,536), few enough that a chunk lasts about a second on one core (a
// checkpoint or an interruption waits for the chunks in play).
const goalBatchGames = 16384

// Decide answers every request: where the goal is settled with the mean's decisions,
// else from the cache, working out together the turns it lacks.
func (b *goalBatch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	sp, gv, c := b.sp, b.gv, &b.cache
	b.miss = b.miss[:0]
	for i := range reqs {
		rq := &reqs[i]
		sh := rq.Sheet
		key, points := sp.GoalKey(sh)
		mask, u, f, ok := sp.SheetParts(sh)
		if !ok {
			return fmt.Errorf("strategy %s: game %d: sheet state %#x, upper %d is not a state of rules %s", b.t.Objective(), rq.Game, sh.FilledMask(), sh.Upper(0), sp.Rules.Name())
		}
		g := int(mask)*sp.NumFlags + f
		switch {
		case gv.Settled(sp, g, mask, u, points):
			if rq.RollsLeft > 0 {
				answers[i].Keep = b.mean.Keep(sh, rq.Roll, rq.RollsLeft)
			} else {
				answers[i].Box = b.mean.Box(sh, rq.Roll, rq.RollsUsed)
			}
		case c.has(c.slot(key), key):
			answerFrom(c, c.slot(key), rq, &answers[i])
		default:
			first, off := gv.Pair(sp, g, mask, u, points)
			b.miss = append(b.miss, goalMiss{g: int32(g), pair: int32(first + int(off)), req: int32(i), key: key})
		}
	}
	slices.SortFunc(b.miss, func(x, y goalMiss) int {
		return cmp.Or(cmp.Compare(x.g, y.g), cmp.Compare(x.pair, y.pair), cmp.Compare(x.req, y.req))
	})
	w := b.w
	for j := 0; j < len(b.miss); {
		// A block: misses of one group, at most maxLanes pairs, each within span of the
		// first.
		g, base := b.miss[j].g, b.miss[j].pair
		n, k := 0, j
		for ; k < len(b.miss) && b.miss[k].g == g && b.miss[k].pair-base < b.span; k++ {
			if k == j || b.miss[k].pair != b.miss[k-1].pair {
				if n == widget.MaxLanes {
					break
				}
				b.lanes[n] = uint16(b.miss[k].pair - base)
				n++
			}
		}
		w.SetLanes(b.lanes[:n])
		w.PairBase = int(base)
		w.Evaluate(uint32(int(g)/sp.NumFlags), int(g)%sp.NumFlags, true)
		lane := -1
		for m := j; m < k; m++ {
			ms := &b.miss[m]
			if m == j || ms.pair != b.miss[m-1].pair {
				lane++
			}
			// Two sheets may share a pair under two keys (subtotals the solver merges): each
			// key gets its slot. A slot taken again later in the block was answered from
			// already.
			slot := c.slot(ms.key)
			if !c.has(slot, ms.key) {
				w.LaneEntries(lane, &b.entries)
				c.store(slot, ms.key, &b.entries)
			}
			answerFrom(c, slot, &reqs[ms.req], &answers[ms.req])
		}
		j = k
	}
	return nil
}

// answerFrom answers request rq from the decisions of its turn, in slot i of c.
func answerFrom(c *goalCache, i int, rq *strategies.Request, a *strategies.Answer) {
	e := c.entry(i, rq.Roll)
	if rq.RollsLeft > 0 {
		a.Keep = widget.EntryKeep(e, rq.Roll, rq.RollsLeft)
	} else {
		a.Box = engine.BoxID(widget.EntryBox(e))
	}
}

// Close releases nothing: the tables are the process's.
func (b *goalBatch) Close() error { return nil }
