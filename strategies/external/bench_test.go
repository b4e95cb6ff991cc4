package external

import (
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/strategies"
)

// batchOf returns the requests of n games of hasbro met in random play, one per game, and
// the codec that writes them.
func batchOf(tb testing.TB, n int) (*codec, []strategies.Request) {
	r, err := engine.Load("hasbro")
	if err != nil {
		tb.Fatal(err)
	}
	c := newCodec(r, SlotNames(r, []string{"free"}))
	g := rand.New(rand.NewPCG(1, 2))
	reqs := make([]strategies.Request, n)
	for i := range reqs {
		s := engine.NewSheet(r)
		for range g.IntN(12) {
			roll := engine.Roll(g.IntN(engine.NumRolls))
			legal := s.Legal(roll, 3)
			id := 0
			for legal&(1<<id) == 0 {
				id++
			}
			s.Fill(engine.BoxID(id), roll)
		}
		reqs[i] = strategies.Request{Game: int64(i), Seed: g.Uint64(), Turn: s.Turn() + 1, Sheet: &s,
			Roll: engine.Roll(g.IntN(engine.NumRolls)), RollsUsed: 1 + g.IntN(3)}
		if reqs[i].RollsUsed < 3 {
			reqs[i].RollsLeft = 3 - reqs[i].RollsUsed
		}
	}
	return c, reqs
}

// BenchmarkEncode writes a batch of 1024 requests, as yams does.
func BenchmarkEncode(b *testing.B) {
	c, reqs := batchOf(b, 1024)
	var buf []byte
	for b.Loop() {
		buf = c.appendDecide(buf[:0], reqs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(reqs)), "ns/request")
	b.SetBytes(int64(len(buf)))
}

// BenchmarkServe answers a batch of 1024 requests with greedy, as yams bot does.
func BenchmarkServe(b *testing.B) {
	c, reqs := batchOf(b, 1024)
	line := c.appendDecide(nil, reqs)
	st, err := strategies.New("greedy", c.rules)
	if err != nil {
		b.Fatal(err)
	}
	sv := &server{rules: c.rules, st: st, c: c}
	var out []byte
	for b.Loop() {
		if out, err = sv.answer(out[:0], line); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(reqs)), "ns/request")
}

// BenchmarkReadAnswers reads the answers to a batch of 1024 requests, as yams does.
func BenchmarkReadAnswers(b *testing.B) {
	c, reqs := batchOf(b, 1024)
	st, _ := strategies.New("greedy", c.rules)
	sv := &server{rules: c.rules, st: st, c: c}
	line, err := sv.answer(nil, c.appendDecide(nil, reqs))
	if err != nil {
		b.Fatal(err)
	}
	answers := make([]strategies.Answer, len(reqs))
	for b.Loop() {
		if err := c.readAnswers(line, reqs, answers); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(reqs)), "ns/request")
}
