package analysis

import (
	"errors"
	"math"
	"math/bits"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/solver"
)

// mostFaces is a small strategy whose decisions depend only on the sheet and the dice:
// it keeps the dice of its most frequent face (the higher face on a tie) and scores
// where the roll is worth most now. It stands in for the heuristics of other packages.
type mostFaces struct{}

func (mostFaces) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	c := r.Counts()
	best := 0
	for f := range c {
		if c[f] >= c[best] {
			best = f
		}
	}
	if c[best] == engine.NumDice {
		return r.Keep()
	}
	dice := make([]int, 0, 5)
	for range c[best] {
		dice = append(dice, best+1)
	}
	k, _ := engine.KeepOf(dice)
	return k
}

func (mostFaces) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	legal := s.Legal(r, rollsUsed)
	best, bestPts := engine.BoxID(bits.TrailingZeros64(legal)), -1
	for l := legal; l != 0; l &= l - 1 {
		b := engine.BoxID(bits.TrailingZeros64(l))
		if p := s.Points(b, r); p > bestPts {
			best, bestPts = b, p
		}
	}
	return best
}

func init() {
	strategies.Register(strategies.Info{
		Name:        "test-mostfaces",
		Description: "test strategy: most frequent face, best box now",
		Heuristic:   true,
		New:         func(*engine.Rules) (strategies.Strategy, error) { return mostFaces{}, nil },
	})
}

func TestAnalyzeOptimalMatchesTable(t *testing.T) {
	exacttest.Heavy(t)
	// Published figures of optimal play, to their four published decimals: the deviation
	// of the forced and of the free joker (ties standing pat), and Verhoeff's rates, which
	// the forced joker shares to that precision.
	published := map[string][4]float64{ // sd, P(bonus), P(yahtzee), extra bonuses
		"hasbro":   {59.6076, 0.6812, 0.3374, 0.0958},
		"verhoeff": {59.6114, 0.6812, 0.3374, 0.0958},
		// Scandinavian Yatzy: the deviation to three decimals, the rates of 10^7 games
		// of optimal play (dlangk/yatzy) to their one decimal of a percent.
		"yatzy": {38.496, 0.898, 0.388, 0},
	}
	tolerance := map[string]float64{"hasbro": 0.5e-4, "verhoeff": 0.5e-4, "yatzy": 0.5e-3}
	for _, name := range []string{"hasbro", "verhoeff", "yatzy"} {
		t.Run(name, func(t *testing.T) {
			if name != "hasbro" {
				exhaustive.Only(t)
			}
			checkPublishedFigures(t, name, published[name], tolerance[name])
		})
	}
}

// checkPublishedFigures checks the exact figures of optimal play on a preset: its forward
// mean against the table's value, the box means and bonuses adding up to it, and the
// published deviation and rates.
func checkPublishedFigures(t *testing.T, name string, want [4]float64, tolerance float64) {
	tab := solved(t, name)
	fig, err := AnalyzeTable(tab, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fig.Mean-tab.Expected()) > 1e-9 {
		t.Errorf("%s: forward mean %.10f, table %.10f", name, fig.Mean, tab.Expected())
	}
	sum := 0.0
	for _, b := range fig.Boxes {
		sign := 1.0
		if tab.Rules.Boxes()[tab.Rules.BoxIndex(b.ID)].Subtract {
			sign = -1
		}
		sum += sign * b.Mean
	}
	sum += fig.PUpperBonus*float64(tab.Rules.UpperPoints()) + fig.ExtraBonuses*float64(tab.Rules.ExtraPoints())
	if math.Abs(sum-fig.Mean) > 1e-9 {
		t.Errorf("%s: box means and bonuses add to %.10f, mean %.10f", name, sum, fig.Mean)
	}
	for i, got := range []float64{fig.SD, fig.PUpperBonus, fig.PYahtzee, fig.ExtraBonuses} {
		if math.Abs(got-want[i]) > tolerance {
			t.Errorf("%s: figure %d is %.6f, published %.4f", name, i, got, want[i])
		}
	}
	t.Logf("%s: mean %.7f sd %.6f P(bonus) %.6f P(yahtzee) %.6f extra %.6f states %d in %v",
		name, fig.Mean, fig.SD, fig.PUpperBonus, fig.PYahtzee, fig.ExtraBonuses, fig.States, fig.Elapsed)
}

func TestAnalyzeDeterministic(t *testing.T) {
	r := exacttest.SmallRules(t)
	tab, err := solver.Solve(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	f1, err := AnalyzeTable(tab, Options{Workers: 1, Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	f3, err := AnalyzeTable(tab, Options{Workers: 3, Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	if f1.Mean != f3.Mean || f1.SD != f3.SD || f1.PUpperBonus != f3.PUpperBonus || len(f1.Distribution) != len(f3.Distribution) {
		t.Fatalf("1 worker %+v, 3 workers %+v", f1, f3)
	}
	for i := range f1.Distribution {
		if f1.Distribution[i] != f3.Distribution[i] {
			t.Fatalf("distribution differs at %d", i)
		}
	}
}

func TestDistribution(t *testing.T) {
	r := exacttest.SmallRules(t)
	for _, name := range []string{"optimal", "test-mostfaces"} {
		fig, err := AnalyzeOneColumn(name, r, Options{Distribution: true})
		if err != nil {
			t.Fatal(err)
		}
		total, mean, m2 := 0.0, 0.0, 0.0
		for i, p := range fig.Distribution {
			s := float64(fig.DistMin + i)
			total += p
			mean += p * s
			m2 += p * s * s
		}
		sd := math.Sqrt(m2 - mean*mean)
		if math.Abs(total-1) > 1e-9 || math.Abs(mean-fig.Mean) > 1e-8 || math.Abs(sd-fig.SD) > 1e-6 {
			t.Errorf("%s: distribution total %v mean %v sd %v; moments mean %v sd %v", name, total, mean, sd, fig.Mean, fig.SD)
		}
		t.Logf("%s: mean %.4f sd %.4f median %d, scores %d..%d", name, fig.Mean, fig.SD, fig.Quantile(0.5), fig.DistMin, fig.DistMin+len(fig.Distribution)-1)
	}
	if _, err := AnalyzeOneColumn("optimal", r, Options{Distribution: true, DistributionBudget: 1 << 10}); err == nil {
		t.Error("a 1 KiB budget was enough for a distribution")
	}
}

// TestDistributionBudget checks that the budget of a distribution counts the rest of the
// analysis (the table, its decisions, the probabilities of the states) and the room the
// garbage collector needs, distGCRoom bytes per byte of probabilities: the analysis fits a
// budget of exactly that at the distribution's peak, and not one byte less.
func TestDistributionBudget(t *testing.T) {
	r := exacttest.SmallRules(t)
	p, err := solver.PolicyFor(r, solver.Mean)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := AnalyzeOneColumn("optimal", r, Options{Distribution: true})
	if err != nil {
		t.Fatal(err)
	}
	base := p.Bytes() + int64(3*8*p.Space.NumStates())
	exact := base + DistGCRoom*fig.DistributionBytes
	if _, err := AnalyzeOneColumn("optimal", r, Options{Distribution: true, DistributionBudget: exact}); err != nil {
		t.Errorf("a budget of %d bytes, what the analysis needs: %v", exact, err)
	}
	_, err = AnalyzeOneColumn("optimal", r, Options{Distribution: true, DistributionBudget: exact - 1})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "with the rest of the analysis") {
		t.Errorf("a budget of one byte less: %v", err)
	}
}

func checkAgreement(t *testing.T, fig *Figures, gs exacttest.GameStats, r *engine.Rules) {
	t.Helper()
	exacttest.Agree(t, "mean", fig.Mean, gs.Sum, gs.SumSq, gs.N)
	if fig.HasBonus {
		exacttest.Agree(t, "P(bonus)", fig.PUpperBonus, gs.Bonus, gs.Bonus, gs.N)
	}
	if fig.HasYahtzee {
		exacttest.Agree(t, "P(yahtzee)", fig.PYahtzee, gs.Yahtzee, gs.Yahtzee, gs.N)
	}
	for b, bf := range fig.Boxes {
		exacttest.Agree(t, "zero rate of "+bf.ID, bf.ZeroRate, gs.BoxZero[b], gs.BoxZero[b], gs.N)
	}
	t.Logf("%s on %s: exact %.4f, simulated %.4f over %d games", fig.Strategy, r.Name(), fig.Mean, gs.Sum/float64(gs.N), gs.N)
}

// analyzeAndPlay checks that games of the named strategy agree with its exact figures.
func analyzeAndPlay(t *testing.T, name string, r *engine.Rules, games int, seed uint64) {
	t.Helper()
	fig, err := AnalyzeOneColumn(name, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := strategies.New(name, r)
	if err != nil {
		t.Fatal(err)
	}
	checkAgreement(t, fig, exacttest.PlayGames(t, st, r, games, seed), r)
}

// TestMonteCarloAgreesSmall plays the optimal strategy and heuristics (the package's own
// and those of package strategies) on the small rules against their exact figures; the
// exhaustive run plays them on hasbro.
func TestMonteCarloAgreesSmall(t *testing.T) {
	r := exacttest.SmallRules(t)
	games := 200_000
	if exacttest.RaceEnabled {
		games = 20_000
	}
	names := []string{"optimal", "test-mostfaces", "greedy", "upper-first"}
	if exacttest.RaceEnabled {
		names = names[:2]
	}
	for _, name := range names {
		if _, ok := strategies.Lookup(name); !ok {
			t.Fatalf("%s is not registered", name)
		}
		analyzeAndPlay(t, name, r, games, 11)
	}
}

func TestMonteCarloAgreesHasbro(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	if testing.Short() {
		t.Skip("plays 200,000 games")
	}
	tab := solved(t, "hasbro")
	fig, err := AnalyzeTable(tab, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkAgreement(t, fig, exacttest.PlayGames(t, solver.NewStrategy(tab), tab.Rules, 200_000, 5), tab.Rules)
}

func TestAnalyzeRefuses(t *testing.T) {
	if _, err := AnalyzeOneColumn("optimal", exacttest.MustRules(t, "hasbro", "columns=free,sec"), Options{}); err == nil {
		t.Error("analysed a sheet of two columns")
	}
	if _, err := AnalyzeOneColumn("no-such-strategy", exacttest.MustRules(t, "hasbro"), Options{}); err == nil {
		t.Error("analysed an unknown strategy")
	}
}

func TestMonteCarloAgreesHeuristics(t *testing.T) {
	exhaustive.Only(t)
	exacttest.Heavy(t)
	if testing.Short() {
		t.Skip("analyses and plays the heuristics on hasbro")
	}
	r := exacttest.MustRules(t, "hasbro")
	for _, name := range []string{"greedy", "upper-first"} {
		if _, ok := strategies.Lookup(name); !ok {
			t.Logf("%s is not registered", name)
			continue
		}
		analyzeAndPlay(t, name, r, 100_000, 13)
	}
}

func TestOneRoll(t *testing.T) {
	exacttest.Heavy(t)
	// A lone "sec" column takes first rolls only: the game is the one-roll game.
	one := solved(t, "yams-app", "rolls=1")
	sec := solved(t, "yams-app", "columns=sec")
	if one.Expected() != sec.Expected() || one.Rules.Hash() == sec.Rules.Hash() {
		t.Errorf("rolls=1 %.10f, columns=sec %.10f", one.Expected(), sec.Expected())
	}
	st := solver.NewStrategy(sec)
	gs := exacttest.PlayGames(t, st, sec.Rules, 20000, 3)
	fig, err := AnalyzeTable(sec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fig.Mean-sec.Expected()) > 1e-9 {
		t.Errorf("sec: analysis %.10f, table %.10f", fig.Mean, sec.Expected())
	}
	exacttest.Agree(t, "sec mean", fig.Mean, gs.Sum, gs.SumSq, gs.N)
	t.Logf("yams-app rolls=1: %.7f", one.Expected())
}
