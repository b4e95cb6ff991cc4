package tableplay

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
)

// Where every column but one is full on both sheets, the estimate of win on several
// columns is exact (the calibration is 0 with one column open, and the column's points
// to come are its remaining table's), so it decides as win does on that column alone,
// given the same lead: every keep and every box, at every roll, of positions with the
// last column partly filled on each sheet.
func TestColumnsWinDecidesAsWinOnTheLastColumn(t *testing.T) {
	exacttest.NotUnderRace(t)
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	cr, err := r.ColumnRules(1)
	if err != nil {
		t.Fatal(err)
	}
	cw, err := newColumnsWin(r)
	if err != nil {
		t.Fatal(err)
	}
	one, err := newWinStrategy(cr)
	if err != nil {
		t.Fatal(err)
	}
	nb := r.NumBoxes()
	// Column 0 full, the same on both sheets; column 1 (top-down: fives, sixes, chance,
	// yahtzee) filled to k boxes with scores its boxes can take.
	full := []int{15, 18, 20, 0}
	choices := [][]int{{0, 5, 10, 15, 20, 25}, {0, 6, 12, 18, 24, 30}, {5, 13, 22, 30}, {0, 50}}
	g := rand.New(rand.NewPCG(3, 4))
	sheets := func(k int) (engine.Sheet, engine.Sheet) {
		col := make([]int, nb)
		for b := range col {
			col[b] = -1
			if b < k {
				col[b] = choices[b][g.IntN(len(choices[b]))]
			}
		}
		s1, err := engine.SheetOf(cr, col, 0)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := engine.SheetOf(r, append(append([]int(nil), full...), col...), 0)
		if err != nil {
			t.Fatal(err)
		}
		return s1, s2
	}
	decided, differ := 0, 0
	for trial := range 40 {
		kOwn, kOpp := trial%nb, (trial/nb+trial)%nb
		own1, own2 := sheets(kOwn)
		opp1, opp2 := sheets(kOpp)
		one.SeeTable(&strategies.Table{Seat: 0, Sheets: []*engine.Sheet{&own1, &opp1}, Players: []string{"win", "optimal"}})
		cw.SeeTable(&strategies.Table{Seat: 0, Sheets: []*engine.Sheet{&own2, &opp2}, Players: []string{"win", "column-tables"}})
		one.load(&own1)
		tv := newTurnValues(one, &own1)
		for roll := range engine.Roll(engine.NumRolls) {
			for left := 1; left < r.Rolls(); left++ {
				a, b := one.Keep(&own1, roll, left), cw.Keep(&own2, roll, left)
				if a == b {
					continue
				}
				// Two keeps of the same worth: a tie, which the two solvers break apart.
				used := r.Rolls() - left
				if va, vb := tv.keep(a, roll, used), tv.keep(b, roll, used); math.Abs(va-vb) > 1e-12 {
					t.Fatalf("own %d boxes, opponent %d: keep of %v with %d rolls left: win on the column %v (worth %.15g), on the sheet %v (%.15g)", kOwn, kOpp, roll, left, a, va, b, vb)
				}
				differ++
			}
			for used := 1; used <= r.Rolls(); used++ {
				a, b := one.Box(&own1, roll, used), cw.Box(&own2, roll, used)
				c, box := r.Split(b)
				if c != 1 {
					t.Fatalf("own %d boxes, opponent %d: box of %v: win on the sheet chose column %d, whose boxes are full", kOwn, kOpp, roll, c)
				}
				if box != int(a) {
					if va, vb := tv.box(int(a), roll), tv.box(box, roll); math.Abs(va-vb) > 1e-12 {
						t.Fatalf("own %d boxes, opponent %d: box of %v after %d rolls: win on the column %d (worth %.15g), on the sheet %d (%.15g)", kOwn, kOpp, roll, used, a, va, box, vb)
					}
					differ++
				}
			}
		}
		if !cw.settled {
			decided++
		}
		if cw.settled != one.settled {
			t.Fatalf("own %d boxes, opponent %d: settled %v on the sheet, %v on the column", kOwn, kOpp, cw.settled, one.settled)
		}
	}
	if decided < 20 {
		t.Errorf("%d of 40 positions decided for the table, want most: the test compares optimal's decisions", decided)
	}
	t.Logf("%d decisions of equal worth told apart otherwise", differ)
}

// turnValues values a turn's decisions as win on one column values them: a final roll's
// box by W (winTurn.Value), or by the points and optimal's value where the turn is
// settled, and a keep by the expectation of the best play after it.
type turnValues struct {
	w        *winStrategy
	mask     uint32
	u, f, p  int
	best     map[[2]int]float64
	outcomes map[engine.Keep]map[engine.Roll]float64
}

func newTurnValues(w *winStrategy, sh *engine.Sheet) *turnValues {
	mask, u, f, _ := w.sp.SheetParts(sh)
	return &turnValues{w: w, mask: mask, u: u, f: f, p: w.sp.PointsSoFar(sh), best: map[[2]int]float64{}, outcomes: map[engine.Keep]map[engine.Roll]float64{}}
}

// box is the worth of scoring roll in box b.
func (tv *turnValues) box(b int, roll engine.Roll) float64 {
	x := tv.w.sp.Apply(tv.mask, tv.u, tv.f, b, roll)
	if tv.w.settled {
		return float64(x.Reward) + tv.w.sh.mean.Table.Values[x.Next]
	}
	return tv.w.turn.Value(x.Next, tv.p+x.Reward)
}

// keep is the worth of keeping k from roll after used rolls: the expectation, over the
// rerolled dice, of the best play after them (stopping, if k keeps every die).
func (tv *turnValues) keep(k engine.Keep, roll engine.Roll, used int) float64 {
	if k == roll.Keep() {
		return tv.bestOf(roll, used, true)
	}
	out := tv.outcomes[k]
	if out == nil {
		out = map[engine.Roll]float64{}
		var add func(k engine.Keep, p float64)
		add = func(k engine.Keep, p float64) {
			if k.IsRoll() {
				out[k.Roll()] += p
				return
			}
			for face := 1; face <= engine.NumFaces; face++ {
				add(k.Add(face), p/engine.NumFaces)
			}
		}
		add(k, 1)
		tv.outcomes[k] = out
	}
	v := 0.0
	for next, p := range out {
		v += p * tv.bestOf(next, used+1, false)
	}
	return v
}

// bestOf is the worth of the best play from roll after used rolls (stopping only, if
// stop).
func (tv *turnValues) bestOf(roll engine.Roll, used int, stop bool) float64 {
	key := [2]int{int(roll), used}
	if !stop {
		if v, ok := tv.best[key]; ok {
			return v
		}
	}
	sp := tv.w.sp
	v := math.Inf(-1)
	for l := sp.Legal(tv.mask, roll, used); l != 0; l &= l - 1 {
		v = max(v, tv.box(bits.TrailingZeros32(l), roll))
	}
	if !stop && used < sp.Rules.Rolls() {
		for _, k := range engine.SubKeeps(roll)[1:] {
			v = max(v, tv.keep(k, roll, used))
		}
	}
	if !stop {
		tv.best[key] = v
	}
	return v
}

// On a small sheet of two columns win beats column-tables at two players beyond the
// interval of its win rate, whatever it is told of the other's play (greedy is modelled
// as column-tables, and WinAssumes says so), and the counts of a table of three do not
// depend on the number of workers.
func TestColumnsWinAtTheTable(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	if !exacttest.RaceEnabled { // statistics, not concurrency: the tables below race the workers
		res := winTable(t, r, 20000, 2, "win", "column-tables")
		if s := res.WinRate(0); s.CI95.Lo <= 0.5 {
			t.Errorf("win against column-tables: %.4f, interval [%.4f, %.4f] (want above 1/2)", s.Rate, s.CI95.Lo, s.CI95.Hi)
		}
	}
	if as, why, err := WinAssumes(r, "greedy"); err != nil || as != "column-tables" || why == "" {
		t.Errorf("win on several columns assumes %q of greedy (%q, %v), want column-tables", as, why, err)
	}
	one := winTable(t, r, 1500, 1, "win", "column-tables", "greedy")
	three := winTable(t, r, 1500, 3, "win", "column-tables", "greedy")
	if !slices.Equal(one.Outright, three.Outright) || !slices.EqualFunc(one.Shares, three.Shares, slices.Equal) {
		t.Errorf("three players: %v with one worker, %v with three", one.Shares, three.Shares)
	}
}

// win beats column-tables at two players beyond the interval on the family sheet and on
// yams's free and top-down columns (issue 31's sheets; docs/tables.md gives 51.00% of
// 100,000 family tables and 50.86% of 200,000 free + top-down ones).
func TestColumnsWinOnFamilySheets(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	for _, c := range []struct {
		r     *engine.Rules
		games int64
	}{{exacttest.MustRules(t, "yams", "columns=free,top_down"), 100000}, {exacttest.MustRules(t, "../../examples/rules/yams-family.json"), 40000}} {
		r := c.r
		res := winTable(t, r, c.games, 2, "win", "column-tables")
		if s := res.WinRate(0); s.CI95.Lo <= 0.5 {
			t.Errorf("%s, win against column-tables: %.4f, interval [%.4f, %.4f] (want above 1/2)", r.Name(), s.Rate, s.CI95.Lo, s.CI95.Hi)
		}
	}
}
