package rulefile_test

import (
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/rulefile"
)

// A decision of a rule file allocates nothing: a simulation asks for tens of millions.
func TestDecisionsAllocateNothing(t *testing.T) {
	r := exacttest.SixBoxes(t)
	f, err := rulefile.Parse("a.rules", []byte("if pair and over par >= 0 then keep group\nif sixes >= 3 and bonus in play then score sixes"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := rulefile.Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.NewStrategy()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewSheet(r)
	roll, _ := engine.RollOf([]int{6, 6, 6, 2, 3})
	s.Fill(3, roll)
	if n := testing.AllocsPerRun(100, func() {
		st.Keep(&s, roll, 2)
		st.Keep(&s, roll, 1)
		st.Box(&s, roll, 3)
	}); n != 0 {
		t.Errorf("%v allocations a turn's decisions", n)
	}
}
