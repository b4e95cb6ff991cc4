package columns

import (
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/sim"
)

// BenchmarkColumnTables plays games of column-tables on the four-column family sheet of
// examples/rules (its tables solved or loaded, and its fit made, once, outside the timing).
func BenchmarkColumnTables(b *testing.B) {
	r, err := engine.Load("../../examples/rules/yams-family.json")
	if err != nil {
		b.Fatal(err)
	}
	d, err := columnDataFor(r)
	if err != nil {
		b.Fatal(err)
	}
	st := newColumnTablesOf(d, d.flex)
	g := sim.NewGame(r)
	dice := rand.NewPCG(1, 2)
	for b.Loop() {
		if err := g.Play(st, dice); err != nil {
			b.Fatal(err)
		}
	}
}
