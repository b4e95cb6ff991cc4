package solver

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"yams/internal/cachedir"
	"yams/internal/exacttest"
	"yams/strategies/widget"
)

// tableOf solves the small rules with options, with the decisions of every state.
func tableOf(t *testing.T, options ...string) *Table {
	t.Helper()
	r := exacttest.SmallRules(t, options...)
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := SolveSpace(r, sp, 0, true)
	return tab
}

func TestTableRoundTrip(t *testing.T) {
	tab := tableOf(t)
	path := filepath.Join(t.TempDir(), "t.table")
	if err := tab.writeFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := readTable(path, tab.Rules)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tab.Encoded()
	b, _ := got.Encoded()
	if string(a) != string(b) || got.Expected() != tab.Expected() || got.dec == nil {
		t.Error("table changed through its file")
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
	// The decisions decoded from the file are those of the solve.
	_, want := SolveSpace(tab.Rules, tab.Space, 0, true)
	p := newPolicy(got)
	w, ww := NewGroupFiller(p), NewGroupFiller(want)
	for i := range tab.Space.NumStates() {
		mask, u, f := tab.Space.Split(i)
		if !tab.Space.Valid(mask, u, f) || mask == tab.Space.FullMask {
			continue
		}
		if !p.Ensure(mask, f, w) || !want.Ensure(mask, f, ww) {
			t.Fatal("group not ready")
		}
		id := p.Block(mask, u, f)
		for r := range widget.NumRolls {
			if p.E16[id*BlockLen+r] != want.E16[id*BlockLen+r] {
				t.Fatalf("state %#x/%d/%d roll %d: decoded %#x, solved %#x", mask, u, f, r, p.E16[id*BlockLen+r], want.E16[id*BlockLen+r])
			}
		}
	}
}

func TestTableFileRejected(t *testing.T) {
	tab := tableOf(t)
	good, err := tab.Encoded()
	if err != nil {
		t.Fatal(err)
	}
	foreign, _ := tableOf(t, "order=top_down").Encoded()
	flip := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 0x10
		return b
	}
	version := append([]byte(nil), good...)
	version[8] = 99
	cases := []struct {
		name string
		data []byte
		kind error
	}{
		{"empty", nil, ErrCorrupt},
		{"truncated", good[:len(good)/2], ErrCorrupt},
		{"one byte short", good[:len(good)-1], ErrCorrupt},
		{"flipped value", flip(HeaderSize + 1000), ErrCorrupt},
		{"flipped decision", flip(len(good) - SumSize - 10), ErrCorrupt},
		{"offsets out of order", resum(swapOffsets(good, tab)), ErrCorrupt},
		{"no decisions header", resum(good[:len(good)-SumSize-len(tab.dec.data)-8*len(tab.dec.off)-4-numCodeLengths*len(tab.dec.lens)-8]), ErrCorrupt},
		{"bad code lengths", resum(badLengths(good, tab)), ErrCorrupt},
		{"flipped checksum", flip(len(good) - 1), ErrCorrupt},
		{"bad magic", flip(0), ErrCorrupt},
		{"version", resum(version), errVersion},
		{"other rules", foreign, ErrForeign},
	}
	for _, c := range cases {
		_, err := decodeTable(c.name, c.data, tab.Rules)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.name, err, c.kind)
		}
	}
}

// swapOffsets returns a table file whose first two non-empty group offsets are swapped.
func swapOffsets(good []byte, tab *Table) []byte {
	b := append([]byte(nil), good...)
	start := len(b) - SumSize - len(tab.dec.data) - 8*len(tab.dec.off)
	for g := 1; g+1 < len(tab.dec.off); g++ {
		if tab.dec.off[g] != tab.dec.off[g+1] {
			copy(b[start+8*g:], binary.LittleEndian.AppendUint64(nil, tab.dec.off[g+1]))
			copy(b[start+8*(g+1):], binary.LittleEndian.AppendUint64(nil, tab.dec.off[g]))
			break
		}
	}
	return b
}

// badLengths returns a table file whose first layer's first table has more codes of one
// bit than fit.
func badLengths(good []byte, tab *Table) []byte {
	b := append([]byte(nil), good...)
	start := len(b) - SumSize - len(tab.dec.data) - 8*len(tab.dec.off) - numCodeLengths*len(tab.dec.lens)
	for i := range 3 {
		b[start+i] = 1
	}
	return b
}

// resum recomputes the checksum of a table file, to test the checks behind it.
func resum(b []byte) []byte {
	body := b[:len(b)-SumSize]
	sum := sha256.Sum256(body)
	return append(append([]byte(nil), body...), sum[:]...)
}

func TestLoadOrSolveCache(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	r := exacttest.SmallRules(t)
	tab, st, err := LoadOrSolve(r, false, 0)
	if err != nil || st.Loaded || st.WriteErr != nil {
		t.Fatalf("first: %v %+v", err, st)
	}
	again, st, err := LoadOrSolve(r, false, 0)
	if err != nil || !st.Loaded || again.Expected() != tab.Expected() {
		t.Fatalf("second: %v %+v", err, st)
	}
	if _, st, _ = LoadOrSolve(r, true, 0); st.Loaded {
		t.Error("force read the cache")
	}
	if _, p, st, err := LoadOrSolveObjective(r, Mean, false, 0, nil); err != nil || !st.Loaded || p.Table.dec == nil {
		t.Fatalf("decisions not cached: %v %+v", err, st)
	}
	// A damaged file is rebuilt, and says why.
	data, _ := os.ReadFile(st.Path)
	data[HeaderSize+8] ^= 1
	if err := os.WriteFile(st.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, st, err := LoadOrSolve(r, false, 0)
	if err != nil || st.Loaded || !errors.Is(st.Rejected, ErrCorrupt) || fixed.Expected() != tab.Expected() {
		t.Fatalf("damaged: %v %+v", err, st)
	}
	if _, st, _ = LoadOrSolve(r, false, 0); !st.Loaded {
		t.Error("the rebuilt table was not saved")
	}
	// A file of other rules under this name is foreign.
	other, _ := tableOf(t, "order=top_down").Encoded()
	os.WriteFile(st.Path, other, 0o644)
	if _, st, _ = LoadOrSolve(r, false, 0); st.Loaded || !errors.Is(st.Rejected, ErrForeign) {
		t.Errorf("foreign file: %+v", st)
	}
}

func TestMergedStatesExact(t *testing.T) {
	// Merging the subtotals that can no longer reach the bonus changes no value.
	r := exacttest.SmallRules(t)
	merged := tableOf(t)
	sp, err := widget.NewSpace(r, r.UpperThreshold(), false)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := SolveSpace(r, sp, 0, false)
	for i, v := range full.Values {
		mask, u, f := sp.Split(i)
		if !sp.Valid(mask, u, f) {
			continue
		}
		j := merged.Space.Index(mask, merged.Space.Canon(mask, u), f)
		if merged.Values[j] != v {
			t.Fatalf("state %#x/%d/%d: %v merged, %v not", mask, u, f, merged.Values[j], v)
		}
	}
}

// TestDecisionStream checks the compressed decisions: every group decodes to what the
// solve worked out, a policy without a stream works the same decisions out with its
// widget, and damaged bytes are refused, never a panic.
func TestDecisionStream(t *testing.T) {
	tab := tableOf(t)
	sp := tab.Space
	d := tab.dec
	_, want := SolveSpace(tab.Rules, sp, 0, true)
	lazy := newPolicy(&Table{Rules: tab.Rules, Space: sp, Values: tab.Values})
	lw, ww := NewGroupFiller(lazy), NewGroupFiller(want)
	rng := rand.New(rand.NewPCG(5, 6))
	groups := 0
	for g := range sp.NumFlags << sp.NumBoxes {
		mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags
		if !sp.GroupValid(mask, f) || mask == sp.FullMask {
			continue
		}
		groups++
		lanes := len(sp.Lanes[sp.Up(mask)])
		tabs := d.dec[bits.OnesCount32(mask)]
		decode := func(b []byte, out []uint16) error {
			return decodeGroup(b, tabs, sp.Rolls, sp.NumBoxes, lanes, widget.NumRolls, out, nil)
		}
		out := make([]uint16, lanes*widget.NumRolls)
		if err := decode(d.group(g), out); err != nil {
			t.Fatalf("group %d: %v", g, err)
		}
		lazy.Ensure(mask, f, lw)
		want.Ensure(mask, f, ww)
		first := int(want.base[g])
		for lane := range lanes {
			for r := range widget.NumRolls {
				e := want.E16[(first+lane)*BlockLen+r]
				if out[lane*widget.NumRolls+r] != e || lazy.E16[(first+lane)*BlockLen+r] != e {
					t.Fatalf("group %d lane %d roll %d: decoded %#x, lazy %#x, solved %#x", g, lane, r, out[lane*widget.NumRolls+r], lazy.E16[(first+lane)*BlockLen+r], e)
				}
			}
		}
		// Damage: a byte changed or the group cut short either decodes to something (the
		// file's checksum is what refuses it) or is refused; it never panics.
		b := append([]byte(nil), d.group(g)...)
		for range 20 {
			c := append([]byte(nil), b...)
			c[rng.IntN(len(c))] ^= byte(1 + rng.IntN(255))
			decode(c, make([]uint16, lanes*widget.NumRolls))
			decode(c[:rng.IntN(len(c))], make([]uint16, lanes*widget.NumRolls))
		}
		if err := decode(append(b, 0), make([]uint16, lanes*widget.NumRolls)); err == nil {
			t.Errorf("group %d: a byte too many decodes", g)
		}
	}
	t.Logf("%d groups, %d bytes of decisions for %d states", groups, len(d.data), tab.States())
}

func u16bytes(x []uint16) []byte {
	b := make([]byte, 0, 2*len(x))
	for _, v := range x {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	return b
}
