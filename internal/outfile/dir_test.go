package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// resetHalt undoes Halt, for the tests that follow one.
func resetHalt() {
	inflight.Lock()
	inflight.halted = false
	inflight.Unlock()
}

// folder returns the files of dir (name → content), and its other entries as "<dir>"
// or "<link>".
func folder(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range entries {
		switch {
		case e.Type().IsRegular():
			m[e.Name()] = read(t, filepath.Join(dir, e.Name()))
		case e.IsDir():
			m[e.Name()] = "<dir>"
		default:
			m[e.Name()] = "<link>"
		}
	}
	return m
}

func writeAll(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// report is a writer of a report: it replaces index.html, writes new.csv and removes
// stale.csv, as a report's manifest would have it.
func report(stage string) error {
	if err := WriteBytes(filepath.Join(stage, "index.html"), []byte("new index")); err != nil {
		return err
	}
	if err := WriteBytes(filepath.Join(stage, "new.csv"), []byte("new")); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(stage, "stale.csv")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Nothing but the folder is left beside it: no stage, nothing set aside.
func onlyFolder(t *testing.T, parent string, want ...string) {
	t.Helper()
	entries, _ := os.ReadDir(parent)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, want) {
		t.Errorf("beside the folder: %v, want %v", names, want)
	}
}

func TestWriteDirNew(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "a", "report")
	if err := WriteDir(dir, report); err != nil {
		t.Fatal(err)
	}
	if got := folder(t, dir); !maps.Equal(got, map[string]string{"index.html": "new index", "new.csv": "new"}) {
		t.Errorf("folder %v", got)
	}
	onlyFolder(t, filepath.Join(parent, "a"), "report")
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o777&^umask() {
		t.Errorf("a new folder of mode %v, want %v", fi.Mode().Perm(), 0o777&^umask())
	}
}

// umask returns the process's umask, as the mode of a new folder shows it.
func umask() fs.FileMode {
	dir := filepath.Join(os.TempDir(), "yams-umask-"+strconv.Itoa(os.Getpid()))
	os.Mkdir(dir, 0o777)
	defer os.Remove(dir)
	fi, _ := os.Stat(dir)
	return 0o777 &^ fi.Mode().Perm()
}

// An earlier report is replaced as a whole: its files replaced or removed as the writer
// says, the user's files kept (the same files, not copies), the folder's mode kept.
func TestWriteDirReplaces(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	os.Mkdir(dir, 0o750)
	writeAll(t, dir, map[string]string{"index.html": "old index", "stale.csv": "old", "notes.txt": "mine"})
	notes, _ := os.Stat(filepath.Join(dir, "notes.txt"))
	if err := WriteDir(dir, report); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"index.html": "new index", "new.csv": "new", "notes.txt": "mine"}
	if got := folder(t, dir); !maps.Equal(got, want) {
		t.Errorf("folder %v, want %v", got, want)
	}
	if now, _ := os.Stat(filepath.Join(dir, "notes.txt")); !os.SameFile(notes, now) {
		t.Error("the user's file was copied, not kept")
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o750 {
		t.Errorf("folder mode %v, want 0750", fi.Mode().Perm())
	}
	onlyFolder(t, parent, "report")
}

// A writer that fails, or a process halted before the swap, leaves the folder as it was,
// and no stage.
func TestWriteDirFailsWhole(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	os.Mkdir(dir, 0o755)
	before := map[string]string{"index.html": "old index", "stale.csv": "old", "notes.txt": "mine"}
	writeAll(t, dir, before)
	full := errors.New("no space left on device")
	err := WriteDir(dir, func(stage string) error {
		if err := report(stage); err != nil {
			return err
		}
		return full
	})
	if !errors.Is(err, full) {
		t.Errorf("error %v", err)
	}
	if got := folder(t, dir); !maps.Equal(got, before) {
		t.Errorf("after a failed write the folder holds %v", got)
	}
	onlyFolder(t, parent, "report")

	// Halted while the writer writes: the stage is removed at once, and nothing swapped.
	defer resetHalt()
	err = WriteDir(dir, func(stage string) error {
		if err := report(stage); err != nil {
			return err
		}
		Halt()
		if _, err := os.Stat(stage); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the stage is still there after Halt: %v", err)
		}
		return nil
	})
	if !errors.Is(err, ErrHalted) {
		t.Errorf("halted: error %v", err)
	}
	if got := folder(t, dir); !maps.Equal(got, before) {
		t.Errorf("after a halted write the folder holds %v", got)
	}
	onlyFolder(t, parent, "report")
	if err := WriteDir(filepath.Join(parent, "other"), report); !errors.Is(err, ErrHalted) {
		t.Errorf("a write after Halt: %v", err)
	}
	if err := WriteBytes(filepath.Join(parent, "x.json"), []byte("x")); !errors.Is(err, ErrHalted) {
		t.Errorf("a file written after Halt: %v", err)
	}
	onlyFolder(t, parent, "report")
}

// A file put into the folder while the report is written is carried over.
func TestWriteDirKeepsFileAddedMeanwhile(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	os.Mkdir(dir, 0o755)
	writeAll(t, dir, map[string]string{"index.html": "old index"})
	err := WriteDir(dir, func(stage string) error {
		writeAll(t, dir, map[string]string{"later.txt": "added"})
		return report(stage)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"index.html": "new index", "new.csv": "new", "later.txt": "added"}
	if got := folder(t, dir); !maps.Equal(got, want) {
		t.Errorf("folder %v, want %v", got, want)
	}
	onlyFolder(t, parent, "report")
}

// A folder that holds a folder or a link of the user's, or that is the working directory,
// is written in place: what is not the report's stays as it is.
func TestWriteDirInPlace(t *testing.T) {
	for _, tc := range []string{"subfolder", "link", "working directory"} {
		t.Run(tc, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "report")
			os.Mkdir(dir, 0o755)
			writeAll(t, dir, map[string]string{"index.html": "old index", "stale.csv": "old", "notes.txt": "mine"})
			want := map[string]string{"index.html": "new index", "new.csv": "new", "notes.txt": "mine"}
			switch tc {
			case "subfolder":
				os.Mkdir(filepath.Join(dir, "data"), 0o755)
				writeAll(t, filepath.Join(dir, "data"), map[string]string{"shard.json": "{}"})
				want["data"] = "<dir>"
			case "link":
				if err := os.Symlink("notes.txt", filepath.Join(dir, "link")); err != nil {
					t.Skip("no symbolic links:", err)
				}
				want["link"] = "<link>"
			case "working directory":
				t.Chdir(dir)
				dir = "."
			}
			before, _ := os.Stat(dir)
			if err := WriteDir(dir, report); err != nil {
				t.Fatal(err)
			}
			if got := folder(t, dir); !maps.Equal(got, want) {
				t.Errorf("folder %v, want %v", got, want)
			}
			if now, _ := os.Stat(dir); !os.SameFile(before, now) {
				t.Error("the folder was replaced, not written in place")
			}
			onlyFolder(t, parent, "report")
		})
	}
}

// CheckDir leaves nothing but the folders above the one checked, and refuses what
// WriteDir could not write.
func TestCheckDir(t *testing.T) {
	parent := t.TempDir()
	if err := CheckDir(filepath.Join(parent, "a", "report")); err != nil {
		t.Fatal(err)
	}
	onlyFolder(t, parent, "a")
	onlyFolder(t, filepath.Join(parent, "a"))
	file := filepath.Join(parent, "file")
	writeAll(t, parent, map[string]string{"file": "x"})
	if err := CheckDir(file); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a file: %v", err)
	}
	if err := CheckDir(filepath.Join(file, "report")); err == nil {
		t.Error("a folder under a file: no error")
	}
	if _, err := os.Stat("/proc/self"); err == nil {
		if err := CheckDir("/proc/nope/report"); err == nil {
			t.Error("/proc/nope/report: no error")
		}
	}
}

// The stage of a process killed is removed by the next write beside it; a folder set
// aside by a swap is not.
func TestStaleStage(t *testing.T) {
	parent := t.TempDir()
	stale := filepath.Join(parent, ".report"+tmpMarker+"1073741824-x")
	aside := filepath.Join(parent, ".report"+asideMarker+"1073741824-y")
	for _, d := range []string{stale, aside} {
		os.Mkdir(d, 0o755)
		writeAll(t, d, map[string]string{"index.html": "x"})
	}
	if err := WriteDir(filepath.Join(parent, "report"), report); err != nil {
		t.Fatal(err)
	}
	onlyFolder(t, parent, filepath.Base(aside), "report")
}

// Written says which writes took their place, and after Halt it says so truly whatever
// the writes under way: a path it names holds the new content, and one it does not names
// the old (a second Ctrl-C's message, issue 40 §2). The halt comes at moments spread over
// a write's life, its commit among them.
func TestWrittenAfterHalt(t *testing.T) {
	defer resetHalt()
	parent := t.TempDir()
	if p := filepath.Join(parent, "never.json"); Written(p) {
		t.Errorf("Written(%s) before any write", p)
	}
	committed, undone := 0, 0 // of the halts in the middle of the writes
	for i := range 200 {
		resetHalt()
		path := filepath.Join(parent, fmt.Sprintf("c%d.json", i))
		dir := filepath.Join(parent, fmt.Sprintf("d%d", i))
		os.WriteFile(path, []byte("old"), 0o644)
		os.Mkdir(dir, 0o755)
		writeAll(t, dir, map[string]string{"summary.json": "old"})
		// The first of every 40 halts comes before the writes, the last after them, the
		// others 0.25 to 9.5 ms after they start.
		if i%40 == 0 {
			Halt()
		}
		done := make(chan error, 2)
		go func() { done <- WriteBytes(path, []byte("new")) }()
		go func() {
			done <- WriteDir(dir, func(stage string) error {
				// As a report does: the file linked from the folder is replaced, not
				// written through.
				return WriteBytes(filepath.Join(stage, "summary.json"), []byte("new"))
			})
		}()
		// A write the halt stops fails, ErrHalted or, where the stage was removed under
		// the writer, the writer's own error: what counts is what the paths hold.
		wait := func() {
			for range 2 {
				<-done
			}
		}
		if i%40 == 39 {
			wait()
			Halt()
		} else {
			time.Sleep(time.Duration(i%40) * 250 * time.Microsecond)
			Halt()
			wait()
		}
		for _, file := range []string{path, filepath.Join(dir, "summary.json")} {
			given := path
			if file != path {
				given = dir
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			switch got := string(data); {
			case Written(given) != (got == "new"):
				t.Fatalf("halt %d: Written(%s) = %v, but the file holds %q", i, given, Written(given), got)
			case i%40 == 0 && got != "old", i%40 == 39 && got != "new":
				t.Fatalf("halt %d, before or after the writes: %s holds %q", i, given, got)
			case i%40 == 0 || i%40 == 39:
			case got == "new":
				committed++
			default:
				undone++
			}
		}
	}
	t.Logf("halted in the middle: %d writes committed before the halt, %d undone", committed, undone)
}
