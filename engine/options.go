package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKeys documents the rule options, the keys of --rule key=value and of a rule
// file's "options", for help texts.
var OptionKeys = []string{
	"name=TEXT, title=TEXT, title_fr=TEXT (for display only)",
	"rolls=N (1..5; 1 is the \"sec\" game)",
	"joker=forced|free|none",
	"upper_bonus.threshold=N, upper_bonus.points=N (0: no bonus), upper_bonus.when=complete|reached",
	"extra_yahtzee=N (points per extra five of a kind; 0: none)",
	"dry=true (brelan and carré count only their matching dice)",
	"order=free|top_down|bottom_up (every column)",
	"columns=LIST of free, top_down, bottom_up, sec (e.g. columns=top_down,bottom_up,free)",
	"box.ID.FIELD=VALUE (FIELD: points, add, count, length, five_of_a_kind, subtract, label, label_fr)",
}

// optionNames are the keys of the options that are not a box's (box.ID.FIELD), and
// boxFieldNames the fields of box.ID.FIELD, for the message that refuses another.
var (
	optionNames = []string{"name", "title", "title_fr", "rolls", "joker", "upper_bonus.threshold", "upper_bonus.points",
		"upper_bonus.when", "extra_yahtzee", "dry", "order", "columns"}
	boxFieldNames = []string{"points", "add", "count", "length", "five_of_a_kind", "subtract", "label", "label_fr"}
)

// applyOption changes one rule of spec; key and value are those of --rule key=value.
func applyOption(spec *Spec, key, value string) error {
	atoi := func() (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("want an integer, got %q", value)
		}
		return n, nil
	}
	atob := func() (bool, error) {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return false, fmt.Errorf("want true or false, got %q", value)
		}
		return b, nil
	}
	var err error
	switch key {
	case "name":
		spec.Name = value
	case "title":
		spec.Title = value
	case "title_fr":
		spec.TitleFR = value
	case "rolls":
		spec.Rolls, err = atoi()
	case "joker":
		if spec.Joker == nil {
			spec.Joker = &JokerSpec{Box: "yahtzee"}
		}
		spec.Joker.Mode = value
	case "upper_bonus.threshold", "upper_bonus.points", "upper_bonus.when":
		if spec.UpperBonus == nil {
			spec.UpperBonus = &BonusSpec{Threshold: 63, When: "complete"}
		}
		switch key {
		case "upper_bonus.threshold":
			spec.UpperBonus.Threshold, err = atoi()
		case "upper_bonus.points":
			spec.UpperBonus.Points, err = atoi()
		default:
			spec.UpperBonus.When = value
		}
	case "extra_yahtzee", "extra_yahtzee.points":
		var n int
		if n, err = atoi(); err == nil {
			if n == 0 {
				spec.ExtraYahtzee = nil
			} else {
				if spec.ExtraYahtzee == nil {
					spec.ExtraYahtzee = &ExtraSpec{Box: "yahtzee"}
				}
				spec.ExtraYahtzee.Points = n
			}
		}
	case "dry":
		var dry bool
		if dry, err = atob(); err == nil {
			found := false
			for i := range spec.Boxes {
				b := &spec.Boxes[i]
				if b.Kind == "of_a_kind" && b.Count < NumDice {
					found = true
					if dry {
						b.Add = "matching"
					} else {
						b.Add = "all"
					}
				}
			}
			if !found {
				err = errors.New("the sheet has no brelan or carré (of_a_kind box of fewer than five dice)")
			}
		}
	case "order":
		if len(spec.Columns) == 0 {
			spec.Columns = []ColumnSpec{{}}
		}
		for i := range spec.Columns {
			spec.Columns[i].Order = value
		}
	case "columns":
		spec.Columns = nil
		for _, name := range strings.Split(value, ",") {
			name = strings.TrimSpace(name)
			c := ColumnSpec{Name: name, Order: name}
			if name == "sec" {
				c.Order, c.FirstRollOnly = "free", true
			} else if !slices.Contains(orderNames, name) {
				return fmt.Errorf("unknown column %q: want free, top_down, bottom_up or sec", name)
			}
			spec.Columns = append(spec.Columns, c)
		}
	default:
		rest, ok := strings.CutPrefix(key, "box.")
		id, field, ok2 := strings.Cut(rest, ".")
		if !ok || !ok2 {
			return fmt.Errorf("unknown option %q: the keys are %s, and box.ID.FIELD", key, strings.Join(optionNames, ", "))
		}
		i := slices.IndexFunc(spec.Boxes, func(b BoxSpec) bool { return b.ID == id })
		if i < 0 {
			ids := make([]string, len(spec.Boxes))
			for i, b := range spec.Boxes {
				ids[i] = b.ID
			}
			return fmt.Errorf("no box %q in these rules: their boxes are %s", id, strings.Join(ids, ", "))
		}
		b := &spec.Boxes[i]
		switch field {
		case "points":
			b.Points, err = atoi()
		case "count":
			b.Count, err = atoi()
		case "length":
			b.Length, err = atoi()
		case "add":
			b.Add = value
		case "five_of_a_kind":
			b.FiveOfAKind, err = atob()
		case "subtract":
			b.Subtract, err = atob()
		case "label":
			b.Label = value
		case "label_fr":
			b.LabelFR = value
		default:
			return fmt.Errorf("unknown box field %q: the fields are %s", field, strings.Join(boxFieldNames, ", "))
		}
	}
	return err
}

// Options are rule options as a rule file or a game record writes them, in either form:
//
//	"options": ["dry=true", "columns=free,sec"]
//	"options": {"dry": true, "columns": ["free", "sec"]}
//
// A list is applied in its order. An object is applied in the order of its keys, sorted,
// so that a tool that rewrites the file cannot change its meaning; its values are strings,
// numbers, true or false, or lists (joined by commas). Decoded, both forms are the same
// "key=value" strings, those of --rule.
type Options []string

// optionsError is options of the wrong shape; Field is "options", "options[i]" or "options.KEY".
type optionsError struct {
	Field, Problem string
}

func (e *optionsError) Error() string { return e.Field + ": " + e.Problem }

// UnmarshalJSON reads either form of Options.
func (o *Options) UnmarshalJSON(data []byte) error {
	// Numbers keep their text: an option's value is checked where it is applied.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return &optionsError{Field: "options", Problem: err.Error()}
	}
	switch x := v.(type) {
	case nil:
		*o = nil
	case []any:
		opts := make(Options, len(x))
		for i, e := range x {
			field := fmt.Sprintf("options[%d]", i)
			s, ok := e.(string)
			if !ok {
				return &optionsError{Field: field, Problem: fmt.Sprintf("want a \"key=value\" string, got %s", jsonWord(e))}
			}
			if !strings.Contains(s, "=") {
				return &optionsError{Field: field, Problem: fmt.Sprintf("want \"key=value\", got %q", s)}
			}
			opts[i] = s
		}
		*o = opts
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		opts := make(Options, len(keys))
		for i, k := range keys {
			if strings.Contains(k, "=") {
				return &optionsError{Field: "options." + k, Problem: `a key holds no "="`}
			}
			value, ok := optionValue(x[k])
			if !ok {
				return &optionsError{Field: "options." + k, Problem: fmt.Sprintf("want a string, a number, a boolean or a list of them, got %s", jsonWord(x[k]))}
			}
			opts[i] = k + "=" + value
		}
		*o = opts
	default:
		return &optionsError{Field: "options", Problem: fmt.Sprintf("want a list of \"key=value\" strings or an object, got %s", jsonWord(v))}
	}
	return nil
}

// optionValue writes a value of the object form as the value of --rule key=value: a
// list of strings, numbers or booleans is joined by commas ("columns": ["free", "sec"]).
func optionValue(v any) (string, bool) {
	list, ok := v.([]any)
	if !ok {
		return scalarValue(v)
	}
	parts := make([]string, len(list))
	for i, p := range list {
		if parts[i], ok = scalarValue(p); !ok {
			return "", false
		}
	}
	return strings.Join(parts, ","), true
}

func scalarValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// jsonWord names the kind of a decoded JSON value, for an error message.
func jsonWord(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	}
	return "an object"
}

// applyOptions applies options ("key=value") to spec in order; field names an option in errors.
func applyOptions(file string, spec *Spec, options []string, field func(key string) string) error {
	for _, o := range options {
		key, value, ok := strings.Cut(o, "=")
		if !ok {
			return &ruleError{File: file, Field: field(o), Problem: "want key=value"}
		}
		key = strings.TrimSpace(key)
		if err := applyOption(spec, key, strings.TrimSpace(value)); err != nil {
			return &ruleError{File: file, Field: field(key), Problem: err.Error()}
		}
	}
	return nil
}
