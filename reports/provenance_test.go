package reports

import (
	"testing"

	"yams/internal/provenance"
)

// Commands are set as code in the Markdown whatever they hold, and in English a build is
// described as yams version describes it (the footers of each kind of report: their
// TestProvenanceFooter).
func TestProvenanceFooter(t *testing.T) {
	build := provenance.Build{Version: "(devel)", Revision: "9472861c0ab1e7f0d7c1a2b3c4d5e6f708192a3b", Go: "go1.26.8"}
	other := provenance.Build{Version: "v1.0.0", Go: "go1.26.0"}
	if got := codeSpan("a`b"); got != "`` a`b ``" {
		t.Errorf("codeSpan = %s", got)
	}

	// In English, a build is described as yams version describes it.
	l, _ := LabelsFor("en")
	for _, b := range []provenance.Build{build, other, {Version: "v1.2.0", Revision: "abc", Modified: true, Go: "go1.26.1"}, {}} {
		if got, want := l.build(b), b.String(); got != want {
			t.Errorf("the footer describes the build %+v as %q, yams version as %q", b, got, want)
		}
	}
}
