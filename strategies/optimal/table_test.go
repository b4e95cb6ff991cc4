package optimal

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// tableOf solves the small rules with options.
func tableOf(t *testing.T, options ...string) *Table {
	t.Helper()
	tab, err := Solve(smallRules(t, options...), 0)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestTableRoundTrip(t *testing.T) {
	tab := tableOf(t)
	path := filepath.Join(t.TempDir(), "t.table")
	if err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTable(path, tab.rules)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tab.MarshalBinary()
	b, _ := got.MarshalBinary()
	if string(a) != string(b) || got.Expected() != tab.Expected() {
		t.Error("table changed through its file")
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp-*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func TestTableFileRejected(t *testing.T) {
	tab := tableOf(t)
	good, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	foreign, _ := tableOf(t, "order=top_down").MarshalBinary()
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
		{"flipped value", flip(headerSize + 1000), ErrCorrupt},
		{"flipped checksum", flip(len(good) - 1), ErrCorrupt},
		{"bad magic", flip(0), ErrCorrupt},
		{"version", resum(version), ErrVersion},
		{"other rules", foreign, ErrForeign},
	}
	for _, c := range cases {
		_, err := decodeTable(c.name, c.data, tab.rules)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.name, err, c.kind)
		}
	}
}

// resum recomputes the checksum of a table file, to test the checks behind it.
func resum(b []byte) []byte {
	body := b[:len(b)-sumSize]
	sum := sha256Sum(body)
	return append(append([]byte(nil), body...), sum[:]...)
}

func TestLoadOrSolveCache(t *testing.T) {
	t.Setenv(EnvCacheDir, t.TempDir())
	r := smallRules(t)
	tab, st, err := LoadOrSolve(r, false, 0)
	if err != nil || st.Loaded || st.WriteErr != nil {
		t.Fatalf("first: %v %+v", err, st)
	}
	again, st, err := LoadOrSolve(r, false, 0)
	if err != nil || !st.Loaded || again.Expected() != tab.Expected() {
		t.Fatalf("second: %v %+v", err, st)
	}
	if _, st, _ = LoadOrSolve(r, true, 0); st.Loaded || st.DecisionsLoaded {
		t.Error("force read the cache")
	}
	if _, p, st, err := loadOrSolve(r, false, 0); err != nil || !st.Loaded || !st.DecisionsLoaded || !p.complete {
		t.Fatalf("decisions not cached: %v %+v", err, st)
	}
	// A damaged file is rebuilt, and says why.
	data, _ := os.ReadFile(st.Path)
	data[headerSize+8] ^= 1
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
	// Damaged decisions are worked out again from the table, and saved.
	data, _ = os.ReadFile(st.DecisionsPath)
	data[decisionsHeaderSize+3] ^= 4
	os.WriteFile(st.DecisionsPath, data, 0o644)
	_, p, st, err := loadOrSolve(r, false, 0)
	if err != nil || !st.Loaded || st.DecisionsLoaded || !errors.Is(st.DecisionsRejected, ErrCorrupt) || !p.complete {
		t.Fatalf("damaged decisions: %v %+v", err, st)
	}
	if _, _, st, _ = loadOrSolve(r, false, 0); !st.DecisionsLoaded {
		t.Error("the rebuilt decisions were not saved")
	}
	// A file of other rules under this name is foreign.
	other, _ := tableOf(t, "order=top_down").MarshalBinary()
	os.WriteFile(st.Path, other, 0o644)
	if _, st, _ = LoadOrSolve(r, false, 0); st.Loaded || !errors.Is(st.Rejected, ErrForeign) {
		t.Errorf("foreign file: %+v", st)
	}
}

func TestMergedStatesExact(t *testing.T) {
	// Merging the subtotals that can no longer reach the bonus changes no value.
	r := smallRules(t)
	merged := tableOf(t)
	sp, err := newSpace(r, r.UpperThreshold(), false)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := solveSpace(r, sp, 0, false)
	for i, v := range full.v {
		mask, u, f := sp.split(i)
		if !sp.valid(mask, u, f) {
			continue
		}
		j := merged.sp.index(mask, merged.sp.canon(mask, u), f)
		if merged.v[j] != v {
			t.Fatalf("state %#x/%d/%d: %v merged, %v not", mask, u, f, merged.v[j], v)
		}
	}
}

func TestDecisionsFile(t *testing.T) {
	tab := tableOf(t)
	solvedTab, p := solveSpace(tab.rules, tab.sp, 0, true)
	if solvedTab.Expected() != tab.Expected() {
		t.Fatal("solving with the decisions changed the table")
	}
	// The decisions worked out with the solve are those of the decision cache.
	lazy := newPolicy(tab)
	lazy.fill(3)
	if string(lazy.entryBytes()) != string(p.entryBytes()) {
		t.Fatal("decisions of the solve and of the cache differ")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "d.decisions")
	if err := p.writeFile(path); err != nil {
		t.Fatal(err)
	}
	back := newPolicy(tab)
	if err := back.readFile(path); err != nil || !back.complete || string(back.entryBytes()) != string(p.entryBytes()) {
		t.Fatalf("read back: %v", err)
	}
	good, _ := os.ReadFile(path)
	otherPath := filepath.Join(dir, "o.decisions")
	_, other := solveSpace(tab.rules, tab.sp, 0, true)
	other.t = tableOf(t, "upper_bonus.points=20")
	if err := other.writeFile(otherPath); err != nil {
		t.Fatal(err)
	}
	foreign, _ := os.ReadFile(otherPath)
	version := append([]byte(nil), good...)
	version[8] = 7
	flipped := append([]byte(nil), good...)
	flipped[decisionsHeaderSize+100] ^= 1
	for _, c := range []struct {
		name string
		data []byte
		kind error
	}{
		{"empty", nil, ErrCorrupt},
		{"truncated", good[:len(good)-1], ErrCorrupt},
		{"flipped", flipped, ErrCorrupt},
		{"version", version, ErrVersion},
		{"other rules", foreign, ErrForeign},
	} {
		os.WriteFile(path, c.data, 0o644)
		q := newPolicy(tab)
		if err := q.readFile(path); !errors.Is(err, c.kind) || q.complete {
			t.Errorf("%s: %v, want %v", c.name, err, c.kind)
		}
	}
}
