package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"yams/sim"
)

// The floor's figures and the share of a game that is not the decisions, worked out by
// hand: a floor of 600 ns a game with 39 decisions of 2 ns, so 522 ns without decisions.
func TestPrintBenchFloor(t *testing.T) {
	floor := &benchResult{name: "floor", rates: []float64{1e9 / 600, 2e9 / 600}, nsDecision: 2, decisions: 39}
	greedy := &benchResult{name: "greedy", rates: []float64{1e9 / 1000, 1.8e9 / 1000}, nsDecision: 8, decisions: 38.5}
	var b strings.Builder
	printBench(&b, floor, sim.FloorParts{Dice: 200, Counting: 50}, []*benchResult{greedy}, 3)
	out := b.String()
	for _, want := range []string{
		`(?m)^floor +1 +1,666,666 +1\.00 +100\.0%$`,
		`(?m)^floor +2 +3,333,333 +2\.00 +100\.0%$`,
		`(?m)^greedy +2 +1,800,000 +1\.80 +90\.0%$`,
		`(?m)^floor +600 +2\.0 +39\.0 +13%$`,
		`(?m)^greedy +1,000 +8\.0 +38\.5 +31%$`,
		// 600 − 78 − 200 − 50 = 272 for the sheet, the checks and the loop.
		`(?m)^floor, 600 ns/game: dice 200 \(33%\), counting 50 \(8%\), sheet, checks and loop 272 \(45%\), its own decisions 78 \(13%\)$`,
		`(?m)^strategy +ns/game +without decisions +decisions replayed +decisions in play +their share$`,
		// 1000 − 522 = 478 in play, of which 308 replayed.
		`(?m)^greedy +1,000 +522 +308 +478 +48%$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

// yams bench on a tiny workload measures the floor beside the strategies, and its parts.
func TestBenchShowsTheFloor(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bench")
	out, errOut, code := execYams(t, "", "bench", "--games", "300", "--strategy", "greedy", "--out", dir)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	for _, want := range []string{
		`(?m)^floor +1 +[\d,]+ +1\.00 +100\.0%$`,
		`(?m)^floor +[\d,]+ +\d+\.\d +39\.0 +\d+%$`,
		`(?m)^floor, [\d,]+ ns/game: dice [\d,]+ \(\d+%\), counting [\d,]+ \(\d+%\), sheet, checks and loop -?[\d,]+ \(-?\d+%\), its own decisions [\d,]+ \(\d+%\)$`,
		// On a tiny workload, and a loaded machine, the time of the decisions in play (a
		// game less the game without decisions) may come out below zero.
		`(?m)^greedy +[\d,]+ +[\d,]+ +\d+ +-?[\d,]+ +-?\d+%$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	// The JSON of --out is that of --json, the figures of the floor and of each strategy.
	var figures struct {
		Games      int64 `json:"games"`
		Strategies []struct {
			Strategy       string    `json:"strategy"`
			GamesPerSecond []float64 `json:"games_per_s"`
			NsPerDecision  *float64  `json:"ns_per_decision"`
		} `json:"strategies"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(dir, "bench.json")), &figures); err != nil || figures.Games != 300 ||
		len(figures.Strategies) != 2 || figures.Strategies[0].Strategy != "floor" || figures.Strategies[1].Strategy != "greedy" ||
		len(figures.Strategies[1].GamesPerSecond) != runtime.GOMAXPROCS(0) || figures.Strategies[1].NsPerDecision == nil {
		t.Errorf("bench.json: %+v, %v", figures, err)
	}
	if !strings.Contains(out, "4 files written to "+dir+": bench.json, bench.csv, scaling.svg, scaling.png") {
		t.Errorf("output lacks the files written:\n%s", out)
	}
	csv := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(dir, "bench.csv")))), "\n")
	if !strings.HasSuffix(csv[0], ",floor_games_per_s,floor_ns_per_game") ||
		!regexp.MustCompile(`^greedy,1(,[\d.]+){9}$`).MatchString(csv[1]) {
		t.Errorf("bench.csv: %q", csv)
	}
}
