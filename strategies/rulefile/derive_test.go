package rulefile

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
)

// sameTables reports where two tables of the same program differ: the decisions of every
// slot (filled boxes, flag, class) and the rules that took them.
func sameTables(t *testing.T, got, want *table) {
	t.Helper()
	if !slices.Equal(got.base, want.base) {
		t.Fatal("the slots are numbered differently")
	}
	if !slices.Equal(got.blockOf, want.blockOf) || len(got.blocks) != len(want.blocks) {
		t.Fatal("the slots share their blocks differently")
	}
	for slot := range want.blockOf {
		g, w := got.blockOf[slot], want.blockOf[slot]
		if !bytes.Equal(got.blocks[g], want.blocks[w]) {
			t.Fatalf("slot %d: the derived table decides otherwise", slot)
		}
		if !bytes.Equal(got.who[g], want.who[w]) {
			t.Fatalf("slot %d: the derived table names other rules", slot)
		}
	}
}

// TestDeriveTable checks that a table derived from another file's (DeriveTable) is the one
// the program builds from nothing, byte for byte, for each way yams distill changes a
// file: a rule inserted first, in the middle or last of its list, one that reads the upper
// subtotal where the base file does not (new classes), a default added and one replaced;
// and that it refuses, rather than derives wrongly, a file that is not the base's with
// one rule changed.
func TestDeriveTable(t *testing.T) {
	// yams-app's twelve boxes make tables eight times smaller than hasbro's; hasbro's
	// extra bonus makes the yahtzee box's score part of a slot (exhaustive run).
	for _, preset := range []string{"yams-app", "hasbro"} {
		t.Run(preset, func(t *testing.T) {
			if preset == "hasbro" {
				exhaustive.Only(t)
			}
			file, err := Parse("derive.rules", []byte(deriveRules))
			if err != nil {
				t.Fatal(err)
			}
			rules, err := engine.Load(preset)
			if err != nil {
				t.Fatal(err)
			}
			testDeriveTable(t, rules, file)
		})
	}
}

// deriveRules are examples/strategies/hasbro-10.rules without its averages (they name a
// box yams-app does not have) and without its rule that reads the rolls left (whose box
// decisions then depend on the roll number: a table three times as slow to build).
const deriveRules = `if pair and run < 4 and group face >= 2 then keep for group box
if full house and sum < 25 then keep for full_house
if full house then score full_house
if over par < -3 and yahtzee filled and sum < 27 then score best
if full house and over par >= 0 then score group box
if fives >= 3 and not five of a kind and not two pairs then score fives
if group box filled and ones filled and over par >= -6 then score best in lower
if over par >= -12 and not five of a kind and fours >= 4 then score best in upper
if sixes >= 3 and not five of a kind and not two pairs then score sixes
`

func testDeriveTable(t *testing.T, rules *engine.Rules, file *File) {
	without := func(f *File, i int) *File {
		g := *f
		g.Rules = slices.Delete(slices.Clone(f.Rules), i, i+1)
		return &g
	}
	with := func(f *File, line string) *File {
		extra, err := Parse("extra", []byte(line+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		g := *f
		g.Rules = append(slices.Clone(f.Rules), extra.Rules...)
		return &g
	}
	plans := newPlanCache() // shared, as DeriveTable shares them: the test plans a turn once
	compile := func(f *File, track bool) *Program {
		p, err := Compile(f, rules)
		if err != nil {
			t.Fatal(err)
		}
		p.plans = plans
		if track {
			p.TrackRules()
		}
		return p
	}
	// built are the tracked programs built from nothing, by their rules: a table is built
	// once for all the cases that start from it or check against it.
	built := map[string]*Program{}
	tracked := func(f *File) *Program {
		var text []string
		for i := range f.Rules {
			text = append(text, f.Rules[i].String())
		}
		key := strings.Join(text, "\n")
		if p := built[key]; p != nil {
			return p
		}
		p := compile(f, true)
		if _, err := p.table(); err != nil {
			t.Fatal(err)
		}
		built[key] = p
		return p
	}
	// The rules of deriveRules: 0 and 1 keep rules, 2 to 8 box rules.
	for _, c := range []struct {
		name             string
		base, next       *File
		kind             Kind
		place, del       int
		refused          string // a part of the error, when DeriveTable must refuse
		newClassesNeeded bool
	}{
		{name: "a keep rule first", base: without(file, 0), next: file, kind: KeepRule, place: 0},
		{name: "a keep rule last", base: without(file, 1), next: file, kind: KeepRule, place: 1},
		{name: "a box rule first", base: without(file, 2), next: file, kind: BoxRule, place: 0},
		{name: "a box rule reading the upper subtotal", base: without(without(file, 7), 5), next: without(file, 5), kind: BoxRule, place: 4, newClassesNeeded: true},
		{name: "a box rule last", base: without(file, 8), next: file, kind: BoxRule, place: 6},
		{name: "a default added", base: file, next: with(file, "otherwise score best in lower"), kind: BoxRule, place: 7},
		{name: "a default replaced", base: with(file, "otherwise score best in lower"), next: with(file, "otherwise score cheapest in upper"), kind: BoxRule, place: 7, del: 1},
		{name: "a keep default replaced", base: with(file, "otherwise keep group"), next: with(file, "otherwise keep run"), kind: KeepRule, place: 2, del: 1},
		{name: "two rules inserted", base: without(without(file, 3), 2), next: file, kind: BoxRule, place: 0},
		{name: "a rule changed elsewhere", base: without(file, 2), next: without(file, 3), kind: BoxRule, place: 0, refused: "not the base's"},
		{name: "a rule of the other kind", base: without(file, 0), next: file, kind: BoxRule, place: 0, refused: "other kind"},
		{name: "a layout changed", base: file, next: with(file, "if rolls left = 0 and full house then score best"), kind: BoxRule, place: 7, refused: "layout"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if underRace && c.name != "a keep rule first" {
				// One derivation of a table on every core is the concurrency there is.
				t.Skip("more cases, not more concurrency: left to the run without the race detector")
			}
			base := tracked(c.base)
			next := compile(c.next, false)
			if c.newClassesNeeded && slices.EqualFunc(base.bounds, next.bounds, slices.Equal) {
				t.Fatal("the case adds no class of the upper subtotal: it tests nothing of them")
			}
			err := next.DeriveTable(base, c.kind, c.place, c.del)
			if c.refused != "" {
				if err == nil || !strings.Contains(err.Error(), c.refused) {
					t.Fatalf("DeriveTable: %v, want an error saying %q", err, c.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tracked(c.next)
			wt, err := want.table()
			if err != nil {
				t.Fatal(err)
			}
			sameTables(t, next.tab, wt)
		})
	}
}
