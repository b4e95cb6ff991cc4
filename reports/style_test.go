package reports

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"yams/sim"
	"yams/strategies"
)

// The well-known strategies have fixed looks, no two alike, whatever else is drawn.
func TestBuiltinLooks(t *testing.T) {
	names := []string{"optimal", "greedy", "upper-first", "random", "bonus", "risk:-0.02", "target:300", "beat:optimal"}
	looks := looksOf(names)
	for i, a := range names {
		if s := lookOf(a, 0); !equalLooks(looks[i], s) && !isFamily(a) {
			t.Errorf("%s: drawn %v beside the others, %v alone", a, looks[i], s)
		}
		if got := looksOf([]string{a})[0]; !equalLooks(got, lookOf(a, 0)) {
			t.Errorf("%s alone: %v, want its own look %v", a, got, lookOf(a, 0))
		}
		for j, b := range names[:i] {
			if alike(looks[i], looks[j]) {
				t.Errorf("%s and %s look alike: %v, %v", a, b, looks[i], looks[j])
			}
		}
	}
	// optimal is the vermillion triangle of the frontier's figures, wherever it is.
	if o := lookOf("optimal", 0); o.color != vermillion || o.glyph != optimalLook.glyph || optimalLook.color != vermillion {
		t.Errorf("optimal: %v, the frontier draws it %v", o, optimalLook)
	}
	if f := familyLook("risk"); lookOf("risk:0.01", 0).color != f.color || lookOf("risk:0.01", 0).glyph != f.glyph {
		t.Errorf("risk:0.01 is not drawn in the look of its family")
	}
}

func isFamily(name string) bool { _, ok := builtinLooks[name]; return !ok }

func equalLooks(a, b series) bool {
	return a.color == b.color && a.glyph == b.glyph && slices.Equal(a.dashes, b.dashes)
}

// A strategy's look does not depend on the order of the figure, nor on the strategies
// beside it unless one of them would look alike; no two strategies of a figure look
// alike, and no other name looks like a well-known one.
func TestLooksByName(t *testing.T) {
	others := []string{"mybot", "win", "columns", "rules.json", "bot-1", "bot-2", "bot-3", "a", "b", "c", "d", "e", "f", "g", "h"}
	for n := 1; n <= len(others); n++ {
		names := append([]string{"optimal", "greedy"}, others[:n]...)
		looks := looksOf(names)
		rev := slices.Clone(names)
		slices.Reverse(rev)
		revLooks := looksOf(rev)
		for i, name := range names {
			if !equalLooks(looks[i], revLooks[len(names)-1-i]) {
				t.Errorf("%d names: %s drawn %v in one order, %v in the other", len(names), name, looks[i], revLooks[len(names)-1-i])
			}
			for j := range i {
				if alike(looks[i], looks[j]) {
					t.Errorf("%v: %s and %s look alike", names, name, names[j])
				}
			}
			if i >= 2 {
				for b, s := range builtinLooks {
					if alike(looks[i], s) {
						t.Errorf("%s looks like %s", name, b)
					}
				}
			}
		}
		if !equalLooks(looks[0], lookOf("optimal", 0)) || !equalLooks(looks[1], lookOf("greedy", 0)) {
			t.Errorf("beside %d other names, optimal or greedy lost its look", n)
		}
	}
	// Alone or beside optimal, a bot keeps its look.
	if a, b := looksOf([]string{"mybot"})[0], looksOf([]string{"optimal", "mybot"})[1]; !equalLooks(a, b) {
		t.Errorf("mybot: %v alone, %v beside optimal", a, b)
	}
	// Players of the same strategy at a table: one colour, told apart by their markers.
	players := looksOf([]string{"greedy", "optimal", "greedy"})
	if players[0].color != players[2].color || alike(players[0], players[2]) || !equalLooks(players[0], lookOf("greedy", 0)) {
		t.Errorf("two greedy players: %v and %v", players[0], players[2])
	}
}

// Every figure of every report draws a strategy in the look of its name: a run, the same
// strategies in another order, a table, the speed-up of yams bench, a frontier.
func TestLooksAcrossReports(t *testing.T) {
	rules := tinyRules(t)
	infos := fixtureInfos()
	named := func(name string, i strategies.Info) strategies.Info { i.Name = name; return i }
	run := func(names ...string) *report {
		var ss []strategies.Info
		for k, n := range names {
			ss = append(ss, named(n, infos[k%2]))
		}
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: ss, Seed: 1, Games: 20, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReport(res, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	want := map[string]series{}
	for _, r := range []*report{run("optimal", "greedy"), run("greedy", "mybot", "optimal"), run("random", "upper-first", "optimal", "greedy")} {
		for i, name := range r.strategyNames() {
			if w, ok := want[name]; ok && !equalLooks(w, r.looks[i]) {
				t.Errorf("%s: drawn %v in one report, %v in another", name, w, r.looks[i])
			}
			want[name] = r.looks[i]
		}
	}
	table, err := sim.RunTable(context.Background(), sim.TableConfig{Rules: rules,
		Players: []strategies.Info{named("greedy", infos[0]), named("optimal", infos[1])}, Seed: 1, Games: 10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := newTableReport(table, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, name := range table.Players {
		if !equalLooks(tr.looks[k], want[name]) {
			t.Errorf("player %s: %v at the table, %v in a run", name, tr.looks[k], want[name])
		}
	}
	if !equalLooks(optimalLook, want["optimal"]) {
		t.Errorf("the frontier draws optimal %v, a run %v", optimalLook, want["optimal"])
	}
	if fmt.Sprint(looksOf([]string{"greedy", "optimal"})) != fmt.Sprint([]series{want["greedy"], want["optimal"]}) {
		t.Errorf("yams bench's speed-up would draw greedy and optimal otherwise")
	}
}
