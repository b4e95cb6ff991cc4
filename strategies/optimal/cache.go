package optimal

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

	"yams/internal/outfile"
)

// CacheEntry is a file of the cache: a solved rule set, or a file yams left behind.
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
	// version is the file's format version (0: not a table file).
	version int
}

// CacheEntries lists the files of the cache directory that are yams's, the largest first.
func CacheEntries() ([]CacheEntry, error) {
	dir, err := CacheDir()
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
		ours := strings.HasPrefix(name, "optimal-") && (strings.HasSuffix(name, ".table") || strings.HasSuffix(name, ".decisions"))
		temp := outfile.IsTemp(name) && strings.HasPrefix(name, ".optimal-")
		if !f.Type().IsRegular() || !(ours || temp) {
			continue
		}
		info, err := f.Info()
		if err != nil {
			continue
		}
		e := CacheEntry{Path: filepath.Join(dir, name), Size: info.Size(), Modified: info.ModTime(), Stale: temp}
		if ours {
			e.Hash, _, _ = strings.Cut(strings.TrimPrefix(name, "optimal-"), ".")
			readHeader(&e)
			e.Stale = e.version != tableVersion || !strings.HasSuffix(name, ".table")
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

// readHeader reads what a cache file says of itself: its version and metadata.
func readHeader(e *CacheEntry) {
	f, err := os.Open(e.Path)
	if err != nil {
		return
	}
	defer f.Close()
	head := make([]byte, 1<<16)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if len(head) < headerSize+4 || string(head[:8]) != tableMagic {
		return
	}
	e.version = int(binary.LittleEndian.Uint32(head[8:]))
	if e.version != tableVersion {
		return
	}
	e.Hash = string(bytes.TrimRight(head[32:64], "\x00"))
	mlen := int(binary.LittleEndian.Uint32(head[headerSize:]))
	if headerSize+4+mlen > len(head) {
		return
	}
	var m meta
	if json.Unmarshal(head[headerSize+4:headerSize+4+mlen], &m) == nil {
		e.Rules, e.Objective = m.Rules.Name, m.Objective
	}
}

// RemoveCache removes the cache files of the rules of hash (every file of yams's in the
// cache when hash is empty) and returns those it removed.
func RemoveCache(hash string) ([]CacheEntry, error) {
	list, err := CacheEntries()
	if err != nil {
		return nil, err
	}
	var removed []CacheEntry
	for _, e := range list {
		if hash != "" && e.Hash != hash {
			continue
		}
		if err := os.Remove(e.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, e)
	}
	return removed, nil
}
