package reports

import (
	"bytes"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Translations are the words of one kind of output in every language, read from a table
// of labels: a file of the report's package (labels.tsv, embedded in the binary), one row
// a label, one column a language, so that a sentence and its translations stand side by
// side.
//
// The table's first row is "label" and the languages' codes, separated by tabs; every
// other row is the name of a field of T and its text in each language. A text is written
// as it reads, or, where it would not survive an editor (empty, a space at either end, a
// tab, a non-breaking space, any character strconv.Quote escapes), as a Go string literal
// in double quotes. Lines that start with # and blank lines are comments. The verbs of
// fmt in a text (%s, %d, %.1f) are the same, in the same order, in every language.
//
// T is a struct of string fields, all exported; a field named Lang takes the language's
// code. Every other field has exactly one row, and every row a field: a label forgotten
// in one table, or left over from a field removed, is an error, not an empty string on a
// page.
type Translations[T any] struct {
	langs  []string
	byLang map[string]*T
}

// ParseTranslations reads a table of labels; name says where it comes from in errors.
func ParseTranslations[T any](name string, table []byte) (*Translations[T], error) {
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	typ := reflect.TypeFor[T]()
	if typ.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s: labels of %s, want a struct", name, typ)
	}
	fields := map[string]int{} // field name → index, for the fields rows fill
	lang := -1
	for i := range typ.NumField() {
		f := typ.Field(i)
		switch {
		case !f.IsExported() || f.Type.Kind() != reflect.String:
			return nil, fmt.Errorf("%s: field %s of %s: want exported strings only", name, f.Name, typ)
		case f.Name == "Lang":
			lang = i
		default:
			fields[f.Name] = i
		}
	}

	t := &Translations[T]{byLang: map[string]*T{}}
	var values []reflect.Value // by column
	seen := map[string]int{}   // label → line
	for n, line := range bytes.Split(table, []byte("\n")) {
		n++
		text := strings.TrimSuffix(string(line), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cells := strings.Split(text, "\t")
		if t.langs == nil {
			if cells[0] != "label" || len(cells) < 2 {
				return nil, bad(n, `the first row is "label" and the languages, separated by tabs`)
			}
			t.langs = cells[1:]
			for _, l := range t.langs {
				if l == "" || t.byLang[l] != nil {
					return nil, bad(n, "language %q: each language is a column of its own", l)
				}
				v := new(T)
				t.byLang[l] = v
				values = append(values, reflect.ValueOf(v).Elem())
				if lang >= 0 {
					values[len(values)-1].Field(lang).SetString(l)
				}
			}
			continue
		}
		label := cells[0]
		i, ok := fields[label]
		switch {
		case !ok:
			return nil, bad(n, "label %q: %s has no such field", label, typ)
		case seen[label] != 0:
			return nil, bad(n, "label %s: given again (first on line %d)", label, seen[label])
		case len(cells) != len(t.langs)+1:
			return nil, bad(n, "label %s: %d texts for %d languages (%s)", label, len(cells)-1, len(t.langs), strings.Join(t.langs, ", "))
		}
		seen[label] = n
		var verbs0 []string
		for c, cell := range cells[1:] {
			s, err := decodeCell(cell)
			if err != nil {
				return nil, bad(n, "label %s, language %s: %v", label, t.langs[c], err)
			}
			// The reports fill a text's verbs in order: a translation that drops one, or
			// swaps %s and %d, prints %!d(string=…) on a page.
			verbs := formatVerb.FindAllString(s, -1)
			if c == 0 {
				verbs0 = verbs
			} else if !slices.Equal(verbs, verbs0) {
				return nil, bad(n, "label %s: %s has the verbs [%s], %s [%s]", label, t.langs[c], strings.Join(verbs, " "), t.langs[0], strings.Join(verbs0, " "))
			}
			values[c].Field(i).SetString(s)
		}
	}
	if t.langs == nil {
		return nil, fmt.Errorf("%s: no header row", name)
	}
	var missing []string
	for f := range fields {
		if seen[f] == 0 {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, fmt.Errorf("%s: no row for %s", name, strings.Join(missing, ", "))
	}
	return t, nil
}

// formatVerb is a verb of fmt as the labels write them: %s, %d, %.1f, %%. A % followed
// by a space or a parenthesis is a percent sign of the text.
var formatVerb = regexp.MustCompile(`%[0-9.]*[a-zA-Z%]`)

// decodeCell reads a text of a table: a Go string literal when it starts with a double
// quote, else the text as it stands.
func decodeCell(cell string) (string, error) {
	if !strings.HasPrefix(cell, `"`) {
		// A text that would not survive an editor, or whose characters cannot be seen,
		// is refused as it stands: written quoted, it says what it holds.
		if q := EncodeCell(cell); q != cell {
			return "", fmt.Errorf("%q: write it quoted, %s", cell, q)
		}
		return cell, nil
	}
	s, err := strconv.Unquote(cell)
	if err != nil {
		return "", fmt.Errorf("%s: not a Go string literal", cell)
	}
	return s, nil
}

// EncodeCell writes a text as a table of labels holds it: as it reads where that is
// unambiguous, else quoted (ParseTranslations says when).
func EncodeCell(s string) string {
	if q := strconv.Quote(s); s == "" || strings.TrimSpace(s) != s || q != `"`+s+`"` {
		return q
	}
	return s
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
	if err == nil && !slices.Equal(t.langs, Languages) {
		err = fmt.Errorf("%s: languages %s, the reports speak %s", name, strings.Join(t.langs, ", "), strings.Join(Languages, ", "))
	}
	if err != nil {
		panic(err)
	}
	return t
}

// In returns the words in the language of the labels l, which the reports speak (l comes
// from LabelsFor), so that the words exist.
func (t *Translations[T]) In(l *Labels) *T { return t.byLang[l.Lang] }

// Languages returns the languages of the table, in its order.
func (t *Translations[T]) Languages() []string { return slices.Clone(t.langs) }
