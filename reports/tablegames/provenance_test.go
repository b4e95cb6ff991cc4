package tablegames

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"yams/internal/provenance"
	"yams/reports"
	"yams/reports/internal/reporttest"
)

// The footer of a report of table games names the command that played them.
func TestProvenanceFooter(t *testing.T) {
	build := provenance.Build{Version: "(devel)", Revision: "9472861c0ab1e7f0d7c1a2b3c4d5e6f708192a3b", Go: "go1.26.8"}
	table := reporttest.TableFixture(t)
	table.Provenance = &provenance.Record{Yams: build, Date: "2026-07-01T15:04:05Z", Command: "yams compare --players lazy,hoarder,hoarder"}
	dir := t.TempDir()
	if _, err := Write(dir, table, reports.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"table.md", "report.html", "table.json"} {
		if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || !strings.Contains(string(b), "yams compare --players lazy,hoarder,hoarder") {
			t.Errorf("%s does not name the command (%v)", f, err)
		}
	}
}
