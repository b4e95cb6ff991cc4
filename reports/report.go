package reports

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"yams/engine"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// Options choose how a report is written.
type Options struct {
	// Lang is the language of the labels: "en" (the default) or "fr".
	Lang string
	// Rules, when given, replace the rule set the results carry (sim.Results.RuleSet),
	// and must have the results' hash.
	Rules *engine.Rules
	// Bots are the names of the strategies that are external bots, drawn as bots
	// whatever their names (ExternalBots gives them): a table's results do not say
	// which players are bots, a run's summaries do (sim.Summary.Bot).
	Bots []string
}

// ExternalBots returns the names of the external bots among strategies: those played
// through a batch alone, with no strategy of one game at a time (strategies.Info).
func ExternalBots(infos []strategies.Info) []string {
	var names []string
	for _, info := range infos {
		if info.New == nil && info.NewBatch != nil && !slices.Contains(names, info.Name) {
			names = append(names, info.Name)
		}
	}
	return names
}

// figure is one plot of a report, drawn as SVG and PNG, and the numbers it draws, which
// the report writes beside it as NAME.csv.
type figure struct {
	name    string // the file name, without extension
	title   string
	caption string
	svg     []byte
	png     []byte
	csv     [][]string // a header, then the rows
}

// report is what every figure and table of a run draws from.
type report struct {
	res   *sim.Results
	st    []sim.Stats
	l     *labels
	rules *engine.Rules // the rule set the games were played under
	slots []string      // display names of the slots of the sheet
	looks []series      // the look of each strategy, by its name (style.go)
}

func newReport(res *sim.Results, opt Options) (*report, error) {
	l, err := labelsFor(opt.Lang)
	if err != nil {
		return nil, err
	}
	if len(res.Summaries) == 0 {
		return nil, errors.New("reports: no strategy in the results")
	}
	rules, err := ruleSetOf(res, opt.Rules)
	if err != nil {
		return nil, err
	}
	r := &report{res: res, l: l, rules: rules, slots: slotLabels(rules, l.lang)}
	for _, s := range res.Summaries {
		r.st = append(r.st, s.Stats())
	}
	r.looks = looksOfDrawn(r.drawn(opt.Bots))
	return r, nil
}

// drawn returns the strategies of the results as the figures draw them: a summary that
// names a bot, or a strategy among bots, is a bot's.
func (r *report) drawn(bots []string) []drawn {
	var ds []drawn
	for _, s := range r.res.Summaries {
		ds = append(ds, drawn{name: s.Strategy, bot: s.Bot != nil || slices.Contains(bots, s.Strategy)})
	}
	return ds
}

// rulesText names the rule set and its options, for legends and captions.
func (r *report) rulesText() string {
	if len(r.res.RuleOptions) == 0 {
		return r.res.Rules
	}
	return r.res.Rules + ", " + strings.Join(r.res.RuleOptions, ", ")
}

// context is the end of every caption: the rules, the games and the seed.
func (r *report) context() string {
	return fmt.Sprintf("%s %s, %s %s, %s %d", r.l.rules, r.rulesText(), r.l.count(r.res.Games), r.l.gamesPerStrategy, r.l.seed, r.res.Seed)
}

// footer says who wrote the report and who played its games.
func (r *report) footer() []footerLine {
	return provenanceFooter(r.l, r.res.Provenance, r.res.Runs, r.res.Summaries)
}

// figures draws every plot of the results, in the order of the report.
func (r *report) figures() ([]figure, error) {
	var out []figure
	for _, f := range []func() ([]figure, error){
		r.scoreFigures, r.bonusFigures, r.yahtzeeFigures, r.boxFigures, r.fillFigures, r.columnTurnFigures, r.regretFigures, r.convergenceFigures, r.pairFigures,
	} {
		figs, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, figs...)
	}
	return out, nil
}

// Write writes the whole report of a run into dir: summary.json (the summary file of
// yams sim --json), summary.md, summary.csv, histogram.csv, boxes.csv, compare.csv when
// the results compare strategies in pairs, every figure as SVG and PNG, and report.html,
// the page that shows them all. It removes the files the previous report wrote in dir
// that this one does not (see the package documentation), and returns the names of the
// files written.
func Write(dir string, res *sim.Results, opt Options) ([]string, error) {
	r, err := newReport(res, opt)
	if err != nil {
		return nil, err
	}
	files, err := r.files()
	if err != nil {
		return nil, err
	}
	return writeReport(dir, files)
}

// withFigures returns the files of a report: data, the files of its tables, then each
// figure as SVG and PNG with the numbers it draws as CSV, then report.html, the page of
// doc. Every figure must stand in one section of doc, and so in the page and its
// contents: a figure written beside the page and missing from it is an error.
func withFigures(doc *document, data []file, figs []figure) ([]file, error) {
	if err := doc.showsAll(figs); err != nil {
		return nil, err
	}
	page, err := doc.html()
	if err != nil {
		return nil, err
	}
	files := data
	for _, f := range figs {
		files = append(files, file{f.name + ".svg", f.svg}, file{f.name + ".png", f.png}, file{f.name + ".csv", writeCSV(f.csv)})
	}
	return append(files, file{"report.html", page}), nil
}

// files renders every file of the report.
func (r *report) files() ([]file, error) {
	figs, err := r.figures()
	if err != nil {
		return nil, err
	}
	// The summary file records the rule set: the one the report used, which Options.Rules
	// may have given.
	withRules := *r.res
	withRules.RuleSet = r.rules
	var js bytes.Buffer
	if err := summaryfile.Write(&js, &withRules); err != nil {
		return nil, err
	}
	doc := r.document(figs)
	files := []file{
		{"summary.json", js.Bytes()},
		{"summary.md", doc.markdown()},
		{"summary.csv", r.summaryCSV()},
		{"histogram.csv", r.histogramCSV()},
		{"boxes.csv", r.boxesCSV()},
	}
	if len(r.res.Pairs) > 0 {
		files = append(files, file{"compare.csv", r.compareCSV()})
	}
	return withFigures(doc, files, figs)
}
