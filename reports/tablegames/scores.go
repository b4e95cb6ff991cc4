package tablegames

import (
	"fmt"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"yams/reports"
	"yams/sim"
)

// The final scores of table games: each player's distribution (table_scores) and, at a
// table of two, the distribution of the difference of their totals, game by game
// (table_difference), with a table of each. They show how a player wins: win gives up
// points where points do not change who wins, and the difference shows where it takes
// its wins (many by a little) and where it concedes its losses.

// tableScoreWords are the words of these figures and tables in one language.
type tableScoreWords struct {
	ScoresTitle, ScoresCaption                   string // caption: bin width, context
	DiffTitle, DiffX, DiffCaption, ZeroKey       string // caption: bin width, context
	ScoresTable, ScoresNote, DiffTable, DiffNote string // diffTable: player 1, player 2
	Figure, Value, Ahead, Level                  string // ahead: player
}

// scoreTranslations are these words in every language (labels_scores.tsv).
var scoreTranslations = reports.MustTranslations[tableScoreWords](labelFiles, "labels_scores.tsv")

func (t *tableReport) scoreWords() *tableScoreWords {
	return scoreTranslations.In(t.l)
}

// scorePercentiles are the percentiles the tables of final scores give.
var scorePercentiles = []int{5, 25, 50, 75, 95}

// binCounts returns the counts of a histogram in bins of width from lo, the last bin
// ending before hi.
func binCounts(h *sim.Histogram, lo, hi, width int) []int64 {
	var out []int64
	for b := lo; b < hi; b += width {
		var c int64
		for v := b; v < b+width; v++ {
			if k := v - h.Min; k >= 0 && k < len(h.Counts) {
				c += h.Counts[k]
			}
		}
		out = append(out, c)
	}
	return out
}

// binnedRows returns the points of a distribution of games binned from lo in bins of
// width (the share of the games per point, in %, at the centre of each bin), and the rows
// of its CSV: from, to, games, share (a fraction) and % per point of each bin, after
// first.
func binnedRows(counts []int64, games int64, lo, width int, first ...string) (plotter.XYs, [][]string) {
	var xys plotter.XYs
	var rows [][]string
	for k, c := range counts {
		from := lo + k*width
		share := float64(c) / float64(games)
		perPoint := 100 * share / float64(width)
		xys = append(xys, plotter.XY{X: float64(from) + float64(width-1)/2, Y: perPoint})
		rows = append(rows, append(append([]string(nil), first...), strconv.Itoa(from), strconv.Itoa(from+width-1), reports.I64(c), reports.F64(share), reports.F64(perPoint)))
	}
	return xys, rows
}

// centredWidths are the widths of the bins of a difference: odd, so that a bin is
// centred on 0, the ties with the closest games.
var centredWidths = []int{1, 3, 5, 7, 11, 15, 21, 31, 51, 101, 201, 501, 1001}

// centredBins returns bins of an odd width centred on 0 and its multiples that hold
// the values lo to hi in at most maxBins: the first bin's start, the end of the last,
// and the width.
func centredBins(lo, hi int) (from, to, width int) {
	width = centredWidths[len(centredWidths)-1]
	for _, w := range centredWidths {
		if (reports.FloorTo(hi+w/2, w)-reports.FloorTo(lo+w/2, w))/w+1 <= reports.MaxBins {
			width = w
			break
		}
	}
	return centredBinsOf(lo, hi, width)
}

// centredBinsOf returns the bins of width (odd) centred on 0 and its multiples that hold
// the values lo to hi: the first bin's start and the end of the last.
func centredBinsOf(lo, hi, width int) (from, to, w int) {
	half := width / 2
	return reports.FloorTo(lo+half, width) - half, reports.FloorTo(hi+half, width) + width - half, width
}

// playerLabel names player p, from 1, with its strategy: "player 1 (win)"; in prose the
// strategy is in code font.
func (t *tableReport) playerLabel(p int, prose bool) string {
	name := t.res.Players[p]
	if prose {
		name = reports.Code(name)
	}
	return fmt.Sprintf(t.l.PlayerOf, p+1, name)
}

// scoreFigures draws the distribution of each player's final score and, at a table of
// two, that of the difference of their totals.
func (t *tableReport) scoreFigures() ([]reports.Figure, error) {
	l, w := t.l, t.scoreWords()
	n := len(t.res.Players)
	// The axis spans the 0.1th to the 99.9th percentile of the players, as the scores of
	// a run do; the bins, of the width that suits the axis, span every score, so that
	// the CSV holds every game.
	lo, hi := 1<<31-1, -1<<31
	first, last := lo, hi
	for p := range n {
		h := t.res.Scores(p)
		if a, b, ok := h.Range(); ok {
			lo, hi = min(lo, reports.Quantile(h, 0.001)), max(hi, reports.Quantile(h, 0.999))
			first, last = min(first, a), max(last, b)
		}
	}
	if lo > hi {
		return nil, nil
	}
	axisFrom, axisTo, width := reports.WholeBins(lo, hi)
	from, to := reports.FloorTo(first, width), reports.FloorTo(last, width)+width
	p := reports.NewPlot(l, w.ScoresTitle+" · "+t.res.Rules, l.ScoresX, l.ScoresY)
	reports.Grid(p, false, true)
	p.X.Min, p.X.Max = float64(axisFrom), float64(axisTo)
	p.Y.Min = 0
	top := 0.0
	data := [][]string{{"player", "strategy", "score_from", "score_to", "games", "share", "percent_per_point", "mean", "median"}}
	for k := range n {
		h := t.res.Scores(k)
		mean, _ := t.res.Mean(k)
		median := reports.Quantile(h, 0.5)
		xys, rows := binnedRows(binCounts(h, from, to, width), h.Total(), from, width, strconv.Itoa(k+1), t.res.Players[k])
		for _, row := range rows {
			data = append(data, append(row, reports.F64(mean), strconv.Itoa(median)))
		}
		for _, xy := range xys {
			top = max(top, xy.Y)
		}
		if err := reports.AddDistribution(p, t.playerLabel(k, false), xys, width, mean, median, t.looks[k]); err != nil {
			return nil, reports.PlotError("table_scores", err)
		}
	}
	svg, png, err := reports.RenderDistributions(p, l, top, "table_scores")
	if err != nil {
		return nil, err
	}
	figs := []reports.Figure{{Name: "table_scores", Title: w.ScoresTitle, Caption: fmt.Sprintf(w.ScoresCaption, width, t.context()), SVG: svg, PNG: png, CSV: data}}

	d := t.res.Difference()
	if d == nil {
		return figs, nil
	}
	dlo, dhi, ok := d.Range()
	if !ok {
		return figs, nil
	}
	axisFrom, axisTo, width = centredBins(min(0, reports.Quantile(d, 0.001)), max(0, reports.Quantile(d, 0.999)))
	from, to, _ = centredBinsOf(dlo, dhi, width)
	p = reports.NewPlot(l, w.DiffTitle+" · "+t.res.Rules, w.DiffX, l.ScoresY)
	reports.Grid(p, false, true)
	p.X.Min, p.X.Max = float64(axisFrom), float64(axisTo)
	p.Y.Min = 0
	mean, _ := d.Moments()
	median := reports.Quantile(d, 0.5)
	xys, rows := binnedRows(binCounts(d, from, to, width), d.Total(), from, width)
	data = [][]string{{"difference_from", "difference_to", "games", "share", "percent_per_point", "mean", "median"}}
	top = 0
	for k, row := range rows {
		data = append(data, append(row, reports.F64(mean.Value), strconv.Itoa(median)))
		top = max(top, xys[k].Y)
	}
	zero, err := reports.Vline(0, 0, 1.06*top, draw.LineStyle{Color: reports.Gray, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}})
	if err != nil {
		return nil, reports.PlotError("table_difference", err)
	}
	p.Add(zero)
	name := fmt.Sprintf("%s − %s", t.playerLabel(0, false), t.playerLabel(1, false))
	if err := reports.AddDistribution(p, name, xys, width, mean.Value, median, t.looks[0]); err != nil {
		return nil, reports.PlotError("table_difference", err)
	}
	p.Key(w.ZeroKey, zero)
	svg, png, err = reports.RenderDistributions(p, l, top, "table_difference")
	if err != nil {
		return nil, err
	}
	return append(figs, reports.Figure{Name: "table_difference", Title: w.DiffTitle, Caption: fmt.Sprintf(w.DiffCaption, width, t.context()), SVG: svg, PNG: png, CSV: data}), nil
}

// scoreTables returns the table of the players' final scores and, at a table of two, the
// Table of the difference of their totals.
func (t *tableReport) scoreTables() []reports.Table {
	l, w := t.l, t.scoreWords()
	st := reports.Table{ID: "table-player-scores", Title: w.ScoresTable, Head: []string{l.Player, l.Mean, l.Sd}, Note: w.ScoresNote}
	for _, rank := range scorePercentiles {
		st.Head = append(st.Head, fmt.Sprintf("p%d", rank))
	}
	for k := range t.res.Players {
		h := t.res.Scores(k)
		mean, sd := reports.Moments(h)
		row := []string{t.playerLabel(k, false), l.Interval(mean.V, mean.Lo, mean.Hi, 2), l.Interval(sd.V, sd.Lo, sd.Hi, 2)}
		for _, rank := range scorePercentiles {
			v, lo, hi := reports.PercentileCI(h, rank)
			row = append(row, l.Interval(float64(v), float64(lo), float64(hi), 0))
		}
		st.Rows = append(st.Rows, row)
	}
	d := t.res.Difference()
	if d == nil || d.Total() == 0 {
		return []reports.Table{st}
	}
	dt := reports.Table{ID: "table-difference", Title: fmt.Sprintf(w.DiffTable, t.playerLabel(0, true), t.playerLabel(1, true)),
		Head: []string{w.Figure, w.Value}, Note: w.DiffNote}
	mean, sd := reports.Moments(d)
	dt.Rows = append(dt.Rows, []string{l.Mean, l.Interval(mean.V, mean.Lo, mean.Hi, 2)}, []string{l.Sd, l.Interval(sd.V, sd.Lo, sd.Hi, 2)})
	for _, rank := range scorePercentiles {
		v, lo, hi := reports.PercentileCI(d, rank)
		dt.Rows = append(dt.Rows, []string{fmt.Sprintf("p%d", rank), l.Interval(float64(v), float64(lo), float64(hi), 0)})
	}
	// At a table of two, a player ahead at the end won alone, and a tie is a tie for the
	// first place: the difference's signs are the counts of wins (sim checks it).
	ahead, level, behind := t.res.Outright[0], t.res.Tied[0], t.res.Outright[1]
	for _, part := range []struct {
		name  string
		count int64
	}{{fmt.Sprintf(w.Ahead, t.playerLabel(0, false)), ahead}, {w.Level, level}, {fmt.Sprintf(w.Ahead, t.playerLabel(1, false)), behind}} {
		e := reports.Wilson(part.count, d.Total())
		dt.Rows = append(dt.Rows, []string{part.name, l.PctInterval(e.V, e.Lo, e.Hi, 2)})
	}
	return []reports.Table{st, dt}
}
