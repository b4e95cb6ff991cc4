package reports

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"yams/internal/outfile"
	"yams/sim"
	"yams/sim/summaryfile"
)

// lazyAlone is the fixture's run of lazy alone: a report of fewer strategies, without
// pairs.
func lazyAlone(t *testing.T) *sim.Results {
	t.Helper()
	res, err := sim.Run(context.Background(), sim.Config{Rules: tinyRules(t), Strategies: fixtureInfos()[:1], Seed: 5, Games: 600, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func exists(dir, name string) bool {
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}

func manifest(t *testing.T, dir string) []string {
	t.Helper()
	names, err := readManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// A second report into a directory removes the files of the first that it does not
// write again, and nothing that yams did not write.
func TestStaleFilesRemoved(t *testing.T) {
	res, _ := fixture(t)
	dir := t.TempDir()
	// The user's own files, one of them named like a figure.
	for _, n := range []string{"notes.txt", "fill_turn_mine.svg"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("mine"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	first, err := Write(dir, res, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := manifest(t, dir); !slices.Equal(got, first) {
		t.Errorf("manifest %v, want the files written %v", got, first)
	}

	second, err := Write(dir, lazyAlone(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range first {
		if want := slices.Contains(second, n); exists(dir, n) != want {
			t.Errorf("%s: present %v, want %v", n, !want, want)
		}
	}
	for _, n := range []string{"fill_turn_hoarder.svg", "fill_turn_hoarder.png", "compare.csv", "pairs.svg", "head_to_head.png"} {
		if exists(dir, n) {
			t.Errorf("%s of the first report is still there", n)
		}
	}
	for _, n := range []string{"notes.txt", "fill_turn_mine.svg"} {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "mine" {
			t.Errorf("the user's %s: %q, %v", n, b, err)
		}
	}
	if got := manifest(t, dir); !slices.Equal(got, second) {
		t.Errorf("manifest %v, want the files of the second report %v", got, second)
	}

	// A report of table games into the same directory leaves only its own files.
	table, err := WriteTable(dir, tableFixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := append([]string{manifestName, "notes.txt", "fill_turn_mine.svg"}, table...)
	slices.Sort(left)
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("after the table report, %v; want %v", left, want)
	}
}

// A manifest names files of its directory only, and only regular files are removed: a
// manifest that lists another directory's file, or a name the user has since made a link
// or a directory, removes nothing of them.
func TestManifestRemovesOnlyItsFiles(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o777); err != nil {
		t.Fatal(err)
	}
	write := func(path string) {
		if err := os.WriteFile(path, []byte("keep"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(parent, "outside.txt"))
	write(filepath.Join(dir, "sub", "inner.txt"))
	write(filepath.Join(dir, "target.txt"))
	if err := os.Symlink("target.txt", filepath.Join(dir, "link.svg")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.png"), 0o777); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "old.svg"))
	list := strings.Join([]string{manifestHeader, "../outside.txt", filepath.Join(parent, "outside.txt"), "sub/inner.txt", "..", ".",
		manifestName, "link.svg", "dir.png", "old.svg", ""}, "\n")
	if err := os.WriteFile(filepath.Join(dir, manifestName), []byte(list), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := manifest(t, dir); !slices.Equal(got, []string{"link.svg", "dir.png", "old.svg"}) {
		t.Errorf("manifest read as %v", got)
	}
	if _, err := writeReport(dir, []file{{"new.csv", []byte("a\n")}}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(parent, "outside.txt"), filepath.Join(dir, "sub", "inner.txt"), filepath.Join(dir, "target.txt")} {
		if b, err := os.ReadFile(p); err != nil || string(b) != "keep" {
			t.Errorf("%s: %q, %v", p, b, err)
		}
	}
	if !exists(dir, "link.svg") || !exists(dir, "dir.png") {
		t.Errorf("a link or a directory that took a stale name was removed")
	}
	if exists(dir, "old.svg") {
		t.Errorf("old.svg, a file of the previous report, is still there")
	}
	if got := manifest(t, dir); !slices.Equal(got, []string{"new.csv"}) {
		t.Errorf("manifest %v, want [new.csv]", got)
	}
}

// A write that fails (a full disk, here a writer that fails half way) leaves the previous
// summary.json whole, removes nothing, and leaves no temporary file; the next report that
// succeeds removes what is stale.
func TestFailedWriteKeepsPreviousReport(t *testing.T) {
	res, _ := fixture(t)
	dir := t.TempDir()
	first, err := Write(dir, res, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := read(t, dir, "summary.json")

	r, err := newReport(lazyAlone(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := r.files()
	if err != nil {
		t.Fatal(err)
	}
	diskFull := errors.New("no space left on device")
	halfThenFail := func(path string, data []byte) error {
		if filepath.Base(path) != "summary.json" {
			return outfile.WriteBytes(path, data)
		}
		return outfile.Write(path, func(w io.Writer) error {
			if _, err := w.Write(data[:len(data)/2]); err != nil {
				return err
			}
			return diskFull
		})
	}
	if _, err := writeFiles(dir, files, halfThenFail); !errors.Is(err, diskFull) || !strings.Contains(err.Error(), "summary.json") {
		t.Fatalf("error %v, want the failure, naming summary.json", err)
	}
	if got := read(t, dir, "summary.json"); !bytes.Equal(got, before) {
		t.Errorf("summary.json changed by a failed write: %d bytes, were %d", len(got), len(before))
	}
	if _, err := summaryfile.Read(bytes.NewReader(read(t, dir, "summary.json"))); err != nil {
		t.Errorf("summary.json after the failure: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "yams-tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	for _, n := range first {
		if !exists(dir, n) {
			t.Errorf("%s of the previous report removed by a failed report", n)
		}
	}
	if got := manifest(t, dir); !slices.Equal(got, first) {
		t.Errorf("manifest after the failure %v, want every file written, %v", got, first)
	}

	// A directory in the way of a file fails the report the same way, after the files
	// before it are written whole.
	if err := os.Remove(filepath.Join(dir, "boxes.csv")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "boxes.csv"), 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := writeFiles(dir, files, outfile.WriteBytes); err == nil || !strings.Contains(err.Error(), "boxes.csv") {
		t.Fatalf("error %v, want one naming boxes.csv", err)
	}
	if !exists(dir, "fill_turn_hoarder.svg") {
		t.Errorf("a stale file removed by a report that failed")
	}
	if err := os.Remove(filepath.Join(dir, "boxes.csv")); err != nil {
		t.Fatal(err)
	}
	second, err := writeFiles(dir, files, outfile.WriteBytes)
	if err != nil {
		t.Fatal(err)
	}
	if exists(dir, "fill_turn_hoarder.svg") || !slices.Equal(manifest(t, dir), second) {
		t.Errorf("the report after the failures left stale files: manifest %v", manifest(t, dir))
	}
}
