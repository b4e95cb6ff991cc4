package duel

import (
	"math"
	"testing"

	"yams/engine"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

// optimalPlayer plays optimal's decisions everywhere: the duel's opponent itself, when
// that is optimal.
type optimalPlayer struct{}

func (optimalPlayer) DuelTurn(uint32, int, int, uint32, int, int, int, bool, *[widget.NumRolls]uint32) bool {
	return false
}

// follow returns the chance of p in seat s, a tie counting half, from its games followed
// forward, after checking that they end with mass 1.
func follow(t *testing.T, du *Duel, p Player, s int) float64 {
	t.Helper()
	o := du.Follow(p, s)
	mass := 0.0
	for _, m := range o.Difference {
		mass += m
	}
	if math.Abs(mass-1) > 1e-12 || math.Abs(o.Win+o.Tie+o.Loss-1) > 1e-12 {
		t.Fatalf("seat %d: the games end with mass %.15f (win %.6f, tie %.6f, loss %.6f)", s+1, mass, o.Win, o.Tie, o.Loss)
	}
	return o.Win + o.Tie/2
}

// No player wins more than the best response, in either seat: neither win, followed
// exactly, nor optimal, which against itself wins half the tables in each seat; and win,
// played at the table, wins what its games followed exactly say, within the interval of
// its win rate.
func TestNothingBeatsTheBestResponse(t *testing.T) {
	for _, r := range []*engineRules{{"two boxes", twoBoxes(t)}, {"three boxes", threeBoxes(t)}} {
		du, err := For(r.rules, "optimal", "")
		if err != nil {
			t.Fatal(err)
		}
		w, err := tableplay.NewWinDuel(r.rules, "optimal")
		if err != nil {
			t.Fatal(err)
		}
		var win, opt [2]float64
		for s := range 2 {
			win[s], opt[s] = follow(t, du, w, s), follow(t, du, optimalPlayer{}, s)
			if br := du.Chance(s); win[s] > br+1e-12 || opt[s] > br+1e-12 {
				t.Errorf("%s, seat %d: the best response wins %.9f, win %.9f, optimal %.9f", r.name, s+1, br, win[s], opt[s])
			}
			t.Logf("%s, seat %d: best response %.6f, win %.6f, optimal %.6f", r.name, s+1, du.Chance(s), win[s], opt[s])
		}
		// Neither player looks at the other's sheet: their final scores are independent
		// and alike, in either seat.
		if math.Abs(opt[0]-0.5) > 1e-12 || math.Abs(opt[1]-0.5) > 1e-12 {
			t.Errorf("%s: optimal against itself wins %.15f first and %.15f second, not a half", r.name, opt[0], opt[1])
		}
		res := playTable(t, r.rules, 40000, "win", "optimal")
		for s := range 2 {
			got := res.PlayerSeatWinRate(0, s)
			if win[s] < got.CI95.Lo || win[s] > got.CI95.Hi {
				t.Errorf("%s, seat %d: win won %.4f of %d tables, interval [%.4f, %.4f]; followed exactly, %.4f", r.name, s+1, got.Rate, got.Games, got.CI95.Lo, got.CI95.Hi, win[s])
			}
		}
	}
}

type engineRules struct {
	name  string
	rules *engine.Rules
}
