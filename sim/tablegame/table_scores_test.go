package tablegame_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/sim/tablegame"
)

// At a table of two, the difference of the players' totals is counted game by game:
// worked out by hand on the one-throw rules (each seat scores the sum of the dice of its
// own game index), it gives each player's wins and ties, and its mean is the difference
// of the players' means.
func TestTableDifferenceByHand(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(simtest.OneThrow))
	if err != nil {
		t.Fatal(err)
	}
	const games, n = 900, 2
	res := runTable(t, tablegame.Config{Rules: rules, Players: simtest.Infos(t, "greedy", "random"), Seed: 4, Games: games, Workers: 3})
	want := map[int]int64{}
	scores := [n]map[int]int64{{}, {}}
	var g rand.PCG
	for tg := range int64(games) {
		var totals [n]int
		for p := range int64(n) {
			dice, _ := sim.GameSeeds(4, uint64(tg*n+(p+tg)%n))
			g.Seed(dice[0], dice[1])
			totals[p] = engine.Throw(&g).Sum()
			scores[p][totals[p]]++
		}
		want[totals[0]-totals[1]]++
	}
	h := res.Difference()
	if h == nil || h.Total() != games {
		t.Fatalf("difference %+v, want %d games", h, games)
	}
	var ahead, level, behind int64
	for i, c := range h.Counts {
		d := h.Min + i
		if c != want[d] {
			t.Errorf("difference %d: %d games, by hand %d", d, c, want[d])
		}
		switch {
		case d > 0:
			ahead += c
		case d == 0:
			level += c
		default:
			behind += c
		}
	}
	if level == 0 {
		t.Fatalf("no tie in %d games: the test checks nothing of ties", games)
	}
	if ahead != res.Outright[0] || behind != res.Outright[1] || level != res.Tied[0] || level != res.Tied[1] {
		t.Errorf("ahead %d, level %d, behind %d; won alone %v, tied %v", ahead, level, behind, res.Outright, res.Tied)
	}
	for p := range n {
		s := res.Scores(p)
		for i, c := range s.Counts {
			if c != scores[p][s.Min+i] {
				t.Errorf("player %d, score %d: %d games, by hand %d", p+1, s.Min+i, c, scores[p][s.Min+i])
			}
		}
		if s.Total() != games {
			t.Errorf("player %d: %d scores", p+1, s.Total())
		}
	}
	mean, sd := h.Moments()
	m0, _ := res.Mean(0)
	m1, _ := res.Mean(1)
	if !simtest.Approx(mean.Value, m0-m1) || mean.CI95.Lo >= mean.Value || mean.CI95.Hi <= mean.Value || sd.Value <= 0 {
		t.Errorf("difference %+v, the means %v and %v", mean, m0, m1)
	}
	// A table of three has no difference.
	three := runTable(t, tablegame.Config{Rules: rules, Players: simtest.Infos(t, "greedy", "random", "greedy"), Seed: 4, Games: 30, Workers: 1})
	if three.Difference() != nil {
		t.Errorf("a table of three has a difference")
	}
}

// The difference adds up exactly: the same whatever the workers, slices merged into the
// whole, and in the JSON as counted; a table of three writes none, as before.
func TestTableDifferenceMergesAndWrites(t *testing.T) {
	rules := simtest.Load(t, "yams-app")
	cfg := tablegame.Config{Rules: rules, Players: simtest.Infos(t, "upper-first", "greedy"), Seed: 9, Games: 300, Workers: 1}
	whole := runTable(t, cfg)
	cfg.Workers = 3
	if other := runTable(t, cfg); !reflect.DeepEqual(whole.Difference(), other.Difference()) {
		t.Errorf("1 and 3 workers count other differences")
	}
	cfg.Games = 101
	merged := runTable(t, cfg)
	cfg.First, cfg.Games = 101, 199
	if err := merged.Merge(runTable(t, cfg)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole.Difference(), merged.Difference()) || !reflect.DeepEqual(whole.Scores(1), merged.Scores(1)) {
		t.Errorf("merged slices count other differences or scores")
	}
	var b bytes.Buffer
	if err := summaryfile.WriteTable(&b, whole); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Difference *struct {
			Mean      float64
			CI95      [2]float64
			SD        float64
			Histogram map[string]int64
		}
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	h := whole.Difference()
	mean, sd := h.Moments()
	if doc.Difference == nil || doc.Difference.Mean != mean.Value || doc.Difference.SD != sd.Value || doc.Difference.CI95 != [2]float64{mean.CI95.Lo, mean.CI95.Hi} {
		t.Fatalf("the JSON's difference: %+v, want %+v and %+v", doc.Difference, mean, sd)
	}
	var total int64
	for k, c := range doc.Difference.Histogram {
		d, err := strconv.Atoi(k)
		if err != nil || d < h.Min || d > h.Max() || h.Counts[d-h.Min] != c {
			t.Errorf("the JSON's difference %s: %d games", k, c)
		}
		total += c
	}
	if total != 300 {
		t.Errorf("the JSON's difference counts %d games", total)
	}
	cfg = tablegame.Config{Rules: rules, Players: simtest.Infos(t, "upper-first", "greedy", "random"), Seed: 9, Games: 20, Workers: 1}
	b.Reset()
	if err := summaryfile.WriteTable(&b, runTable(t, cfg)); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte(`"difference"`)) {
		t.Errorf("a table of three writes a difference:\n%s", b.Bytes())
	}
}
