package strategies_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/strategies"
)

// variants are the options every strategy must play on every preset: fill orders, one
// roll, sheets of several columns with a "sec" column, and the scoring options.
var variants = [][]string{
	nil,
	{"dry=true", "extra_yahtzee=100", "upper_bonus.when=reached", "joker=free", "upper_bonus.threshold=60"},
	{"joker=forced", "extra_yahtzee=100", "columns=bottom_up,top_down"},
	{"order=top_down"},
	{"order=bottom_up"},
	{"rolls=1"},
	{"columns=sec"},
	{"columns=top_down,bottom_up,free"},
	{"columns=free,sec"},
}

// heuristics are the registered strategies of this package.
func heuristics(t *testing.T) []strategies.Info {
	var list []strategies.Info
	for _, info := range strategies.All() {
		if info.Heuristic {
			list = append(list, info)
		}
	}
	if len(list) < 3 {
		t.Fatalf("heuristics registered: %d, want random, greedy and upper-first", len(list))
	}
	return list
}

// playChecked plays games of st with its own game loop and checks every decision against
// the rules: a keep part of the roll, a box among the legal ones. It returns the mean score.
func playChecked(t *testing.T, name string, rules *engine.Rules, st strategies.Strategy, games int, seed uint64) float64 {
	t.Helper()
	g := rand.NewPCG(seed, 99)
	draws := rand.NewPCG(seed, 7)
	s := engine.NewSheet(rules)
	var tape engine.Tape
	secOnly := func() bool { return s.Legal(0, 2) == 0 }
	total := 0
	for range games {
		s.Reset()
		if gs, ok := st.(strategies.GameStarter); ok {
			gs.StartGame(draws)
		}
		for !s.Done() {
			tape.Draw(g, rules.Rolls())
			r := tape.First()
			rolls := rules.Rolls()
			if secOnly() {
				rolls = 1
			}
			used := 1
			for ; used < rolls; used++ {
				k := st.Keep(&s, r, rolls-used)
				if !k.Within(r) {
					t.Fatalf("%s: keep %s is not part of %s", name, k, r)
				}
				if k.IsRoll() {
					break
				}
				r = tape.Reroll(k)
			}
			id := st.Box(&s, r, used)
			if s.Legal(r, used)&(1<<id) == 0 {
				t.Fatalf("%s: turn %d: box %d is not legal for %s after %d rolls (legal %b)", name, s.Turn()+1, id, r, used, s.Legal(r, used))
			}
			s.Fill(id, r)
		}
		total += s.Total()
	}
	return float64(total) / float64(games)
}

// TestLegalOnEveryPresetAndOption plays every heuristic on every preset with every
// variant. The default run plays each preset as it is and each variant on one preset (the
// next one for each variant, round the presets); the exhaustive run plays them all.
func TestLegalOnEveryPresetAndOption(t *testing.T) {
	presets, opts := engine.Presets(), variants
	if strategies.RaceEnabled {
		presets, opts = []string{"hasbro", "yams-app"}, [][]string{nil, {"columns=free,sec"}}
	}
	for p, preset := range presets {
		for v, opts := range opts {
			if opts != nil && v%len(presets) != p && !exhaustive.On && !strategies.RaceEnabled {
				continue
			}
			rules, err := engine.Load(preset, opts...)
			if err != nil {
				t.Fatalf("%s %v: %v", preset, opts, err)
			}
			games := 300
			if len(rules.Columns()) > 1 {
				games = 50 // each game has two to four times as many turns
			}
			if strategies.RaceEnabled {
				games = max(2, games/20)
			}
			for _, info := range heuristics(t) {
				name := fmt.Sprintf("%s %s %s", info.Name, preset, strings.Join(opts, " "))
				st, err := info.New(rules)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				playChecked(t, name, rules, st, games, 1)
			}
		}
	}
}

// The heuristics must beat random on every preset, and greedy's figures sit where Glenn's
// analysis puts them: a regression guard on the whole pipeline, from worth to table. On
// verhoeff, whose figure Glenn published, in the default run; on every preset in the
// exhaustive run.
func TestHeuristicsOrdering(t *testing.T) {
	if strategies.RaceEnabled {
		t.Skip("statistics, not concurrency: too slow under the race detector")
	}
	const games = 4000
	for _, preset := range engine.Presets() {
		if preset != "verhoeff" && !exhaustive.On {
			continue
		}
		rules, _ := engine.Load(preset)
		mean := map[string]float64{}
		for _, info := range heuristics(t) {
			st, _ := info.New(rules)
			mean[info.Name] = playChecked(t, info.Name+" "+preset, rules, st, games, 2)
		}
		if mean["greedy"] < mean["random"]+100 || mean["upper-first"] < mean["random"]+100 {
			t.Errorf("%s: means %v: the heuristics should beat random by far", preset, mean)
		}
		if preset == "verhoeff" && (mean["greedy"] < 214 || mean["greedy"] > 225) {
			t.Errorf("verhoeff: greedy mean %.2f, want about 218 (Glenn 218.05)", mean["greedy"])
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, name := range []string{"random", "greedy", "upper-first"} {
		info, ok := strategies.Lookup(name)
		if !ok || !info.Heuristic || info.Description == "" {
			t.Errorf("%s: registered %v, heuristic %v, description %q", name, ok, info.Heuristic, info.Description)
		}
	}
	rules, _ := engine.Load("hasbro")
	if _, err := strategies.New("nope", rules); err == nil || !strings.Contains(err.Error(), "greedy") {
		t.Errorf("unknown strategy: error %v should list the strategies", err)
	}
}

// Random draws only from the generator of StartGame: the same generator state, the same
// decisions.
func TestRandomDrawsFromStartGame(t *testing.T) {
	rules, _ := engine.Load("hasbro")
	play := func(seed uint64) []int {
		x := newRandom(t, rules)
		x.StartGame(rand.NewPCG(seed, 0))
		s := engine.NewSheet(rules)
		var got []int
		r, _ := engine.RollOf([]int{1, 2, 3, 4, 6})
		for !s.Done() {
			id := x.Box(&s, r, 1)
			got = append(got, int(x.Keep(&s, r, 2)), int(id))
			s.Fill(id, r)
		}
		return got
	}
	a, b, c := play(5), play(5), play(6)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("same generator, different decisions:\n%v\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Errorf("different generators, same decisions: %v", a)
	}
}

// randomStrategy is what the random strategy is: a strategy that draws from a generator.
type randomStrategy interface {
	strategies.Strategy
	strategies.GameStarter
}

// newRandom returns the random strategy, from the registry.
func newRandom(t *testing.T, rules *engine.Rules) randomStrategy {
	t.Helper()
	st, err := strategies.New("random", rules)
	if err != nil {
		t.Fatal(err)
	}
	x, ok := st.(randomStrategy)
	if !ok {
		t.Fatalf("random is a %T, not a GameStarter", st)
	}
	return x
}

// Random's box is uniform over the legal boxes.
func TestRandomBoxUniform(t *testing.T) {
	rules, _ := engine.Load("hasbro")
	x := newRandom(t, rules)
	x.StartGame(rand.NewPCG(1, 1))
	s := engine.NewSheet(rules)
	r, _ := engine.RollOf([]int{2, 2, 3, 5, 6})
	const n = 130000
	var count [engine.MaxBoxes]int
	for range n {
		count[x.Box(&s, r, 3)]++
	}
	// χ² with 12 degrees of freedom; 32.9 is its 99.9th percentile.
	chi2 := 0.0
	for b := range rules.NumBoxes() {
		d := float64(count[b]) - n/13.0
		chi2 += d * d / (n / 13.0)
	}
	if chi2 > 32.9 {
		t.Errorf("box counts %v: χ² %.1f, not uniform", count[:13], chi2)
	}
}

func TestDecisionsDoNotAllocate(t *testing.T) {
	for _, opts := range [][]string{nil, {"columns=top_down,bottom_up,free"}, {"columns=free,sec"}} {
		rules, _ := engine.Load("hasbro", opts...)
		s := engine.NewSheet(rules)
		r1, _ := engine.RollOf([]int{2, 2, 3, 5, 6})
		r2, _ := engine.RollOf([]int{6, 6, 6, 6, 6})
		s.Fill(rules.Slot(0, rules.BoxIndex("yahtzee")), r2)
		for _, info := range heuristics(t) {
			st, _ := info.New(rules)
			if gs, ok := st.(strategies.GameStarter); ok {
				gs.StartGame(rand.NewPCG(1, 2))
			}
			i := 0
			allocs := testing.AllocsPerRun(200, func() {
				r := r1
				if i%2 == 1 {
					r = r2
				}
				i++
				// Change the position every other call, so that a turn plan is redone.
				if i%4 == 0 {
					s.Fill(rules.Slot(0, rules.BoxIndex("chance")), r1)
				} else if i%4 == 2 {
					s.Reset()
				}
				st.Keep(&s, r, 2)
				st.Keep(&s, r, 1)
				st.Box(&s, r, 3)
			})
			if allocs != 0 {
				t.Errorf("%s %v: %v allocations per decision", info.Name, opts, allocs)
			}
		}
	}
}

func BenchmarkDecision(b *testing.B) {
	for _, opts := range [][]string{nil, {"columns=top_down,bottom_up,free"}} {
		rules, _ := engine.Load("hasbro", opts...)
		for _, name := range []string{"random", "greedy", "upper-first"} {
			st, _ := strategies.New(name, rules)
			s := engine.NewSheet(rules)
			r, _ := engine.RollOf([]int{2, 2, 3, 5, 6})
			b.Run(fmt.Sprintf("%s/columns=%d", name, len(rules.Columns())), func(b *testing.B) {
				for b.Loop() {
					st.Keep(&s, r, 2)
				}
			})
		}
	}
}

func BenchmarkTables(b *testing.B) {
	for _, preset := range []string{"hasbro", "yams-app"} {
		for _, name := range []string{"greedy", "upper-first"} {
			b.Run(preset+"/"+name, func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					// Tables are shared per rule hash: another bonus makes another rule set.
					r, err := engine.Load(preset, fmt.Sprintf("upper_bonus.points=%d", 36+i%900))
					if err != nil {
						b.Fatal(err)
					}
					if _, err := strategies.New(name, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
