package analysis

import (
	"os"
	"slices"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies"
	"yams/strategies/rulefile"
)

// unblocked hides a strategy's blocks (strategies.Blocked): the analysis then plays the
// turn of every state.
type unblocked struct{ strategies.Strategy }

// TestBlocksChangeNothing checks that the analysis that plays a turn once per block of a
// strategy's decisions (strategies.Blocked) gives, to the last bit, the figures of the
// analysis that plays every state's turn: the heuristics' policy tables and rule files
// whose decisions read the upper subtotal against par and the bonus, on rules with and
// without an extra bonus.
func TestBlocksChangeNothing(t *testing.T) {
	exacttest.NotUnderRace(t) // each worker's turn keeps its own blocks: no concurrency to race
	type subject struct {
		name string
		new  func(r *engine.Rules) (strategies.Strategy, error)
		// only says the subject is in the exhaustive run only: greedy's policy table is
		// blocked as upper-first's is, which also reads the subtotal against par.
		only bool
	}
	ruleFile := func(path string) func(r *engine.Rules) (strategies.Strategy, error) {
		// The program of each rule set, compiled once: its table is built on first use.
		programs := map[*engine.Rules]*rulefile.Program{}
		return func(r *engine.Rules) (strategies.Strategy, error) {
			if p := programs[r]; p != nil {
				return p.NewStrategy()
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			f, err := rulefile.Parse(path, src)
			if err != nil {
				return nil, err
			}
			p, err := rulefile.Compile(f, r)
			if err != nil {
				return nil, err
			}
			programs[r] = p
			return p.NewStrategy()
		}
	}
	registered := func(name string) func(r *engine.Rules) (strategies.Strategy, error) {
		return func(r *engine.Rules) (strategies.Strategy, error) { return strategies.New(name, r) }
	}
	// yams-app is small; hasbro's extra bonus makes the yahtzee box's score part of a block.
	for _, c := range []struct {
		preset   string
		subjects []subject
	}{
		{"yams-app", []subject{
			{"greedy", registered("greedy"), true},
			{"upper-first", registered("upper-first"), false},
			{"three-of-each.rules", ruleFile("../../examples/strategies/three-of-each.rules"), false},
		}},
		{"hasbro", []subject{{"hasbro-10.rules", ruleFile("../../examples/strategies/hasbro-10.rules"), false}}},
	} {
		preset := c.preset
		if preset == "hasbro" && !exhaustive.On {
			continue // 20 s of a loaded machine: in the exhaustive run
		}
		r, err := engine.Load(preset)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.subjects {
			if s.only && !exhaustive.On {
				continue
			}
			st, err := s.new(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := st.(strategies.Blocked); !ok {
				t.Fatalf("%s on %s: not blocked: the test would compare the analysis with itself", s.name, preset)
			}
			opts := Options{Workers: 2, Distribution: true}
			blocked, reachB, err := AnalyzeReach(s.name, r, func() (strategies.Strategy, error) { return s.new(r) }, opts)
			if err != nil {
				t.Fatal(err)
			}
			plain, reachP, err := AnalyzeReach(s.name, r, func() (strategies.Strategy, error) {
				st, err := s.new(r)
				return unblocked{st}, err
			}, opts)
			if err != nil {
				t.Fatal(err)
			}
			if blocked.Mean != plain.Mean || blocked.SD != plain.SD || blocked.PUpperBonus != plain.PUpperBonus ||
				blocked.PYahtzee != plain.PYahtzee || blocked.ExtraBonuses != plain.ExtraBonuses || blocked.States != plain.States ||
				!slices.Equal(blocked.Distribution, plain.Distribution) || !slices.Equal(blocked.Boxes, plain.Boxes) ||
				!slices.Equal(reachB.p, reachP.p) {
				t.Errorf("%s on %s: by blocks mean %.12f sd %.12f, state by state mean %.12f sd %.12f (or their boxes, distribution or reach differ)",
					s.name, preset, blocked.Mean, blocked.SD, plain.Mean, plain.SD)
			}
		}
	}
}
