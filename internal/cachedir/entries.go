package cachedir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"yams/internal/outfile"
)

// Entry is a file of the cache that yams wrote: a table it reads, one an earlier yams
// left, or the temporary file of a table being written.
type Entry struct {
	Path     string
	Size     int64
	Modified time.Time
	// Hash is the hash of the rules the file is of, Rules their name as the file's
	// metadata says, and What what it holds, as yams cache lists it: the strategy
	// solved for ("mean", "risk:0.05", "rules:greedy.rules"); Rules and What are empty
	// for a file of an earlier format.
	Hash, Rules, What string
	// Options, where the rules are a preset changed by options, are those options
	// (--rule KEY=VALUE), as the file's metadata lets them be found.
	Options []string
	// Stale tells a file this version of yams never reads again: of an earlier format,
	// or the temporary file of a process that was killed.
	Stale bool
	// InUse tells the temporary file of a process running now: it becomes its table
	// once written. It is listed, never removed.
	InUse bool
}

// Kind is a kind of file yams keeps in the cache, named Prefix + what follows.
type Kind struct {
	Prefix string
	// Table tells the names of the kind's tables (of every version) from those of other
	// files that begin alike.
	Table func(name string) bool
	// Read reads what a table says of itself into e (its Hash is the one of its name):
	// Rules, What, Stale, and Hash if the file says it. It reports whether the file is
	// yams's: one of the kind's name without its magic is the user's.
	Read func(e *Entry) bool
}

// hashOf is the hash of the rules a file is of, as its name says: the first part of what
// follows the kind's prefix.
func hashOf(rest string) string {
	h, _, _ := strings.Cut(rest, ".")
	h, _, _ = strings.Cut(h, "-")
	return h
}

// Entries lists the files of the cache directory of the kinds given, the largest first:
// their tables, and the temporary files of their writing. A symbolic link, a directory,
// a file of another name, or one of the name without yams's magic, is not yams's.
func Entries(kinds ...Kind) ([]Entry, error) {
	dir, err := Dir()
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
	var list []Entry
	for _, f := range files {
		name := f.Name()
		if !f.Type().IsRegular() {
			continue
		}
		for _, k := range kinds {
			rest, table := strings.CutPrefix(name, k.Prefix)
			table = table && k.Table(name)
			temp := outfile.IsTemp(name) && strings.HasPrefix(name, "."+k.Prefix)
			if !table && !temp {
				continue
			}
			info, err := f.Info()
			if err != nil {
				break
			}
			e := Entry{Path: filepath.Join(dir, name), Size: info.Size(), Modified: info.ModTime()}
			if temp {
				e.Hash = hashOf(strings.TrimPrefix(name, "."+k.Prefix))
				e.InUse = !outfile.Abandoned(name)
				e.Stale = !e.InUse
			} else {
				e.Hash = hashOf(rest)
				if !k.Read(&e) {
					break // named as yams names its files, but not one of them
				}
			}
			list = append(list, e)
			break
		}
	}
	slices.SortFunc(list, func(a, b Entry) int {
		if a.Size != b.Size {
			return int(b.Size - a.Size)
		}
		return strings.Compare(a.Path, b.Path)
	})
	return list, nil
}

// Remove removes the files of list of the rules of hash (all of them when hash is
// empty), but the temporary files of running processes, and returns those it removed.
func Remove(list []Entry, hash string) ([]Entry, error) {
	var removed []Entry
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
