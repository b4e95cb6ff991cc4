package rulefile_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/strategies/rulefile"
)

// benchFile is the file of ten rules learned by yams distill on hasbro.
const benchFile = "../../examples/strategies/hasbro-10.rules"

// readBenchFile reads benchFile.
func readBenchFile(b *testing.B) *rulefile.File {
	b.Helper()
	src, err := os.ReadFile(benchFile)
	if err != nil {
		b.Fatal(err)
	}
	f, err := rulefile.Parse(benchFile, src)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkCompileTable(b *testing.B) {
	f := readBenchFile(b)
	r, _ := engine.Load("hasbro")
	for b.Loop() {
		p, err := rulefile.Compile(f, r)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := p.NewStrategy(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame plays whole games of the ten rules with the simulator's game loop, one
// worker: a decision is a few table reads.
func BenchmarkGame(b *testing.B) {
	f := readBenchFile(b)
	r, _ := engine.Load("hasbro")
	p, err := rulefile.Compile(f, r)
	if err != nil {
		b.Fatal(err)
	}
	st, err := p.NewStrategy()
	if err != nil {
		b.Fatal(err)
	}
	g := sim.NewGame(r)
	dice := rand.NewPCG(1, 2)
	for b.Loop() {
		if err := g.Play(st, dice); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeriveTable derives the table of the ten rules from that of the file without
// its last rule (rulefile.Program.DeriveTable), as yams distill does when it tries a rule:
// against BenchmarkCompileTable, which builds the same table from nothing.
func BenchmarkDeriveTable(b *testing.B) {
	f := readBenchFile(b)
	r, _ := engine.Load("hasbro")
	base := *f
	base.Rules = f.Rules[:len(f.Rules)-1]
	bp, err := rulefile.Compile(&base, r)
	if err != nil {
		b.Fatal(err)
	}
	bp.TrackRules()
	if _, err := bp.NewStrategy(); err != nil {
		b.Fatal(err)
	}
	last := bp.Len(rulefile.BoxRule) - 1 // the place of the new rule: before the built-in default
	for b.Loop() {
		p, err := rulefile.Compile(f, r)
		if err != nil {
			b.Fatal(err)
		}
		if err := p.DeriveTable(bp, rulefile.BoxRule, last, 0); err != nil {
			b.Fatal(err)
		}
	}
}
