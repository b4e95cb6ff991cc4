package engine

import (
	"math/rand/v2"
	"testing"
)

func checkNoAllocs(t *testing.T, name string, f func()) {
	t.Helper()
	if n := testing.AllocsPerRun(200, f); n != 0 {
		t.Errorf("%s allocates %.1f times per call", name, n)
	}
}

// TestNoAllocs proves that the core that the simulator calls millions of times allocates
// nothing: dice, scoring, legality, sheet updates and the turn planner.
func TestNoAllocs(t *testing.T) {
	rules := mustLoad(t, "hasbro")
	g := rand.NewPCG(1, 1)
	var tape Tape
	s := NewSheet(rules)
	r := roll(t, 3, 3, 3, 3, 3)
	k, _ := KeepOf([]int{3, 3})
	var sink int
	checkNoAllocs(t, "Throw", func() { sink += int(Throw(g)) })
	checkNoAllocs(t, "Reroll", func() { sink += int(Reroll(g, k)) })
	checkNoAllocs(t, "Tape", func() { tape.Draw(g, 3); sink += int(tape.Reroll(tape.First().Keep() - 1)) })
	checkNoAllocs(t, "Rules.Score", func() { sink += rules.Score(7, r) })
	checkNoAllocs(t, "Sheet.Points", func() { sink += s.Points(8, r) })
	checkNoAllocs(t, "Sheet.Legal", func() { sink += int(s.Legal(r, 3)) })
	checkNoAllocs(t, "Sheet.Fill", func() {
		s.Reset()
		for b := range rules.NumBoxes() {
			sink += s.Fill(BoxID(b), r)
		}
		sink += s.Total()
	})
	var plan TurnPlan
	checkNoAllocs(t, "TurnPlan.Solve", func() { sink += int(plan.Solve(3, true)) })
	_ = sink
}

var sinkInt int

func BenchmarkScore(b *testing.B) {
	rules := mustLoad(b, "hasbro")
	var s int
	i := 0
	for b.Loop() {
		s += rules.Score(i%13, Roll(i%NumRolls))
		i++
	}
	sinkInt = s
}

func BenchmarkSheetPoints(b *testing.B) {
	rules := mustLoad(b, "hasbro")
	sh := NewSheet(rules)
	sh.Fill(BoxID(rules.YahtzeeBox()), roll(b, 4, 4, 4, 4, 4))
	var s int
	i := 0
	for b.Loop() {
		s += sh.Points(BoxID(i%13), Roll(i%NumRolls))
		i++
	}
	sinkInt = s
}

func BenchmarkSheetLegal(b *testing.B) {
	rules := mustLoad(b, "hasbro")
	sh := NewSheet(rules)
	sh.Fill(BoxID(rules.YahtzeeBox()), roll(b, 4, 4, 4, 4, 4))
	var s uint64
	i := 0
	for b.Loop() {
		s += sh.Legal(Roll(i%NumRolls), 3)
		i++
	}
	sinkInt = int(s)
}

func BenchmarkSheetFillGame(b *testing.B) {
	rules := mustLoad(b, "hasbro")
	sh := NewSheet(rules)
	r := roll(b, 2, 3, 4, 5, 6)
	for b.Loop() {
		sh.Reset()
		for i := range rules.NumBoxes() {
			sh.Fill(BoxID(i), r)
		}
		sinkInt += sh.Total()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rules.NumBoxes()), "ns/fill")
}

func BenchmarkThrow(b *testing.B) {
	g := rand.NewPCG(1, 2)
	var s int
	for b.Loop() {
		s += int(Throw(g))
	}
	sinkInt = s
}

func BenchmarkTapeTurn(b *testing.B) {
	g := rand.NewPCG(1, 2)
	var tape Tape
	k, _ := KeepOf([]int{6, 6})
	var s int
	for b.Loop() {
		tape.Draw(g, 3)
		s += int(tape.First()) + int(tape.Reroll(k)) + int(tape.Reroll(k))
	}
	sinkInt = s
}

func BenchmarkTurnPlanSolve(b *testing.B) {
	rules := mustLoad(b, "hasbro")
	var plan TurnPlan
	for r := range Roll(NumRolls) {
		plan.Stop[0][r] = float64(rules.Score(12, r))
	}
	for b.Loop() {
		plan.Solve(3, true)
	}
}
