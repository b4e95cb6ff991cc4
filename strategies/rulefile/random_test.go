package rulefile_test

import (
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies/rulefile"
)

// gen writes random rule files for a rule set: every feature, comparison, box and action
// the rules allow, conditions nested up to a depth.
type gen struct {
	rng   *rand.Rand
	rules *engine.Rules
	// upper is the atoms of the upper subtotal a file may still have: each splits the
	// table of decisions into more classes, and a file of many takes long to tabulate.
	upper int
}

func (g *gen) box() rulefile.BoxRef {
	if g.rng.IntN(5) == 0 {
		return rulefile.BoxRef{Group: true}
	}
	return rulefile.BoxRef{ID: g.rules.Boxes()[g.rng.IntN(g.rules.NumBoxes())].ID}
}

func (g *gen) atom() *rulefile.Atom {
	r := g.rules
	for {
		f := rulefile.Feature(1 + g.rng.IntN(int(rulefile.BonusInPlay)))
		a := &rulefile.Atom{Feature: f, Op: rulefile.Op(g.rng.IntN(6))}
		if f.OfUpper() {
			if g.upper == 0 {
				continue
			}
			g.upper--
		}
		bonus := r.UpperPoints() != 0
		switch f {
		case rulefile.Count:
			a.Face, a.Value = 1+g.rng.IntN(6), g.rng.IntN(6)
		case rulefile.Group, rulefile.Run:
			a.Value = 1 + g.rng.IntN(5)
		case rulefile.GroupFace:
			a.Value = 1 + g.rng.IntN(6)
		case rulefile.Sum:
			a.Value = 5 + g.rng.IntN(26)
		case rulefile.Pays:
			a.Box, a.Value = g.box(), g.rng.IntN(51)
		case rulefile.Open, rulefile.Filled:
			a.Box = g.box()
		case rulefile.Scored:
			if r.ExtraPoints() == 0 {
				continue
			}
			a.Box = rulefile.BoxRef{ID: r.Boxes()[r.YahtzeeBox()].ID}
		case rulefile.Turn:
			a.Value = 1 + g.rng.IntN(r.NumBoxes())
		case rulefile.TurnsLeft:
			a.Value = g.rng.IntN(r.NumBoxes())
		case rulefile.RollsLeft:
			a.Value = g.rng.IntN(r.Rolls())
		case rulefile.Upper:
			a.Value = g.rng.IntN(r.MaxUpper() + 2)
		case rulefile.BonusNeeds:
			if !bonus {
				continue
			}
			a.Value = g.rng.IntN(r.UpperThreshold() + 2)
		case rulefile.OverPar:
			a.Value = g.rng.IntN(61) - 30
		case rulefile.BonusWon, rulefile.BonusLost, rulefile.BonusInPlay:
			if !bonus {
				continue
			}
		}
		return a
	}
}

func (g *gen) cond(depth int) rulefile.Cond {
	switch n := g.rng.IntN(10); {
	case depth == 0 || n < 5:
		return g.atom()
	case n < 7:
		return &rulefile.And{Terms: []rulefile.Cond{g.cond(depth - 1), g.cond(depth - 1), g.cond(depth - 1)}[:2+g.rng.IntN(2)]}
	case n < 9:
		return &rulefile.Or{Terms: []rulefile.Cond{g.cond(depth - 1), g.cond(depth - 1)}}
	}
	return &rulefile.Not{Term: g.cond(depth - 1)}
}

func (g *gen) targets(atLeast int) []rulefile.Target {
	var ts []rulefile.Target
	seen := map[rulefile.Target]bool{}
	for range atLeast + g.rng.IntN(3) {
		t := rulefile.Target{Set: rulefile.Set(g.rng.IntN(4))}
		if t.Set == rulefile.OneBox {
			t.Box = g.box()
		}
		if !seen[t] {
			seen[t] = true
			ts = append(ts, t)
		}
	}
	return ts
}

func (g *gen) action(kind rulefile.Kind) rulefile.Action {
	if kind == rulefile.KeepRule {
		a := rulefile.Action{Verb: rulefile.Verb(1 + g.rng.IntN(int(rulefile.KeepFor)))}
		switch a.Verb {
		case rulefile.KeepFaces:
			a.Faces = uint8(1 + g.rng.IntN(63))
		case rulefile.KeepFor:
			a.Targets = g.targets(1)
		}
		return a
	}
	a := rulefile.Action{Verb: rulefile.Verb(int(rulefile.ScoreBox) + g.rng.IntN(4))}
	if a.Verb == rulefile.ScoreBox {
		a.Box = g.box()
	} else {
		a.Targets = g.targets(0)
	}
	return a
}

// file returns a random file: up to eight rules of each kind, and perhaps their defaults.
func (g *gen) file() *rulefile.File {
	f := &rulefile.File{Name: "random.rules"}
	g.upper = 3
	if g.rng.IntN(3) == 0 {
		for _, b := range g.rules.Boxes() {
			if g.rng.IntN(2) == 0 {
				f.Averages = append(f.Averages, rulefile.Average{Box: rulefile.BoxRef{ID: b.ID}, Value: float64(g.rng.IntN(400)-50) / 10})
			}
		}
	}
	for _, kind := range []rulefile.Kind{rulefile.KeepRule, rulefile.BoxRule} {
		for range g.rng.IntN(9) {
			f.Rules = append(f.Rules, rulefile.Rule{If: g.cond(3), Then: g.action(kind)})
		}
		if g.rng.IntN(2) == 0 {
			f.Rules = append(f.Rules, rulefile.Rule{Then: g.action(kind)})
		}
	}
	return f
}

// Random rule files on random games: every keep is part of the roll and every box legal,
// the table plays what the rules decide at the very sheet (its classes of the upper
// subtotal are right), and every file prints to a text that reads back to itself.
func TestRandomFilesAreLegal(t *testing.T) {
	heavy(t)
	// The default run: a file on each kind of sheet (a joker, a subtracted box, a single
	// roll); each file's table takes seconds to build. The exhaustive run: every preset.
	presets := []string{"hasbro", "yams-wiki"}
	variants := []string{"rolls=1"}
	files, games := 1, 30
	if exhaustive.On {
		presets = append(presets, "yatzy", "yams-app", "verhoeff", "yams")
		variants = append(variants, "order=top_down", "rolls=4", "joker=none", "order=bottom_up")
		files, games = 20, 200
	}
	for i, name := range append(presets, variants...) {
		var r *engine.Rules
		var err error
		if i < len(presets) {
			r, err = engine.Load(name)
		} else {
			r, err = engine.Load("hasbro", name)
		}
		if err != nil {
			t.Fatal(err)
		}
		g := &gen{rng: rand.New(rand.NewPCG(uint64(i), 7)), rules: r}
		for fi := range files {
			f := g.file()
			text := f.String()
			back, err := rulefile.Parse("random.rules", []byte(text))
			if err != nil {
				t.Fatalf("%s: a random file does not read back: %v\n%s", name, err, text)
			}
			if back.String() != text {
				t.Fatalf("%s: a random file reads back to another:\n%s\n---\n%s", name, text, back.String())
			}
			p, err := rulefile.Compile(back, r)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, text)
			}
			st, err := p.NewStrategy()
			if err != nil {
				t.Fatal(err)
			}
			d := p.NewDecider()
			play := rand.New(rand.NewPCG(uint64(fi), 11))
			for range games {
				s := engine.NewSheet(r)
				for !s.Done() {
					d.Start(p.StateOf(&s))
					roll := engine.Roll(play.IntN(engine.NumRolls))
					used := 1
					for ; used < r.Rolls(); used++ {
						k := st.Keep(&s, roll, r.Rolls()-used)
						if !k.Within(roll) {
							t.Fatalf("%s: kept %v of %v\n%s", name, k, roll, text)
						}
						if m, _ := d.Keep(roll, r.Rolls()-used); roll.Held(m) != k {
							t.Fatalf("%s: the table keeps %v of %v, the rules %v\n%s", name, k, roll, roll.Held(m), text)
						}
						if k.IsRoll() {
							break
						}
						roll = rerollOf(play, k)
					}
					used = min(used, r.Rolls())
					b := st.Box(&s, roll, used)
					if s.Legal(roll, used)&(1<<b) == 0 {
						t.Fatalf("%s: box %d is not legal for %v after %d rolls on sheet %#x\n%s", name, b, roll, used, s.FilledMask(), text)
					}
					if db, _ := d.Box(roll, used); db != int(b) {
						t.Fatalf("%s: the table scores %v in %d, the rules in %d\n%s", name, roll, b, db, text)
					}
					s.Fill(b, roll)
				}
			}
		}
	}
}

// rerollOf rerolls the dice not kept.
func rerollOf(rng *rand.Rand, k engine.Keep) engine.Roll {
	dice := make([]int, 0, engine.NumDice)
	for f, n := range k.Counts() {
		for range n {
			dice = append(dice, f+1)
		}
	}
	for len(dice) < engine.NumDice {
		dice = append(dice, 1+rng.IntN(6))
	}
	r, _ := engine.RollOf(dice)
	return r
}

// Random files on a short game, whose tables are built by every core at once (the race
// detector runs this one): the simulator's game loop finds every decision legal.
func TestRandomFilesOnSmallRules(t *testing.T) {
	r := exacttest.SixBoxes(t)
	g := &gen{rng: rand.New(rand.NewPCG(5, 9)), rules: r}
	game := sim.NewGame(r)
	dice := rand.NewPCG(1, 2)
	for range 20 {
		f := g.file()
		p, err := rulefile.Compile(f, r)
		if err != nil {
			t.Fatalf("%v\n%s", err, f)
		}
		st, err := p.NewStrategy()
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			if err := game.Play(st, dice); err != nil {
				t.Fatalf("%v\n%s", err, f)
			}
		}
	}
}
