package outfile

import (
	"errors"
	"os"
	"sync"
)

// ErrHalted is the error of a write that Halt stopped before it could take the place of
// what the path held.
var ErrHalted = errors.New("not written: the process was stopped first")

// inflight holds the writes of this process that have not taken their place yet: their
// temporary files and stage folders, removed by Halt. The lock is held while a write
// takes its place (commit), so that Halt waits for it to end.
var inflight struct {
	sync.Mutex
	halted bool
	temps  map[string]bool
	// written holds the paths, as the callers gave them, of the writes that took their
	// place (Written).
	written map[string]bool
}

// track records a temporary file or stage folder being written; it fails once Halt has
// run.
func track(path string) error {
	inflight.Lock()
	defer inflight.Unlock()
	if inflight.halted {
		return ErrHalted
	}
	if inflight.temps == nil {
		inflight.temps = map[string]bool{}
	}
	inflight.temps[path] = true
	return nil
}

// untrack forgets a temporary file or stage folder, committed or removed.
func untrack(path string) {
	inflight.Lock()
	delete(inflight.temps, path)
	inflight.Unlock()
}

// commit runs the renames that put the write of path (as the caller gave it) in its
// place, unless Halt has run: then the write is not committed, and commit returns
// ErrHalted. A write committed is recorded (Written) under the same lock, so that what
// Halt's caller reads after it is what the paths hold.
func commit(path string, renames func() error) error {
	inflight.Lock()
	defer inflight.Unlock()
	if inflight.halted {
		return ErrHalted
	}
	if err := renames(); err != nil {
		return err
	}
	markWritten(path)
	return nil
}

// markWritten records that the write of path took its place; the lock is held.
func markWritten(path string) {
	if inflight.written == nil {
		inflight.written = map[string]bool{}
	}
	inflight.written[path] = true
}

// Written reports whether a write of this process to path, as given to Write, Replace,
// WriteBytes or WriteDir, has taken its place: the path holds what the process wrote,
// not what it held before. After Halt it is final, whatever the writes under way when
// it came: a process halted on a signal says truly which outputs it replaced.
func Written(path string) bool {
	inflight.Lock()
	defer inflight.Unlock()
	return inflight.written[path]
}

// Halt stops every write of this process, for a process about to exit at once (a second
// Ctrl-C): it waits for a write that is taking its place to end, then removes the
// temporary files and stage folders of the writes that had not, so that each path holds
// what it held before or the whole new content, and nothing is left behind. No write
// takes its place after it (ErrHalted). A file written in place (a device, a pipe) is
// not undone.
func Halt() {
	inflight.Lock()
	defer inflight.Unlock()
	inflight.halted = true
	for p := range inflight.temps {
		// A stage holds links to the folder's files and the new ones: removing it
		// removes nothing of the folder.
		os.RemoveAll(p)
	}
	inflight.temps = nil
}
