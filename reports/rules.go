package reports

import (
	"fmt"
	"slices"
	"strconv"

	"yams/engine"
	"yams/sim"
)

// What a report says about the rules (the labels of the boxes and columns, the threshold
// of the upper bonus, whether there are extra bonuses and jokers) comes from the rule
// set the games were played under, never from the counts.

// ruleSetOf returns the rule set of the results: override when given, which must be the
// results' (by hash), else the one the results carry. Results with neither are refused:
// without the rules a report could only guess its labels and its threshold.
func ruleSetOf(res *sim.Results, override *engine.Rules) (*engine.Rules, error) {
	rules := res.RuleSet
	if override != nil {
		if override.Hash() != res.RulesHash {
			return nil, fmt.Errorf("reports: rules %s (hash %s) are not those of the results, %s (hash %s)",
				override.Name(), override.Hash(), res.Rules, res.RulesHash)
		}
		rules = override
	}
	if rules == nil {
		return nil, fmt.Errorf("reports: the results of rules %s (hash %s) do not carry their rule set: give the rules they were played under",
			res.Rules, res.RulesHash)
	}
	if rules.Hash() != res.RulesHash {
		return nil, fmt.Errorf("reports: the results of rules %s carry a rule set of hash %s, not theirs (%s)", res.Rules, rules.Hash(), res.RulesHash)
	}
	// The hash makes this true of every summary yams wrote; checked so that results put
	// together by hand cannot index a box the rules lack.
	for _, s := range res.Summaries {
		if len(s.Columns) != len(rules.Columns()) || len(s.Boxes) != rules.NumBoxes() {
			return nil, fmt.Errorf("reports: strategy %s counted %d columns of %d boxes, the rules %s have %d of %d",
				s.Strategy, len(s.Columns), len(s.Boxes), rules.Name(), len(rules.Columns()), rules.NumBoxes())
		}
		for b, box := range rules.Boxes() {
			if s.Boxes[b] != box.ID {
				return nil, fmt.Errorf("reports: strategy %s counted box %d as %q, the rules %s name it %q", s.Strategy, b, s.Boxes[b], rules.Name(), box.ID)
			}
		}
		if s.YahtzeeBox != rules.FiveOfAKindBox() {
			return nil, fmt.Errorf("reports: strategy %s counted box %d as the five-of-a-kind box, the rules %s box %d", s.Strategy, s.YahtzeeBox, rules.Name(), rules.FiveOfAKindBox())
		}
	}
	return rules, nil
}

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

// ruleSetTitle returns the title of the rule set in a language of the reports: the rule
// file's title_fr in French when it gives one, else its title ("" if it has none).
func ruleSetTitle(rules *engine.Rules, lang string) string {
	if fr := rules.Spec().TitleFR; lang == "fr" && fr != "" {
		return fr
	}
	return rules.Spec().Title
}

// frenchColumns name in French the columns a rule file leaves unnamed, which take the
// name of their order (or "sec").
var frenchColumns = map[string]string{"free": "libre", "top_down": "descendante", "bottom_up": "montante", "sec": "sèche"}

// columnLabels names the columns of the rules in the language, made unique by their
// position ("free#2") where two share a name, as sim.ColumnLabels does.
func columnLabels(rules *engine.Rules, lang string) []string {
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

// ColumnLabels names the columns of the sheet in the language ("en" or "fr"), made unique
// by their position where two share a name, as sim.ColumnLabels does in English.
func ColumnLabels(rules *engine.Rules, lang string) []string { return columnLabels(rules, lang) }

// SlotLabels names every box of the sheet (by BoxID) in the language ("en" or "fr"),
// with its column on a sheet of several: "top_down · Aces".
func SlotLabels(rules *engine.Rules, lang string) []string { return slotLabels(rules, lang) }

// slotLabels names every box of the sheet in the language, with its column on a sheet
// of several.
func slotLabels(rules *engine.Rules, lang string) []string {
	cols := columnLabels(rules, lang)
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

// yahtzeeLabel names the five-of-a-kind box of the rules, whose scored games the
// summaries count, or "" if the sheet has none.
func (r *report) yahtzeeLabel() string {
	b := r.rules.FiveOfAKindBox()
	if b < 0 {
		return ""
	}
	return BoxLabel(r.rules, b, r.l.lang)
}

// threshold returns the threshold of the upper bonus; ok is false when the rules have
// no bonus.
func (r *report) threshold() (t int, ok bool) {
	return r.rules.UpperThreshold(), r.rules.UpperPoints() > 0
}

// extraBonus reports whether the rules pay a bonus for each further five of a kind.
func (r *report) extraBonus() bool {
	return r.rules.ExtraPoints() > 0 && r.rules.YahtzeeBox() >= 0
}

// jokers reports whether the rules have a joker.
func (r *report) jokers() bool { return r.rules.Joker() != engine.NoJoker }

// jokerSlots returns the boxes of the sheet that took a joker in some game, or, when
// none did (a short run), every box a joker may go to: all but the yahtzee box.
func (r *report) jokerSlots() []int {
	var took, may []int
	yb := r.rules.YahtzeeBox()
	for id := range r.slots {
		if id%r.rules.NumBoxes() != yb {
			may = append(may, id)
		}
		if slices.ContainsFunc(r.res.Summaries, func(s *sim.Summary) bool { return s.Slots[id].Jokers > 0 }) {
			took = append(took, id)
		}
	}
	if len(took) > 0 {
		return took
	}
	return may
}
