package serve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strconv"
	"testing"

	"yams/coach"
	"yams/engine"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies/columns"
)

// simScore returns what strategy scores in game index of yams sim --seed seed.
func simScore(t *testing.T, rules *engine.Rules, name string, seed, index uint64) int {
	t.Helper()
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: opponents(t, name), Seed: seed, First: int64(index), Games: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return int(res.Summaries[0].Stats().Mean)
}

// checkGame checks a game played to its end by p: its record replays to the sheet the
// game shows; its grade is the coach's of the record (what yams replay --grade prints);
// what the coach said of each decision, as it was made, is the grade's decision and the
// advice of its position; the losses add up to the grade's cost.
func checkGame(t *testing.T, ts *testServer, p *player, s stateView) {
	t.Helper()
	if s.Phase != phaseOver {
		t.Fatalf("the game ends in phase %s (%s)", s.Phase, s.Ended)
	}
	rec, sheet, turns := ts.record(s.ID, 0)
	if got := s.Players[0].Sheet.Total; got != sheet.Total() || !sheet.Done() {
		t.Errorf("the game shows a total of %d; its record replays to %d (done %v)", got, sheet.Total(), sheet.Done())
	}
	want, err := coach.GradeRecord(rec, sheet.Rules(), turns)
	if err != nil {
		t.Fatal(err)
	}
	if s.Grade == nil || !reflect.DeepEqual(*s.Grade, *want) {
		t.Fatalf("the game's grade differs from the record's:\n%+v\n%+v", s.Grade, want)
	}
	if len(p.feedback) != len(want.Decisions) {
		t.Fatalf("%d decisions judged as they were made, %d graded", len(p.feedback), len(want.Decisions))
	}
	for i, f := range p.feedback {
		if f.Index != i+1 || !reflect.DeepEqual(f.Decision, want.Decisions[i]) {
			t.Errorf("decision %d: judged %+v (index %d) as made, graded %+v", i+1, f.Decision, f.Index, want.Decisions[i])
		}
		var a coach.Advice
		ts.ok(http.StatusOK, "GET", "/api/games/"+s.ID+"/advise?decision="+strconv.Itoa(i+1), nil, &a)
		if !reflect.DeepEqual(a, f.Advice) {
			t.Errorf("decision %d: the review's advice differs from the advice given as it was made", i+1)
		}
	}
	// Each decision's advice is the advice asked before it.
	k := 0
	for i, f := range p.feedback {
		for k < len(p.advices) && !(p.advices[k].Turn == f.Advice.Turn && p.advices[k].RollsUsed == f.Advice.RollsUsed) {
			k++
		}
		if k == len(p.advices) || !reflect.DeepEqual(p.advices[k], f.Advice) {
			t.Fatalf("decision %d: its advice is not the advice asked at its position", i+1)
		}
		// The option the coach judged has the value the advice gives it.
		var value float64
		found := false
		if f.Decision.Decision == "box" {
			for _, o := range f.Advice.Boxes {
				if o.Box == f.Choice.Box {
					value, found = o.Value, true
				}
			}
		} else {
			for _, o := range f.Advice.Keeps {
				if sameFaces(*o.Keep, f.Choice.Keep) {
					value, found = o.Value, true
				}
			}
		}
		if !found || value != f.Value {
			t.Errorf("decision %d: valued %v, the advice gives %v (found %v)", i+1, f.Value, value, found)
		}
	}
	sum, byTurn := 0.0, 0.0
	for _, k := range s.Losses.ByKind {
		sum += k.Cost
	}
	for _, c := range s.Losses.ByTurn {
		byTurn += c
	}
	if math.Abs(sum-want.TotalCost) > 1e-9 || math.Abs(byTurn-want.TotalCost) > 1e-9 {
		t.Errorf("losses by kind %v and by turn %v, total cost %v", sum, byTurn, want.TotalCost)
	}
	if want.TotalCost == 0 {
		t.Errorf("the game deviated from the best, yet costs nothing")
	}
}

// A whole game of hasbro through the API, alone: the record, the grade, the coach.
func TestHasbroGame(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro")}})
	p := &player{ts: ts, deviate: func(n int) bool { return n%5 == 2 }}
	s := p.play(ts.newGame(map[string]any{"rules": "hasbro", "seed": 7, "game": 3}))
	checkGame(t, ts, p, s)
	if *s.DiceGame != 3 || len(s.SameDice) != 1 || s.SameDice[0].Strategy != "optimal" {
		t.Fatalf("dice game %v, same dice %+v", *s.DiceGame, s.SameDice)
	}
	if want := simScore(t, testRules(t, "hasbro").Rules, "optimal", 7, 3); s.SameDice[0].Total != want {
		t.Errorf("optimal scores %d on the game's dice, %d in game 3 of yams sim --seed 7", s.SameDice[0].Total, want)
	}
}

// A seeded game throws the dice of game g of yams sim: played as optimal plays (the best
// of each advice), it scores what optimal scores there, alone and, at a table of n, seat
// s of game g throwing game g·n+s, opponents included.
func TestSeededDiceAreSims(t *testing.T) {
	rs := testRules(t, "hasbro")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}, Opponents: opponents(t, "optimal", "greedy")})
	for _, c := range []struct {
		seed, game uint64
		opponents  []string
	}{{1, 0, nil}, {42, 11, nil}, {5, 2, []string{"optimal", "greedy"}}} {
		p := &player{ts: ts}
		s := p.play(ts.newGame(map[string]any{"rules": "hasbro", "seed": c.seed, "game": c.game, "opponents": c.opponents}))
		n := uint64(len(c.opponents) + 1)
		for seat, pl := range s.Players {
			index := c.game*n + uint64(seat)
			name := "optimal"
			if seat > 0 {
				name = c.opponents[seat-1]
			}
			if *pl.DiceGame != index {
				t.Errorf("seed %d game %d seat %d: dice of game %d, want %d", c.seed, c.game, seat, *pl.DiceGame, index)
			}
			if want := simScore(t, rs.Rules, name, c.seed, index); pl.Sheet.Total != want {
				t.Errorf("seed %d game %d seat %d (%s): scores %d, yams sim's game %d %d", c.seed, c.game, seat, name, pl.Sheet.Total, index, want)
			}
		}
		if s.Grade.TotalCost != 0 || s.SameDice[0].Total != s.Players[0].Sheet.Total {
			t.Errorf("played as optimal: cost %v, optimal on the same dice %d, the game %d", s.Grade.TotalCost, s.SameDice[0].Total, s.Players[0].Sheet.Total)
		}
		// The record of an opponent replays to its sheet too.
		for seat := 1; seat < len(s.Players); seat++ {
			if _, sheet, _ := ts.record(s.ID, seat); sheet.Total() != s.Players[seat].Sheet.Total {
				t.Errorf("seat %d: the record replays to %d, the sheet shows %d", seat, sheet.Total(), s.Players[seat].Sheet.Total)
			}
		}
	}
}

// A whole game of a sheet of two columns, which has an exact solve.
func TestTwoColumnGame(t *testing.T) {
	rs := testRules(t, "yams", "columns=top_down,bottom_up")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}, Opponents: opponents(t, "optimal")})
	p := &player{ts: ts, deviate: func(n int) bool { return n%7 == 3 }}
	s := p.play(ts.newGame(map[string]any{"seed": 3, "opponents": []string{"optimal"}}))
	checkGame(t, ts, p, s)
	if s.Turns != 26 || !s.Players[1].Sheet.Done || len(s.Players[0].Sheet.Columns) != 2 {
		t.Errorf("%d turns, the opponent's sheet done %v, %d columns", s.Turns, s.Players[1].Sheet.Done, len(s.Players[0].Sheet.Columns))
	}
	if s.Grade.Estimate != "" || !p.advices[0].Exact {
		t.Errorf("a sheet with an exact solve is graded on estimates")
	}
}

// A table with win: every seat's chance of finishing first, which add up to 1, and how
// the player's box changed theirs.
func TestTableWithWin(t *testing.T) {
	rs := testRules(t, "small.json")
	if exhaustive.On {
		rs = testRules(t, "hasbro")
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}, Opponents: opponents(t, "win", "optimal")})
	p := &player{ts: ts, deviate: func(n int) bool { return n%4 == 1 }}
	s := ts.newGame(map[string]any{"seed": 9, "opponents": []string{"win", "optimal"}})
	if len(s.Chances) != 3 {
		t.Fatalf("chances %v at a table of 3 with win", s.Chances)
	}
	s = p.play(s)
	checkGame(t, ts, p, s)
	chances := 0
	for _, st := range p.states {
		// The chance of the last box stays in the state until the next box: it is counted
		// once, in the state the box's request answered.
		if st.Chance == nil || st.Phase == phasePlay {
			continue
		}
		chances++
		c := st.Chance
		if c.Before < 0 || c.Before > 1 || c.After < 0 || c.After > c.Best+1e-12 || c.Best > 1 {
			t.Errorf("chance %+v", c)
		}
		if st.Phase == phaseRoll {
			if sum := st.Chances[0] + st.Chances[1] + st.Chances[2]; math.Abs(sum-1) > 1e-6 {
				t.Errorf("the chances of the seats add up to %v", sum)
			}
		}
	}
	if chances != rs.Rules.NumSlots() {
		t.Errorf("%d boxes told their chance, want %d", chances, rs.Rules.NumSlots())
	}
	// The others played their turns, move by move, win seeing the table.
	if !s.Players[1].Sheet.Done || !s.Players[2].Sheet.Done {
		t.Errorf("the opponents did not finish")
	}
}

// A game of real dice: the player enters their dice (five, or those rerolled alone), and
// another player's turns; the coach judges the decisions as in a game of virtual dice.
func TestRealDiceGame(t *testing.T) {
	rs := testRules(t, "small.json")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}})
	s := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne"}, "coach": "end"})
	if s.Seed != nil || len(s.Players) != 2 || s.Players[1].Name != "Anne" || s.Players[1].Kind != kindPerson {
		t.Fatalf("state %+v", s)
	}
	rules := rs.Rules
	g := rngFor(3)
	path := "/api/games/" + s.ID
	for s.Phase != phaseOver {
		r := engine.Throw(g)
		ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": coach.RollFaces(r)}, &s)
		// Hold the sixes, enter the dice rerolled alone, then all five.
		k := keepOfFace(r, 6)
		if k.Size() < 5 {
			r2 := engine.Reroll(g, k)
			fresh := fresh(r2, k)
			ts.ok(http.StatusOK, "POST", path+"/hold", map[string]any{"keep": coach.KeepFaces(k)}, &s)
			ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": fresh}, &s)
			if !reflect.DeepEqual(s.Dice, coach.RollFaces(r2)) {
				t.Fatalf("rerolled %v, the game holds %v", fresh, s.Dice)
			}
			if s.RollsLeft > 0 {
				r3 := engine.Reroll(g, noKeep)
				ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"keep": []int{}, "dice": coach.RollFaces(r3)}, &s)
			}
		}
		if s.Feedback != nil {
			t.Fatalf("the coach speaks before the end, though asked to wait")
		}
		var a coach.Advice
		ts.ok(http.StatusOK, "GET", path+"/advise", nil, &a)
		ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": a.Boxes[0].Box}, &s)
		// Anne's turn: her final dice, in a box still open.
		other := engine.Throw(g)
		for id := range rules.NumSlots() {
			name := rules.Boxes()[id].ID
			if _, filled := s.Players[1].Sheet.Boxes[name]; !filled {
				ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"seat": 1, "dice": coach.RollFaces(other), "box": name}, &s)
				break
			}
		}
	}
	_, sheet, _ := ts.record(s.ID, 0)
	if sheet.Total() != s.Players[0].Sheet.Total || s.Grade == nil || s.Grade.Score != sheet.Total() {
		t.Errorf("total %d, record %d, grade %+v", s.Players[0].Sheet.Total, sheet.Total(), s.Grade)
	}
	if _, anne, _ := ts.record(s.ID, 1); anne.Total() != s.Players[1].Sheet.Total || !anne.Done() {
		t.Errorf("Anne's record replays to %d, her sheet shows %d", anne.Total(), s.Players[1].Sheet.Total)
	}
	if s.Decisions != len(s.Grade.Decisions) {
		t.Errorf("%d decisions judged, %d graded", s.Decisions, len(s.Grade.Decisions))
	}
}

// The seeds' family sheet, too large for an exact solve, is coached on column-tables's
// estimates, which say so, from its first game (which fits column-tables to the sheet, about
// 40 s).
func TestFamilySheetEstimates(t *testing.T) {
	exhaustive.Only(t)
	rs := RuleSet{Source: "../examples/rules/yams-family.json"}
	var err error
	if rs.Rules, err = engine.Load(rs.Source); err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}, Opponents: opponents(t, "column-tables")})
	p := &player{ts: ts, deviate: func(n int) bool { return n%9 == 4 }}
	s := p.play(ts.newGame(map[string]any{"seed": 1, "opponents": []string{"column-tables"}}))
	checkEstimatedGame(t, ts, p, s, 0)
}

// The coach of a sheet without an exact solve: the values of column-tables, marked as
// estimates, on a small sheet of two columns whose values the test makes estimated (its
// product fits, but its values are read as they would be on a sheet that does not). Each
// estimate plays 128 games on from its position, not 640, in the default run.
func TestEstimatedValues(t *testing.T) {
	t.Parallel()
	games := 128
	if exhaustive.On {
		games = columns.DefaultEstimateGames
	}
	rs := testRules(t, "two-columns.json")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}})
	set := ts.srv.sets[0]
	set.valuesOnce.Do(func() {
		set.values = &coach.Values{Rules: rs.Rules, Estimate: errors.New("the test says so"), EstimateGames: games}
		set.positions.init(set.values.Positions)
	})
	p := &player{ts: ts, deviate: func(n int) bool { return n%3 == 1 }}
	s := p.play(ts.newGame(map[string]any{"seed": 4}))
	checkEstimatedGame(t, ts, p, s, games)
	for _, a := range p.advices {
		if !a.Exact && a.EstimateGames != games {
			t.Fatalf("an advice measured over %d games, want %d", a.EstimateGames, games)
		}
	}
	// The advice is column-tables's estimate at the position.
	est, err := columns.NewColumnEstimate(rs.Rules)
	if err != nil {
		t.Fatal(err)
	}
	est.Games = games
	for i, f := range p.feedback {
		sheet := engineSheetAt(t, ts, s.ID, f.Turn)
		if err := est.Start(&sheet); err != nil {
			t.Fatal(err)
		}
		r, _ := engine.RollOf(f.Dice)
		want := coach.Advise(est, errors.New("the test says so"), &sheet, r, f.Advice.RollsUsed)
		if !reflect.DeepEqual(want, f.Advice) {
			t.Fatalf("decision %d: the advice is not column-tables's estimate at the position", i+1)
		}
	}
}

// checkEstimatedGame checks a game coached on estimates: its record replays to its sheet,
// every advice and the grade say that they are estimates, and the grade is the coach's
// of the record with the estimate's values (of games games; 0 for the default).
func checkEstimatedGame(t *testing.T, ts *testServer, p *player, s stateView, games int) {
	t.Helper()
	if s.Phase != phaseOver || s.Grade == nil || s.Grade.Estimate == "" {
		t.Fatalf("phase %s (%s), grade %+v", s.Phase, s.Ended, s.Grade)
	}
	rec, sheet, turns := ts.record(s.ID, 0)
	if sheet.Total() != s.Grade.Score || sheet.Total() != s.Players[0].Sheet.Total {
		t.Errorf("the record replays to %d, the grade says %d, the sheet %d", sheet.Total(), s.Grade.Score, s.Players[0].Sheet.Total)
	}
	// Estimated, with an interval, until one column alone is left; exact from then on
	// (column-tables plays the last column as optimal does, from its exact table).
	exactFrom := -1
	for i, a := range p.advices {
		switch {
		case a.Exact && a.Estimate == "" && a.Interval == 0:
			if exactFrom < 0 {
				exactFrom = i
			}
		case !a.Exact && a.Estimate != "" && a.Interval > 0 && exactFrom < 0:
		default:
			t.Fatalf("advice %d of %d on estimates says exact %v, estimate %q, interval %v (exact from advice %d)", i+1, len(p.advices), a.Exact, a.Estimate, a.Interval, exactFrom+1)
		}
	}
	if exactFrom == 0 {
		t.Errorf("no advice estimated")
	}
	v := &coach.Values{Rules: sheet.Rules(), Estimate: errors.New(s.Grade.Estimate), EstimateGames: games}
	pos, err := v.Positions()
	if err != nil {
		t.Fatal(err)
	}
	want, err := coach.GradeWith(v, pos, rec, sheet.Rules(), turns)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*s.Grade, *want) {
		t.Errorf("the grade differs from the coach's of the record:\n%+v\n%+v", s.Grade, want)
	}
	for i, f := range p.feedback {
		if !reflect.DeepEqual(f.Decision, want.Decisions[i]) {
			t.Errorf("decision %d: judged %+v as made, graded %+v", i+1, f.Decision, want.Decisions[i])
		}
	}
}

// engineSheetAt returns the player's sheet at the start of turn (from 1) of game id, from
// its record.
func engineSheetAt(t *testing.T, ts *testServer, id string, turn int) engine.Sheet {
	t.Helper()
	rec, sheet, _ := ts.record(id, 0)
	rec.Turns = rec.Turns[:turn-1]
	part, _, err := engine.Replay(rec, sheet.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return part
}

// keepOfFace holds the dice of r that show face.
func keepOfFace(r engine.Roll, face int) engine.Keep {
	k := noKeep
	for range r.Count(face) {
		k = k.Add(face)
	}
	return k
}

// fresh returns the dice of r2 that keep k did not hold.
func fresh(r2 engine.Roll, k engine.Keep) []int {
	c := k.Counts()
	var out []int
	for _, d := range coach.RollFaces(r2) {
		if c[d-1] > 0 {
			c[d-1]--
			continue
		}
		out = append(out, d)
	}
	return out
}

// rngFor returns a generator of dice for the tests.
func rngFor(seed uint64) *rand.PCG { return rand.NewPCG(seed, 1) }
