package engine

import (
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
	"name=TEXT",
	"rolls=N (1..5; 1 is the \"sec\" game)",
	"joker=forced|free|none",
	"upper_bonus.threshold=N, upper_bonus.points=N (0: no bonus), upper_bonus.when=complete|reached",
	"extra_yahtzee=N (points per extra five of a kind; 0: none)",
	"dry=true (brelan and carré count only their matching dice)",
	"order=free|top_down|bottom_up (every column)",
	"columns=LIST of free, top_down, bottom_up, sec (e.g. columns=top_down,bottom_up,free)",
	"box.ID.FIELD=VALUE (FIELD: points, add, count, length, five_of_a_kind, subtract, label, label_fr)",
}

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
			return fmt.Errorf("unknown option %q", key)
		}
		i := slices.IndexFunc(spec.Boxes, func(b BoxSpec) bool { return b.ID == id })
		if i < 0 {
			return fmt.Errorf("no box %q in these rules", id)
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
			return fmt.Errorf("unknown box field %q", field)
		}
	}
	return err
}

// applyFileOptions applies the "options" of a rule file, in the order of their keys.
func applyFileOptions(file string, spec *Spec) error {
	keys := make([]string, 0, len(spec.Options))
	for k := range spec.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		raw := spec.Options[k]
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return &ruleError{File: file, Field: "options." + k, Problem: err.Error()}
		}
		var value string
		switch x := v.(type) {
		case string:
			value = x
		case float64, bool:
			value = string(raw)
		case []any:
			parts := make([]string, len(x))
			for i, p := range x {
				parts[i] = fmt.Sprint(p)
			}
			value = strings.Join(parts, ",")
		default:
			return &ruleError{File: file, Field: "options." + k, Problem: "want a string, a number, a boolean or a list"}
		}
		if err := applyOption(spec, k, value); err != nil {
			return &ruleError{File: file, Field: "options." + k, Problem: err.Error()}
		}
	}
	return nil
}
