package columns

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies/analysis"
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
		t.Logf("flexTable %v: exact %.4f, measured %.4f ± %.4f (%d games), plan %.4f", flex != nil, exact, fig.Mean, fig.HalfWidth, fig.Games, e.plan(0, 0))
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
		rp := newRollout(d)
		g := rand.NewPCG(5, 5)
		var plain, cv [2]float64
		for range n {
			x, y := rp.play(&sh, 0, 0, g)
			plain[0], plain[1] = plain[0]+x, plain[1]+x*x
			cv[0], cv[1] = cv[0]+y, cv[1]+y*y
		}
		fn := float64(n)
		sdPlain := math.Sqrt(plain[1]/fn - (plain[0]/fn)*(plain[0]/fn))
		sdCV := math.Sqrt(cv[1]/fn - (cv[0]/fn)*(cv[0]/fn))
		t.Logf("sd of the scores %.3f, of the corrected scores %.3f", sdPlain, sdCV)
		if !(sdCV < sdPlain/2) {
			t.Errorf("sd of the scores %.3f, of the corrected scores %.3f", sdPlain, sdCV)
		}
	}
}

// TestColumnEstimateOptions checks the options of a measured position: the best keep's
// value is the figure, every value is the figure less the plan's cost, the best box where
// no roll is left is the figure.
func TestColumnEstimateOptions(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,sec")
	d := smallColumnData(t, r)
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
	keeps := e.Keeps(roll, 1)
	if best := e.BestKeepValue(roll, 1); best != fig.Mean || math.Abs(keeps[0].Value-best) > 1e-9 {
		t.Errorf("best keep %.6f, first option %.6f, figure %.6f", best, keeps[0].Value, fig.Mean)
	}
	for _, o := range keeps {
		if o.Value > fig.Mean+1e-9 {
			t.Errorf("keep %v worth %.6f, above the best's %.6f", o.Keep, o.Value, fig.Mean)
		}
	}
	last := e.Figure(roll, 3)
	if b := e.BestBoxValue(roll, 3); math.Abs(b-last.Mean) > 1e-9 || math.Abs(e.Boxes(roll, 3)[0].Value-b) > 1e-9 {
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
		fig := e.Figure(roll, used)
		sum, sq := playOn(d, &sh, roll, used, reference, uint64(i))
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

// playOn plays n games of column-tables on from roll r after used rolls of sheet s, on two
// goroutines, and returns the sum of their scores and of their squares.
func playOn(d *columnData, s *engine.Sheet, r engine.Roll, used, n int, seed uint64) (sum, sq float64) {
	var parts [2][2]float64
	var wg sync.WaitGroup
	for w := range parts {
		wg.Go(func() {
			ct := newColumnTablesOf(d, d.flex)
			g := rand.NewPCG(seed, 0x706c61696e+uint64(w))
			for range (n + 1 - w) / 2 {
				sh, r, used := *s, r, used
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
