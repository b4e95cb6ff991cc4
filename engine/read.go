package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"yams/internal/memlimit"
)

// Size limits of the files engine reads. A rule file is a few KB and a game record a few
// tens of KB (64 turns of five rolls); the limits are far above any real file and far
// below what would strain memory, so that /dev/zero or a runaway file is refused at once.
const (
	MaxRuleFileBytes = 1 << 20 // 1 MiB
	MaxRecordBytes   = 4 << 20 // 4 MiB
)

// ReadFileLimited reads the regular file at path, of at most limit bytes. It refuses a
// directory, a device, a named pipe or a socket without opening it (opening a pipe would
// wait for a writer, reading a device might never end), and a larger file without reading
// it. what says what the file should be ("rules", "record"); every error is one line
// "WHAT PATH: problem", and wraps the system's error where there is one (fs.ErrNotExist).
func ReadFileLimited(what, path string, limit int64) ([]byte, error) {
	fail := func(err error) error { return fmt.Errorf("%s %s: %w", what, EchoName(path), err) }
	info, err := os.Stat(path)
	if err != nil {
		return nil, fail(systemError(err))
	}
	if err := checkRegular(info, limit); err != nil {
		return nil, fail(err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fail(systemError(err))
	}
	defer f.Close()
	// The file may have been replaced since Stat: check what was opened.
	if info, err = f.Stat(); err != nil {
		return nil, fail(systemError(err))
	}
	if err := checkRegular(info, limit); err != nil {
		return nil, fail(err)
	}
	return readAtMost(f, limit, fail)
}

// ReadLimited reads r to its end, at most limit bytes: standard input, for instance. name
// names r in errors, which read "WHAT NAME: problem" on one line.
func ReadLimited(what, name string, r io.Reader, limit int64) ([]byte, error) {
	return readAtMost(r, limit, func(err error) error { return fmt.Errorf("%s %s: %w", what, name, err) })
}

// ReadRecordFile reads and parses the game record at path (see ParseRecord and
// ReadFileLimited). Its errors are one line, "record PATH: problem".
func ReadRecordFile(path string) (*Record, error) {
	data, err := ReadFileLimited("record", path, MaxRecordBytes)
	if err != nil {
		return nil, err
	}
	return parseRecordNamed(path, data)
}

// ReadRecord reads and parses a game record from r (standard input, for instance),
// at most MaxRecordBytes. name names r in errors, which are one line, "record NAME: problem".
func ReadRecord(r io.Reader, name string) (*Record, error) {
	data, err := ReadLimited("record", name, r, MaxRecordBytes)
	if err != nil {
		return nil, err
	}
	return parseRecordNamed(name, data)
}

func parseRecordNamed(name string, data []byte) (*Record, error) {
	rec, err := ParseRecord(data)
	if err != nil {
		return nil, fmt.Errorf("record %s: %w", name, err)
	}
	return rec, nil
}

// checkRegular refuses what is not a regular file of at most limit bytes.
func checkRegular(info fs.FileInfo, limit int64) error {
	mode := info.Mode()
	var kind string
	switch {
	case mode.IsRegular():
		if info.Size() > limit {
			return fmt.Errorf("%d bytes, more than the limit of %s", info.Size(), memlimit.FormatLimit(limit))
		}
		return nil
	case mode.IsDir():
		kind = "a directory"
	case mode&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case mode&fs.ModeSocket != 0:
		kind = "a socket"
	case mode&fs.ModeDevice != 0:
		kind = "a device"
	default:
		kind = "a special file"
	}
	return fmt.Errorf("%s, not a regular file", kind)
}

// readAtMost reads r to its end, refusing more than limit bytes. fail names the source.
func readAtMost(r io.Reader, limit int64, fail func(error) error) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fail(systemError(err))
	}
	if int64(len(data)) > limit {
		return nil, fail(fmt.Errorf("more than the limit of %s", memlimit.FormatLimit(limit)))
	}
	return data, nil
}

// systemError drops the operation and path of a *fs.PathError, which the caller's
// message already names, and keeps the cause ("no such file or directory").
func systemError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// EchoName returns a name (a path, a preset's) as an error line repeats it: as it is, or,
// beyond 100 characters, its first 60 and last 20 around "…". A name read from a file
// may be kilobytes long, and the line must stay one line a person reads; the end of a
// path, its file's name, is kept.
func EchoName(name string) string {
	if r := []rune(name); len(r) > 100 {
		return string(r[:60]) + "…" + string(r[len(r)-20:])
	}
	return name
}
