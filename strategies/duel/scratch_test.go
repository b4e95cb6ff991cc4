package duel

import (
	"os"
	"strings"
	"testing"
	"time"

	"yams/engine"
)

func TestScratch(t *testing.T) {
	for _, f := range strings.Split(os.Getenv("SHEETS"), ",") {
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
		for s := range 2 {
			start = time.Now()
			o := du.Analyze(s)
			t.Logf("seat %d: win %.6f tie %.6f loss %.6f, %d positions, %v", s, o.Win, o.Tie, o.Loss, o.Positions, time.Since(start))
		}
	}
}
