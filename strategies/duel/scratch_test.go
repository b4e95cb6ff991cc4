package duel

import (
	"testing"
	"time"

	"yams/engine"
)

func TestScratch(t *testing.T) {
	for _, f := range []string{"/tmp/tp/otc.json", "/tmp/tp/fhc.json"} {
		r, err := engine.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		need, _ := Memory(r, "optimal")
		start := time.Now()
		du, err := Solve(r, "optimal", 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: need %d MiB, %v: seat 0 %.6f seat 1 %.6f mean %.6f; values %d+%d", r.Name(), need>>20, time.Since(start), du.Chance(0), du.Chance(1), (du.Chance(0)+du.Chance(1))/2, len(du.seat[0].v), len(du.seat[1].v))
	}
}
