package reports

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"yams/engine"
	"yams/sim"
)

// Options choose how a report is written.
type Options struct {
	// Lang is the language of the labels: "en" (the default) or "fr".
	Lang string
	// Rules are the rules the results were played under, for the labels of the boxes in
	// the language and the threshold of the upper bonus. If nil, the preset the results
	// name is used when it has their hash; failing that, boxes are named by their ids and
	// the threshold is read off the counts.
	Rules *engine.Rules
}

// Figure is one plot of a report, drawn as SVG and PNG.
type Figure struct {
	Name    string // the file name, without extension
	Title   string
	Caption string
	SVG     []byte
	PNG     []byte
}

// report is what every figure and table of a run draws from.
type report struct {
	res   *sim.Results
	st    []sim.Stats
	l     *labels
	rules *engine.Rules // nil when unknown
	slots []string      // display names of the slots of the sheet
}

// RulesOf returns the rules of results played under a preset, or nil if their name is
// not a preset or the preset's hash is not theirs (a rule file, or an older preset).
func RulesOf(res *sim.Results) *engine.Rules {
	rules, err := engine.Load(res.Rules, res.RuleOptions...)
	if err != nil || rules.Hash() != res.RulesHash {
		return nil
	}
	return rules
}

func newReport(res *sim.Results, opt Options) (*report, error) {
	l, err := labelsFor(opt.Lang)
	if err != nil {
		return nil, err
	}
	if len(res.Summaries) == 0 {
		return nil, errors.New("reports: no strategy in the results")
	}
	r := &report{res: res, l: l, rules: opt.Rules}
	if r.rules == nil {
		r.rules = RulesOf(res)
	} else if r.rules.Hash() != res.RulesHash {
		return nil, fmt.Errorf("reports: rules %s (%s) are not those of the results (%s %s)", r.rules.Name(), r.rules.Hash(), res.Rules, res.RulesHash)
	}
	for _, s := range res.Summaries {
		r.st = append(r.st, s.Stats())
	}
	s0 := res.Summaries[0]
	for id := range s0.Slots {
		r.slots = append(r.slots, r.slotLabel(s0, id))
	}
	return r, nil
}

// slotLabel names a box in the language, with its column on a sheet of several.
func (r *report) slotLabel(s *sim.Summary, id int) string {
	nb := len(s.Boxes)
	c, b := id/nb, id%nb
	name := s.Boxes[b]
	if r.rules != nil && b < len(r.rules.Boxes()) {
		name = BoxLabel(r.rules, b, r.l.lang)
	}
	if len(s.Columns) > 1 {
		return s.Columns[c] + " · " + name
	}
	return name
}

// BoxLabel returns the label of box b of the rules in a language of the reports: the
// rule file's label_fr in French when it gives one, else its label, else the box's id.
func BoxLabel(rules *engine.Rules, b int, lang string) string {
	if lang == "fr" {
		if fr := rules.Spec().Boxes[b].LabelFR; fr != "" {
			return fr
		}
	}
	return rules.Boxes()[b].Label
}

// yahtzeeLabel names the five-of-a-kind box, or "" if the sheet has none.
func (r *report) yahtzeeLabel() string {
	s := r.res.Summaries[0]
	if s.YahtzeeBox < 0 {
		return ""
	}
	if len(s.Columns) > 1 {
		// the label of the box without its column
		return strings.SplitN(r.slots[s.YahtzeeBox], " · ", 2)[1]
	}
	return r.slots[s.YahtzeeBox]
}

// rulesText names the rule set and its options, for legends and captions.
func (r *report) rulesText() string {
	if len(r.res.RuleOptions) == 0 {
		return r.res.Rules
	}
	return r.res.Rules + ", " + strings.Join(r.res.RuleOptions, ", ")
}

// legendName names a strategy and the rule set in a legend.
func (r *report) legendName(i int) string {
	return r.res.Summaries[i].Strategy + " (" + r.res.Rules + ")"
}

// context is the end of every caption: the rules, the games and the seed.
func (r *report) context() string {
	return fmt.Sprintf("%s %s, %s %s, %s %d", r.l.rules, r.rulesText(), r.l.count(r.res.Games), r.l.games, r.l.seed, r.res.Seed)
}

// Figures draws every plot of the results, in the order of the report.
func Figures(res *sim.Results, opt Options) ([]Figure, error) {
	r, err := newReport(res, opt)
	if err != nil {
		return nil, err
	}
	return r.figures()
}

func (r *report) figures() ([]Figure, error) {
	var out []Figure
	for _, f := range []func() ([]Figure, error){
		r.scoreFigures, r.bonusFigures, r.yahtzeeFigures, r.boxFigures, r.fillFigures, r.convergenceFigures, r.pairFigures,
	} {
		figs, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, figs...)
	}
	return out, nil
}

// CheckDir makes sure that dir exists, creating it, and that files can be written in it:
// a command calls it before a run, so that a wrong --out is refused at once.
func CheckDir(dir string) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".yams-check-*")
	if err != nil {
		return err
	}
	name := f.Name()
	if err := f.Close(); err != nil {
		os.Remove(name)
		return err
	}
	return os.Remove(name)
}

// Write writes the whole report of a run into dir: summary.json (the summary file of
// yams sim --json), summary.md, summary.csv, histogram.csv, boxes.csv, compare.csv when
// the results compare strategies in pairs, every figure as SVG and PNG, and report.html,
// the page that shows them all. It returns the names of the files written.
func Write(dir string, res *sim.Results, opt Options) ([]string, error) {
	r, err := newReport(res, opt)
	if err != nil {
		return nil, err
	}
	figs, err := r.figures()
	if err != nil {
		return nil, err
	}
	var js bytes.Buffer
	if err := res.WriteJSON(&js); err != nil {
		return nil, err
	}
	files := []file{
		{"summary.json", js.Bytes()},
		{"summary.md", r.markdown()},
		{"summary.csv", r.summaryCSV()},
		{"histogram.csv", r.histogramCSV()},
		{"boxes.csv", r.boxesCSV()},
	}
	if len(res.Pairs) > 0 {
		files = append(files, file{"compare.csv", r.compareCSV()})
	}
	for _, f := range figs {
		files = append(files, file{f.Name + ".svg", f.SVG}, file{f.Name + ".png", f.PNG})
	}
	page, err := r.html(figs)
	if err != nil {
		return nil, err
	}
	files = append(files, file{"report.html", page})
	return writeFiles(dir, files)
}

type file struct {
	name string
	data []byte
}

func writeFiles(dir string, files []file) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o666); err != nil {
			return names, err
		}
		names = append(names, f.name)
	}
	return names, nil
}
