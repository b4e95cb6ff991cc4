package main

// What sim, compare, exact and frontier print, in the language of --lang: the words
// from a catalogue of the English texts, the numbers with the language's decimal mark
// and digit groups. Errors and the help stay in English, the language of the flags.

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"time"
)

// console formats what a command prints for its reader, in a language (reports.Languages).
type console struct{ lang string }

var english = console{"en"}

// t returns the text in the console's language: the English text itself, or its French
// from the catalogue. A text the catalogue lacks is printed in English, and noted, for the
// test that runs every command in French (TestFrenchConsole).
func (c console) t(en string) string {
	if c.lang != "fr" {
		return en
	}
	if fr, ok := frenchConsole[en]; ok {
		return fr
	}
	untranslated.Lock()
	untranslated.texts[en] = true
	untranslated.Unlock()
	return en
}

// untranslated are the texts printed in a French console that the catalogue lacks.
var untranslated = struct {
	sync.Mutex
	texts map[string]bool
}{texts: map[string]bool{}}

// f formats a text of the catalogue: c.t(format) with args. Numbers go in as strings,
// formatted by num, count or pct.
func (c console) f(format string, args ...any) string { return fmt.Sprintf(c.t(format), args...) }

// num writes x with digits decimals: 254.59 or 254,59.
func (c console) num(x float64, digits int) string { return decimal(c.lang, x, digits) }

// signed writes x with its sign, + or −.
func (c console) signed(x float64, digits int) string {
	return decimalText(c.lang, fmt.Sprintf("%+.*f", digits, x))
}

// count writes a whole number with its digits grouped: 1,000,000 or 1 000 000.
func (c console) count(n int64) string {
	if c.lang == "fr" {
		return strings.ReplaceAll(thousands(n), ",", "\u202f")
	}
	return thousands(n)
}

// pct writes a rate as a percentage: 68.12% or 68,12 %.
func (c console) pct(rate float64, digits int) string {
	if c.lang == "fr" {
		return c.num(100*rate, digits) + "\u202f%"
	}
	return c.num(100*rate, digits) + "%"
}

// plural writes a count with its noun, singular for one (the nouns from the catalogue).
func (c console) plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + c.t(one)
	}
	return c.count(n) + " " + c.t(many)
}

// duration writes a time taken: "2.43 s" or "2,43 s".
func (c console) duration(d time.Duration) string { return decimalText(c.lang, duration(d)) }

// megabytes writes a size in MiB (or KiB): "1,335 MiB" or "1 335 Mio".
func (c console) megabytes(b int64) string {
	if c.lang != "fr" {
		return megabytes(b)
	}
	s := strings.NewReplacer(",", "\u202f", "MiB", "Mio", "KiB", "Kio").Replace(megabytes(b))
	return s
}

// list joins items: "a, b and c" or "a, b et c".
func (c console) list(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + c.t(" and ") + items[len(items)-1]
}

// rate writes a number of things per second, "-" if it is not finite.
func (c console) rate(r float64) string {
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return "-"
	}
	return c.count(int64(r))
}

// countOf writes the number of units of a run of n game indices, each of which makes
// unit.perIndex of them (k strategies): "1 game", "2,000 games", "12,000,000 games (4
// strategies × 3,000,000)". The progress line and the summary of a run count in this one
// unit, a game of one strategy.
func (c console) countOf(unit progressUnit, n int64) string {
	k := unit.perIndex
	s := c.plural(k*n, unit.one, unit.noun)
	if k > 1 {
		s += c.f(" (%d strategies × %s)", k, c.count(n))
	}
	return s
}
