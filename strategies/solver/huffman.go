package solver

import (
	"encoding/binary"
	"slices"
)

// Canonical Huffman codes, limited to maxCodeBits bits so that one lookup in a table of
// 2^maxCodeBits entries decodes a symbol, written least significant bit first. A code is
// told by the length of each symbol's code alone (0: the symbol has none), which is what
// a table file stores.

const maxCodeBits = 11

// codeLengths sets lens[s] to the length of symbol s's code in a Huffman code of the
// counts, at most maxCodeBits, 0 for a symbol never counted. A lone symbol gets 1 bit.
func codeLengths(counts []uint64, lens []uint8) {
	clear(lens)
	type node struct {
		count       uint64
		sym         int // a leaf's symbol, or −1
		left, right int
	}
	var nodes []node
	for s, c := range counts {
		if c > 0 {
			nodes = append(nodes, node{count: c, sym: s, left: -1, right: -1})
		}
	}
	switch len(nodes) {
	case 0:
		return
	case 1:
		lens[nodes[0].sym] = 1
		return
	}
	// Leaves in increasing count (symbol order among equals, for a code that does not
	// depend on the sort), merged two by two with a second queue of the merged nodes.
	slices.SortStableFunc(nodes, func(a, b node) int {
		switch {
		case a.count < b.count:
			return -1
		case a.count > b.count:
			return 1
		}
		return 0
	})
	leaves := len(nodes)
	li, mi := 0, leaves
	take := func() int {
		if li < leaves && (mi >= len(nodes) || nodes[li].count <= nodes[mi].count) {
			li++
			return li - 1
		}
		mi++
		return mi - 1
	}
	for len(nodes)-leaves < leaves-1 {
		a, b := take(), take()
		nodes = append(nodes, node{count: nodes[a].count + nodes[b].count, sym: -1, left: a, right: b})
	}
	// Depths from the root down.
	depth := make([]int, len(nodes))
	var perLen [64]int
	for i := len(nodes) - 1; i >= 0; i-- {
		if n := nodes[i]; n.sym < 0 {
			depth[n.left], depth[n.right] = depth[i]+1, depth[i]+1
		} else {
			perLen[depth[i]]++
		}
	}
	// Lengths beyond the limit: the adjustment of JPEG (ITU T.81, K.3), which keeps the
	// code complete: two leaves at the deepest level go up, a leaf above goes down.
	for l := len(perLen) - 1; l > maxCodeBits; l-- {
		for perLen[l] > 0 {
			j := l - 2
			for perLen[j] == 0 {
				j--
			}
			perLen[l] -= 2
			perLen[l-1]++
			perLen[j+1] += 2
			perLen[j]--
		}
	}
	// The shortest codes to the most frequent symbols: leaves come in increasing count.
	i := 0
	for l := maxCodeBits; l >= 1; l-- {
		for range perLen[l] {
			lens[nodes[i].sym] = uint8(l)
			i++
		}
	}
}

// huffCode is the encoder of a code: for each symbol, its code bit-reversed for writing
// least significant bit first, or'ed with its length shifted left by 16.
type huffCode []uint32

// canonicalCodes returns the codes of canonical Huffman code lengths (codes of each length
// consecutive, in symbol order), and false if the lengths are not a prefix code.
func canonicalCodes(lens []uint8) ([]uint16, bool) {
	var perLen [maxCodeBits + 1]int
	for _, l := range lens {
		if l > maxCodeBits {
			return nil, false
		}
		perLen[l]++
	}
	perLen[0] = 0
	var next [maxCodeBits + 2]int
	code := 0
	for l := 1; l <= maxCodeBits; l++ {
		code = (code + perLen[l-1]) << 1
		next[l] = code
		if code+perLen[l] > 1<<l {
			return nil, false // more codes of this length than fit: not a prefix code
		}
	}
	codes := make([]uint16, len(lens))
	for s, l := range lens {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		// Bit-reverse the l bits of c.
		r := 0
		for range l {
			r = r<<1 | c&1
			c >>= 1
		}
		codes[s] = uint16(r)
	}
	return codes, true
}

// huffTable is the decoder of a code: entry[bits] for the next maxCodeBits bits of the
// stream is the symbol they start with, shifted left by 4, or'ed with its code's length
// (0 for bits that start no code).
type huffTable [1 << maxCodeBits]uint16

// newHuffTable builds the decoder of code lengths, and reports false if they are not a
// prefix code.
func newHuffTable(lens []uint8, t *huffTable) bool {
	codes, ok := canonicalCodes(lens)
	if !ok {
		return false
	}
	clear(t[:])
	for s, l := range lens {
		if l == 0 {
			continue
		}
		for hi := 0; hi < 1<<(maxCodeBits-int(l)); hi++ {
			t[int(codes[s])|hi<<l] = uint16(s)<<4 | uint16(l)
		}
	}
	return true
}

// bitWriter appends bits to a byte slice, least significant bit first.
type bitWriter struct {
	buf []byte
	acc uint64
	n   uint
}

// code appends a symbol's code.
func (w *bitWriter) code(c uint32) { w.write(uint64(c&0xffff), uint(c>>16)) }

// write appends the n ≤ 32 low bits of x.
func (w *bitWriter) write(x uint64, n uint) {
	w.acc |= x << w.n
	w.n += n
	if w.n >= 32 {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// flush writes the bits left, padded with zeros to a byte, and returns the bytes.
func (w *bitWriter) flush() []byte {
	for w.n > 0 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.n -= min(w.n, 8)
	}
	return w.buf
}

// bitReader reads the bits a bitWriter wrote. Past the end of its bytes it reads zeros and
// counts them: overrun tells a stream that ended too soon.
type bitReader struct {
	src []byte
	pos int // bytes loaded into acc
	acc uint64
	n   uint // bits in acc
}

// refill loads bytes until acc holds at least 56 bits.
func (r *bitReader) refill() {
	if r.pos+8 <= len(r.src) {
		r.acc |= binary.LittleEndian.Uint64(r.src[r.pos:]) << r.n
		k := (63 - r.n) >> 3
		r.pos += int(k)
		r.n += k << 3
		return
	}
	for r.n <= 56 {
		if r.pos < len(r.src) {
			r.acc |= uint64(r.src[r.pos]) << r.n
		}
		r.pos++
		r.n += 8
	}
}

// symbol decodes a symbol of table t; ok is false for bits that start no code.
func (r *bitReader) symbol(t *huffTable) (sym int, ok bool) {
	if r.n < maxCodeBits {
		r.refill()
	}
	e := t[r.acc&(1<<maxCodeBits-1)]
	l := uint(e & 15)
	r.acc >>= l
	r.n -= l
	return int(e >> 4), l != 0
}

// bits reads n ≤ 32 bits.
func (r *bitReader) bits(n uint) uint64 {
	if r.n < n {
		r.refill()
	}
	x := r.acc & (1<<n - 1)
	r.acc >>= n
	r.n -= n
	return x
}

// overrun reports whether the reader has read bits beyond its bytes.
func (r *bitReader) overrun() bool { return 8*r.pos-int(r.n) > 8*len(r.src) }

// rest reports whether a whole byte was left unread.
func (r *bitReader) rest() bool { return 8*len(r.src)-(8*r.pos-int(r.n)) >= 8 }
