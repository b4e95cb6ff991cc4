package reports

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

	"yams/sim/summaryfile"
	"yams/sim/tablegame"
)

// tableReport is what the report of table games draws from.
type tableReport struct {
	res     *tablegame.Results
	l       *labels
	players []string // "player 1 (greedy)"
	looks   []series // each player's, by the name of their strategy
}

func newTableReport(res *tablegame.Results, opt Options) (*tableReport, error) {
	l, err := labelsFor(opt.Lang)
	if err != nil {
		return nil, err
	}
	t := &tableReport{res: res, l: l}
	ds := make([]drawn, len(res.Players))
	for p, name := range res.Players {
		t.players = append(t.players, t.playerLabel(p, false))
		ds[p] = drawn{name: name, bot: slices.Contains(opt.Bots, name)}
	}
	t.looks = looksOfDrawn(ds)
	return t, nil
}

func (t *tableReport) context() string {
	return fmt.Sprintf("%s %s, %s %s, %s %d", t.l.rules, t.rulesText(), t.l.count(t.res.Games), t.l.games, t.l.seed, t.res.Seed)
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
func shareAxisMax(n int, ss []dotSeries) float64 {
	top := 200 / float64(n)
	for _, s := range ss {
		for _, v := range s.vals {
			if !math.IsNaN(v.v) {
				top = max(top, 100*v.hi)
			}
		}
	}
	return percentAxisEnd(top)
}

func (t *tableReport) figures() ([]figure, error) {
	l := t.l
	n := len(t.players)
	even := 100 / float64(n)
	ref := draw.LineStyle{Color: gray, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}

	p := newPlot(l, l.winsTitle+" · "+t.res.Rules, l.winsX, "")
	grid(p, true, false)
	var ss []dotSeries
	for k := range t.players {
		vals := make([]estimate, n)
		for i := range vals {
			vals[i] = estimate{nan, 0, 0}
		}
		vals[k] = fromShare(t.res.WinRate(k))
		ss = append(ss, dotSeries{look: t.looks[k], vals: vals, whisker: 1.4})
	}
	if err := dotPlot(p, t.players, ss, false, 100); err != nil {
		return nil, plotError("wins", err)
	}
	line, err := vline(even, -0.6, float64(n)-0.4, ref)
	if err != nil {
		return nil, plotError("wins", err)
	}
	p.Add(line)
	p.key(fmt.Sprintf(l.evenKey, n), line)
	p.X.Min, p.X.Max = 0, shareAxisMax(n, ss)
	svg, png, err := p.render(figWidth, rowsHeight(n, 1))
	if err != nil {
		return nil, plotError("wins", err)
	}
	wins := [][]string{append([]string{"player", "strategy"}, withCI("won_percent")...)}
	for k, name := range t.res.Players {
		wins = append(wins, append([]string{strconv.Itoa(k + 1), name}, ci(scaled(fromShare(t.res.WinRate(k)), 100))...))
	}
	figs := []figure{{name: "wins", title: l.winsTitle, caption: fmt.Sprintf(l.winsCaption, t.context()) + " " + l.hiddenCI, svg: svg, png: png, csv: wins}}

	p = newPlot(l, l.seatsTitle+" · "+t.res.Rules, l.seatsX, "")
	grid(p, true, false)
	var seats []string
	all := make([]estimate, n)
	for s := range n {
		seats = append(seats, fmt.Sprintf(l.seat, s+1))
		all[s] = fromShare(t.res.SeatWinRate(s))
	}
	ss = []dotSeries{{name: l.allPlayers, look: series{color: rgb(0x555555), glyph: draw.BoxGlyph{}}, vals: all, whisker: 1.6}}
	for k, name := range t.players {
		vals := make([]estimate, n)
		for s := range n {
			vals[s] = fromShare(t.res.PlayerSeatWinRate(k, s))
		}
		ss = append(ss, dotSeries{name: name, look: t.looks[k], vals: vals})
	}
	if err := dotPlot(p, seats, ss, true, 100); err != nil {
		return nil, plotError("seats", err)
	}
	line, err = vline(even, -0.6, float64(n)-0.4, ref)
	if err != nil {
		return nil, plotError("seats", err)
	}
	p.Add(line)
	p.key(fmt.Sprintf(l.evenKey, n), line)
	p.X.Min, p.X.Max = 0, shareAxisMax(n, ss)
	svg, png, err = p.render(figWidth, rowsHeight(n, n+1))
	if err != nil {
		return nil, plotError("seats", err)
	}
	seatRows := [][]string{append([]string{"seat", "player", "strategy"}, withCI("won_percent")...)}
	for s := range n {
		seatRows = append(seatRows, append([]string{strconv.Itoa(s + 1), "all", ""}, ci(scaled(fromShare(t.res.SeatWinRate(s)), 100))...))
		for k, name := range t.res.Players {
			seatRows = append(seatRows, append([]string{strconv.Itoa(s + 1), strconv.Itoa(k + 1), name}, ci(scaled(fromShare(t.res.PlayerSeatWinRate(k, s)), 100))...))
		}
	}
	figs = append(figs, figure{name: "seats", title: l.seatsTitle, caption: fmt.Sprintf(l.seatCaption, t.context()) + " " + l.hiddenCI, svg: svg, png: png, csv: seatRows})
	return figs, nil
}

func (t *tableReport) params() []param {
	l := t.l
	opts := l.none
	if len(t.res.RuleOptions) > 0 {
		opts = strings.Join(t.res.RuleOptions, ", ")
	}
	ps := []param{
		{l.rules, t.res.Rules},
		{l.rulesHash, t.res.RulesHash},
		{l.options, opts},
		{l.seed, fmt.Sprint(t.res.Seed)},
		{l.games, l.count(t.res.Games)},
		{l.players, strings.Join(t.players, ", ")},
	}
	if t.res.Partial() {
		ps = append(ps, param{l.partial, fmt.Sprintf(l.partialOf, l.count(t.res.Games), l.count(t.res.Planned))})
	}
	return ps
}

func (t *tableReport) tables() []table {
	l := t.l
	n := len(t.players)
	pl := table{id: "table-players", title: l.playersTable, head: []string{l.player, l.winShare, l.outright, l.tied, l.meanScore}}
	for k, name := range t.players {
		w := t.res.WinRate(k)
		mean, ci := t.res.Mean(k)
		pl.rows = append(pl.rows, []string{name, l.pctInterval(w.Rate, w.CI95.Lo, w.CI95.Hi, 2),
			l.count(t.res.Outright[k]), l.count(t.res.Tied[k]), l.interval(mean, ci.Lo, ci.Hi, 2)})
	}
	test := SeatOrder(t.res)
	st := table{id: "table-seats", title: l.seatsTable, head: []string{l.seatHead, l.allPlayers}}
	st.head = append(st.head, t.players...)
	st.note = fmt.Sprintf(l.seatNote, n, n) + " " + fmt.Sprintf(l.seatTest, l.num(test.ChiSquare, 2), l.degrees(test.DF), l.num(test.P, 3))
	if slices.Contains(t.res.SeesTable, true) {
		st.note = t.win().seatsNote + " " + fmt.Sprintf(l.seatTest, l.num(test.ChiSquare, 2), l.degrees(test.DF), l.num(test.P, 3))
	}
	for s := range n {
		a := t.res.SeatWinRate(s)
		row := []string{fmt.Sprint(s + 1), l.pctInterval(a.Rate, a.CI95.Lo, a.CI95.Hi, 2)}
		for k := range t.players {
			w := t.res.PlayerSeatWinRate(k, s)
			row = append(row, l.pctInterval(w.Rate, w.CI95.Lo, w.CI95.Hi, 2))
		}
		st.rows = append(st.rows, row)
	}
	return []table{pl, st}
}

// document is the page and the Markdown of table games: the players and their wins,
// their final scores (and the difference of their totals at a table of two), then the
// seats.
func (t *tableReport) document(figs []figure) *document {
	l := t.l
	tables := append(append(t.tables(), t.scoreTables()...), t.winTables()...)
	var secs []section
	secs = append(secs, sectionOf("players", l.playersTable, tables, figs, "table-players", "wins")...)
	secs = append(secs, sectionOf("scores", t.scoreWords().scoresTable, tables, figs,
		"table-player-scores", "table_scores", "table-difference", "table_difference")...)
	secs = append(secs, sectionOf("seats", l.seatsTable, tables, figs, "table-seats", "seats")...)
	secs = append(secs, t.winSections(tables, figs)...)
	lead := fmt.Sprintf(l.tableLead, l.listOf(codes(t.res.Players)), l.count(t.res.Games), len(t.players), t.rulesText(), t.res.Seed)
	return &document{l: l, title: l.tableTitle, lead: lead, params: t.params(), sections: secs, generated: l.generated,
		footer: provenanceFooter(l, t.res.Provenance, nil, nil)}
}

// rulesText names the rule set and its options.
func (t *tableReport) rulesText() string {
	return strings.Join(append([]string{t.res.Rules}, t.res.RuleOptions...), ", ")
}

func (t *tableReport) csv() []byte {
	rows := [][]string{{"player", "strategy", "seat", "games", "win_units", "win_rate", "win_rate_lo", "win_rate_hi", "outright", "tied"}}
	row := func(player, strategy, seat string, s tablegame.Share, outright, tied string) {
		rows = append(rows, []string{player, strategy, seat, i64(s.Games), i64(s.Units), f64(s.Rate), f64(s.CI95.Lo), f64(s.CI95.Hi), outright, tied})
	}
	for k, name := range t.res.Players {
		player := fmt.Sprint(k + 1)
		row(player, name, "all", t.res.WinRate(k), i64(t.res.Outright[k]), i64(t.res.Tied[k]))
		for s := range t.res.Players {
			row(player, name, fmt.Sprint(s+1), t.res.PlayerSeatWinRate(k, s), "", "")
		}
	}
	for s := range t.res.Players {
		row("all", "", fmt.Sprint(s+1), t.res.SeatWinRate(s), "", "")
	}
	return writeCSV(rows)
}

// WriteTable writes the report of table games into dir: table.json, table.md, table.csv
// (a row per player, per player and seat, and per seat, with win_units in 1/60 of a
// win), the plots wins, seats, table_scores (each player's final score) and, at a table
// of two, table_difference (the difference of their totals) as SVG and PNG with their
// CSV, and report.html. Like Write, it removes
// the files of the previous report in dir that it does not write, and returns the names
// of the files written.
func WriteTable(dir string, res *tablegame.Results, opt Options) ([]string, error) {
	t, err := newTableReport(res, opt)
	if err != nil {
		return nil, err
	}
	var figs []figure
	for _, f := range []func() ([]figure, error){t.figures, t.scoreFigures, t.winFigures} {
		more, err := f()
		if err != nil {
			return nil, err
		}
		figs = append(figs, more...)
	}
	var js bytes.Buffer
	if err := summaryfile.WriteTable(&js, res); err != nil {
		return nil, err
	}
	doc := t.document(figs)
	files, err := withFigures(doc, []file{{"table.json", js.Bytes()}, {"table.md", doc.markdown()}, {"table.csv", t.csv()}}, figs)
	if err != nil {
		return nil, err
	}
	return writeReport(dir, files)
}

// degrees writes a number of degrees of freedom, singular for one.
func (l *labels) degrees(df int) string {
	if df == 1 {
		return l.degreeOfFreedom
	}
	return fmt.Sprintf(l.degreesOfFreedom, df)
}
