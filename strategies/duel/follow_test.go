package duel

import (
	"math"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/strategies/analysis"
	"yams/strategies/goals"
	"yams/strategies/solver"
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
// exactly (which takes 90% of its edge or more), nor optimal, which against itself wins
// half the tables in each seat; and win, played at the table, wins what its games
// followed exactly say, within the interval of its win rate.
func TestNothingBeatsTheBestResponse(t *testing.T) {
	for _, r := range []engineRules{{"two boxes", twoBoxes(t)}, {"three boxes", threeBoxes(t)}} {
		du, w := duelAndWin(t, r)
		var win, opt [2]float64
		for s := range 2 {
			win[s], opt[s] = follow(t, du, w, s), follow(t, du, optimalPlayer{}, s)
			if br := du.Chance(s); opt[s] > br+1e-12 {
				t.Errorf("%s, seat %d: the best response wins %.9f, optimal %.9f", r.name, s+1, br, opt[s])
			}
			checkEdge(t, r.name, s, du.Chance(s), win[s])
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

// The sheets of issue 31, where win, which played its first turn as optimal does, took
// two thirds of the best response's edge on the second.
func issueSheets(t testing.TB) []engineRules {
	return []engineRules{
		{"fours, fives, sixes, full house, chance", parseRules(t, "fours-fives-sixes-full-chance", `{"name": "fours-fives-sixes-full-chance", "rolls": 3, "boxes": [
			{"id": "fours", "section": "upper", "kind": "face", "face": 4},
			{"id": "fives", "section": "upper", "kind": "face", "face": 5},
			{"id": "sixes", "section": "upper", "kind": "face", "face": 6},
			{"id": "full_house", "section": "lower", "kind": "full_house", "points": 25},
			{"id": "chance", "section": "lower", "kind": "chance", "add": "all"}]}`)},
		{"ones, twos, threes, chance", parseRules(t, "ones-twos-threes-chance", `{"name": "ones-twos-threes-chance", "rolls": 3, "boxes": [
			{"id": "ones", "section": "upper", "kind": "face", "face": 1},
			{"id": "twos", "section": "upper", "kind": "face", "face": 2},
			{"id": "threes", "section": "upper", "kind": "face", "face": 3},
			{"id": "chance", "section": "lower", "kind": "chance", "add": "all"}],
			"upper_bonus": {"threshold": 15, "points": 25, "when": "complete"}}`)},
	}
}

// On the sheets of issue 31 (and on those of TestNothingBeatsTheBestResponse), win takes
// at least 90% of the best response's edge over a half in each seat, against optimal, its
// games followed exactly: the goal of the issue.
func TestWinTakesMostOfTheEdge(t *testing.T) {
	for _, r := range issueSheets(t) {
		du, w := duelAndWin(t, r)
		for s := range 2 {
			checkEdge(t, r.name, s, du.Chance(s), follow(t, du, w, s))
		}
	}
}

// On the sheets of issue 31, beat:optimal, which plays against optimal without looking
// at its sheet (its exact chance from the goals' solve, the same in either seat), wins
// no more than win, followed exactly, nor than the best response. Its solve takes half a
// minute: in the exhaustive run.
func TestBeatBelowWin(t *testing.T) {
	exhaustive.Only(t)
	o, err := solver.ParseObjective("beat:optimal")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range issueSheets(t) {
		f, err := goals.AnalyzeGoal(o, r.rules, analysis.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		beat := f.Objective.Value
		du, w := duelAndWin(t, r)
		for s := range 2 {
			br, win := du.Chance(s), follow(t, du, w, s)
			if beat > win || beat > br {
				t.Errorf("%s, seat %d: beat:optimal wins %.6f, win %.6f, the best response %.6f", r.name, s+1, beat, win, br)
			}
			t.Logf("%s, seat %d: beat:optimal %.6f, win %.6f, the best response %.6f", r.name, s+1, beat, win, br)
		}
	}
}

// duelAndWin returns the duel of the best response to optimal on r's rules, and win
// against optimal.
func duelAndWin(t *testing.T, r engineRules) (*Duel, *tableplay.WinDuel) {
	t.Helper()
	du, err := For(r.rules, "optimal", "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := tableplay.NewWinDuel(r.rules, "optimal")
	if err != nil {
		t.Fatal(err)
	}
	return du, w
}

// checkEdge holds win's chance in seat s below the best response's, br, and at 90% of its
// edge over a half or more.
func checkEdge(t *testing.T, sheet string, s int, br, win float64) {
	t.Helper()
	share := (win - 0.5) / (br - 0.5)
	if win > br+1e-12 || share < 0.9 {
		t.Errorf("%s, seat %d: win %.6f, the best response %.6f: win takes %.1f%% of its edge", sheet, s+1, win, br, 100*share)
	}
	t.Logf("%s, seat %d: win %.6f, the best response %.6f: %.1f%% of its edge", sheet, s+1, win, br, 100*share)
}
