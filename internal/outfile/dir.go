package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// A folder of several files (a report) is written aside and swapped in, so that what a
// reader finds at the folder's path is the whole previous folder, or the whole new one,
// or, for the instant between two renames, nothing; never a part of each.
//
// The stage is a new folder beside the folder written, named
// ".NAME.yams-tmp-PID-RANDOM", in which every regular file of the folder is linked (a hard
// link, or a copy where the file system has none): the writer reads, replaces and removes
// the files of the earlier write there as it would in the folder itself, without touching
// the folder. Once the writer is done, the folder is renamed aside
// (".NAME.yams-old-PID-RANDOM"), the stage renamed in its place, and what is left aside,
// the files the writer replaced or removed, is removed. A file that appeared in the folder
// meanwhile is carried over. A stage whose process was killed is removed by the next
// write beside it; a folder left aside by a process killed between the two renames is
// never removed: it is the previous folder.
//
// A folder that cannot be swapped is written in place: the working directory (renaming it
// would leave the process, and the shell that started it, in a folder removed), a mount
// point, a folder whose parent takes no new entry, or one that holds more than regular
// files (a folder, a link, a device of the user's is not moved). The stage is then inside
// the folder (".stage.yams-tmp-PID-RANDOM"), written the same way, and its files renamed
// into the folder one by one: each file is whole, and the renames take milliseconds,
// during which Halt waits, but a process killed (kill -9) or a machine that stops in
// between leaves files of both writes.

// WriteDir writes the folder dir as a whole with fill, which writes into the folder it is
// given, a stage that starts as a copy of dir, as the package documentation says. If fill
// fails, or the process is halted (Halt) before the swap, dir is left as it was and the
// stage removed. dir is created, and the folders above it, if they do not exist; its
// symbolic links are followed.
func WriteDir(dir string, fill func(stage string) error) error {
	s, err := openStage(dir, true)
	if err != nil {
		return err
	}
	if err := fill(s.path); err != nil {
		s.discard()
		return err
	}
	return s.commit(dir)
}

// CheckDir makes sure that WriteDir can write dir, before a long computation whose result
// goes there: it opens the stage as WriteDir does, and removes it. It creates the folders
// above dir that do not exist, and nothing else.
func CheckDir(dir string) error {
	s, err := openStage(dir, false)
	if err != nil {
		return err
	}
	s.discard()
	return nil
}

// stage is a folder being written aside.
type stage struct {
	dir  string // the folder written, its symbolic links followed
	path string // the stage
	// inside tells a stage inside dir, whose files are renamed into dir one by one.
	inside bool
	// linked holds the regular files of dir linked into the stage, as they were then.
	linked map[string]fs.FileInfo
}

// openStage makes the stage of dir, linking dir's files into it when link is true.
func openStage(dir string, link bool) (*stage, error) {
	target, err := resolve(dir)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(target)
	exists := err == nil
	switch {
	case exists && !fi.IsDir():
		return nil, fmt.Errorf("%s is not a folder", dir)
	case !exists && !errors.Is(err, fs.ErrNotExist):
		return nil, cannot(dir, err)
	case !exists:
		if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
			return nil, cannot(dir, err)
		}
	}
	var entries []fs.DirEntry
	if exists {
		if entries, err = os.ReadDir(target); err != nil {
			return nil, cannot(dir, err)
		}
	}
	s := &stage{dir: target, linked: map[string]fs.FileInfo{}}
	parent := filepath.Dir(target)
	if !exists || swappable(target, fi, entries) {
		removeStale(parent)
		s.path, err = makeTempDir(parent, "."+filepath.Base(target), tmpMarker)
		if err != nil && !exists {
			return nil, cannot(dir, err)
		}
	}
	if s.path == "" {
		removeStale(target)
		if s.path, err = makeTempDir(target, ".stage", tmpMarker); err != nil {
			return nil, cannot(dir, err)
		}
		s.inside = true
	}
	if err := track(s.path); err != nil {
		os.RemoveAll(s.path)
		return nil, err
	}
	if exists {
		// The new folder has the old one's permissions.
		if err := os.Chmod(s.path, fi.Mode()&(fs.ModePerm|fs.ModeSetgid|fs.ModeSticky)); err != nil {
			s.discard()
			return nil, err
		}
	}
	if link {
		for _, e := range entries {
			if err := s.link(e.Name()); err != nil {
				s.discard()
				return nil, err
			}
		}
	}
	return s, nil
}

// swappable reports whether the folder at path, of info fi holding entries, may be
// renamed aside and replaced: not the working directory, nor a mount point, and holding
// regular files only.
func swappable(path string, fi fs.FileInfo, entries []fs.DirEntry) bool {
	if wd, err := os.Stat("."); err != nil || os.SameFile(wd, fi) {
		return false
	}
	if up, err := os.Stat(filepath.Dir(path)); err != nil || !sameDevice(fi, up) {
		return false
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			return false
		}
	}
	return true
}

// makeTempDir makes a new folder in dir named prefix + marker + PID-RANDOM, with the
// permissions a new folder gets (0777 less the umask).
func makeTempDir(dir, prefix, marker string) (string, error) {
	for {
		path := filepath.Join(dir, prefix+marker+strconv.Itoa(os.Getpid())+"-"+strconv.FormatUint(rand.Uint64(), 36))
		err := os.Mkdir(path, 0o777)
		switch {
		case err == nil:
			return path, nil
		case !errors.Is(err, fs.ErrExist):
			return "", err
		}
	}
}

// asideMarker is in the name of a folder set aside by a swap: never a temporary file's
// (tmpMarker), since it is the previous folder until the swap is done.
const asideMarker = ".yams-old-"

// link links the regular file name of the folder into the stage (a copy where the file
// system has no hard links), and records it. Other entries are left where they are, as
// are the temporary files of writes under way.
func (s *stage) link(name string) error {
	from := filepath.Join(s.dir, name)
	fi, err := os.Lstat(from)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // gone meanwhile
	case err != nil:
		return err
	case !fi.Mode().IsRegular() || IsTemp(name):
		return nil
	}
	to := filepath.Join(s.path, name)
	if err := os.Link(from, to); err != nil {
		if err := copyFile(from, to, fi.Mode().Perm()); err != nil {
			return err
		}
	}
	s.linked[name] = fi
	return nil
}

// copyFile copies the file from into the new file to.
func copyFile(from, to string, mode fs.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// unchanged reports whether the file name of the folder is still the one linked.
func (s *stage) unchanged(name string, now fs.FileInfo) bool {
	was, ok := s.linked[name]
	return ok && now != nil && os.SameFile(was, now)
}

// discard removes the stage: the folder is left as it was.
func (s *stage) discard() {
	os.RemoveAll(s.path)
	untrack(s.path)
}

// commit puts the stage in the folder's place, unless the process is halted; given is
// the folder as the caller named it (Written).
func (s *stage) commit(given string) error {
	err := commit(given, func() error {
		if s.inside {
			return s.commitInside()
		}
		return s.swap()
	})
	if err != nil {
		s.discard()
		return err
	}
	untrack(s.path)
	if s.inside {
		return syncDir(s.dir)
	}
	return syncDir(filepath.Dir(s.dir))
}

// swap renames the folder aside and the stage in its place, then removes what is left
// aside. It commits inside the folder instead when the folder has come to hold more than
// regular files, or cannot be renamed.
func (s *stage) swap() error {
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.Rename(s.path, s.dir)
	}
	if err != nil {
		return err
	}
	// What changed in the folder while the stage was written: a new or replaced file is
	// carried over, unless the writer wrote that name.
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() {
			return s.commitInside()
		}
		now, err := os.Lstat(filepath.Join(s.dir, name))
		if err != nil || s.unchanged(name, now) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(s.path, name)); errors.Is(err, fs.ErrNotExist) {
			delete(s.linked, name)
			if err := s.link(name); err != nil {
				return err
			}
		}
	}
	aside, err := makeTempDir(filepath.Dir(s.dir), "."+filepath.Base(s.dir), asideMarker)
	if err == nil {
		err = os.Remove(aside) // its name, for the rename
	}
	if err == nil {
		err = os.Rename(s.dir, aside)
	}
	if err != nil {
		return s.commitInside()
	}
	if err := os.Rename(s.path, s.dir); err != nil {
		if rerr := os.Rename(aside, s.dir); rerr != nil {
			return fmt.Errorf("%w; the previous folder is in %s", err, aside)
		}
		return err
	}
	s.clearAside(aside)
	return nil
}

// clearAside removes the folder set aside by a swap: the files linked into the new one,
// and those the writer replaced or removed. A file that came in between is moved into
// the new folder, or, if the new folder has a file of its name, left aside with the
// folder.
func (s *stage) clearAside(aside string) {
	entries, _ := os.ReadDir(aside)
	for _, e := range entries {
		name := e.Name()
		old, err := os.Lstat(filepath.Join(aside, name))
		if err != nil {
			continue
		}
		cur, err := os.Lstat(filepath.Join(s.dir, name))
		switch {
		case err == nil && os.SameFile(old, cur), s.unchanged(name, old):
			os.Remove(filepath.Join(aside, name))
		case errors.Is(err, fs.ErrNotExist):
			os.Rename(filepath.Join(aside, name), filepath.Join(s.dir, name))
		}
	}
	os.Remove(aside) // not empty: something of the user's is left there
}

// commitInside renames the files the writer wrote into the folder, and removes those it
// removed, then the stage. The destinations are checked before anything is renamed.
func (s *stage) commitInside() error {
	entries, err := os.ReadDir(s.path)
	if err != nil {
		return err
	}
	var moves []string
	for _, e := range entries {
		name := e.Name()
		now, err := os.Lstat(filepath.Join(s.path, name))
		if err != nil {
			return err
		}
		if s.unchanged(name, now) {
			continue // the link of a file the writer left as it was
		}
		dest, err := os.Lstat(filepath.Join(s.dir, name))
		switch {
		case err == nil && dest.IsDir():
			return fmt.Errorf("%s is a directory", filepath.Join(s.dir, name))
		case err == nil && !now.Mode().IsRegular():
			return fmt.Errorf("%s exists", filepath.Join(s.dir, name))
		}
		moves = append(moves, name)
	}
	// The files of the folder the writer removed.
	var removed []string
	for _, name := range slices.Sorted(maps.Keys(s.linked)) {
		if !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == name }) {
			removed = append(removed, name)
		}
	}
	for _, name := range moves {
		if err := os.Rename(filepath.Join(s.path, name), filepath.Join(s.dir, name)); err != nil {
			return err
		}
	}
	for _, name := range removed {
		// Only as it was when linked: a file put there since is the user's.
		if now, err := os.Lstat(filepath.Join(s.dir, name)); err == nil && s.unchanged(name, now) {
			if err := os.Remove(filepath.Join(s.dir, name)); err != nil {
				return err
			}
		}
	}
	return os.RemoveAll(s.path)
}
