package sim

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// MaxGames bounds the game indices of a run: game g draws from SplitMix64 outputs 4g to
// 4g+3 (gameSeeds), which must not wrap.
const MaxGames = 1 << 60

// Shard is one of N contiguous slices of the game indices 0 to Total−1 of a run: shard K
// (from 1) plays games Total·(K−1)/N to Total·K/N − 1, rounded down. Shards of a run,
// played apart (Config.Shard) and merged (summaryfile.MergeShards), give exactly the results of the
// whole run. The zero Shard is "not a shard": the results are of a run of their own.
type Shard struct {
	K, N  int
	Total int64
}

// IsZero reports whether s is the zero Shard: results not of a shard.
func (s Shard) IsZero() bool { return s == Shard{} }

// Check reports whether s is a valid shard: 1 ≤ K ≤ N ≤ Total ≤ MaxGames, so that every
// shard holds at least one game.
func (s Shard) Check() error {
	switch {
	case s.N < 1 || s.K < 1 || s.K > s.N:
		return fmt.Errorf("shard %d/%d: want K/N with 1 ≤ K ≤ N", s.K, s.N)
	case s.Total < 1 || s.Total > MaxGames:
		return fmt.Errorf("shard %d/%d of %d games: want 1 to %d games", s.K, s.N, s.Total, int64(MaxGames))
	case int64(s.N) > s.Total:
		return fmt.Errorf("%d shards of %d games: want at most one shard per game", s.N, s.Total)
	}
	return nil
}

// Range returns the first game index of the shard and its number of games. s must be
// valid (Check).
func (s Shard) Range() (first, games int64) {
	first = s.bound(s.K - 1)
	return first, s.bound(s.K) - first
}

// bound returns Total·k/N rounded down, without overflow: Total·k < 2^124.
func (s Shard) bound(k int) int64 {
	hi, lo := bits.Mul64(uint64(s.Total), uint64(k))
	q, _ := bits.Div64(hi, lo, uint64(s.N))
	return int64(q)
}

// String writes the shard as --shard takes it: "K/N".
func (s Shard) String() string { return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N) }

// Describe names the shard and the run it is of, for messages.
func (s Shard) Describe() string {
	if s.IsZero() {
		return "not a shard"
	}
	return fmt.Sprintf("shard %s of %d games", s, s.Total)
}

// ParseShard reads "K/N": the K-th (from 1) of N shards.
func ParseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	if ok {
		k, err = strconv.Atoi(ks)
	}
	if ok && err == nil {
		n, err = strconv.Atoi(ns)
	}
	if !ok || err != nil || k < 1 || n < 1 || k > n {
		return 0, 0, fmt.Errorf("shard %q: want K/N, the K-th of N slices of the games, with 1 ≤ K ≤ N (such as 2/8)", s)
	}
	return k, n, nil
}
