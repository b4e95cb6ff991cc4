package goals

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/internal/refsolve"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// reachablePairs returns, for every state i, the scores so far a game can reach in it:
// every box filled with every roll, from the empty sheet.
func reachablePairs(sp *widget.Space) []map[int]bool {
	reach := make([]map[int]bool, sp.NumStates())
	reach[sp.Index(0, 0, 0)] = map[int]bool{0: true}
	for m := range uint32(1 << sp.NumBoxes) { // a fill only adds a bit: masks in increasing order
		for f := range sp.NumFlags {
			for u := range sp.NumSubtotals {
				i := sp.Index(m, u, f)
				for p := range reach[i] {
					for b := range sp.NumBoxes {
						if m&(1<<b) != 0 {
							continue
						}
						for r := range engine.Roll(widget.NumRolls) {
							x := sp.Apply(m, u, f, b, r)
							if reach[x.Next] == nil {
								reach[x.Next] = map[int]bool{}
							}
							reach[x.Next][p+x.Reward] = true
						}
					}
				}
			}
		}
	}
	return reach
}

// referenceGoal solves a goal with the plain one-state widget of reference_test.go, over
// the (state, score so far) pairs games reach: ref[i][p] is the best expected u(final
// score) from state i with p points scored so far. Where the least the open boxes add
// reaches upto, the value is 1 whatever the play: the reference works it out all the
// same, checks that it is 1 but for rounding, and then holds it as 1, as the solver does.
func referenceGoal(t *testing.T, sp *widget.Space, gl widget.Goal, reach []map[int]bool) []map[int]float64 {
	least := func(mask uint32) int {
		n := 0
		for b := range sp.NumBoxes {
			if mask&(1<<b) == 0 {
				lo := math.MaxInt
				for r := range engine.Roll(widget.NumRolls) {
					lo = min(lo, sp.Sign[b]*sp.Rules.Score(b, r))
				}
				n += lo
			}
		}
		return n
	}
	ref := make([]map[int]float64, sp.NumStates())
	w := refsolve.NewWidget(sp, nil)
	for n := sp.NumBoxes; n >= 0; n-- {
		for m := range uint32(1 << sp.NumBoxes) {
			if bits.OnesCount32(m) != n {
				continue
			}
			for f := range sp.NumFlags {
				for uu := range sp.NumSubtotals {
					i := sp.Index(m, uu, f)
					if len(reach[i]) == 0 {
						continue
					}
					ref[i] = map[int]float64{}
					for p := range reach[i] {
						if m == sp.FullMask {
							ref[i][p] = gl.Utility(p)
							continue
						}
						w.Score = func(x widget.Fill) float64 { return ref[x.Next][p+x.Reward] }
						x := w.Value(m, uu, f, false)
						if p+least(m) >= gl.Upto {
							if math.Abs(x-1) > 1e-12 {
								t.Fatalf("state %#x: %d points scored, the open boxes reach %d whatever the play, yet the value is %v", m, p, gl.Upto, x)
							}
							x = 1
						}
						ref[i][p] = x
					}
				}
			}
		}
	}
	return ref
}

// checkAgainstReference compares the values of a solved goal with the reference at every
// (state, score so far) pair a game reaches, bit for bit, and returns how many it checked.
func checkAgainstReference(t *testing.T, tab *solver.Table) int {
	sp, gv := tab.Space, tab.GoalValues
	reach := reachablePairs(sp)
	ref := referenceGoal(t, sp, gv.Goal, reach)
	checked := 0
	for i, ps := range reach {
		mask, u, f := sp.Split(i)
		g := int(mask)*sp.NumFlags + f
		for p := range ps {
			if mask == sp.FullMask {
				continue
			}
			if !gv.Reachable(g, p) {
				t.Fatalf("%s: state %#x u=%d f=%d: games reach %d points, beyond the values' bound", tab.Objective(), mask, u, f, p)
			}
			if got, want := gv.Value(sp, g, mask, u, p), ref[i][p]; got != want {
				t.Fatalf("%s: state %#x u=%d f=%d, %d scored so far: %v, the reference %v", tab.Objective(), mask, u, f, p, got, want)
			}
			checked++
		}
	}
	if got, want := tab.Start(), ref[sp.Index(0, 0, 0)][0]; got != want {
		t.Errorf("%s: value %v, the reference %v", tab.Objective(), got, want)
	}
	return checked
}

func TestGoalsMatchReference(t *testing.T) {
	for _, c := range []struct {
		rules *engine.Rules
		goals []string
	}{
		{exacttest.TinyRules(t), []string{"target:6", "target:40", "target:95", "target:160", "beat:optimal", "beat:greedy"}},
		// A subtracted box (points so far fall) on five boxes; with the forced joker on the
		// eight of small in the exhaustive run.
		{exacttest.TinyMinusRules(t), []string{"target:20", "target:60", "beat:optimal", "beat:greedy"}},
		{exacttest.SmallRules(t), []string{"target:150", "beat:optimal"}},
	} {
		for _, name := range c.goals {
			o, err := solver.ParseObjective(name)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(c.rules.Name()+"/"+o.String(), func(t *testing.T) {
				if c.rules.Name() == "small" {
					exhaustive.Only(t)
				}
				if exacttest.RaceEnabled && c.rules.Name() == "small" {
					t.Skip("a sequential reference of 282,099 pairs under the race detector")
				}
				tab, _, _, err := solver.LoadOrSolveObjective(c.rules, o, true, 2, GoalOf)
				if err != nil {
					t.Fatal(err)
				}
				n := checkAgainstReference(t, tab)
				t.Logf("%s: %.9f, %d pairs checked", o, tab.Value(), n)
			})
		}
	}
}

// playTarget plays n games of strategy name and returns the share that reach T.
func playTarget(t *testing.T, r *engine.Rules, name string, T, n int, seed uint64) float64 {
	t.Helper()
	st, err := strategies.New(name, r)
	if err != nil {
		t.Fatal(err)
	}
	dice := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	g := sim.NewGame(r)
	hit := 0
	for range n {
		if err := g.Play(st, dice); err != nil {
			t.Fatal(err)
		}
		if g.Sheet.Total() >= T {
			hit++
		}
	}
	return float64(hit) / float64(n)
}

func TestTargetBeatsOptimalAndAgreesWithPlay(t *testing.T) {
	r := exacttest.TinyRules(t)
	opt, err := analyze("optimal", r, analysis.Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, T := range []int{40, 95, 160} {
		name := "target:" + strconv.Itoa(T)
		tab, err := goalFor(r, solver.Objective{Kind: solver.Target, Target: T})
		if err != nil {
			t.Fatal(err)
		}
		p := tab.Value()
		q := 1 - cdfBelow(opt, T)
		if p < q-1e-12 {
			t.Errorf("%s: P(score ≥ %d) = %.9f, below optimal's %.9f", name, T, p, q)
		}
		const n = 200_000
		got := playTarget(t, r, name, T, n, 7)
		if sd := math.Sqrt(p * (1 - p) / n); math.Abs(got-p) > 4.5*sd {
			t.Errorf("%s: %d games reach %d in %.5f of games, the exact value is %.5f (sd %.5f)", name, n, T, got, p, sd)
		}
		t.Logf("%s: exact %.6f (optimal %.6f), played %.6f", name, p, q, got)
	}
}

// cdfBelow returns P(score < t) from the exact distribution.
func cdfBelow(f *analysis.Figures, t int) float64 {
	c := 0.0
	for i, p := range f.Distribution {
		if f.DistMin+i < t {
			c += p
		}
	}
	return c
}

func TestTargetRefused(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"target:x", "not a whole number"},
		{"target:3e2", "not a whole number"},
		{"beat:", "names no opponent"},
		{"beat:beat:optimal", "cannot itself be a beat: strategy"},
		{"beat:nosuch", `the opponent: unknown strategy "nosuch"`},
		{"beat:../../x", "the opponent: unknown strategy"},
	} {
		if _, err := solver.ParseObjective(c.name); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	// Targets the rules make certain or impossible; the least total of a sheet with a
	// subtracted box is below 0.
	for _, c := range []struct {
		rules *engine.Rules
		T     int
		want  string
	}{
		{exacttest.MustRules(t, "hasbro"), 5000, "no game reaches 5000 (1675 bounds the highest score)"},
		{exacttest.MustRules(t, "hasbro"), 5, "every game scores at least 5"},
		{exacttest.TinyRules(t), 5, "every game scores at least 5"},
		{exacttest.SmallRules(t), -30, "every game scores at least -30"},
	} {
		if err := (solver.Objective{Kind: solver.Target, Target: c.T}).Check(c.rules); !errors.Is(err, solver.ErrObjective) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("target:%d on %s: %v, want %q", c.T, c.rules.Name(), err, c.want)
		}
	}
	if err := (solver.Objective{Kind: solver.Target, Target: -29}).Check(exacttest.SmallRules(t)); err != nil {
		t.Errorf("target:-29 on small, whose games can end at -30: %v", err)
	}
}

func TestTargetExactAnalysis(t *testing.T) {
	for _, c := range []struct {
		rules   *engine.Rules
		targets []int
	}{
		{exacttest.TinyRules(t), []int{40, 95, 160}},
		{exacttest.SmallRules(t), []int{150}}, // scores so far fall with the subtracted box
	} {
		t.Run(c.rules.Name(), func(t *testing.T) {
			if c.rules.Name() == "small" {
				exacttest.NotUnderRace(t)
			}
			checkGoalAnalysis(t, c.rules, c.targets)
		})
	}
}

// checkGoalAnalysis checks the exact analysis of target:T for each T of targets on r:
// the same whatever the workers, P(score ≥ T) from its distribution equal to the solve's,
// the regret equal to the mean given up, and games played within the intervals (25,000
// of them, 100,000 in the exhaustive run).
func checkGoalAnalysis(t *testing.T, r *engine.Rules, targets []int) {
	opt, err := analyze("optimal", r, analysis.Options{Distribution: true, Regret: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, T := range targets {
		name := "target:" + strconv.Itoa(T)
		var figs [3]*analysis.Figures
		for k, w := range []int{1, 2, 3} {
			f, err := analyze(name, r, analysis.Options{Workers: w, Distribution: true, Regret: true})
			if err != nil {
				t.Fatal(err)
			}
			figs[k] = f
		}
		f := figs[0]
		for _, g := range figs[1:] {
			if g.Mean != f.Mean || g.SD != f.SD || g.PUpperBonus != f.PUpperBonus || !slicesEqual(g.Distribution, f.Distribution) {
				t.Fatalf("%s: the figures depend on the number of workers", name)
			}
		}
		// The forward pass, which follows the decisions, and the solve, which maximises over
		// them, must give the same probability of reaching the target.
		if p := 1 - cdfBelow(f, T); math.Abs(p-f.Objective.Value) > 1e-12 {
			t.Errorf("%s: P(score ≥ %d) = %.15f from the distribution, %.15f from the solve", name, T, p, f.Objective.Value)
		}
		sum := 0.0
		for _, p := range f.Distribution {
			sum += p
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: the distribution sums to %v", name, sum)
		}
		// The regret against optimal play adds up to the points the target gives up.
		if d := opt.Mean - f.Mean; math.Abs(f.Regret.Total-d) > 1e-9 {
			t.Errorf("%s: regret %.12f, optimal's mean minus the target's %.12f", name, f.Regret.Total, d)
		}
		if f.Mean > opt.Mean+1e-9 {
			t.Errorf("%s: mean %.9f above optimal's %.9f", name, f.Mean, opt.Mean)
		}
		// Monte Carlo: the mean of played games within its interval.
		st, err := strategies.New(name, r)
		if err != nil {
			t.Fatal(err)
		}
		games := 25_000
		if exhaustive.On {
			games = 100_000
		}
		gs := exacttest.PlayGames(t, st, r, games, 11)
		m := gs.Sum / float64(gs.N)
		if sd := f.SD / math.Sqrt(float64(gs.N)); math.Abs(m-f.Mean) > 4.5*sd {
			t.Errorf("%s: played mean %.4f, exact %.4f (sd of the mean %.4f)", name, m, f.Mean, sd)
		}
		n := float64(games)
		if got, sd := playTarget(t, r, name, T, games, 13), math.Sqrt(f.Objective.Value*(1-f.Objective.Value)/n); math.Abs(got-f.Objective.Value) > 4.5*sd {
			t.Errorf("%s: %.5f of %d games reach %d, exactly %.5f (sd %.5f)", name, got, games, T, f.Objective.Value, sd)
		}
		t.Logf("%s: P %.6f, mean %.4f (optimal %.4f), sd %.4f, bonus %.4f, regret %.4f; played mean %.4f", name, f.Objective.Value, f.Mean, opt.Mean, f.SD, f.PUpperBonus, f.Regret.Total, m)
	}
}

func slicesEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A target's values go to their own cache file and come back bit for bit; a damaged file
// is rejected and solved again; a target file where another target's should be is foreign.
func TestTargetCacheFile(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	r := exacttest.TinyRules(t)
	o := solver.Objective{Kind: solver.Target, Target: 95}
	tab, st, err := loadOrSolveFor(r, o, false, 0)
	if err != nil || st.Loaded || st.WriteErr != nil || !strings.Contains(st.Path, "target=95") {
		t.Fatalf("first solve: %v %+v", err, st)
	}
	again, st2, err := loadOrSolveFor(r, o, false, 0)
	if err != nil || !st2.Loaded || !slicesEqual(again.GoalValues.Values, tab.GoalValues.Values) || again.Value() != tab.Value() {
		t.Fatalf("second load: %v %+v", err, st2)
	}
	data, err := os.ReadFile(st.Path)
	if err != nil {
		t.Fatal(err)
	}
	other := solver.Objective{Kind: solver.Target, Target: 96}
	otherPath, _ := solver.CachePath(r, other)
	if err := os.WriteFile(otherPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, st3, err := loadOrSolveFor(r, other, false, 0); err != nil || st3.Loaded || !errors.Is(st3.Rejected, solver.ErrForeign) {
		t.Fatalf("target:96 from target:95's file: %v, %+v", err, st3)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(st.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, st4, err := loadOrSolveFor(r, o, false, 0)
	if err != nil || st4.Loaded || !errors.Is(st4.Rejected, solver.ErrCorrupt) || !slicesEqual(fixed.GoalValues.Values, tab.GoalValues.Values) {
		t.Fatalf("damaged file: %v, %+v", err, st4)
	}
}

// The figure the README quotes: hasbro's best P(score ≥ 300), against optimal's 14.33%,
// and games played by the strategy reach 300 as often.
func TestTargetHasbro(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	r := exacttest.MustRules(t, "hasbro")
	tab, err := goalFor(r, solver.Objective{Kind: solver.Target, Target: 300})
	if err != nil {
		t.Fatal(err)
	}
	const want = 0.176018772 // yams solve --strategy target:300
	p := tab.Value()
	if math.Abs(p-want) > 1e-9 {
		t.Errorf("hasbro target:300: P(score ≥ 300) = %.10f, want %.9f", p, want)
	}
	opt, err := analyze("optimal", r, analysis.Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	if q := 1 - cdfBelow(opt, 300); p <= q {
		t.Errorf("hasbro: target:300 reaches 300 with probability %.6f, optimal %.6f", p, q)
	}
	const n = 20_000
	if got, sd := playTarget(t, r, "target:300", 300, n, 3), math.Sqrt(p*(1-p)/n); math.Abs(got-p) > 4.5*sd {
		t.Errorf("hasbro target:300: %.4f of %d games reach 300, exactly %.4f (sd %.4f)", got, n, p, sd)
	}
}

// beat:S against S: the solve's probability of winning is the one the two exact
// distributions give (ties counting half), more than a half, and games agree.
func TestBeatOptimal(t *testing.T) {
	r := exacttest.TinyRules(t)
	opt, err := analyze("optimal", r, analysis.Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	f, err := analyze("beat:optimal", r, analysis.Options{Distribution: true, Regret: true})
	if err != nil {
		t.Fatal(err)
	}
	win := 0.0
	for i, p := range f.Distribution {
		s := f.DistMin + i
		for j, q := range opt.Distribution {
			switch o := opt.DistMin + j; {
			case s > o:
				win += p * q
			case s == o:
				win += p * q / 2
			}
		}
	}
	if math.Abs(win-f.Objective.Value) > 1e-12 || win <= 0.5 {
		t.Errorf("beat:optimal: P(win) %.15f from the solve, %.15f from the distributions", f.Objective.Value, win)
	}
	if v, ok := f.ObjectiveFromDistribution(); !ok || math.Abs(v-win) > 1e-12 {
		t.Errorf("beat:optimal: ObjectiveFromDistribution %v %v, the distributions give %v", v, ok, win)
	}
	if d := opt.Mean - f.Mean; math.Abs(f.Regret.Total-d) > 1e-9 {
		t.Errorf("beat:optimal: regret %.12f, optimal's mean minus beat:optimal's %.12f", f.Regret.Total, d)
	}
	// A game of each on their own dice, many times.
	beat, err := strategies.New("beat:optimal", r)
	if err != nil {
		t.Fatal(err)
	}
	best, err := strategies.New("optimal", r)
	if err != nil {
		t.Fatal(err)
	}
	d1, d2 := rand.NewPCG(5, 6), rand.NewPCG(7, 8)
	g1, g2 := sim.NewGame(r), sim.NewGame(r)
	const n = 100_000
	won := 0.0
	for range n {
		if g1.Play(beat, d1) != nil || g2.Play(best, d2) != nil {
			t.Fatal("a game failed")
		}
		switch a, b := g1.Sheet.Total(), g2.Sheet.Total(); {
		case a > b:
			won++
		case a == b:
			won += 0.5
		}
	}
	if p, sd := won/n, math.Sqrt(win*(1-win)/n); math.Abs(p-win) > 4.5*sd {
		t.Errorf("beat:optimal won %.5f of %d games against optimal, exactly %.5f (sd %.5f)", p, n, win, sd)
	}
	t.Logf("beat:optimal: P(win) %.6f, mean %.4f (optimal %.4f)", win, f.Mean, opt.Mean)
	if _, err := solver.ParseObjective("beat:beat:optimal"); err == nil {
		t.Error("beat:beat:optimal accepted")
	}
	if o, err := solver.ParseObjective("beat:risk:0"); err != nil || o.String() != "beat:optimal" {
		t.Errorf("beat:risk:0: %v %v", o, err)
	}
	if _, _, err := loadOrSolveFor(r, solver.Objective{Kind: solver.Beat, Opponent: "random"}, false, 0); !errors.Is(err, solver.ErrObjective) || !errors.Is(err, analysis.ErrRandom) {
		t.Errorf("beat:random: %v", err)
	}
}

// spyGoal plays a goal's strategy and checks, at every decision, that it plays what the
// widget works out afresh for the same (state, score so far), and that it plays optimal's
// decisions exactly where the goal is settled: the decisions the exact analysis follows.
type spyGoal struct {
	t      *testing.T
	tab    *solver.Table
	st     strategies.Strategy
	mean   strategies.Strategy
	w      *widget.Widget
	out    [widget.NumRolls]uint32
	checks int
}

func (x *spyGoal) want(sh *engine.Sheet) (settled bool) {
	sp, gv := x.tab.Space, x.tab.GoalValues
	mask, u, f, ok := sp.SheetParts(sh)
	if !ok {
		x.t.Fatalf("sheet %#x is not a state", sh.FilledMask())
	}
	p := sp.PointsSoFar(sh)
	g := int(mask)*sp.NumFlags + f
	if !gv.Reachable(g, p) {
		x.t.Fatalf("%s: a game reaches %d points with boxes %#x, beyond the values", x.tab.Objective(), p, mask)
	}
	if gv.Settled(sp, g, mask, u, p) {
		return true
	}
	x.w.DecideGoal(mask, u, f, p, &x.out)
	return false
}

func (x *spyGoal) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	got := x.st.Keep(sh, r, rollsLeft)
	want := x.mean.Keep(sh, r, rollsLeft)
	if !x.want(sh) {
		want = widget.EntryKeep(x.out[r], r, rollsLeft)
	}
	if got != want {
		x.t.Fatalf("%s: keep %v of roll %v on sheet %#x, the widget's %v", x.tab.Objective(), got, r, sh.FilledMask(), want)
	}
	x.checks++
	return got
}

func (x *spyGoal) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	got := x.st.Box(sh, r, rollsUsed)
	want := x.mean.Box(sh, r, rollsUsed)
	if !x.want(sh) {
		want = engine.BoxID(widget.EntryBox(x.out[r]))
	}
	if got != want {
		x.t.Fatalf("%s: box %v for roll %v on sheet %#x, the widget's %v", x.tab.Objective(), got, r, sh.FilledMask(), want)
	}
	x.checks++
	return got
}

// goalCase is a goal on a rule set the tests play it on.
type goalCase struct {
	rules *engine.Rules
	goal  string
}

// goalCases are the goals the play tests check: target:T and beat:S (of the strategy
// itself's mean, and of a heuristic) on a 5-box sheet and on an 8-box sheet with a
// subtracted box.
func goalCases(t *testing.T) []goalCase {
	return []goalCase{
		{exacttest.TinyRules(t), "target:95"},
		{exacttest.TinyRules(t), "beat:optimal"},
		{exacttest.SmallRules(t), "target:150"},
		{exacttest.SmallRules(t), "beat:greedy"},
	}
}

func TestGoalStrategyPlaysItsValues(t *testing.T) {
	for _, c := range goalCases(t) {
		t.Run(c.rules.Name()+"/"+c.goal, func(t *testing.T) {
			o, err := solver.ParseObjective(c.goal)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := goalFor(c.rules, o)
			if err != nil {
				t.Fatal(err)
			}
			st, err := strategies.New(c.goal, c.rules)
			if err != nil {
				t.Fatal(err)
			}
			mean, err := strategies.New("optimal", c.rules)
			if err != nil {
				t.Fatal(err)
			}
			x := &spyGoal{t: t, tab: tab, st: st, mean: mean, w: tab.NewWidget()}
			dice := rand.NewPCG(21, 22)
			g := sim.NewGame(c.rules)
			games := 1000
			if exhaustive.On {
				games = 3000
			}
			for range games {
				if err := g.Play(x, dice); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s: %d decisions checked", c.goal, x.checks)
		})
	}
}

// A turn of a goal's strategy allocates nothing, its decisions worked out or found in the cache.
func TestGoalDecisionsAllocateNothing(t *testing.T) {
	r := exacttest.TinyRules(t)
	st, err := strategies.New("target:95", r)
	if err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(3000, exacttest.TurnOf(func() strategies.Strategy { return st }, r)); a != 0 {
		t.Errorf("%v allocations per turn", a)
	}
}
