package reports

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type testWords struct {
	Lang          string
	Title, Spaced string
}

func TestParseTranslations(t *testing.T) {
	table := "# a comment\n\nlabel\ten\tfr\nTitle\tScores of %s\tScores de %s\nSpaced\t\" and \"\t\" et\\u00a0\"\n"
	tr, err := ParseTranslations[testWords]("test.tsv", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	fr := tr.In(&French)
	if fr.Lang != "fr" || fr.Title != "Scores de %s" || fr.Spaced != " et\u00a0" {
		t.Errorf("French: %+v", *fr)
	}
	if en := tr.In(&English); en.Lang != "en" || en.Spaced != " and " {
		t.Errorf("English: %+v", *en)
	}

	for _, c := range []struct{ table, want string }{
		{"", "no header row"},
		{"lab\ten\n", `the first row is "label"`},
		{"label\ten\ten\n", `language "en": each language is a column of its own`},
		{"label\ten\tfr\nTitle\ta\tb\n", "no row for Spaced"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nTitle\te\tf\n", "test.tsv:4: label Title: given again (first on line 2)"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\nx", "test.tsv:3: label Spaced: 1 texts for 2 languages (en, fr)"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nLang\te\tf\n", `label "Lang": reports.testWords has no such field`},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nTitel\te\tf\n", `label "Titel"`},
		{"label\ten\tfr\nTitle\ta \tb\nSpaced\tc\td\n", `"a ": write it quoted, "a "`},
		{"label\ten\tfr\nTitle\ta\u00a0b\tb\nSpaced\tc\td\n", `write it quoted, "a\u00a0b"`},
		{"label\ten\tfr\nTitle\t\"a\tb\nSpaced\tc\td\n", `"a: not a Go string literal`},
		{"label\ten\tfr\nTitle\t%s of %d\t%d de %s\nSpaced\tc\td\n", "label Title: fr has the verbs [%d %s], en [%s %d]"},
		{"label\ten\tfr\nTitle\t%s won\tgagné\nSpaced\tc\td\n", "label Title: fr has the verbs [], en [%s]"},
	} {
		_, err := ParseTranslations[testWords]("test.tsv", []byte(c.table))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.table, err, c.want)
		}
	}
	// Percent signs of the text are no verbs.
	if _, err := ParseTranslations[testWords]("test.tsv", []byte("label\ten\tfr\nTitle\tgames (% of all)\tparties (% du tout)\nSpaced\t12 %\t\"12\\u202f%\"\n")); err != nil {
		t.Error(err)
	}

	type notStrings struct{ N int }
	if _, err := ParseTranslations[notStrings]("test.tsv", []byte("label\ten\n")); err == nil || !strings.Contains(err.Error(), "field N") {
		t.Errorf("a struct of an int: %v", err)
	}
	type unexported struct{ title string }
	if _, err := ParseTranslations[unexported]("test.tsv", []byte("label\ten\n")); err == nil || !strings.Contains(err.Error(), "field title") {
		t.Errorf("an unexported field: %v", err)
	}
}

// TestEncodeCell checks that every text a table may hold is read back as written, the
// quoted and the plain.
func TestEncodeCell(t *testing.T) {
	for _, s := range []string{"", "plain", " lead", "trail ", "\u202f", "a\u00a0: b", `"quoted"`, "tab\there", "back\\slash", "é à ’ χ² ≥ −"} {
		got, err := decodeCell(EncodeCell(s))
		if err != nil || got != s {
			t.Errorf("%q: encoded %s, read back %q, %v", s, EncodeCell(s), got, err)
		}
	}
	if EncodeCell("é à ’ χ² ≥ −") != "é à ’ χ² ≥ −" {
		t.Error("a printable text is quoted")
	}
}

// TestLabelTablesCanonical reads every table of labels of the reports, the core's and
// each kind's, and checks that it holds each text as EncodeCell writes it, so that a
// table rewritten by a program from the Go values is the same file.
func TestLabelTablesCanonical(t *testing.T) {
	tables, err := filepath.Glob(filepath.Join("*", "labels*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	core, _ := filepath.Glob("labels*.tsv")
	tables = append(tables, core...)
	if len(tables) < 6 {
		t.Fatalf("%d tables of labels: %v", len(tables), tables)
	}
	for _, path := range tables {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			for _, cell := range strings.Split(line, "\t")[1:] {
				s, err := decodeCell(cell)
				if err != nil {
					t.Errorf("%s:%d: %v", path, n+1, err)
				} else if EncodeCell(s) != cell {
					t.Errorf("%s:%d: %s, written %s", path, n+1, cell, EncodeCell(s))
				}
			}
		}
	}
}
