package rulefile_test

import (
	"os"
	"testing"

	"yams/engine"
	"yams/strategies/rulefile"
)

// benchFile is a file of eight rules learned by yams distill on hasbro.
const benchFile = "../../examples/strategies/learned8.rules"

func BenchmarkCompileTable(b *testing.B) {
	src, err := os.ReadFile(benchFile)
	if err != nil {
		b.Fatal(err)
	}
	f, err := rulefile.Parse(benchFile, src)
	if err != nil {
		b.Fatal(err)
	}
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
