package reports

import "fmt"

// document is the page and the Markdown of a run: what the run was made for first (the
// comparison of a compare, the points lost of a --regret), then the final score, the
// bonuses, the boxes and the turn each is filled in.
func (r *report) document(figs []figure) *document {
	l := r.l
	tables := r.tables()
	var secs []section
	secs = append(secs, sectionOf("comparison", l.sectionCompare, tables, figs, "table-pairs", "pairs", "head_to_head")...)
	secs = append(secs, sectionOf("regret", l.sectionRegret, tables, figs,
		"table-regret", "regret", "table-regret-by-box", "regret_by_box", "regret_by_turn", "table-costliest-*")...)
	secs = append(secs, sectionOf("scores", l.sectionScores, tables, figs, "table-scores", "table-percentiles", "scores", "cdf", "convergence")...)
	secs = append(secs, sectionOf("bonuses", l.sectionBonuses, tables, figs,
		"table-bonuses", "upper_bonus", "upper_subtotal", "yahtzee", "extra_bonus", "table-jokers", "jokers")...)
	secs = append(secs, sectionOf("boxes", l.sectionBoxes, tables, figs, "table-box-mean", "box_mean", "table-box-zeros", "box_zeros")...)
	secs = append(secs, sectionOf("fill", l.sectionFill, tables, figs, "column_turn", "fill_turn_*")...)
	title := l.pageTitle
	if len(r.res.Pairs) > 0 {
		title = l.compareTitle
	}
	return &document{l: l, title: title, lead: r.lead(), params: r.params(), sections: secs, generated: l.generated, footer: r.footer()}
}

// lead says what the run did: which strategies it played, how many games, on which
// rules, and what it compared or measured.
func (r *report) lead() string {
	l := r.l
	names := l.listOf(codes(r.strategyNames()))
	format := l.runLead
	switch {
	case len(r.res.Pairs) > 0:
		format = l.compareLead
	case len(r.res.Summaries) == 1:
		format = l.runLeadOne
	}
	s := fmt.Sprintf(format, names, l.count(r.res.Games), r.rulesText(), r.res.Seed)
	if r.hasRegret() {
		s += " " + l.regretLead
	}
	return s
}
