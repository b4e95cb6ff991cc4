package distillation

import (
	"embed"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"yams/engine"
	"yams/internal/provenance"
	"yams/reports"
	"yams/strategies/rulefile"
)

// A distillation is what yams distill learned on a rule set: rule files of a growing
// number of rules and their exact figures. Its report is distill.md, distill.csv, the
// figures distill_curve (the exact mean against the number of rules), distill_regret and
// distill_regret_by_box (where each file loses its points), each file as rules-N.rules,
// and report.html.

// Distillation is what a distillation learned.
type Distillation struct {
	Rules       *engine.Rules
	RuleOptions []string
	// Optimal, Greedy and UpperFirst are the exact means of those strategies.
	Optimal, Greedy, UpperFirst float64
	// Steps are the files learned one rule after another, from 0 rules (greedy's
	// defaults): the rule each adds and its exact mean.
	Steps []DistillStep
	// Files are the files of the requested sizes, by increasing size.
	Files []DistilledFile
	// States and Seed are the sampling of the learning; Elapsed its duration.
	States  int
	Seed    uint64
	Elapsed string
	// Averaged tells files that give the boxes' averages under optimal play: their file of
	// no rule is greedy counting a box's points above its average.
	Averaged bool
	// Provenance, if not nil, is the command that learned it: the report's footer names it.
	Provenance *provenance.Record
}

// DistillStep is a step of the learning.
type DistillStep struct {
	N    int    // the rules of the file, defaults aside
	Rule string // the rule added (empty for the first), as the file writes it
	Mean float64
}

// DistilledFile is a learned file and its exact figures.
type DistilledFile struct {
	N    int
	File *rulefile.File
	// Mean and SD are the exact mean and standard deviation of the final score.
	Mean, SD float64
	// UpperBonus and Yahtzee are the probabilities of the upper bonus and of a scored
	// five-of-a-kind box, where the rules have them.
	UpperBonus, Yahtzee float64
	// Regret is the exact cost of the file's decisions against optimal play per game:
	// Keep[i] that of the keeps after roll i+1, Box that of the boxes, ByBox[b] that of
	// the turns that end in box b.
	Regret DistillRegret
}

// DistillRegret is where a file loses its points against optimal play.
type DistillRegret struct {
	Total float64
	Keep  []float64
	Box   float64
	ByBox []float64
}

// FileName is the name of the file of n rules in a distillation's directory.
func FileName(n int) string { return fmt.Sprintf("rules-%d.rules", n) }

// distillLabels are the words of a distillation's report in one language; the rest are
// those of labels.
type distillLabels struct {
	PageTitle, Generated, Context, Lead             string // lead: sizes, rules, states, seed
	FilesSection                                    string
	FilesTable, Rules, BelowOptimal, FilesNote      string
	StepsTable, Rule, StepsNote                     string
	ByBoxTable, ByBoxNote                           string
	WordsTable, WordsNote, WordsDefault             string
	KeepsTable, BoxesTable, RuleNumber, KeepsHead   string
	BoxesHead, NumberNote                           string
	CurveTitle, CurveX, CurveY, CurveCaption        string
	CurveAveraged                                   string
	LearnedKey, OptimalKey, GreedyKey, UpperKey     string
	RegretX, RegretCaption, RegretBoxCaption        string
	FileKey, FileKeyOne                             string
	Sizes                                           string
	States, Seed, Elapsed, Keeps, Boxes, Otherwise  string
	FileHeader, FileHeaderMean, FileHeaderReproduce string
}

// labelFiles are the tables of this package's words (reports.Translations).
//
//go:embed labels*.tsv
var labelFiles embed.FS

// distillWords are these words in every language (labels.tsv).
var distillWords = reports.MustTranslations[distillLabels](labelFiles, "labels.tsv")

// fileName names the file of n rules in a legend or a heading.
func (dl *distillLabels) fileName(n int) string {
	if n == 1 {
		return fmt.Sprintf(dl.FileKeyOne, n)
	}
	return fmt.Sprintf(dl.FileKey, n)
}

// distillReport is what the tables and figures of a distillation draw from.
type distillReport struct {
	d   *Distillation
	l   *reports.Labels
	dl  *distillLabels
	dir string // where Write writes the report, which each learned file names
}

func newDistillReport(d *Distillation, lang string) (*distillReport, error) {
	l, err := reports.LabelsFor(lang)
	if err != nil {
		return nil, err
	}
	if d.Rules == nil {
		return nil, errors.New("reports: distillation without its rules")
	}
	for _, f := range d.Files {
		if len(f.Regret.ByBox) != d.Rules.NumBoxes() || len(f.Regret.Keep) != d.Rules.Rolls()-1 {
			return nil, fmt.Errorf("reports: the file of %d rules: regret of %d boxes and %d rolls, want %d and %d", f.N, len(f.Regret.ByBox), len(f.Regret.Keep), d.Rules.NumBoxes(), d.Rules.Rolls()-1)
		}
	}
	return &distillReport{d: d, l: l, dl: distillWords.In(l)}, nil
}

func (r *distillReport) context() string {
	return fmt.Sprintf(r.dl.Context, reports.DescribeRuleSet(r.d.Rules.Name(), r.d.RuleOptions))
}

func (r *distillReport) title(t string) string { return t + " · " + r.d.Rules.Name() }

func (r *distillReport) hasBonus() bool   { return r.d.Rules.UpperPoints() != 0 }
func (r *distillReport) hasYahtzee() bool { return r.d.Rules.FiveOfAKindBox() >= 0 }

// decisionKinds names the kinds of decisions, as the regret of a run does.
func (r *distillReport) decisionKinds() []string {
	var kinds []string
	for i := range r.d.Rules.Rolls() - 1 {
		kinds = append(kinds, fmt.Sprintf(r.l.RegretKeeps, i+1))
	}
	return append(kinds, r.l.RegretBoxes)
}

// DistillTable returns the table of the files of a distillation in a language (en or
// fr): its header, a row per file and the note that explains it, as distill.md shows them
// and yams distill prints them.
func DistillTable(d *Distillation, lang string) (head []string, rows [][]string, note string, err error) {
	r, err := newDistillReport(d, lang)
	if err != nil {
		return nil, nil, "", err
	}
	t := r.filesTable()
	return t.Head, t.Rows, t.Note, nil
}

func (r *distillReport) filesTable() reports.Table {
	l, dl := r.l, r.dl
	t := reports.Table{ID: "table-distill-files", Title: dl.FilesTable, Head: []string{dl.Rules, l.Mean, l.Sd, dl.BelowOptimal}, Note: dl.FilesNote}
	t.Head = append(t.Head, r.decisionKinds()...)
	if r.hasBonus() {
		t.Head = append(t.Head, l.UpperBonus)
	}
	if r.hasYahtzee() {
		t.Head = append(t.Head, fmt.Sprintf(l.YahtzeeScored, reports.BoxLabel(r.d.Rules, r.d.Rules.FiveOfAKindBox(), l.Lang)))
	}
	row := func(name string, mean float64) []string {
		out := []string{name, l.Num(mean, 4), "", l.Num(r.d.Optimal-mean, 4)}
		for range r.decisionKinds() {
			out = append(out, "")
		}
		if r.hasBonus() {
			out = append(out, "")
		}
		if r.hasYahtzee() {
			out = append(out, "")
		}
		return out
	}
	t.Rows = append(t.Rows, row("greedy", r.d.Greedy), row("upper-first", r.d.UpperFirst))
	for _, f := range r.d.Files {
		out := []string{strconv.Itoa(f.N), l.Num(f.Mean, 4), l.Num(f.SD, 2), l.Num(f.Regret.Total, 4)}
		for _, c := range f.Regret.Keep {
			out = append(out, l.Num(c, 3))
		}
		out = append(out, l.Num(f.Regret.Box, 3))
		if r.hasBonus() {
			out = append(out, l.Pct(f.UpperBonus, 2))
		}
		if r.hasYahtzee() {
			out = append(out, l.Pct(f.Yahtzee, 2))
		}
		t.Rows = append(t.Rows, out)
	}
	t.Rows = append(t.Rows, row("optimal", r.d.Optimal))
	return t
}

func (r *distillReport) stepsTable() reports.Table {
	l, dl := r.l, r.dl
	t := reports.Table{ID: "table-distill-steps", Title: dl.StepsTable, Head: []string{dl.Rules, l.Mean, dl.BelowOptimal, dl.Rule}, Note: dl.StepsNote, Wrap: 3}
	for _, s := range r.d.Steps {
		t.Rows = append(t.Rows, []string{strconv.Itoa(s.N), l.Num(s.Mean, 4), l.Num(r.d.Optimal-s.Mean, 4), s.Rule})
	}
	return t
}

func (r *distillReport) byBoxTable() reports.Table {
	l, dl := r.l, r.dl
	t := reports.Table{ID: "table-distill-by-box", Title: dl.ByBoxTable, Head: []string{l.Box}, Note: dl.ByBoxNote}
	for _, f := range r.d.Files {
		t.Head = append(t.Head, dl.fileName(f.N))
	}
	for b := range r.d.Rules.NumBoxes() {
		row := []string{reports.BoxLabel(r.d.Rules, b, l.Lang)}
		for _, f := range r.d.Files {
			row = append(row, l.Num(f.Regret.ByBox[b], 3))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// wordsTables are a file in words: a table of its keep rules and one of its box rules,
// each in the file's order with its default last. A rule has the number of the step of
// the learning that added it (stepOf), as the table of the learning numbers it; a
// default is "otherwise".
func (r *distillReport) wordsTables(f DistilledFile) ([]reports.Table, error) {
	l, dl := r.l, r.dl
	keeps, boxes, err := f.File.Words(r.d.Rules, l.Lang)
	if err != nil {
		return nil, err
	}
	name := dl.fileName(f.N)
	kt := reports.Table{ID: fmt.Sprintf("table-distill-%d-keeps", f.N), Title: fmt.Sprintf(dl.KeepsTable, name), Head: []string{dl.RuleNumber, dl.KeepsHead}, Note: dl.NumberNote, Wrap: 1}
	bt := reports.Table{ID: fmt.Sprintf("table-distill-%d-boxes", f.N), Title: fmt.Sprintf(dl.BoxesTable, name), Head: []string{dl.RuleNumber, dl.BoxesHead}, Wrap: 1}
	bt.Note = fmt.Sprintf(dl.WordsNote, FileName(f.N), l.Num(f.Mean, 4), l.Num(f.Regret.Total, 2), "optimal "+l.Num(r.d.Optimal, 4))
	if avg, err := f.File.AveragesWords(r.d.Rules, l.Lang); err == nil && avg != "" {
		bt.Note += " " + avg
	}
	// The sentences of each list are those of the file's rules of its kind, in order,
	// then the built-in default where the file gives none.
	next := map[rulefile.Kind]int{}
	sentences := map[rulefile.Kind][]rulefile.Sentence{rulefile.KeepRule: keeps, rulefile.BoxRule: boxes}
	tables := map[rulefile.Kind]*reports.Table{rulefile.KeepRule: &kt, rulefile.BoxRule: &bt}
	for i := range f.File.Rules {
		rule := &f.File.Rules[i]
		k := rule.Kind()
		s := sentences[k][next[k]]
		next[k]++
		num := dl.Otherwise
		if !rule.Default() {
			num = r.stepOf(rule, f.N)
		}
		tables[k].Rows = append(tables[k].Rows, []string{num, s.Text})
	}
	for k, t := range tables {
		for _, s := range sentences[k][next[k]:] {
			t.Rows = append(t.Rows, []string{dl.Otherwise, s.Text})
		}
	}
	return []reports.Table{kt, bt}, nil
}

// stepOf returns the number of the step of the learning that added a rule of the file of
// n rules: the last step up to n whose rule is written as it is; "–" if none is.
func (r *distillReport) stepOf(rule *rulefile.Rule, n int) string {
	text, _, _ := strings.Cut(rule.String(), "  # ")
	found := ""
	for _, s := range r.d.Steps {
		if s.N <= n && s.Rule == text {
			found = strconv.Itoa(s.N)
		}
	}
	if found == "" {
		return "–"
	}
	return found
}

func (r *distillReport) params() []reports.Param {
	l, dl := r.l, r.dl
	rules := r.d.Rules.Name()
	if title := reports.RuleSetTitle(r.d.Rules, l.Lang); title != "" {
		rules += " — " + title
	}
	opts := l.None
	if len(r.d.RuleOptions) > 0 {
		opts = strings.Join(r.d.RuleOptions, ", ")
	}
	var sizes []string
	for _, f := range r.d.Files {
		sizes = append(sizes, strconv.Itoa(f.N))
	}
	return []reports.Param{
		{Name: l.Rules, Value: rules},
		{Name: l.RulesHash, Value: r.d.Rules.Hash()},
		{Name: l.Options, Value: opts},
		{Name: dl.Sizes, Value: strings.Join(sizes, ", ")},
		{Name: dl.States, Value: strconv.Itoa(r.d.States)},
		{Name: dl.Seed, Value: strconv.FormatUint(r.d.Seed, 10)},
		{Name: dl.Elapsed, Value: r.d.Elapsed},
	}
}

// Document is the page and the Markdown of a distillation: the files and their
// figures, then each file in words, then the learning.
func (r *distillReport) Document(figs []reports.Figure) (*reports.Document, error) {
	l, dl, d := r.l, r.dl, r.d
	files := []reports.Table{r.filesTable(), r.byBoxTable()}
	secs := reports.SectionOf("distill", dl.FilesSection, files, figs, "table-distill-files", "distill_curve", "distill_regret", "table-distill-by-box", "distill_regret_by_box")
	for _, f := range d.Files {
		words, err := r.wordsTables(f)
		if err != nil {
			return nil, err
		}
		secs = append(secs, reports.SectionOf(fmt.Sprintf("distill-%d", f.N), fmt.Sprintf(dl.WordsTable, dl.fileName(f.N)), words, nil, "table-distill-*")...)
	}
	secs = append(secs, reports.SectionOf("distill-steps", dl.StepsTable, []reports.Table{r.stepsTable()}, nil, "table-distill-steps")...)
	var sizes []string
	for _, f := range d.Files {
		sizes = append(sizes, l.Count(int64(f.N)))
	}
	lead := fmt.Sprintf(dl.Lead, l.ListOf(sizes), reports.DescribeRuleSet(d.Rules.Name(), d.RuleOptions), l.Count(int64(d.States)), d.Seed)
	return &reports.Document{L: l, Title: dl.PageTitle, Lead: lead, Params: r.params(), Sections: secs, Generated: dl.Generated,
		Footer: reports.ProvenanceFooter(l, d.Provenance, nil, nil)}, nil
}

// csv is distill.csv: a row per file, for programs (English headers, decimal points,
// probabilities as fractions): its figures, the cost of each kind of decision and of the
// turns that end in each box.
func (r *distillReport) csv() []byte {
	head := []string{"rules", "mean", "sd", "regret"}
	for i := range r.d.Rules.Rolls() - 1 {
		head = append(head, "keep"+strconv.Itoa(i+1))
	}
	head = append(head, "box", "upper_bonus", "yahtzee")
	for _, b := range r.d.Rules.Boxes() {
		head = append(head, "by_box_"+b.ID)
	}
	rows := [][]string{head}
	for _, f := range r.d.Files {
		row := []string{strconv.Itoa(f.N), reports.F64(f.Mean), reports.F64(f.SD), reports.F64(f.Regret.Total)}
		for _, c := range f.Regret.Keep {
			row = append(row, reports.F64(c))
		}
		bonus, yahtzee := "", ""
		if r.hasBonus() {
			bonus = reports.F64(f.UpperBonus)
		}
		if r.hasYahtzee() {
			yahtzee = reports.F64(f.Yahtzee)
		}
		row = append(row, reports.F64(f.Regret.Box), bonus, yahtzee)
		for _, c := range f.Regret.ByBox {
			row = append(row, reports.F64(c))
		}
		rows = append(rows, row)
	}
	return reports.WriteCSV(rows)
}

// RuleFileText returns a learned file as the report writes it at path: the canonical
// text, after a header (in English, as the file's language) that says where it comes
// from, its exact mean and the command that checks it.
func RuleFileText(d *Distillation, f DistilledFile, path string) string {
	dl := distillWords.In(&reports.English)
	opts := ""
	if d.Rules.Name() != engine.DefaultPreset || len(d.RuleOptions) > 0 {
		opts = " --rules " + d.Rules.Name()
		for _, o := range d.RuleOptions {
			opts += " --rule " + o
		}
	}
	file := *f.File
	file.Header = []string{
		fmt.Sprintf(dl.FileHeader, reports.DescribeRuleSet(d.Rules.Name(), d.RuleOptions), f.N),
		fmt.Sprintf(dl.FileHeaderMean, f.Mean, d.Optimal-f.Mean, d.Optimal),
		fmt.Sprintf(dl.FileHeaderReproduce, path, opts),
	}
	return file.String()
}

// Write writes the report of a distillation into dir, in a language (en or
// fr): distill.md (the tables, each file in words), distill.csv (the figures of each
// file for programs), the figures distill_curve, distill_regret and distill_regret_by_box
// as SVG and PNG, each file as rules-N.rules, and report.html. Like Write, it removes the
// files of the previous report in dir that it does not write, and returns the names of
// the files written.
func Write(dir string, d *Distillation, lang string) ([]string, error) {
	r, err := newDistillReport(d, lang)
	if err != nil {
		return nil, err
	}
	r.dir = dir
	return reports.Make(dir, r)
}

// Data returns distill.md, distill.csv and each learned file, which names the path it
// is written at (r.dir) in its header.
func (r *distillReport) Data(doc *reports.Document) ([]reports.File, error) {
	files := []reports.File{{Name: "distill.md", Data: doc.Markdown()}, {Name: "distill.csv", Data: r.csv()}}
	for _, f := range r.d.Files {
		files = append(files, reports.File{Name: FileName(f.N), Data: []byte(RuleFileText(r.d, f, filepath.Join(r.dir, FileName(f.N))))})
	}
	return files, nil
}
