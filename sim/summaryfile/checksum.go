package summaryfile

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"yams/sim"
)

// checksumPrefix begins the "checksum" of a summary file: the algorithm, then the digest
// in hexadecimal.
const checksumPrefix = "sha256:"

// checksumV2 returns the checksum of the results as a summary file holds it: SHA-256 over
// a canonical binary encoding of everything Read rebuilds the results from: the
// dice stream (StreamVersion), the rule set (spec, the canonical JSON of its
// engine.Spec, as json.Marshal writes it whatever the layout of the file), and all that
// checksumV1 covers. The derived figures (means, intervals, rates) are left out:
// Read recomputes them from the counts and refuses a file whose figures differ,
// and a machine that rounds them differently in the last bit must still read the file.
// The layout of the JSON (spaces, order of keys) is left out too, so a file reformatted
// by a tool is still accepted; any change of a value is not.
func checksumV2(r *sim.Results, spec []byte) string {
	e := encoder{h: sha256.New()}
	e.str("yams summary v2")
	e.int(sim.StreamVersion)
	e.str(string(spec))
	e.results(r)
	return checksumPrefix + hex.EncodeToString(e.h.Sum(nil))
}

// checksumV1 returns the checksum of the summary files written before the stream and the
// rule set were recorded ("stream" and "rule_set"), which Read still reads. It
// covers the rules by name, hash and options, the seed, the slice of games (first game,
// games played and planned, shard), and every count of every summary and pair, with the
// names of the strategies, columns and boxes. It never changes: files of it are in
// users' hands.
func checksumV1(r *sim.Results) string {
	e := encoder{h: sha256.New()}
	e.str("yams summary v1")
	e.results(r)
	return checksumPrefix + hex.EncodeToString(e.h.Sum(nil))
}

// encoder writes integers as 8 bytes and strings and lists prefixed by their length, so
// that no two contents share an encoding.
type encoder struct {
	h   hash.Hash
	buf [8]byte
}

func (e *encoder) int(v int64) {
	binary.BigEndian.PutUint64(e.buf[:], uint64(v))
	e.h.Write(e.buf[:])
}

func (e *encoder) str(s string) {
	e.int(int64(len(s)))
	e.h.Write([]byte(s))
}

func (e *encoder) strs(list []string) {
	e.int(int64(len(list)))
	for _, s := range list {
		e.str(s)
	}
}

// hist writes the values a histogram counts, whatever its size: the non-zero counts
// with their values.
func (e *encoder) hist(h *sim.Histogram) {
	var n int64
	for _, c := range h.Counts {
		if c != 0 {
			n++
		}
	}
	e.int(n)
	for i, c := range h.Counts {
		if c != 0 {
			e.int(int64(h.Min + i))
			e.int(c)
		}
	}
}

// results writes the names and counts of the results, as checksumV1 describes them.
func (e *encoder) results(r *sim.Results) {
	e.str(r.Rules)
	e.str(r.RulesHash)
	e.int(int64(len(r.RuleOptions)))
	for _, o := range r.RuleOptions {
		e.str(o)
	}
	e.int(int64(r.Seed))
	e.int(r.First)
	e.int(r.Games)
	e.int(r.PlannedGames())
	e.int(int64(r.Shard.K))
	e.int(int64(r.Shard.N))
	e.int(r.Shard.Total)
	e.int(int64(len(r.Summaries)))
	for _, s := range r.Summaries {
		e.summary(s)
	}
	e.int(int64(len(r.Pairs)))
	for _, p := range r.Pairs {
		e.str(p.A)
		e.str(p.B)
		e.int(p.Games)
		e.int(p.Sum)
		e.int(int64(p.Squares.Hi))
		e.int(int64(p.Squares.Lo))
		e.int(p.Wins)
		e.int(p.Ties)
		e.int(p.Losses)
	}
}

func (e *encoder) summary(s *sim.Summary) {
	e.str(s.Strategy)
	e.strs(s.Columns)
	e.strs(s.Boxes)
	e.int(int64(s.YahtzeeBox))
	e.int(s.Games)
	e.hist(&s.Scores)
	e.int(int64(len(s.UpperBonus)))
	for c := range s.UpperBonus {
		e.int(s.UpperBonus[c])
		e.hist(&s.UpperSubtotal[c])
	}
	e.int(s.YahtzeeScored)
	e.hist(&s.ExtraBonuses)
	e.int(s.JokerGames)
	e.int(int64(len(s.Slots)))
	for i := range s.Slots {
		sl := &s.Slots[i]
		e.int(sl.Sum)
		e.int(sl.Zeros)
		e.int(sl.Jokers)
		e.hist(&sim.Histogram{Counts: sl.FillTurn})
	}
	for b, bl := range s.Blocks {
		if bl.Games != 0 {
			e.int(int64(b))
			e.int(bl.Games)
			e.int(bl.Sum)
			e.int(int64(bl.Squares.Hi))
			e.int(int64(bl.Squares.Lo))
		}
	}
	e.int(-1) // the end of the blocks
	if s.Regret != nil {
		e.regret(s.Regret)
	}
}
