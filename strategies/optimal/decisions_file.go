package optimal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"yams/internal/outfile"
)

// Decisions file layout, integers little-endian: magic "YAMS-DEC", version uint32, the
// state-space shape (5 uint32, as in a table file), the rules hash (32 bytes), the
// number of states (uint64), the bytes per entry (uint32) and 0 (uint32); the entries,
// 252 per state in block order; the SHA-256 of everything before it.
const (
	decisionsMagic      = "YAMS-DEC"
	decisionsVersion    = 1
	decisionsHeaderSize = 8 + 4 + 5*4 + 32 + 8 + 4 + 4
)

func (p *policy) width() int {
	if p.e16 != nil {
		return 2
	}
	return 4
}

// entryBytes returns the entries as little-endian bytes: the memory itself on a
// little-endian machine.
func (p *policy) entryBytes() []byte {
	var b []byte
	if p.e16 != nil {
		b = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(p.e16))), 2*len(p.e16))
	} else {
		b = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(p.e32))), 4*len(p.e32))
	}
	return b
}

var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

// swapEntries converts the entries between little-endian and the machine's order.
func (p *policy) swapEntries() {
	if littleEndian {
		return
	}
	for i, e := range p.e16 {
		p.e16[i] = e>>8 | e<<8
	}
	for i, e := range p.e32 {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], e)
		p.e32[i] = binary.NativeEndian.Uint32(b[:])
	}
}

func (p *policy) header() []byte {
	h := make([]byte, decisionsHeaderSize)
	copy(h, decisionsMagic)
	binary.LittleEndian.PutUint32(h[8:], decisionsVersion)
	for i, x := range p.sp.shape() {
		binary.LittleEndian.PutUint32(h[12+4*i:], x)
	}
	copy(h[32:64], p.t.rules.Hash())
	binary.LittleEndian.PutUint64(h[64:], uint64(p.n))
	binary.LittleEndian.PutUint32(h[72:], uint32(p.width()))
	return h
}

// writeFile saves a complete policy atomically.
func (p *policy) writeFile(path string) error {
	return outfile.Write(path, func(w io.Writer) error {
		h := sha256.New()
		mw := io.MultiWriter(w, h)
		if _, err := mw.Write(p.header()); err != nil {
			return err
		}
		p.swapEntries()
		_, err := mw.Write(p.entryBytes())
		p.swapEntries()
		if err != nil {
			return err
		}
		_, err = w.Write(h.Sum(nil))
		return err
	})
}

// readFile fills the policy from a decisions file, reading straight into its storage,
// and checks it all before marking it complete.
func (p *policy) readFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	bad := func(kind error, format string, args ...any) error {
		return &TableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	body := p.entryBytes()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if want := int64(decisionsHeaderSize + len(body) + sha256.Size); fi.Size() != want {
		head := make([]byte, 12)
		if n, _ := io.ReadFull(f, head); n == 12 && string(head[:8]) == decisionsMagic && binary.LittleEndian.Uint32(head[8:]) != decisionsVersion {
			return bad(ErrVersion, "version %d, this program reads %d", binary.LittleEndian.Uint32(head[8:]), decisionsVersion)
		}
		return bad(ErrCorrupt, "%d bytes, want %d", fi.Size(), want)
	}
	want := p.header()
	got := make([]byte, decisionsHeaderSize)
	if _, err := io.ReadFull(f, got); err != nil {
		return bad(ErrCorrupt, "%v", err)
	}
	switch {
	case string(got[:8]) != decisionsMagic:
		return bad(ErrCorrupt, "no decisions header")
	case !bytes.Equal(got[8:12], want[8:12]):
		return bad(ErrVersion, "version %d, this program reads %d", binary.LittleEndian.Uint32(got[8:]), decisionsVersion)
	case !bytes.Equal(got[12:], want[12:]):
		return bad(ErrForeign, "made for other rules or another state space")
	}
	h := sha256.New()
	h.Write(got)
	for off := 0; off < len(body); off += 1 << 20 {
		chunk := body[off:min(off+1<<20, len(body))]
		if _, err := io.ReadFull(f, chunk); err != nil {
			return bad(ErrCorrupt, "%v", err)
		}
		h.Write(chunk)
	}
	sum := make([]byte, sha256.Size)
	if _, err := io.ReadFull(f, sum); err != nil {
		return bad(ErrCorrupt, "%v", err)
	}
	if !bytes.Equal(sum, h.Sum(nil)) {
		return bad(ErrCorrupt, "checksum mismatch")
	}
	p.swapEntries()
	p.complete = true
	return nil
}

// fill works out the decisions of every state, in parallel.
func (p *policy) fill(workers int) {
	sp := p.sp
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWidget(sp, p.t.v)
			var out [numRolls]uint32
			for {
				m := uint32(next.Add(1) - 1)
				if m >= sp.full {
					// The full sheet has no turn to decide.
					return
				}
				for u := range sp.nu {
					for f := range sp.nf {
						if sp.valid(m, u, f) {
							w.decide(m, u, f, &out)
							p.store(p.block(m, u, f), &out)
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	p.complete = true
}
