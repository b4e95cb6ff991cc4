package solver

// The solver before it worked on lanes: one turn-start state at a time, the widget of
// Glenn's paper in its plainest form. The tests compare the lane solver with it, value
// for value and decision for decision, bit for bit.

import (
	"math"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/internal/refsolve"
	"yams/strategies/widget"
)

// TestLanesMatchReference solves rule sets with the lane solver and checks every state's
// value, bit for bit, and every decision against the widget of one state: the small rules
// with the options that change the solver's work (a fill order, one roll, four rolls, a
// sec column) in the default run, presets with them in the exhaustive run.
func TestLanesMatchReference(t *testing.T) {
	cases := []struct {
		name string
		opts []string
	}{
		{"small", nil},
		{"small", []string{"order=top_down"}},
		{"small", []string{"rolls=1"}},
		{"small", []string{"rolls=4"}},
		{"small", []string{"columns=sec"}},
		{"hasbro", nil},
		{"yams-wiki", nil},
		{"yams-app", nil},
		{"hasbro", []string{"order=top_down"}},
		{"hasbro", []string{"rolls=1"}},
		{"hasbro", []string{"rolls=4"}},
		{"verhoeff", []string{"columns=sec"}},
	}
	for _, c := range cases {
		t.Run(c.name+strings.Join(c.opts, ","), func(t *testing.T) {
			var r *engine.Rules
			if c.name == "small" {
				if len(c.opts) > 0 {
					exacttest.NotUnderRace(t)
				}
				r = exacttest.SmallRules(t, c.opts...)
			} else {
				exhaustive.Only(t)
				exacttest.Heavy(t)
				r = exacttest.MustRules(t, c.name, c.opts...)
			}
			sp, err := widget.NewSolverSpace(r)
			if err != nil {
				t.Fatal(err)
			}
			tab, pol := SolveSpace(r, sp, 0, true)
			ref := refsolve.NewWidget(sp, tab.Values)
			pw := NewGroupFiller(pol)
			var out [widget.NumRolls]uint32
			states := 0
			for i := range sp.NumStates() {
				mask, u, f := sp.Split(i)
				if !sp.Valid(mask, u, f) || mask == sp.FullMask {
					continue
				}
				states++
				v := ref.Decide(mask, u, f, &out)
				if math.Float64bits(v) != math.Float64bits(tab.Values[i]) {
					t.Fatalf("state %#x/%d/%d: lanes %v, reference %v", mask, u, f, tab.Values[i], v)
				}
				if !pol.Ensure(mask, f, pw) {
					t.Fatal("group not ready")
				}
				id := pol.Block(mask, u, f)
				for r, e := range out {
					got := e
					if pol.E16 != nil {
						got = uint32(pol.E16[id*BlockLen+r])
					} else {
						got = pol.E32[id*BlockLen+r]
					}
					if got != e {
						t.Fatalf("state %#x/%d/%d roll %v: decisions %#x, reference %#x", mask, u, f, engine.Roll(r), got, e)
					}
				}
			}
			t.Logf("%d states agree", states)
		})
	}
}
