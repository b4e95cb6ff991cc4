package solver

import (
	"fmt"

	"yams/strategies/widget"
)

// coder compresses the decisions of a solve layer by layer (decisions.go): the workers
// model each group they solve into symbols and count them; at the end of a layer the
// counts make the layer's codes, and the workers write the codes of the layer's groups.
// A layer's symbols are dropped once coded, so the memory of a solve holds the codes of
// the layers done and the symbols of one layer.
type coder struct {
	sp      *widget.Space
	workers []coderWorker
	// symbols[g]: where group g's symbols are, for the groups of the current layer;
	// codes[g]: where its codes are.
	symbols, codes []span
	lens           [][]uint8 // per layer, the code lengths of its tables
}

type coderWorker struct {
	syms   []byte // the symbols of the groups this worker modelled in the current layer
	counts [numTables][64]uint64
	out    []byte // the codes of the groups this worker wrote
}

// span is a group's bytes: out[start:end] or syms[start:end] of worker w.
type span struct {
	w          int32
	start, end int64
}

func newCoder(sp *widget.Space, workers int) *coder {
	n := sp.NumFlags << sp.NumBoxes
	return &coder{sp: sp, workers: make([]coderWorker, workers), symbols: make([]span, n), codes: make([]span, n), lens: make([][]uint8, sp.NumBoxes)}
}

// model turns the decisions of group g, solved by worker id, into symbols.
func (c *coder) model(id, g int, gd *groupDecisions) {
	cw := &c.workers[id]
	start := len(cw.syms)
	cw.syms = modelGroup(cw.syms, gd, &cw.counts)
	c.symbols[g] = span{w: int32(id), start: int64(start), end: int64(len(cw.syms))}
}

// endLayer makes the codes of layer n from the counts of its symbols and writes the codes
// of its groups, with the solve's workers.
func (c *coder) endLayer(n int, groups []int, ws []*solveWorker) {
	var counts [numTables][64]uint64
	for i := range c.workers {
		cw := &c.workers[i]
		for t := range counts {
			for s, x := range cw.counts[t] {
				counts[t][s] += x
			}
		}
		cw.counts = [numTables][64]uint64{}
	}
	codes, lens := layerCodes(&counts)
	c.lens[n] = lens
	ForEach(ws, len(groups), func(_ *solveWorker, id, i int) {
		g := groups[i]
		src := c.symbols[g]
		cw := &c.workers[id]
		start := len(cw.out)
		bw := bitWriter{buf: cw.out}
		encodeSymbols(&bw, c.workers[src.w].syms[src.start:src.end], c.sp.Rolls, &codes)
		cw.out = bw.flush()
		c.codes[g] = span{w: int32(id), start: int64(start), end: int64(len(cw.out))}
	})
	for i := range c.workers {
		c.workers[i].syms = c.workers[i].syms[:0]
	}
}

// stream returns the decisions of every group, once every layer is coded.
func (c *coder) stream() *decisionStream {
	size := 0
	for _, s := range c.codes {
		size += int(s.end - s.start)
	}
	data := make([]byte, 0, size)
	off := make([]uint64, len(c.codes)+1)
	for g, s := range c.codes {
		data = append(data, c.workers[s.w].out[s.start:s.end]...)
		off[g+1] = uint64(len(data))
	}
	d, err := newDecisionStream(c.sp.Rolls, c.lens, off, data)
	if err != nil {
		panic(fmt.Sprintf("optimal: the codes of a solve: %v", err))
	}
	return d
}
