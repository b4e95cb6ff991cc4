package sim

import (
	"iter"
	"sync"
)

// Frontier is where the committed prefix of a run ends: every game before at has been
// played by a chunk that finished. Workers finish chunks out of order; a chunk past the
// frontier waits (Pending) until the chunks before it are done. When a chunk fails
// (a strategy broke a rule, a bot stopped answering), the frontier never passes it, so
// the results of a stopped run are always those of its first games, whatever happened
// after.
type Frontier struct {
	mu   sync.Mutex
	at   int64
	done map[int64]int64 // finished chunks past at, by first game: their end
}

// NewFrontier returns the frontier of a run that has played none of its games.
func NewFrontier() *Frontier { return &Frontier{done: map[int64]int64{}} }

// Finish records that games [lo, hi) are played and returns the frontier.
func (f *Frontier) Finish(lo, hi int64) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	if lo != f.at {
		f.done[lo] = hi
		return f.at
	}
	f.at = hi
	for {
		next, ok := f.done[f.at]
		if !ok {
			return f.at
		}
		delete(f.done, f.at)
		f.at = next
	}
}

// Get returns the frontier.
func (f *Frontier) Get() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.at
}

// Pending holds the counts C of the chunks a worker finished past the frontier,
// until the frontier passes them, and the storage of those committed since, for reuse:
// Run's workers and RunTable's commit their chunks alike.
type Pending[C any] struct {
	chunks []pendingChunk[C]
	spare  []C
}

// pendingChunk is the counts of the games lo to hi−1, finished, waiting for the frontier.
type pendingChunk[C any] struct {
	lo, hi int64
	counts C
}

// ChunkCounts is what Pending.commit needs of a worker's counts of type C.
type ChunkCounts[C any] interface {
	// CommitInPlay adds the counts of the chunk in play to the committed ones, and
	// empties them for the next chunk.
	CommitInPlay()
	// ParkInPlay returns the counts of the chunk in play, to wait for the frontier, and
	// plays on with those of spare, emptied, or with new empty ones when reuse is false.
	ParkInPlay(spare C, reuse bool) C
	// CommitCounts adds the counts of a pending chunk to the committed ones.
	CommitCounts(c C)
}

// commit hands the chunk just played, games [lo, hi), to the committed counts if the
// frontier has passed it, or keeps it pending; and commits the pending chunks the
// frontier has passed since.
func (q *Pending[C]) Commit(lo, hi, front int64, w ChunkCounts[C]) {
	if hi <= front {
		w.CommitInPlay()
	} else {
		var spare C
		n := len(q.spare)
		if n > 0 {
			spare = q.spare[n-1]
			q.spare = q.spare[:n-1]
		}
		q.chunks = append(q.chunks, pendingChunk[C]{lo: lo, hi: hi, counts: w.ParkInPlay(spare, n > 0)})
	}
	kept := q.chunks[:0]
	for _, c := range q.chunks {
		if c.hi > front {
			kept = append(kept, c)
			continue
		}
		w.CommitCounts(c.counts)
		q.spare = append(q.spare, c.counts)
	}
	q.chunks = kept
}

// passed yields the counts of the pending chunks that end by end, the frontier of a run
// that is over: those it passed after the worker's last commit.
func (q *Pending[C]) Passed(end int64) iter.Seq[C] {
	return func(yield func(C) bool) {
		for _, c := range q.chunks {
			if c.hi <= end && !yield(c.counts) {
				return
			}
		}
	}
}
