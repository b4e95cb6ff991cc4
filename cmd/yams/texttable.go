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
// With markdown, it writes a Markdown table instead, its first row the header.
type textTable struct {
	rows     [][]string
	markdown bool
}

func (t *textTable) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *textTable) write(w io.Writer) {
	if t.markdown {
		t.writeMarkdown(w)
		return
	}
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

// writeMarkdown writes the rows as a Markdown table, the first row as its header, the
// first column left-aligned and the others right-aligned; a blank line around it.
func (t *textTable) writeMarkdown(w io.Writer) {
	if len(t.rows) == 0 {
		return
	}
	cell := func(c string) string { return strings.ReplaceAll(c, "|", `\|`) }
	fmt.Fprintln(w)
	for i, r := range t.rows {
		cells := make([]string, len(r))
		for j, c := range r {
			cells[j] = cell(c)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
		if i == 0 {
			align := make([]string, len(r))
			for j := range align {
				align[j] = "---:"
			}
			align[0] = "---"
			fmt.Fprintf(w, "|%s|\n", strings.Join(align, "|"))
		}
	}
	fmt.Fprintln(w)
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

// gameCount writes a number of games in the English of errors and notes: "1 game",
// "2,000 games".
func gameCount(n int64) string { return plural(n, "game", "games") }
