package optimal

import (
	"encoding/binary"
	"errors"
)

// The decisions of a table are kept compressed, group by group: the states of a group (a
// mask and a flag) differ only by their upper subtotal, and two states of neighbouring
// subtotals decide alike for all but a few rolls (22 of 252 on average for hasbro). A
// group is written as the 252 entries of its first lane, then, for each next lane, the
// rolls whose entry differs from the lane before and their new entries:
//
//	lane 0:  252 entries
//	lane i:  n (uvarint), then n times: the roll's distance from the previous roll of
//	         the list, or from −1 (uvarint), and the entry
//
// Entries are 2 bytes, little-endian, or 4 when the rules have more than three rolls
// (decisionsWide). That makes hasbro's decisions about 30 MB instead of 180 MB, and a group
// decodes in microseconds, the first time a game reaches it.

// errDecisions reports a group's bytes that do not decode: never the case of a stream
// the solver wrote, and checked anyway, so that no file can make decoding panic.
var errDecisions = errors.New("malformed decisions")

// decisionStream holds the compressed decisions of every group of a table.
type decisionStream struct {
	wide bool     // entries of 4 bytes
	off  []uint64 // the bytes of group g are data[off[g]:off[g+1]]; empty for groups no game reaches
	data []byte
}

// entryBytes returns the size of an entry.
func (d *decisionStream) entryBytes() int {
	if d.wide {
		return 4
	}
	return 2
}

// group returns the bytes of group g.
func (d *decisionStream) group(g int) []byte { return d.data[d.off[g]:d.off[g+1]] }

// encodeGroup appends to dst the encoding of the decisions of a group: entries holds
// numRolls entries per lane, lane after lane.
func encodeGroup(dst []byte, entries []uint32, wide bool) []byte {
	put := func(e uint32) {
		if wide {
			dst = binary.LittleEndian.AppendUint32(dst, e)
		} else {
			dst = binary.LittleEndian.AppendUint16(dst, uint16(e))
		}
	}
	for _, e := range entries[:numRolls] {
		put(e)
	}
	for lo := numRolls; lo < len(entries); lo += numRolls {
		cur, prev := entries[lo:lo+numRolls], entries[lo-numRolls:lo]
		n := 0
		for r := range numRolls {
			if cur[r] != prev[r] {
				n++
			}
		}
		dst = binary.AppendUvarint(dst, uint64(n))
		last := -1
		for r := range numRolls {
			if cur[r] != prev[r] {
				dst = binary.AppendUvarint(dst, uint64(r-last))
				put(cur[r])
				last = r
			}
		}
	}
	return dst
}

// decodeGroup decodes the decisions of the lanes lanes of a group into out16 (or out32 for
// 32-bit entries), lane i at [i*stride : i*stride+numRolls]. It decodes only the first
// upTo lanes when upTo is smaller: a worker that needs one state decodes as far as it.
func decodeGroup(src []byte, lanes, upTo int, wide bool, stride int, out16 []uint16, out32 []uint32) error {
	size := 2
	if wide {
		size = 4
	}
	get := func() (uint32, bool) {
		if len(src) < size {
			return 0, false
		}
		var e uint32
		if wide {
			e = binary.LittleEndian.Uint32(src)
		} else {
			e = uint32(binary.LittleEndian.Uint16(src))
		}
		src = src[size:]
		return e, true
	}
	set := func(i int, e uint32) {
		if wide {
			out32[i] = e
		} else {
			out16[i] = uint16(e)
		}
	}
	copyLane := func(to, from int) {
		if wide {
			copy(out32[to:to+numRolls], out32[from:from+numRolls])
		} else {
			copy(out16[to:to+numRolls], out16[from:from+numRolls])
		}
	}
	for r := range numRolls {
		e, ok := get()
		if !ok {
			return errDecisions
		}
		set(r, e)
	}
	for lane := 1; lane < min(lanes, upTo); lane++ {
		base := lane * stride
		copyLane(base, base-stride)
		n, k := binary.Uvarint(src)
		if k <= 0 || n > numRolls {
			return errDecisions
		}
		src = src[k:]
		r := -1
		for range n {
			d, k := binary.Uvarint(src)
			if k <= 0 || d == 0 || d > uint64(numRolls-1-r) {
				return errDecisions
			}
			src = src[k:]
			r += int(d)
			e, ok := get()
			if !ok {
				return errDecisions
			}
			set(base+r, e)
		}
	}
	if upTo >= lanes && len(src) != 0 {
		return errDecisions
	}
	return nil
}
