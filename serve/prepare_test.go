package serve

import (
	"net"
	"testing"
	"time"

	"yams/strategies/columns"
	"yams/strategies/solver"
)

// TestPrepareAtStart: the rule sets yams serve --rules names are prepared as the server
// starts serving, before any game asks: the first is ready with no game made, the others
// are not touched; and the solves' notices show as the progress of the rule set they
// concern, a column's table under the rule set's name.
func TestPrepareAtStart(t *testing.T) {
	sets := []RuleSet{testRules(t, "small.json"), testRules(t, "two-columns.json")}
	srv, err := New(Config{RuleSets: sets, Prepare: 1, Opponents: opponents(t, "greedy")})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Shutdown(t.Context())
	first, second := srv.byID["serve-small"], srv.byID["serve-two-columns"]
	deadline := time.Now().Add(time.Minute)
	for !first.status("en", time.Now()).Ready {
		if time.Now().After(deadline) {
			t.Fatalf("not prepared a minute after the start: %+v", first.status("en", time.Now()))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if st := second.status("en", time.Now()); st.Ready || st.Stage != "" {
		t.Errorf("a rule set --rules did not name was prepared: %+v", st)
	}
	select {
	case <-srv.prepared:
	case <-time.After(time.Minute):
		t.Fatal("the preparation not over a minute after the start")
	}
	if first.strategies["greedy"] == nil || first.status("en", time.Now()).Stage != "" {
		t.Errorf("greedy not prepared: %+v", first.status("en", time.Now()))
	}

	// The stages of the coach's values as they come: a column's table, the fit of
	// column-tables, each shown while it runs and the values' own again once it ends,
	// never nothing before the values are loaded.
	stageIs := func(what, stage string, done, total int) {
		t.Helper()
		if st := second.status("en", time.Now()); st.Stage != stage || st.Done != done || st.Total != total || st.Ready {
			t.Errorf("%s: %+v, want %q %d/%d", what, st, stage, done, total)
		}
	}
	// A notice while no stage of the rule set's own is open is not its to show.
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: columns.ColumnTablesName, Layer: 2, Layers: 7})
	stageIs("a fit no preparation asked", "", 0, 0)
	second.setProgress(stageValues, 0, 1) // as coachValues does
	stageIs("the values", "Preparing the coach's tables of these rules", 0, 1)
	srv.Notice(solver.Notice{Rules: second.Rules.Name() + " (column top_down)", Strategy: "optimal", Layer: 3, Layers: 4})
	stageIs("a column's table", "Solving the exact tables of these rules", 3, 4)
	srv.Notice(solver.Notice{Rules: second.Rules.Name() + " (column top_down)", Strategy: "optimal", Layer: 4, Layers: 4, Done: true})
	stageIs("a column's table solved", "Preparing the coach's tables of these rules", 0, 1)
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: columns.ColumnTablesName, Layer: 2, Layers: 7})
	stageIs("the fit", "Fitting column-tables to the sheet", 2, 7)
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: columns.ColumnTablesName, Layer: 7, Layers: 7, Done: true})
	stageIs("the fit done", "Preparing the coach's tables of these rules", 0, 1)
	second.setProgress(stageValues, 1, 1)
	stageIs("the values loaded", "", 0, 0)
	// A solve that fails before its last notice leaves nothing once the stage that
	// asked for it ends.
	second.setProgress(stageStrategies, 0, 1)
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: "optimal", Layer: 3, Layers: 13})
	stageIs("an opponent's table", "Solving the exact tables of these rules", 3, 13)
	second.setProgress(stageStrategies, 1, 1)
	stageIs("the strategies ready, their solve failed", "", 0, 0)
	if st := first.status("en", time.Now()); st.Stage != "" || !st.Ready {
		t.Errorf("another rule set's notices moved this one: %+v", st)
	}
}
