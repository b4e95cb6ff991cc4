package optimal

import (
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"yams/engine"
)

// goal is an objective of the final score alone: the expected value of u(final score),
// u(s) = 0 below from, util[s − from] from from to upto − 1, 1 from upto on. target:T is
// from = upto = T (u(s) = 1 when s ≥ T); beat:S is u(s) = P(S scores less than s) plus
// half P(S scores s), S's exact distribution (beatGoal).
type goal struct {
	from, upto int
	util       []float64
}

// goalOf returns the goal of objective o (Target or Beat) on rules r: for beat:S, from S's
// exact distribution of the final score, which it analyses.
func goalOf(r *engine.Rules, o Objective) (goal, error) {
	if o.Kind == Target {
		return goal{from: o.Target, upto: o.Target}, nil
	}
	fig, err := Analyze(o.Opponent, r, Options{Distribution: true})
	if err != nil {
		return goal{}, fmt.Errorf("%w: %s needs the exact distribution of the final score of %s: %w", ErrObjective, o, o.Opponent, err)
	}
	return beatGoal(fig.DistMin, fig.Distribution), nil
}

// beatGoal returns the goal of beating an opponent whose final score is lo+i with
// probability d[i]: u(s) = P(opponent < s) + P(opponent = s)/2. Each u is summed from
// the side where it is small (the probabilities below s, or 1 less those above), so that
// neither tail loses its digits to the other; u is 1 from the first score from which
// every u rounds to 1 in float64 (past the opponent's best score at the latest).
func beatGoal(lo int, d []float64) goal {
	n := len(d)
	below, above := make([]float64, n), make([]float64, n)
	for i := 1; i < n; i++ {
		below[i] = below[i-1] + d[i-1]
	}
	for i := n - 2; i >= 0; i-- {
		above[i] = above[i+1] + d[i+1]
	}
	util := make([]float64, n)
	for i := range n {
		if below[i] <= above[i] {
			util[i] = below[i] + d[i]/2
		} else {
			util[i] = 1 - (above[i] + d[i]/2)
		}
	}
	upto := lo + n
	for upto > lo && util[upto-1-lo] == 1 {
		upto--
	}
	return goal{from: lo, upto: upto, util: util[:upto-lo]}
}

// targetValues holds the values of an objective of the final score (target:T, beat:S):
// for every turn-start state (mask, u, f) and every number of points scored so far p, the
// best expected u(p + points still to come). Two kinds of pairs are certain and not
// stored: p so high that the least the open boxes score reaches upto (1, whatever the
// play), and p so low that the most they can score stays below from (0); every option
// ties there. Nor are scores so far above the most the filled boxes can have scored. A
// group's other pairs are stored subtotal after subtotal, the scores so far of a
// subtotal consecutive: v[base[g] + rank(u)·width[g] + p − lo[g]], so that a box's
// scores, which move p by a few points at a time, read neighbouring values.
type targetValues struct {
	goal
	base  []int64 // per group g = mask·nf + f, and the total at the end
	lo    []int32 // per group: the lowest score so far stored
	width []int32 // per group: the scores so far stored, from lo
	least []int32 // per group: the least the open boxes score
	rank  []uint16
	v     []float64
}

// maxTargetWidth is the most scores so far a group stores: the widget's lanes carry a
// score's offset in 16 bits.
const maxTargetWidth = 1 << 16

// newTargetValues lays out the values of goal gl on sp, without allocating them.
func newTargetValues(sp *space, gl goal) *targetValues {
	ng := sp.nf << sp.nb
	tv := &targetValues{goal: gl, base: make([]int64, ng+1), lo: make([]int32, ng), width: make([]int32, ng),
		least: make([]int32, ng), rank: make([]uint16, len(sp.ureach))}
	for up, lanes := range sp.lanes {
		for k, u := range lanes {
			tv.rank[up*sp.nu+int(u)] = uint16(k)
		}
	}
	// The most and the least each box adds to the total: a subtracted box adds minus its
	// score.
	best, least := make([]int, sp.nb), make([]int, sp.nb)
	for b := range sp.nb {
		hi, lo := slices.Max(sp.boxScores(b)), slices.Min(sp.boxScores(b))
		if sp.sign[b] < 0 {
			hi, lo = -lo, -hi
		}
		best[b], least[b] = hi, lo
	}
	n := int64(0)
	for g := range ng {
		tv.base[g] = n
		mask, f := uint32(g/sp.nf), g%sp.nf
		if !sp.groupValid(mask, f) {
			continue
		}
		most, sure, lowest, done := sp.pointsBounds(mask, f, best, least)
		lo := max(lowest, gl.from-most)
		hi := min(done, gl.upto-sure-1)
		tv.least[g], tv.lo[g], tv.width[g] = int32(sure), int32(lo), int32(max(0, hi-lo+1))
		n += int64(len(sp.lanes[sp.up(mask)])) * int64(tv.width[g])
	}
	tv.base[ng] = n // the values are allocated by the solve or the reader, once checked
	return tv
}

// size returns the number of stored values.
func (tv *targetValues) size() int64 { return tv.base[len(tv.base)-1] }

// pointsBounds bounds the points of a sheet with mask filled and flag f: the most and the
// least the open boxes can still add to the total (the upper bonus and an extra bonus per
// box included in the most), and the least and the most the filled boxes can have added
// (best[b] and least[b] are the most and the least box b adds: a subtracted box adds
// minus its score). An extra bonus is paid only while the yahtzee box holds a score
// (f = 1, which no turn undoes), so a sheet of flag 0 has none.
func (sp *space) pointsBounds(mask uint32, f int, best, least []int) (most, sure, lowest, done int) {
	open := sp.full &^ mask
	for l := open; l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		most += best[b] + sp.extra
		sure += least[b]
	}
	if open&sp.upper != 0 {
		most += sp.bonus
	}
	for l := mask; l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		done += best[b]
		lowest += least[b]
	}
	if mask&sp.upper != 0 {
		done += sp.bonus
	}
	if f == 1 {
		done += sp.extra * bits.OnesCount32(mask)
	}
	return most, sure, lowest, done
}

// value returns the best expected utility from state (mask, u, f), in group g = mask·nf
// + f, with p points scored so far.
func (tv *targetValues) value(sp *space, g int, mask uint32, u, p int) float64 {
	k := p - int(tv.lo[g])
	switch {
	case k < 0:
		return 0
	case k >= int(tv.width[g]):
		return tv.beyond(g, p)
	}
	return tv.v[tv.base[g]+int64(tv.rank[sp.up(mask)*sp.nu+u])*int64(tv.width[g])+int64(k)]
}

// beyond is the value of a score so far above a group's stored ones: 1 where the least
// the open boxes score reaches upto. Any other such score is more than the filled boxes
// can have scored, which no game reaches; the solve asks for it all the same from pairs
// no game reaches either (a score so far that counts the upper bonus beside a subtotal
// below the threshold), whose values nothing a game reaches reads. The exact analysis
// checks that no game reaches such a pair (reachable).
func (tv *targetValues) beyond(g, p int) float64 {
	if p+int(tv.least[g]) >= tv.upto {
		return 1
	}
	return 0
}

// reachable reports whether score so far p of group g is one the values cover: stored,
// or settled below or above them.
func (tv *targetValues) reachable(g, p int) bool {
	return p < int(tv.lo[g]+tv.width[g]) || p+int(tv.least[g]) >= tv.upto
}

// settled reports whether every option of state (mask, u, f) in group g is worth the same
// to the objective when p points are scored so far: the open boxes reach upto whatever
// the play, or no play can score anything u values.
func (tv *targetValues) settled(sp *space, g int, mask uint32, u, p int) bool {
	return p+int(tv.least[g]) >= tv.upto || tv.value(sp, g, mask, u, p) == 0
}

// pair returns the first pair of subtotal u in group g, and the offset of score so far p
// from it: the widget's lanes are offsets from a pair (widget.pairBase).
func (tv *targetValues) pair(sp *space, g int, mask uint32, u, p int) (int, uint16) {
	return int(tv.rank[sp.up(mask)*sp.nu+u]) * int(tv.width[g]), uint16(p - int(tv.lo[g]))
}

// checkTarget refuses a goal on sp when a group would store more scores so far than the
// widget's lanes can number.
func checkTarget(sp *space, o Objective, gl goal) error {
	tv := newTargetValues(sp, gl)
	if w := slices.Max(tv.width); w > maxTargetWidth {
		return fmt.Errorf("%w: %s on rules %s: a sheet would store %d scores so far, more than the solver's %d", ErrObjective, o, sp.rules.Name(), w, maxTargetWidth)
	}
	return nil
}

// targetMemory estimates the memory of solving or loading goal gl on sp: its values, and
// the mean's table and decisions, which play where the objective is settled.
func targetMemory(sp *space, gl goal) int64 {
	return sumSat(mulSat(newTargetValues(sp, gl).size(), 8), tableMemory(sp))
}

// targetWhat names the strategy of objective o on r in a *MemoryError.
func targetWhat(r *engine.Rules, o Objective) string {
	return "the strategy " + o.String() + " of rules " + r.Name() + " (its values for every state and score so far, and the optimal strategy's table)"
}

// scoreValues is widget.scoreValues for an objective of the final score: lane i of group
// (mask, f) is the pair base + lanes[i] (rank·width + p − lo), and dst[i] its value after
// scoring pts in box b (reward points) and moving to flag f2.
func (tv *targetValues) scoreValues(sp *space, mask uint32, f, f2, b, pts, reward, base int, lanes []uint16, dst []float64) {
	g := int(mask)*sp.nf + f
	n, lo := int(tv.width[g]), int(tv.lo[g])
	us := sp.lanes[sp.up(mask)]
	nm := mask | 1<<b
	g2 := int(nm)*sp.nf + f2
	n2, lo2, base2, up2 := int64(tv.width[g2]), int64(tv.lo[g2]), tv.base[g2], sp.up(nm)*sp.nu
	upper := sp.upper&(1<<b) != 0
	dead := 0
	if upper && sp.merge {
		dead = sp.deadBelow[sp.up(nm)]
	}
	for i, lane := range lanes {
		pair := base + int(lane)
		k, p := pair/n, pair%n+lo
		t, x := int(us[k]), reward
		if upper {
			nu := t + pts
			if sp.threshold > 0 && t < sp.threshold && nu >= sp.threshold {
				x += sp.bonus
			}
			t = min(sp.cap, nu)
			if t < dead {
				t = 0
			}
		}
		switch k2 := int64(p+x) - lo2; {
		case k2 < 0:
			dst[i] = 0
		case k2 >= n2:
			dst[i] = tv.beyond(g2, p+x)
		default:
			dst[i] = tv.v[base2+int64(tv.rank[up2+t])*n2+k2]
		}
	}
}

// laneNumbers are the offsets of a block's pairs from its first, for the widget's lanes.
var laneNumbers = func() []uint16 {
	l := make([]uint16, maxLanes)
	for i := range l {
		l[i] = uint16(i)
	}
	return l
}()

// solveTarget solves target:T on t's space: the values of every (state, need) pair, by
// backward induction over the filled boxes as solveTable does, each group's pairs worked
// out maxLanes at a time by the widget. It keeps no decisions: play works them out from
// the values (targetStrategy).
func solveTarget(t *Table, workers int, progress ...func(layers int)) {
	sp, tv := t.sp, t.tv
	tv.v = make([]float64, tv.size())
	t.solved = time.Now().UTC().Truncate(time.Second)
	// The sheets with every box filled are worth u of their score.
	for f := range sp.nf {
		g := int(sp.full)*sp.nf + f
		if !sp.groupValid(sp.full, f) {
			continue
		}
		n := int(tv.width[g])
		for k := range sp.lanes[sp.up(sp.full)] {
			for j := range n {
				tv.v[tv.base[g]+int64(k*n+j)] = tv.util[int(tv.lo[g])+j-tv.from]
			}
		}
	}
	layers := make([][]uint32, sp.nb+1)
	for m := range uint32(1 << sp.nb) {
		if sp.maskOK[m] {
			n := bits.OnesCount32(m)
			layers[n] = append(layers[n], m)
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ws := make([]*solveWorker, workers)
	for i := range ws {
		ws[i] = &solveWorker{w: t.newWidget()}
	}
	for n := sp.nb - 1; n >= 0; n-- {
		// A group's pairs in blocks of maxLanes: the work items of the layer.
		type block struct {
			g      int32
			lo, hi int32 // pairs of the group
		}
		var blocks []block
		for _, m := range layers[n] {
			for f := range sp.nf {
				g := int(m)*sp.nf + f
				if !sp.groupValid(m, f) {
					continue
				}
				pairs := len(sp.lanes[sp.up(m)]) * int(tv.width[g])
				for lo := 0; lo < pairs; lo += maxLanes {
					blocks = append(blocks, block{int32(g), int32(lo), int32(min(lo+maxLanes, pairs))})
				}
			}
		}
		forEach(ws, len(blocks), func(sw *solveWorker, _, i int) {
			bl := blocks[i]
			g := int(bl.g)
			w := sw.w
			w.setLanes(laneNumbers[:bl.hi-bl.lo])
			w.pairBase = int(bl.lo)
			e := w.evaluate(uint32(g/sp.nf), g%sp.nf, false)
			copy(tv.v[tv.base[g]+int64(bl.lo):], e)
		})
		for _, f := range progress {
			f(sp.nb - n)
		}
	}
}

// decideTarget works out the decisions of state (mask, u, f) with p points scored so far
// (a pair that is not settled) into out, and returns its value.
func (w *widget) decideTarget(mask uint32, u, f, p int, out *[numRolls]uint32) float64 {
	w.pairBase, w.one[0] = w.tv.pair(w.sp, int(mask)*w.sp.nf+f, mask, u, p)
	w.setLanes(w.one[:])
	e := w.evaluate(mask, f, true)[0]
	w.laneEntries(0, out)
	return e
}

// targetPoints returns the points a sheet has scored as the solver counts them: every box
// and extra bonus, and the upper bonus as soon as the subtotal reaches the threshold
// (rules that count it only once the upper section is full pay the same in the end).
func (sp *space) targetPoints(sh *engine.Sheet) int {
	p := sh.Total() - sh.UpperBonus(0)
	if sp.threshold > 0 && sh.Upper(0) >= sp.threshold {
		p += sp.bonus
	}
	return p
}
