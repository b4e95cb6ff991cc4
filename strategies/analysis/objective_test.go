package analysis

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

func TestParseObjective(t *testing.T) {
	good := []struct {
		name string
		want solver.Objective
		str  string
	}{
		{"optimal", solver.Mean, "mean"},
		{"mean", solver.Mean, "mean"},
		{"bonus", solver.Objective{Kind: solver.UpperBonus}, "bonus"},
		{"risk:0.05", solver.Objective{Kind: solver.Risk, Theta: 0.05}, "risk:0.05"},
		{"risk:-2e-2", solver.Objective{Kind: solver.Risk, Theta: -0.02}, "risk:-0.02"},
		{"risk:0", solver.Mean, "mean"},
		{"risk:-0", solver.Mean, "mean"},
	}
	for _, c := range good {
		t.Run(c.name, func(t *testing.T) {
			o, err := solver.ParseObjective(c.name)
			if err != nil || o != c.want || o.String() != c.str {
				t.Errorf("ParseObjective(%q) = %+v (%s), %v; want %+v (%s)", c.name, o, o, err, c.want, c.str)
			}
			if back, err := solver.ParseObjective(o.String()); err != nil || back != o {
				t.Errorf("%s does not read back: %+v, %v", o, back, err)
			}
		})
	}
	for _, bad := range []string{"risk:", "risk:abc", "risk:NaN", "risk:inf", "risk:1.5", "risk:-3", "risk:1e-300", "risk:-5e-7", "target:", "target:x", "beat:", "beat:beat:optimal", "Bonus", ""} {
		t.Run("bad "+bad, func(t *testing.T) {
			if o, err := solver.ParseObjective(bad); err == nil || strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseObjective(%q) = %+v, %v; want a one-line error", bad, o, err)
			}
		})
	}
}

func TestObjectiveStrategiesRegistered(t *testing.T) {
	for name, want := range map[string]string{"risk:0": "optimal", "risk:0.010": "risk:0.01", "bonus": "bonus", "risk:-0.5": "risk:-0.5"} {
		info, err := strategies.Resolve(name)
		if err != nil || info.Name != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", name, info.Name, err, want)
		}
	}
	for _, bad := range []string{"risk", "risk:x", "risk:9"} {
		if _, err := strategies.Resolve(bad); err == nil {
			t.Errorf("Resolve(%q) accepted", bad)
		}
	}
	if !strings.Contains(strings.Join(strategies.Names(), ","), "risk:θ") {
		t.Errorf("Names() = %v: no risk:θ", strategies.Names())
	}
}

func TestObjectiveRefused(t *testing.T) {
	noBonus, err := engine.Parse("nobonus", []byte(`{"name": "nobonus", "rolls": 3, "boxes": [
		{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
		{"id": "chance", "section": "lower", "kind": "chance"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := loadOrSolveFor(noBonus, solver.Objective{Kind: solver.UpperBonus}, false, 0); !errors.Is(err, solver.ErrObjective) {
		t.Errorf("bonus on rules without an upper bonus: %v", err)
	}
	// exp(θ·score) must stay a float64 for every score the rules allow: |θ| at most 700
	// over the bound of hasbro's scores, on either side.
	hasbro := exacttest.MustRules(t, "hasbro")
	bound := 700 / float64(mustSpace(t, hasbro).ScoreBound())
	for _, c := range []struct {
		theta float64
		ok    bool
	}{{0.9, false}, {bound * 1.001, false}, {-bound * 1.001, false}, {bound * 0.999, true}, {-bound * 0.999, true}} {
		err := solver.Objective{Kind: solver.Risk, Theta: c.theta}.Check(hasbro)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, solver.ErrObjective)) {
			t.Errorf("risk:%g on hasbro (bound %g): %v", c.theta, bound, err)
		}
	}
	if _, _, err := loadOrSolveFor(hasbro, solver.Objective{Kind: solver.Risk, Theta: 0.9}, false, 0); !errors.Is(err, solver.ErrObjective) {
		t.Errorf("risk:0.9 on hasbro solved: %v", err)
	}
	// Objectives built by hand that ParseObjective would not make.
	for _, o := range []solver.Objective{{Kind: solver.Risk}, {Kind: solver.Risk, Theta: math.NaN()}, {Kind: solver.Risk, Theta: 1e-300}, {Kind: solver.UpperBonus, Theta: 5}, {Kind: 7}} {
		if _, _, err := loadOrSolveFor(exacttest.SmallRules(t), o, false, 0); !errors.Is(err, solver.ErrObjective) {
			t.Errorf("%+v solved: %v", o, err)
		}
	}
}

// certaintyEquivalent returns (1/θ)·ln E[exp(θ·score)] of a distribution.
func certaintyEquivalent(f *Figures, theta float64) float64 {
	g := *f
	g.Objective = &ObjectiveFigure{Objective: solver.Objective{Kind: solver.Risk, Theta: theta}}
	ce, _ := g.ObjectiveFromDistribution()
	return ce
}

// checkObjective checks the value a solve found for o against the analysis of the
// strategy it plays (forward, from its decisions, an independent computation), and
// against the optimal strategy: o's strategy does at least as well on o, no better on
// the mean.
func checkObjective(t *testing.T, r *engine.Rules, o solver.Objective, best *Figures) *Figures {
	t.Helper()
	fig, err := AnalyzeOneColumn(o.Strategy(), r, Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	if fig.Objective == nil || fig.Objective.Objective != o {
		t.Fatalf("%s: objective %+v", o, fig.Objective)
	}
	solve := fig.Objective.Value
	switch o.Kind {
	case solver.Risk:
		forward, ok := fig.ObjectiveFromDistribution()
		if !ok || math.Abs(forward-solve) > 1e-9*max(1, math.Abs(solve)) {
			t.Errorf("%s on %s: certainty equivalent %.12f from the solve, %.12f from the distribution", o, r.Name(), solve, forward)
		}
		if ce := certaintyEquivalent(best, o.Theta); ce > solve+1e-9 {
			t.Errorf("%s on %s: optimal's certainty equivalent %.9f beats the strategy made for it, %.9f", o, r.Name(), ce, solve)
		}
	case solver.UpperBonus:
		if math.Abs(fig.PUpperBonus-solve) > 1e-12 {
			t.Errorf("bonus on %s: P(upper bonus) %.15f from the solve, %.15f from the analysis", r.Name(), solve, fig.PUpperBonus)
		}
		if best.PUpperBonus > solve+1e-12 {
			t.Errorf("bonus on %s: optimal reaches the bonus more often (%.9f) than bonus (%.9f)", r.Name(), best.PUpperBonus, solve)
		}
	}
	if fig.Mean > best.Mean+1e-9 {
		t.Errorf("%s on %s: mean %.9f above optimal's %.9f", o, r.Name(), fig.Mean, best.Mean)
	}
	return fig
}

// TestObjectivesSmall checks risk:θ (both signs, and θ near 0) and bonus on the small
// rules; TestObjectivesHasbro checks them on hasbro in the exhaustive run.
func TestObjectivesSmall(t *testing.T) {
	checkObjectives(t, exacttest.SmallRules(t), []float64{0.03, -0.05}, nil)
}

func TestObjectivesHasbro(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	checkObjectives(t, exacttest.MustRules(t, "hasbro"), []float64{0.02, -0.02}, func(t *testing.T, best, bonus *Figures) {
		// Optimal play earns the bonus 68.12% of the time (published-figures.md).
		if math.Abs(best.PUpperBonus-0.6812) > 5e-5 || bonus.PUpperBonus < best.PUpperBonus+0.2 {
			t.Errorf("P(upper bonus): optimal %.6f, bonus %.6f", best.PUpperBonus, bonus.PUpperBonus)
		}
	})
}

// checkObjectives checks bonus and risk:θ for each θ of thetas on r with checkObjective,
// that seeking risk widens the distribution and avoiding it narrows it, and that near θ =
// 0 the certainty equivalent is the mean plus θ·variance/2; checkBonus, if not nil, checks
// more of bonus's figures against optimal's.
func checkObjectives(t *testing.T, r *engine.Rules, thetas []float64, checkBonus func(t *testing.T, best, bonus *Figures)) {
	best, err := AnalyzeOneColumn("optimal", r, Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("bonus", func(t *testing.T) {
		fig := checkObjective(t, r, solver.Objective{Kind: solver.UpperBonus}, best)
		if fig.PUpperBonus <= best.PUpperBonus {
			t.Errorf("P(upper bonus): optimal %.6f, bonus %.6f", best.PUpperBonus, fig.PUpperBonus)
		}
		if checkBonus != nil {
			checkBonus(t, best, fig)
		}
	})
	for _, theta := range thetas {
		o := solver.Objective{Kind: solver.Risk, Theta: theta}
		t.Run(o.String(), func(t *testing.T) {
			fig := checkObjective(t, r, o, best)
			// Seeking risk widens the distribution, avoiding it narrows it.
			if (fig.SD > best.SD) != (theta > 0) {
				t.Errorf("%s: sd %.4f, optimal's %.4f", o, fig.SD, best.SD)
			}
		})
	}
	// Near θ = 0 the certainty equivalent is the mean plus θ·variance/2, to first order in
	// θ: the variance of optimal play, from its exact distribution.
	t.Run("small θ", func(t *testing.T) {
		const theta = 1e-4
		p, err := solver.PolicyFor(r, solver.Objective{Kind: solver.Risk, Theta: theta})
		if err != nil {
			t.Fatal(err)
		}
		want := best.Mean + theta*best.SD*best.SD/2
		if got := p.Table.Value(); math.Abs(got-want) > 0.02*theta*best.SD*best.SD/2 {
			t.Errorf("risk:%g: certainty equivalent %.6f, mean + θσ²/2 = %.6f", theta, got, want)
		}
	})
}

func TestObjectivesMonteCarlo(t *testing.T) {
	r := exacttest.SmallRules(t)
	games := 200_000
	if exacttest.RaceEnabled {
		games = 20_000
	}
	for _, name := range []string{"risk:0.03", "risk:-0.05", "bonus"} {
		t.Run(name, func(t *testing.T) {
			analyzeAndPlay(t, name, r, games, 17)
		})
	}
}

func TestObjectivesMonteCarloHasbro(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	if testing.Short() {
		t.Skip("plays 100,000 games of each")
	}
	r := exacttest.MustRules(t, "hasbro")
	for _, name := range []string{"risk:0.02", "bonus"} {
		t.Run(name, func(t *testing.T) {
			analyzeAndPlay(t, name, r, 100_000, 19)
		})
	}
}

// Where the bonus is earned or out of reach (its probability to come is 0), the strategy
// bonus plays exactly as optimal; elsewhere it does not.
func TestBonusSettledPlaysForTheMean(t *testing.T) {
	r := exacttest.SmallRules(t)
	bp, err := solver.PolicyFor(r, solver.Objective{Kind: solver.UpperBonus})
	if err != nil {
		t.Fatal(err)
	}
	mp, err := solver.PolicyFor(r, solver.Mean)
	if err != nil {
		t.Fatal(err)
	}
	sp := bp.Space
	gb, gm := solver.NewGroupFiller(bp), solver.NewGroupFiller(mp)
	settled, differ := 0, 0
	for g := range sp.NumFlags << sp.NumBoxes {
		mask, f := uint32(g/sp.NumFlags), g%sp.NumFlags
		if !sp.GroupValid(mask, f) || mask == sp.FullMask || !bp.Ensure(mask, f, gb) || !mp.Ensure(mask, f, gm) {
			continue
		}
		for _, u := range sp.Lanes[sp.Up(mask)] {
			ib, im := bp.Block(mask, int(u), f), mp.Block(mask, int(u), f)
			same := true
			for r := range widget.NumRolls {
				if bp.E16[ib*solver.BlockLen+r] != mp.E16[im*solver.BlockLen+r] {
					same = false
				}
			}
			// Settled, told by the value rather than by space.settled: no bonus to come.
			if bp.Table.Values[sp.Index(mask, int(u), f)] == 0 {
				settled++
				if !same {
					t.Errorf("settled state %#x u=%d f=%d: bonus decides otherwise than optimal", mask, u, f)
				}
			} else if !same {
				differ++
			}
		}
	}
	if settled == 0 || differ == 0 {
		t.Errorf("%d settled states, %d others where bonus and optimal differ: the test checks nothing", settled, differ)
	}
}

func TestObjectiveTablesDeterministic(t *testing.T) {
	r := exacttest.SmallRules(t)
	mean, _ := solver.SolveSpace(r, mustSpace(t, r), 1, false)
	for _, o := range []solver.Objective{{Kind: solver.Risk, Theta: 0.04}, {Kind: solver.UpperBonus}} {
		t.Run(o.String(), func(t *testing.T) {
			var tabs []*solver.Table
			for _, workers := range []int{1, 2, 3} {
				tab, _ := solver.SolveTable(&solver.Table{Rules: r, Space: mustSpace(t, r), Obj: o, MeanValues: mean.Values}, workers, true)
				tabs = append(tabs, tab)
			}
			for _, tab := range tabs[1:] {
				for i, x := range tab.Values {
					if math.Float64bits(x) != math.Float64bits(tabs[0].Values[i]) {
						t.Fatalf("state %d: %v against %v with one worker", i, x, tabs[0].Values[i])
					}
				}
				// The files, decisions included, but for the date of the solve.
				tab.Solved = tabs[0].Solved
				a, _ := tab.Encoded()
				b, _ := tabs[0].Encoded()
				if len(a) == 0 || string(a) != string(b) {
					t.Fatal("the table files differ")
				}
			}
		})
	}
}

func mustSpace(t *testing.T, r *engine.Rules) *widget.Space {
	t.Helper()
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// Each objective has its own cache file; a file of another objective is never used.
func TestObjectiveCacheFiles(t *testing.T) {
	t.Setenv(cachedir.Env, t.TempDir())
	r := exacttest.SmallRules(t)
	risk := solver.Objective{Kind: solver.Risk, Theta: 0.03}
	tab, st, err := loadOrSolveFor(r, risk, false, 0)
	if err != nil || st.Loaded || st.WriteErr != nil {
		t.Fatalf("first solve: %v %+v", err, st)
	}
	meanPath, _ := solver.CachePath(r, solver.Mean)
	if st.Path == meanPath || !strings.Contains(st.Path, "risk=0.03") {
		t.Errorf("risk:0.03 cached in %s (the mean's: %s)", st.Path, meanPath)
	}
	again, st2, err := loadOrSolveFor(r, risk, false, 0)
	if err != nil || !st2.Loaded || again.Value() != tab.Value() {
		t.Fatalf("second load: %v %+v, value %v against %v", err, st2, again.Value(), tab.Value())
	}
	entries, err := solver.CacheEntries()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range entries {
		found = found || (e.Path == st.Path && e.What == "risk:0.03" && e.Hash == r.Hash() && !e.Stale)
	}
	if !found {
		t.Errorf("yams cache does not list %s as risk:0.03: %+v", st.Path, entries)
	}
	// The risk file where the mean's should be: rejected as another objective's, solved again.
	data, err := os.ReadFile(st.Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(meanPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	mean, st3, err := loadOrSolveFor(r, solver.Mean, false, 0)
	if err != nil || st3.Loaded || !errors.Is(st3.Rejected, solver.ErrForeign) {
		t.Fatalf("mean from a risk file: %v, %+v", err, st3)
	}
	if mean.Objective() != solver.Mean || mean.Value() == tab.Value() {
		t.Errorf("mean table: objective %v, value %v (risk:0.03's %v)", mean.Objective(), mean.Value(), tab.Value())
	}
}
