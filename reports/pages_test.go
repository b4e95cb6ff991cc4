package reports

import (
	"strings"
	"testing"
)

// A report whose page leaves out one of its figures is not written.
func TestFigureOutsideThePage(t *testing.T) {
	l, _ := LabelsFor("en")
	figs := []Figure{{Name: "a"}, {Name: "b"}}
	doc := &Document{L: l, Title: "t", Sections: SectionOf("one", "One", nil, figs, "a")}
	if _, err := WithFigures(doc, nil, figs); err == nil || !strings.Contains(err.Error(), "figure b stands in 0 sections") {
		t.Errorf("a figure left out of the page: %v", err)
	}
	doc.Sections = append(doc.Sections, SectionOf("two", "Two", nil, figs, "a", "b")...)
	if _, err := WithFigures(doc, nil, figs); err == nil || !strings.Contains(err.Error(), "figure a stands in 2 sections") {
		t.Errorf("a figure shown twice: %v", err)
	}
}
