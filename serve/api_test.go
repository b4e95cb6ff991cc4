package serve

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/proctest"
	"yams/strategies"
)

// wantError checks that a request fails with status and one line of JSON holding want.
func (ts *testServer) wantError(status int, want string, method, path string, body any, header ...string) {
	ts.t.Helper()
	code, data := ts.do(method, path, body, header...)
	var e errorBody
	err := json.Unmarshal(data, &e)
	switch {
	case code != status:
		ts.t.Errorf("%s %s: %d, want %d: %s", method, path, code, status, data)
	case err != nil || e.Error == "":
		ts.t.Errorf("%s %s: the error is not JSON with a message: %s", method, path, data)
	case strings.Contains(e.Error, "\n") || !strings.Contains(e.Error, want):
		ts.t.Errorf("%s %s: %q, want one line with %q", method, path, e.Error, want)
	}
}

// Every endpoint answers what docs/serve.md says, and every mistake a 4xx with one line.
func TestEndpointsAndErrors(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json"), testRules(t, "hasbro")}, Opponents: opponents(t, "greedy"), MaxGames: 3})

	// The configuration.
	var cfg configView
	ts.ok(http.StatusOK, "GET", "/api/config", nil, &cfg)
	if len(cfg.RuleSets) != 2 || cfg.RuleSets[0].ID != "serve-small" || len(cfg.RuleSets[0].Slots) != 4 || cfg.MaxGames != 3 ||
		len(cfg.Opponents) != 1 || cfg.Opponents[0].Name != "greedy" || cfg.Chances {
		t.Errorf("config %+v", cfg)
	}

	// The page, its script and its style, from the binary.
	for path, want := range map[string]string{"/": "<script src=\"/static/app.js\">", "/static/app.js": "/api/games", "/static/style.css": ".sheet", "/static/i18n.js": "Nouvelle partie"} {
		code, data := ts.do("GET", path, nil)
		if code != http.StatusOK || !strings.Contains(string(data), want) {
			t.Errorf("GET %s: %d, %d bytes without %q", path, code, len(data), want)
		}
	}
	ts.wantError(http.StatusNotFound, "no such address", "GET", "/static/index.html", nil)
	ts.wantError(http.StatusNotFound, "no such address", "GET", "/static/nope.js", nil)
	ts.wantError(http.StatusNotFound, "no such address", "GET", "/nope", nil)
	ts.wantError(http.StatusNotFound, "no reports here", "GET", "/reports/", nil)

	// New games: what is wrong with a request.
	for _, c := range []struct {
		status int
		want   string
		body   any
	}{
		{http.StatusBadRequest, "no rule set \"nope\"", map[string]any{"rules": "nope"}},
		{http.StatusBadRequest, "mode \"fast\"", map[string]any{"mode": "fast"}},
		{http.StatusBadRequest, "coach \"now\"", map[string]any{"coach": "now"}},
		{http.StatusBadRequest, "no opponent \"optimal\"", map[string]any{"opponents": []string{"optimal"}}},
		{http.StatusBadRequest, "6 other players: at most 5", map[string]any{"opponents": []string{"greedy", "greedy", "greedy", "greedy", "greedy", "greedy"}}},
		{http.StatusBadRequest, "seats people, not strategies", map[string]any{"mode": "real", "opponents": []string{"greedy"}}},
		{http.StatusBadRequest, "a game of real dice has none", map[string]any{"mode": "real", "seed": 3}},
		{http.StatusBadRequest, "others are the people", map[string]any{"others": []string{"Anne"}}},
		{http.StatusBadRequest, "name \"\"", map[string]any{"mode": "real", "others": []string{""}}},
		{http.StatusBadRequest, "game=", map[string]any{"game": 3}},
		{http.StatusBadRequest, "seed=", map[string]any{"seed": uint64(1) << 60}},
		{http.StatusBadRequest, "game 1099511627776: want 0 to", map[string]any{"seed": 1, "game": uint64(1) << 40}},
		{http.StatusBadRequest, "unknown field \"color\"", map[string]any{"color": "red"}},
		{http.StatusBadRequest, "seed: want a number, not string", `{"seed": "one"}`},
		{http.StatusBadRequest, "want an object, not array", `[1, 2]`},
		{http.StatusBadRequest, "more than one value", `{} {}`},
		{http.StatusBadRequest, "unexpected EOF", `{"seed": `},
		{http.StatusRequestEntityTooLarge, "larger than 16384 bytes", `{"rules": "` + strings.Repeat("x", maxBody) + `"}`},
	} {
		ts.wantError(c.status, c.want, "POST", "/api/games", c.body)
	}
	ts.wantError(http.StatusUnsupportedMediaType, "Content-Type: application/json", "POST", "/api/games", `{}`, "Content-Type", "text/plain")
	ts.wantError(http.StatusMethodNotAllowed, "this address takes POST", "GET", "/api/games", nil)
	ts.wantError(http.StatusMethodNotAllowed, "this address takes GET", "POST", "/api/config", nil)

	// A game, and every move that is not one.
	s := ts.newGame(map[string]any{"rules": "serve-small", "seed": 4, "opponents": []string{"greedy"}})
	path := "/api/games/" + s.ID
	if s.Phase != phaseRoll || len(s.Players) != 2 || *s.Seed != 4 || *s.Game != 0 || s.IdleLimit != int(DefaultIdle/time.Second) {
		t.Fatalf("new game %+v", s)
	}
	ts.wantError(http.StatusConflict, "roll the dice first", "POST", path+"/hold", map[string]any{"keep": []int{}})
	ts.wantError(http.StatusConflict, "roll the dice first", "POST", path+"/score", map[string]any{"box": "chance"})
	ts.wantError(http.StatusConflict, "roll the dice first", "GET", path+"/advise", nil)
	ts.wantError(http.StatusBadRequest, "send no dice", "POST", path+"/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}})
	ts.wantError(http.StatusBadRequest, "decision 1: want 1 to 0", "GET", path+"/advise?decision=1", nil)
	ts.wantError(http.StatusBadRequest, "decision=\"x\"", "GET", path+"/advise?decision=x", nil)
	ts.ok(http.StatusOK, "POST", path+"/roll", nil, &s) // an empty body is an empty object
	if s.Phase != phasePlay || len(s.Dice) != 5 || s.RollsLeft != 2 || len(s.Legal) != 4 {
		t.Fatalf("rolled %+v", s)
	}
	r, _ := engine.RollOf(s.Dice)
	absent := 1
	for r.Count(absent) > 0 {
		absent++
	}
	ts.wantError(http.StatusBadRequest, "those dice are not all in the roll", "POST", path+"/hold", map[string]any{"keep": []int{absent}})
	ts.wantError(http.StatusBadRequest, "each die is a face from 1 to 6", "POST", path+"/hold", map[string]any{"keep": []int{7}})
	ts.wantError(http.StatusBadRequest, "holding all five dice is stopping", "POST", path+"/roll", map[string]any{"keep": s.Dice})
	ts.wantError(http.StatusBadRequest, "no box \"ones\" on this sheet", "POST", path+"/score", map[string]any{"box": "ones"})
	ts.wantError(http.StatusBadRequest, "seat is for a game of real dice", "POST", path+"/score", map[string]any{"seat": 1, "box": "chance"})
	ts.ok(http.StatusOK, "POST", path+"/hold", map[string]any{"keep": s.Dice[:2]}, &s)
	if !sameFaces(s.Held, s.Dice[:2]) {
		t.Errorf("held %v, want %v", s.Held, s.Dice[:2])
	}
	var a map[string]any
	ts.ok(http.StatusOK, "GET", path+"/advise", nil, &a)
	if a["rules"] != "serve-small" || a["keeps"] == nil || a["exact"] != true {
		t.Errorf("advice %v", a)
	}
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
	ts.wantError(http.StatusConflict, "no rolls left in this turn", "POST", path+"/roll", map[string]any{})
	ts.wantError(http.StatusConflict, "no rolls left in this turn", "POST", path+"/hold", map[string]any{"keep": []int{}})
	ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": "chance"}, &s)
	if len(s.Moves) != 1 || s.Moves[0].Name != "greedy" || len(s.Feedback) != 1 || s.Decisions != 3 || s.Phase != phaseRoll || s.Turn != 2 {
		t.Fatalf("after the box: %+v", s)
	}
	ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
	if _, legal := s.Legal["chance"]; legal {
		t.Fatal("a filled box is legal")
	}
	ts.wantError(http.StatusBadRequest, "box chance may not take", "POST", path+"/score", map[string]any{"box": "chance"})
	ts.wantError(http.StatusMethodNotAllowed, "this address takes POST", "GET", path+"/roll", nil)
	ts.wantError(http.StatusMethodNotAllowed, "this address takes GET", "POST", path+"/record", `{}`)

	// The record, as a file to save.
	code, data := ts.do("GET", path+"/record", nil)
	if rec, err := engine.ParseRecord(data); code != http.StatusOK || err != nil || len(rec.Turns) != 1 || rec.Turns[0].Box != "chance" {
		t.Errorf("record: %d %v %s", code, err, data)
	}
	ts.wantError(http.StatusBadRequest, `seat="2": want a seat from 0 to 1`, "GET", path+"/record?seat=2", nil)
	ts.wantError(http.StatusBadRequest, `seat="abc": want a seat from 0 to 1`, "GET", path+"/record?seat=abc", nil)
	var st stateView
	ts.ok(http.StatusOK, "GET", path, nil, &st)
	if st.ID != s.ID || st.Phase != phasePlay {
		t.Errorf("state %+v", st)
	}

	// Games that do not exist, or no longer do.
	ts.wantError(http.StatusNotFound, "no game nope", "GET", "/api/games/nope", nil)
	ts.wantError(http.StatusNotFound, "no game nope", "POST", "/api/games/nope/roll", map[string]any{})
	if code, _ := ts.do("DELETE", path, nil); code != http.StatusNoContent {
		t.Errorf("DELETE: %d", code)
	}
	ts.wantError(http.StatusNotFound, "no game "+s.ID, "GET", path, nil)

	// The cap of games in play, stated when it is hit.
	for range 3 {
		ts.newGame(map[string]any{})
	}
	ts.wantError(http.StatusTooManyRequests, "holds 3 games in play, its most", "POST", "/api/games", map[string]any{})

	// Messages in French, by the request or by the browser's language.
	ts.wantError(http.StatusNotFound, "pas de partie nope", "GET", "/api/games/nope?lang=fr", nil)
	ts.wantError(http.StatusNotFound, "pas de partie nope", "GET", "/api/games/nope", nil, "Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8")
	ts.wantError(http.StatusNotFound, "no game nope", "GET", "/api/games/nope", nil, "Accept-Language", "de, en;q=0.5, fr;q=0.3")

	// Requests from elsewhere: another host's name, another site's page.
	ts.wantError(http.StatusForbidden, "is not this server's", "GET", "/api/config", nil, "Host", "evil.example:80")
	ts.wantError(http.StatusForbidden, "is not this server's", "POST", "/api/games", map[string]any{}, "Origin", "http://evil.example")
}

// An idle game is ended, its bots stopped, and the page told why.
func TestIdleExpiry(t *testing.T) {
	token := "serve-idle-bot"
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: []strategies.Info{testBot(t, "greedybot", "bot-greedy", token)}, Idle: time.Minute})
	s := ts.newGame(map[string]any{"opponents": []string{"greedybot"}})
	if len(proctest.Live(token)) == 0 {
		t.Fatal("the bot's process is not running")
	}
	now := time.Now().Add(2 * time.Minute)
	ts.srv.now = func() time.Time { return now }
	ts.srv.sweep()
	ts.wantError(http.StatusGone, "no move for 1m0s", "GET", "/api/games/"+s.ID, nil)
	if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
		t.Errorf("the bot's processes outlive the game: %v", left)
	}
}

// A bot that fails ends its game with a message, and the server goes on.
func TestFailingBot(t *testing.T) {
	token := "serve-failing-bot"
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: []strategies.Info{testBot(t, "failing", "bot-fail-after", "3", token)}})
	s := ts.newGame(map[string]any{"opponents": []string{"failing"}, "seed": 2})
	path := "/api/games/" + s.ID
	for s.Phase != phaseEnded && s.Phase != phaseOver {
		ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
		box := ""
		for b := range s.Legal {
			box = b
		}
		ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": box}, &s)
	}
	if s.Phase != phaseEnded || !strings.Contains(s.Ended, "the bot failing failed, which ends this game") {
		t.Fatalf("phase %s, ended %q", s.Phase, s.Ended)
	}
	ts.wantError(http.StatusConflict, "the game has ended: the bot failing failed", "POST", path+"/roll", map[string]any{})
	if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
		t.Errorf("the bot's processes outlive the game: %v", left)
	}
	// The server plays on.
	s = ts.newGame(map[string]any{})
	ts.ok(http.StatusOK, "POST", "/api/games/"+s.ID+"/roll", map[string]any{}, &s)
}

// --reports serves the files of the reports under a folder, read-only, and nothing else:
// no hidden file, no folder's listing, no link, nothing outside it.
func TestReports(t *testing.T) {
	dir := t.TempDir()
	reports := filepath.Join(dir, "reports")
	for _, d := range []string{"run1", "deep/run2", ".hidden/run3", "a/b/c/d/e", "with space"} {
		os.MkdirAll(filepath.Join(reports, d), 0o755)
		os.WriteFile(filepath.Join(reports, d, "report.html"), []byte("<!DOCTYPE html><title>"+d+"</title>"), 0o644)
	}
	write := func(name, content string) {
		os.MkdirAll(filepath.Dir(filepath.Join(reports, name)), 0o755)
		os.WriteFile(filepath.Join(reports, name), []byte(content), 0o644)
	}
	write("run1/summary.json", `{"games": 1}`)
	write("run1/.env", "HIDDEN-CONTENT")
	write(".env", "HIDDEN-CONTENT")
	write("notes.json", "NOT-A-REPORT")
	write("run1/sub/x.json", "NOT-A-REPORT")
	write("run1/run.sh", "NOT-A-REPORT")
	os.WriteFile(filepath.Join(dir, "secret.json"), []byte("TOP-SECRET-CONTENT"), 0o644)
	os.Symlink(filepath.Join(dir, "secret.json"), filepath.Join(reports, "run1", "link.json"))
	os.Symlink("../.env", filepath.Join(reports, "run1", "env.json"))
	os.Symlink(dir, filepath.Join(reports, "run1", "out"))
	os.Symlink(filepath.Join(reports, "run1"), filepath.Join(reports, "linked"))
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Reports: reports})
	var cfg configView
	ts.ok(http.StatusOK, "GET", "/api/config", nil, &cfg)
	if !cfg.Reports {
		t.Error("the config does not say that reports are served")
	}
	code, data := ts.do("GET", "/reports/", nil)
	list := string(data)
	if code != http.StatusOK || !strings.Contains(list, `href="/reports/run1/report.html"`) || !strings.Contains(list, `href="/reports/deep/run2/report.html"`) ||
		!strings.Contains(list, `href="/reports/with%20space/report.html"`) || strings.Contains(list, "run3") || strings.Contains(list, "a/b/c/d/e") || strings.Contains(list, "linked") {
		t.Errorf("the list: %d\n%s", code, list)
	}
	for p, want := range map[string]string{"/reports/deep/run2/report.html": "deep/run2", "/reports/run1/summary.json": `"games"`, "/reports/with%20space/report.html": "with space"} {
		if code, data := ts.do("GET", p, nil); code != http.StatusOK || !strings.Contains(string(data), want) {
			t.Errorf("GET %s: %d %s", p, code, data)
		}
	}
	// A report's folder leads to its page; no folder is listed.
	req, _ := http.NewRequest("GET", ts.hs.URL+"/reports/run1/", nil)
	if res, err := http.DefaultTransport.RoundTrip(req); err != nil || res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/reports/run1/report.html" {
		t.Errorf("a report's folder: %v %v", res, err)
	}
	for p, status := range map[string]int{
		"/reports/.env": 404, "/reports/run1/.env": 404, "/reports/notes.json": 404, "/reports/run1/sub/x.json": 404, "/reports/run1/run.sh": 404,
		"/reports/deep/": 404, "/reports/deep": 404, "/reports/run1/sub/": 404, "/reports/.hidden/run3/report.html": 404, "/reports/a/b/c/d/e/report.html": 404,
		"/reports/linked/report.html": 404, "/reports/run1/out/secret.json": 404,
		"/reports/run1/link.json": 403, "/reports/run1/env.json": 403,
		"/reports/../secret.json": 404, "/reports/%2e%2e/secret.json": 404, "/reports/run1/%2e%2e/%2e%2e/secret.json": 404,
	} {
		code, data := ts.do("GET", p, nil)
		var e errorBody
		if code != status || json.Unmarshal(data, &e) != nil || e.Error == "" || strings.Contains(string(data), "CONTENT") {
			t.Errorf("GET %s: %d %s, want %d and one line of JSON", p, code, data, status)
		}
	}
	ts.wantError(http.StatusForbidden, "links, special files and what lies outside --reports are not served", "GET", "/reports/run1/link.json", nil)
	if code, _ := ts.do("POST", "/reports/run1/report.html", `{}`); code != http.StatusMethodNotAllowed {
		t.Errorf("POST a report: %d", code)
	}

	// A report written while the server runs is listed once the list is found again, in
	// the background; a request is never held up by the walk.
	write("run4/report.html", "<!DOCTYPE html><title>run4</title>")
	ts.srv.reports.mu.Lock()
	ts.srv.reports.at = time.Time{}
	ts.srv.reports.mu.Unlock()
	ts.do("GET", "/reports/", nil)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, set := ts.srv.reports.current(); set["run4"] {
			break
		}
	}
	if code, data := ts.do("GET", "/reports/run4/report.html", nil); code != http.StatusOK || !strings.Contains(string(data), "run4") {
		t.Errorf("a new report: %d %s", code, data)
	}
}

// A folder that holds no report is refused, in one line.
func TestReportsNone(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "report.txt"), nil, 0o644)
	os.MkdirAll(filepath.Join(dir, ".hidden"), 0o755)
	os.WriteFile(filepath.Join(dir, ".hidden", "report.html"), nil, 0o644)
	_, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Reports: dir})
	if err == nil || !strings.Contains(err.Error(), "no report under it") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a folder without a report: %v", err)
	}
	if _, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Reports: filepath.Join(dir, "nope")}); err == nil {
		t.Error("a folder that does not exist is taken")
	}
}
