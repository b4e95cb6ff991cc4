package serve

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"yams/engine"
	"yams/internal/exhaustive"

	"yams/internal/memlimit"
)

// What one rule set loads is checked against --max-memory with what the others hold: at a
// budget that fits either rule set's coach alone but not both, the second refuses its
// games with one line that names the memory, and a server holding nothing else admits it.
func TestMemoryBudgetAcrossRuleSets(t *testing.T) {
	small, two := testRules(t, "small.json"), testRules(t, "two-columns.json")
	cfg := Config{RuleSets: []RuleSet{small, two}}
	ts := newTestServer(t, cfg)
	var needs []int64
	for _, rs := range ts.srv.sets {
		n, err := ruleSetMemory(rs, []string{useCoach})
		if err != nil || n <= 0 {
			t.Fatalf("%s: estimate %d, %v", rs.id, n, err)
		}
		needs = append(needs, n)
	}
	defer memlimit.Set(memlimit.Limit())
	memlimit.Set(memlimit.Process + needs[0] + needs[1] - 1)

	ts.newGame(map[string]any{"rules": ts.srv.sets[0].id})
	code, body := ts.do("POST", "/api/games", map[string]any{"rules": ts.srv.sets[1].id})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "cannot be coached") || !strings.Contains(string(body), "MiB") {
		t.Errorf("the second rule set over the budget: %d %s", code, body)
	}
	alone := newTestServer(t, Config{RuleSets: []RuleSet{two}})
	alone.newGame(map[string]any{"rules": alone.srv.sets[0].id})
}

// playDirect plays n games of the request to their end at random, through the server's
// handler without a connection (no buffer of a connection is counted), and returns the
// last state of each.
func playDirect(t *testing.T, srv *Server, req map[string]any, n int) {
	t.Helper()
	h := srv.Handler()
	call := func(method, path string, body any) stateView {
		data, _ := json.Marshal(body)
		r := httptest.NewRequest(method, "http://127.0.0.1"+path, bytes.NewReader(data))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
		}
		var s stateView
		if err := json.Unmarshal(w.Body.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for i := range n {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		s := call("POST", "/api/games", req)
		for s.Phase != phaseOver {
			path, body := randomMove(&s, rng)
			if s.Mode == modeReal && s.Phase == phaseRoll {
				body = map[string]any{"dice": []int{rng.IntN(6) + 1, rng.IntN(6) + 1, rng.IntN(6) + 1, rng.IntN(6) + 1, rng.IntN(6) + 1}}
			} else if s.Mode == modeReal && strings.HasSuffix(path, "/roll") {
				// The dice rerolled alone; a keep of no die is sent as [] (null would
				// keep the dice held since the last roll: they stay held, as in a hand).
				m := body.(map[string]any)
				keep, _ := m["keep"].([]int)
				if keep == nil {
					keep = []int{}
				}
				m["keep"], m["dice"] = keep, []int{1, 2, 3, 4, 5, 6}[:engine.NumDice-len(keep)]
			}
			s = call("POST", path, body)
		}
	}
}

// heapAlloc returns the bytes of the objects of the heap, after a collection.
func heapAlloc() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// What a finished game holds (its sheets, decisions, grade and records), measured as the
// heap it frees when it is cleared, stays within gameMemory, which --max-memory counts
// for every game the server holds. Hasbro alone and at a table in the default run; yatzy,
// a sheet of two columns and a real table besides in the exhaustive run.
func TestGameMemory(t *testing.T) {
	type sheet struct {
		name string
		rs   RuleSet
		req  map[string]any
	}
	sheets := []sheet{
		{"hasbro", testRules(t, "hasbro"), map[string]any{}},
		{"hasbro, a table of 3", testRules(t, "hasbro"), map[string]any{"opponents": []string{"greedy", "optimal"}}},
	}
	n := 15
	if exhaustive.On {
		n = 40
		sheets = append(sheets, sheet{"yatzy", testRules(t, "yatzy"), map[string]any{}},
			sheet{"two columns", testRules(t, "two-columns.json"), map[string]any{}},
			sheet{"real dice, a table of 4", testRules(t, "hasbro"), map[string]any{"mode": "real", "others": []string{"Anne", "Bob", "Chloé"}}})
	}
	for _, c := range sheets {
		srv, err := New(Config{RuleSets: []RuleSet{c.rs}, Opponents: opponents(t, "greedy", "optimal"), MaxGames: 1000})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		playDirect(t, srv, c.req, 3) // the tables loaded, the caches warm
		base := heapAlloc()
		playDirect(t, srv, c.req, n)
		held := heapAlloc()
		srv.mu.Lock()
		var est int64
		for _, g := range srv.games {
			est = max(est, gameMemory(g.rs.Rules, len(g.seats)))
			srv.forget(g, fail(http.StatusGone, msgCleared, g.id))
		}
		srv.mu.Unlock()
		cleared := heapAlloc()
		per := (held - cleared) / int64(n+3)
		t.Logf("%s: a finished game holds %.1f KiB (the heap grew %.1f KiB a game); counted as %.1f KiB", c.name,
			float64(per)/1024, float64(held-base)/float64(n)/1024, float64(est)/1024)
		if per > est {
			t.Errorf("%s: a finished game holds %d bytes, more than the %d counted", c.name, per, est)
		}
	}
}
