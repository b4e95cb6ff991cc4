package reporttest

import (
	"encoding/csv"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// englishWords are words a French report must not hold: English words that are not
// also French ("score", "points", "chance", "joker", "options", "total", "figures",
// "large", "second", "pair", "a", "as", "on", "or" are both, and stay out of the list).
// A string added to the reports and left in English is very likely to hold one of them.
var englishWords = []string{
	"an", "the", "of", "and", "with", "without", "per", "by", "from", "for", "to", "in", "at",
	"is", "are", "each", "every", "which", "its", "their", "than", "below", "above", "beyond", "not",
	"game", "games", "played", "strategy", "strategies", "player", "players", "seat", "seats", "turn", "turns",
	"rules", "rule", "seed", "hash", "none", "report", "generated", "comparison", "parameters",
	"bonus", "bonuses", "upper", "lower", "subtotal", "threshold", "extra", "scored", "zero", "box", "boxes", "filled",
	"mean", "means", "median", "medians", "sd", "deviation", "percentile", "percentiles", "interval", "intervals",
	"rate", "rates", "share", "shares", "cumulative", "running", "scale", "line", "marker", "markers", "band",
	"paired", "unpaired", "difference", "differences", "wins", "win", "won", "ties", "tie", "tied",
	"loses", "losses", "first", "head", "vs", "alone", "all", "ideal", "workers", "narrower", "wider",
	"aces", "ones", "twos", "threes", "fours", "fives", "sixes", "kind", "house", "straight", "small",
	"booklet", "forced", "free", "sheet", "top_down", "bottom_up", "top", "bottom", "down",
}

// frenchTexts returns every string a reader sees in the report of dir, by file (an SVG
// figure's texts, the text and labels of report.html, the Markdown, the labels of
// boxes.csv; the other CSV cells are numbers and ids, their headers are for programs).
func frenchTexts(t *testing.T, dir string) map[string][]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	svgText := regexp.MustCompile(`(?s)<text[^>]*>(.*?)</text>`)
	out := map[string][]string{}
	for _, e := range entries {
		name := e.Name()
		data := string(Read(t, dir, name))
		switch filepath.Ext(name) {
		case ".svg":
			for _, m := range svgText.FindAllStringSubmatch(data, -1) {
				out[name] = append(out[name], html.UnescapeString(m[1]))
			}
		case ".md":
			out[name] = []string{data}
		case ".html":
			out[name] = htmlTexts(data)
		case ".csv":
			if name != "boxes.csv" {
				continue
			}
			rows, err := csv.NewReader(strings.NewReader(data)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			col := slices.Index(rows[0], "label")
			for _, row := range rows[1:] {
				out[name] = append(out[name], row[col])
			}
		}
	}
	return out
}

// htmlTexts returns the text of a page and the values of its attributes a reader meets
// (the title a screen reader says for each figure).
func htmlTexts(page string) []string {
	var texts []string
	for _, m := range regexp.MustCompile(`(?:aria-label|title|alt)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		texts = append(texts, html.UnescapeString(m[1]))
	}
	page = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(page, " ")
	page = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(page, " ")
	return append(texts, html.UnescapeString(page))
}

// withoutNames takes out of s the names that are no one's language: strategies, rule
// sets, options, hashes, commands.
func withoutNames(s string, names []string) string {
	for _, n := range names {
		s = strings.ReplaceAll(s, n, " ")
	}
	return s
}

// englishIn returns the words of englishWords in s.
func englishIn(s string) []string {
	var found []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }) {
		if w = strings.ToLower(w); slices.Contains(englishWords, w) && !slices.Contains(found, w) {
			found = append(found, w)
		}
	}
	return found
}

// decimalPoint finds a number written with a decimal point.
var decimalPoint = regexp.MustCompile(`[0-9]\.[0-9]`)

// around returns the words of s about the first place w is one of them.
func around(s, w string) string {
	fields := strings.Fields(s)
	for i, f := range fields {
		if slices.Contains(strings.FieldsFunc(strings.ToLower(f), func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }), w) {
			return strings.Join(fields[max(0, i-6):min(len(fields), i+7)], " ")
		}
	}
	return s
}

// frenchSlips are wordings the French reports once had, which readers found wrong.
var frenchSlips = []string{"stratégie optimal ", "stratégie optimal,", "Rapport de parties à plusieurs yams", "prime supérieure", "sous-total supérieur",
	"inférieures ou égales", "premier ex æquo", "de optimal", "la risk:θ", "qui maximise l’équivalent"}

// CheckFrench checks that every string of the French report in dir fr is French, with
// decimal commas, names aside, and none of frenchSlips; that the names of the strategies
// stand in code font in the prose of both pages (strategies: those that are no word of
// the prose); and that the check finds English in every file of the English report in
// en, so that it reads something.
func CheckFrench(t *testing.T, fr, en string, names, strategies []string) {
	t.Helper()
	for _, dir := range []string{fr, en} {
		for _, n := range proseNames(string(Read(t, dir, "report.html")), strategies) {
			t.Errorf("%s: a name outside code font: %s", dir, n)
		}
	}
	for file, texts := range frenchTexts(t, fr) {
		all := strings.Join(texts, " ")
		for _, s := range frenchSlips {
			if strings.Contains(all, s) {
				t.Errorf("%s: the French report writes %q", file, s)
			}
		}
	}
	for file, texts := range frenchTexts(t, fr) {
		for _, s := range texts {
			s = withoutNames(s, names)
			for _, w := range englishIn(s) {
				t.Errorf("%s: %q in %q", file, w, around(s, w))
			}
			if m := decimalPoint.FindString(s); m != "" {
				t.Errorf("%s: %q: a decimal point, not a comma, in %q", file, m, s)
			}
		}
	}
	for file, texts := range frenchTexts(t, en) {
		found := false
		for _, s := range texts {
			found = found || len(englishIn(withoutNames(s, names))) > 0
		}
		if !found {
			t.Errorf("%s of the English report: no English word found: the check reads nothing there", file)
		}
	}
}

// proseNames finds the names of strategies that a page's prose (the lead, the headings,
// the captions, the notes, the contents) writes outside code font: in French, a name in
// plain text reads as a word of the sentence ("stratégie optimal"), and in English too it
// reads better apart. The names must not be words of the prose too, as optimal
// ("optimal play") and bonus ("upper bonus") are: the slips of TestFrenchWording catch
// those.
func proseNames(page string, names []string) []string {
	prose := regexp.MustCompile(`(?s)<(p class="lead"|h3[^>]*|figcaption|p class="note"|a href="#[^"]*")>(.*?)</(p|h3|figcaption|a)>`)
	code := regexp.MustCompile(`(?s)<code>.*?</code>`)
	var found []string
	for _, m := range prose.FindAllStringSubmatch(page, -1) {
		text := code.ReplaceAllString(m[2], " ")
		for _, n := range names {
			if regexp.MustCompile(`(^|[^\w:-])` + regexp.QuoteMeta(n) + `($|[^\w:-])`).MatchString(text) {
				found = append(found, n+" in "+strings.TrimSpace(html.UnescapeString(text)))
			}
		}
	}
	return found
}
