package simulation

import (
	"fmt"
	"math"
	"strings"

	"yams/engine"
	"yams/reports"
	"yams/sim"
)

func (r *report) params() []reports.Param {
	l := r.l
	rules := r.res.Rules
	if title := reports.RuleSetTitle(r.rules, l.Lang); title != "" {
		rules += " — " + title
	}
	opts := l.None
	if len(r.res.RuleOptions) > 0 {
		opts = strings.Join(r.res.RuleOptions, ", ")
	}
	ps := []reports.Param{
		{Name: l.Rules, Value: rules},
		{Name: l.RulesHash, Value: r.res.RulesHash},
		{Name: l.Options, Value: opts},
		{Name: l.Seed, Value: fmt.Sprint(r.res.Seed)},
		{Name: l.Games, Value: l.Count(r.res.Games) + " / " + l.Strategy},
		{Name: l.Strategies, Value: strings.Join(r.strategyNames(), ", ")},
	}
	if r.res.Partial() {
		ps = append(ps, reports.Param{Name: l.Partial, Value: fmt.Sprintf(l.PartialOf, l.Count(r.res.Games), l.Count(r.res.Planned))})
	}
	return ps
}

// tables returns the tables of a run, in the order of the report.
func (r *report) tables() []reports.Table {
	l := r.l
	var out []reports.Table

	t := reports.Table{ID: "table-scores", Title: l.ScoresTable, Head: []string{l.Strategy, l.Games, l.Mean, l.Sd, l.Median, l.Min, l.Max}, Note: l.ScoresNote}
	p := reports.Table{ID: "table-percentiles", Title: l.PercentilesTable, Head: []string{l.Strategy}}
	for _, rank := range sim.PercentileRanks {
		p.Head = append(p.Head, fmt.Sprintf("p%d", rank))
	}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		mean, sd := r.meanSD(i)
		med, mlo, mhi := reports.PercentileCI(&s.Scores, 50)
		t.Rows = append(t.Rows, []string{s.Strategy, l.Count(s.Games),
			l.Interval(mean.V, mean.Lo, mean.Hi, 2), l.Interval(sd.V, sd.Lo, sd.Hi, 2),
			l.Interval(float64(med), float64(mlo), float64(mhi), 0),
			l.Count(int64(st.Min)), l.Count(int64(st.Max))})
		row := []string{s.Strategy}
		for _, rank := range sim.PercentileRanks {
			v, lo, hi := reports.PercentileCI(&s.Scores, rank)
			row = append(row, l.Interval(float64(v), float64(lo), float64(hi), 0))
		}
		p.Rows = append(p.Rows, row)
	}
	out = append(out, t, p)

	box := r.yahtzeeLabel()
	extra, jokers := r.extraBonus(), r.jokers()
	b := reports.Table{ID: "table-bonuses", Title: l.BonusTable, Head: []string{l.Strategy, l.UpperBonus}, Note: l.BonusNote}
	if extra {
		b.Note += " " + l.ExtraNote
	}
	if r.rules.FiveOfAKindBox() >= 0 {
		b.Head = append(b.Head, fmt.Sprintf(l.YahtzeeScored, box))
	}
	if extra {
		b.Head = append(b.Head, l.ExtraPerGame)
	}
	if jokers {
		b.Head = append(b.Head, l.JokerGames)
	}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		row := []string{s.Strategy, l.PctInterval(st.UpperBonus.Rate, st.UpperBonus.CI95.Lo, st.UpperBonus.CI95.Hi, 2)}
		if r.rules.FiveOfAKindBox() >= 0 {
			row = append(row, l.PctInterval(st.YahtzeeScored.Rate, st.YahtzeeScored.CI95.Lo, st.YahtzeeScored.CI95.Hi, 2))
		}
		if extra {
			m, _ := reports.Moments(&s.ExtraBonuses)
			row = append(row, l.Interval(m.V, m.Lo, m.Hi, 4))
		}
		if jokers {
			row = append(row, l.PctInterval(st.Joker.Rate, st.Joker.CI95.Lo, st.Joker.CI95.Hi, 2))
		}
		b.Rows = append(b.Rows, row)
	}
	out = append(out, b)

	head := []string{l.Box}
	head = append(head, r.strategyNames()...)
	m := reports.Table{ID: "table-box-mean", Title: l.BoxMeanTable, Head: head}
	if bound, ok := r.boxMeanBound(); ok {
		m.Note = fmt.Sprintf(l.BoxMeanNote, l.Num(bound, 3))
	}
	z := reports.Table{ID: "table-box-zeros", Title: l.ZeroTable, Head: head}
	j := reports.Table{ID: "table-jokers", Title: l.JokerTable, Head: head}
	for id, name := range r.slots {
		mr, zr := []string{name}, []string{name}
		for i, s := range r.res.Summaries {
			mr = append(mr, l.Num(r.st[i].Slots[id].Mean, 2))
			w := sim.Wilson(s.Slots[id].Zeros, s.Games)
			zr = append(zr, l.Interval(100*w.Rate, 100*w.CI95.Lo, 100*w.CI95.Hi, 2))
		}
		m.Rows = append(m.Rows, mr)
		z.Rows = append(z.Rows, zr)
	}
	out = append(out, m, z)
	if jokers {
		for _, id := range r.jokerSlots() {
			jr := []string{r.slots[id]}
			for _, s := range r.res.Summaries {
				w := sim.Wilson(s.Slots[id].Jokers, s.Games)
				jr = append(jr, l.Interval(100*w.Rate, 100*w.CI95.Lo, 100*w.CI95.Hi, 3))
			}
			j.Rows = append(j.Rows, jr)
		}
		out = append(out, j)
	}

	if len(r.res.Pairs) > 0 {
		c := reports.Table{ID: "table-pairs", Title: l.PairsTable, Head: []string{l.Pair, l.PairedCI, l.UnpairedCI, l.Narrower, l.Wins, l.Ties, l.Loss}, Note: l.PairsNote}
		for _, p := range r.pairs() {
			st := p.st
			// Both intervals are symmetric about the mean difference: its half-width
			// says them, as the terminal's table does, and keeps the table within the
			// page (the CSV gives their ends).
			c.Rows = append(c.Rows, []string{p.name,
				l.Num(st.Mean, 3) + " ± " + l.Num((st.CI95.Hi-st.CI95.Lo)/2, 3),
				"± " + l.Num((p.unpaired.Hi-p.unpaired.Lo)/2, 3),
				l.Num(p.ratio(), 3),
				l.PctInterval(st.Wins.Rate, st.Wins.CI95.Lo, st.Wins.CI95.Hi, 2),
				l.PctInterval(st.Ties.Rate, st.Ties.CI95.Lo, st.Ties.CI95.Hi, 2),
				l.PctInterval(st.Losses.Rate, st.Losses.CI95.Lo, st.Losses.CI95.Hi, 2),
			})
		}
		out = append(out, c)
	}
	return append(out, r.regretTables()...)
}

// boxMeanBound bounds the half-width of the 95% interval of every box mean: the
// standard deviation of a box's score is at most half its range (Popoviciu's
// inequality), which the rules give. ok is false for results of no game.
func (r *report) boxMeanBound() (float64, bool) {
	widest := 0
	for b := range r.rules.Boxes() {
		best := 0
		for roll := range engine.Roll(engine.NumRolls) {
			best = max(best, r.rules.Score(b, roll))
		}
		for f := 1; f <= engine.NumFaces; f++ {
			best = max(best, r.rules.JokerScore(b, f))
		}
		widest = max(widest, best)
	}
	games := r.res.Games
	if games < 1 {
		return 0, false
	}
	return reports.Z95 * float64(widest) / 2 / math.Sqrt(float64(games)), true
}

// meanSD returns the mean and standard deviation of strategy i: the exact figures of
// sim.Stats, with the interval of the mean from Stats and that of the deviation from
// its fourth moment (moments).
func (r *report) meanSD(i int) (mean, sd reports.Estimate) {
	st := r.st[i]
	_, m := reports.Moments(&r.res.Summaries[i].Scores)
	return reports.Estimate{V: st.Mean, Lo: st.CI95.Lo, Hi: st.CI95.Hi},
		reports.Estimate{V: st.StdDev, Lo: max(0, st.StdDev-(m.V-m.Lo)), Hi: st.StdDev + (m.Hi - m.V)}
}
