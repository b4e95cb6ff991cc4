package sim

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
)

// The dice stream, pinned as math/rand/v2 pins its generators (regress_test.go there):
// the values below are literals, written once by this test with -update, never computed
// by the code under test when the test runs.
//
// They pin what a seed plays: the seeds of a game (gameSeeds), the dice that
// engine.Throw, engine.Reroll and engine.Tape draw from a generator so seeded; what a
// Summary counts of the games is pinned by the checksum of a small run
// (summaryfile's TestStreamChecksum). Checkpoints and shards
// written by one build are resumed and merged by another: if any of these values moves,
// the two builds play different games from the same seed, and adding up their counts
// would mix two runs.
//
// Changing a value is legitimate only with a new dice stream, never silently: bump
// StreamVersion in the same commit (summary files of the old stream are then refused by
// summaryfile.Read, --resume and yams merge), run
//
//	go test ./sim -run TestDiceStream -update -v
//
// and paste what it prints here. A change of the SplitMix64 constants, of the dice
// tables of engine, of the order in which a tape hands out its dice, or of what a
// Summary counts, is such a change.
var update = flag.Bool("update", false, "print the golden values of the dice stream as this build computes them, to paste into regress_test.go")

// goldenSeeds are gameSeeds(seed, game) for a few seeds and games, the last at the end
// of the game indices.
var goldenSeeds = []struct {
	seed, game  uint64
	dice, draws [2]uint64
}{
	{0x0, 0x0, [2]uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4}, [2]uint64{0x6c45d188009454f, 0xf88bb8a8724c81ec}},
	{0x1, 0x0, [2]uint64{0x910a2dec89025cc1, 0xbeeb8da1658eec67}, [2]uint64{0xf893a2eefb32555e, 0x71c18690ee42c90b}},
	{0x1, 0x1, [2]uint64{0x71bb54d8d101b5b9, 0xc34d0bff90150280}, [2]uint64{0xe099ec6cd7363ca5, 0x85e7bb0f12278575}},
	{0x2a, 0x75bcd15, [2]uint64{0x38f49468c493607c, 0xfa7afaddc3147f30}, [2]uint64{0xcad8934fce23f0b2, 0xf71b54729180bbe5}},
	{0xffffffffffffffff, 0xfffffffffffffff, [2]uint64{0xe9a7b638ff1da3ec, 0xe3cc7e6e24a7789f}, [2]uint64{0x19347c835a1d3278, 0xad34157e3cb2ef5e}},
}

// throwKeeps are the keeps of the rerolls of goldenThrows: engine.Reroll is asked for
// each in turn, after a first engine.Throw.
var throwKeeps = [][]int{{6, 6}, {}, {1, 2, 3, 4}, {5}, {2, 2, 2, 2}}

// goldenThrows[i] are the rolls of a *rand.PCG seeded with the dice words of
// goldenSeeds[i]: one engine.Throw, then one engine.Reroll per throwKeeps.
var goldenThrows = [][]string{
	{"1-5-5-6-6", "1-2-6-6-6", "1-2-2-3-6", "1-2-3-4-6", "5-5-6-6-6", "2-2-2-2-5"},
	{"1-1-2-5-5", "2-5-5-6-6", "1-1-2-2-4", "1-2-3-3-4", "2-3-5-5-6", "2-2-2-2-4"},
	{"1-2-4-5-6", "1-3-4-6-6", "1-1-1-5-6", "1-2-2-3-4", "2-2-3-5-6", "2-2-2-2-4"},
	{"1-1-1-3-6", "3-6-6-6-6", "1-3-4-4-5", "1-2-3-4-4", "1-2-3-4-5", "2-2-2-2-2"},
	{"1-2-3-4-6", "2-5-6-6-6", "1-2-3-6-6", "1-1-2-3-4", "3-4-5-5-6", "2-2-2-2-4"},
}

// goldenTurns are turns played on an engine.Tape drawn from a *rand.PCG seeded with the
// dice words of goldenSeeds[seed]: the faces of the tape, then the rolls of the turn, the
// first roll and then one reroll per roll left, each keeping the dice of the most
// frequent face of the roll before (keepMost), or nothing when keepNothing is set.
var goldenTurns = []struct {
	seed        int
	rolls       int
	keepNothing bool
	faces       string // the dice of the tape, 1 to 6
	got         []string
}{
	{1, 3, false, "125153552542211", []string{"1-1-2-5-5", "3-5-5-5-5", "2-5-5-5-5"}},
	{2, engine.MaxRollsPerTurn, true, "5146265431116152212232362", []string{"1-2-4-5-6", "1-3-4-5-6", "1-1-1-5-6", "1-2-2-2-2", "2-2-3-3-6"}},
}

// quoted writes strings as the elements of a Go literal.
func quoted(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// keepMost returns the dice of the most frequent face of r, the highest face on ties.
func keepMost(r engine.Roll) engine.Keep {
	best, n := 0, 0
	for f := engine.NumFaces; f >= 1; f-- {
		if r.Count(f) > n {
			best, n = f, r.Count(f)
		}
	}
	dice := make([]int, n)
	for i := range dice {
		dice[i] = best
	}
	k, _ := engine.KeepOf(dice)
	return k
}

func TestDiceStream(t *testing.T) {
	var out strings.Builder // the golden values as this build computes them, for -update
	mismatch := func(what string, got, want any) {
		t.Helper()
		if !*update {
			t.Errorf("%s: %v, the stream of version %d gives %v", what, got, StreamVersion, want)
		}
	}

	fmt.Fprintf(&out, "var goldenSeeds = []struct {\n\tseed, game  uint64\n\tdice, draws [2]uint64\n}{\n")
	for _, g := range goldenSeeds {
		dice, draws := gameSeeds(g.seed, g.game)
		fmt.Fprintf(&out, "\t{%#x, %#x, [2]uint64{%#x, %#x}, [2]uint64{%#x, %#x}},\n", g.seed, g.game, dice[0], dice[1], draws[0], draws[1])
		if dice != g.dice || draws != g.draws {
			mismatch(fmt.Sprintf("gameSeeds(%#x, %#x)", g.seed, g.game), fmt.Sprintf("%#x", [2][2]uint64{dice, draws}), fmt.Sprintf("%#x", [2][2]uint64{g.dice, g.draws}))
		}
	}
	fmt.Fprintf(&out, "}\n\nvar goldenThrows = [][]string{\n")
	for i, g := range goldenSeeds {
		var pcg rand.PCG
		dice, _ := gameSeeds(g.seed, g.game)
		pcg.Seed(dice[0], dice[1])
		got := []string{engine.Throw(&pcg).String()}
		for _, dice := range throwKeeps {
			k, ok := engine.KeepOf(dice)
			if !ok {
				t.Fatalf("keep %v", dice)
			}
			got = append(got, engine.Reroll(&pcg, k).String())
		}
		fmt.Fprintf(&out, "\t{%s},\n", quoted(got))
		if i >= len(goldenThrows) || strings.Join(got, " ") != strings.Join(goldenThrows[i], " ") {
			want := []string(nil)
			if i < len(goldenThrows) {
				want = goldenThrows[i]
			}
			mismatch(fmt.Sprintf("throws of seed %#x, game %#x", g.seed, g.game), got, want)
		}
	}
	fmt.Fprintf(&out, "}\n\ngoldenTurns:\n")
	for _, turn := range goldenTurns {
		g := goldenSeeds[turn.seed]
		var pcg rand.PCG
		dice, _ := gameSeeds(g.seed, g.game)
		pcg.Seed(dice[0], dice[1])
		var tape engine.Tape
		tape.Draw(&pcg, turn.rolls)
		var faces string
		all := tape.Faces()
		for _, f := range all[:turn.rolls*engine.NumDice] {
			faces += strconv.Itoa(int(f))
		}
		r := tape.First()
		got := []string{r.String()}
		for range turn.rolls - 1 {
			k := keepMost(r)
			if turn.keepNothing {
				k = engine.Keep(0)
			}
			r = tape.Reroll(k)
			got = append(got, r.String())
		}
		fmt.Fprintf(&out, "\t{%d, %d, %v, %q, []string{%s}},\n", turn.seed, turn.rolls, turn.keepNothing, faces, quoted(got))
		if faces != turn.faces || strings.Join(got, " ") != strings.Join(turn.got, " ") {
			mismatch(fmt.Sprintf("turn of %d rolls of seed %#x, game %#x", turn.rolls, g.seed, g.game), []string{faces, strings.Join(got, " ")}, []string{turn.faces, strings.Join(turn.got, " ")})
		}
	}

	if *update {
		fmt.Print(out.String())
	}
}
