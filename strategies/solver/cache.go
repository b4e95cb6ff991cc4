package solver

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"yams/internal/cachedir"
	"yams/internal/outfile"
)

// CacheEntry is a file of the cache: a solved rule set, a file an earlier yams left, or
// the temporary file of a solve that writes its table.
type CacheEntry struct {
	Path     string
	Size     int64
	Modified time.Time
	// Hash is the hash of the rules the file solves; Rules names them and Objective
	// what was solved for ("mean"), as the file's metadata says (empty for a file of
	// an earlier version of yams, which this one does not read).
	Hash      string
	Rules     string
	Objective string
	// Stale tells a file this version of yams never reads again: of an earlier format, or
	// a temporary file of a solve that was killed.
	Stale bool
	// InUse tells the temporary file of a solve that is running: it is being written,
	// and becomes the table once the solve renames it. It is listed, never removed.
	InUse bool
	// version is the file's format version, as its header says.
	version int
}

// Magics of the files yams writes in the cache: a table (every version), and the file of
// decisions that went with a table before they were kept in it.
const decisionsMagic = "YAMS-DEC"

// CacheEntries lists the files of the cache directory that are yams's, the largest first:
// the tables it wrote (named optimal-*.table or optimal-*.decisions, and beginning with
// the magic of yams's files), and the temporary files of its solves. A file of another
// name, or of that name without yams's magic (a file of the user's), is not yams's.
func CacheEntries() ([]CacheEntry, error) {
	dir, err := cachedir.Dir()
	if err != nil {
		return nil, err
	}
	files, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []CacheEntry
	for _, f := range files {
		name := f.Name()
		table := strings.HasPrefix(name, "optimal-") && (strings.HasSuffix(name, ".table") || strings.HasSuffix(name, ".decisions"))
		temp := outfile.IsTemp(name) && strings.HasPrefix(name, ".optimal-")
		// A symbolic link, a directory or a device is not a file yams wrote.
		if !f.Type().IsRegular() || !(table || temp) {
			continue
		}
		info, err := f.Info()
		if err != nil {
			continue
		}
		e := CacheEntry{Path: filepath.Join(dir, name), Size: info.Size(), Modified: info.ModTime()}
		if temp {
			e.InUse = !outfile.Abandoned(name)
			e.Stale = !e.InUse
			e.Hash, _, _ = strings.Cut(strings.TrimPrefix(name, ".optimal-"), ".")
			e.Hash, _, _ = strings.Cut(e.Hash, "-")
		} else {
			e.Hash, _, _ = strings.Cut(strings.TrimPrefix(name, "optimal-"), ".")
			if !readHeader(&e) {
				continue // named as yams names its files, but not one of them
			}
			e.Stale = e.Stale || !strings.HasSuffix(name, ".table")
		}
		list = append(list, e)
	}
	slices.SortFunc(list, func(a, b CacheEntry) int {
		if a.Size != b.Size {
			return int(b.Size - a.Size)
		}
		return strings.Compare(a.Path, b.Path)
	})
	return list, nil
}

// readHeader reads what a cache file says of itself: its version and metadata, and
// whether this yams reads it (Stale). It reports whether the file is yams's, beginning
// with the magic of a table or of a file of decisions and a version.
func readHeader(e *CacheEntry) bool {
	f, err := os.Open(e.Path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 1<<16)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if len(head) < 12 || (string(head[:8]) != TableMagic && string(head[:8]) != decisionsMagic) {
		return false
	}
	e.version = int(binary.LittleEndian.Uint32(head[8:]))
	if string(head[:8]) != TableMagic || e.version != TableVersion || len(head) < HeaderSize+4 {
		e.Stale = true // of another format, or cut short: never read again
		return true
	}
	e.Hash = string(bytes.TrimRight(head[32:64], "\x00"))
	mlen := int(binary.LittleEndian.Uint32(head[HeaderSize:]))
	if HeaderSize+4+mlen > len(head) {
		return true
	}
	var m Meta
	if json.Unmarshal(head[HeaderSize+4:HeaderSize+4+mlen], &m) == nil {
		e.Rules, e.Objective = m.Rules.Name, m.Objective
	}
	return true
}

// RemoveCache removes the cache files of the rules of hash (every file of yams's in the
// cache when hash is empty) and returns those it removed. It removes only what yams wrote
// (CacheEntries), and never the temporary file of a solve that is running.
func RemoveCache(hash string) ([]CacheEntry, error) {
	list, err := CacheEntries()
	if err != nil {
		return nil, err
	}
	var removed []CacheEntry
	for _, e := range list {
		if (hash != "" && e.Hash != hash) || e.InUse {
			continue
		}
		if err := os.Remove(e.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, e)
	}
	return removed, nil
}

// writeFile writes the table into the cache file at path, creating its directory: as
// package outfile writes a file, through a temporary file renamed over the path, and
// replacing whatever is at the path, a symbolic link included, rather than write through
// it (outfile.Replace): a link planted in the cache must not make a solve write over the
// file it names.
func (t *Table) writeFile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return outfile.Replace(path, func(w io.Writer) error {
		_, err := t.encode(w)
		return err
	})
}
