package tablegames

import (
	"embed"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
	"yams/sim/tablegame"
	"yams/strategies"
)

// The report of a table where a player sees the table (win): how its decisions differ
// from optimal's (tablegame.Profile) and the chances of winning along one game
// (tablegame.Trace).

// winWords are the words of these figures and tables in one language.
type winWords struct {
	DecisionsTitle, DecisionsX, DecisionsY, DecisionsKey, DecisionsCaption string // player, fewest, context
	ChancesTitle, ChancesX, ChancesY, ChancesKey, ChancesCaption           string // game, context
	DecisionsTable, TurnsLeft, Lead, Decisions, Unlike, Riskier, Safer     string
	DecisionsNote                                                          string
	Behind, Ahead, Level                                                   string
	SeatsNote                                                              string
}

// labelFiles are the tables of this package's words (reports.Translations).
//
//go:embed labels*.tsv
var labelFiles embed.FS

// winTranslations are these words in every language (labels_win.tsv).
var winTranslations = reports.MustTranslations[winWords](labelFiles, "labels_win.tsv")

func (t *tableReport) win() *winWords {
	return winTranslations.In(t.l)
}

// fewestDecisions is the fewest decisions a cell of the map needs to be coloured.
const fewestDecisions = 200

// divergeRamp is ColorBrewer's "RdBu" (Brewer, 2002) from blue to red through white: blue
// for safer decisions, red for riskier ones.
var divergeRamp = []uint32{0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b}

func divergePalette() palette.Palette { return reports.RampPalette(divergeRamp, 65) }

// netGrid is the share of riskier less that of safer decisions per cell, in %: columns
// the turns left, from the most to one, rows the buckets of the lead; NaN for a cell of
// too few decisions.
type netGrid struct {
	z          [][]float64 // [bucket][column]
	turns      int
	rows, cols int
}

func (g netGrid) Dims() (c, r int)   { return g.cols, g.rows }
func (g netGrid) Z(c, r int) float64 { return g.z[r][c] }
func (g netGrid) X(c int) float64    { return float64(c) }
func (g netGrid) Y(r int) float64    { return float64(tablegame.DiffOf(r)) }

func (t *tableReport) netGrid() (netGrid, float64) {
	pr := t.res.Profile
	turns := len(pr.Counts)
	g := netGrid{turns: turns, rows: tablegame.DiffBins, cols: turns}
	top := 0.0
	for d := range tablegame.DiffBins {
		row := make([]float64, turns)
		for c := range turns {
			left := turns - c
			all, by := pr.Decisions(left, d)
			if all < fewestDecisions {
				row[c] = math.NaN()
				continue
			}
			row[c] = 100 * float64(by[strategies.Riskier]-by[strategies.Safer]) / float64(all)
			top = max(top, math.Abs(row[c]))
		}
		g.z = append(g.z, row)
	}
	if top == 0 {
		top = 1
	}
	return g, reports.RoundUp(top)
}

// labelledTicks are the ticks of t that carry a number: on a colour bar, a tick without
// its number reads as a number missing.
type labelledTicks struct{ t plot.Ticker }

func (lt labelledTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for _, tk := range lt.t.Ticks(lo, hi) {
		if tk.Label != "" {
			out = append(out, tk)
		}
	}
	return out
}

// leftTicks label the columns of the map with the turns left.
type leftTicks struct{ turns int }

func (lt leftTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for c := range lt.turns {
		left := lt.turns - c
		label := ""
		if left == 1 || left%2 == 1 || lt.turns <= 13 {
			label = fmt.Sprint(left)
		}
		ticks = append(ticks, plot.Tick{Value: float64(c), Label: label})
	}
	return ticks
}

// winFigures draws the figures of a table with a player that sees it: where it decides
// unlike optimal (with a profile) and the chances along the traced game (with a trace).
func (t *tableReport) winFigures() ([]reports.Figure, error) {
	var figs []reports.Figure
	w, l := t.win(), t.l
	if pr := t.res.Profile; pr != nil {
		g, top := t.netGrid()
		pal := divergePalette()
		hm := plotter.NewHeatMap(g, pal)
		hm.Min, hm.Max = -top, top
		hm.NaN = reports.RGB(0xdddddd)
		name := t.res.Players[pr.Player]
		title := fmt.Sprintf(w.DecisionsTitle, name)
		p := reports.NewPlot(l, title+" · "+t.res.Rules, w.DecisionsX, w.DecisionsY)
		p.Add(hm)
		p.X.Min, p.X.Max = -0.5, float64(g.cols)-0.5
		p.Y.Min, p.Y.Max = -tablegame.DiffMax-tablegame.DiffStep/2, tablegame.DiffMax+tablegame.DiffStep/2
		p.X.Tick.Marker = leftTicks{g.turns}
		bar := reports.NewPlot(l, "", "", "")
		bar.HideY()
		cm := reports.ColorMapOf(pal, top)
		cm.SetMin(-top)
		bar.Add(&plotter.ColorBar{ColorMap: cm})
		bar.X.Tick.Marker = labelledTicks{reports.NumberTicks{L: l}}
		bar.X.Label.Text = w.DecisionsKey
		bar.X.Label.TextStyle.Font = font.From(reports.Sans, reports.TickSize)
		draw1 := func(c draw.Canvas) {
			barH := vg.Points(46)
			p.Draw(draw.Crop(c, 0, 0, barH, 0))
			bar.Draw(draw.Crop(c, vg.Points(90), -vg.Points(30), 0, -(c.Max.Y - c.Min.Y - barH)))
		}
		svg, png, err := reports.RenderWith(draw1, reports.FigWidth, reports.FigHeight+vg.Points(46))
		if err != nil {
			return nil, reports.PlotError("win_decisions", err)
		}
		figs = append(figs, reports.Figure{Name: "win_decisions", Title: title,
			Caption: fmt.Sprintf(w.DecisionsCaption, name, l.Count(fewestDecisions), t.context()), SVG: svg, PNG: png, CSV: t.decisionRows()})
	}
	if tr := t.res.Trace; tr != nil {
		n := len(tr.Players)
		title := fmt.Sprintf(w.ChancesTitle, tr.Game)
		p := reports.NewPlot(l, title+" · "+t.res.Rules, w.ChancesX, w.ChancesY)
		reports.Grid(p, true, true)
		last := tr.Turns[len(tr.Turns)-1]
		for s := range n {
			pts := make(plotter.XYs, len(tr.Turns))
			for i, turn := range tr.Turns {
				pts[i] = plotter.XY{X: float64(i), Y: 100 * turn.Chances[s]}
			}
			ln, err := plotter.NewLine(pts)
			if err != nil {
				return nil, reports.PlotError("win_chances", err)
			}
			lk := t.looks[tr.Players[s]]
			ln.LineStyle = lk.Line(1.2)
			p.Add(ln)
			p.Key(fmt.Sprintf(w.ChancesKey, s+1, t.playerLabel(tr.Players[s], false), l.Count(int64(last.Totals[s]))), ln)
		}
		p.X.Min, p.X.Max = 0, float64(len(tr.Turns)-1)
		p.X.Tick.Marker = turnRoundTicks{players: n, rounds: (len(tr.Turns) - 1) / n}
		p.Y.Min, p.Y.Max = 0, 100
		svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
		if err != nil {
			return nil, reports.PlotError("win_chances", err)
		}
		figs = append(figs, reports.Figure{Name: "win_chances", Title: title,
			Caption: fmt.Sprintf(w.ChancesCaption, tr.Game, t.context()), SVG: svg, PNG: png, CSV: t.chanceRows()})
	}
	return figs, nil
}

// winTables returns the table of the decisions of a profiled player, by groups of the
// turns left and of the lead.
func (t *tableReport) winTables() []reports.Table {
	pr := t.res.Profile
	if pr == nil {
		return nil
	}
	w, l := t.win(), t.l
	turns := len(pr.Counts)
	tb := reports.Table{ID: "table-win-decisions", Title: fmt.Sprintf(w.DecisionsTable, t.res.Players[pr.Player]),
		Head: []string{w.TurnsLeft, w.Lead, w.Decisions, w.Unlike, w.Riskier, w.Safer}, Note: w.DecisionsNote}
	// Groups of turns left: thirds of the game, the last three turns apart.
	spans := [][2]int{{turns, 2*turns/3 + 1}, {2 * turns / 3, 4}, {3, 1}}
	// Groups of the lead, by the middles of their cells (a cell of middle x holds the
	// leads from x − 5 to x + 4): behind by more than 55, by 16 to 55, about level, ahead
	// by 15 to 54, by more.
	leads := [][2]int{{-tablegame.DiffMax, -60}, {-50, -20}, {-10, 10}, {20, 50}, {60, tablegame.DiffMax}}
	for _, sp := range spans {
		for li, ld := range leads {
			var all int64
			var by [strategies.Verdicts]int64
			for left := sp[1]; left <= sp[0]; left++ {
				for d := range tablegame.DiffBins {
					if x := tablegame.DiffOf(d); x < ld[0] || x > ld[1] {
						continue
					}
					a, b := pr.Decisions(left, d)
					all += a
					for v := range b {
						by[v] += b[v]
					}
				}
			}
			if all == 0 {
				continue
			}
			half := tablegame.DiffStep / 2
			var lead string
			num := func(x int) string { return l.Num(float64(x), 0) }
			switch li {
			case 0:
				lead = fmt.Sprintf(w.Behind, num(-(ld[1] + half - 1)))
			case len(leads) - 1:
				lead = fmt.Sprintf(w.Ahead, num(ld[0]-half))
			default:
				lead = fmt.Sprintf(w.Level, num(ld[0]-half), num(ld[1]+half-1))
			}
			share := func(n int64) string { return l.Pct(float64(n)/float64(all), 1) }
			tb.Rows = append(tb.Rows, []string{fmt.Sprintf("%d–%d", sp[0], sp[1]), lead, l.Count(all),
				share(all - by[strategies.Same]), share(by[strategies.Riskier]), share(by[strategies.Safer])})
		}
	}
	return []reports.Table{tb}
}

// winSections returns the sections of the report of a player that sees the table: its
// decisions against optimal's (a profile), the chances along a game (a trace).
func (t *tableReport) winSections(tables []reports.Table, figs []reports.Figure) []reports.Section {
	w := t.win()
	var secs []reports.Section
	if pr := t.res.Profile; pr != nil {
		title := fmt.Sprintf(w.DecisionsTable, t.res.Players[pr.Player])
		secs = append(secs, reports.SectionOf("win-decisions", title, tables, figs, "win_decisions", "table-win-decisions")...)
	}
	if tr := t.res.Trace; tr != nil {
		secs = append(secs, reports.SectionOf("win-chances", fmt.Sprintf(w.ChancesTitle, tr.Game), tables, figs, "win_chances")...)
	}
	return secs
}

// decisionRows are the rows of win_decisions.csv: a row per cell of the profile.
func (t *tableReport) decisionRows() [][]string {
	pr := t.res.Profile
	rows := [][]string{{"turns_left", "lead", "decisions", "same", "riskier", "safer", "other"}}
	for left := len(pr.Counts); left >= 1; left-- {
		for d := range tablegame.DiffBins {
			all, by := pr.Decisions(left, d)
			if all == 0 {
				continue
			}
			rows = append(rows, []string{fmt.Sprint(left), fmt.Sprint(tablegame.DiffOf(d)), reports.I64(all),
				reports.I64(by[strategies.Same]), reports.I64(by[strategies.Riskier]), reports.I64(by[strategies.Safer]), reports.I64(by[strategies.Other])})
		}
	}
	return rows
}

// chanceRows are the rows of win_chances.csv: a row per turn of the traced game and seat.
func (t *tableReport) chanceRows() [][]string {
	tr := t.res.Trace
	rows := [][]string{{"turn", "round", "seat_played", "seat", "player", "strategy", "total", "chance"}}
	for i, turn := range tr.Turns {
		for s, p := range tr.Players {
			rows = append(rows, []string{fmt.Sprint(i), fmt.Sprint(turn.Round), fmt.Sprint(turn.Seat + 1), fmt.Sprint(s + 1),
				fmt.Sprint(p + 1), t.res.Players[p], fmt.Sprint(turn.Totals[s]), reports.F64(turn.Chances[s])})
		}
	}
	return rows
}

// turnRoundTicks mark the ends of the rounds of a table game, whose turns are the axis:
// labelled by the rounds played, a minor tick at each turn.
type turnRoundTicks struct{ players, rounds int }

func (rt turnRoundTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1
	if rt.rounds > 8 {
		step = 2
	}
	var ticks []plot.Tick
	for r := 0; r <= rt.rounds; r++ {
		label := ""
		if r%step == 0 || (r == rt.rounds && step == 1) {
			label = fmt.Sprint(r)
		}
		ticks = append(ticks, plot.Tick{Value: float64(r * rt.players), Label: label})
		for k := 1; k < rt.players && r < rt.rounds; k++ {
			ticks = append(ticks, plot.Tick{Value: float64(r*rt.players + k)})
		}
	}
	return ticks
}
