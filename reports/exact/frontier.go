package exact

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"yams/engine"
	"yams/internal/provenance"
	"yams/reports"
)

// A frontier is the trade-off between the mean and the risk of the strategies that play
// for an objective (yams frontier): exact figures, one point per strategy. Its report
// is frontier.md, frontier.csv, the figures frontier_sd, frontier_p300 and
// frontier_scores, and report.html.

// FrontierThresholds are the scores T whose probability P(score ≥ T) a frontier gives,
// each a column of its table.
var FrontierThresholds = []int{200, 250, 300, 350}

// frontierTarget is the T of the figure frontier_p300, one of FrontierThresholds.
const frontierTarget = 300

// The kinds of objective of a frontier's strategies, as solver.Objective.KindName
// names them.
const (
	FrontierMean   = "mean"
	FrontierRisk   = "risk"
	FrontierBonus  = "bonus"
	FrontierTarget = "target"
)

// FrontierPoint is one strategy of a frontier and its exact figures.
type FrontierPoint struct {
	Strategy string // its name: optimal, bonus, risk:θ, target:T
	// Kind is what the strategy maximises (FrontierMean, FrontierRisk, FrontierBonus,
	// FrontierTarget), Theta the θ of FrontierRisk, Target the T of FrontierTarget.
	Kind   string
	Theta  float64
	Target int
	// Objective is the exact value of what the strategy maximises: the mean, the certainty
	// equivalent (1/θ)·ln E[exp(θ·score)] in points, P(upper bonus), or P(score ≥ T).
	// OptimalObjective is the value of the same objective under optimal play, which a
	// strategy playing for it can only equal or beat.
	Objective, OptimalObjective float64
	Mean, SD                    float64
	// AtLeast[i] is P(score ≥ FrontierThresholds[i]).
	AtLeast []float64
	// UpperBonus and Yahtzee are the probabilities of the upper bonus and of a scored
	// five-of-a-kind box, where the rules have them.
	UpperBonus, Yahtzee float64
	// Distribution[i] is the probability of the final score DistMin+i. frontier_scores
	// draws those of optimal, bonus, every target:T, and the risk:θ of the smallest and
	// the largest θ; the others may be nil.
	Distribution []float64
	DistMin      int
}

// Frontier is the exact figures of the strategies of a frontier on a rule set.
type Frontier struct {
	Rules       *engine.Rules
	RuleOptions []string
	// Points are the strategies in the order of the table: risk:θ by θ, optimal among
	// them at θ = 0, bonus, then target:T by T.
	Points []FrontierPoint
	// Provenance, if not nil, is the command that analysed it: the report's footer
	// names it.
	Provenance *provenance.Record
}

// frontierLabels are the words of a frontier's report in one language; the rest (the
// numbers, the parameters, the names of the final score's axes) are those of labels.
type frontierLabels struct {
	PageTitle, Generated, Lead, TradeOffs string
	Context                               string // rules
	Table, Strategy, Objective, OptimalOn string
	AtLeast                               string // threshold
	Note                                  string
	OptimalMark                           string
	SdTitle, SdX, MeanY, SdCaption        string
	P300Title, P300X, P300Caption         string // threshold
	ScoresTitle, ScoresCaption            string // bin width, context
	RiskKey, OptimalKey, BonusKey         string
	// targetKey and targetCaption (which ends the captions of frontier_sd and
	// frontier_p300), scoresTargetsCaption (bin width, context; frontier_scores's) are
	// for a frontier with target:T strategies.
	TargetKey, TargetCaption, ScoresTargetsCaption string
}

// frontierWords are these words in every language (labels_frontier.tsv).
var frontierWords = reports.MustTranslations[frontierLabels](labelFiles, "labels_frontier.tsv")

// frontierReport is what the tables and figures of a frontier draw from.
type frontierReport struct {
	f  *Frontier
	l  *reports.Labels
	fl *frontierLabels
}

func newFrontierReport(f *Frontier, lang string) (*frontierReport, error) {
	l, err := reports.LabelsFor(lang)
	if err != nil {
		return nil, err
	}
	if f.Rules == nil {
		return nil, errors.New("reports: frontier without its rules")
	}
	if len(f.Points) == 0 {
		return nil, errors.New("reports: frontier of no strategy")
	}
	for _, p := range f.Points {
		if len(p.AtLeast) != len(FrontierThresholds) {
			return nil, fmt.Errorf("reports: frontier point %s: %d probabilities P(score ≥ T), want %d", p.Strategy, len(p.AtLeast), len(FrontierThresholds))
		}
	}
	return &frontierReport{f: f, l: l, fl: frontierWords.In(l)}, nil
}

func (r *frontierReport) hasBonus() bool   { return r.f.Rules.UpperPoints() != 0 }
func (r *frontierReport) hasYahtzee() bool { return r.f.Rules.FiveOfAKindBox() >= 0 }

func (r *frontierReport) hasTargets() bool {
	return slices.ContainsFunc(r.f.Points, func(p FrontierPoint) bool { return p.Kind == FrontierTarget })
}

func (r *frontierReport) context() string {
	return fmt.Sprintf(r.fl.Context, reports.DescribeRuleSet(r.f.Rules.Name(), r.f.RuleOptions))
}

func (r *frontierReport) title(t string) string { return t + " · " + r.f.Rules.Name() }

// FrontierTable returns the table of a frontier in a language (en or fr): its header, a
// row per strategy in the order of the points, and the note that explains it, as
// frontier.md shows them and yams frontier prints them.
func FrontierTable(f *Frontier, lang string) (head []string, rows [][]string, note string, err error) {
	r, err := newFrontierReport(f, lang)
	if err != nil {
		return nil, nil, "", err
	}
	t := r.table()
	return t.Head, t.Rows, t.Note, nil
}

func (r *frontierReport) table() reports.Table {
	l, fl := r.l, r.fl
	t := reports.Table{ID: "table-frontier", Title: fl.Table, Head: []string{fl.Strategy, fl.Objective, fl.OptimalOn, l.Mean, l.Sd}}
	for _, th := range FrontierThresholds {
		t.Head = append(t.Head, fmt.Sprintf(fl.AtLeast, th))
	}
	if r.hasBonus() {
		t.Head = append(t.Head, l.UpperBonus)
	}
	if r.hasYahtzee() {
		t.Head = append(t.Head, fmt.Sprintf(l.YahtzeeScored, reports.BoxLabel(r.f.Rules, r.f.Rules.FiveOfAKindBox(), l.Lang)))
	}
	objective := func(p FrontierPoint, v float64) string {
		if p.Kind == FrontierBonus || p.Kind == FrontierTarget {
			return l.Pct(v, 2)
		}
		return l.Num(v, 2)
	}
	for _, p := range r.f.Points {
		name := p.Strategy
		if p.Kind == FrontierMean {
			name += " ★"
		}
		row := []string{name, objective(p, p.Objective), objective(p, p.OptimalObjective), l.Num(p.Mean, 2), l.Num(p.SD, 2)}
		for _, a := range p.AtLeast {
			row = append(row, l.Pct(a, 2))
		}
		if r.hasBonus() {
			row = append(row, l.Pct(p.UpperBonus, 2))
		}
		if r.hasYahtzee() {
			row = append(row, l.Pct(p.Yahtzee, 2))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Note = fl.Note + " " + fl.OptimalMark
	return t
}

func (r *frontierReport) params() []reports.Param {
	l := r.l
	rules := r.f.Rules.Name()
	if title := reports.RuleSetTitle(r.f.Rules, l.Lang); title != "" {
		rules += " — " + title
	}
	opts := l.None
	if len(r.f.RuleOptions) > 0 {
		opts = strings.Join(r.f.RuleOptions, ", ")
	}
	var names []string
	for _, p := range r.f.Points {
		names = append(names, p.Strategy)
	}
	return []reports.Param{
		{Name: l.Rules, Value: rules},
		{Name: l.RulesHash, Value: r.f.Rules.Hash()},
		{Name: l.Options, Value: opts},
		{Name: l.Strategies, Value: strings.Join(names, ", ")},
	}
}

// csv is frontier.csv: a row per strategy, for programs (English headers, decimal
// points, probabilities as fractions; upper_bonus and yahtzee empty where the rules have
// neither). The column theta is the objective's parameter, as JSON's objective.parameter:
// θ for risk, T for target (kind tells which), empty for the others; it keeps the name
// it had when θ was the only parameter, for the programs that read it.
func (r *frontierReport) csv() []byte {
	head := []string{"strategy", "kind", "theta", "objective", "optimal_objective", "mean", "sd"}
	for _, th := range FrontierThresholds {
		head = append(head, "p_at_least_"+strconv.Itoa(th))
	}
	head = append(head, "upper_bonus", "yahtzee")
	rows := [][]string{head}
	for _, p := range r.f.Points {
		theta, bonus, yahtzee := "", "", ""
		switch p.Kind {
		case FrontierRisk:
			theta = reports.F64(p.Theta)
		case FrontierTarget:
			theta = strconv.Itoa(p.Target)
		}
		if r.hasBonus() {
			bonus = reports.F64(p.UpperBonus)
		}
		if r.hasYahtzee() {
			yahtzee = reports.F64(p.Yahtzee)
		}
		row := []string{p.Strategy, p.Kind, theta, reports.F64(p.Objective), reports.F64(p.OptimalObjective), reports.F64(p.Mean), reports.F64(p.SD)}
		for _, a := range p.AtLeast {
			row = append(row, reports.F64(a))
		}
		rows = append(rows, append(row, bonus, yahtzee))
	}
	return reports.WriteCSV(rows)
}

// Document is the page and the Markdown of a frontier: the table, the trade-offs, the
// distributions of the final score.
func (r *frontierReport) Document(figs []reports.Figure) (*reports.Document, error) {
	l, fl := r.l, r.fl
	tables := []reports.Table{r.table()}
	var secs []reports.Section
	secs = append(secs, reports.SectionOf("strategies", fl.Table, tables, figs, "table-frontier")...)
	secs = append(secs, reports.SectionOf("trade-offs", fl.TradeOffs, tables, figs, "frontier_sd", "frontier_p300")...)
	secs = append(secs, reports.SectionOf("scores", fl.ScoresTitle, tables, figs, "frontier_scores")...)
	lead := fmt.Sprintf(fl.Lead, len(r.f.Points), reports.DescribeRuleSet(r.f.Rules.Name(), r.f.RuleOptions))
	return &reports.Document{L: l, Title: fl.PageTitle, Lead: lead, Params: r.params(), Sections: secs, Generated: fl.Generated,
		Footer: reports.ProvenanceFooter(l, r.f.Provenance, nil, nil)}, nil
}

// WriteFrontier writes the report of a frontier into dir, in a language (en or fr):
// frontier.md (the table), frontier.csv (the same figures for programs), the figures
// frontier_sd (mean against standard deviation), frontier_p300 (mean against P(score ≥
// 300)) and frontier_scores (the distributions of the final score) as SVG and PNG, and
// report.html. Like Write, it removes the files of the previous report in dir that it
// does not write, and returns the names of the files written.
func WriteFrontier(dir string, f *Frontier, lang string) ([]string, error) {
	r, err := newFrontierReport(f, lang)
	if err != nil {
		return nil, err
	}
	return reports.Make(dir, r)
}

// Data returns frontier.md and frontier.csv.
func (r *frontierReport) Data(doc *reports.Document) ([]reports.File, error) {
	return []reports.File{{Name: "frontier.md", Data: doc.Markdown()}, {Name: "frontier.csv", Data: r.csv()}}, nil
}
