package simulation

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"yams/engine"
	"yams/reports"
	"yams/sim"
	"yams/sim/summaryfile"
)

// report is what every figure and table of a run draws from.
type report struct {
	res   *sim.Results
	st    []sim.Stats
	l     *reports.Labels
	rules *engine.Rules    // the rule set the games were played under
	slots []string         // display names of the slots of the sheet
	looks []reports.Series // the look of each strategy, by its name (style.go)
}

func newReport(res *sim.Results, opt reports.Options) (*report, error) {
	l, err := reports.LabelsFor(opt.Lang)
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
	r := &report{res: res, l: l, rules: rules, slots: reports.SlotLabels(rules, l.Lang)}
	for _, s := range res.Summaries {
		r.st = append(r.st, s.Stats())
	}
	r.looks = reports.LooksOfDrawn(r.drawn(opt.Bots))
	return r, nil
}

// Drawn returns the strategies of the results as the figures draw them: a summary that
// names a bot, or a strategy among bots, is a bot's.
func (r *report) drawn(bots []string) []reports.Drawn {
	var ds []reports.Drawn
	for _, s := range r.res.Summaries {
		ds = append(ds, reports.Drawn{Name: s.Strategy, Bot: s.Bot != nil || slices.Contains(bots, s.Strategy)})
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
	return fmt.Sprintf("%s %s, %s %s, %s %d", r.l.Rules, r.rulesText(), r.l.Count(r.res.Games), r.l.GamesPerStrategy, r.l.Seed, r.res.Seed)
}

// footer says who wrote the report and who played its games.
func (r *report) footer() []reports.FooterLine {
	return reports.ProvenanceFooter(r.l, r.res.Provenance, r.res.Runs, r.res.Summaries)
}

// figures draws every plot of the results, in the order of the report.
func (r *report) Figures() ([]reports.Figure, error) {
	var out []reports.Figure
	for _, f := range []func() ([]reports.Figure, error){
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
func Write(dir string, res *sim.Results, opt reports.Options) ([]string, error) {
	r, err := newReport(res, opt)
	if err != nil {
		return nil, err
	}
	return reports.Make(dir, r)
}

// Data returns summary.json, summary.md, summary.csv, histogram.csv, boxes.csv, and
// compare.csv for a run of pairs.
func (r *report) Data(doc *reports.Document) ([]reports.File, error) {
	// The summary file records the rule set: the one the report used, which Options.Rules
	// may have given.
	withRules := *r.res
	withRules.RuleSet = r.rules
	var js bytes.Buffer
	if err := summaryfile.Write(&js, &withRules); err != nil {
		return nil, err
	}
	files := []reports.File{
		{Name: "summary.json", Data: js.Bytes()},
		{Name: "summary.md", Data: doc.Markdown()},
		{Name: "summary.csv", Data: r.summaryCSV()},
		{Name: "histogram.csv", Data: r.histogramCSV()},
		{Name: "boxes.csv", Data: r.boxesCSV()},
	}
	if len(r.res.Pairs) > 0 {
		files = append(files, reports.File{Name: "compare.csv", Data: r.compareCSV()})
	}
	return files, nil
}
