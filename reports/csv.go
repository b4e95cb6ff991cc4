package reports

import (
	"bytes"
	"encoding/csv"
	"math"
	"strconv"

	"yams/sim"
)

// The CSV files are for programs: English headers, one value per cell, a dot for the
// decimal point whatever the language, and every interval as two columns _lo and _hi.

func F64(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func I64(n int64) string { return strconv.FormatInt(n, 10) }

func WriteCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows) // a bytes.Buffer does not fail
	return b.Bytes()
}

func WithCI(name string) []string { return []string{name, name + "_lo", name + "_hi"} }

func CI(e Estimate) []string { return []string{F64(e.V), F64(e.Lo), F64(e.Hi)} }

func PropCI(p sim.Proportion) []string { return CI(FromProportion(p)) }

// The CSV beside each figure holds the numbers it draws, as it draws them (percentages
// where the axis is in percent), a row per point, the strategy first: tidy data, which
// a spreadsheet or a plotting library reads as it is.

// DotCSV is the CSV of a dot plot: a row per series and category drawn, the series'
// name (names[j] for ss[j]), the category under catHead ("" when each series has its
// own row, the category being the series), then the value under value and its 95%
// interval, times scale; noCI series have no interval.
func DotCSV(catHead, value string, names, cats []string, ss []DotSeries, scale float64) [][]string {
	head := []string{"strategy"}
	if catHead != "" {
		head = append(head, catHead)
	}
	rows := [][]string{append(head, WithCI(value)...)}
	for j, s := range ss {
		for i, e := range s.Vals {
			if math.IsNaN(e.V) {
				continue
			}
			row := []string{names[j]}
			if catHead != "" {
				row = append(row, cats[i])
			}
			lo, hi := "", ""
			if !s.NoCI {
				lo, hi = F64(scale*e.Lo), F64(scale*e.Hi)
			}
			rows = append(rows, append(row, F64(scale*e.V), lo, hi))
		}
	}
	return rows
}
