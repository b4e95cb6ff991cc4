package main

// Text tables and the formats of figures on the command line.

import (
	"fmt"
	"io"
	"strings"
	"time"

	"yams/reports"
)

// textTable lays out rows of cells: the first column left-aligned, the others right-aligned.
type textTable struct{ rows [][]string }

func (t *textTable) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *textTable) write(w io.Writer) {
	var width []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// thousands formats n with a comma between groups of three digits.
func thousands(n int64) string { return reports.Thousands(n) }

// plural writes a count with its noun, singular for one: "1 player", "3 players".
func plural[N ~int | ~int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(int64(n)) + " " + many
}

// duration formats a time taken: "2.43 s", "830.6 ms", "412 µs".
func duration(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
}
