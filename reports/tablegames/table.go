package tablegames

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
	"yams/sim/summaryfile"
	"yams/sim/tablegame"
)

// tableReport is what the report of table games draws from.
type tableReport struct {
	res     *tablegame.Results
	l       *reports.Labels
	players []string         // "player 1 (greedy)"
	looks   []reports.Series // each player's, by the name of their strategy
}

func newTableReport(res *tablegame.Results, opt reports.Options) (*tableReport, error) {
	l, err := reports.LabelsFor(opt.Lang)
	if err != nil {
		return nil, err
	}
	t := &tableReport{res: res, l: l}
	ds := make([]reports.Drawn, len(res.Players))
	for p, name := range res.Players {
		t.players = append(t.players, t.playerLabel(p, false))
		ds[p] = reports.Drawn{Name: name, Bot: slices.Contains(opt.Bots, name)}
	}
	t.looks = reports.LooksOfDrawn(ds)
	return t, nil
}

func (t *tableReport) context() string {
	return fmt.Sprintf("%s %s, %s %s, %s %d", t.l.Rules, t.rulesText(), t.l.Count(t.res.Games), t.l.Games, t.l.Seed, t.res.Seed)
}

// SeatTest is the χ² test of the hypothesis that the seat makes no difference: the wins
// of each seat against those its players would have won at their overall rates.
type SeatTest struct {
	ChiSquare float64
	DF        int
	P         float64
}

// SeatOrder tests the effect of the seat on the wins of table games. Under no effect,
// seat s should win Σ_p Seated[p][s]·w_p games, w_p being player p's overall share of
// wins; the statistic Σ_s (W_s − E_s)²/E_s then follows a χ² law of n−1 degrees of
// freedom (Pearson's test of a multinomial, one win handed out per game). Split wins
// vary less than whole ones, so the test is slightly conservative.
func SeatOrder(res *tablegame.Results) SeatTest {
	n := len(res.Players)
	var chi float64
	for s := range n {
		var won, expected float64
		for p := range n {
			won += float64(res.Shares[p][s]) / tablegame.ShareUnits
			expected += float64(res.Seated[p][s]) * res.WinRate(p).Rate
		}
		if expected > 0 {
			chi += (won - expected) * (won - expected) / expected
		}
	}
	t := SeatTest{ChiSquare: chi, DF: n - 1}
	t.P = 1 - distuv.ChiSquared{K: float64(n - 1)}.CDF(chi)
	return t
}

// shareAxisMax is the end of the axis of the shares of the games won at a table of n
// players, in %: the first labelled tick past twice the even share and past every
// interval drawn, at most 100. The even share stands in the middle or to the left, and the axis does not
// end just past the data (0 to 52% at a table of two that splits its games).
func shareAxisMax(n int, ss []reports.DotSeries) float64 {
	top := 200 / float64(n)
	for _, s := range ss {
		for _, v := range s.Vals {
			if !math.IsNaN(v.V) {
				top = max(top, 100*v.Hi)
			}
		}
	}
	return reports.PercentAxisEnd(top)
}

func (t *tableReport) figures() ([]reports.Figure, error) {
	l := t.l
	n := len(t.players)
	even := 100 / float64(n)
	ref := draw.LineStyle{Color: reports.Gray, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}

	p := reports.NewPlot(l, l.WinsTitle+" · "+t.res.Rules, l.WinsX, "")
	reports.Grid(p, true, false)
	var ss []reports.DotSeries
	for k := range t.players {
		vals := make([]reports.Estimate, n)
		for i := range vals {
			vals[i] = reports.Estimate{V: reports.NaN, Lo: 0, Hi: 0}
		}
		vals[k] = reports.FromShare(t.res.WinRate(k))
		ss = append(ss, reports.DotSeries{Look: t.looks[k], Vals: vals, Whisker: 1.4})
	}
	if err := reports.DotPlot(p, t.players, ss, false, 100); err != nil {
		return nil, reports.PlotError("wins", err)
	}
	line, err := reports.Vline(even, -0.6, float64(n)-0.4, ref)
	if err != nil {
		return nil, reports.PlotError("wins", err)
	}
	p.Add(line)
	p.Key(fmt.Sprintf(l.EvenKey, n), line)
	p.X.Min, p.X.Max = 0, shareAxisMax(n, ss)
	svg, png, err := p.Render(reports.FigWidth, reports.RowsHeight(n, 1))
	if err != nil {
		return nil, reports.PlotError("wins", err)
	}
	wins := [][]string{append([]string{"player", "strategy"}, reports.WithCI("won_percent")...)}
	for k, name := range t.res.Players {
		wins = append(wins, append([]string{strconv.Itoa(k + 1), name}, reports.CI(reports.Scaled(reports.FromShare(t.res.WinRate(k)), 100))...))
	}
	figs := []reports.Figure{{Name: "wins", Title: l.WinsTitle, Caption: fmt.Sprintf(l.WinsCaption, t.context()) + " " + l.HiddenCI, SVG: svg, PNG: png, CSV: wins}}

	p = reports.NewPlot(l, l.SeatsTitle+" · "+t.res.Rules, l.SeatsX, "")
	reports.Grid(p, true, false)
	var seats []string
	all := make([]reports.Estimate, n)
	for s := range n {
		seats = append(seats, fmt.Sprintf(l.Seat, s+1))
		all[s] = reports.FromShare(t.res.SeatWinRate(s))
	}
	ss = []reports.DotSeries{{Name: l.AllPlayers, Look: reports.Series{Color: reports.RGB(0x555555), Glyph: draw.BoxGlyph{}}, Vals: all, Whisker: 1.6}}
	for k, name := range t.players {
		vals := make([]reports.Estimate, n)
		for s := range n {
			vals[s] = reports.FromShare(t.res.PlayerSeatWinRate(k, s))
		}
		ss = append(ss, reports.DotSeries{Name: name, Look: t.looks[k], Vals: vals})
	}
	if err := reports.DotPlot(p, seats, ss, true, 100); err != nil {
		return nil, reports.PlotError("seats", err)
	}
	line, err = reports.Vline(even, -0.6, float64(n)-0.4, ref)
	if err != nil {
		return nil, reports.PlotError("seats", err)
	}
	p.Add(line)
	p.Key(fmt.Sprintf(l.EvenKey, n), line)
	p.X.Min, p.X.Max = 0, shareAxisMax(n, ss)
	svg, png, err = p.Render(reports.FigWidth, reports.RowsHeight(n, n+1))
	if err != nil {
		return nil, reports.PlotError("seats", err)
	}
	seatRows := [][]string{append([]string{"seat", "player", "strategy"}, reports.WithCI("won_percent")...)}
	for s := range n {
		seatRows = append(seatRows, append([]string{strconv.Itoa(s + 1), "all", ""}, reports.CI(reports.Scaled(reports.FromShare(t.res.SeatWinRate(s)), 100))...))
		for k, name := range t.res.Players {
			seatRows = append(seatRows, append([]string{strconv.Itoa(s + 1), strconv.Itoa(k + 1), name}, reports.CI(reports.Scaled(reports.FromShare(t.res.PlayerSeatWinRate(k, s)), 100))...))
		}
	}
	figs = append(figs, reports.Figure{Name: "seats", Title: l.SeatsTitle, Caption: fmt.Sprintf(l.SeatCaption, t.context()) + " " + l.HiddenCI, SVG: svg, PNG: png, CSV: seatRows})
	return figs, nil
}

func (t *tableReport) params() []reports.Param {
	l := t.l
	opts := l.None
	if len(t.res.RuleOptions) > 0 {
		opts = strings.Join(t.res.RuleOptions, ", ")
	}
	ps := []reports.Param{
		{Name: l.Rules, Value: t.res.Rules},
		{Name: l.RulesHash, Value: t.res.RulesHash},
		{Name: l.Options, Value: opts},
		{Name: l.Seed, Value: fmt.Sprint(t.res.Seed)},
		{Name: l.Games, Value: l.Count(t.res.Games)},
		{Name: l.Players, Value: strings.Join(t.players, ", ")},
	}
	if t.res.Partial() {
		ps = append(ps, reports.Param{Name: l.Partial, Value: fmt.Sprintf(l.PartialOf, l.Count(t.res.Games), l.Count(t.res.Planned))})
	}
	return ps
}

func (t *tableReport) tables() []reports.Table {
	l := t.l
	n := len(t.players)
	pl := reports.Table{ID: "table-players", Title: l.PlayersTable, Head: []string{l.Player, l.WinShare, l.Outright, l.Tied, l.MeanScore}}
	for k, name := range t.players {
		w := t.res.WinRate(k)
		mean, ci := t.res.Mean(k)
		pl.Rows = append(pl.Rows, []string{name, l.PctInterval(w.Rate, w.CI95.Lo, w.CI95.Hi, 2),
			l.Count(t.res.Outright[k]), l.Count(t.res.Tied[k]), l.Interval(mean, ci.Lo, ci.Hi, 2)})
	}
	test := SeatOrder(t.res)
	st := reports.Table{ID: "table-seats", Title: l.SeatsTable, Head: []string{l.SeatHead, l.AllPlayers}}
	st.Head = append(st.Head, t.players...)
	st.Note = fmt.Sprintf(l.SeatNote, n, n) + " " + fmt.Sprintf(l.SeatTest, l.Num(test.ChiSquare, 2), degrees(l, test.DF), l.Num(test.P, 3))
	if slices.Contains(t.res.SeesTable, true) {
		st.Note = t.win().SeatsNote + " " + fmt.Sprintf(l.SeatTest, l.Num(test.ChiSquare, 2), degrees(l, test.DF), l.Num(test.P, 3))
	}
	for s := range n {
		a := t.res.SeatWinRate(s)
		row := []string{fmt.Sprint(s + 1), l.PctInterval(a.Rate, a.CI95.Lo, a.CI95.Hi, 2)}
		for k := range t.players {
			w := t.res.PlayerSeatWinRate(k, s)
			row = append(row, l.PctInterval(w.Rate, w.CI95.Lo, w.CI95.Hi, 2))
		}
		st.Rows = append(st.Rows, row)
	}
	return []reports.Table{pl, st}
}

// Document is the page and the Markdown of table games: the players and their wins,
// their final scores (and the difference of their totals at a table of two), then the
// seats.
func (t *tableReport) Document(figs []reports.Figure) (*reports.Document, error) {
	l := t.l
	tables := append(append(t.tables(), t.scoreTables()...), t.winTables()...)
	var secs []reports.Section
	secs = append(secs, reports.SectionOf("players", l.PlayersTable, tables, figs, "table-players", "wins")...)
	secs = append(secs, reports.SectionOf("scores", t.scoreWords().ScoresTable, tables, figs,
		"table-player-scores", "table_scores", "table-difference", "table_difference")...)
	secs = append(secs, reports.SectionOf("seats", l.SeatsTable, tables, figs, "table-seats", "seats")...)
	secs = append(secs, t.winSections(tables, figs)...)
	lead := fmt.Sprintf(l.TableLead, l.ListOf(reports.Codes(t.res.Players)), l.Count(t.res.Games), len(t.players), t.rulesText(), t.res.Seed)
	return &reports.Document{L: l, Title: l.TableTitle, Lead: lead, Params: t.params(), Sections: secs, Generated: l.Generated,
		Footer: reports.ProvenanceFooter(l, t.res.Provenance, nil, nil)}, nil
}

// rulesText names the rule set and its options.
func (t *tableReport) rulesText() string {
	return strings.Join(append([]string{t.res.Rules}, t.res.RuleOptions...), ", ")
}

func (t *tableReport) csv() []byte {
	rows := [][]string{{"player", "strategy", "seat", "games", "win_units", "win_rate", "win_rate_lo", "win_rate_hi", "outright", "tied"}}
	row := func(player, strategy, seat string, s tablegame.Share, outright, tied string) {
		rows = append(rows, []string{player, strategy, seat, reports.I64(s.Games), reports.I64(s.Units), reports.F64(s.Rate), reports.F64(s.CI95.Lo), reports.F64(s.CI95.Hi), outright, tied})
	}
	for k, name := range t.res.Players {
		player := fmt.Sprint(k + 1)
		row(player, name, "all", t.res.WinRate(k), reports.I64(t.res.Outright[k]), reports.I64(t.res.Tied[k]))
		for s := range t.res.Players {
			row(player, name, fmt.Sprint(s+1), t.res.PlayerSeatWinRate(k, s), "", "")
		}
	}
	for s := range t.res.Players {
		row("all", "", fmt.Sprint(s+1), t.res.SeatWinRate(s), "", "")
	}
	return reports.WriteCSV(rows)
}

// Write writes the report of table games into dir: table.json, table.md, table.csv
// (a row per player, per player and seat, and per seat, with win_units in 1/60 of a
// win), the plots wins, seats, table_scores (each player's final score) and, at a table
// of two, table_difference (the difference of their totals) as SVG and PNG with their
// CSV, and report.html. Like Write, it removes
// the files of the previous report in dir that it does not write, and returns the names
// of the files written.
func Write(dir string, res *tablegame.Results, opt reports.Options) ([]string, error) {
	t, err := newTableReport(res, opt)
	if err != nil {
		return nil, err
	}
	return reports.Make(dir, t)
}

// Figures draws the figures of the wins and seats, of the scores, and of a player that
// sees the table.
func (t *tableReport) Figures() ([]reports.Figure, error) {
	var figs []reports.Figure
	for _, f := range []func() ([]reports.Figure, error){t.figures, t.scoreFigures, t.winFigures} {
		more, err := f()
		if err != nil {
			return nil, err
		}
		figs = append(figs, more...)
	}
	return figs, nil
}

// Data returns table.json, table.md and table.csv.
func (t *tableReport) Data(doc *reports.Document) ([]reports.File, error) {
	var js bytes.Buffer
	if err := summaryfile.WriteTable(&js, t.res); err != nil {
		return nil, err
	}
	return []reports.File{{Name: "table.json", Data: js.Bytes()}, {Name: "table.md", Data: doc.Markdown()}, {Name: "table.csv", Data: t.csv()}}, nil
}

// degrees writes a number of degrees of freedom, singular for one.
func degrees(l *reports.Labels, df int) string {
	if df == 1 {
		return l.DegreeOfFreedom
	}
	return fmt.Sprintf(l.DegreesOfFreedom, df)
}
