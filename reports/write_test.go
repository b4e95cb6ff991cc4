package reports_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/reports/simulation"
	"yams/reports/tablegames"
)

// A second report into a directory removes the files of the first that it does not
// write again, and nothing that yams did not write.
func TestStaleFilesRemoved(t *testing.T) {
	res, _ := reporttest.Fixture(t)
	dir := t.TempDir()
	// The user's own files, one of them named like a figure.
	for _, n := range []string{"notes.txt", "fill_turn_mine.svg"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("mine"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	first, err := simulation.Write(dir, res, reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := reporttest.Manifest(t, dir); !slices.Equal(got, first) {
		t.Errorf("manifest %v, want the files written %v", got, first)
	}

	second, err := simulation.Write(dir, reporttest.LazyAlone(t), reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range first {
		if want := slices.Contains(second, n); reporttest.Exists(dir, n) != want {
			t.Errorf("%s: present %v, want %v", n, !want, want)
		}
	}
	for _, n := range []string{"fill_turn_hoarder.svg", "fill_turn_hoarder.png", "compare.csv", "pairs.svg", "head_to_head.png"} {
		if reporttest.Exists(dir, n) {
			t.Errorf("%s of the first report is still there", n)
		}
	}
	for _, n := range []string{"notes.txt", "fill_turn_mine.svg"} {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "mine" {
			t.Errorf("the user's %s: %q, %v", n, b, err)
		}
	}
	if got := reporttest.Manifest(t, dir); !slices.Equal(got, second) {
		t.Errorf("manifest %v, want the files of the second report %v", got, second)
	}

	// A report of table games into the same directory leaves only its own files.
	table, err := tablegames.Write(dir, reporttest.TableFixture(t), reports.Options{})
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
	want := append([]string{reports.ManifestName, "notes.txt", "fill_turn_mine.svg"}, table...)
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
	list := strings.Join([]string{reports.ManifestHeader, "../outside.txt", filepath.Join(parent, "outside.txt"), "sub/inner.txt", "..", ".",
		reports.ManifestName, "link.svg", "dir.png", "old.svg", ""}, "\n")
	if err := os.WriteFile(filepath.Join(dir, reports.ManifestName), []byte(list), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := reporttest.Manifest(t, dir); !slices.Equal(got, []string{"link.svg", "dir.png", "old.svg"}) {
		t.Errorf("manifest read as %v", got)
	}
	if _, err := reports.WriteReport(dir, []reports.File{{"new.csv", []byte("a\n")}}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(parent, "outside.txt"), filepath.Join(dir, "sub", "inner.txt"), filepath.Join(dir, "target.txt")} {
		if b, err := os.ReadFile(p); err != nil || string(b) != "keep" {
			t.Errorf("%s: %q, %v", p, b, err)
		}
	}
	if !reporttest.Exists(dir, "link.svg") || !reporttest.Exists(dir, "dir.png") {
		t.Errorf("a link or a directory that took a stale name was removed")
	}
	if reporttest.Exists(dir, "old.svg") {
		t.Errorf("old.svg, a file of the previous report, is still there")
	}
	if got := reporttest.Manifest(t, dir); !slices.Equal(got, []string{"new.csv"}) {
		t.Errorf("manifest %v, want [new.csv]", got)
	}
}
