package rulefile_test

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
)

// TestMain keeps the tests, which solve the optimal strategy, out of the user's cache.
func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

// heavy skips a test that analyses or plays a 13-box game under the race detector, which
// runs it ten times slower; the concurrent code is raced on small rules.
func heavy(t testing.TB) {
	t.Helper()
	if raceEnabled {
		t.Skip("13-box games under the race detector")
	}
}

// The exact analysis of greedy.rules gives greedy's figures (it decides as greedy at every
// position: TestGreedyFileDecidesAsGreedy), through the strategy rules:FILE.
func TestGreedyFileExactMean(t *testing.T) {
	heavy(t)
	presets := []string{"hasbro"}
	if exhaustive.On {
		presets = onePresets
	}
	for _, name := range presets {
		r, err := engine.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := optimal.Analyze("greedy", r, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := optimal.Analyze("rules:../../"+greedyFile, r, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.Mean-want.Mean) > 1e-9 || math.Abs(got.SD-want.SD) > 1e-9 || got.States != want.States {
			t.Errorf("%s: greedy.rules %.10f (sd %.10f, %d states), greedy %.10f (sd %.10f, %d states)",
				name, got.Mean, got.SD, got.States, want.Mean, want.SD, want.States)
		}
	}
}

// A file whose decisions read the upper subtotal (its classes), the yahtzee box's score
// and the rolls left: its exact mean, the mean of games played by the simulator's game
// loop, and the regret identity agree. On hasbro's upper section with its full house,
// chance and yahtzee (its bonus, extra bonus and joker: every feature the file reads) in
// the default run, on hasbro in the exhaustive run.
func TestExactAgreesWithPlay(t *testing.T) {
	heavy(t)
	src := `if five of a kind then keep all
if bonus in play and over par >= 0 and pair then keep for group box
if bonus needs <= 12 and sixes >= 2 and rolls left = 1 then keep sixes
if yahtzee scored and four of a kind then keep group
otherwise keep for points
if group >= 3 and group box open and upper < 50 then score group box
if bonus won and full house then score full_house
if turns left <= 1 then score best
if sum <= 11 then scratch
otherwise score best`
	f, err := rulefile.Parse("classes.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Parse("hasbro-nine", []byte(hasbroNine))
	if exhaustive.On {
		r, err = engine.Load("hasbro")
	}
	if err != nil {
		t.Fatal(err)
	}
	p, err := rulefile.Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	fig, _, err := analysis.AnalyzeReach("classes.rules", r, p.NewStrategy, analysis.Options{Regret: true})
	if err != nil {
		t.Fatal(err)
	}
	if d := fig.Regret.OptimalMean - fig.Mean - fig.Regret.Total; math.Abs(d) > 1e-9 {
		t.Errorf("regret %.10f, but optimal − mean = %.10f", fig.Regret.Total, fig.Regret.OptimalMean-fig.Mean)
	}
	st, err := p.NewStrategy()
	if err != nil {
		t.Fatal(err)
	}
	const n = 40000
	g := sim.NewGame(r)
	dice := rand.NewPCG(3, 5)
	sum, sq := 0.0, 0.0
	for range n {
		if err := g.Play(st, dice); err != nil {
			t.Fatal(err)
		}
		x := float64(g.Sheet.Total())
		sum += x
		sq += x * x
	}
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / n)
	if math.Abs(mean-fig.Mean) > 4*se {
		t.Errorf("played %.3f ± %.3f (4 standard errors), exact %.4f", mean, 4*se, fig.Mean)
	}
}

// hasbroNine is hasbro's upper section, full house, chance and yahtzee, with its upper
// bonus, extra bonus and forced joker: nine boxes, a sixteenth of hasbro's states.
const hasbroNine = `{"name": "hasbro-nine", "rolls": 3,
 "boxes": [
  {"id": "ones", "section": "upper", "kind": "face", "face": 1},
  {"id": "twos", "section": "upper", "kind": "face", "face": 2},
  {"id": "threes", "section": "upper", "kind": "face", "face": 3},
  {"id": "fours", "section": "upper", "kind": "face", "face": 4},
  {"id": "fives", "section": "upper", "kind": "face", "face": 5},
  {"id": "sixes", "section": "upper", "kind": "face", "face": 6},
  {"id": "full_house", "section": "lower", "kind": "full_house", "points": 25},
  {"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50},
  {"id": "chance", "section": "lower", "kind": "chance", "add": "all"}
 ],
 "upper_bonus": {"threshold": 63, "points": 35, "when": "complete"},
 "extra_yahtzee": {"box": "yahtzee", "points": 100},
 "joker": {"mode": "forced", "box": "yahtzee"}}`

// The files learned by yams distill that README.md quotes: their exact means, as the
// README gives them, and the regret identity. Each costs seconds (its table of decisions
// with its averages and classes of the subtotal, then the analysis): the exhaustive run's.
func TestLearnedExamples(t *testing.T) {
	exhaustive.Only(t)
	heavy(t)
	for _, c := range []struct {
		file, rules string
		mean        float64
	}{
		{"hasbro-10.rules", "hasbro", 243.3727832945},
		{"yatzy-10.rules", "yatzy", 236.3426155514},
	} {
		r, err := engine.Load(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		fig, err := optimal.Analyze("rules:../../examples/strategies/"+c.file, r, analysis.Options{Regret: true})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(fig.Mean-c.mean) > 1e-9 {
			t.Errorf("%s: exact mean %.10f, README %.10f", c.file, fig.Mean, c.mean)
		}
		if d := fig.Regret.OptimalMean - fig.Mean - fig.Regret.Total; math.Abs(d) > 1e-9 {
			t.Errorf("%s: regret %.10f, optimal − mean %.10f", c.file, fig.Regret.Total, fig.Regret.OptimalMean-fig.Mean)
		}
	}
}
