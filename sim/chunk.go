package sim

import (
	"time"

	"yams/strategies"
)

// The counts of a chunk of games are played into a Summary of their own, added to the
// worker's committed counts once the chunk is committed (Run); these empty them for reuse.

// clear empties the counts of s, keeping its storage and shape.
func (s *Summary) clear() {
	s.Games, s.YahtzeeScored, s.JokerGames = 0, 0, 0
	clear(s.Scores.Counts)
	clear(s.ExtraBonuses.Counts)
	clear(s.UpperBonus)
	for c := range s.UpperSubtotal {
		clear(s.UpperSubtotal[c].Counts)
	}
	for i := range s.Slots {
		sl := &s.Slots[i]
		sl.Sum, sl.Zeros, sl.Jokers = 0, 0, 0
		clear(sl.FillTurn)
	}
	s.Blocks = [len(s.Blocks)]BlockSums{}
	if s.Regret != nil {
		s.Regret.Clear()
	}
}

// empty returns an empty summary of the same shape as s (histograms of the same ranges).
func (s *Summary) empty() *Summary {
	c := s.clone()
	c.clear()
	return c
}

// clear empties the counts of p.
func (p *Pair) clear() { *p = Pair{A: p.A, B: p.B} }

// chunkSizer chooses how many games a worker takes at once: enough that taking a chunk
// costs nothing, few enough that a chunk lasts tens of milliseconds whatever the speed of
// the strategies (several-column sheets are slow), so that a checkpoint, an interruption
// or the progress line never waits long. A batch strategy (an external bot, target:T)
// gets chunks of the games it asks to play together (Info.BatchGames), the most any asks,
// or an eighth of a worker's share of the run if that is fewer; each is asked at most its
// own number of requests at once (BatchGames.window), so an external bot beside target:T
// still gets 1,024.
type chunkSizer struct {
	min, max int64
	batch    int64 // the chunk of a run with a batch strategy; 0 without one
}

const (
	chunkTarget = 20 * time.Millisecond
	maxChunk    = 4096
	BatchChunk  = 1024 // the games played together for a batch strategy that does not say
)

func newChunkSizer(cfg *Config, games int64, workers int) chunkSizer {
	share := games / int64(8*max(1, workers))
	c := chunkSizer{min: 16, max: max(1, min(maxChunk, share))}
	c.min = min(c.min, c.max)
	if together := MostTogether(cfg.Strategies); together > 0 {
		c.batch = min(together, max(c.min, share))
	}
	return c
}

// GamesTogether is the number of games a batch strategy plays together.
func GamesTogether(info strategies.Info) int64 {
	if info.BatchGames > 0 {
		return int64(info.BatchGames)
	}
	return BatchChunk
}

// MostTogether is the most games any batch strategy of infos plays together, 0 if none
// is a batch strategy: the chunk of a run or a table run that has one.
func MostTogether(infos []strategies.Info) int64 {
	most := int64(0)
	for _, info := range infos {
		if info.NewBatch != nil {
			most = max(most, GamesTogether(info))
		}
	}
	return most
}

// first is the size of a worker's first chunk.
func (c chunkSizer) first() int64 {
	if c.batch > 0 {
		return c.batch
	}
	return c.min
}

// next is the size of the chunk after one of n games that took d.
func (c chunkSizer) next(n int64, d time.Duration) int64 {
	if c.batch > 0 {
		return c.batch
	}
	if d <= 0 {
		return c.max
	}
	size := int64(float64(n) * float64(chunkTarget) / float64(d))
	return max(c.min, min(c.max, size))
}
