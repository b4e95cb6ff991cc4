// Package outfile is the one way yams writes a file: a summary, a checkpoint, a report, a
// cache file. What a reader finds at the path is always either what was there before or
// the whole new content, never half of it; a path that is not a regular file (a device
// such as /dev/stdout, a pipe) is written in place rather than replaced; a symbolic link
// is followed, so that its target is updated and the link kept; and a write that fails
// (a full disk, /dev/full) is an error, never a silent loss.
//
// A regular file is written through a temporary file in the same directory, named
// ".NAME.yams-tmp-PID-RANDOM", which is synced, given the mode of the file it replaces
// (0644 for a new one), renamed over the path, and the directory synced. A process killed
// in between leaves its temporary file behind: the next Write in that directory removes
// the temporary files of processes that no longer run.
//
// Replace is Write for the files yams keeps for itself, the cache: it replaces a symbolic
// link rather than follow it.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// tmpMarker is in the name of every temporary file of this package, between the name of
// the file it stands for and the process that writes it.
const tmpMarker = ".yams-tmp-"

// maxLinks bounds the symbolic links followed, as the kernel does.
const maxLinks = 40

// Write writes the file at path with write, as the package documentation says.
func Write(path string, write func(io.Writer) error) error {
	if special(path) {
		return writeInPlace(path, write)
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case err == nil && !fi.Mode().IsRegular():
		return writeInPlace(target, write)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	mode := fs.FileMode(0o644)
	if err == nil {
		mode = fi.Mode().Perm()
	}
	return writeAtomic(target, mode, write)
}

// Replace writes the file at path as Write does, but replaces whatever is at path rather
// than write through it: a symbolic link there is replaced by the file, never followed,
// and a device or a pipe replaced too. It is for the files yams keeps for itself (the
// cache), where a link planted at the path must not make yams write over the file it
// names. The file's mode is 0644.
func Replace(path string, write func(io.Writer) error) error {
	fi, err := os.Lstat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	// rename(2) replaces the link itself, not the file it names.
	return writeAtomic(path, 0o644, write)
}

// WriteBytes writes data at path (see Write).
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Check makes sure that Write can write at path, before a long computation whose result
// goes there: the path is not a directory, and its directory takes a new file (or, for a
// device or a pipe, the path is one). It leaves nothing behind.
func Check(path string) error {
	if special(path) {
		return nil
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case err == nil && !fi.Mode().IsRegular():
		return nil // written in place: a device or a pipe takes what it takes
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(target), ".yams-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("cannot write %s: %w", path, pe.Err)
		}
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// special reports whether path names a file of the system's devices or processes, such
// as /dev/stdout or /proc/self/fd/1: written in place, never resolved nor replaced (its
// link may name a pipe, or the file a shell redirected the output to).
func special(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil || runtime.GOOS == "windows" {
		return false
	}
	return strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")
}

// resolve follows the symbolic links of path to the file they name, which may not exist.
func resolve(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// writeInPlace writes to a file that is not a regular one, a device or a pipe, which a
// rename would replace.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	b := bufio.NewWriterSize(f, 1<<16)
	err = write(b)
	if err == nil {
		err = b.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeAtomic(path string, mode fs.FileMode, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	removeStale(dir)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+tmpMarker+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	b := bufio.NewWriterSize(f, 1<<20)
	if err = write(b); err != nil {
		return err
	}
	if err = b.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	if runtime.GOOS == "windows" {
		return nil // a directory cannot be opened for syncing there
	}
	// The rename is durable once the directory is synced.
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// cleaned holds the directories whose stale temporary files this process has removed.
var cleaned sync.Map

// removeStale removes, once per directory and process, the temporary files of this
// package left by processes that no longer run (killed before they could rename them).
func removeStale(dir string) {
	if _, done := cleaned.LoadOrStore(dir, true); done {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if Abandoned(e.Name()) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// tmpOwner returns the process that wrote a temporary file of this package.
func tmpOwner(name string) (int, bool) {
	i := strings.LastIndex(name, tmpMarker)
	if !strings.HasPrefix(name, ".") || i < 0 {
		return 0, false
	}
	pidText, _, ok := strings.Cut(name[i+len(tmpMarker):], "-")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(pidText)
	return pid, err == nil && pid > 0
}

// IsTemp reports whether name is that of a temporary file of this package.
func IsTemp(name string) bool {
	_, ok := tmpOwner(name)
	return ok
}

// Abandoned reports whether name is that of a temporary file of this package whose
// process no longer runs: one that a process killed before its rename left behind, which
// no one will ever rename, where a running process's is a file being written.
func Abandoned(name string) bool {
	pid, ok := tmpOwner(name)
	return ok && pid != os.Getpid() && !alive(pid)
}
