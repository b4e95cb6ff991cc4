package tableplay

import (
	"fmt"
	"math"
	"runtime"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// remaining holds, for every turn-start state of a space, the distribution of the points
// still to come when a strategy plays the rest of the game: the probability of lo+i
// points for i from 0 to n−1, in float32. The tails of the distribution are cut where
// each holds less than remainingTail of probability, which keeps the extra bonuses'
// long tail (a hundred points a bonus, the third in one game in a few thousand) from
// tripling the table. The points are counted as the solver counts them (pointsSoFar: the
// upper bonus as soon as it is earned), so that points so far plus points to come is the
// final score.
//
// It is computed backwards, a layer of filled boxes at a time: a state's distribution is
// the mix, over the outcomes of its turn under the strategy's decisions (the forward
// pass of one turn that the exact analysis makes, turnWorker), of the next states'
// distributions shifted by the points gained. The states of a layer are independent and
// are worked out in parallel, each by the same sequential code, so the table does not
// depend on the number of workers.
type remaining struct {
	sp *widget.Space
	// The distribution of state i (a dense index of sp) is n[i] probabilities from lo[i]
	// points, at offset off[i]&0xffffffff of chunk off[i]>>32; n is 0 for a state no game
	// reaches. The chunks are filled state after state, a layer at a time, so that the
	// table is never held twice while it is made or read.
	off    []int64
	lo     []int32
	n      []int32
	chunks [][]float32
	probs  int64 // the probabilities of every state
	// toCome, when known (a table read from its file), is the probabilities still to be
	// reserved: the last chunk is made to hold them and no more, rather than a whole
	// chunk for the few hundred KB of a column of a few boxes.
	toCome int64
}

// Bytes is the memory rm holds: its index of the states and its chunks.
func (rm *remaining) Bytes() int64 {
	n := int64(len(rm.off))*8 + int64(len(rm.lo))*4 + int64(len(rm.n))*4
	for _, c := range rm.chunks {
		n += int64(cap(c)) * 4
	}
	return n
}

// remainingChunk is the probabilities a chunk holds: 64 MiB.
const remainingChunk = 1 << 24

// put stores the distribution v of state i, from lo points, in the chunks.
func (rm *remaining) put(i, lo int, v []float32) { copy(rm.reserve(i, lo, len(v)), v) }

// reserve makes room in the chunks for the n probabilities of state i, from lo points,
// and returns it.
func (rm *remaining) reserve(i, lo, n int) []float32 {
	last := len(rm.chunks) - 1
	if last < 0 || len(rm.chunks[last])+n > cap(rm.chunks[last]) {
		size := int64(remainingChunk)
		if rm.toCome > 0 {
			size = min(size, rm.toCome)
		}
		rm.chunks = append(rm.chunks, make([]float32, 0, max(size, int64(n))))
		last++
	}
	rm.toCome = max(0, rm.toCome-int64(n))
	c := rm.chunks[last]
	rm.off[i], rm.lo[i], rm.n[i] = int64(last)<<32|int64(len(c)), int32(lo), int32(n)
	rm.chunks[last] = c[:len(c)+n]
	rm.probs += int64(n)
	return rm.chunks[last][len(c):]
}

// remainingTail is the most probability each cut tail of a state's distribution holds.
// A cut changes a probability of winning by at most twice that, per layer the game has
// still to play: 2.6e-8 over a game of 13 turns, far below what a million games measure.
const remainingTail = 1e-9

// dist returns the distribution of the points still to come from state i: the
// probability of lo+k points is p[k].
func (rm *remaining) dist(i int) (lo int, p []float32) {
	o := rm.off[i]
	k := o & 0xffffffff
	return int(rm.lo[i]), rm.chunks[o>>32][k : k+int64(rm.n[i])]
}

// newRemaining returns an empty table of sp.
func newRemaining(sp *widget.Space) *remaining {
	n := sp.NumStates()
	return &remaining{sp: sp, off: make([]int64, n), lo: make([]int32, n), n: make([]int32, n)}
}

// solveRemaining computes the distributions of the points still to come from every state
// of sp under the decisions newDecider makes, with workers goroutines (0: one per CPU),
// each tail holding at most tail of the probability cut (remainingTail). what names the table in a *memlimit.Error; base is the memory already taken (the
// strategy's decisions), which the limit leaves aside. After each layer it calls the
// progress functions with the layers done.
func solveRemaining(sp *widget.Space, newDecider func() (analysis.Decider, error), workers int, tail float64, what string, base int64, progress ...func(layers int)) (*remaining, error) {
	making := layerMemory(sp, sp.Rules)
	if err := memlimit.Check(what, memlimit.Sum(base, remainingMemory(sp, 0), making)); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Each worker writes the distributions it makes of a layer one after another into a
	// buffer of its own, which the next layer reuses: the layer in the making is one
	// buffer a worker, not a slice a state, and packing it into the chunks leaves no
	// garbage behind (a slice a state left each layer's distributions for the collector,
	// and the process peaked above --max-memory before they were given back).
	type worker struct {
		tw  *analysis.TurnWorker
		res analysis.TurnResult
		buf []float64
		out []float32
	}
	share := int(float64(making) / 4 / float64(workers))
	ws := make([]*worker, workers)
	for i := range ws {
		d, err := newDecider()
		if err != nil {
			return nil, err
		}
		ws[i] = &worker{tw: analysis.NewTurnWorker(sp, d), out: make([]float32, 0, share)}
	}
	rm := newRemaining(sp)
	// The layer in the making: state i's distribution is n[i] probabilities from lo[i]
	// points, at offset at[i] of the buffer of worker by[i].
	at := make([]int64, sp.NumStates())
	by := make([]uint16, sp.NumStates())
	n := make([]int32, sp.NumStates())
	lo := make([]int32, sp.NumStates())
	for f := range sp.NumFlags {
		if !sp.GroupValid(sp.FullMask, f) {
			continue
		}
		for _, u := range sp.Lanes[sp.Up(sp.FullMask)] {
			rm.put(sp.Index(sp.FullMask, int(u), f), 0, []float32{1})
		}
	}
	layers := sp.Layers()
	var list []int
	errs := make([]error, workers)
	for layer := sp.NumBoxes - 1; layer >= 0; layer-- {
		list = list[:0]
		for _, m := range layers[layer] {
			for f := range sp.NumFlags {
				if !sp.GroupValid(m, f) {
					continue
				}
				for _, u := range sp.Lanes[sp.Up(m)] {
					list = append(list, sp.Index(m, int(u), f))
				}
			}
		}
		solver.ForEach(ws, len(list), func(w *worker, id, k int) {
			if errs[id] != nil {
				return
			}
			i := list[k]
			res := &w.res
			res.Src, res.Count, res.Transitions = res.Src[:0], res.Count[:0], res.Transitions[:0]
			if err := w.tw.Run(i, 1, res); err != nil {
				errs[id] = err
				return
			}
			// The span of the mix: every outcome's next distribution, shifted.
			a, b := math.MaxInt, math.MinInt
			for _, t := range res.Transitions {
				if rm.n[t.Next] == 0 {
					errs[id] = fmt.Errorf("optimal: state %d leads to state %d, which has no distribution", i, t.Next)
					return
				}
				l := int(t.Reward) + int(rm.lo[t.Next])
				a, b = min(a, l), max(b, l+int(rm.n[t.Next]))
			}
			if cap(w.buf) < b-a {
				w.buf = make([]float64, b-a)
			}
			buf := w.buf[:b-a]
			clear(buf)
			for _, t := range res.Transitions {
				nl, nv := rm.dist(int(t.Next))
				dst := buf[int(t.Reward)+nl-a:]
				q := t.Q
				for j, x := range nv {
					dst[j] += q * float64(x)
				}
			}
			l, v := trimTails(buf, tail)
			at[i], by[i], n[i], lo[i] = int64(len(w.out)), uint16(id), int32(len(v)), int32(a+l)
			for _, x := range v {
				w.out = append(w.out, float32(x))
			}
		})
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		// The layer's probabilities are made: packed into the chunks, with the slack of the
		// last chunk, they must fit.
		for _, i := range list {
			rm.put(i, int(lo[i]), ws[by[i]].out[at[i]:at[i]+int64(n[i])])
		}
		for _, w := range ws {
			w.out = w.out[:0]
		}
		if err := memlimit.Check(what, memlimit.Sum(base, remainingMemory(sp, rm.probs+remainingChunk), making)); err != nil {
			return nil, err
		}
		for _, f := range progress {
			f(sp.NumBoxes - layer)
		}
	}
	return rm, nil
}

// trimTails cuts from d each tail that holds at most tail of its probability, adding what
// it cuts to the first and the last probability kept: the distribution keeps its mass,
// and a tail's points are moved towards the middle by the least that leaves them in. It
// returns the part kept and where it starts in d.
func trimTails(d []float64, tail float64) (int, []float64) {
	i, left := 0, 0.0
	for i < len(d)-1 && left+d[i] <= tail {
		left += d[i]
		i++
	}
	j, right := len(d), 0.0
	for j > i+1 && right+d[j-1] <= tail {
		right += d[j-1]
		j--
	}
	d[i] += left
	d[j-1] += right
	return i, d[i:j]
}

// sheetIndex returns the state of a sheet of rm's rules as its dense index.
func (rm *remaining) sheetIndex(s *engine.Sheet) (int, bool) {
	return rm.sp.SheetState(s)
}
