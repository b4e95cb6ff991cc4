package sim_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// Four games worked by hand: A scores 10, 20, 30, 40 and B 12, 15, 30, 31 on the same
// dice. The differences are −2, 5, 0, 9: sum 12, mean 3, sum of squares 110, variance
// (4·110 − 12²)/(4·3) = 296/12, standard error √(296/12)/2. Unpaired, the variances of
// the scores are 500/3 and 294/3, so the interval is ±1.96·√((500/3 + 294/3)/4).
func TestPairByHand(t *testing.T) {
	a, b := []int{10, 20, 30, 40}, []int{12, 15, 30, 31}
	p := &sim.Pair{A: "a", B: "b"}
	sa, sb := &sim.Summary{Strategy: "a", Columns: []string{"free"}}, &sim.Summary{Strategy: "b", Columns: []string{"free"}}
	for i := range a {
		p.Add(a[i], b[i])
		sa.Games++
		sa.Scores.Add(a[i])
		sb.Games++
		sb.Scores.Add(b[i])
	}
	if p.Games != 4 || p.Sum != 12 || p.Squares != (sim.Uint128{Lo: 110}) || p.Wins != 2 || p.Ties != 1 || p.Losses != 1 {
		t.Fatalf("counts %+v", p)
	}
	st := p.Stats()
	sd := math.Sqrt(296.0 / 12)
	half := 1.959963984540054 * sd / 2
	if !simtest.Approx(st.Mean, 3) || !simtest.Approx(st.StdDev, sd) || !simtest.Approx(st.StdErr, sd/2) || !simtest.Approx(st.CI95.Lo, 3-half) || !simtest.Approx(st.CI95.Hi, 3+half) {
		t.Errorf("stats %+v, want mean 3 sd %v interval 3 ± %v", st, sd, half)
	}
	if st.Wins.Rate != 0.5 || st.Ties.Rate != 0.25 || st.Losses.Rate != 0.25 {
		t.Errorf("record %v %v %v", st.Wins.Rate, st.Ties.Rate, st.Losses.Rate)
	}
	un := sim.Unpaired(sa, sb)
	uhalf := 1.959963984540054 * math.Sqrt((500.0/3+294.0/3)/4)
	if !simtest.Approx(un.Lo, 3-uhalf) || !simtest.Approx(un.Hi, 3+uhalf) {
		t.Errorf("unpaired %+v, want 3 ± %v", un, uhalf)
	}

	q := &sim.Pair{A: "a", B: "b"}
	q.Add(5, 5)
	if err := p.Merge(q); err != nil || p.Games != 5 || p.Ties != 2 || p.Sum != 12 {
		t.Errorf("merge: %v %+v", err, p)
	}
	if err := p.Merge(&sim.Pair{A: "b", B: "a"}); err == nil {
		t.Errorf("merged the pair b−a into a−b")
	}
}

// The pairs of a run are the differences of the games played one by one.
func TestRunPairs(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	names := []string{"random", "greedy", "upper-first"}
	const games = 300
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, names...), Seed: 4, Games: games, Workers: 3, Pairs: true})
	scores := make([][]int, len(names))
	for i, n := range names {
		st, err := strategies.New(n, rules)
		if err != nil {
			t.Fatal(err)
		}
		g := sim.NewGame(rules)
		var dice, draws rand.PCG
		for k := range uint64(games) {
			d, w := sim.GameSeeds(4, k)
			dice.Seed(d[0], d[1])
			if gs, ok := st.(strategies.GameStarter); ok {
				draws.Seed(w[0], w[1])
				gs.StartGame(&draws)
			}
			if err := g.Play(st, &dice); err != nil {
				t.Fatal(err)
			}
			scores[i] = append(scores[i], g.Sheet.Total())
		}
	}
	if len(res.Pairs) != 3 {
		t.Fatalf("%d pairs, want 3", len(res.Pairs))
	}
	k := 0
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			want := &sim.Pair{A: names[i], B: names[j]}
			for g := range games {
				want.Add(scores[i][g], scores[j][g])
			}
			if !reflect.DeepEqual(res.Pairs[k], want) {
				t.Errorf("pair %d: %+v, game by game %+v", k, res.Pairs[k], want)
			}
			k++
		}
	}
	// Greedy beats random on the same dice almost always: the record says so.
	if p := res.Pairs[0]; p.Losses < games*9/10 {
		t.Errorf("random beats or ties greedy in %d of %d games", p.Wins+p.Ties, games)
	}
}

// Pairs are the same for any number of workers, merge across shards, and survive the
// summary file; a file whose pairs do not add up is refused.
func TestPairsMergeAndJSON(t *testing.T) {
	rules := simtest.Load(t, "yams")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "upper-first"), Seed: 2, Games: 400, Workers: 1, Pairs: true}
	whole := simtest.Run(t, cfg)
	cfg.Workers = 4
	if other := simtest.Run(t, cfg); !reflect.DeepEqual(simtest.Counts(whole), simtest.Counts(other)) {
		t.Errorf("1 and 4 workers give different pairs")
	}
	merged := simtest.RunShards(t, cfg, [2]int64{0, 99}, [2]int64{99, 400})
	if !reflect.DeepEqual(simtest.Counts(whole), simtest.Counts(merged)) {
		t.Errorf("merged shards differ from the whole run: %+v, %+v", whole.Pairs[0], merged.Pairs[0])
	}
	unpaired := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "upper-first"), Seed: 2, Games: 10})
	if err := unpaired.Merge(whole); err == nil {
		t.Errorf("merged results with pairs into results without")
	}

	js := simtest.JSONOf(t, whole)
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(simtest.Counts(whole), simtest.Counts(back)) {
		t.Errorf("pairs read back differ")
	}
	pair := func(d map[string]any) map[string]any { return d["pairs"].([]any)[0].(map[string]any) }
	for _, c := range []struct {
		name   string
		change func(d map[string]any)
		want   string
	}{
		{"sum", func(d map[string]any) { pair(d)["sum"] = pair(d)["sum"].(float64) + 1 }, "the histograms give"},
		{"record", func(d map[string]any) { pair(d)["wins"] = pair(d)["wins"].(float64) + 1 }, "add up to 401"},
		{"names", func(d map[string]any) { pair(d)["a"] = "random" }, "want greedy−upper-first"},
		{"mean", func(d map[string]any) { pair(d)["mean"] = 1.5 }, "do not match"},
		{"squares", func(d map[string]any) { pair(d)["squares"] = 0 }, "too few"},
		{"missing", func(d map[string]any) { d["pairs"] = append(d["pairs"].([]any), pair(d)) }, "2 pairs, want 1"},
	} {
		_, err := summaryfile.Read(bytes.NewReader(simtest.Edit(t, js, c.change)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error that says %q", c.name, err, c.want)
		}
	}
}

// In a game without decisions every pair ties every game.
func TestPairsWithoutDecisions(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(simtest.OneThrow))
	if err != nil {
		t.Fatal(err)
	}
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "random", "greedy"), Seed: 3, Games: 100, Pairs: true})
	if p := res.Pairs[0]; p.Ties != 100 || p.Sum != 0 || p.Squares != (sim.Uint128{}) {
		t.Errorf("pair %+v, want 100 ties", p)
	}
}
