package simulation

import (
	"fmt"
	"slices"
	"yams/engine"
	"yams/reports"
	"yams/sim"
)

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

// yahtzeeLabel names the five-of-a-kind box of the rules, whose scored games the
// summaries count, or "" if the sheet has none.
func (r *report) yahtzeeLabel() string {
	b := r.rules.FiveOfAKindBox()
	if b < 0 {
		return ""
	}
	return reports.BoxLabel(r.rules, b, r.l.Lang)
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
