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
	d, err := destinationOf(path)
	if err != nil {
		return err
	}
	if d.inPlace {
		if err := writeInPlace(d.path, write); err != nil {
			return err
		}
		inflight.Lock()
		markWritten(path)
		inflight.Unlock()
		return nil
	}
	return writeAtomic(path, d.path, d.mode, write)
}

// destination is where Write writes a path: the file that its symbolic links name, and
// whether it is written in place (a device, a pipe) or through a temporary file given
// mode.
type destination struct {
	path    string
	inPlace bool
	mode    fs.FileMode
}

// destinationOf returns where Write writes path, or why it cannot. Write and Check both
// call it, so that a path Check passes is one Write writes.
func destinationOf(path string) (destination, error) {
	if special(path) {
		// A device or a file of the processes: it must exist, and is written in place.
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			return destination{}, cannot(path, err)
		case fi.IsDir():
			return destination{}, fmt.Errorf("%s is a directory", path)
		}
		return destination{path: path, inPlace: true}, nil
	}
	target, err := resolve(path)
	if err != nil {
		return destination{}, err
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return destination{}, fmt.Errorf("%s is a directory", path)
	case err == nil && !fi.Mode().IsRegular():
		return destination{path: target, inPlace: true}, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return destination{}, err
	}
	mode := fs.FileMode(0o644)
	if err == nil {
		mode = fi.Mode().Perm()
	}
	return destination{path: target, mode: mode}, nil
}

// cannot says that path cannot be written, and why, without the name of the system call
// that failed.
func cannot(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot write %s: %w", path, err)
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
	return writeAtomic(path, path, 0o644, write)
}

// WriteBytes writes data at path (see Write).
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Check makes sure that Write can write at path, before a long computation whose result
// goes there: the path is not a directory, and its directory takes a new file; or, for a
// device or a pipe (written in place), it exists and opens for writing. It leaves nothing
// behind, and truncates nothing.
func Check(path string) error {
	d, err := destinationOf(path)
	if err != nil {
		return err
	}
	if d.inPlace {
		if err := probeInPlace(d.path); err != nil {
			return cannot(path, err)
		}
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(d.path), ".yams-check-*")
	if err != nil {
		return cannot(path, err)
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

// writeAtomic writes the regular file at path through a temporary file, given mode;
// given is the path as the caller named it (Written).
func writeAtomic(given, path string, mode fs.FileMode, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	removeStale(dir)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+tmpMarker+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := track(tmp); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
		untrack(tmp)
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
	if err = commit(given, func() error { return os.Rename(tmp, path) }); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes the renames in dir durable.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil // a directory cannot be opened for syncing there
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// cleaned holds the directories whose stale temporary files this process has removed.
var cleaned sync.Map

// removeStale removes, once per directory and process, the temporary files and stage
// folders of this package left by processes that no longer run (killed before they could
// rename them). A stage holds links to a folder's files and new files only: removing it
// removes nothing of the folder.
func removeStale(dir string) {
	if _, done := cleaned.LoadOrStore(dir, true); done {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !Abandoned(e.Name()) {
			continue
		}
		if e.IsDir() {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		} else {
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
