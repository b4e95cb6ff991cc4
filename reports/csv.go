package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"

	"yams/sim"
)

// The CSV files are for programs: English headers, one value per cell, a dot for the
// decimal point whatever the language, and every interval as two columns _lo and _hi.

func f64(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func i64(n int64) string { return strconv.FormatInt(n, 10) }

func writeCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows) // a bytes.Buffer does not fail
	return b.Bytes()
}

func withCI(name string) []string { return []string{name, name + "_lo", name + "_hi"} }

func ci(e estimate) []string { return []string{f64(e.v), f64(e.lo), f64(e.hi)} }

func propCI(p sim.Proportion) []string { return ci(fromProportion(p)) }

// summaryCSV is summary.csv: a row per strategy.
func (r *report) summaryCSV() []byte {
	head := []string{"strategy", "games"}
	head = append(head, withCI("mean")...)
	head = append(head, withCI("sd")...)
	for _, p := range sim.PercentileRanks {
		head = append(head, withCI(fmt.Sprintf("p%d", p))...)
	}
	head = append(head, "min", "max")
	head = append(head, withCI("upper_bonus_rate")...)
	head = append(head, withCI("yahtzee_scored_rate")...)
	head = append(head, withCI("extra_bonuses_per_game")...)
	head = append(head, withCI("joker_game_rate")...)
	rows := [][]string{head}
	for i, s := range r.res.Summaries {
		st := r.st[i]
		mean, sd := r.meanSD(i)
		row := []string{s.Strategy, i64(s.Games)}
		row = append(row, ci(mean)...)
		row = append(row, ci(sd)...)
		for _, p := range sim.PercentileRanks {
			v, lo, hi := percentileCI(&s.Scores, p)
			row = append(row, strconv.Itoa(v), strconv.Itoa(lo), strconv.Itoa(hi))
		}
		row = append(row, strconv.Itoa(st.Min), strconv.Itoa(st.Max))
		row = append(row, propCI(st.UpperBonus)...)
		row = append(row, propCI(st.YahtzeeScored)...)
		m, _ := moments(&s.ExtraBonuses)
		row = append(row, ci(m)...)
		row = append(row, propCI(st.Joker)...)
		rows = append(rows, row)
	}
	return writeCSV(rows)
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
			row = append(row, i64(c))
		}
		rows = append(rows, row)
	}
	return writeCSV(rows)
}

// boxesCSV is boxes.csv: a row per strategy and box.
func (r *report) boxesCSV() []byte {
	head := []string{"strategy", "box", "label", "mean", "zeros"}
	head = append(head, withCI("zero_rate")...)
	head = append(head, "jokers")
	head = append(head, withCI("joker_rate")...)
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
			row := []string{s.Strategy, s.SlotName(id), r.slots[id], f64(r.st[i].Slots[id].Mean), i64(sl.Zeros)}
			row = append(row, ci(wilson(sl.Zeros, s.Games))...)
			row = append(row, i64(sl.Jokers))
			row = append(row, ci(wilson(sl.Jokers, s.Games))...)
			row = append(row, f64(fill))
			rows = append(rows, row)
		}
	}
	return writeCSV(rows)
}

// compareCSV is compare.csv: a row per pair of strategies.
func (r *report) compareCSV() []byte {
	head := []string{"a", "b", "games"}
	head = append(head, withCI("mean_difference")...)
	head = append(head, "sd_difference", "unpaired_lo", "unpaired_hi", "width_ratio", "wins", "ties", "losses")
	head = append(head, withCI("win_rate")...)
	head = append(head, withCI("tie_rate")...)
	head = append(head, withCI("loss_rate")...)
	rows := [][]string{head}
	for k, p := range r.pairs() {
		pr := r.res.Pairs[k]
		st := p.st
		row := []string{pr.A, pr.B, i64(pr.Games)}
		row = append(row, ci(estimate{st.Mean, st.CI95.Lo, st.CI95.Hi})...)
		row = append(row, f64(st.StdDev), f64(p.unpaired.Lo), f64(p.unpaired.Hi), f64(p.ratio()), i64(pr.Wins), i64(pr.Ties), i64(pr.Losses))
		row = append(row, propCI(st.Wins)...)
		row = append(row, propCI(st.Ties)...)
		row = append(row, propCI(st.Losses)...)
		rows = append(rows, row)
	}
	return writeCSV(rows)
}

// The CSV beside each figure holds the numbers it draws, as it draws them (percentages
// where the axis is in percent), a row per point, the strategy first: tidy data, which
// a spreadsheet or a plotting library reads as it is.

// dotCSV is the CSV of a dot plot: a row per series and category drawn, the series'
// name (names[j] for ss[j]), the category under catHead ("" when each series has its
// own row, the category being the series), then the value under value and its 95%
// interval, times scale; noCI series have no interval.
func dotCSV(catHead, value string, names, cats []string, ss []dotSeries, scale float64) [][]string {
	head := []string{"strategy"}
	if catHead != "" {
		head = append(head, catHead)
	}
	rows := [][]string{append(head, withCI(value)...)}
	for j, s := range ss {
		for i, e := range s.vals {
			if math.IsNaN(e.v) {
				continue
			}
			row := []string{names[j]}
			if catHead != "" {
				row = append(row, cats[i])
			}
			lo, hi := "", ""
			if !s.noCI {
				lo, hi = f64(scale*e.lo), f64(scale*e.hi)
			}
			rows = append(rows, append(row, f64(scale*e.v), lo, hi))
		}
	}
	return rows
}
