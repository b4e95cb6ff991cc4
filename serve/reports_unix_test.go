//go:build unix

package serve

import (
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO or a device in a report's folder is refused at once, never opened for reading
// (a FIFO's open would wait for a writer).
func TestReportsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "report.html"), []byte("<!DOCTYPE html>"), 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.csv"))
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Reports: dir})
	for _, p := range []string{"/reports/pipe.json", "/reports/zero.csv"} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			ts.wantError(http.StatusForbidden, "is not a file of a report", "GET", p, nil)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("GET %s waits", p)
		}
	}
}
