package reports

import (
	"strconv"
	"strings"

	"yams/engine"
)

// What a report says about the rules (the labels of the boxes and columns, the threshold
// of the upper bonus, whether there are extra bonuses and jokers) comes from the rule
// set the games were played under, never from the counts.

// BoxLabel returns the label of box b of the rules in a language of the reports: the
// rule file's label_fr in French when it gives one, else its label, else the box's id.
func BoxLabel(rules *engine.Rules, b int, lang string) string {
	if lang == "fr" {
		if fr := rules.Spec().Boxes[b].LabelFR; fr != "" {
			return fr
		}
	}
	return rules.Boxes()[b].Label
}

// RuleSetTitle returns the title of the rule set in a language of the reports: the rule
// file's title_fr in French when it gives one, else its title ("" if it has none).
func RuleSetTitle(rules *engine.Rules, lang string) string {
	if fr := rules.Spec().TitleFR; lang == "fr" && fr != "" {
		return fr
	}
	return rules.Spec().Title
}

// frenchColumns name in French the columns a rule file leaves unnamed, which take the
// name of their order (or "sec").
var frenchColumns = map[string]string{"free": "libre", "top_down": "descendante", "bottom_up": "montante", "sec": "sèche"}

// ColumnLabels names the columns of the sheet in the language ("en" or "fr"), made unique
// by their position ("free#2") where two share a name, as sim.ColumnLabels does in
// English.
func ColumnLabels(rules *engine.Rules, lang string) []string {
	cols := rules.Columns()
	count := map[string]int{}
	for _, c := range cols {
		count[c.Name]++
	}
	var out []string
	for i, c := range cols {
		name := c.Name
		if fr, ok := frenchColumns[name]; ok && lang == "fr" {
			name = fr
		}
		if count[c.Name] > 1 {
			name += "#" + strconv.Itoa(i+1)
		}
		out = append(out, name)
	}
	return out
}

// SlotLabels names every box of the sheet (by BoxID) in the language ("en" or "fr"),
// with its column on a sheet of several: "top_down · Aces".
func SlotLabels(rules *engine.Rules, lang string) []string {
	cols := ColumnLabels(rules, lang)
	var out []string
	for _, col := range cols {
		for b := range rules.Boxes() {
			name := BoxLabel(rules, b, lang)
			if len(cols) > 1 {
				name = col + " · " + name
			}
			out = append(out, name)
		}
	}
	return out
}

// DescribeRuleSet names a rule set with its options: "hasbro, rolls=4".
func DescribeRuleSet(name string, options []string) string {
	return strings.Join(append([]string{name}, options...), ", ")
}
