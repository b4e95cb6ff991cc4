package columns

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/rollout"
	"yams/strategies/widget"
)

// exactColumnTables returns the exact mean of column-tables playing from d and its
// flexTable, by the exact analysis of the sheet.
func exactColumnTables(t *testing.T, d *columnData) float64 {
	t.Helper()
	pc, err := widget.NewProductOf(d.rules, cappedSpace)
	if err != nil {
		t.Fatal(err)
	}
	f, err := analysis.Analyze(pc, func() (analysis.Decider, error) {
		ps, err := newProductSynth(pc)
		if err != nil {
			return nil, err
		}
		return &productStrategyDecider{ps: ps, st: newColumnTablesOf(d, d.flex), name: ColumnTablesName}, nil
	}, analysis.Options{Workers: 2}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return f.Mean
}

// TestColumnEstimateAgainstExact checks the measured figure of column-tables at the start
// of a small sheet, with and without its flexTable, against the exact analysis of the
// same play: within three standard errors (the figure's 95% interval is reported), the
// same whatever the workers, and the control variate taking most of the spread out.
func TestColumnEstimateAgainstExact(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,bottom_up")
	d := smallColumnData(t, r)
	ft, err := fitFlex(d, 2, 6000, 3, 2, nil)
	if err != nil || ft == nil || !slices.Contains(ft.ok, true) {
		t.Fatalf("a fit that corrects nothing: %v", err)
	}
	// Under the race detector, which checks the workers' rollouts, fewer games: the
	// interval widens with them, and the checks below hold as well.
	games, n := 2048, 2000
	if exacttest.RaceEnabled {
		games, n = 256, 250
	}
	for _, flex := range []*flexTable{nil, ft} {
		d := &columnData{rules: r, tables: d.tables, flex: flex}
		exact := exactColumnTables(t, d)
		e := &ColumnEstimate{Games: games, Workers: 2, d: d, ct: newColumnTablesOf(d, flex)}
		sh := engine.NewSheet(r)
		if err := e.Start(&sh); err != nil {
			t.Fatal(err)
		}
		fig := e.Figure(0, 0)
		t.Logf("flexTable %v: exact %.4f, measured %.4f ± %.4f (%d games)", flex != nil, exact, fig.Mean, fig.HalfWidth, fig.Games)
		if math.Abs(fig.Mean-exact) > fig.HalfWidth*3/1.96 {
			t.Errorf("flexTable %v: exact %.4f, measured %.4f ± %.4f", flex != nil, exact, fig.Mean, fig.HalfWidth)
		}
		if v := e.Value(); v != fig.Mean {
			t.Errorf("Value %.6f, figure %.6f", v, fig.Mean)
		}
		e1 := &ColumnEstimate{Games: games, Workers: 1, d: d, ct: newColumnTablesOf(d, flex)}
		if err := e1.Start(&sh); err != nil {
			t.Fatal(err)
		}
		if f1 := e1.Figure(0, 0); f1 != fig {
			t.Errorf("one worker %+v, two %+v", f1, fig)
		}
		// The control variate against the plain scores of the same games.
		m := rollout.NewMeasurer(r, func() (strategies.Strategy, error) { return newColumnTablesOf(d, flex), nil }, 2)
		ms, err := m.Measure(&rollout.Position{Sheet: &sh}, []rollout.Option{{}}, n)
		if err != nil {
			t.Fatal(err)
		}
		sdPlain, sdCV := ms.PlainFigure(0).HalfWidth, ms.Figure(0).HalfWidth
		t.Logf("half widths of the scores %.3f, of the corrected scores %.3f", sdPlain, sdCV)
		if !(sdCV < sdPlain/2) {
			t.Errorf("half widths of the scores %.3f, of the corrected scores %.3f", sdPlain, sdCV)
		}
	}
}

// TestColumnEstimateOptions checks the options of a measured position: the best keep's
// value is the figure, every value is the figure less the option's cost, the best box
// where no roll is left is the figure.
func TestColumnEstimateOptions(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,sec")
	d := smallColumnData(t, r)
	defer func(set rollout.CoachSettings) { CoachSettings = set }(CoachSettings)
	CoachSettings.Margin = 100 // every keep close: three measured
	e := &ColumnEstimate{Games: 256, Workers: 2, d: d, ct: newColumnTablesOf(d, nil)}
	sh := engine.NewSheet(r)
	if err := e.Start(&sh); err != nil {
		t.Fatal(err)
	}
	roll, ok := engine.RollOf([]int{6, 6, 5, 2, 1})
	if !ok {
		t.Fatal("no roll 6,6,5,2,1")
	}
	fig := e.Figure(roll, 1)
	keeps := e.RankKeeps(roll, 1, nil)
	if best := e.BestKeepValue(roll, 1); best != fig.Mean || keeps[0].Value != best || keeps[0].Games != 256 {
		t.Errorf("best keep %.6f (%d games), first option %.6f, figure %.6f", best, keeps[0].Games, keeps[0].Value, fig.Mean)
	}
	measured := 0
	for _, o := range keeps {
		if math.Abs(o.Value-(fig.Mean-o.Cost)) > 1e-9 {
			t.Errorf("keep %v worth %.6f, not the best's %.6f less its cost %.6f", o.Option.Keep, o.Value, fig.Mean, o.Cost)
		}
		if o.Games > 0 {
			measured++
		}
	}
	if measured != CoachSettings.Most {
		t.Errorf("%d keeps measured: the look-ahead measured none beside column-tables's own", measured)
	}
	last := e.Figure(roll, 3)
	if b := e.BestBoxValue(roll, 3); b != last.Mean || e.Boxes(roll, 3)[0].Value != b {
		t.Errorf("best box %.6f, figure %.6f", b, last.Mean)
	}
}

// TestColumnEstimateCoverage measures, at positions sampled from column-tables's own games
// on the family sheet (every stage of the game, every roll of a turn), the figure of the
// advice (DefaultEstimateGames games with the control variate) against 2,000 plain games
// played on from the same position on other dice: the share of figures inside the plain
// games' 95% interval, and the share whose difference is within 1.96 of its standard
// error (both intervals counted).
func TestColumnEstimateCoverage(t *testing.T) {
	exhaustive.Only(t)
	r, err := engine.Load("../../examples/rules/yams-family.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := columnDataFor(r)
	if err != nil {
		t.Fatal(err)
	}
	const positions, reference = 200, 2000
	e := &ColumnEstimate{Games: DefaultEstimateGames, d: d, ct: newColumnTablesOf(d, d.flex)}
	st := newColumnTablesOf(d, d.flex)
	g := rand.NewPCG(29, 29)
	inside, joint := 0, 0
	for i := range positions {
		// A position: column-tables plays turns to turn i·turns/positions, then rolls.
		sh := engine.NewSheet(r)
		turns := r.NumBoxes() * len(r.Columns())
		for sh.Turn() < i*turns/positions {
			roll, used := engine.Throw(g), 1
			for used < r.Rolls() && sh.Legal(roll, used+1) != 0 {
				k := st.Keep(&sh, roll, r.Rolls()-used)
				if k == roll.Keep() {
					break
				}
				roll, used = engine.Reroll(g, k), used+1
			}
			sh.Fill(st.Box(&sh, roll, used), roll)
		}
		roll, used := engine.Throw(g), 1+i%r.Rolls()
		if sh.Legal(roll, 2) == 0 {
			used = 1
		}
		if err := e.Start(&sh); err != nil {
			t.Fatal(err)
		}
		// The advice's figure: its best option's, which the plain games play first.
		fig := e.Figure(roll, used)
		list := e.RankBoxes(roll, used, nil)
		if used < r.Rolls() && sh.Legal(roll, used+1) != 0 {
			list = e.RankKeeps(roll, used, nil)
		}
		sum, sq := playOn(d, &sh, roll, used, list[0].Option, reference, uint64(i))
		mean := sum / reference
		se := math.Sqrt((sq/reference - mean*mean) / (reference - 1))
		if math.Abs(fig.Mean-mean) <= 1.959964*se {
			inside++
		}
		if math.Abs(fig.Mean-mean) <= 1.959964*math.Hypot(se, fig.HalfWidth/1.959964) {
			joint++
		}
		if i%20 == 0 {
			t.Logf("turn %d, roll %d: figure %.2f ± %.2f, %d plain games %.2f ± %.2f", sh.Turn()+1, used, fig.Mean, fig.HalfWidth, reference, mean, 1.959964*se)
		}
	}
	t.Logf("%d positions: %d figures inside the plain games' 95%% interval (%.1f%%), %d within both intervals (%.1f%%)",
		positions, inside, 100*float64(inside)/positions, joint, 100*float64(joint)/positions)
	if inside < positions*85/100 || joint < positions*90/100 {
		t.Errorf("coverage %d and %d of %d positions", inside, joint, positions)
	}
}

// playOn plays n games on from roll r after used rolls of sheet s, option first decided
// there and column-tables deciding after, on two goroutines, and returns the sum of
// their scores and of their squares.
func playOn(d *columnData, s *engine.Sheet, r engine.Roll, used int, first rollout.Option, n int, seed uint64) (sum, sq float64) {
	var parts [2][2]float64
	var wg sync.WaitGroup
	for w := range parts {
		wg.Go(func() {
			ct := newColumnTablesOf(d, d.flex)
			g := rand.NewPCG(seed, 0x706c61696e+uint64(w))
			for range (n + 1 - w) / 2 {
				sh, r, used := *s, r, used
				switch o := first; {
				case o.IsBox:
					sh.Fill(o.Box, r)
					r, used = engine.Throw(g), 1
				case o.Keep == r.Keep(): // stop: column-tables's box
					sh.Fill(ct.Box(&sh, r, used), r)
					r, used = engine.Throw(g), 1
				default:
					r, used = engine.Reroll(g, o.Keep), used+1
				}
				for !sh.Done() {
					for used < ct.rolls && sh.Legal(r, used+1) != 0 {
						k := ct.Keep(&sh, r, ct.rolls-used)
						if k == r.Keep() {
							break
						}
						r, used = engine.Reroll(g, k), used+1
					}
					sh.Fill(ct.Box(&sh, r, used), r)
					r, used = engine.Throw(g), 1
				}
				x := float64(sh.Total())
				parts[w][0] += x
				parts[w][1] += x * x
			}
		})
	}
	wg.Wait()
	return parts[0][0] + parts[1][0], parts[0][1] + parts[1][1]
}

// exactPlay values positions of a sheet exactly when column-tables plays on: a brute
// force over the states its play reaches (each column's state as the solver numbers it,
// which is all column-tables reads), sharing nothing with the rollouts but the strategy
// and the engine.
type exactPlay struct {
	ct   *columnTables
	memo map[[engine.MaxColumns]int]float64
}

// future returns the expected points still to come from the start of sheet sh's turn.
func (x *exactPlay) future(sh *engine.Sheet) float64 {
	if sh.Done() {
		return 0
	}
	var key [engine.MaxColumns]int
	for c := range x.ct.cols {
		p := &x.ct.cols[c]
		key[c] = p.sp.Index(p.sp.ColumnState(sh, sh.FilledMask(), c, x.ct.nb))
	}
	if v, ok := x.memo[key]; ok {
		return v
	}
	vals := x.turn(sh)
	v := 0.0
	for r, q := range widget.RollProb {
		v += q * vals[1][r]
	}
	x.memo[key] = v
	return v
}

// turn returns, for every roll after u rolls of sheet sh's turn, the expected points
// still to come when column-tables decides from there.
func (x *exactPlay) turn(sh *engine.Sheet) [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64 {
	ct, rolls := x.ct, x.ct.rolls
	var vals [engine.MaxRollsPerTurn + 1][widget.NumRolls]float64
	var ev [widget.NumKeeps]float64
	for u := rolls; u >= 1; u-- {
		if u < rolls {
			keepValues(&ev, &vals[u+1])
		}
		for r := range engine.Roll(widget.NumRolls) {
			if sh.Legal(r, u) == 0 {
				continue
			}
			if u < rolls && sh.Legal(r, u+1) != 0 {
				if k := ct.Keep(sh, r, rolls-u); k != r.Keep() {
					vals[u][r] = ev[k]
					continue
				}
			}
			vals[u][r] = x.after(sh, ct.Box(sh, r, u), r)
		}
	}
	return vals
}

// after returns the expected points still to come once roll r is scored in box id of
// sheet sh, that box's among them.
func (x *exactPlay) after(sh *engine.Sheet, id engine.BoxID, r engine.Roll) float64 {
	next := *sh
	next.Fill(id, r)
	return analysis.SolverPoints(&next) - analysis.SolverPoints(sh) + x.future(&next)
}

// option returns the expected final score of option o at roll r after used rolls of sheet
// sh, column-tables deciding after it.
func (x *exactPlay) option(sh *engine.Sheet, r engine.Roll, used int, o rollout.Option) float64 {
	base := analysis.SolverPoints(sh)
	if o.IsBox {
		return base + x.after(sh, o.Box, r)
	}
	if o.Keep == r.Keep() {
		return base + x.after(sh, x.ct.Box(sh, r, used), r)
	}
	vals := x.turn(sh)
	var ev [widget.NumKeeps]float64
	keepValues(&ev, &vals[used+1])
	return base + ev[o.Keep]
}

// TestMeasuredOptionsAgainstExact measures every keep and box of positions met in
// column-tables's games on a small sheet of two columns (with the strategy's fit, so
// that the control variate reads it), each option played on by 512 games on the same dice
// (2,048 in the exhaustive run), and checks each figure against the exact value of the
// option, column-tables playing on (exactPlay): within four standard errors; and that
// the paired difference of the two closest options is narrower than either figure.
func TestMeasuredOptionsAgainstExact(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	d := smallColumnData(t, r)
	ft, err := fitFlex(d, 2, 6000, 3, 2, nil)
	if err != nil || ft == nil {
		t.Fatalf("no fit: %v", err)
	}
	d = &columnData{rules: r, tables: d.tables, flex: ft}
	ct := newColumnTablesOf(d, ft)
	x := &exactPlay{ct: newColumnTablesOf(d, ft), memo: map[[engine.MaxColumns]int]float64{}}
	m := rollout.NewMeasurer(r, func() (strategies.Strategy, error) { return newColumnTablesOf(d, ft), nil }, 2)
	games := 512
	switch {
	case exacttest.RaceEnabled:
		games = 128
	case exhaustive.On:
		games = 2048
	}
	g := rand.NewPCG(11, 12)
	sh := engine.NewSheet(r)
	checked, narrower, positions := 0, 0, 0
	for sh.Turn() < r.NumSlots()-1 {
		roll := engine.Throw(g)
		used := 1
		if sh.Turn()%2 == 1 {
			roll = engine.Reroll(g, ct.Keep(&sh, roll, ct.rolls-1))
			used = 2
		}
		var opts []rollout.Option
		if sh.Legal(roll, used+1) != 0 {
			for _, k := range engine.SubKeeps(roll) {
				opts = append(opts, rollout.KeepOption(k))
			}
		}
		for l := sh.Legal(roll, used); l != 0; l &= l - 1 {
			opts = append(opts, rollout.BoxOption(engine.BoxID(bits.TrailingZeros64(l))))
		}
		ms, err := m.Measure(&rollout.Position{Sheet: &sh, Roll: roll, Used: used}, opts, games)
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range opts {
			f, want := ms.Figure(i), x.option(&sh, roll, used, o)
			if math.Abs(f.Mean-want) > 4*f.HalfWidth/1.96+1e-9 {
				t.Errorf("turn %d, roll %v after %d: %v measured %.4f ± %.4f, exactly %.4f", sh.Turn()+1, roll, used, o, f.Mean, f.HalfWidth, want)
			}
			checked++
		}
		// The two options closest in exact value: their paired difference is narrower
		// than either figure's interval (the common dice).
		if len(opts) > 1 {
			bi, bj, gap := 0, 1, math.Inf(1)
			for i := range opts {
				for j := i + 1; j < len(opts); j++ {
					if d := math.Abs(x.option(&sh, roll, used, opts[i]) - x.option(&sh, roll, used, opts[j])); d < gap {
						bi, bj, gap = i, j, d
					}
				}
			}
			if ms.Diff(bi, bj).HalfWidth < min(ms.Figure(bi).HalfWidth, ms.Figure(bj).HalfWidth) {
				narrower++
			}
			positions++
		}
		sh.Fill(ct.Box(&sh, roll, used), roll)
	}
	t.Logf("%d options checked; the paired difference of the two closest narrower than either figure at %d of %d positions", checked, narrower, positions)
	if checked < 20 || narrower < positions*3/4 {
		t.Errorf("%d options checked, paired differences narrower at %d of %d positions", checked, narrower, positions)
	}
}
