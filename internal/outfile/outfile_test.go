package outfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReplaceRegularFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "new" {
		t.Errorf("content %q, want new", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the replaced file's 0600", fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "fresh.json")
	if err := WriteBytes(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode of a new file %v, want 0644", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files in the directory, want 2 (no temporary file left)", len(entries))
	}
}

// A write that fails half-way leaves the old content, and no temporary file.
func TestFailedWriteKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "summary.json")
	os.WriteFile(path, []byte("complete"), 0o644)
	boom := errors.New("disk full")
	err := Write(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
	if got := read(t, path); got != "complete" {
		t.Errorf("content %q after a failed write, want the old one", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files, want 1", len(entries))
	}
}

// A symbolic link is followed: its target gets the content, the link stays a link.
func TestSymlinkFollowed(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("real.json", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := WriteBytes(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if got := read(t, target); got != "new" {
		t.Errorf("target holds %q, want new", got)
	}
	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "dangling.json")
	os.Symlink("later.json", dangling)
	if err := WriteBytes(dangling, []byte("made")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "later.json")); got != "made" {
		t.Errorf("the dangling link's target holds %q", got)
	}
}

// A path that is not a regular file is written in place, never renamed over.
func TestDevicesAndPipes(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("devices of Linux")
	}
	if err := WriteBytes("/dev/null", []byte("into the void")); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", fi.Mode(), err)
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		if err := WriteBytes("/dev/full", []byte("no room")); err == nil {
			t.Error("writing /dev/full succeeded: a full disk must be an error")
		}
	}
	if err := Check("/dev/stdout"); err != nil {
		t.Errorf("Check /dev/stdout: %v", err)
	}

	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteBytes(fifo, []byte("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the pipe's reader got %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced by %v", fi.Mode())
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "new.json")); err != nil {
		t.Errorf("a new file in a writable directory: %v", err)
	}
	if err := Check(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory: %v", err)
	}
	if err := Check(filepath.Join(dir, "missing", "x.json")); err == nil {
		t.Error("a file in a directory that does not exist: no error")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %d files", len(entries))
	}
	if runtime.GOOS != "linux" {
		return
	}
	// A device or a file of the processes is written in place: it must be there.
	for _, path := range []string{"/proc/nope/x.json", "/dev/nope", "/proc/self/nope"} {
		if err := Check(path); err == nil || !strings.HasPrefix(err.Error(), "cannot write "+path+": ") {
			t.Errorf("Check %s: %v", path, err)
		}
		if err := WriteBytes(path, []byte("x")); err == nil {
			t.Errorf("%s written", path)
		}
	}
	if err := Check("/dev"); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("Check /dev: %v", err)
	}
	// A named pipe is fine before its reader comes, and Check neither blocks nor writes.
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	if err := Check(fifo); err != nil {
		t.Errorf("Check of a pipe without reader: %v", err)
	}
	// A file behind /proc/self/fd is checked, not truncated.
	f, err := os.Create(filepath.Join(dir, "kept"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("content")
	if err := Check("/proc/self/fd/" + strconv.Itoa(int(f.Fd()))); err != nil {
		t.Errorf("Check of an open file: %v", err)
	}
	if got := read(t, f.Name()); got != "content" {
		t.Errorf("Check truncated the file: %q", got)
	}
}

// The temporary files of a process killed before its rename are removed by the next
// write in their directory; those of a live process are not.
func TestStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	const deadPID = 1 << 30 // above any pid_max
	stale := filepath.Join(dir, ".run.ckpt"+tmpMarker+"1073741824-123")
	live := filepath.Join(dir, ".run.ckpt"+tmpMarker+"1-456") // pid 1 always runs
	other := filepath.Join(dir, ".not-ours.tmp-77")
	for _, p := range []string{stale, live, other} {
		os.WriteFile(p, []byte("x"), 0o644)
	}
	if pid, ok := tmpOwner(filepath.Base(stale)); !ok || pid != deadPID {
		t.Fatalf("tmpOwner: %d %v", pid, ok)
	}
	if err := WriteBytes(filepath.Join(dir, "run.ckpt"), []byte("ok")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale temporary file is still there")
	}
	for _, p := range []string{live, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// Replace replaces a symbolic link at the path rather than write through it: the file the
// link named keeps its content.
func TestReplaceLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious.txt")
	os.WriteFile(target, []byte("mine"), 0o600)
	link := filepath.Join(dir, "cache.table")
	if err := os.Symlink("precious.txt", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := Replace(link, func(w io.Writer) error { _, err := w.Write([]byte("table")); return err }); err != nil {
		t.Fatal(err)
	}
	if got := read(t, target); got != "mine" {
		t.Errorf("the link's target holds %q", got)
	}
	fi, err := os.Lstat(link)
	if err != nil || !fi.Mode().IsRegular() || read(t, link) != "table" {
		t.Errorf("the path is %v (%v), holding %q", fi.Mode(), err, read(t, link))
	}
	if err := Replace(dir, func(io.Writer) error { return nil }); err == nil {
		t.Error("a directory replaced")
	}
}

// A temporary file is abandoned once its process is gone, never while it runs.
func TestAbandoned(t *testing.T) {
	mine := ".x" + tmpMarker + strconv.Itoa(os.Getpid()) + "-1"
	if !IsTemp(mine) || Abandoned(mine) {
		t.Errorf("this process's temporary file: temp %v, abandoned %v", IsTemp(mine), Abandoned(mine))
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no process to be gone:", err)
	}
	if name := ".x" + tmpMarker + strconv.Itoa(gone.Process.Pid) + "-1"; !Abandoned(name) {
		t.Errorf("%s, of a process gone, is not abandoned", name)
	}
	if Abandoned("notes.txt") {
		t.Error("a file of the user's is abandoned")
	}
}
