package simulation

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"yams/internal/outfile"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim/summaryfile"
)

// A write that fails (a full disk, here a writer that fails half way) leaves the previous
// summary.json whole, removes nothing, and leaves no temporary file; the next report that
// succeeds removes what is stale.
func TestFailedWriteKeepsPreviousReport(t *testing.T) {
	res, _ := reporttest.Fixture(t)
	dir, first := written(t, res, reports.Options{})
	before := reporttest.Read(t, dir, "summary.json")

	r, err := newReport(reporttest.LazyAlone(t), reports.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := reports.Files(r)
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
	if _, err := reports.WriteFiles(dir, files, halfThenFail); !errors.Is(err, diskFull) || !strings.Contains(err.Error(), "summary.json") {
		t.Fatalf("error %v, want the failure, naming summary.json", err)
	}
	if got := reporttest.Read(t, dir, "summary.json"); !bytes.Equal(got, before) {
		t.Errorf("summary.json changed by a failed write: %d bytes, were %d", len(got), len(before))
	}
	if _, err := summaryfile.Read(bytes.NewReader(reporttest.Read(t, dir, "summary.json"))); err != nil {
		t.Errorf("summary.json after the failure: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "yams-tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	for _, n := range first {
		if !reporttest.Exists(dir, n) {
			t.Errorf("%s of the previous report removed by a failed report", n)
		}
	}
	if got := reporttest.Manifest(t, dir); !slices.Equal(got, first) {
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
	if _, err := reports.WriteFiles(dir, files, outfile.WriteBytes); err == nil || !strings.Contains(err.Error(), "boxes.csv") {
		t.Fatalf("error %v, want one naming boxes.csv", err)
	}
	if !reporttest.Exists(dir, "fill_turn_hoarder.svg") {
		t.Errorf("a stale file removed by a report that failed")
	}
	if err := os.Remove(filepath.Join(dir, "boxes.csv")); err != nil {
		t.Fatal(err)
	}
	second, err := reports.WriteFiles(dir, files, outfile.WriteBytes)
	if err != nil {
		t.Fatal(err)
	}
	if reporttest.Exists(dir, "fill_turn_hoarder.svg") || !slices.Equal(reporttest.Manifest(t, dir), second) {
		t.Errorf("the report after the failures left stale files: manifest %v", reporttest.Manifest(t, dir))
	}
}
