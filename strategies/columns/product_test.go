package columns

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/exacttest"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// bruteForce is the plainest exact solve of a sheet of any number of columns: a search
// over real sheets (engine.Sheet), the turn planned by engine.TurnPlan, every legal box of
// every column tried with the sheet's own scoring, and the expectation of what the game
// adds to the sheet's total memoised on what the future depends on (the filled boxes, each
// column's upper subtotal, whether each column's yahtzee box scored). It shares no code
// with the solver but the engine.
type bruteForce struct {
	rules *engine.Rules
	memo  map[bfKey]float64
}

// bfKey is what the rest of a game depends on.
type bfKey struct {
	filled uint64
	upper  [engine.MaxColumns]int
	scored uint8 // the columns whose yahtzee box holds a non-zero score
}

func (bf *bruteForce) key(s *engine.Sheet) bfKey {
	k := bfKey{filled: s.FilledMask()}
	nb, y := bf.rules.NumBoxes(), bf.rules.YahtzeeBox()
	for c := range bf.rules.Columns() {
		k.upper[c] = s.Upper(c)
		if y >= 0 && s.Score(engine.BoxID(c*nb+y)) > 0 {
			k.scored |= 1 << c
		}
	}
	return k
}

// future returns the expected points still to come on sheet s: E[final total] − total now.
func (bf *bruteForce) future(s *engine.Sheet) float64 {
	if s.Done() {
		return 0
	}
	k := bf.key(s)
	if v, ok := bf.memo[k]; ok {
		return v
	}
	rolls := bf.rules.Rolls()
	var tp engine.TurnPlan
	for u := range rolls {
		for r := range engine.Roll(engine.NumRolls) {
			best := math.Inf(-1)
			for l := s.Legal(r, u+1); l != 0; l &= l - 1 {
				id := engine.BoxID(trailingZeros(l))
				next := *s
				next.Fill(id, r)
				if v := float64(next.Total()-s.Total()) + bf.future(&next); v > best {
					best = v
				}
			}
			tp.Stop[u][r] = best
		}
	}
	v := tp.Solve(rolls, false)
	bf.memo[k] = v
	return v
}

func trailingZeros(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// TestProductAgainstBruteForce checks the solver of several columns against the brute
// force on small sheets: the value of every reachable state, to 1e-9 (the two add in
// different orders). The solver counts the upper bonus when the subtotal reaches the
// threshold, the sheet when the upper section is complete: the brute force's values are
// moved to the solver's count.
func TestProductAgainstBruteForce(t *testing.T) {
	for _, columns := range []string{"free,free", "free,top_down", "top_down,bottom_up", "sec,free"} {
		t.Run(columns, func(t *testing.T) {
			r := exacttest.ColumnsRules(t, exacttest.ThreeBoxes, columns)
			checkProductAgainstBruteForce(t, r)
		})
	}
}

func checkProductAgainstBruteForce(t *testing.T, r *engine.Rules) {
	t.Helper()
	tab, err := solver.SolveProduct(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	bf := &bruteForce{rules: r, memo: map[bfKey]float64{}}
	s := engine.NewSheet(r)
	if got, want := tab.Expected(), bf.future(&s); math.Abs(got-want) > 1e-9 {
		t.Fatalf("expected score %.12f, brute force %.12f", got, want)
	}
	// Every sheet a game reaches: fill every legal box with every roll, breadth first.
	type seenKey struct {
		k      bfKey
		points int
	}
	seen := map[seenKey]bool{}
	layer := []engine.Sheet{s}
	checked := 0
	for len(layer) > 0 {
		var next []engine.Sheet
		for i := range layer {
			sh := &layer[i]
			v, ok := tab.SheetValue(sh)
			if !ok {
				t.Fatalf("sheet %+v is not a state of the table", bf.key(sh))
			}
			want := bf.future(sh) + float64(sh.Total()) - analysis.SolverPoints(sh)
			if math.Abs(v-want) > 1e-9 {
				t.Fatalf("sheet %+v: value %.12f, brute force %.12f", bf.key(sh), v, want)
			}
			checked++
			if sh.Done() {
				continue
			}
			for roll := range engine.Roll(engine.NumRolls) {
				// Legality depends on the roll number through the "sec" columns alone:
				// the first roll and the last stand for all.
				for _, ru := range []int{1, r.Rolls()} {
					for l := sh.Legal(roll, ru); l != 0; l &= l - 1 {
						n := *sh
						n.Fill(engine.BoxID(trailingZeros(l)), roll)
						if k := (seenKey{bf.key(&n), n.Total() - int(analysis.SolverPoints(&n))}); !seen[k] {
							seen[k] = true
							next = append(next, n)
						}
					}
				}
			}
		}
		layer = next
	}
	if want := tab.States(); checked < want/2 {
		t.Fatalf("checked %d sheets of %d states", checked, want)
	}
	t.Logf("%v: %.9f, %d sheets checked, %d states", r.Spec().Columns, tab.Expected(), checked, tab.States())
}

// TestProductIdentities checks the solve of several columns where a one-column solve
// tells the answer: k columns of a sheet of one box are k independent turns (k times the
// one-column value), and under one roll a "sec" column is a free column.
func TestProductIdentities(t *testing.T) {
	one := func(columns string) *engine.Rules {
		r, err := engine.Parse("one", []byte(`{"name": "one", "rolls": 3, "boxes": [{"id": "chance", "section": "lower", "kind": "chance", "add": "all"}]}`), "columns="+columns)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	v1 := solveProductOf(t, one("free")).Expected()
	for k := 2; k <= 4; k++ {
		cols := strings.TrimSuffix(strings.Repeat("free,", k), ",")
		if got := solveProductOf(t, one(cols)).Expected(); math.Abs(got-float64(k)*v1) > 1e-9 {
			t.Errorf("%d columns of one box: %.12f, want %d × %.12f", k, got, k, v1)
		}
	}
	sec := solveProductOf(t, exacttest.ColumnsRules(t, exacttest.ThreeBoxes, "sec,top_down", "rolls=1"))
	free := solveProductOf(t, exacttest.ColumnsRules(t, exacttest.ThreeBoxes, "free,top_down", "rolls=1"))
	if sec.Expected() != free.Expected() {
		t.Errorf("under one roll, sec + top_down %.12f, free + top_down %.12f", sec.Expected(), free.Expected())
	}
	// Playing the columns one after the other is a strategy of the sheet: the optimum of
	// the sheet is at least the sum of the columns' optima.
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,bottom_up")
	sum := 0.0
	for c := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := solver.Solve(cr, 2)
		if err != nil {
			t.Fatal(err)
		}
		sum += tab.Expected()
	}
	if got := solveProductOf(t, r).Expected(); got < sum {
		t.Errorf("free + bottom_up %.6f, below the columns one after the other %.6f", got, sum)
	}
}

// solveProductOf solves rules of one or several columns: the product's solver either way.
func solveProductOf(t *testing.T, r *engine.Rules) *solver.Table {
	t.Helper()
	if len(r.Columns()) == 1 {
		tab, err := solver.Solve(r, 2)
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	tab, err := solver.SolveProduct(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestProductPlayAndAnalysis checks the optimal strategy of a sheet of several columns
// three ways: the exact analysis of its play (a forward pass through its decisions) gives
// the solve's value; games played by the simulator's loop land within the interval of the
// exact figures; and the table is the same, bit for bit, with one worker or three.
func TestProductPlayAndAnalysis(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,sec,top_down")
	tab := solveProductOf(t, r)
	tab3, err := solver.SolveProduct(r, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.Values, tab3.Values) {
		t.Fatal("the table differs with 2 and 3 workers")
	}
	fig, err := AnalyzeProduct(tab, analysis.Options{Workers: 2, Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fig.Mean-tab.Expected()) > 1e-9 {
		t.Fatalf("exact analysis %.12f, solve %.12f", fig.Mean, tab.Expected())
	}
	dist := 0.0
	for i, p := range fig.Distribution {
		dist += p * float64(fig.DistMin+i)
	}
	if math.Abs(dist-fig.Mean) > 1e-9 {
		t.Fatalf("the distribution's mean %.12f, the analysis's %.12f", dist, fig.Mean)
	}
	const n = 40000
	gs := exacttest.PlayGames(t, solver.NewStrategy(tab), r, n, 11)
	mean := gs.Sum / n
	se := fig.SD / math.Sqrt(n)
	if math.Abs(mean-fig.Mean) > 4.5*se {
		t.Errorf("%d games: mean %.3f, exact %.4f ± %.3f", n, mean, fig.Mean, 4.5*se)
	}
	if len(fig.Columns) != 3 || fig.HasYahtzee {
		t.Fatalf("figures of %d columns, yahtzee %v", len(fig.Columns), fig.HasYahtzee)
	}
	bonus := 0.0
	for _, c := range fig.Columns {
		bonus += c.PUpperBonus / 3
	}
	if math.Abs(bonus-fig.PUpperBonus) > 1e-12 {
		t.Errorf("P(upper bonus) %.9f, the columns' mean %.9f", fig.PUpperBonus, bonus)
	}
}

// TestProductEvaluator checks the values of the options at positions of a sheet of
// several columns: at every turn of games of the optimal strategy, the value of the turn
// is that of the table, the strategy's choices are worth the best options' values, and no
// option is worth more; and the cache of turns answers as a widget does.
func TestProductEvaluator(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,sec")
	tab := solveProductOf(t, r)
	st := solver.NewStrategy(tab)
	ev := analysis.NewEvaluator(tab)
	g := rand.NewPCG(5, 6)
	for range 300 {
		sh := engine.NewSheet(r)
		for !sh.Done() {
			if err := ev.Start(&sh); err != nil {
				t.Fatal(err)
			}
			v, ok := tab.SheetValue(&sh)
			if !ok || math.Abs(ev.Value()-(v+analysis.SolverPoints(&sh))) > 1e-9 {
				t.Fatalf("evaluator %.9f, table %.9f + %v", ev.Value(), v, analysis.SolverPoints(&sh))
			}
			roll, used := engine.Throw(g), 1
			for left := r.Rolls() - 1; left > 0 && sh.Legal(roll, used+1) != 0; left-- {
				k := st.Keep(&sh, roll, left)
				if got, best := ev.KeepValue(roll, used, k), ev.BestKeepValue(roll, used); got != best {
					t.Fatalf("keep %v worth %.9f, best %.9f", k, got, best)
				}
				for _, o := range ev.Keeps(roll, used) {
					if o.Value > ev.BestKeepValue(roll, used) {
						t.Fatalf("keep %v worth %.9f, more than the best", o.Keep, o.Value)
					}
				}
				if k == roll.Keep() {
					break
				}
				roll, used = engine.Reroll(g, k), used+1
			}
			b := st.Box(&sh, roll, used)
			if got, best := ev.BoxValue(roll, used, b), ev.BestBoxValue(roll, used); got != best {
				t.Fatalf("box %d worth %.9f, best %.9f", b, got, best)
			}
			for _, o := range ev.Boxes(roll, used) {
				if o.Value > ev.BestBoxValue(roll, used) {
					t.Fatalf("box %d worth %.9f, more than the best", o.Box, o.Value)
				}
			}
			sh.Fill(b, roll)
		}
	}
}

// TestProductStrategyAllocations checks that the optimal strategy of several columns and
// column-tables decide without allocating once their turn caches are filled.
func TestProductStrategyAllocations(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "free,top_down")
	tab := solveProductOf(t, r)
	ps := solver.NewStrategy(tab)
	turn := exacttest.TurnOf(func() strategies.Strategy { return ps }, r)
	for range 5000 {
		turn()
	}
	if a := testing.AllocsPerRun(2000, turn); a != 0 {
		t.Errorf("optimal of several columns: %.2f allocations a turn", a)
	}
	ct := newColumnTablesOf(smallColumnData(t, r), nil)
	turn = exacttest.TurnOf(func() strategies.Strategy { return ct }, r)
	if a := testing.AllocsPerRun(2000, turn); a != 0 {
		t.Errorf("column-tables: %.2f allocations a turn", a)
	}
}

// TestProductCacheFile checks that a table of several columns goes to the cache and comes
// back the same, and that a damaged file is solved again.
func TestProductCacheFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cachedir.Env, dir)
	r := exacttest.ColumnsRules(t, exacttest.ThreeBoxes, "free,bottom_up")
	tab, st, err := solver.LoadOrSolve(r, false, 2)
	if err != nil || st.Loaded || st.WriteErr != nil {
		t.Fatalf("first: %v, loaded %v, write %v", err, st.Loaded, st.WriteErr)
	}
	back, st, err := solver.LoadOrSolve(r, false, 2)
	if err != nil || !st.Loaded {
		t.Fatalf("second: %v, loaded %v", err, st.Loaded)
	}
	if !slices.Equal(tab.Values, back.Values) || back.Product == nil || back.HasDecisions() {
		t.Fatal("the table read back differs")
	}
	data, err := os.ReadFile(st.Path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(st.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	again, st, err := solver.LoadOrSolve(r, false, 2)
	if err != nil || st.Loaded || st.Rejected == nil || !slices.Equal(again.Values, tab.Values) {
		t.Fatalf("damaged file: %v, loaded %v, rejected %v", err, st.Loaded, st.Rejected)
	}
}

// TestProductTooLarge checks that a sheet whose product of columns does not fit is
// refused before anything is allocated, with the number of states and the estimate.
func TestProductTooLarge(t *testing.T) {
	r, err := engine.Load("hasbro", "columns=free,free")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = solver.LoadOrSolve(r, false, 2)
	var ce *widget.ColumnsError
	if !errors.As(err, &ce) || !errors.Is(err, widget.ErrColumns) || !errors.Is(err, memlimit.ErrTooLarge) {
		t.Fatalf("free + free: %v", err)
	}
	if !strings.Contains(err.Error(), "·10^") || ce.Memory.Need < 1<<40 {
		t.Errorf("message %q, need %d", err, ce.Memory.Need)
	}
	if err := solver.Mean.Check(r); !errors.Is(err, widget.ErrColumns) {
		t.Errorf("Check: %v", err)
	}
	if err := (solver.Objective{Kind: solver.UpperBonus}).Check(exacttest.ColumnsRules(t, exacttest.ThreeBoxes, "free,free")); !errors.Is(err, widget.ErrColumns) {
		t.Errorf("bonus on two columns: %v", err)
	}
}

// TestProductAnalysisOfStrategies checks the exact analysis of strategies other than
// optimal on a sheet of several columns: greedy and column-tables within the interval of
// their simulated games, and the regret of greedy adding up to what it gives away against
// the optimum, to the last digits.
func TestProductAnalysisOfStrategies(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,sec")
	opt := solveProductOf(t, r).Expected()
	for _, name := range []string{"greedy", ColumnTablesName} {
		fig, err := analyzeProductNamed(name, r, analysis.Options{Workers: 2, Regret: true})
		if err != nil {
			t.Fatal(err)
		}
		if rg := fig.Regret; math.Abs(rg.Total-(opt-fig.Mean)) > 1e-9 || math.Abs(rg.OptimalMean-opt) > 1e-12 {
			t.Errorf("%s: regret %.12f, optimal %.12f − mean %.12f", name, rg.Total, opt, fig.Mean)
		}
		st, err := strategies.New(name, r)
		if err != nil {
			t.Fatal(err)
		}
		const n = 30000
		mean := exacttest.PlayGames(t, st, r, n, 13).Sum / n
		if se := fig.SD / math.Sqrt(n); math.Abs(mean-fig.Mean) > 4.5*se {
			t.Errorf("%s: %d games %.3f, exact %.4f ± %.3f", name, n, mean, fig.Mean, 4.5*se)
		}
	}
}

// TestProductAnalysisCapped checks that the exact analysis of column-tables in the space
// of capped upper subtotals, which it reads, gives the figures of the analysis in the
// space of exact subtotals to the last digits, with far fewer states.
func TestProductAnalysisCapped(t *testing.T) {
	r := exacttest.ColumnsRules(t, exacttest.FourBoxes, "top_down,free")
	info, ok := strategies.Lookup(ColumnTablesName)
	if !ok {
		t.Fatal("column-tables not registered")
	}
	opts := analysis.Options{Workers: 2, Regret: true}
	capped, err := analyzeProductStrategyIn(cappedSpace, ColumnTablesName, info, r, opts)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := analyzeProductStrategyIn(widget.ExactSpace, ColumnTablesName, info, r, opts)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(capped.Mean-exact.Mean) > 1e-9 || math.Abs(capped.SD-exact.SD) > 1e-9 || math.Abs(capped.Regret.Total-exact.Regret.Total) > 1e-9 {
		t.Errorf("capped subtotals: mean %.12f sd %.12f regret %.12f; exact subtotals: %.12f %.12f %.12f",
			capped.Mean, capped.SD, capped.Regret.Total, exact.Mean, exact.SD, exact.Regret.Total)
	}
	nc, _, err := widget.ProductSizeOf(r, cappedSpace)
	if err != nil {
		t.Fatal(err)
	}
	ne, _, err := widget.ProductSizeOf(r, widget.ExactSpace)
	if err != nil {
		t.Fatal(err)
	}
	if nc >= ne {
		t.Errorf("capped subtotals: %v states, exact subtotals %v", nc, ne)
	}
	t.Logf("mean %.6f, states %v capped, %v exact", capped.Mean, nc, ne)
}
