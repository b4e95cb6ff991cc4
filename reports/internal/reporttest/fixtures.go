package reporttest

import (
	"context"
	"math/bits"
	"path/filepath"
	"runtime"
	"testing"
	"yams/engine"
	"yams/sim"
	"yams/sim/regret"
	"yams/sim/tablegame"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
)

// tinyPath is the path of testdata/tiny.json, from whichever package's tests.
func tinyPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata", "tiny.json")
}

// lazy keeps its first roll and takes the first box it may.
type lazy struct{}

func (lazy) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }

func (lazy) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	return engine.BoxID(bits.TrailingZeros64(s.Legal(r, used)))
}

// hoarder keeps the dice of its most frequent face (the highest on a tie) and takes the
// box that scores most now.
type hoarder struct{}

func (hoarder) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep {
	c := r.Counts()
	best := 0
	for f := range c {
		if c[f] >= c[best] {
			best = f
		}
	}
	dice := make([]int, c[best])
	for i := range dice {
		dice[i] = best + 1
	}
	k, _ := engine.KeepOf(dice)
	return k
}

func (hoarder) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	best, points := -1, -1
	for m := s.Legal(r, used); m != 0; m &= m - 1 {
		id := bits.TrailingZeros64(m)
		if p := s.Points(engine.BoxID(id), r); p > points {
			best, points = id, p
		}
	}
	return engine.BoxID(best)
}

func TinyRules(t testing.TB) *engine.Rules {
	t.Helper()
	rules, err := engine.Load(tinyPath())
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

func FixtureInfos() []strategies.Info {
	return []strategies.Info{
		{Name: "lazy", New: func(*engine.Rules) (strategies.Strategy, error) { return lazy{}, nil }},
		{Name: "hoarder", New: func(*engine.Rules) (strategies.Strategy, error) { return hoarder{}, nil }},
	}
}

// Fixture is a comparison of the two strategies over 600 games.
func Fixture(t testing.TB) (*sim.Results, *engine.Rules) {
	t.Helper()
	rules := TinyRules(t)
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: rules, Strategies: FixtureInfos(), Seed: 5, Games: 600, Workers: 2, Pairs: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, rules
}

// TableFixture is 300 table games of lazy against two hoarders.
func TableFixture(t testing.TB) *tablegame.Results {
	t.Helper()
	infos := FixtureInfos()
	res, err := tablegame.Run(context.Background(), tablegame.Config{
		Rules: TinyRules(t), Players: []strategies.Info{infos[0], infos[1], infos[1]}, Seed: 5, Games: 300, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TinyRulesWith(t testing.TB, opts ...string) *engine.Rules {
	t.Helper()
	rules, err := engine.Load(tinyPath(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// RegretFixture is 400 games of the two Fixture strategies on the tiny sheet, every
// decision valued against optimal play.
func RegretFixture(t testing.TB) (*sim.Results, float64) {
	t.Helper()
	rules := TinyRules(t)
	tab, err := solver.Solve(rules, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{
		Rules: rules, Strategies: FixtureInfos(), Seed: 7, Games: 400, Workers: 2, Costliest: 4,
		Regret: func() (regret.Valuer, error) { return analysis.NewEvaluator(tab), nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, tab.Expected()
}

// seer is a table strategy for the fixtures: hoarder, which a table shows its sheet.
type seer struct {
	hoarder
}

func (seer) Join([]string) error { return nil }

func (seer) SeeTable(t *strategies.Table) {}

// judge is an analyst for the fixtures: a keep is riskier than another's when the
// player is behind and holds fewer than three dice, safer when ahead and holds more than
// two, the same otherwise; a box the same as lazy's, else riskier when behind and safer
// when ahead; each seat's chance grows with its total.
type judge struct{}

func (judge) Keep(t *strategies.Table, r engine.Roll, left int, k engine.Keep) strategies.Verdict {
	switch d := lead(t); {
	case d < 0 && k.Size() < 3:
		return strategies.Riskier
	case d > 0 && k.Size() > 2:
		return strategies.Safer
	}
	return strategies.Same
}

func (judge) Box(t *strategies.Table, r engine.Roll, used int, b engine.BoxID) strategies.Verdict {
	if b == (lazy{}).Box(t.Sheets[t.Seat], r, used) {
		return strategies.Same
	}
	if lead(t) < 0 {
		return strategies.Riskier
	}
	return strategies.Safer
}

func (judge) Chances(t *strategies.Table, out []float64) {
	sum := 0.0
	for s, o := range t.Sheets {
		out[s] = float64(o.Total() + 10)
		sum += out[s]
	}
	for s := range out {
		out[s] /= sum
	}
}

// WinTableFixture is 3,000 table games of a table strategy against lazy, its decisions
// judged and table game 7 traced.
func WinTableFixture(t testing.TB) *tablegame.Results {
	t.Helper()
	infos := FixtureInfos()
	see := strategies.Info{Name: "seer", Table: true, New: func(*engine.Rules) (strategies.Strategy, error) { return seer{}, nil }}
	res, err := tablegame.Run(context.Background(), tablegame.Config{
		Rules: TinyRules(t), Players: []strategies.Info{see, infos[0]}, Seed: 5, Games: 3000, Workers: 2,
		Analyst: func() (strategies.TableAnalyst, error) { return judge{}, nil }, TraceGame: 7,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func lead(t *strategies.Table) int {
	best := -1 << 30
	for s, o := range t.Sheets {
		if s != t.Seat {
			best = max(best, o.Total())
		}
	}
	return t.Sheets[t.Seat].Total() - best
}

// LazyAlone is the fixture's run of lazy alone: a report of fewer strategies, without
// pairs.
func LazyAlone(t *testing.T) *sim.Results {
	t.Helper()
	res, err := sim.Run(context.Background(), sim.Config{Rules: TinyRules(t), Strategies: FixtureInfos()[:1], Seed: 5, Games: 600, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Hasbro returns the rules hasbro, failing the test unless hash, that of the rules a file
// of testdata (name) was written for, is theirs: a file of other rules would draw
// another report.
func Hasbro(t testing.TB, name, hash string) *engine.Rules {
	t.Helper()
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	if rules.Hash() != hash {
		t.Fatalf("testdata/%s is of rules %s, hasbro's hash is %s", name, hash, rules.Hash())
	}
	return rules
}
