package reports

import (
	"strings"
	"testing"
	"testing/fstest"
)

type testWords struct {
	Lang  string
	Title string
}

// TestMustTranslations reads a kind's table of labels as the kinds do (the format itself
// is internal/wordtable's, tested there): its words in the language of the labels, and
// a panic for a table whose languages are not the reports', or that is not there.
func TestMustTranslations(t *testing.T) {
	fsys := fstest.MapFS{
		"good.tsv":  {Data: []byte("label\ten\tfr\nTitle\tScores of %s\tScores de %s\n")},
		"order.tsv": {Data: []byte("label\tfr\ten\nTitle\tScores de %s\tScores of %s\n")},
		"bad.tsv":   {Data: []byte("label\ten\tfr\nTitel\ta\tb\n")},
	}
	tr := MustTranslations[testWords](fsys, "good.tsv")
	if fr := tr.In(&French); fr.Lang != "fr" || fr.Title != "Scores de %s" {
		t.Errorf("French: %+v", *fr)
	}
	if en := tr.In(&English); en.Title != "Scores of %s" {
		t.Errorf("English: %+v", *en)
	}
	for name, want := range map[string]string{
		"order.tsv":   "order.tsv: languages fr, en, the reports speak en, fr",
		"bad.tsv":     `label "Titel"`,
		"missing.tsv": "missing.tsv",
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(error).Error(), want) {
					t.Errorf("%s: panic %v, want %q", name, r, want)
				}
			}()
			MustTranslations[testWords](fsys, name)
		}()
	}
}
