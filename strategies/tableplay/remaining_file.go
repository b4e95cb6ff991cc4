package tableplay

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/memlimit"
	"yams/internal/outfile"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// The cache file of a remaining table has the table file's header (magic, version,
// shape of the state space, rules hash, metadata), its metadata naming what it holds in
// "objective" ("win: S's points to come"), so that yams cache lists it and removes it
// with the tables of its rules; then the number of states games reach (uint64) and, for
// each in the order of space.eachState, where its distribution starts and its length
// (int32 each); the number of probabilities (uint64) and the probabilities (float32
// each), state after state; the SHA-256 of everything before it.

// remainingObjective is what the metadata of the remaining table of strategy name says
// it holds.
func remainingObjective(name string) string { return "win: " + name + "'s points to come" }

// remainingPath returns the cache file of the remaining table of strategy name on r.
func remainingPath(r *engine.Rules, name string) (string, error) {
	d, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, fmt.Sprintf("optimal-%s-remaining=%s.v%d.table", r.Hash(), solver.StrategyFileKey(name), solver.TableVersion)), nil
}

// remainingMeta is the metadata of a remaining table's file.
type remainingMeta struct {
	solver.Meta
	Tail float64 `json:"tail"`
}

// encode writes the table in its file format.
func (rm *remaining) encode(w io.Writer, name string, solved time.Time) error {
	h := sha256.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 1<<20)
	head := make([]byte, solver.HeaderSize)
	copy(head, solver.TableMagic)
	binary.LittleEndian.PutUint32(head[8:], solver.TableVersion)
	for i, x := range rm.sp.Shape() {
		binary.LittleEndian.PutUint32(head[12+4*i:], x)
	}
	copy(head[32:64], rm.sp.Rules.Hash())
	md := remainingMeta{Meta: solver.Meta{Rules: rm.sp.Rules.Spec(), Objective: remainingObjective(name), Solved: solved, States: rm.sp.CountStates()}, Tail: remainingTail}
	m, err := json.Marshal(md)
	if err != nil {
		return err
	}
	head = binary.LittleEndian.AppendUint32(head, uint32(len(m)))
	head = append(head, m...)
	head = binary.LittleEndian.AppendUint64(head, uint64(md.States))
	bw.Write(head)
	var b [8]byte
	rm.sp.EachState(func(i int) {
		binary.LittleEndian.PutUint32(b[:], uint32(rm.lo[i]))
		binary.LittleEndian.PutUint32(b[4:], uint32(rm.n[i]))
		bw.Write(b[:])
	})
	binary.LittleEndian.PutUint64(b[:], uint64(rm.probs))
	bw.Write(b[:])
	rm.sp.EachState(func(i int) {
		_, d := rm.dist(i)
		for _, x := range d {
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
			bw.Write(b[:4])
		}
	})
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err = w.Write(h.Sum(nil))
	return err
}

// writeRemaining writes the table atomically (see package outfile).
func (rm *remaining) writeFile(path, name string, solved time.Time) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return outfile.Write(path, func(w io.Writer) error { return rm.encode(w, name, solved) })
}

// readRemaining reads and checks the remaining table of strategy name on rules r from
// path: its checksum first, then its contents, the probabilities straight into place.
func readRemaining(path string, r *engine.Rules, name string) (*remaining, error) {
	f, size, err := solver.OpenChecked(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src := bufio.NewReaderSize(io.LimitReader(f, size-solver.SumSize), 1<<20)
	bad := func(kind error, format string, args ...any) error {
		return &solver.TableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	body := &solver.Sections{Src: src, Left: size - solver.SumSize}
	take := body.Take
	head, _ := take(solver.HeaderSize)
	if hash := strings.TrimRight(string(head[32:64]), "\x00"); hash != r.Hash() {
		return nil, bad(solver.ErrForeign, "rules hash %s, want %s (%s)", hash, r.Hash(), r.Name())
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return nil, err
	}
	if err := solver.CheckShape(head, sp); err != nil {
		return nil, bad(solver.ErrForeign, "%v", err)
	}
	var md remainingMeta
	if !solver.ReadMeta(take, &md) {
		return nil, bad(solver.ErrCorrupt, "metadata")
	}
	if md.Objective != remainingObjective(name) {
		return nil, bad(solver.ErrForeign, "it holds %q, want %q", md.Objective, remainingObjective(name))
	}
	if md.Tail != remainingTail {
		return nil, bad(solver.ErrForeign, "tails cut at %g, want %g", md.Tail, remainingTail)
	}
	states := sp.CountStates()
	cb, ok := take(8)
	if !ok || binary.LittleEndian.Uint64(cb) != uint64(states) || int64(states)*8 > body.Left {
		return nil, bad(solver.ErrCorrupt, "state count")
	}
	rm := newRemaining(sp)
	spans, _ := take(int64(states) * 8)
	var total int64
	k := 0
	sp.EachState(func(i int) {
		lo, n := int32(binary.LittleEndian.Uint32(spans[8*k:])), int32(binary.LittleEndian.Uint32(spans[8*k+4:]))
		if n < 1 || n > widget.MaxGoalWidth {
			ok = false
		}
		rm.lo[i], rm.n[i] = lo, n
		total += int64(max(0, n))
		k++
	})
	if !ok {
		return nil, bad(solver.ErrCorrupt, "a distribution's length")
	}
	pb, ok := take(8)
	if !ok || binary.LittleEndian.Uint64(pb) != uint64(total) || total*4 != body.Left {
		return nil, bad(solver.ErrCorrupt, "%d probabilities for %d bytes", total, body.Left)
	}
	if err := memlimit.Check(remainingWhat(r, name), remainingMemory(sp, total+remainingChunk)); err != nil {
		return nil, err
	}
	// Each state's probabilities straight into their place in the chunks, then put in the
	// machine's order and checked.
	little := binary.NativeEndian.Uint16([]byte{1, 0}) == 1
	rm.toCome = total // its chunks hold what the file holds, and no more (remainingMemory)
	var rerr error
	sp.EachState(func(i int) {
		if rerr != nil {
			return
		}
		d := rm.reserve(i, int(rm.lo[i]), int(rm.n[i]))
		b := unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), 4*len(d))
		if _, err := io.ReadFull(src, b); err != nil {
			rerr = bad(solver.ErrCorrupt, "probabilities: %v", err)
			return
		}
		for j := range d {
			if !little {
				d[j] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
			}
			if x := d[j]; !(x >= 0 && x <= 1) {
				rerr = bad(solver.ErrCorrupt, "probability %v", x)
				return
			}
		}
	})
	if rerr != nil {
		return nil, rerr
	}
	return rm, nil
}

// remainingWhat names the remaining table of strategy name on r in a *memlimit.Error.
func remainingWhat(r *engine.Rules, name string) string {
	return "the tables of win on rules " + r.Name() + " (the distribution of the points still to come under " + name + " from every state)"
}

// remainingMemory estimates the memory of a remaining table of probs probabilities on sp.
func remainingMemory(sp *widget.Space, probs int64) int64 {
	return memlimit.Sum(memlimit.Mul(int64(sp.NumStates()), 16), memlimit.Mul(probs, 4))
}

// layerMemory estimates what solveRemaining holds beside the table while it computes:
// the distributions of the largest layer, made into the workers' buffers before they are
// packed into the chunks (an eighth more, for the buffers' uneven shares), and its index
// of them. On hasbro the largest layer (7 boxes filled) holds 88,049 of the 359,616
// states, 175 MiB of distributions: about 200 MiB, which a run computing the tables of
// win must leave room for on top of them.
func layerMemory(sp *widget.Space, r *engine.Rules) int64 {
	largest := 0
	for _, masks := range sp.Layers() {
		n := 0
		for _, m := range masks {
			for f := range sp.NumFlags {
				if sp.GroupValid(m, f) {
					n += len(sp.Lanes[sp.Up(m)])
				}
			}
		}
		largest = max(largest, n)
	}
	perState := remainingBytesPerState(r) * 9 / 8
	return memlimit.Sum(int64(perState*float64(largest)), memlimit.Mul(int64(sp.NumStates()), 28))
}
