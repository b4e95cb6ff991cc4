package distill

import (
	"math"
	"os"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
	"yams/strategies/solver"
)

// TestMain keeps the tests, which solve the optimal strategy, out of the user's cache.
func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

// analyzeText analyses exactly a file as written (its canonical text read back).
func analyzeText(t *testing.T, r *engine.Rules, text string) *analysis.Figures {
	t.Helper()
	f, err := rulefile.Parse("learned.rules", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	p, err := rulefile.Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	fig, _, err := analysis.AnalyzeReach("learned", r, p.NewStrategy, analysis.Options{Regret: true})
	if err != nil {
		t.Fatal(err)
	}
	return fig
}

// On a short game: each rule learned raises the exact mean (the regret falls with N), the
// figures of a file are those of the file as written, read back and analysed again, its
// regret is the optimal mean minus its mean, and the same options learn the same files.
func TestLearnSmall(t *testing.T) {
	r := exacttest.SixBoxes(t)
	opts := Options{Sizes: []int{1, 2, 4, 6}, States: 30, Seed: 3}
	res, err := Learn(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) < 2 {
		t.Fatalf("%d steps: the learning found no rule", len(res.Steps))
	}
	greedy, err := optimal.Analyze("greedy", r, analysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps[0].N != 0 || res.Steps[0].Mean != greedy.Mean || res.Greedy != greedy.Mean {
		t.Errorf("the first step: %d rules, %.10f; greedy %.10f (result %.10f)", res.Steps[0].N, res.Steps[0].Mean, greedy.Mean, res.Greedy)
	}
	for i := 1; i < len(res.Steps); i++ {
		a, b := res.Steps[i-1], res.Steps[i]
		if b.N != a.N+1 || !(b.Mean > a.Mean) {
			t.Errorf("step %d: %d rules at %.6f after %d rules at %.6f", i, b.N, b.Mean, a.N, a.Mean)
		}
		if b.Mean > res.Optimal+1e-9 {
			t.Errorf("step %d: %.6f above optimal %.6f", i, b.Mean, res.Optimal)
		}
	}
	for _, f := range res.Files {
		step := res.Steps[f.N]
		fig := f.Figures
		if fig.Mean != step.Mean {
			t.Errorf("%d rules: figures %.10f, step %.10f", f.N, fig.Mean, step.Mean)
		}
		if d := fig.Regret.OptimalMean - fig.Mean - fig.Regret.Total; math.Abs(d) > 1e-9 {
			t.Errorf("%d rules: regret %.10f, optimal − mean %.10f", f.N, fig.Regret.Total, fig.Regret.OptimalMean-fig.Mean)
		}
		again := analyzeText(t, r, f.File.String())
		if math.Abs(again.Mean-fig.Mean) > 1e-9 || math.Abs(again.Regret.Total-fig.Regret.Total) > 1e-9 {
			t.Errorf("%d rules: the file as written gives %.10f (regret %.10f), distill said %.10f (regret %.10f)\n%s",
				f.N, again.Mean, again.Regret.Total, fig.Mean, fig.Regret.Total, f.File)
		}
	}
	twice, err := Learn(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(twice.Files) != len(res.Files) {
		t.Fatalf("learned %d files, then %d", len(res.Files), len(twice.Files))
	}
	for i := range res.Files {
		if a, b := res.Files[i].File.String(), twice.Files[i].File.String(); a != b {
			t.Errorf("the same options learned\n%s\nthen\n%s", a, b)
		}
	}
}

// The probabilities a build gives the positions of a turn: a reroll spreads a keep over the
// rolls as every outcome of the dice does, and every game of a sampled turn ends in a
// box; the samples of a turn weigh 1.
func TestTurnMasses(t *testing.T) {
	for k := range engine.Keep(engine.NumKeeps) {
		// Every outcome of the dice rerolled, one by one.
		want := map[engine.Roll]float64{}
		held := []int{}
		for f, n := range k.Counts() {
			for range n {
				held = append(held, f+1)
			}
		}
		free := engine.NumDice - len(held)
		outcomes := int(math.Pow(6, float64(free)))
		for o := range outcomes {
			dice := append([]int(nil), held...)
			for x := o; len(dice) < engine.NumDice; x /= 6 {
				dice = append(dice, 1+x%6)
			}
			roll, _ := engine.RollOf(dice)
			want[roll] += 1 / float64(outcomes)
		}
		var q [engine.NumKeeps]float64
		var mass [engine.NumRolls]float64
		q[k] = 1
		reroll(&q, &mass)
		for roll := range engine.Roll(engine.NumRolls) {
			if math.Abs(mass[roll]-want[roll]) > 1e-12 {
				t.Fatalf("keep %v, roll %v: reroll %v, enumeration %v", k, roll, mass[roll], want[roll])
			}
		}
	}
	r := exacttest.SixBoxes(t)
	table, _, err := solver.LoadOrSolve(r, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	file, err := rulefile.Parse("three.rules", []byte("if pair and rolls left = 2 then keep pairs\nif sum < 15 then keep nothing\nif sixes >= 2 then score sixes"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := rulefile.Compile(file, r)
	if err != nil {
		t.Fatal(err)
	}
	l := &learner{rules: r, table: table, workers: 2}
	if l.vocab, err = newVocabulary(prog); err != nil {
		t.Fatal(err)
	}
	_, reach, err := l.analyze(prog)
	if err != nil {
		t.Fatal(err)
	}
	l.reach = reach
	samples := sampleStates(reach.Turns(), 5, 1)
	dt, err := l.build(prog, samples)
	if err != nil {
		t.Fatal(err)
	}
	turnWeight := map[int]float64{}
	for s := range dt.samples {
		boxes := 0.0
		for u := range dt.rolls {
			for roll := range engine.Roll(engine.NumRolls) {
				boxes += float64(dt.pos[1][dt.at(1, s, u, roll)].w)
			}
		}
		if w := dt.samples[s].w; math.Abs(boxes/w-1) > 1e-5 {
			t.Errorf("sample %d: its boxes weigh %v of its %v", s, boxes, w)
		}
		sheet := engine.Sheet{}
		if err := reach.Sheet(dt.samples[s].state, &sheet); err != nil {
			t.Fatal(err)
		}
		turnWeight[sheet.Turn()] += dt.samples[s].w
	}
	for turn, w := range turnWeight {
		if math.Abs(w-1) > 1e-9 {
			t.Errorf("the samples of turn %d weigh %v", turn+1, w)
		}
	}
	// A rule that decides as the current rules do gains nothing, in its turns too.
	c := candidate{kind: 0, act: 0, place: 0}
	for a, act := range l.vocab.actions[0] {
		if act.src.Verb == rulefile.KeepFor && act.src.Targets[0].Set == rulefile.Points {
			c.act = a
		}
	}
	for i, at := range l.vocab.atoms {
		if a, ok := at.src.(*rulefile.Atom); ok && a.Feature == rulefile.Pair {
			// "if pair then keep for points", below the two keep rules: the default's own keeps.
			c.atoms, c.place = []int{i}, 2
		}
	}
	if c.atoms == nil {
		t.Fatal("no atom pair in the vocabulary")
	}
	if g := l.turnGain(dt, &c); math.Abs(g) > 1e-12 {
		t.Errorf("a rule that keeps as the default does gains %v", g)
	}
}

// A learning asked for more rules than a short game has use for runs out of rules: before
// it stops, it draws its samples again, twice as large, twice; the steps' samples only grow.
func TestLearnResamplesBeforeStopping(t *testing.T) {
	r := exacttest.SixBoxes(t)
	const states = 3
	res, err := Learn(r, Options{Sizes: []int{60}, States: states, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Short {
		t.Fatalf("%d rules learned on a game of %d boxes with %d states a turn: the learning never ran out of rules", len(res.Steps)-1, r.NumBoxes(), states)
	}
	if res.States != states<<resamples {
		t.Errorf("the learning stopped with samples of %d states a turn, want %d", res.States, states<<resamples)
	}
	prev := states
	for _, s := range res.Steps[1:] {
		if s.States < prev || (s.States != states && s.States != 2*states && s.States != 4*states) {
			t.Errorf("%d rules: %d states a turn after %d", s.N, s.States, prev)
		}
		prev = s.States
	}
}
