package rulefile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/memlimit"
	"yams/internal/outfile"
)

// The table of a rule file played as a strategy (rules:FILE) is kept in the cache
// directory, as the solved tables are, and read back the next time the same rules are
// played on the same rule set: one file per rule file content, rule set and format,
//
//	rulefile-RULESHASH-CONTENT.vN.table
//
// RULESHASH the rule set's hash, CONTENT a hash of what decides (the file's rules and
// averages in their canonical spelling, comments aside, and the rule set's box ids, which
// the file names). The file holds a line that names the format ("YAMS-RULETABLE N"), a
// line of JSON that says what it was built from, the numbering of the slots' blocks
// (blockOf, little-endian int32), the blocks, and last the SHA-256 of all that: a file cut
// short, damaged or made by another version of yams is built again, with a notice.

// tableVersion is the format of the cached tables: a change of the format, or of how a
// table is built that changes its decisions, takes a new version, so that the files of the
// old one are not read. Version 2: "score cheapest" takes costs within 10⁻⁹ as equal
// (on yams-app with two rolls, the two straights' costs, equal on paper, had differed in
// their last bit).
const tableVersion = 2

const tableMagic = "YAMS-RULETABLE"

// tableMeta is the line of JSON of a cached table.
type tableMeta struct {
	Rules     string `json:"rules"`
	RulesHash string `json:"rules_hash"`
	Boxes     string `json:"boxes"`
	File      string `json:"file"`    // the rule file, as it was named
	Content   string `json:"content"` // the hash of what decides
	Stride    int    `json:"stride"`
	Flags     int    `json:"flags"`
	Slots     int    `json:"slots"`
	Blocks    int    `json:"blocks"`
}

// UseCache makes the program's table read from the cache directory and written there once
// built, as a strategy rules:FILE plays it; a program that does not (a learner's trials)
// builds its table in memory.
func (p *Program) UseCache() { p.cache = true }

// content returns the hash of what decides: the rules and averages as written
// canonically, without comments, line of rules or header, and the rule set's box ids.
func (p *Program) content() string {
	f := File{Averages: p.File.Averages, Rules: slices.Clone(p.File.Rules)}
	for i := range f.Rules {
		f.Rules[i].Comment = ""
	}
	h := sha256.New()
	io.WriteString(h, f.String())
	io.WriteString(h, "\x00"+p.boxIDs())
	return hex.EncodeToString(h.Sum(nil))
}

func (p *Program) boxIDs() string {
	ids := make([]string, p.nb)
	for b, box := range p.rules.Boxes() {
		ids[b] = box.ID
	}
	return strings.Join(ids, ",")
}

// cachePath returns the file of the program's table in the cache directory.
func (p *Program) cachePath() (string, error) {
	dir, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, fmt.Sprintf("rulefile-%s-%s.v%d.table", p.rules.Hash(), p.content()[:16], tableVersion)), nil
}

// cachedTable reads the program's table from the cache, or builds it and writes it there.
// A file that cannot be read as the table (damaged, cut short, of another version or of
// another rule file) is built again, and a notice says so.
func (p *Program) cachedTable() (*table, error) {
	path, err := p.cachePath()
	if err != nil {
		return p.buildTable() // no cache directory: a table in memory
	}
	t, err := p.loadTable(path)
	switch {
	case err == nil:
		return t, nil
	case errors.Is(err, memlimit.ErrTooLarge):
		return nil, err
	case !errors.Is(err, fs.ErrNotExist):
		tell("the cached table of decisions of rule file %s on rules %s (%s) was damaged (%v): building it again", p.File.Name, p.rules.Name(), path, err)
	}
	if t, err = p.buildTable(); err != nil {
		return nil, err
	}
	if err := t.writeFile(path); err != nil {
		tell("the table of decisions of rule file %s on rules %s could not be kept in the cache (%v): it is built again on the next run", p.File.Name, p.rules.Name(), err)
	}
	return t, nil
}

// TableMemory returns the memory the table of decisions of the strategy rules:path on
// rules r takes: to read it from the cache where a file is there for it, else to build it
// (Program.TableMemory). An estimate of a run that plays the file (its exact analysis,
// its workers) adds it, since the table is built, or read, when the strategy first plays.
func TableMemory(path string, r *engine.Rules) (int64, error) {
	f, err := ReadFile(path)
	if err != nil {
		return 0, err
	}
	p, err := Compile(f, r)
	if err != nil {
		return 0, err
	}
	if cached, err := p.cachePath(); err == nil {
		if fi, err := os.Stat(cached); err == nil && fi.Mode().IsRegular() {
			return p.loadMemory(fi.Size()), nil
		}
	}
	return p.TableMemory(), nil
}

// loadMemory is the memory of reading a cached table from a file of size bytes: the file,
// a slice for each block and the numbering of the slots.
func (p *Program) loadMemory(size int64) int64 {
	return memlimit.Sum(size, memlimit.Mul(int64(p.slots()), 24+4), programBytes)
}

// meta returns what the program's table is built from and its shape.
func (t *table) meta() tableMeta {
	p := t.p
	return tableMeta{Rules: p.rules.Name(), RulesHash: p.rules.Hash(), Boxes: p.boxIDs(), File: p.File.Name, Content: p.content(),
		Stride: t.stride, Flags: t.nf, Slots: len(t.blockOf), Blocks: len(t.blocks)}
}

// writeFile writes the table into the cache file at path, atomically, replacing whatever
// is there (a symbolic link included: outfile.Replace).
func (t *table) writeFile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	meta, err := json.Marshal(t.meta())
	if err != nil {
		return err
	}
	return outfile.Replace(path, func(w io.Writer) error {
		h := sha256.New()
		bw := bufio.NewWriterSize(io.MultiWriter(w, h), 1<<20)
		fmt.Fprintf(bw, "%s %d\n%s\n", tableMagic, tableVersion, meta)
		if err := binary.Write(bw, binary.LittleEndian, t.blockOf); err != nil {
			return err
		}
		for _, b := range t.blocks {
			if _, err := bw.Write(b); err != nil {
				return err
			}
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		_, err := w.Write(h.Sum(nil))
		return err
	})
}

// maxMetaBytes bounds the two lines before the blocks.
const maxMetaBytes = 64 << 10

// loadTable reads the program's table from the cache file at path: an error wrapping
// fs.ErrNotExist if there is none, a *memlimit.Error if it would not fit in the budget,
// another error if the file is not the table (what is wrong with it).
func (p *Program) loadTable(path string) (*table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	t := p.newTable()
	slots := p.slots()
	size := int64(engine.NumRolls * t.stride)
	// At most every slot its own block: a larger file is not this table.
	most := maxMetaBytes + 4*int64(slots) + int64(slots)*size + sha256.Size
	if fi.Size() > most || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%d bytes, more than the table's %d at most", fi.Size(), most)
	}
	if err := memlimit.Check(p.tableWhat(), p.loadMemory(fi.Size())); err != nil {
		return nil, err
	}
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("cut short: %v", err)
	}
	if len(data) < sha256.Size {
		return nil, errors.New("cut short")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errors.New("its checksum does not match")
	}
	first, rest, ok := bytes.Cut(body, []byte("\n"))
	if !ok || !bytes.Equal(first, fmt.Appendf(nil, "%s %d", tableMagic, tableVersion)) {
		return nil, fmt.Errorf("not a table of format %d: %.40q", tableVersion, first)
	}
	line, rest, ok := bytes.Cut(rest, []byte("\n"))
	var meta tableMeta
	if !ok || json.Unmarshal(line, &meta) != nil {
		return nil, errors.New("its description does not read")
	}
	want := tableMeta{Rules: meta.Rules, RulesHash: p.rules.Hash(), Boxes: p.boxIDs(), File: meta.File, Content: p.content(),
		Stride: t.stride, Flags: t.nf, Slots: slots, Blocks: meta.Blocks}
	if meta != want {
		return nil, fmt.Errorf("the table of other rules or another rule file (%s on %s)", meta.File, meta.Rules)
	}
	if meta.Blocks < 0 || int64(len(rest)) != 4*int64(slots)+int64(meta.Blocks)*size {
		return nil, fmt.Errorf("%d bytes of blocks for %d blocks", len(rest)-4*slots, meta.Blocks)
	}
	t.blockOf = make([]int32, slots)
	for i := range t.blockOf {
		b := int32(binary.LittleEndian.Uint32(rest[4*i:]))
		if b < 0 || int(b) >= meta.Blocks {
			return nil, fmt.Errorf("slot %d has block %d of %d", i, b, meta.Blocks)
		}
		t.blockOf[i] = b
	}
	blocks := rest[4*slots:]
	t.blocks = make([][]uint8, meta.Blocks)
	for b := range t.blocks {
		t.blocks[b] = blocks[int64(b)*size : int64(b+1)*size : int64(b+1)*size]
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	return t, nil
}

// check finds, in a table read back, a decision no game can take: a keep that is no
// mask of five dice, a box the rules have not. (A legal decision where another was
// written is the checksum's to catch.)
func (t *table) check() error {
	for b, block := range t.blocks {
		for i, x := range block {
			if i%t.stride < t.levels && x > 31 || i%t.stride >= t.levels && int(x) >= t.p.nb && x != 255 {
				return fmt.Errorf("block %d holds %d where a decision goes", b, x)
			}
		}
	}
	return nil
}

// tableFiles are the cached tables of rule files: rulefile-RULESHASH-CONTENT.vN.table,
// beginning with the magic of their format.
var tableFiles = cachedir.Kind{
	Prefix: "rulefile-",
	Table:  func(name string) bool { return strings.HasSuffix(name, ".table") },
	Read:   readEntry,
}

// CacheEntries lists the cached tables of rule files in the cache directory, the largest
// first, and the temporary files of their writing. What is the strategy, rules:FILE.
func CacheEntries() ([]cachedir.Entry, error) { return cachedir.Entries(tableFiles) }

// readEntry reads what a cached table says of itself; it reports whether the file is a
// table of yams's, of this format (Stale: of another).
func readEntry(e *cachedir.Entry) bool {
	f, err := os.Open(e.Path)
	if err != nil {
		return false
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.LimitReader(f, maxMetaBytes), maxMetaBytes)
	first, err := r.ReadString('\n')
	magic, version, ok := strings.Cut(strings.TrimSuffix(first, "\n"), " ")
	if err != nil || !ok || magic != tableMagic {
		return false
	}
	if version != fmt.Sprint(tableVersion) {
		e.Stale = true
		return true
	}
	line, err := r.ReadBytes('\n')
	var meta tableMeta
	if err != nil || json.Unmarshal(line, &meta) != nil {
		e.Stale = true
		return true
	}
	e.Hash, e.Rules, e.What = meta.RulesHash, meta.Rules, "rules:"+meta.File
	return true
}

// RemoveCache removes the cached tables of rule files, all of them or those of the rules
// of hash hash, but the temporary files of running processes, and returns those removed.
func RemoveCache(hash string) ([]cachedir.Entry, error) {
	list, err := CacheEntries()
	if err != nil {
		return nil, err
	}
	return cachedir.Remove(list, hash)
}
