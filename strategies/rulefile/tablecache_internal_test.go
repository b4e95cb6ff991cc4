package rulefile

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"yams/internal/cachedir"
	"yams/internal/exacttest"
	"yams/internal/memlimit"
)

// cacheFile is a file on the six boxes whose table has classes of the upper subtotal
// (its comparisons) and a yahtzee flag, built in a blink.
const cacheFile = `rules: six-boxes
if bonus in play and over par >= 0 and pair then keep for group box  # a comment
if upper >= 30 and three of a kind then keep group
otherwise keep for points
if group >= 3 and group box open then score group box
otherwise score best
`

// cachedProgram compiles cacheFile (or src) for the six boxes, its table kept in the cache.
func cachedProgram(t *testing.T, src string) *Program {
	t.Helper()
	r := exacttest.SixBoxes(t)
	f, err := Parse("six.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	p.UseCache()
	return p
}

// notices collects the package's notices for the test.
func notices(t *testing.T) *[]string {
	var got []string
	SetNotify(func(line string) { got = append(got, line) })
	t.Cleanup(func() { SetNotify(nil) })
	return &got
}

func sameTable(t *testing.T, got, want *table) {
	t.Helper()
	if !slices.Equal(got.blockOf, want.blockOf) || len(got.blocks) != len(want.blocks) {
		t.Fatalf("blocks numbered otherwise: %d blocks, want %d", len(got.blocks), len(want.blocks))
	}
	for b := range want.blocks {
		if !bytes.Equal(got.blocks[b], want.blocks[b]) {
			t.Fatalf("block %d decides otherwise", b)
		}
	}
}

// A table played as a strategy is written to the cache once built and read back the next
// time, the same table; yams cache lists it under its rules; a file damaged, cut short or
// of another format is built again and written anew, with a notice that says it was
// damaged; a file other rules' is never read for these; the memory budget is checked
// before a file is read.
func TestTableCache(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	told := notices(t)
	first := cachedProgram(t, cacheFile)
	built, err := first.table()
	if err != nil {
		t.Fatal(err)
	}
	path, _ := first.cachePath()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no cache file after the first build: %v", err)
	}
	if len(*told) != 0 {
		t.Errorf("notices on a first build: %q", *told)
	}
	// Read back, by a program compiled anew: the same table, the comments aside.
	again := cachedProgram(t, strings.ReplaceAll(cacheFile, "# a comment", "# another"))
	if p2, _ := again.cachePath(); p2 != path {
		t.Fatalf("a comment changed the cache file: %s, then %s", path, p2)
	}
	loaded, err := again.loadTable(path)
	if err != nil {
		t.Fatalf("reading the cache file: %v", err)
	}
	sameTable(t, loaded, built)
	fresh := cachedProgram(t, cacheFile)
	fresh.cache = false
	rebuilt, err := fresh.table()
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, rebuilt, built)
	// Another rule, another file.
	other := cachedProgram(t, strings.Replace(cacheFile, "upper >= 30", "upper >= 31", 1))
	if p3, _ := other.cachePath(); p3 == path {
		t.Error("another rule, the same cache file")
	}
	// Listed, with what it was built from.
	list, err := CacheEntries()
	if err != nil || len(list) != 1 || list[0].Path != path || list[0].Hash != first.rules.Hash() || list[0].Rules != "six-boxes" || list[0].What != "rules:six.rules" || list[0].Stale || list[0].InUse {
		t.Fatalf("cache entries %+v, %v", list, err)
	}

	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		why  string
	}{
		{"a byte flipped", flip(good, len(good)/2), "its checksum does not match"},
		{"cut short", good[:len(good)-100], "its checksum does not match"},
		{"empty", nil, "cut short"},
		{"another format", resum(append([]byte("YAMS-RULETABLE 0\n"), good[len(fmt.Sprintf("YAMS-RULETABLE %d\n", tableVersion)):len(good)-sha256.Size]...)), fmt.Sprintf("not a table of format %d", tableVersion)},
		{"a decision no game takes", resum(flip(good[:len(good)-sha256.Size], len(good)-sha256.Size-1)), "where a decision goes"},
	} {
		*told = nil
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		p := cachedProgram(t, cacheFile)
		tab, err := p.table()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sameTable(t, tab, built)
		if len(*told) != 1 || !strings.Contains((*told)[0], "was damaged (") || !strings.Contains((*told)[0], c.why) || !strings.Contains((*told)[0], ": building it again") {
			t.Errorf("%s: notices %q", c.name, *told)
		}
		if now, _ := os.ReadFile(path); !bytes.Equal(now, good) {
			t.Errorf("%s: the file is not written anew", c.name)
		}
	}
	// The table of other rules at this file's path (a file copied, a hash that collides)
	// is not read for these rules.
	if _, err := other.table(); err != nil {
		t.Fatal(err)
	}
	otherPath, _ := other.cachePath()
	otherData, _ := os.ReadFile(otherPath)
	os.WriteFile(path, otherData, 0o644)
	if _, err := first.loadTable(path); err == nil || !strings.Contains(err.Error(), "another rule file") {
		t.Errorf("another file's table read: %v", err)
	}
	os.WriteFile(path, good, 0o644)
	// The budget is checked before the file is read.
	defer memlimit.Set(memlimit.Limit())
	memlimit.Set(1 << 20)
	if _, err := cachedProgram(t, cacheFile).table(); !errors.Is(err, memlimit.ErrTooLarge) || !strings.Contains(err.Error(), "the table of decisions of rule file six.rules on rules six-boxes would take about") {
		t.Errorf("within 1 MiB: %v", err)
	}
}

// resum appends its checksum to a body of a cache file.
func resum(body []byte) []byte {
	sum := sha256.Sum256(body)
	return append(slices.Clone(body), sum[:]...)
}

func flip(b []byte, i int) []byte {
	c := slices.Clone(b)
	c[i] ^= 0x10
	return c
}

// yams cache lists the tables of rule files, their temporary files while written and the
// files of another format, and --clear removes them (those of a rule set, or all) but the
// temporary file of a running process; a file of another name, or without the magic,
// is not yams's and stays.
func TestCacheEntries(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cachedir.Env, dir)
	p := cachedProgram(t, cacheFile)
	if _, err := p.table(); err != nil {
		t.Fatal(err)
	}
	hash := p.rules.Hash()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v := tableVersion
	write(fmt.Sprintf("rulefile-%s-0123456789abcdef.v%d.table", hash, v-1), fmt.Sprintf("YAMS-RULETABLE %d\n{}\n", v-1))
	write(fmt.Sprintf("rulefile-ffffffffffffffff-0123456789abcdef.v%d.table", v), fmt.Sprintf("YAMS-RULETABLE %d\n{\"rules\":\"other\",\"rules_hash\":\"ffffffffffffffff\"}\n", v))
	tmp := fmt.Sprintf(".rulefile-%s-0123456789abcdef.v%d.table.yams-tmp-%d-1", hash, v, os.Getpid())
	write(tmp, "")
	write("rulefile-mine.table", "my notes")
	write("notes.txt", fmt.Sprintf("YAMS-RULETABLE %d\n", v))
	list, err := CacheEntries()
	if err != nil {
		t.Fatal(err)
	}
	var stale, inUse, other int
	for _, e := range list {
		switch {
		case e.InUse:
			inUse++
		case e.Stale:
			stale++
		case e.Hash != hash:
			other++
		}
	}
	if len(list) != 4 || stale != 1 || inUse != 1 || other != 1 {
		t.Fatalf("entries %+v", list)
	}
	removed, err := RemoveCache(hash)
	if err != nil || len(removed) != 2 {
		t.Fatalf("removed %+v, %v", removed, err)
	}
	removed, err = RemoveCache("")
	if err != nil || len(removed) != 1 || removed[0].Hash != "ffffffffffffffff" {
		t.Fatalf("removed %+v, %v", removed, err)
	}
	for _, name := range []string{"rulefile-mine.table", "notes.txt", tmp} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed: %v", name, err)
		}
	}
}

// What a run adds to its estimate for a rule file's table: the bound of a build while the
// cache has no file for it, the memory of reading the file once it has.
func TestTableMemoryOfAStrategy(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	path := filepath.Join(t.TempDir(), "six.rules")
	if err := os.WriteFile(path, []byte(cacheFile), 0o644); err != nil {
		t.Fatal(err)
	}
	p := cachedProgram(t, cacheFile)
	build, err := TableMemory(path, p.rules)
	if err != nil || build != p.TableMemory() {
		t.Fatalf("before the table is built: %d, %v; the build's bound is %d", build, err, p.TableMemory())
	}
	f, _ := ReadFile(path)
	q, _ := Compile(f, p.rules)
	q.UseCache()
	if _, err := q.table(); err != nil {
		t.Fatal(err)
	}
	cached, _ := q.cachePath()
	fi, err := os.Stat(cached)
	if err != nil {
		t.Fatal(err)
	}
	read, err := TableMemory(path, p.rules)
	if err != nil || read != q.loadMemory(fi.Size()) || read >= build {
		t.Errorf("once cached: %d, %v; reading the file takes %d, building %d", read, err, q.loadMemory(fi.Size()), build)
	}
}
