package reports

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"yams/internal/outfile"
)

// A report is written file by file through outfile: each file of the directory holds
// either its previous content or the whole new one, never a part (a full disk while
// writing summary.json leaves the previous summary.json as it was). The directory keeps
// a manifest, ManifestName, of the files the last report wrote; the next report into it
// removes those it does not write again (the fill_turn_ figures of a strategy no longer
// in the run, compare.csv of a run without pairs) and nothing else: not a file the user
// put there, not a file of a report written before manifests existed.

// ManifestName is the manifest of a report's directory: a comment line, then the name of
// each file the last report wrote, one a line.
const ManifestName = ".yams-report"

const ManifestHeader = "# the files yams report wrote here; the next report into this directory removes those it does not write again"

// maxManifestBytes bounds the manifest read: a report writes a few hundred names.
const maxManifestBytes = 1 << 20

// File is a file of a report.
type File struct {
	Name string
	Data []byte
}

// WriteFunc writes a file whole or not at all; outfile.WriteBytes in a report, a
// failing one in tests.
type WriteFunc func(path string, data []byte) error

// WriteFiles writes the files of a report into dir, creating it, and removes the files
// of the previous report that this one does not write. It returns the names written. On
// an error, the files not yet written keep their previous content and nothing is
// removed; the manifest then lists the files of both reports, so that the next report
// removes what is stale.
func WriteFiles(dir string, files []File, write WriteFunc) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	previous, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	// Before anything is written, the manifest covers both reports: whatever happens
	// next, every file a report wrote here is listed.
	all := slices.Clone(previous)
	for _, n := range names {
		if !slices.Contains(all, n) {
			all = append(all, n)
		}
	}
	if !slices.Equal(all, previous) {
		if err := writeManifest(dir, all, write); err != nil {
			return nil, err
		}
	}
	for i, f := range files {
		if err := write(filepath.Join(dir, f.Name), f.Data); err != nil {
			return names[:i], fmt.Errorf("%s: %w", filepath.Join(dir, f.Name), err)
		}
	}
	for _, n := range previous {
		if !slices.Contains(names, n) {
			if err := removeStale(dir, n); err != nil {
				return names, err
			}
		}
	}
	if !slices.Equal(all, names) {
		if err := writeManifest(dir, names, write); err != nil {
			return names, err
		}
	}
	return names, nil
}

// ReadManifest returns the names the manifest of dir lists, none if it has none. Only
// plain names of files in dir count: a line that names another directory, or the
// manifest itself, is ignored.
func ReadManifest(dir string) ([]string, error) {
	path := filepath.Join(dir, ManifestName)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifestBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxManifestBytes {
		return nil, fmt.Errorf("%s: more than %d MiB: not the manifest of a report", path, maxManifestBytes>>20)
	}
	var names []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxManifestBytes)
	for sc.Scan() {
		n := sc.Text()
		if n == "" || strings.HasPrefix(n, "#") || n != filepath.Base(n) || n == "." || n == ".." || n == ManifestName ||
			strings.ContainsAny(n, `/\`) || slices.Contains(names, n) {
			continue
		}
		names = append(names, n)
	}
	return names, sc.Err()
}

func writeManifest(dir string, names []string, write WriteFunc) error {
	var b strings.Builder
	b.WriteString(ManifestHeader + "\n")
	for _, n := range names {
		b.WriteString(n + "\n")
	}
	return write(filepath.Join(dir, ManifestName), []byte(b.String()))
}

// removeStale removes a file of the previous report, if it is still a regular file:
// a link or a directory that took its name is not one yams wrote.
func removeStale(dir, name string) error {
	path := filepath.Join(dir, name)
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing %s, left by the previous report: %w", path, err)
	}
	return nil
}

// CheckDir makes sure that dir exists, creating it, and that files can be written in it:
// a command calls it before a run, so that a wrong --out is refused at once.
func CheckDir(dir string) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".yams-check-*")
	if err != nil {
		return err
	}
	name := f.Name()
	if err := f.Close(); err != nil {
		os.Remove(name)
		return err
	}
	return os.Remove(name)
}

// WriteReport writes files with outfile.
func WriteReport(dir string, files []File) ([]string, error) {
	return WriteFiles(dir, files, outfile.WriteBytes)
}
