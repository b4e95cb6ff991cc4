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

	srv.Notice(solver.Notice{Rules: second.Rules.Name() + " (column top_down)", Strategy: "optimal", Layer: 3, Layers: 4})
	if st := second.status("en", time.Now()); st.Stage != "Preparing the coach's tables of these rules" || st.Done != 3 || st.Total != 4 {
		t.Errorf("a column's table: %+v", st)
	}
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: columns.ColumnTablesName, Layer: 2, Layers: 7})
	if st := second.status("en", time.Now()); st.Stage != "Fitting column-tables to the sheet" || st.Done != 2 || st.Total != 7 || st.Ready {
		t.Errorf("the fit: %+v", st)
	}
	srv.Notice(solver.Notice{Rules: second.Rules.Name(), Strategy: columns.ColumnTablesName, Layer: 7, Layers: 7, Done: true})
	if st := second.status("en", time.Now()); st.Stage != "" {
		t.Errorf("the fit done: %+v", st)
	}
	if st := first.status("en", time.Now()); st.Stage != "" || !st.Ready {
		t.Errorf("another rule set's notices moved this one: %+v", st)
	}
}
