package exact

import (
	"embed"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"yams/engine"
	"yams/internal/provenance"
	"yams/reports"
	"yams/sim"
)

// The report of yams exact: the exact figures of one strategy, from the probability of
// every turn-start state rather than from games, given as plain numbers (Exact) so that
// reports need nothing of the solver. It writes exact.json (what yams exact --json
// writes), exact.md, exact.csv, boxes.csv, with the distribution distribution.csv and
// the figure scores (SVG, PNG and CSV), with the regret regret.csv, and report.html.

// ExactThresholds are the scores T whose probability P(score ≥ T) the report of an
// exact distribution gives, as yams exact prints them.
var ExactThresholds = []int{200, 300, 400, 500}

// Exact is the exact figures of a strategy on a rule set.
type Exact struct {
	Rules       *engine.Rules
	RuleOptions []string
	Strategy    string
	// States is the number of turn-start states the strategy reaches.
	States   int
	Mean, SD float64
	// UpperBonus is P(upper bonus), where the rules have one (on a sheet of several
	// columns, the mean of ColumnBonus, each column's); Yahtzee P(five-of-a-kind box
	// scored), where HasYahtzee (the sheet has one such box, in one column);
	// ExtraBonuses the expected number of extra bonuses, where the rules pay them.
	UpperBonus, Yahtzee, ExtraBonuses float64
	ColumnBonus                       []float64
	HasYahtzee                        bool
	// Boxes are the figures of every box of the sheet, by BoxID (column after column).
	Boxes []ExactBox
	// Objective is what the strategy maximises, when it is played for an objective other
	// than the mean; nil otherwise.
	Objective *ExactObjective
	// Distribution[i] is the probability of the final score DistMin+i; nil when it was
	// not computed.
	Distribution []float64
	DistMin      int
	// Regret is where the strategy loses its points against optimal play; nil when it
	// was not asked for.
	Regret *ExactRegret
	// JSON is what yams exact --json writes, written as exact.json.
	JSON []byte
	// Provenance, if not nil, is the command that analysed the strategy: the report's
	// footer names it.
	Provenance *provenance.Record
}

// ExactBox is the exact figures of a box: its mean score and the probability it holds 0.
type ExactBox struct{ Mean, ZeroRate float64 }

// ExactObjective is an objective and its exact value.
type ExactObjective struct {
	// Kind is FrontierRisk, FrontierBonus, FrontierTarget or "beat"; Parameter is θ, T
	// or the opponent, as the strategy's name writes it ("" for bonus).
	Kind, Parameter string
	// Value is the objective's value from the solve; FromDistribution the same from the
	// distribution of the final score, when there is one (HasFromDistribution).
	Value, FromDistribution float64
	HasFromDistribution     bool
}

// ExactRegret is the expected cost of a strategy's decisions against optimal play, in
// points per game (analysis.Regret).
type ExactRegret struct {
	OptimalMean, Total float64
	Keep               []float64 // after roll 1, 2...
	Box                float64
	ByBox, ByTurn      []float64 // ByBox by BoxID
	// Costly[i] is the expected number of decisions per game that cost more than
	// CostlyAbove[i] points.
	CostlyAbove, Costly []float64
}

// exactLabels are the words of the report of yams exact in one language.
type exactLabels struct {
	PageTitle, Generated, Lead                        string // lead: strategy, rules, states
	FiguresSection, FiguresTable, Figure, Value       string
	Mean, Sd, Bonus, Yahtzee, Extra                   string // yahtzee: box label; extra: box label
	ColumnBonus                                       string // column
	RiskObjective, BonusObjective, TargetObjective    string // target: T
	BeatObjective, FromSolve, FromDistribution, Note  string // beat: opponent
	BoxTable, BoxMean, ZeroRate                       string
	ScoresSection, PercentilesTable, AtLeastTable     string
	AtLeastHead, Probability, Mode                    string
	ScoresCaption                                     string // bin width, mean, median, context
	BoxMeanCaption, ZeroX, ZeroCaption                string // captions: strategy, context
	RegretSection, RegretTable, RegretNote, Decisions string // note: optimal mean, strategy mean
	Cost, Share, RegretBoxTable, RegretTurnTable      string
	Costly                                            string // three thresholds
	Context                                           string // rules
}

// labelFiles are the tables of this package's words (reports.Translations).
//
//go:embed labels*.tsv
var labelFiles embed.FS

// exactWords are these words in every language (labels_exact.tsv).
var exactWords = reports.MustTranslations[exactLabels](labelFiles, "labels_exact.tsv")

// exactReport is what the tables and figures of yams exact draw from.
type exactReport struct {
	e     *Exact
	l     *reports.Labels
	xl    *exactLabels
	slots []string // the boxes of the sheet, by BoxID, in the language
	ids   []string // and as a summary file names them
}

func newExactReport(e *Exact, lang string) (*exactReport, error) {
	l, err := reports.LabelsFor(lang)
	if err != nil {
		return nil, err
	}
	switch {
	case e.Rules == nil:
		return nil, errors.New("reports: exact figures without their rules")
	case len(e.Boxes) != e.Rules.NumSlots():
		return nil, fmt.Errorf("reports: exact figures of %d boxes, the rules %s have %d", len(e.Boxes), e.Rules.Name(), e.Rules.NumSlots())
	case len(e.ColumnBonus) != 0 && len(e.ColumnBonus) != len(e.Rules.Columns()):
		return nil, fmt.Errorf("reports: exact figures of %d columns, the rules %s have %d", len(e.ColumnBonus), e.Rules.Name(), len(e.Rules.Columns()))
	case e.Regret != nil && (len(e.Regret.ByBox) != e.Rules.NumSlots() || len(e.Regret.Costly) != len(e.Regret.CostlyAbove)):
		return nil, errors.New("reports: exact regret of other boxes than the rules'")
	}
	return &exactReport{e: e, l: l, xl: exactWords.In(l), slots: reports.SlotLabels(e.Rules, l.Lang), ids: slotIDs(e.Rules)}, nil
}

// slotIDs names every box of the sheet by BoxID as a summary file does: its id on a sheet
// of one column, "column.id" on several.
func slotIDs(rules *engine.Rules) []string {
	s := sim.NewSummary("", rules)
	ids := make([]string, rules.NumSlots())
	for id := range ids {
		ids[id] = s.SlotName(id)
	}
	return ids
}

func (r *exactReport) rulesText() string {
	return reports.DescribeRuleSet(r.e.Rules.Name(), r.e.RuleOptions)
}

func (r *exactReport) context() string { return fmt.Sprintf(r.xl.Context, r.rulesText()) }

func (r *exactReport) fiveLabel() string {
	return reports.BoxLabel(r.e.Rules, r.e.Rules.FiveOfAKindBox(), r.l.Lang)
}

func (r *exactReport) params() []reports.Param {
	l := r.l
	rules := r.e.Rules.Name()
	if title := reports.RuleSetTitle(r.e.Rules, l.Lang); title != "" {
		rules += " — " + title
	}
	opts := l.None
	if len(r.e.RuleOptions) > 0 {
		opts = strings.Join(r.e.RuleOptions, ", ")
	}
	return []reports.Param{{Name: l.Rules, Value: rules}, {Name: l.RulesHash, Value: r.e.Rules.Hash()}, {Name: l.Options, Value: opts}, {Name: l.Strategy, Value: r.e.Strategy}}
}

// tables are the tables of the report, each with its id.
func (r *exactReport) tables() []reports.Table {
	l, xl, e := r.l, r.xl, r.e
	fig := reports.Table{ID: "table-exact", Title: xl.FiguresTable, Head: []string{xl.Figure, xl.Value}, Note: xl.Note}
	fig.Rows = append(fig.Rows, []string{xl.Mean, l.Num(e.Mean, 7)}, []string{xl.Sd, l.Num(e.SD, 4)})
	if e.Rules.UpperPoints() > 0 && len(e.ColumnBonus) == 0 {
		fig.Rows = append(fig.Rows, []string{xl.Bonus, l.Pct(e.UpperBonus, 4)})
	}
	if e.Rules.UpperPoints() > 0 {
		for c, name := range reports.ColumnLabels(e.Rules, l.Lang)[:len(e.ColumnBonus)] {
			fig.Rows = append(fig.Rows, []string{fmt.Sprintf(xl.ColumnBonus, name), l.Pct(e.ColumnBonus[c], 4)})
		}
	}
	if e.HasYahtzee {
		fig.Rows = append(fig.Rows, []string{fmt.Sprintf(xl.Yahtzee, r.fiveLabel()), l.Pct(e.Yahtzee, 4)})
	}
	if e.Rules.ExtraPoints() > 0 && e.Rules.YahtzeeBox() >= 0 {
		fig.Rows = append(fig.Rows, []string{fmt.Sprintf(xl.Extra, r.fiveLabel()), l.Num(e.ExtraBonuses, 6)})
	}
	if o := e.Objective; o != nil {
		name, value := r.objectiveText(o)
		fig.Rows = append(fig.Rows, []string{fmt.Sprintf(xl.FromSolve, name), value(o.Value)})
		if o.HasFromDistribution {
			fig.Rows = append(fig.Rows, []string{fmt.Sprintf(xl.FromDistribution, name), value(o.FromDistribution)})
		}
	}
	boxes := reports.Table{ID: "table-boxes", Title: xl.BoxTable, Head: []string{l.Box, xl.BoxMean, xl.ZeroRate}}
	for id, bf := range e.Boxes {
		boxes.Rows = append(boxes.Rows, []string{r.slots[id], l.Num(bf.Mean, 4), l.Pct(bf.ZeroRate, 4)})
	}
	out := []reports.Table{fig, boxes}
	if e.Distribution != nil {
		p := reports.Table{ID: "table-percentiles", Title: xl.PercentilesTable, Head: []string{xl.Mode}}
		row := []string{strconv.Itoa(r.mode())}
		for _, rank := range sim.PercentileRanks {
			p.Head = append(p.Head, fmt.Sprintf("p%d", rank))
			row = append(row, strconv.Itoa(distQuantile(e.Distribution, e.DistMin, float64(rank)/100)))
		}
		p.Rows = [][]string{row}
		a := reports.Table{ID: "table-thresholds", Title: xl.AtLeastTable}
		row = nil
		for _, t := range ExactThresholds {
			a.Head = append(a.Head, fmt.Sprintf(xl.AtLeastHead, t))
			row = append(row, l.Pct(AtLeast(e.Distribution, e.DistMin, t), 4))
		}
		a.Rows = [][]string{row}
		out = append(out, p, a)
	}
	return append(out, r.regretTables()...)
}

// objectiveText names the objective in the language, and formats its values.
func (r *exactReport) objectiveText(o *ExactObjective) (string, func(float64) string) {
	l, xl := r.l, r.xl
	pct := func(v float64) string { return l.Pct(v, 7) }
	switch o.Kind {
	case FrontierRisk:
		return xl.RiskObjective, func(v float64) string { return l.Num(v, 7) }
	case FrontierBonus:
		return xl.BonusObjective, func(v float64) string { return l.Pct(v, 4) }
	case FrontierTarget:
		t, _ := strconv.Atoi(o.Parameter)
		return fmt.Sprintf(xl.TargetObjective, t), pct
	}
	return fmt.Sprintf(xl.BeatObjective, o.Parameter), pct
}

func (r *exactReport) mode() int {
	m := 0
	for i, p := range r.e.Distribution {
		if p > r.e.Distribution[m] {
			m = i
		}
	}
	return r.e.DistMin + m
}

// AtLeast returns P(score ≥ t) from a distribution of the final score from lo.
func AtLeast(dist []float64, lo, t int) float64 {
	sum := 0.0
	for i := len(dist) - 1; i >= 0 && lo+i >= t; i-- {
		sum += dist[i]
	}
	return sum
}

func (r *exactReport) regretTables() []reports.Table {
	g := r.e.Regret
	if g == nil {
		return nil
	}
	l, xl := r.l, r.xl
	share := func(x float64) string {
		if g.Total == 0 {
			return "–"
		}
		return l.Pct(x/g.Total, 1)
	}
	kinds := reports.Table{ID: "table-regret", Title: xl.RegretTable, Head: []string{xl.Decisions, xl.Cost, xl.Share},
		Note: fmt.Sprintf(xl.RegretNote, l.Num(g.OptimalMean, 7), l.Num(r.e.Mean, 7))}
	for i, c := range g.Keep {
		kinds.Rows = append(kinds.Rows, []string{fmt.Sprintf(l.RegretKeeps, i+1), l.Num(c, 4), share(c)})
	}
	kinds.Rows = append(kinds.Rows, []string{l.RegretBoxes, l.Num(g.Box, 4), share(g.Box)}, []string{l.RegretAll, l.Num(g.Total, 4), share(g.Total)})
	var limits, counts []string
	for i := range g.Costly {
		limits = append(limits, l.Num(g.CostlyAbove[i], 0))
		counts = append(counts, l.Num(g.Costly[i], 3))
	}
	if len(limits) == 3 {
		kinds.Rows = append(kinds.Rows, []string{fmt.Sprintf(xl.Costly, limits[0], limits[1], limits[2]), counts[0] + " / " + counts[1] + " / " + counts[2], ""})
	}
	byBox := reports.Table{ID: "table-regret-by-box", Title: xl.RegretBoxTable, Head: []string{l.Box, xl.Cost, xl.Share}}
	for id, c := range g.ByBox {
		byBox.Rows = append(byBox.Rows, []string{r.slots[id], l.Num(c, 4), share(c)})
	}
	byTurn := reports.Table{ID: "table-regret-by-turn", Title: xl.RegretTurnTable, Head: []string{l.RegretTurn, xl.Cost, xl.Share}}
	for t, c := range g.ByTurn {
		byTurn.Rows = append(byTurn.Rows, []string{strconv.Itoa(t + 1), l.Num(c, 4), share(c)})
	}
	return []reports.Table{kinds, byBox, byTurn}
}

// scoresFigure draws the exact distribution of the final score, in bins as the scores
// of a run, its mean and median marked.
func (r *exactReport) scoresFigure() ([]reports.Figure, error) {
	e, l, xl := r.e, r.l, r.xl
	if e.Distribution == nil {
		return nil, nil
	}
	lo, hi, width := reports.WholeBins(distQuantile(e.Distribution, e.DistMin, 0.001), distQuantile(e.Distribution, e.DistMin, 0.999))
	median := distQuantile(e.Distribution, e.DistMin, 0.5)
	look := reports.LooksOf([]string{e.Strategy})[0]
	p := reports.NewPlot(l, fmt.Sprintf("%s · %s", xl.ScoresSection, e.Rules.Name()), l.ScoresX, l.ScoresY)
	reports.Grid(p, false, true)
	p.X.Min, p.X.Max = float64(lo), float64(hi)
	p.Y.Min = 0
	data := [][]string{{"strategy", "score_from", "score_to", "percent_per_point", "mean", "median"}}
	xys := reports.DistBins(e.Distribution, e.DistMin, lo, hi, width)
	top := 0.0
	for k, xy := range xys {
		top = math.Max(top, xy.Y)
		data = append(data, []string{e.Strategy, strconv.Itoa(lo + k*width), strconv.Itoa(lo + (k+1)*width - 1), reports.F64(xy.Y), reports.F64(e.Mean), strconv.Itoa(median)})
	}
	if err := reports.AddDistribution(p, e.Strategy, xys, width, e.Mean, median, look); err != nil {
		return nil, reports.PlotError("scores", err)
	}
	svg, png, err := reports.RenderDistributions(p, l, top, "scores")
	if err != nil {
		return nil, err
	}
	caption := fmt.Sprintf(xl.ScoresCaption, reports.Code(e.Strategy), width, l.Num(e.Mean, 2), strconv.Itoa(median), r.context())
	return []reports.Figure{{Name: "scores", Title: xl.ScoresSection, Caption: caption, SVG: svg, PNG: png, CSV: data}}, nil
}

// boxFigures draw the exact figures of each box, as those of a run: its mean score
// (box_mean) and the probability it holds 0 (box_zeros), exact, without intervals.
func (r *exactReport) boxFigures() ([]reports.Figure, error) {
	e, l, xl := r.e, r.l, r.xl
	look := reports.LooksOf([]string{e.Strategy})[0]
	var means, zeros []reports.Estimate
	for _, b := range e.Boxes {
		means = append(means, reports.Exactly(b.Mean))
		zeros = append(zeros, reports.Exactly(b.ZeroRate))
	}
	names := []string{e.Strategy}
	h := reports.RowsHeight(len(r.slots), 1)
	var figs []reports.Figure
	for _, fg := range []struct {
		name, title, x, caption, value string
		vals                           []reports.Estimate
		scale                          float64
	}{
		{"box_mean", l.BoxMeanTitle, l.BoxMeanX, xl.BoxMeanCaption, "mean", means, 1},
		{"box_zeros", l.ZeroTitle, xl.ZeroX, xl.ZeroCaption, "zero_percent", zeros, 100},
	} {
		ss := []reports.DotSeries{{Look: look, Vals: fg.vals, NoCI: true}}
		p := reports.NewPlot(l, fg.title+" · "+e.Rules.Name(), fg.x, "")
		reports.Grid(p, true, false)
		if err := reports.DotPlot(p, r.slots, ss, false, fg.scale); err != nil {
			return nil, reports.PlotError(fg.name, err)
		}
		p.X.Min = math.Min(0, p.X.Min)
		svg, png, err := p.Render(reports.FigWidth, h)
		if err != nil {
			return nil, reports.PlotError(fg.name, err)
		}
		figs = append(figs, reports.Figure{Name: fg.name, Title: fg.title, Caption: fmt.Sprintf(fg.caption, reports.Code(e.Strategy), r.context()), SVG: svg, PNG: png,
			CSV: reports.DotCSV("box", fg.value, names, r.slots, ss, fg.scale)})
	}
	return figs, nil
}

// figures draws the figures of the report: the boxes, and the distribution when there
// is one.
func (r *exactReport) Figures() ([]reports.Figure, error) {
	boxes, err := r.boxFigures()
	if err != nil {
		return nil, err
	}
	scores, err := r.scoresFigure()
	if err != nil {
		return nil, err
	}
	return append(boxes, scores...), nil
}

// Document is the page and the Markdown of the exact figures: the figures of the game
// and of each box, then the final score, then the points lost.
func (r *exactReport) Document(figs []reports.Figure) (*reports.Document, error) {
	xl := r.xl
	tables := r.tables()
	var secs []reports.Section
	secs = append(secs, reports.SectionOf("exact", xl.FiguresSection, tables, figs, "table-exact", "table-boxes", "box_mean", "box_zeros")...)
	secs = append(secs, reports.SectionOf("scores", xl.ScoresSection, tables, figs, "table-percentiles", "table-thresholds", "scores")...)
	secs = append(secs, reports.SectionOf("regret", xl.RegretSection, tables, figs, "table-regret", "table-regret-by-box", "table-regret-by-turn")...)
	lead := fmt.Sprintf(xl.Lead, reports.Code(r.e.Strategy), r.rulesText(), r.l.Count(int64(r.e.States)))
	return &reports.Document{L: r.l, Title: xl.PageTitle, Lead: lead, Params: r.params(), Sections: secs, Generated: xl.Generated,
		Footer: reports.ProvenanceFooter(r.l, r.e.Provenance, nil, nil)}, nil
}

// csv is exact.csv: a row of the figures of the game, for programs (probabilities as
// fractions, empty where the rules lack the bonus, the box or the objective), and on a
// sheet of several columns the upper bonus of each, upper_bonus:COLUMN.
func (r *exactReport) csv() []byte {
	e := r.e
	head := []string{"strategy", "rules", "states", "mean", "sd", "upper_bonus", "yahtzee", "extra_bonuses", "objective_kind", "objective_parameter", "objective", "objective_from_distribution"}
	row := []string{e.Strategy, e.Rules.Name(), strconv.Itoa(e.States), reports.F64(e.Mean), reports.F64(e.SD), "", "", "", "", "", "", ""}
	if e.Rules.UpperPoints() > 0 {
		row[5] = reports.F64(e.UpperBonus)
	}
	if e.HasYahtzee {
		row[6] = reports.F64(e.Yahtzee)
	}
	if e.Rules.ExtraPoints() > 0 && e.Rules.YahtzeeBox() >= 0 {
		row[7] = reports.F64(e.ExtraBonuses)
	}
	if o := e.Objective; o != nil {
		row[8], row[9], row[10] = o.Kind, o.Parameter, reports.F64(o.Value)
		if o.HasFromDistribution {
			row[11] = reports.F64(o.FromDistribution)
		}
	}
	for c, name := range reports.ColumnLabels(e.Rules, "en")[:len(e.ColumnBonus)] {
		head = append(head, "upper_bonus:"+name)
		row = append(row, reports.F64(e.ColumnBonus[c]))
	}
	return reports.WriteCSV([][]string{head, row})
}

// boxesCSV is boxes.csv: a row per box.
func (r *exactReport) boxesCSV() []byte {
	rows := [][]string{{"strategy", "box", "label", "mean", "zero_rate"}}
	for id, bf := range r.e.Boxes {
		rows = append(rows, []string{r.e.Strategy, r.ids[id], r.slots[id], reports.F64(bf.Mean), reports.F64(bf.ZeroRate)})
	}
	return reports.WriteCSV(rows)
}

// DistributionCSV writes an exact distribution of the final score as CSV: a line per
// score of non-zero probability, "score,probability", the probability to the last bit
// (yams exact --csv writes the same).
func DistributionCSV(dist []float64, lo int) []byte {
	b := []byte("score,probability\n")
	for i, p := range dist {
		if p != 0 {
			b = strconv.AppendInt(b, int64(lo+i), 10)
			b = append(b, ',')
			b = strconv.AppendFloat(b, p, 'g', 17, 64)
			b = append(b, '\n')
		}
	}
	return b
}

// regretCSV is regret.csv: a row per part of the cost, as a run's regret.csv names them,
// in points per game.
func (r *exactReport) regretCSV() []byte {
	g := r.e.Regret
	rows := [][]string{{"strategy", "part", "cost_per_game"}}
	add := func(part string, c float64) { rows = append(rows, []string{r.e.Strategy, part, reports.F64(c)}) }
	add("all", g.Total)
	for i, c := range g.Keep {
		add(fmt.Sprintf("keep%d", i+1), c)
	}
	add("box", g.Box)
	for id, c := range g.ByBox {
		add("turns_ending_in:"+r.ids[id], c)
	}
	for t, c := range g.ByTurn {
		add(fmt.Sprintf("turn:%d", t+1), c)
	}
	return reports.WriteCSV(rows)
}

// Write writes the report of the exact figures of a strategy into dir, in a
// language (en or fr): exact.json (what yams exact --json writes, given as e.JSON),
// exact.md, exact.csv (the figures of the game), boxes.csv, the figures box_mean and
// box_zeros as SVG, PNG and CSV; with the distribution, distribution.csv (what yams exact
// --csv writes) and the figure scores; with the regret, regret.csv; and report.html. Like Write, it removes the files
// of the previous report in dir that it does not write, and returns the names of the
// files written.
func Write(dir string, e *Exact, lang string) ([]string, error) {
	r, err := newExactReport(e, lang)
	if err != nil {
		return nil, err
	}
	return reports.Make(dir, r)
}

// Data returns exact.json, exact.md, exact.csv, boxes.csv, and distribution.csv and
// regret.csv where the figures have them.
func (r *exactReport) Data(doc *reports.Document) ([]reports.File, error) {
	e := r.e
	var files []reports.File
	if e.JSON != nil {
		files = append(files, reports.File{Name: "exact.json", Data: e.JSON})
	}
	files = append(files, reports.File{Name: "exact.md", Data: doc.Markdown()}, reports.File{Name: "exact.csv", Data: r.csv()}, reports.File{Name: "boxes.csv", Data: r.boxesCSV()})
	if e.Distribution != nil {
		files = append(files, reports.File{Name: "distribution.csv", Data: DistributionCSV(e.Distribution, e.DistMin)})
	}
	if e.Regret != nil {
		files = append(files, reports.File{Name: "regret.csv", Data: r.regretCSV()})
	}
	return files, nil
}
