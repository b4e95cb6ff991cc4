package duel

import (
	"context"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim/tablegame"
	"yams/strategies"
	_ "yams/strategies/goals" // beat:S, which the best response refuses
)

// playTable plays games tables of the named players on r, seats rotating.
func playTable(t testing.TB, r *engine.Rules, games int64, players ...string) *tablegame.Results {
	t.Helper()
	var infos []strategies.Info
	for _, n := range players {
		info, err := strategies.Resolve(n)
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, info)
	}
	res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: r, Players: infos, Seed: 7, Games: games, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Played at the table, the best response wins in each seat what the duel says it does,
// within the interval of its win rate.
func TestBestResponseAtTheTable(t *testing.T) {
	r := twoBoxes(t)
	du, err := For(r, "optimal", "")
	if err != nil {
		t.Fatal(err)
	}
	res := playTable(t, r, 40000, "best-response:optimal", "optimal")
	for s := range 2 {
		got, want := res.PlayerSeatWinRate(0, s), du.Chance(s)
		if want < got.CI95.Lo || want > got.CI95.Hi {
			t.Errorf("seat %d: the best response won %.4f of %d tables, interval [%.4f, %.4f]; the duel says %.4f", s+1, got.Rate, got.Games, got.CI95.Lo, got.CI95.Hi, want)
		}
	}
}

// The best response names what it answers, plays at a table of two against it only, and
// is refused in one line where its solve would not fit.
func TestBestResponseRefuses(t *testing.T) {
	r := twoBoxes(t)
	info, err := strategies.Resolve("best-response:optimal")
	if err != nil || !info.Table {
		t.Fatalf("best-response:optimal: %+v, %v", info, err)
	}
	s, err := info.New(r)
	if err != nil {
		t.Fatal(err)
	}
	ts := s.(strategies.TableStrategy)
	for _, players := range [][]string{
		{"best-response:optimal", "greedy"},
		{"best-response:optimal", "best-response:optimal"},
		{"best-response:optimal", "optimal", "optimal"},
	} {
		if err := ts.Join(players); err == nil {
			t.Errorf("joined a table of %v", players)
		}
	}
	if err := ts.Join([]string{"optimal", "best-response:optimal"}); err != nil {
		t.Errorf("a table of optimal and its best response: %v", err)
	}
	for _, bad := range []struct{ name, want string }{
		{"best-response:win", "depend on the whole table"},
		{"best-response:beat:optimal", "depend on the points scored"},
		{"best-response:random", "at random"},
		{"best-response:nobody", "unknown strategy"},
	} {
		info, err := strategies.Resolve(bad.name)
		if err == nil {
			_, err = info.New(r)
		}
		if err == nil || !strings.Contains(err.Error(), bad.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v (want one line saying %q)", bad.name, err, bad.want)
		}
	}
	hasbro, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMemory(hasbro, "optimal"); err == nil || !strings.Contains(err.Error(), "best response") {
		t.Errorf("hasbro: %v", err)
	} else {
		t.Log(err)
	}
	cols, err := engine.Load("yams", "columns=free,top_down")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMemory(cols, "optimal"); err == nil {
		t.Errorf("a sheet of two columns: no error")
	}
}
