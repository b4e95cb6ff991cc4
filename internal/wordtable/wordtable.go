package wordtable

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Table is a table of words read into a T per language.
type Table[T any] struct {
	langs  []string
	byLang map[string]*T
}

// Parse reads a table; name says where it comes from in errors.
func Parse[T any](name string, table []byte) (*Table[T], error) {
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	typ := reflect.TypeFor[T]()
	if typ.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s: words of %s, want a struct", name, typ)
	}
	texts := map[string]int{} // string field → index
	maps := map[string]int{}  // map field → index
	lang := -1
	for i := range typ.NumField() {
		f := typ.Field(i)
		switch {
		case !f.IsExported():
			return nil, fmt.Errorf("%s: field %s of %s: want exported fields only", name, f.Name, typ)
		case f.Type.Kind() == reflect.String && f.Name == "Lang":
			lang = i
		case f.Type.Kind() == reflect.String:
			texts[f.Name] = i
		case f.Type == reflect.TypeFor[map[string]string]():
			maps[f.Name] = i
		default:
			return nil, fmt.Errorf("%s: field %s of %s: want strings and maps of strings only", name, f.Name, typ)
		}
	}

	t := &Table[T]{byLang: map[string]*T{}}
	var values []reflect.Value // by column
	seen := map[string]int{}   // label, or field of a map → line
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
		field, key, isMap := strings.Cut(label, ".")
		i, ok := texts[label]
		if isMap {
			i, ok = maps[field]
		}
		switch {
		case !ok:
			return nil, bad(n, "label %q: %s has no such field", label, typ)
		case isMap && key == "":
			return nil, bad(n, "label %q: no key after the map's name", label)
		case seen[label] != 0:
			return nil, bad(n, "label %s: given again (first on line %d)", label, seen[label])
		case len(cells) != len(t.langs)+1:
			return nil, bad(n, "label %s: %d texts for %d languages (%s)", label, len(cells)-1, len(t.langs), strings.Join(t.langs, ", "))
		}
		seen[label], seen[field] = n, n
		var verbs0 []string
		for c, cell := range cells[1:] {
			s, err := decodeCell(cell)
			if err != nil {
				return nil, bad(n, "label %s, language %s: %v", label, t.langs[c], err)
			}
			// The program fills a text's verbs in order: a translation that drops one, or
			// swaps %s and %d, prints %!d(string=…).
			verbs := formatVerb.FindAllString(s, -1)
			if c == 0 {
				verbs0 = verbs
			} else if !slices.Equal(verbs, verbs0) {
				return nil, bad(n, "label %s: %s has the verbs [%s], %s [%s]", label, t.langs[c], strings.Join(verbs, " "), t.langs[0], strings.Join(verbs0, " "))
			}
			f := values[c].Field(i)
			if !isMap {
				f.SetString(s)
				continue
			}
			if f.IsNil() {
				f.Set(reflect.MakeMap(f.Type()))
			}
			f.SetMapIndex(reflect.ValueOf(key), reflect.ValueOf(s))
		}
	}
	if t.langs == nil {
		return nil, fmt.Errorf("%s: no header row", name)
	}
	var missing []string
	for f := range texts {
		if seen[f] == 0 {
			missing = append(missing, f)
		}
	}
	for f := range maps {
		if seen[f] == 0 {
			missing = append(missing, f+".*")
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, fmt.Errorf("%s: no row for %s", name, strings.Join(missing, ", "))
	}
	return t, nil
}

// formatVerb is a verb of fmt as the tables write them: %s, %d, %.1f, %%. A % followed
// by a space or a parenthesis is a percent sign of the text.
var formatVerb = regexp.MustCompile(`%[0-9.]*[a-zA-Z%]`)

// decodeCell reads a text of a table: a Go string literal when it starts with a double
// quote, else the text as it stands; either only in the spelling EncodeCell gives it.
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
	if EncodeCell(s) != cell {
		return "", fmt.Errorf("%s: write it %s", cell, EncodeCell(s))
	}
	return s, nil
}

// EncodeCell writes a text as a table holds it: as it reads where that is unambiguous,
// else quoted.
func EncodeCell(s string) string {
	if q := strconv.Quote(s); s == "" || strings.TrimSpace(s) != s || q != `"`+s+`"` {
		return q
	}
	return s
}

// In returns the words of a language, and whether the table has it.
func (t *Table[T]) In(lang string) (*T, bool) {
	v, ok := t.byLang[lang]
	return v, ok
}

// Languages returns the languages of the table, in its order.
func (t *Table[T]) Languages() []string { return slices.Clone(t.langs) }
