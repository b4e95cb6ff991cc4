package serve

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Whatever a client sends, an error echoes a short part of it: one line of a few hundred
// bytes at most.
func TestErrorsEchoShort(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: opponents(t, "greedy")})
	long := strings.Repeat("x", 14_000)
	many := make([]int, 3000)
	for i := range many {
		many[i] = i%6 + 1
	}
	dice := ts.newGame(map[string]any{"seed": 1})
	real := ts.newGame(map[string]any{"mode": "real", "others": []string{"Anne"}})
	game := "/api/games/" + dice.ID
	ts.ok(http.StatusOK, "POST", game+"/roll", nil, &dice)
	type request struct {
		method, path string
		body         any
		header       []string
	}
	for _, c := range []request{
		{"POST", "/api/games", map[string]any{"rules": long}, nil},
		{"POST", "/api/games", map[string]any{"mode": long}, nil},
		{"POST", "/api/games", map[string]any{"coach": long}, nil},
		{"POST", "/api/games", map[string]any{"opponents": []string{long}}, nil},
		{"POST", "/api/games", map[string]any{"mode": "real", "others": []string{long}}, nil},
		{"POST", "/api/games", `{"` + long + `": 1}`, nil},
		{"POST", "/api/games", `{"rules": "` + long + `"`, nil},
		{"POST", game + "/hold", map[string]any{"keep": many}, nil},
		{"POST", game + "/hold", map[string]any{"keep": []int{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}}, nil},
		{"POST", game + "/roll", map[string]any{"keep": many}, nil},
		{"POST", game + "/score", map[string]any{"box": long}, nil},
		{"POST", "/api/games/" + real.ID + "/roll", map[string]any{"dice": many}, nil},
		{"POST", "/api/games/" + real.ID + "/score", map[string]any{"seat": 1, "dice": many, "box": "chance"}, nil},
		{"GET", game + "/advise?decision=" + long, nil, nil},
		{"GET", game + "/record?seat=" + long, nil, nil},
		{"GET", "/api/games/" + long, nil, nil},
		{"PUT", "/api/games/" + dice.ID + "/" + long, nil, nil},
		{"PUT", "/api/config?" + long, nil, nil},
		{"GET", "/" + long, nil, nil},
		{"GET", "/static/" + long, nil, nil},
		{"GET", "/api/config", nil, []string{"Host", long}},
		{"GET", "/api/config", nil, []string{"Origin", "http://" + long}},
	} {
		code, data := ts.do(c.method, c.path, c.body, c.header...)
		var e errorBody
		if err := json.Unmarshal(data, &e); err != nil || code < 400 || code >= 500 || e.Error == "" {
			t.Errorf("%s %.60s: %d %.200s", c.method, c.path, code, data)
			continue
		}
		if len(data) > 400 || strings.Contains(e.Error, "\n") {
			t.Errorf("%s %.60s: %d bytes of error: %.300s", c.method, c.path, len(data), data)
		}
	}
}

// Only a move resets a game's idle clock: a game whose page is read, but not played, is
// ended after --idle.
func TestIdleClockMovesOnly(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Idle: time.Minute})
	s := ts.newGame(map[string]any{})
	path := "/api/games/" + s.ID
	start := time.Now()
	at := func(d time.Duration) {
		ts.srv.mu.Lock()
		ts.srv.now = func() time.Time { return start.Add(d) }
		ts.srv.mu.Unlock()
	}
	at(40 * time.Second)
	ts.ok(http.StatusOK, "POST", path+"/roll", nil, &s) // a move: the clock starts again
	at(90 * time.Second)
	ts.srv.sweep()
	ts.ok(http.StatusOK, "GET", path, nil, &s)
	ts.ok(http.StatusOK, "GET", path+"/advise", nil, nil)
	ts.ok(http.StatusOK, "GET", path+"/record", nil, nil)
	at(105 * time.Second) // 65 s after the move, with reads in between
	ts.srv.sweep()
	ts.wantError(http.StatusGone, "no move for 1m0s", "GET", path, nil)
}
