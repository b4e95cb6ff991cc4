package serve

import (
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"testing"
	"time"

	"yams/coach"
	"yams/engine"
)

// Undo takes back a mistyped roll, a box and another player's turn, until the next
// player's turn: the game with slips and undos is, in its state, its records and its
// grade, the game played without them; the undo of the last box reopens a game over.
func TestUndo(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: opponents(t, "greedy")})
	slips := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne"}})
	clean := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne"}})
	undo := func(id string, want undoView) stateView {
		t.Helper()
		var before, s stateView
		ts.ok(http.StatusOK, "GET", "/api/games/"+id, nil, &before)
		if before.Undo == nil || *before.Undo != want {
			t.Fatalf("the state says undo would take back %+v, want %+v", before.Undo, want)
		}
		ts.ok(http.StatusOK, "POST", "/api/games/"+id+"/undo", nil, &s)
		return s
	}
	both := func(what string, body any) {
		t.Helper()
		var a, b stateView
		ts.ok(http.StatusOK, "POST", "/api/games/"+slips.ID+"/"+what, body, &a)
		ts.ok(http.StatusOK, "POST", "/api/games/"+clean.ID+"/"+what, body, &b)
	}
	path := "/api/games/" + slips.ID
	ts.wantError(http.StatusConflict, "nothing to undo", "POST", path+"/undo", nil)
	ts.wantError(http.StatusBadRequest, "unknown field", "POST", path+"/undo", map[string]any{"seat": 1})
	ts.wantError(http.StatusMethodNotAllowed, "this address takes POST", "GET", path+"/undo", nil)

	// Turn 1: a slip on the first roll, taken back; a reroll with three fives held.
	var s stateView
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": []int{1, 1, 2, 3, 4}}, &s)
	if s = undo(slips.ID, undoView{0, entryRoll}); s.Phase != phaseRoll || s.Dice != nil || s.Undo != nil {
		t.Fatalf("after the undo of the first roll: phase %s, dice %v, undo %+v", s.Phase, s.Dice, s.Undo)
	}
	both("roll", map[string]any{"dice": []int{5, 6, 5, 6, 5}})
	both("hold", map[string]any{"keep": []int{5, 5, 5}})
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": []int{1, 2}}, &s)
	if !slices.Equal(s.Held, []int{5, 5, 5}) || s.Decisions != 1 {
		t.Fatalf("after a reroll holding 5-5-5: held %v, %d decisions", s.Held, s.Decisions)
	}
	s = undo(slips.ID, undoView{0, entryRoll})
	if !slices.Equal(s.Dice, []int{5, 5, 5, 6, 6}) || !slices.Equal(s.Held, []int{5, 5, 5}) || s.RollsUsed != 1 || s.Decisions != 0 || s.Feedback != nil {
		t.Fatalf("after the undo of the reroll: dice %v held %v, roll %d, %d decisions, feedback %v", s.Dice, s.Held, s.RollsUsed, s.Decisions, s.Feedback)
	}
	both("roll", map[string]any{"dice": []int{6, 6}})
	// The wrong box, taken back; then the right one.
	ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": "chance"}, &s)
	if s = undo(slips.ID, undoView{0, entryBox}); s.Phase != phasePlay || s.Players[0].Sheet.TurnsPlayed != 0 || !slices.Equal(s.Dice, []int{5, 5, 5, 6, 6}) {
		t.Fatalf("after the undo of the box: phase %s, %d turns, dice %v", s.Phase, s.Players[0].Sheet.TurnsPlayed, s.Dice)
	}
	both("score", map[string]any{"box": "sixes"})
	// Anne's turn, mistyped, taken back; then the player's box can no longer be.
	ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"seat": 1, "dice": []int{2, 2, 2, 2, 2}, "box": "yahtzee"}, &s)
	undo(slips.ID, undoView{1, entryTurn})
	ts.wantError(http.StatusConflict, "nothing to undo", "POST", path+"/undo", nil)
	both("score", map[string]any{"seat": 1, "points": 15, "box": "fives"})
	// Turn 2 begins: Anne's turn is closed.
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": []int{1, 1, 1, 1, 2}}, &s)
	undo(slips.ID, undoView{0, entryRoll})
	ts.wantError(http.StatusConflict, "nothing to undo", "POST", path+"/undo", nil)
	both("roll", map[string]any{"dice": []int{1, 1, 1, 1, 1}})
	both("score", map[string]any{"box": "yahtzee"})
	both("roll", map[string]any{"dice": []int{2, 3, 4, 5, 5}})
	both("score", map[string]any{"box": "fives"})
	both("roll", map[string]any{"dice": []int{2, 3, 4, 5, 5}})
	// The last box ends the game: taken back, it reopens it.
	live := func() int { ts.srv.mu.Lock(); defer ts.srv.mu.Unlock(); return ts.srv.live }
	ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": "chance"}, &s)
	if s.Phase != phaseOver || s.Grade == nil || live() != 1 {
		t.Fatalf("the last box: phase %s, grade %v, %d games in play", s.Phase, s.Grade != nil, live())
	}
	if s = undo(slips.ID, undoView{0, entryBox}); s.Phase != phasePlay || s.Grade != nil || live() != 2 {
		t.Fatalf("the last box taken back: phase %s, grade %v, %d games in play", s.Phase, s.Grade != nil, live())
	}
	both("score", map[string]any{"box": "chance"})

	var a, b stateView
	ts.ok(http.StatusOK, "GET", path, nil, &a)
	ts.ok(http.StatusOK, "GET", "/api/games/"+clean.ID, nil, &b)
	a.ID, b.ID, a.Undo, b.Undo = "", "", nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the game with slips taken back differs from the game without:\n%+v\n%+v", a, b)
	}
	for seat := range 2 {
		ra, _, _ := ts.record(slips.ID, seat)
		rb, _, _ := ts.record(clean.ID, seat)
		if !reflect.DeepEqual(ra, rb) {
			t.Errorf("seat %d: the record with slips taken back differs from the record without:\n%+v\n%+v", seat, ra, rb)
		}
	}
	rec, sheet, turns := ts.record(slips.ID, 0)
	if g, err := coach.GradeRecord(rec, sheet.Rules(), turns); err != nil || !reflect.DeepEqual(g, a.Grade) {
		t.Errorf("the grade of the record %+v (%v), the game's %+v", g, err, a.Grade)
	}
	if live() != 0 {
		t.Errorf("%d games in play, both are over", live())
	}

	// A game of virtual dice takes nothing back.
	v := ts.newGame(map[string]any{"seed": 1})
	ts.ok(http.StatusOK, "POST", "/api/games/"+v.ID+"/roll", nil, &s)
	if s.Undo != nil {
		t.Errorf("a game of virtual dice offers to undo %+v", s.Undo)
	}
	ts.wantError(http.StatusConflict, "the server's dice are not taken back", "POST", "/api/games/"+v.ID+"/undo", nil)
	ts.wantError(http.StatusNotFound, "no game", "POST", "/api/games/nope/undo", nil)
}

// Held dice stay held across rolls until released, in both modes.
func TestHeldAcrossRolls(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro")}})
	s := ts.newGame(map[string]any{"seed": 5})
	path := "/api/games/" + s.ID
	ts.ok(http.StatusOK, "POST", path+"/roll", nil, &s)
	keep := s.Dice[:2]
	ts.ok(http.StatusOK, "POST", path+"/hold", map[string]any{"keep": keep}, &s)
	ts.ok(http.StatusOK, "POST", path+"/roll", nil, &s)
	if !slices.Equal(s.Held, keep) {
		t.Fatalf("held %v after the reroll, want %v still held", s.Held, keep)
	}
	first := s.Dice
	ts.ok(http.StatusOK, "POST", path+"/roll", nil, &s)
	if k, _ := engine.KeepOf(keep); !k.Within(mustRoll(t, s.Dice)) || !slices.Equal(s.Held, keep) {
		t.Errorf("the third roll %v (after %v) lost the dice held %v: held %v", s.Dice, first, keep, s.Held)
	}
}

func mustRoll(t *testing.T, dice []int) engine.Roll {
	t.Helper()
	r, ok := engine.RollOf(dice)
	if !ok {
		t.Fatalf("dice %v", dice)
	}
	return r
}

// The table's sheet (scorekeeping): four players' turns entered by their box and the
// points written, chosen among the box's scores, to the end; each record replays to the
// sheet shown; every mistake a 4xx with one line.
func TestScorekeeping(t *testing.T) {
	rs := testRules(t, "small.json")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{rs}, Opponents: opponents(t, "greedy")})
	s := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne", "Bob", "Chloé"}})
	path := "/api/games/" + s.ID
	// The scores each box may take, as the rules score them.
	want := map[string][]choice{"fives": {{0, 0}, {5, 0}, {10, 0}, {15, 0}, {20, 0}, {25, 0}}, "sixes": {{0, 0}, {6, 0}, {12, 0}, {18, 0}, {24, 0}, {30, 0}},
		"yahtzee": {{0, 0}, {50, 0}}}
	for seat, p := range s.Players {
		for box, cs := range want {
			if !reflect.DeepEqual(p.Choices[box], cs) {
				t.Errorf("seat %d: %s may take %v, want %v", seat, box, p.Choices[box], cs)
			}
		}
		if c := p.Choices["chance"]; len(c) != 26 || c[0].Points != 5 || c[25].Points != 30 {
			t.Errorf("seat %d: chance may take %v, want 5 to 30", seat, c)
		}
	}
	// Mistakes.
	for _, c := range []struct {
		status int
		want   string
		body   any
	}{
		{http.StatusBadRequest, "seat 4: want a player's seat, 0 to 3", map[string]any{"seat": 4, "box": "fives", "points": 5}},
		{http.StatusBadRequest, "points or its dice, not both", map[string]any{"seat": 1, "box": "fives", "points": 5, "dice": []int{5, 1, 1, 1, 1}}},
		{http.StatusBadRequest, "box fives cannot take 7 points now (it may take: 0, 5, 10, 15, 20, 25)", map[string]any{"seat": 1, "box": "fives", "points": 7}},
		{http.StatusBadRequest, "box chance cannot take 0 points", map[string]any{"seat": 2, "box": "chance", "points": 0}},
		{http.StatusBadRequest, "box fives cannot take 25 (+100) points", map[string]any{"seat": 1, "box": "fives", "points": 25, "bonus": 100}},
		{http.StatusBadRequest, "no box \"aces\"", map[string]any{"seat": 1, "box": "aces", "points": 1}},
		{http.StatusBadRequest, "bonus goes with points", map[string]any{"seat": 1, "box": "fives", "dice": []int{5, 5, 5, 5, 5}, "bonus": 100}},
		{http.StatusBadRequest, "points: want a number", `{"seat": 1, "box": "fives", "points": "five"}`},
	} {
		ts.wantError(c.status, c.want, "POST", path+"/score", c.body)
	}
	var st stateView
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}}, &st)
	if st.Players[0].Choices != nil {
		t.Errorf("the player's dice are on the table, yet the state offers their points: %v", st.Players[0].Choices)
	}
	ts.wantError(http.StatusConflict, "your dice are on the table", "POST", path+"/score", map[string]any{"box": "fives", "points": 5})
	ts.ok(http.StatusOK, "POST", path+"/undo", nil, &st)

	// Four turns of four players, the player's own by points too: yahtzees first, then
	// yahtzees counted again in fives and sixes with their extra bonus (Anne), a
	// cross-out (Bob's fives), a yahtzee crossed out (Chloé's); the upper bonus of 20 at 25.
	turns := []map[string]any{
		{"box": "yahtzee", "points": 50}, {"box": "yahtzee", "points": 50}, {"box": "yahtzee", "points": 50}, {"box": "yahtzee", "points": 0},
		{"box": "sixes", "points": 24}, {"box": "fives", "points": 25, "bonus": 100}, {"box": "fives", "points": 0}, {"box": "chance", "points": 30},
		{"box": "fives", "points": 15}, {"box": "sixes", "points": 30, "bonus": 100}, {"box": "sixes", "points": 12}, {"box": "fives", "points": 25},
		{"box": "chance", "points": 22}, {"box": "chance", "points": 6}, {"box": "chance", "points": 23}, {"box": "sixes", "points": 0},
	}
	totals := []int{50 + 24 + 15 + 22 + 20, 50 + 25 + 100 + 30 + 100 + 6 + 20, 50 + 0 + 12 + 23, 0 + 30 + 25 + 0 + 20}
	for i, turn := range turns {
		seat := i % 4
		turn["seat"] = seat
		ts.ok(http.StatusOK, "POST", path+"/score", turn, &st)
		if i == 4 {
			if c := st.Players[1].Choices["fives"]; !slices.Contains(c, choice{25, 100}) || slices.Contains(st.Players[3].Choices["fives"], choice{25, 100}) {
				t.Errorf("fives may take %v for Anne (her yahtzee scored), %v for Chloé (crossed out)", c, st.Players[3].Choices["fives"])
			}
		}
	}
	if st.Phase != phaseOver || st.Grade != nil {
		t.Errorf("the sheets are full: phase %s, grade %v (the player's turns were entered by their points)", st.Phase, st.Grade)
	}
	ts.wantError(http.StatusConflict, "seat 1: that player's sheet is full", "POST", path+"/score", map[string]any{"seat": 1, "box": "fives", "points": 5})
	for seat, p := range st.Players {
		if p.Sheet.Total != totals[seat] || !p.Sheet.Done || !slices.Equal(p.ByPoints, []int{1, 2, 3, 4}) || p.Choices != nil {
			t.Errorf("seat %d: total %d (want %d), done %v, by points %v, choices %v", seat, p.Sheet.Total, totals[seat], p.Sheet.Done, p.ByPoints, p.Choices)
		}
		rec, sheet, _ := ts.record(st.ID, seat)
		if sheet.Total() != totals[seat] || len(rec.Turns) != 4 {
			t.Errorf("seat %d: the record replays to %d in %d turns, want %d", seat, sheet.Total(), len(rec.Turns), totals[seat])
		}
	}
	// A game of virtual dice keeps its own score.
	v := ts.newGame(map[string]any{"seed": 1, "opponents": []string{"greedy"}})
	ts.wantError(http.StatusBadRequest, "points are entered at a table of real dice", "POST", "/api/games/"+v.ID+"/score", map[string]any{"seat": 1, "box": "fives", "points": 5})
}

// A sheet's first-roll ("sec") column takes a turn entered by its points, recorded as its
// one roll; choices follow the columns' orders.
func TestScorekeepingColumns(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "sec.json")}})
	s := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne"}})
	boxes := slices.Sorted(maps.Keys(s.Players[1].Choices))
	if want := []string{"sec.chance", "sec.fives", "sec.sixes", "top_down.fives"}; !slices.Equal(boxes, want) {
		t.Fatalf("Anne may fill %v, want %v: top_down's first box and every sec box", boxes, want)
	}
	ts.ok(http.StatusOK, "POST", "/api/games/"+s.ID+"/score", map[string]any{"seat": 1, "box": "sec.sixes", "points": 18}, &s)
	ts.ok(http.StatusOK, "POST", "/api/games/"+s.ID+"/score", map[string]any{"seat": 1, "box": "top_down.fives", "points": 10}, &s)
	rec, sheet, turns := ts.record(s.ID, 1)
	if len(turns) != 2 || turns[0].RollsUsed != 1 || rec.Turns[0].Rolls == nil || turns[1].RollsUsed != 0 || sheet.Total() != 28 {
		t.Errorf("the record of a sec box and a top-down box by their points: %+v", rec.Turns)
	}
	ts.wantError(http.StatusBadRequest, "box top_down.chance cannot be filled now (boxes open: sec.chance, sec.fives, top_down.sixes)", "POST",
		"/api/games/"+s.ID+"/score", map[string]any{"seat": 1, "box": "top_down.chance", "points": 20})
}

// GET /api/rulesets/{id}/status says how far a rule set's preparation is, with the time
// left from the pace of its steps.
func TestRulesetStatus(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json"), testRules(t, "two-columns.json")}})
	var st statusView
	ts.ok(http.StatusOK, "GET", "/api/rulesets/serve-small/status", nil, &st)
	if st.ID != "serve-small" || st.Ready || st.Stage != "" || st.SecondsLeft != nil || st.Error != "" {
		t.Errorf("before any game: %+v", st)
	}
	ts.newGame(map[string]any{})
	ts.ok(http.StatusOK, "GET", "/api/rulesets/serve-small/status", nil, &st)
	if !st.Ready || st.Stage != "" {
		t.Errorf("after a game: %+v", st)
	}
	ts.wantError(http.StatusNotFound, "no rule set \"nope\" here", "GET", "/api/rulesets/nope/status", nil)
	ts.wantError(http.StatusMethodNotAllowed, "this address takes GET", "POST", "/api/rulesets/serve-small/status", nil)

	// The pace: 2 steps of 10 in 4 seconds leave 16.
	rs := ts.srv.byID["serve-two-columns"]
	rs.setProgress("fit", 0, 10)
	now := time.Now()
	if v := rs.status("fr", now); v.Stage != "Ajustement de column-tables à la feuille" || v.SecondsLeft != nil || v.Ready {
		t.Errorf("at the start of a stage: %+v", v)
	}
	rs.setProgress("fit", 2, 10)
	rs.progress.stages[0].began = now.Add(-4 * time.Second)
	v := rs.status("en", now)
	if v.SecondsLeft == nil || *v.SecondsLeft != 16 || v.Done != 2 || v.Total != 10 || v.Stage != "Fitting column-tables to the sheet" {
		t.Errorf("2 steps of 10 in 4 s: %+v", v)
	}
	data, _ := json.Marshal(v)
	var fields map[string]any
	json.Unmarshal(data, &fields)
	for _, k := range []string{"id", "ready", "stage", "done", "total", "seconds_left"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("the status has no %s: %s", k, data)
		}
	}
	// A stage that another's work starts is shown while it runs; the stage that started
	// it again once it ends, not nothing while that one still works.
	rs.setProgress("a stage of its own", 0, 1)
	if v := rs.status("en", now); v.Stage != "a stage of its own" || v.Done != 0 || v.Total != 1 {
		t.Errorf("a stage within fit: %+v", v)
	}
	rs.setProgress("a stage of its own", 1, 1)
	if v := rs.status("en", now); v.Stage != "Fitting column-tables to the sheet" || v.Done != 2 || v.Total != 10 || v.SecondsLeft == nil || *v.SecondsLeft != 16 {
		t.Errorf("the stage within fit ended: %+v", v)
	}
	// The end of a stage ends those it started, and the last ended leaves none.
	rs.setProgress("calibration", 0, 3)
	rs.setProgress("fit", 10, 10)
	if v := rs.status("en", now); v.Stage != "" || v.Done != 0 || v.Total != 0 || v.SecondsLeft != nil || v.Ready {
		t.Errorf("every stage ended before the values are loaded: %+v", v)
	}
}
