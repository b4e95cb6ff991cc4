package solver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/strategies/widget"
)

// The decisions of a table are kept compressed, group by group: the states of a group (a
// mask and a flag) differ only by their upper subtotal, and along the subtotals a roll's
// decisions change rarely (22 rolls of 252 between two neighbouring subtotals on average
// for hasbro) and often back to a value they had. A decision is a tuple of fields: the
// box for the roll (field 0), then the keep with 1, 2, ... rolls left (fields 1 to
// rolls−1), a keep told by its position in engine.SubKeeps(roll), as the policy stores it.
// A group is written roll after roll:
//
//	the first lane's tuple: its box (tabBox0), its keep with 1 roll left (tabKeep0),
//	    each other keep (tabKeepSame0: a position, or sameKeep for the keep above);
//	the number of lanes where the tuple changes (tabRuns), then for each: the lanes
//	    from the previous change, less one (tabGap), and the change (tabChange): one of
//	    the roll's 3 latest earlier tuples (0 to 2), or a new tuple told by which
//	    fields differ from the current one (3 + pattern − 1), each followed by its value
//	    (tabBox, tabKeep).
//
// Each symbol is written with a canonical Huffman code of its table (huffman.go), the
// codes built per layer of filled boxes from the symbols of the layer's groups; counts
// and gaps of 63 or more are written as escape then 32 bits. That makes hasbro's
// decisions about 12 MiB of its 15.2 MiB file (184 MB laid out for play), and a group decodes in microseconds,
// the first time a game reaches it.

// The tables of the symbols.
const (
	tabBox0 = iota
	tabKeep0
	tabKeepSame0
	tabRuns
	tabGap
	tabChange
	tabBox
	tabKeep
	numTables
)

// tableSize is the number of symbols of each table.
var tableSize = [numTables]int{
	tabBox0: engine.MaxBoxes, tabKeep0: 32, tabKeepSame0: 33, tabRuns: 64, tabGap: 64,
	tabChange: 3 + 1<<engine.MaxRollsPerTurn - 1, tabBox: engine.MaxBoxes, tabKeep: 32,
}

const (
	escape   = 63 // tabRuns, tabGap: the value follows in 32 bits
	sameKeep = 32 // tabKeepSame0: the same keep as with one roll less left
	recent   = 3  // earlier tuples of a roll that a change may name
)

// numCodeLengths is the number of code lengths of a layer: every table's symbols.
var numCodeLengths = func() int {
	n := 0
	for _, s := range tableSize {
		n += s
	}
	return n
}()

// errDecisions reports a group's bytes that do not decode: never the case of a stream
// the solver wrote, and checked anyway, so that no file can make decoding panic.
var errDecisions = errors.New("malformed decisions")

// decisionStream holds the compressed decisions of every group of a table.
type decisionStream struct {
	rolls int
	// lens[n] holds the code lengths of the tables of layer n (the groups of n filled
	// boxes), table after table; dec[n] their decoders.
	lens [][]uint8
	dec  []*[numTables]huffTable
	off  []uint64 // the bytes of group g are data[off[g]:off[g+1]]; empty for groups no game reaches
	data []byte
}

// newDecisionStream checks the code lengths of every layer and builds their decoders.
func newDecisionStream(rolls int, lens [][]uint8, off []uint64, data []byte) (*decisionStream, error) {
	d := &decisionStream{rolls: rolls, lens: lens, off: off, data: data, dec: make([]*[numTables]huffTable, len(lens))}
	for n, l := range lens {
		if len(l) != numCodeLengths {
			return nil, fmt.Errorf("layer %d: %d code lengths, want %d", n, len(l), numCodeLengths)
		}
		d.dec[n] = new([numTables]huffTable)
		for t, lt := range splitTables(l) {
			if !newHuffTable(lt, &d.dec[n][t]) {
				return nil, fmt.Errorf("layer %d, table %d: code lengths that make no prefix code", n, t)
			}
		}
	}
	return d, nil
}

// splitTables returns the code lengths of each table of a layer.
func splitTables(l []uint8) [numTables][]uint8 {
	var out [numTables][]uint8
	for t, s := range tableSize {
		out[t], l = l[:s], l[s:]
	}
	return out
}

// group returns the bytes of group g.
func (d *decisionStream) group(g int) []byte { return d.data[d.off[g]:d.off[g+1]] }

// fieldShift is where field f of a tuple sits in a policy entry (boxBits, keepBits).
func fieldShift(f int) uint {
	if f == 0 {
		return 0
	}
	return uint(widget.BoxBits + widget.KeepBits*(f-1))
}

func fieldMask(f int) uint32 {
	if f == 0 {
		return 1<<widget.BoxBits - 1
	}
	return 1<<widget.KeepBits - 1
}

// groupDecisions is what a solve hands the coder: the decisions of every lane of a group,
// rows[f][r*stride+lane] the field f of roll r (the box, or the rank of the keep, keepRank,
// with f rolls left: 0 for stop).
type groupDecisions struct {
	rolls, lanes, stride int
	rows                 [engine.MaxRollsPerTurn][]uint8
	changes              []int32 // scratch space
}

// entry returns the tuple of roll r in a lane as a policy entry.
func (g *groupDecisions) entry(r, lane int) uint32 {
	i := r*g.stride + lane
	e := uint32(g.rows[0][i])
	for f := 1; f < g.rolls; f++ {
		e |= uint32(widget.PosOfRank[r][g.rows[f][i]]) << fieldShift(f)
	}
	return e
}

// symbolWriter appends symbols to a buffer (a table's symbol a byte, an escape's value 4
// bytes after it) and counts them.
type symbolWriter struct {
	syms   []byte
	counts *[numTables][64]uint64
}

func (w *symbolWriter) put(t, s int) {
	w.syms = append(w.syms, byte(s))
	w.counts[t][s]++
}

func (w *symbolWriter) putValue(t, v int) {
	if v < escape {
		w.put(t, v)
		return
	}
	w.put(t, escape)
	w.syms = binary.LittleEndian.AppendUint32(w.syms, uint32(v))
}

// modelGroup appends to syms the symbols of a group's decisions and counts them in counts.
// Its rows must be readable 8 bytes past each roll's last lane.
func modelGroup(syms []byte, g *groupDecisions, counts *[numTables][64]uint64) []byte {
	w := symbolWriter{syms: syms, counts: counts}
	R, L := g.rolls, g.lanes
	for r := range widget.NumRolls {
		e := g.entry(r, 0)
		w.put(tabBox0, int(e&fieldMask(0)))
		for f := 1; f < R; f++ {
			k := int(e >> fieldShift(f) & fieldMask(f))
			if f == 1 {
				w.put(tabKeep0, k)
			} else if k == int(e>>fieldShift(f-1)&fieldMask(f-1)) {
				w.put(tabKeepSame0, sameKeep)
			} else {
				w.put(tabKeepSame0, k)
			}
		}
		// The lanes where the tuple changes, 8 at a time: byte j of a word of changes
		// is lane l+1+j against lane l+j, for every field at once.
		base := r * g.stride
		changes := g.changes[:0]
		for l := 0; l < L-1; l += 8 {
			var x uint64
			for f := range R {
				row := g.rows[f][base+l:]
				x |= binary.LittleEndian.Uint64(row) ^ binary.LittleEndian.Uint64(row[1:])
			}
			if rest := L - 1 - l; rest < 8 {
				x &= 1<<(8*rest) - 1
			}
			for x != 0 {
				j := bits.TrailingZeros64(x) >> 3
				changes = append(changes, int32(l+1+j))
				x &^= 0xff << (8 * j)
			}
		}
		g.changes = changes
		w.putValue(tabRuns, len(changes))
		var mru [1 + recent]uint32
		mru[0] = e
		have, prev := 1, 0
		for _, l := range changes {
			w.putValue(tabGap, int(l)-prev-1)
			prev = int(l)
			e := g.entry(r, int(l))
			k := 1
			for k < have && mru[k] != e {
				k++
			}
			if k < have {
				w.put(tabChange, k-1)
				copy(mru[1:k+1], mru[:k])
				mru[0] = e
				continue
			}
			pattern := 0
			for f := range R {
				if (e^mru[0])>>fieldShift(f)&fieldMask(f) != 0 {
					pattern |= 1 << f
				}
			}
			w.put(tabChange, 3+pattern-1)
			for f := range R {
				if pattern&(1<<f) != 0 {
					v := int(e >> fieldShift(f) & fieldMask(f))
					if f == 0 {
						w.put(tabBox, v)
					} else {
						w.put(tabKeep, v)
					}
				}
			}
			copy(mru[1:], mru[:recent])
			mru[0] = e
			have = min(have+1, len(mru))
		}
	}
	return w.syms
}

// encodeSymbols appends to w the codes of a group's symbols (modelGroup's) for rules of
// that many rolls.
func encodeSymbols(w *bitWriter, syms []byte, rolls int, codes *[numTables]huffCode) {
	i := 0
	put := func(t int) int {
		s := syms[i]
		i++
		w.code(codes[t][s])
		return int(s)
	}
	putValue := func(t int) int {
		s := put(t)
		if s != escape {
			return s
		}
		v := binary.LittleEndian.Uint32(syms[i:])
		i += 4
		w.write(uint64(v&0xffff), 16)
		w.write(uint64(v>>16), 16)
		return int(v)
	}
	for range widget.NumRolls {
		put(tabBox0)
		for f := 1; f < rolls; f++ {
			if f == 1 {
				put(tabKeep0)
			} else {
				put(tabKeepSame0)
			}
		}
		for range putValue(tabRuns) {
			putValue(tabGap)
			if c := put(tabChange); c >= recent {
				pattern := c - recent + 1
				for f := range rolls {
					if pattern&(1<<f) != 0 {
						if f == 0 {
							put(tabBox)
						} else {
							put(tabKeep)
						}
					}
				}
			}
		}
	}
}

// layerCodes returns the codes of the tables of a layer from the counts of its symbols,
// and their code lengths as a table file stores them.
func layerCodes(counts *[numTables][64]uint64) ([numTables]huffCode, []uint8) {
	var codes [numTables]huffCode
	lens := make([]uint8, numCodeLengths)
	for t, lt := range splitTables(lens) {
		codeLengths(counts[t][:tableSize[t]], lt)
		c, _ := canonicalCodes(lt) // a Huffman code is a prefix code
		codes[t] = make(huffCode, len(c))
		for s, x := range c {
			codes[t][s] = uint32(x) | uint32(lt[s])<<16
		}
	}
	return codes, lens
}

// decodeGroup decodes the decisions of a group of lanes lanes, coded with the tables of
// its layer for rules of that many rolls and boxes, into out16 (or out32 for 32-bit
// entries): lane i's entry of roll r at i*stride+r.
func decodeGroup(src []byte, tabs *[numTables]huffTable, rolls, boxes, lanes, stride int, out16 []uint16, out32 []uint32) error {
	if lanes <= 0 || (lanes-1)*stride+widget.NumRolls > max(len(out16), len(out32)) {
		return errDecisions
	}
	br := bitReader{src: src}
	value := func(t int) (int, bool) {
		s, ok := br.symbol(&tabs[t])
		if s == escape {
			return int(br.bits(16) | br.bits(16)<<16), ok
		}
		return s, ok
	}
	fill := func(r, from, to int, e uint32) {
		if out16 != nil {
			for l := from; l < to; l++ {
				out16[l*stride+r] = uint16(e)
			}
			return
		}
		for l := from; l < to; l++ {
			out32[l*stride+r] = e
		}
	}
	nb := uint32(boxes)
	for r := range widget.NumRolls {
		subs := uint32(len(engine.SubKeeps(engine.Roll(r))))
		box, ok := br.symbol(&tabs[tabBox0])
		e := uint32(box)
		prev := 0
		for f := 1; f < rolls && ok; f++ {
			var k int
			if f == 1 {
				k, ok = br.symbol(&tabs[tabKeep0])
			} else if k, ok = br.symbol(&tabs[tabKeepSame0]); k == sameKeep {
				k = prev
			}
			if uint32(k) >= subs {
				ok = false
			}
			e |= uint32(k) << fieldShift(f)
			prev = k
		}
		n, ok2 := value(tabRuns)
		if !ok || !ok2 || uint32(box) >= nb || n >= lanes {
			return errDecisions
		}
		var mru [1 + recent]uint32
		mru[0] = e
		have, lane := 1, 0
		for range n {
			gap, ok := value(tabGap)
			c, ok2 := br.symbol(&tabs[tabChange])
			next := lane + gap + 1
			if !ok || !ok2 || gap < 0 || next >= lanes {
				return errDecisions
			}
			fill(r, lane, next, mru[0])
			lane = next
			if c < recent {
				k := c + 1
				if k >= have {
					return errDecisions
				}
				x := mru[k]
				copy(mru[1:k+1], mru[:k])
				mru[0] = x
				continue
			}
			pattern := c - recent + 1
			if pattern >= 1<<rolls {
				return errDecisions
			}
			e := mru[0]
			for f := range rolls {
				if pattern&(1<<f) == 0 {
					continue
				}
				t, limit := tabKeep, subs
				if f == 0 {
					t, limit = tabBox, nb
				}
				v, ok := br.symbol(&tabs[t])
				if !ok || uint32(v) >= limit {
					return errDecisions
				}
				e = e&^(fieldMask(f)<<fieldShift(f)) | uint32(v)<<fieldShift(f)
			}
			copy(mru[1:], mru[:recent])
			mru[0] = e
			have = min(have+1, len(mru))
		}
		fill(r, lane, lanes, mru[0])
	}
	if br.overrun() || br.rest() {
		return errDecisions
	}
	return nil
}
