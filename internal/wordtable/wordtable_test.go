package wordtable

import (
	"strings"
	"testing"
)

type testWords struct {
	Lang          string
	Title, Spaced string
}

func TestParse(t *testing.T) {
	table := "# a comment\n\nlabel\ten\tfr\nTitle\tScores of %s\tScores de %s\nSpaced\t\" and \"\t\" et\\u00a0\"\n"
	tr, err := Parse[testWords]("test.tsv", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	if fr, _ := tr.In("fr"); fr.Lang != "fr" || fr.Title != "Scores de %s" || fr.Spaced != " et\u00a0" {
		t.Errorf("French: %+v", *fr)
	}
	if en, _ := tr.In("en"); en.Lang != "en" || en.Spaced != " and " {
		t.Errorf("English: %+v", *en)
	}
	if _, ok := tr.In("de"); ok {
		t.Error("German found")
	}
	if got := tr.Languages(); len(got) != 2 || got[0] != "en" || got[1] != "fr" {
		t.Errorf("languages %v", got)
	}

	for _, c := range []struct{ table, want string }{
		{"", "no header row"},
		{"lab\ten\n", `the first row is "label"`},
		{"label\ten\ten\n", `language "en": each language is a column of its own`},
		{"label\ten\tfr\nTitle\ta\tb\n", "no row for Spaced"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nTitle\te\tf\n", "test.tsv:4: label Title: given again (first on line 2)"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\nx", "test.tsv:3: label Spaced: 1 texts for 2 languages (en, fr)"},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nLang\te\tf\n", `label "Lang": wordtable.testWords has no such field`},
		{"label\ten\tfr\nTitle\ta\tb\nSpaced\tc\td\nTitel\te\tf\n", `label "Titel"`},
		{"label\ten\tfr\nTitle\ta \tb\nSpaced\tc\td\n", `"a ": write it quoted, "a "`},
		{"label\ten\tfr\nTitle\ta\u00a0b\tb\nSpaced\tc\td\n", `write it quoted, "a\u00a0b"`},
		{"label\ten\tfr\nTitle\t\"a\tb\nSpaced\tc\td\n", `"a: not a Go string literal`},
		{"label\ten\tfr\nTitle\t\"plain\"\tb\nSpaced\tc\td\n", `"plain": write it plain`},
		{"label\ten\tfr\nTitle\t%s of %d\t%d de %s\nSpaced\tc\td\n", "label Title: fr has the verbs [%d %s], en [%s %d]"},
		{"label\ten\tfr\nTitle\t%s won\tgagné\nSpaced\tc\td\n", "label Title: fr has the verbs [], en [%s]"},
		{"label\ten\tfr\nTitle.x\ta\tb\nSpaced\tc\td\n", `label "Title.x": wordtable.testWords has no such field`},
	} {
		_, err := Parse[testWords]("test.tsv", []byte(c.table))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.table, err, c.want)
		}
	}
	// Percent signs of the text are no verbs.
	if _, err := Parse[testWords]("test.tsv", []byte("label\ten\tfr\nTitle\tgames (% of all)\tparties (% du tout)\nSpaced\t12 %\t\"12\\u202f%\"\n")); err != nil {
		t.Error(err)
	}

	type notStrings struct{ N int }
	if _, err := Parse[notStrings]("test.tsv", []byte("label\ten\n")); err == nil || !strings.Contains(err.Error(), "field N") {
		t.Errorf("a struct of an int: %v", err)
	}
	type unexported struct{ title string }
	if _, err := Parse[unexported]("test.tsv", []byte("label\ten\n")); err == nil || !strings.Contains(err.Error(), "field title") {
		t.Errorf("an unexported field: %v", err)
	}
}

// TestParseMaps reads a family of texts into a map by key, and refuses a map without a
// row, or a key left empty.
func TestParseMaps(t *testing.T) {
	type words struct {
		Title string
		Op    map[string]string
	}
	table := "label\ten\tfr\nTitle\tT\tT\nOp.>=\t%s is at least %s\t%s vaut au moins %s\nOp.=\t%s is %s\t%s vaut %s\n"
	tr, err := Parse[words]("ops.tsv", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	fr, _ := tr.In("fr")
	if len(fr.Op) != 2 || fr.Op[">="] != "%s vaut au moins %s" || fr.Op["="] != "%s vaut %s" {
		t.Errorf("French: %+v", fr.Op)
	}
	if en, _ := tr.In("en"); en.Op[">="] != "%s is at least %s" {
		t.Errorf("English: %+v", en.Op)
	}
	for _, c := range []struct{ table, want string }{
		{"label\ten\nTitle\tT\n", "ops.tsv: no row for Op.*"},
		{"label\ten\nTitle\tT\nOp.\tx\n", `label "Op.": no key after the map's name`},
		{"label\ten\nTitle\tT\nOp.a\tx\nOp.a\ty\n", "label Op.a: given again (first on line 3)"},
		{"label\ten\nTitle\tT\nOp\tx\n", `label "Op": ` /* a map's name alone is no row */},
	} {
		_, err := Parse[words]("ops.tsv", []byte(c.table))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.table, err, c.want)
		}
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
