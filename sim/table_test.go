package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"yams/engine"
	"yams/sim"
)

func runTable(t testing.TB, cfg sim.TableConfig) *sim.TableResults {
	t.Helper()
	res, err := sim.RunTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	res.Workers, res.Elapsed = 0, 0
	return res
}

// Table games of the one-throw rules, worked out by hand: each seat scores the sum of the
// dice of its own game index, the players rotate, and ties share the win.
func TestTableByHand(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(oneThrow))
	if err != nil {
		t.Fatal(err)
	}
	const games, n = 600, 3
	res := runTable(t, sim.TableConfig{Rules: rules, Players: infos(t, "greedy", "random", "greedy"), Seed: 8, Games: games, Workers: 3})

	seated, shares := make([][]int64, n), make([][]int64, n)
	outright, tied := make([]int64, n), make([]int64, n)
	for p := range n {
		seated[p], shares[p] = make([]int64, n), make([]int64, n)
	}
	var g rand.PCG
	ties := 0
	for tg := range int64(games) {
		var totals [n]int
		best := 0
		for p := range int64(n) {
			seat := (p + tg) % n
			dice, _ := sim.GameSeeds(8, uint64(tg*n+seat))
			g.Seed(dice[0], dice[1])
			totals[p] = engine.Throw(&g).Sum()
			seated[p][seat]++
			best = max(best, totals[p])
		}
		k := 0
		for _, v := range totals {
			if v == best {
				k++
			}
		}
		if k > 1 {
			ties++
		}
		for p, v := range totals {
			if v == best {
				shares[p][(int64(p)+tg)%n] += 60 / int64(k)
				if k == 1 {
					outright[p]++
				} else {
					tied[p]++
				}
			}
		}
	}
	if ties == 0 {
		t.Fatalf("no tie in %d games: the test checks nothing of ties", games)
	}
	if res.Games != games || !reflect.DeepEqual(res.Seated, seated) || !reflect.DeepEqual(res.Shares, shares) ||
		!reflect.DeepEqual(res.Outright, outright) || !reflect.DeepEqual(res.Tied, tied) {
		t.Errorf("counts %v %v %v %v, by hand %v %v %v %v", res.Seated, res.Shares, res.Outright, res.Tied, seated, shares, outright, tied)
	}
	// Every game hands out exactly one win.
	var units int64
	for p := range n {
		units += res.WinRate(p).Units
		if got := res.Seated[p][0] + res.Seated[p][1] + res.Seated[p][2]; got != games {
			t.Errorf("player %d sat %d games", p, got)
		}
	}
	if units != 60*games {
		t.Errorf("%d units of wins, want %d", units, 60*games)
	}
	var rate float64
	for s := range n {
		rate += res.SeatWinRate(s).Rate
	}
	if !approx(rate, 1) {
		t.Errorf("seat win rates add up to %v", rate)
	}
}

// The counts do not depend on the workers, and slices of table games merge into the whole.
func TestTableDeterministic(t *testing.T) {
	rules := load(t, "yams-app")
	cfg := sim.TableConfig{Rules: rules, Players: infos(t, "greedy", "upper-first"), Seed: 6, Games: 200, Workers: 1}
	whole := runTable(t, cfg)
	cfg.Workers = 4
	if other := runTable(t, cfg); !reflect.DeepEqual(whole, other) {
		t.Errorf("1 and 4 workers differ")
	}
	cfg.Games = 77
	merged := runTable(t, cfg)
	cfg.First, cfg.Games = 77, 123
	if err := merged.Merge(runTable(t, cfg)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("merged slices differ from the whole:\n%+v\n%+v", whole, merged)
	}
	var b bytes.Buffer
	if err := whole.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games   int64
		Players []struct {
			Strategy string
			Wins     struct{ Units int64 }
			BySeat   []struct{ Games int64 } `json:"by_seat"`
		}
		Seats []struct{ Rate float64 }
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Games != 200 || len(doc.Players) != 2 || doc.Players[1].Strategy != "upper-first" || len(doc.Seats) != 2 ||
		doc.Players[0].Wins.Units+doc.Players[1].Wins.Units != 60*200 || doc.Players[0].BySeat[1].Games != 100 {
		t.Errorf("table JSON %s", b.Bytes())
	}
}

func TestTableRefuses(t *testing.T) {
	rules := load(t, "hasbro")
	for _, cfg := range []sim.TableConfig{
		{Rules: rules, Players: infos(t, "greedy"), Games: 10},
		{Rules: rules, Players: infos(t, "greedy", "greedy", "greedy", "greedy", "greedy", "greedy", "greedy"), Games: 10},
		{Rules: rules, Players: infos(t, "greedy", "random"), Games: 0},
		{Rules: rules, Players: infos(t, "greedy", "random"), Games: 10, First: 1 << 61},
	} {
		if res, err := sim.RunTable(context.Background(), cfg); err == nil || res != nil {
			t.Errorf("%d players, %d games from %d: no error", len(cfg.Players), cfg.Games, cfg.First)
		}
	}
}
