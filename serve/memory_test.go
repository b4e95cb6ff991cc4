package serve

import (
	"net/http"
	"strings"
	"testing"

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
