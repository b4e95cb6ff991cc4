package solver

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/outfile"
)

// Magics of the files yams writes in the cache: a table (every version), and the file of
// decisions that went with a table before they were kept in it.
const decisionsMagic = "YAMS-DEC"

// tableFiles are the solver's files in the cache: optimal-HASH[-OBJECTIVE].vN.table (and
// .decisions, of an earlier format), beginning with the magic of yams's files.
var tableFiles = cachedir.Kind{
	Prefix: "optimal-",
	Table: func(name string) bool {
		return strings.HasSuffix(name, ".table") || strings.HasSuffix(name, ".decisions")
	},
	Read: readHeader,
}

// CacheEntries lists the solver's files in the cache directory, the largest first: the
// tables it wrote (of this format, and of earlier ones, Stale), and the temporary files of
// its solves. What is the objective solved for ("mean", "risk:0.05").
func CacheEntries() ([]cachedir.Entry, error) { return cachedir.Entries(tableFiles) }

// readHeader reads what a cache file says of itself: its version and metadata, and
// whether this yams reads it (Stale). It reports whether the file is yams's, beginning
// with the magic of a table or of a file of decisions and a version.
func readHeader(e *cachedir.Entry) bool {
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
	version := int(binary.LittleEndian.Uint32(head[8:]))
	if string(head[:8]) != TableMagic || version != TableVersion || len(head) < HeaderSize+4 || !strings.HasSuffix(e.Path, ".table") {
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
		e.Rules, e.What = m.Rules.Name, m.Objective
		if opts, ok := engine.OptionsFrom(m.Rules); ok {
			e.Options = opts
		}
	}
	return true
}

// RemoveCache removes the solver's files of the rules of hash from the cache (all of them
// when hash is empty) and returns those it removed, never the temporary file of a solve
// that is running.
func RemoveCache(hash string) ([]cachedir.Entry, error) {
	list, err := CacheEntries()
	if err != nil {
		return nil, err
	}
	return cachedir.Remove(list, hash)
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
