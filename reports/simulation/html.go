package simulation

import (
	"fmt"
	"yams/reports"
)

// Document is the page and the Markdown of a run: what the run was made for first (the
// comparison of a compare, the points lost of a --regret), then the final score, the
// bonuses, the boxes and the turn each is filled in.
func (r *report) Document(figs []reports.Figure) (*reports.Document, error) {
	l := r.l
	tables := r.tables()
	var secs []reports.Section
	secs = append(secs, reports.SectionOf("comparison", l.SectionCompare, tables, figs, "table-pairs", "pairs", "head_to_head")...)
	secs = append(secs, reports.SectionOf("regret", l.SectionRegret, tables, figs,
		"table-regret", "regret", "table-regret-by-box", "regret_by_box", "regret_by_turn", "table-costliest-*")...)
	secs = append(secs, reports.SectionOf("scores", l.SectionScores, tables, figs, "table-scores", "table-percentiles", "scores", "cdf", "convergence")...)
	secs = append(secs, reports.SectionOf("bonuses", l.SectionBonuses, tables, figs,
		"table-bonuses", "upper_bonus", "upper_subtotal", "yahtzee", "extra_bonus", "table-jokers", "jokers")...)
	secs = append(secs, reports.SectionOf("boxes", l.SectionBoxes, tables, figs, "table-box-mean", "box_mean", "table-box-zeros", "box_zeros")...)
	secs = append(secs, reports.SectionOf("fill", l.SectionFill, tables, figs, "column_turn", "fill_turn_*")...)
	title := l.PageTitle
	if len(r.res.Pairs) > 0 {
		title = l.CompareTitle
	}
	return &reports.Document{L: l, Title: title, Lead: r.lead(), Params: r.params(), Sections: secs, Generated: l.Generated, Footer: r.footer()}, nil
}

// lead says what the run did: which strategies it played, how many games, on which
// rules, and what it compared or measured.
func (r *report) lead() string {
	l := r.l
	names := l.ListOf(reports.Codes(r.strategyNames()))
	format := l.RunLead
	switch {
	case len(r.res.Pairs) > 0:
		format = l.CompareLead
	case len(r.res.Summaries) == 1:
		format = l.RunLeadOne
	}
	s := fmt.Sprintf(format, names, l.Count(r.res.Games), r.rulesText(), r.res.Seed)
	if r.hasRegret() {
		s += " " + l.RegretLead
	}
	return s
}
