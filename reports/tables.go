package reports

import (
	"fmt"
	"math"
	"strings"

	"yams/engine"
	"yams/sim"
)

// table is a table of a report, written as Markdown (summary.md) and as HTML
// (report.html) from the same cells. Its title and note may name strategies in
// backquotes (code), which the page shows in code font; wrap is the column of prose
// (a sheet in words) that the page wraps, 0 for none.
type table struct {
	id    string // an id of the page, unique in the report
	title string
	head  []string
	rows  [][]string
	note  string
	wrap  int
}

// param is a line of the parameters of a run.
type param struct{ name, value string }

func (r *report) params() []param {
	l := r.l
	rules := r.res.Rules
	if title := ruleSetTitle(r.rules, l.lang); title != "" {
		rules += " — " + title
	}
	opts := l.none
	if len(r.res.RuleOptions) > 0 {
		opts = strings.Join(r.res.RuleOptions, ", ")
	}
	ps := []param{
		{l.rules, rules},
		{l.rulesHash, r.res.RulesHash},
		{l.options, opts},
		{l.seed, fmt.Sprint(r.res.Seed)},
		{l.games, l.count(r.res.Games) + " / " + l.strategy},
		{l.strategies, strings.Join(r.strategyNames(), ", ")},
	}
	if r.res.Partial() {
		ps = append(ps, param{l.partial, fmt.Sprintf(l.partialOf, l.count(r.res.Games), l.count(r.res.Planned))})
	}
	return ps
}

// tables returns the tables of a run, in the order of the report.
func (r *report) tables() []table {
	l := r.l
	var out []table

	t := table{id: "table-scores", title: l.scoresTable, head: []string{l.strategy, l.games, l.mean, l.sd, l.median, l.min, l.max}, note: l.scoresNote}
	p := table{id: "table-percentiles", title: l.percentilesTable, head: []string{l.strategy}}
	for _, rank := range sim.PercentileRanks {
		p.head = append(p.head, fmt.Sprintf("p%d", rank))
	}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		mean, sd := r.meanSD(i)
		med, mlo, mhi := percentileCI(&s.Scores, 50)
		t.rows = append(t.rows, []string{s.Strategy, l.count(s.Games),
			l.interval(mean.v, mean.lo, mean.hi, 2), l.interval(sd.v, sd.lo, sd.hi, 2),
			l.interval(float64(med), float64(mlo), float64(mhi), 0),
			l.count(int64(st.Min)), l.count(int64(st.Max))})
		row := []string{s.Strategy}
		for _, rank := range sim.PercentileRanks {
			v, lo, hi := percentileCI(&s.Scores, rank)
			row = append(row, l.interval(float64(v), float64(lo), float64(hi), 0))
		}
		p.rows = append(p.rows, row)
	}
	out = append(out, t, p)

	box := r.yahtzeeLabel()
	extra, jokers := r.extraBonus(), r.jokers()
	b := table{id: "table-bonuses", title: l.bonusTable, head: []string{l.strategy, l.upperBonus}, note: l.bonusNote}
	if extra {
		b.note += " " + l.extraNote
	}
	if r.rules.FiveOfAKindBox() >= 0 {
		b.head = append(b.head, fmt.Sprintf(l.yahtzeeScored, box))
	}
	if extra {
		b.head = append(b.head, l.extraPerGame)
	}
	if jokers {
		b.head = append(b.head, l.jokerGames)
	}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		row := []string{s.Strategy, l.pctInterval(st.UpperBonus.Rate, st.UpperBonus.CI95.Lo, st.UpperBonus.CI95.Hi, 2)}
		if r.rules.FiveOfAKindBox() >= 0 {
			row = append(row, l.pctInterval(st.YahtzeeScored.Rate, st.YahtzeeScored.CI95.Lo, st.YahtzeeScored.CI95.Hi, 2))
		}
		if extra {
			m, _ := moments(&s.ExtraBonuses)
			row = append(row, l.interval(m.v, m.lo, m.hi, 4))
		}
		if jokers {
			row = append(row, l.pctInterval(st.Joker.Rate, st.Joker.CI95.Lo, st.Joker.CI95.Hi, 2))
		}
		b.rows = append(b.rows, row)
	}
	out = append(out, b)

	head := []string{l.box}
	head = append(head, r.strategyNames()...)
	m := table{id: "table-box-mean", title: l.boxMeanTable, head: head}
	if bound, ok := r.boxMeanBound(); ok {
		m.note = fmt.Sprintf(l.boxMeanNote, l.num(bound, 3))
	}
	z := table{id: "table-box-zeros", title: l.zeroTable, head: head}
	j := table{id: "table-jokers", title: l.jokerTable, head: head}
	for id, name := range r.slots {
		mr, zr := []string{name}, []string{name}
		for i, s := range r.res.Summaries {
			mr = append(mr, l.num(r.st[i].Slots[id].Mean, 2))
			w := sim.Wilson(s.Slots[id].Zeros, s.Games)
			zr = append(zr, l.interval(100*w.Rate, 100*w.CI95.Lo, 100*w.CI95.Hi, 2))
		}
		m.rows = append(m.rows, mr)
		z.rows = append(z.rows, zr)
	}
	out = append(out, m, z)
	if jokers {
		for _, id := range r.jokerSlots() {
			jr := []string{r.slots[id]}
			for _, s := range r.res.Summaries {
				w := sim.Wilson(s.Slots[id].Jokers, s.Games)
				jr = append(jr, l.interval(100*w.Rate, 100*w.CI95.Lo, 100*w.CI95.Hi, 3))
			}
			j.rows = append(j.rows, jr)
		}
		out = append(out, j)
	}

	if len(r.res.Pairs) > 0 {
		c := table{id: "table-pairs", title: l.pairsTable, head: []string{l.pair, l.pairedCI, l.unpairedCI, l.narrower, l.wins, l.ties, l.loss}, note: l.pairsNote}
		for _, p := range r.pairs() {
			st := p.st
			// Both intervals are symmetric about the mean difference: its half-width
			// says them, as the terminal's table does, and keeps the table within the
			// page (the CSV gives their ends).
			c.rows = append(c.rows, []string{p.name,
				l.num(st.Mean, 3) + " ± " + l.num((st.CI95.Hi-st.CI95.Lo)/2, 3),
				"± " + l.num((p.unpaired.Hi-p.unpaired.Lo)/2, 3),
				l.num(p.ratio(), 3),
				l.pctInterval(st.Wins.Rate, st.Wins.CI95.Lo, st.Wins.CI95.Hi, 2),
				l.pctInterval(st.Ties.Rate, st.Ties.CI95.Lo, st.Ties.CI95.Hi, 2),
				l.pctInterval(st.Losses.Rate, st.Losses.CI95.Lo, st.Losses.CI95.Hi, 2),
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
	return z95 * float64(widest) / 2 / math.Sqrt(float64(games)), true
}

// meanSD returns the mean and standard deviation of strategy i: the exact figures of
// sim.Stats, with the interval of the mean from Stats and that of the deviation from
// its fourth moment (moments).
func (r *report) meanSD(i int) (mean, sd estimate) {
	st := r.st[i]
	_, m := moments(&r.res.Summaries[i].Scores)
	return estimate{st.Mean, st.CI95.Lo, st.CI95.Hi},
		estimate{st.StdDev, max(0, st.StdDev-(m.v-m.lo)), st.StdDev + (m.hi - m.v)}
}
