package reports

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"yams/internal/wordtable"
)

// Translations are the words of one kind of output in every language, read from a table
// of labels: a file of the report's package (labels.tsv, embedded in the binary), one row
// a label, one column a language, so that a sentence and its translations stand side by
// side. The format, and what T may hold, are internal/wordtable's: a row a field of T,
// every field a row, the same verbs of fmt in every language.
type Translations[T any] struct {
	*wordtable.Table[T]
}

// ParseTranslations reads a table of labels; name says where it comes from in errors.
func ParseTranslations[T any](name string, table []byte) (*Translations[T], error) {
	t, err := wordtable.Parse[T](name, table)
	if err != nil {
		return nil, err
	}
	return &Translations[T]{t}, nil
}

// MustTranslations reads the table of labels name of fsys (a package's files embedded in
// the binary), whose languages must be the reports' (Languages, in that order). It
// panics on a bad table: the tables are part of the program, and each package's tests
// read its tables (a panic at the start of every test).
func MustTranslations[T any](fsys fs.FS, name string) *Translations[T] {
	table, err := fs.ReadFile(fsys, name)
	var t *Translations[T]
	if err == nil {
		t, err = ParseTranslations[T](name, table)
	}
	if err == nil && !slices.Equal(t.Languages(), Languages) {
		err = fmt.Errorf("%s: languages %s, the reports speak %s", name, strings.Join(t.Languages(), ", "), strings.Join(Languages, ", "))
	}
	if err != nil {
		panic(err)
	}
	return t
}

// In returns the words in the language of the labels l, which the reports speak (l comes
// from LabelsFor), so that the words exist.
func (t *Translations[T]) In(l *Labels) *T {
	w, _ := t.Table.In(l.Lang)
	return w
}

// must returns the words of a language the table has.
func (t *Translations[T]) must(lang string) *T {
	w, ok := t.Table.In(lang)
	if !ok {
		panic(fmt.Sprintf("no words in %s", lang))
	}
	return w
}
