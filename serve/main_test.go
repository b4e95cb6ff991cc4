package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"yams/coach"
	"yams/engine"
	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/columns"
	"yams/strategies/external"
	_ "yams/strategies/optimal" // the exact strategies, as the command registers them
	_ "yams/strategies/rulefile"
)

// TestMain points the cache of solved tables at a folder of the test binary's, and makes
// the binary a bot for the tests: "TESTBIN bot-greedy" plays greedy over the protocol,
// "TESTBIN bot-fail-after N" answers N messages and then exits.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "bot-greedy" {
		os.Exit(greedyBot(math.MaxInt))
	}
	if len(os.Args) > 2 && os.Args[1] == "bot-fail-after" {
		n, _ := strconv.Atoi(os.Args[2])
		os.Exit(greedyBot(n))
	}
	// The default run's sheets of several columns are small: column-tables fits them on
	// fewer games (the exhaustive run's family sheet as yams does).
	if !exhaustive.On {
		columns.FitRounds, columns.FitGames, columns.CalibrationGames = 3, 4000, 8192
	}
	os.Exit(exacttest.Main(m))
}

// greedyBot plays greedy over the bot protocol for n messages of yams's, then exits.
func greedyBot(n int) int {
	pr, pw := io.Pipe()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	go func() {
		for i := 0; in.Scan(); i++ {
			if i >= n {
				fmt.Fprintln(os.Stderr, "the failing bot fails, as planned")
				os.Exit(5)
			}
			pw.Write(append(in.Bytes(), '\n'))
		}
		pw.Close()
	}()
	err := external.Serve(pr, os.Stdout, "greedy-bot", func(r *engine.Rules) (strategies.Strategy, error) {
		return strategies.New("greedy", r)
	}, nil)
	if err != nil {
		return 1
	}
	return 0
}

// testBot returns a bot of the test binary, run with args.
func testBot(t *testing.T, name string, args ...string) strategies.Info {
	t.Helper()
	b, err := external.Parse(name + "=" + os.Args[0] + " " + strings.Join(args, " "))
	if err != nil {
		t.Fatal(err)
	}
	b.Timeout, b.Columns, b.Stderr = 20*time.Second, sim.ColumnLabels, io.Discard
	return b.Info()
}

// testRules returns a rule set of the tests: a preset, or a file of testdata, with options.
func testRules(t testing.TB, name string, options ...string) RuleSet {
	t.Helper()
	source := name
	if strings.HasSuffix(name, ".json") {
		source, _ = filepath.Abs(filepath.Join("testdata", name))
	}
	r, err := engine.Load(source, options...)
	if err != nil {
		t.Fatal(err)
	}
	return RuleSet{Source: source, Options: options, Rules: r}
}

// opponents returns the named strategies.
func opponents(t testing.TB, names ...string) []strategies.Info {
	t.Helper()
	var infos []strategies.Info
	for _, n := range names {
		info, err := strategies.Resolve(n)
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, info)
	}
	return infos
}

// testServer is a server of the tests on loopback, with a client.
type testServer struct {
	t   testing.TB
	srv *Server
	hs  *httptest.Server
}

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &testServer{t: t, srv: srv, hs: hs}
}

// do sends a request and returns the status and the body.
func (ts *testServer) do(method, path string, body any, header ...string) (int, []byte) {
	ts.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.hs.URL+path, r)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	res, err := ts.hs.Client().Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return res.StatusCode, data
}

// ok sends a request that must succeed with want, and decodes its answer into v.
func (ts *testServer) ok(want int, method, path string, body, v any) {
	ts.t.Helper()
	code, data := ts.do(method, path, body)
	if code != want {
		ts.t.Fatalf("%s %s: %d, want %d: %s", method, path, code, want, data)
	}
	if v != nil {
		// A fresh value: Unmarshal would write into the slices of the one before, which
		// a test may have kept.
		reflect.ValueOf(v).Elem().SetZero()
		if err := json.Unmarshal(data, v); err != nil {
			ts.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
}

// newGame starts a game of the request.
func (ts *testServer) newGame(req map[string]any) stateView {
	ts.t.Helper()
	var s stateView
	ts.ok(http.StatusCreated, "POST", "/api/games", req, &s)
	return s
}

// player plays a game through the API: each decision the best of the advice, but for
// the decisions a deviation picks, which take the option ranked next (a keep) or last (a
// box), so that the game has costs to grade. It checks each answer as it goes.
type player struct {
	ts *testServer
	// deviate tells, by the number of the decision (from 1), whether to play otherwise
	// than the best.
	deviate func(n int) bool
	// advices are the advice of each position decided at, fetched before deciding, and
	// feedback what the coach said of each decision, in order.
	advices  []coach.Advice
	feedback []feedback
	states   []stateView
	// rolls records the player's rolls, turn by turn, for a comparison with sim.
	rolls [][][]int
	// stopAt, when not 0, stops play at the start of that turn (from 1).
	stopAt int
}

// play plays game s to its end (or to the start of turn p.stopAt) and returns its last
// state.
func (p *player) play(s stateView) stateView {
	ts := p.ts
	ts.t.Helper()
	n := 0
	for s.Phase == phaseRoll || s.Phase == phasePlay {
		if p.stopAt > 0 && s.Phase == phaseRoll && s.Turn >= p.stopAt {
			break
		}
		path := "/api/games/" + s.ID
		if s.Phase == phaseRoll {
			ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
			p.rolls = append(p.rolls, [][]int{s.Dice})
			continue
		}
		var a coach.Advice
		ts.ok(http.StatusOK, "GET", path+"/advise", nil, &a)
		p.advices = append(p.advices, a)
		n++
		dev := p.deviate != nil && p.deviate(n)
		if len(a.Keeps) > 0 {
			k := *a.Keeps[0].Keep
			if dev && len(a.Keeps) > 1 {
				k = *a.Keeps[1].Keep
			}
			if len(k) < engine.NumDice {
				ts.ok(http.StatusOK, "POST", path+"/hold", map[string]any{"keep": k}, &s)
				if !sameFaces(s.Held, k) {
					ts.t.Fatalf("held %v, want %v", s.Held, k)
				}
				ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
				p.rolls[len(p.rolls)-1] = append(p.rolls[len(p.rolls)-1], s.Dice)
				p.collect(s)
				continue
			}
		}
		box := a.Boxes[0].Box
		if dev {
			box = a.Boxes[len(a.Boxes)-1].Box
		}
		ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": box}, &s)
		p.collect(s)
	}
	return s
}

func (p *player) collect(s stateView) {
	p.feedback = append(p.feedback, s.Feedback...)
	p.states = append(p.states, s)
}

func sameFaces(a, b []int) bool {
	ka, _ := engine.KeepOf(a)
	kb, _ := engine.KeepOf(b)
	return len(a) == len(b) && ka == kb
}

// record downloads the record of a seat of game id, and checks it replays.
func (ts *testServer) record(id string, seat int) (*engine.Record, engine.Sheet, []engine.TurnResult) {
	ts.t.Helper()
	code, data := ts.do("GET", "/api/games/"+id+"/record?seat="+strconv.Itoa(seat), nil)
	if code != http.StatusOK {
		ts.t.Fatalf("record: %d %s", code, data)
	}
	rec, err := engine.ParseRecord(data)
	if err != nil {
		ts.t.Fatalf("the record does not parse: %v\n%s", err, data)
	}
	rules, err := engine.Load(rec.Rules, rec.Options...)
	if err != nil {
		ts.t.Fatal(err)
	}
	sheet, turns, err := engine.Replay(rec, rules)
	if err != nil {
		ts.t.Fatalf("the record does not replay: %v\n%s", err, data)
	}
	return rec, sheet, turns
}
