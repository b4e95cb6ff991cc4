package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"yams/internal/exhaustive"
	"yams/internal/memlimit"
	"yams/internal/proctest"
	"yams/strategies"
	"yams/strategies/external"
)

// The bots' processes are bounded across games: a client that makes games seating five
// bots each is refused (429, naming the bound) once --max-bots processes run, and the
// processes stop with their games. Their memory, measured, is counted in --max-memory. The
// exhaustive run plays it at the default bound (32), the default run at 6.
func TestBotBounds(t *testing.T) {
	token := fmt.Sprintf("serve-bot-bounds-%d", os.Getpid())
	var bots []strategies.Info
	var names []string
	for i := range 5 {
		name := fmt.Sprintf("b%d", i+1)
		bots = append(bots, testBot(t, name, "bot-greedy", token))
		names = append(names, name)
	}
	maxBots := 6
	if exhaustive.On {
		maxBots = DefaultMaxBots
	}
	t.Cleanup(func() { proctest.Kill(token) })
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: bots, MaxBots: maxBots})
	var ids []string
	refused := 0
	for range 20 {
		code, data := ts.do("POST", "/api/games", map[string]any{"opponents": names})
		switch code {
		case http.StatusTooManyRequests:
			refused++
			if !strings.Contains(string(data), fmt.Sprintf("runs at most %d bot processes (yams serve --max-bots), and this game's 5 would pass it", maxBots)) {
				t.Errorf("the refusal: %s", data)
			}
		case http.StatusCreated:
			var s stateView
			json.Unmarshal(data, &s)
			ids = append(ids, s.ID)
		default:
			t.Fatalf("a game of five bots: %d %s", code, data)
		}
	}
	// The bots, not the init each runs under (strategies/external: a process of yams of
	// its own, counted with its bot).
	live := 0
	for _, cmd := range proctest.Live(token) {
		if !strings.Contains(cmd, "yams-bot-init") {
			live++
		}
	}
	running := ts.srv.budget.bots()
	ts.srv.budget.mu.Lock()
	seen := ts.srv.budget.seen["b1"]
	counted, _ := ts.srv.budget.others(nil)
	ts.srv.budget.mu.Unlock()
	if len(ids) != maxBots/5 || refused != 20-len(ids) || running != 5*len(ids) {
		t.Errorf("%d games made, %d refused, %d processes counted; want %d games", len(ids), refused, running, maxBots/5)
	}
	if runtime.GOOS == "linux" && (live != running || seen < 1<<20) {
		t.Errorf("%d processes live, %d counted; a process of b1 seen holding %d bytes", live, running, seen)
	}
	t.Logf("20 games of five bots asked for at --max-bots %d: %d made, %d refused; %d processes, each seen holding up to %.1f MiB; the server counts %s in all",
		maxBots, len(ids), refused, live, float64(seen)/(1<<20), memlimit.Format(counted))

	// Games of one bot fill what is left, and the processes of a game deleted stop.
	for range maxBots % 5 {
		ts.newGame(map[string]any{"opponents": names[:1]})
	}
	for _, id := range ids {
		if code, _ := ts.do("DELETE", "/api/games/"+id, nil); code != http.StatusNoContent {
			t.Fatalf("DELETE: %d", code)
		}
	}
	if n := ts.srv.budget.bots(); n != maxBots%5 {
		t.Errorf("%d processes counted after the games were deleted, want %d", n, maxBots%5)
	}

	// Beyond --max-memory, a bot's process is refused with a 503 that says so.
	defer memlimit.Set(memlimit.Limit())
	ts.srv.budget.mu.Lock()
	held, _ := ts.srv.budget.others(nil)
	ts.srv.budget.mu.Unlock()
	memlimit.Set(held + gameMemory(ts.srv.sets[0].Rules, 2) + botMemoryFloor/2)
	ts.wantError(http.StatusServiceUnavailable, "a process of the bot b1, with", "POST", "/api/games", map[string]any{"opponents": names[:1]})
	if n := ts.srv.budget.bots(); n != maxBots%5 {
		t.Errorf("%d processes counted after a refusal, want %d", n, maxBots%5)
	}
}

// A bot that cannot start refuses the game with a 502 that says the game was not made,
// and a line on the server's standard error.
func TestBotThatCannotStart(t *testing.T) {
	b, err := external.Parse("ghost=/nonexistent/yams-bot")
	if err != nil {
		t.Fatal(err)
	}
	b.Timeout = 5 * time.Second
	var log bytes.Buffer
	token := fmt.Sprintf("serve-bot-cannot-start-%d", os.Getpid())
	t.Cleanup(func() { proctest.Kill(token) })
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}, Opponents: []strategies.Info{b.Info(), testBot(t, "good", "bot-greedy", token)}, Log: &log})
	ts.wantError(http.StatusBadGateway, "the bot ghost could not start, so the game was not made", "POST", "/api/games", map[string]any{"opponents": []string{"ghost"}})
	if !strings.HasPrefix(log.String(), "yams serve: the bot ghost could not start") || strings.Count(log.String(), "\n") != 1 {
		t.Errorf("the server's log: %q", log.String())
	}
	if n := ts.srv.budget.bots(); n != 0 {
		t.Errorf("%d processes counted", n)
	}
	// Beside a bot that starts, before it and after it: that one is stopped, and nothing
	// stays counted.
	for _, seated := range [][]string{{"good", "ghost", "good"}, {"ghost", "good"}} {
		ts.wantError(http.StatusBadGateway, "the bot ghost could not start", "POST", "/api/games", map[string]any{"opponents": seated})
		if n := ts.srv.budget.bots(); n != 0 {
			t.Errorf("%v: %d processes counted", seated, n)
		}
	}
	if left := proctest.Survivors(token, 5*time.Second, nil); len(left) > 0 {
		t.Errorf("the processes of a game refused outlive it: %v", left)
	}
	ts.srv.mu.Lock()
	games, making := len(ts.srv.games), ts.srv.making
	ts.srv.mu.Unlock()
	ts.srv.budget.mu.Lock()
	nGames := ts.srv.budget.nGames
	ts.srv.budget.mu.Unlock()
	if games != 0 || making != 0 || nGames != 0 {
		t.Errorf("after the refusal: %d games, %d being made, %d counted", games, making, nGames)
	}
}

// The games a server holds are counted in --max-memory: games over are cleared to make
// room for a new one, and when the games in play alone fill it, a new game is refused with
// a 503 that says so.
func TestGamesInMemory(t *testing.T) {
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "small.json")}})
	first := ts.newGame(map[string]any{"seed": 1}) // the tables loaded
	ts.srv.budget.mu.Lock()
	held, _ := ts.srv.budget.others(nil)
	ts.srv.budget.mu.Unlock()
	per := gameMemory(ts.srv.sets[0].Rules, 1)
	defer memlimit.Set(memlimit.Limit())
	memlimit.Set(held + 2*per) // two more games
	second := ts.newGame(map[string]any{"seed": 2})
	(&player{ts: ts}).play(first) // over: clearable
	ts.newGame(map[string]any{"seed": 3})
	third := ts.newGame(map[string]any{"seed": 4}) // the first, over, cleared to make room
	ts.wantError(http.StatusGone, "was over and has been cleared to make room", "GET", "/api/games/"+first.ID, nil)
	ts.wantError(http.StatusServiceUnavailable, "a new game, with the tables of the rule sets and 3 games held, would take about", "POST", "/api/games", map[string]any{})
	for _, s := range []stateView{second, third} {
		ts.ok(http.StatusOK, "GET", "/api/games/"+s.ID, nil, nil)
	}
}
