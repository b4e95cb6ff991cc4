package summaryfile

import (
	"context"
	"flag"
	"fmt"
	"math/bits"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/strategies"
)

// What a Summary counts of the games of a seed, pinned as sim's TestDiceStream pins the
// dice (regress_test.go there): the checksum of a small run is a literal, written once
// by this test with -update, never computed by the code under test when the test runs.
// Checkpoints and shards written by one build are resumed and merged by another: if it
// moves, the two builds count different things from the same games, and adding up their
// counts would mix two runs. Changing it is legitimate only with a new stream: bump
// sim.StreamVersion in the same commit, run
//
//	go test ./sim/summaryfile -run TestStreamChecksum -update -v
//
// and paste what it prints here.
var update = flag.Bool("update", false, "print the golden checksum as this build computes it, to paste into regress_test.go")

// streamRules are the rules of goldenChecksum: two columns (one of them in a fixed
// order), an upper bonus and the forced joker, so that the checksum covers the upper
// bonuses and subtotals, the yahtzees and the jokers, not only the scores. They are
// written here rather than taken from a preset, so that a change of a preset does not
// move the checksum.
const streamRules = `{"name": "stream", "rolls": 3,
 "boxes": [
  {"id": "ones", "section": "upper", "kind": "face", "face": 1},
  {"id": "twos", "section": "upper", "kind": "face", "face": 2},
  {"id": "threes", "section": "upper", "kind": "face", "face": 3},
  {"id": "fours", "section": "upper", "kind": "face", "face": 4},
  {"id": "fives", "section": "upper", "kind": "face", "face": 5},
  {"id": "sixes", "section": "upper", "kind": "face", "face": 6},
  {"id": "three_of_a_kind", "section": "lower", "kind": "of_a_kind", "count": 3, "add": "all"},
  {"id": "full_house", "section": "lower", "kind": "full_house", "points": 25},
  {"id": "small_straight", "section": "lower", "kind": "straight", "length": 4, "points": 30},
  {"id": "yahtzee", "section": "lower", "kind": "of_a_kind", "count": 5, "points": 50},
  {"id": "chance", "section": "lower", "kind": "chance", "add": "all"}],
 "upper_bonus": {"threshold": 20, "points": 35, "when": "complete"},
 "extra_yahtzee": {"box": "yahtzee", "points": 100},
 "joker": {"mode": "forced", "box": "yahtzee"},
 "columns": [{"name": "a", "order": "free"}, {"name": "b", "order": "bottom_up"}]}`

// goldenChecksum is the checksum of the counts of 3000 games of seed 2014 under
// streamRules, played by firstBox.
const goldenChecksum = "sha256:01cc7051abac078d3ee633b5c03e63b57f3278ac6d127a68e18078af36ee31bf"

// firstBox keeps nothing and scores the final roll in the first legal box: a strategy
// of the test's own, so that a change of the project's strategies does not move the
// checksum.
type firstBox struct{}

func (firstBox) Keep(*engine.Sheet, engine.Roll, int) engine.Keep { return engine.Keep(0) }

func (firstBox) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	return engine.BoxID(bits.TrailingZeros64(s.Legal(r, rollsUsed)))
}

func TestStreamChecksum(t *testing.T) {
	rules, err := engine.Parse("stream", []byte(streamRules))
	if err != nil {
		t.Fatal(err)
	}
	first := strategies.Info{Name: "first-box", New: func(*engine.Rules) (strategies.Strategy, error) { return firstBox{}, nil }}
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{first}, Seed: 2014, Games: 3000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summaries[0]
	if s.UpperBonus[0] == 0 || s.UpperBonus[1] == 0 || s.YahtzeeScored == 0 || s.JokerGames == 0 {
		t.Errorf("upper bonuses %v, yahtzees %d, games with a joker %d: the checksum would not cover them", s.UpperBonus, s.YahtzeeScored, s.JokerGames)
	}
	sum := checksumV1(res)
	switch {
	case *update:
		fmt.Printf("const goldenChecksum = %q\n", sum)
	case sum != goldenChecksum:
		t.Errorf("checksum of the summary: %s, the stream of version %d gives %s", sum, sim.StreamVersion, goldenChecksum)
	}
}
