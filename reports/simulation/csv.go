package simulation

import (
	"fmt"
	"strconv"
	"yams/reports"
	"yams/sim"
)

// summaryCSV is summary.csv: a row per strategy.
func (r *report) summaryCSV() []byte {
	head := []string{"strategy", "games"}
	head = append(head, reports.WithCI("mean")...)
	head = append(head, reports.WithCI("sd")...)
	for _, p := range sim.PercentileRanks {
		head = append(head, reports.WithCI(fmt.Sprintf("p%d", p))...)
	}
	head = append(head, "min", "max")
	head = append(head, reports.WithCI("upper_bonus_rate")...)
	head = append(head, reports.WithCI("yahtzee_scored_rate")...)
	head = append(head, reports.WithCI("extra_bonuses_per_game")...)
	head = append(head, reports.WithCI("joker_game_rate")...)
	rows := [][]string{head}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		mean, sd := r.meanSD(i)
		row := []string{s.Strategy, reports.I64(s.Games)}
		row = append(row, reports.CI(mean)...)
		row = append(row, reports.CI(sd)...)
		for _, p := range sim.PercentileRanks {
			v, lo, hi := reports.PercentileCI(&s.Scores, p)
			row = append(row, strconv.Itoa(v), strconv.Itoa(lo), strconv.Itoa(hi))
		}
		row = append(row, strconv.Itoa(st.Min), strconv.Itoa(st.Max))
		row = append(row, reports.PropCI(st.UpperBonus)...)
		row = append(row, reports.PropCI(st.YahtzeeScored)...)
		m, _ := reports.Moments(&s.ExtraBonuses)
		row = append(row, reports.CI(m)...)
		row = append(row, reports.PropCI(st.Joker)...)
		rows = append(rows, row)
	}
	return reports.WriteCSV(rows)
}

// histogramCSV is histogram.csv: the games of each strategy per final score, over every
// score from the lowest to the highest seen.
func (r *report) histogramCSV() []byte {
	head := []string{"score"}
	lo, hi, any := 0, 0, false
	for _, s := range r.res.Summaries {
		head = append(head, s.Strategy)
		if a, b, ok := s.Scores.Range(); ok {
			if !any || a < lo {
				lo = a
			}
			if !any || b > hi {
				hi = b
			}
			any = true
		}
	}
	rows := [][]string{head}
	for v := lo; any && v <= hi; v++ {
		row := []string{strconv.Itoa(v)}
		for _, s := range r.res.Summaries {
			var c int64
			if k := v - s.Scores.Min; k >= 0 && k < len(s.Scores.Counts) {
				c = s.Scores.Counts[k]
			}
			row = append(row, reports.I64(c))
		}
		rows = append(rows, row)
	}
	return reports.WriteCSV(rows)
}

// boxesCSV is boxes.csv: a row per strategy and box.
func (r *report) boxesCSV() []byte {
	head := []string{"strategy", "box", "label", "mean", "zeros"}
	head = append(head, reports.WithCI("zero_rate")...)
	head = append(head, "jokers")
	head = append(head, reports.WithCI("joker_rate")...)
	head = append(head, "mean_fill_turn")
	rows := [][]string{head}
	for i, s := range r.res.Summaries {
		for id, sl := range s.Slots {
			var turns, games int64
			for t, c := range sl.FillTurn {
				turns += int64(t+1) * c
				games += c
			}
			fill := 0.0
			if games > 0 {
				fill = float64(turns) / float64(games)
			}
			row := []string{s.Strategy, s.SlotName(id), r.slots[id], reports.F64(r.st[i].Slots[id].Mean), reports.I64(sl.Zeros)}
			row = append(row, reports.CI(reports.Wilson(sl.Zeros, s.Games))...)
			row = append(row, reports.I64(sl.Jokers))
			row = append(row, reports.CI(reports.Wilson(sl.Jokers, s.Games))...)
			row = append(row, reports.F64(fill))
			rows = append(rows, row)
		}
	}
	return reports.WriteCSV(rows)
}

// compareCSV is compare.csv: a row per pair of strategies.
func (r *report) compareCSV() []byte {
	head := []string{"a", "b", "games"}
	head = append(head, reports.WithCI("mean_difference")...)
	head = append(head, "sd_difference", "unpaired_lo", "unpaired_hi", "width_ratio", "wins", "ties", "losses")
	head = append(head, reports.WithCI("win_rate")...)
	head = append(head, reports.WithCI("tie_rate")...)
	head = append(head, reports.WithCI("loss_rate")...)
	rows := [][]string{head}
	for k, p := range r.pairs() {
		pr := r.res.Pairs[k]
		st := p.st
		row := []string{pr.A, pr.B, reports.I64(pr.Games)}
		row = append(row, reports.CI(reports.Estimate{V: st.Mean, Lo: st.CI95.Lo, Hi: st.CI95.Hi})...)
		row = append(row, reports.F64(st.StdDev), reports.F64(p.unpaired.Lo), reports.F64(p.unpaired.Hi), reports.F64(p.ratio()), reports.I64(pr.Wins), reports.I64(pr.Ties), reports.I64(pr.Losses))
		row = append(row, reports.PropCI(st.Wins)...)
		row = append(row, reports.PropCI(st.Ties)...)
		row = append(row, reports.PropCI(st.Losses)...)
		rows = append(rows, row)
	}
	return reports.WriteCSV(rows)
}
