package sim_test

import (
	"bytes"
	"context"
	"math"
	"sync"
	"testing"

	"yams/sim/regret"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/exhaustive"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
	"yams/strategies/solver"
)

// hasbroTable is hasbro's optimal table, solved once for the tests of the package (not
// cached on disk: nothing is written).
var hasbroTable = sync.OnceValues(func() (*solver.Table, error) {
	rules, err := engine.Load("hasbro")
	if err != nil {
		return nil, err
	}
	return solver.Solve(rules, 0)
})

// regretConfig is a run of strategies on hasbro that measures their regret.
func regretConfig(t *testing.T, games int64, names ...string) sim.Config {
	t.Helper()
	if testing.Short() {
		t.Skip("solves hasbro")
	}
	t.Setenv(cachedir.Env, t.TempDir()) // for the analyses of the tests, not the user's cache
	rules := simtest.Load(t, "hasbro")
	tab, err := hasbroTable()
	if err != nil {
		t.Fatal(err)
	}
	var chosen []strategies.Info
	for _, n := range names {
		info, _ := strategies.Lookup(n)
		chosen = append(chosen, info)
	}
	return sim.Config{Rules: rules, Strategies: chosen, Seed: 5, Games: games, Workers: 2,
		Regret: func() (regret.Valuer, error) { return analysis.NewEvaluator(tab), nil }, Costliest: 8}
}

// TestRegretSimulated: the simulated cost of greedy's decisions agrees with the exact one
// within its interval, adds up by kind, box and turn, and optimal play costs nothing.
func TestRegretSimulated(t *testing.T) {
	games := int64(2000) // greedy loses 35 points a game: a 95% interval of ±0.55 point
	if exhaustive.On {
		games = 20000
	}
	cfg := regretConfig(t, games, "greedy", "optimal")
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := optimal.Analyze("greedy", cfg.Rules, analysis.Options{Regret: true})
	if err != nil {
		t.Fatal(err)
	}
	g := res.Summaries[0].Regret
	st := g.Total.Stats(res.Games)
	half := (st.CI95.Hi - st.CI95.Lo) / 2
	if math.Abs(st.Mean-exact.Regret.Total) > half*2.576/1.96 {
		t.Errorf("greedy's simulated cost %.4f ± %.4f, exact %.4f", st.Mean, half, exact.Regret.Total)
	}
	var kinds, boxes, turns float64
	for _, k := range g.Keep {
		kinds += k.Stats(res.Games).Mean
	}
	kinds += g.Box.Stats(res.Games).Mean
	for i := range g.ByBox {
		boxes += g.ByBox[i].Stats(res.Games).Mean
		turns += g.ByTurn[i].Stats(res.Games).Mean
	}
	if math.Abs(kinds-st.Mean) > 1e-9 || math.Abs(boxes-st.Mean) > 1e-9 || math.Abs(turns-st.Mean) > 1e-9 {
		t.Errorf("kinds %v, boxes %v, turns %v, total %v", kinds, boxes, turns, st.Mean)
	}
	if len(g.Costliest) != 8 || g.Costly[0] < g.Costly[1] || g.Costly[1] < g.Costly[2] || g.Costly[2] == 0 {
		t.Errorf("costliest %d, costly %v", len(g.Costliest), g.Costly)
	}
	for i := 1; i < len(g.Costliest); i++ {
		if g.Costliest[i].Cost > g.Costliest[i-1].Cost {
			t.Errorf("costliest positions out of order")
		}
	}
	if o := res.Summaries[1].Regret; o.Total.Sum != (sim.Uint128{}) || o.Costly[0] != 0 || len(o.Costliest) != 0 {
		t.Errorf("optimal play costs %v", o.Total.Stats(res.Games).Mean)
	}
	t.Logf("greedy: %.4f ± %.4f a game (exact %.7f); costliest %v", st.Mean, half, exact.Regret.Total, g.Costliest[0].Cost)
}

// TestRegretDeterministic: regret counts, costliest positions included, are the same bit
// for bit with any workers, through shards merged and through a resume, and survive the
// summary file, which refuses them edited.
func TestRegretDeterministic(t *testing.T) {
	cfg := regretConfig(t, 3000, "upper-first", "greedy")
	one := cfg
	one.Workers = 1
	a, err := sim.Run(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	three := cfg
	three.Workers = 3
	b, err := sim.Run(context.Background(), three)
	if err != nil {
		t.Fatal(err)
	}
	want := simtest.JSONOf(t, a)
	if got := simtest.JSONOf(t, b); !bytes.Equal(got, want) {
		t.Fatal("3 workers count other regret than 1")
	}
	var parts []*sim.Results
	for k := 1; k <= 3; k++ {
		s := cfg
		s.Shard = sim.Shard{K: k, N: 3, Total: cfg.Games}
		s.First, s.Games = s.Shard.Range()
		r, err := sim.Run(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, r)
	}
	merged, err := summaryfile.MergeShards([]string{"1", "2", "3"}, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(simtest.JSONOf(t, merged), want) {
		t.Error("shards merged count other regret than one run")
	}
	back, err := summaryfile.Read(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(simtest.JSONOf(t, back), want) {
		t.Error("the summary file does not give back its regret")
	}
	first := cfg
	first.Games = 1000
	prefix, err := sim.Run(context.Background(), first)
	if err != nil {
		t.Fatal(err)
	}
	prefix.Planned = cfg.Games // the first games of the run, as a checkpoint holds them
	resume := cfg
	resume.Resume = prefix
	resumed, err := sim.Run(context.Background(), resume)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(simtest.JSONOf(t, resumed), want) {
		t.Error("a run resumed counts other regret than one run")
	}
	edited := bytes.Replace(want, []byte(`"costly": {`), []byte(`"costly": {"0": 1, `), 1)
	if _, err := summaryfile.Read(bytes.NewReader(edited)); err == nil {
		t.Error("an edited regret was read")
	}
	noRegret := cfg
	noRegret.Regret = nil
	if err := sim.CheckResume(noRegret, a); err == nil {
		t.Error("a run without regret resumes one with it")
	}
}
