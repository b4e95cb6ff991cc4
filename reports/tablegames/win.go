package tablegames

import (
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
	decisionsTitle, decisionsX, decisionsY, decisionsKey, decisionsCaption string // player, fewest, context
	chancesTitle, chancesX, chancesY, chancesKey, chancesCaption           string // game, context
	decisionsTable, turnsLeft, lead, decisions, unlike, riskier, safer     string
	decisionsNote                                                          string
	behind, ahead, level                                                   string
	seatsNote                                                              string
}

var winEnglish = winWords{
	decisionsTitle: "Where %s decides unlike optimal", decisionsX: "turns left", decisionsY: "lead (points)",
	decisionsKey:     "riskier less safer decisions (% of decisions)",
	decisionsCaption: "Decisions of %s against optimal's at the same position, by the turns it has left and its lead (its total less the best of the others', negative when behind), in cells of 10 points; red where it takes riskier decisions than optimal would (the final score more spread out, both decisions played on as optimal plays), blue where it takes safer ones, white where it decides as optimal; cells of fewer than %s decisions are grey (%s).",
	chancesTitle:     "Chances of winning along table game %d", chancesX: "rounds played", chancesY: "chance of winning (%)",
	chancesKey:     "seat %d · %s, %s points",
	chancesCaption: "Each player's chance of finishing first after each turn of table game %d, as win estimates it: every player's rest of the game from the exact distribution of the points still to come under its strategy (win's as optimal's), a tie shared; the legend gives the final totals (%s).",
	decisionsTable: "Decisions of %s against optimal's", turnsLeft: "turns left", lead: "lead", decisions: "decisions",
	unlike: "unlike optimal", riskier: "riskier", safer: "safer",
	decisionsNote: "Shares of the decisions (keeps and boxes) at each position; a decision unlike optimal's is riskier when the final score it leads to is more spread out than after optimal's (both played on as optimal plays), safer when less. win_decisions.csv holds every cell of 10 points.",
	behind:        "behind by %s or more", ahead: "ahead by %s or more", level: "from %s to %s",
	seatsNote: "A player sees the other players' sheets and decides by them, so the seat may matter: in a round, a later seat knows more of the others' scores. Players rotate seats from game to game, and each seat throws its own dice; the χ² test compares the wins of each seat with those its players would take at their overall rates.",
}

var winFrench = winWords{
	decisionsTitle: "Où %s décide autrement qu’optimal", decisionsX: "tours restants", decisionsY: "avance (points)",
	decisionsKey:     "décisions plus risquées moins plus sûres (% des décisions)",
	decisionsCaption: "Décisions de %s comparées à celles d’optimal dans la même position, selon les tours qui lui restent et son avance (son total moins le meilleur des autres, négative quand il est mené), par cases de 10 points ; en rouge où il prend des décisions plus risquées qu’optimal (un score final plus dispersé, les deux décisions suivies du jeu d’optimal), en bleu où il en prend de plus sûres, en blanc où il décide comme optimal ; les cases de moins de %s décisions sont grises (%s).",
	chancesTitle:     "Chances de gagner au fil de la partie %d", chancesX: "tours de table joués", chancesY: "chance de gagner (%)",
	chancesKey:     "place %d · %s, %s points",
	chancesCaption: "Chance de chaque joueur de finir premier après chaque tour de la partie %d, telle que win l’estime : la fin de partie de chacun selon la distribution exacte des points qui lui restent à marquer avec sa stratégie (celle de win comme celle d’optimal), une égalité partagée ; la légende donne les totaux finaux (%s).",
	decisionsTable: "Décisions de %s comparées à celles d’optimal", turnsLeft: "tours restants", lead: "avance", decisions: "décisions",
	unlike: "autres qu’optimal", riskier: "plus risquées", safer: "plus sûres",
	decisionsNote: "Parts des décisions (dés gardés et cases) dans chaque position ; une décision autre que celle d’optimal est plus risquée quand le score final qu’elle donne est plus dispersé qu’après celle d’optimal (les deux suivies du jeu d’optimal), plus sûre quand il l’est moins. win_decisions.csv donne chaque case de 10 points.",
	behind:        "mené de %s ou plus", ahead: "en avance de %s ou plus", level: "de %s à %s",
	seatsNote: "Un joueur voit les feuilles des autres et décide d’après elles : la place peut compter, car dans un tour une place plus tardive connaît davantage des scores des autres. Les joueurs tournent d’une partie à l’autre et chaque place lance ses propres dés ; le test du χ² compare les victoires de chaque place à celles que ses joueurs prendraient à leurs taux d’ensemble.",
}

func (t *tableReport) win() *winWords {
	if t.l.Lang == "fr" {
		return &winFrench
	}
	return &winEnglish
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
		title := fmt.Sprintf(w.decisionsTitle, name)
		p := reports.NewPlot(l, title+" · "+t.res.Rules, w.decisionsX, w.decisionsY)
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
		bar.X.Label.Text = w.decisionsKey
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
			Caption: fmt.Sprintf(w.decisionsCaption, name, l.Count(fewestDecisions), t.context()), SVG: svg, PNG: png, CSV: t.decisionRows()})
	}
	if tr := t.res.Trace; tr != nil {
		n := len(tr.Players)
		title := fmt.Sprintf(w.chancesTitle, tr.Game)
		p := reports.NewPlot(l, title+" · "+t.res.Rules, w.chancesX, w.chancesY)
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
			p.Key(fmt.Sprintf(w.chancesKey, s+1, t.playerLabel(tr.Players[s], false), l.Count(int64(last.Totals[s]))), ln)
		}
		p.X.Min, p.X.Max = 0, float64(len(tr.Turns)-1)
		p.X.Tick.Marker = turnRoundTicks{players: n, rounds: (len(tr.Turns) - 1) / n}
		p.Y.Min, p.Y.Max = 0, 100
		svg, png, err := p.Render(reports.FigWidth, reports.FigHeight)
		if err != nil {
			return nil, reports.PlotError("win_chances", err)
		}
		figs = append(figs, reports.Figure{Name: "win_chances", Title: title,
			Caption: fmt.Sprintf(w.chancesCaption, tr.Game, t.context()), SVG: svg, PNG: png, CSV: t.chanceRows()})
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
	tb := reports.Table{ID: "table-win-decisions", Title: fmt.Sprintf(w.decisionsTable, t.res.Players[pr.Player]),
		Head: []string{w.turnsLeft, w.lead, w.decisions, w.unlike, w.riskier, w.safer}, Note: w.decisionsNote}
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
				lead = fmt.Sprintf(w.behind, num(-(ld[1] + half - 1)))
			case len(leads) - 1:
				lead = fmt.Sprintf(w.ahead, num(ld[0]-half))
			default:
				lead = fmt.Sprintf(w.level, num(ld[0]-half), num(ld[1]+half-1))
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
		title := fmt.Sprintf(w.decisionsTable, t.res.Players[pr.Player])
		secs = append(secs, reports.SectionOf("win-decisions", title, tables, figs, "win_decisions", "table-win-decisions")...)
	}
	if tr := t.res.Trace; tr != nil {
		secs = append(secs, reports.SectionOf("win-chances", fmt.Sprintf(w.chancesTitle, tr.Game), tables, figs, "win_chances")...)
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
