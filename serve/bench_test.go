package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"yams/coach"
	"yams/engine"
	"yams/internal/exhaustive"
)

// quantile returns the q-quantile of durations (nearest rank), in milliseconds.
func quantile(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := min(len(s)-1, int(q*float64(len(s))))
	return float64(s[i]) / float64(time.Millisecond)
}

// randomMove plays a move of game s at random: the first roll, or a hold and a reroll,
// or a box; it returns the path and the body.
func randomMove(s *stateView, rng *rand.Rand) (string, any) {
	path := "/api/games/" + s.ID
	switch {
	case s.Phase == phaseRoll:
		return path + "/roll", map[string]any{}
	case s.RollsLeft > 0 && rng.IntN(3) > 0:
		var keep []int
		for _, d := range s.Dice {
			if rng.IntN(2) == 0 {
				keep = append(keep, d)
			}
		}
		if len(keep) == len(s.Dice) {
			keep = keep[1:]
		}
		return path + "/roll", map[string]any{"keep": keep}
	}
	boxes := make([]string, 0, len(s.Legal))
	for b := range s.Legal {
		boxes = append(boxes, b)
	}
	slices.Sort(boxes)
	return path + "/score", map[string]any{"box": boxes[rng.IntN(len(boxes))]}
}

// benchAdvise times the advice at the positions of games played at random, one request
// of GET /api/games/{id}/advise over loopback at each position the player decides at;
// the table is loaded (or solved) before the clock starts.
func benchAdvise(b *testing.B, rs RuleSet) {
	ts := newTestServer(b, Config{RuleSets: []RuleSet{rs}})
	rng := rand.New(rand.NewPCG(1, 2))
	var s stateView
	newGame := func() {
		s = ts.newGame(map[string]any{"seed": rng.Uint64N(1 << 40)})
		ts.ok(http.StatusOK, "POST", "/api/games/"+s.ID+"/roll", map[string]any{}, &s)
	}
	newGame()
	var times []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		code, _ := ts.do("GET", "/api/games/"+s.ID+"/advise", nil)
		times = append(times, time.Since(start))
		if code != http.StatusOK {
			b.Fatalf("advise: %d", code)
		}
		b.StopTimer()
		for {
			path, body := randomMove(&s, rng)
			ts.ok(http.StatusOK, "POST", path, body, &s)
			if s.Phase == phaseOver {
				newGame()
			}
			if s.Phase == phasePlay {
				break
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(quantile(times, 0.5), "p50-ms")
	b.ReportMetric(quantile(times, 0.99), "p99-ms")
}

// The advice on hasbro, its table cached: 20 ms or less at the 99th percentile.
func BenchmarkAdviseHasbro(b *testing.B) { benchAdvise(b, testRules(b, "hasbro")) }

// The advice on a sheet of two columns with an exact solve: 200 ms or less at the 99th
// percentile.
func BenchmarkAdviseTwoColumns(b *testing.B) {
	benchAdvise(b, testRules(b, "yams", "columns=top_down,bottom_up"))
}

// loadGames plays n games of hasbro at once to their end over loopback, each a client of
// its own making random moves, and returns the time of every request and the errors.
func loadGames(t testing.TB, ts *testServer, n int, seed uint64) (times []time.Duration, requests int64, errs []error) {
	var mu sync.Mutex
	var count atomic.Int64
	var wg sync.WaitGroup
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	defer client.CloseIdleConnections()
	post := func(path string, body any, out *stateView) (time.Duration, error) {
		data, _ := json.Marshal(body)
		start := time.Now()
		res, err := client.Post(ts.hs.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			return 0, err
		}
		reply, err := io.ReadAll(res.Body)
		res.Body.Close()
		took := time.Since(start)
		count.Add(1)
		if err != nil {
			return took, err
		}
		if res.StatusCode >= 300 {
			return took, fmt.Errorf("%s: %d %s", path, res.StatusCode, reply)
		}
		*out = stateView{}
		return took, json.Unmarshal(reply, out)
	}
	for i := range n {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			var mine []time.Duration
			fail := func(err error) {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
			var s stateView
			took, err := post("/api/games", map[string]any{"seed": seed, "game": i}, &s)
			if err != nil {
				fail(err)
				return
			}
			mine = append(mine, took)
			for s.Phase != phaseOver {
				path, body := randomMove(&s, rng)
				took, err := post(path, body, &s)
				if err != nil {
					fail(err)
					return
				}
				mine = append(mine, took)
			}
			mu.Lock()
			times = append(times, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return times, count.Load(), errs
}

// A bounded load on loopback: 200 games of hasbro played at once to their end, each
// move a request; the requests per second, the 99th percentile and no error.
func BenchmarkLoad200Games(b *testing.B) {
	ts := newTestServer(b, Config{RuleSets: []RuleSet{testRules(b, "hasbro")}, MaxGames: 200})
	// The table loaded before the clock starts, by a game then ended.
	warm := ts.newGame(map[string]any{})
	if code, _ := ts.do("DELETE", "/api/games/"+warm.ID, nil); code != http.StatusNoContent {
		b.Fatalf("DELETE: %d", code)
	}
	var all []time.Duration
	var total int64
	start := time.Now()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		times, n, errs := loadGames(b, ts, 200, uint64(i+1))
		for _, err := range errs {
			b.Error(err)
		}
		all = append(all, times...)
		total += n
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(total)/elapsed.Seconds(), "requests/s")
	b.ReportMetric(quantile(all, 0.99), "p99-ms")
	b.ReportMetric(quantile(all, 0.5), "p50-ms")
}

// heap returns the bytes of the heap in use, after a collection.
func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// The server's memory stays flat over finished games: a game over is kept (for its
// state, its review and its record) until as many as the games in play may be have
// ended after it, then cleared, and a cleared game leaves only its id behind (at most
// maxGone of them). 10,000 games in the exhaustive run; in the default run, 100, enough
// to see the games over cleared beyond the cap.
func TestMemoryFlat(t *testing.T) {
	t.Parallel()
	games, cap := 100, 20
	if exhaustive.On {
		games, cap = 10_000, 100
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro")}, MaxGames: cap})
	played := 0
	var after []uint64
	batch := cap / 2 // games in play at once, within the cap
	for played < games {
		_, _, errs := loadGames(t, ts, batch, uint64(played+1))
		for _, err := range errs {
			t.Fatal(err)
		}
		played += batch
		after = append(after, heap())
	}
	ts.srv.mu.Lock()
	kept, live := len(ts.srv.games), ts.srv.live
	ts.srv.mu.Unlock()
	if kept > cap || live != 0 {
		t.Errorf("after %d games the server keeps %d of them (%d in play), at most %d", played, kept, live, cap)
	}
	third := len(after) / 3
	first, last := after[third], after[len(after)-1]
	t.Logf("heap in use after %d games: %.1f MiB (after %d: %.1f MiB)", played, float64(last)/(1<<20), batch*(third+1), float64(first)/(1<<20))
	if last > first+first/2+8<<20 {
		t.Errorf("the heap grows with the games played: %.1f MiB, then %.1f MiB", float64(first)/(1<<20), float64(last)/(1<<20))
	}
}

// The advice on the seeds' family sheet, whose values are estimated: 500 ms or less at the
// 99th percentile. The positions are those of games played by a person who follows the
// coach (each move the advice's best), the advice asked as soon as the dice are on the
// table: its games are measured then, beside the server's own prefetch of them begun
// by the roll. Over 200 positions at least:
//
//	go test ./serve -run '^$' -bench AdviseFamily -benchtime 200x
func BenchmarkAdviseFamily(b *testing.B) {
	rs := RuleSet{Source: "../examples/rules/yams-family.json"}
	var err error
	if rs.Rules, err = engine.Load(rs.Source); err != nil {
		b.Fatal(err)
	}
	ts := newTestServer(b, Config{RuleSets: []RuleSet{rs}})
	var s stateView
	seed := uint64(1)
	newGame := func() {
		s = ts.newGame(map[string]any{"seed": seed})
		seed++
		ts.ok(http.StatusOK, "POST", "/api/games/"+s.ID+"/roll", map[string]any{}, &s)
	}
	newGame()
	var times []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		var a coach.Advice
		ts.ok(http.StatusOK, "GET", "/api/games/"+s.ID+"/advise", nil, &a)
		times = append(times, time.Since(start))
		b.StopTimer()
		path := "/api/games/" + s.ID
		if len(a.Keeps) > 0 && len(*a.Keeps[0].Keep) < len(a.Dice) {
			ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{"keep": *a.Keeps[0].Keep}, &s)
		} else {
			ts.ok(http.StatusOK, "POST", path+"/score", map[string]any{"box": a.Boxes[0].Box}, &s)
			if s.Phase == phaseOver {
				newGame()
			} else {
				ts.ok(http.StatusOK, "POST", path+"/roll", map[string]any{}, &s)
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(quantile(times, 0.5), "p50-ms")
	b.ReportMetric(quantile(times, 0.99), "p99-ms")
}
