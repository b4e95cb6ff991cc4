package sim

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// MaxGames bounds the game indices of a run: game g draws from SplitMix64 outputs 4g to
// 4g+3 (GameSeeds), which must not wrap.
const MaxGames = 1 << 60

// Shard is one of N contiguous slices of the game indices 0 to Total−1 of a run: shard K
// (from 1) plays games Total·(K−1)/N to Total·K/N − 1, rounded down. Shards of a run,
// played apart (Config.Shard) and merged (MergeShards), give exactly the results of the
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

// describe names the shard and the run it is of, for messages.
func (s Shard) describe() string {
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

// names returns the strategies of the results, in order.
func (r *Results) names() []string {
	var n []string
	for _, s := range r.Summaries {
		n = append(n, s.Strategy)
	}
	return n
}

// planned returns the games the results set out to play (Games when they are complete).
func (r *Results) planned() int64 { return max(r.Planned, r.Games) }

// CheckResume reports whether res, the results of a checkpoint (or of an interrupted
// run), are of the run cfg describes, so that Run may continue them (Config.Resume): the
// same rules (by hash), seed, strategies in the same order, comparison in pairs, shard,
// first game and number of games. The error names the first difference, in one line.
func CheckResume(cfg Config, res *Results) error {
	var names []string
	for _, s := range cfg.Strategies {
		names = append(names, s.Name)
	}
	switch {
	case cfg.Rules == nil:
		return errors.New("no rules")
	case res.RulesHash != cfg.Rules.Hash():
		return fmt.Errorf("the checkpoint is of rules %s (hash %s), this run plays %s (hash %s)", res.Rules, res.RulesHash, cfg.Rules.Name(), cfg.Rules.Hash())
	case res.Seed != cfg.Seed:
		return fmt.Errorf("the checkpoint is of seed %d, this run's seed is %d", res.Seed, cfg.Seed)
	case !slices.Equal(res.names(), names):
		return fmt.Errorf("the checkpoint is of strategies %s, this run plays %s", strings.Join(res.names(), ","), strings.Join(names, ","))
	case (len(res.Pairs) > 0) != (cfg.Pairs && len(names) > 1):
		if cfg.Pairs {
			return errors.New("the checkpoint does not compare the strategies in pairs (yams sim), this run does (yams compare)")
		}
		return errors.New("the checkpoint compares the strategies in pairs (yams compare), this run does not (yams sim)")
	case res.Shard != cfg.Shard:
		return fmt.Errorf("the checkpoint is %s, this run is %s", res.Shard.describe(), cfg.Shard.describe())
	case res.First != cfg.First:
		return fmt.Errorf("the checkpoint's games start at index %d, this run's at %d", res.First, cfg.First)
	case res.planned() != cfg.Games:
		return fmt.Errorf("the checkpoint is of a run of %d games, this run plays %d", res.planned(), cfg.Games)
	}
	for _, s := range res.Summaries {
		want := NewSummary(s.Strategy, cfg.Rules)
		if !slices.Equal(s.Columns, want.Columns) || !slices.Equal(s.Boxes, want.Boxes) || s.YahtzeeBox != want.YahtzeeBox {
			return fmt.Errorf("the checkpoint's sheet (%s: columns %s, boxes %s) is not that of the rules", s.Strategy, strings.Join(s.Columns, ","), strings.Join(s.Boxes, ","))
		}
	}
	return nil
}

// MergeShards adds up the results of the N shards of a run (Config.Shard), given in any
// order, into the results of the whole run: exactly those of one run of all the games.
// names[i] names parts[i] (a file) in the errors. It refuses results that do not belong
// together (other rules, seed, strategies or comparison in pairs; shards of another
// split or another number of games), shards given twice or missing, and partial shards
// (interrupted runs, to be resumed first). Results that are not a shard count as shard
// 1/1 of their games when they start at game 0. The parts are not changed.
func MergeShards(names []string, parts []*Results) (*Results, error) {
	if len(parts) == 0 {
		return nil, errors.New("no results to merge")
	}
	if len(names) != len(parts) {
		return nil, errors.New("merge: a name for every part")
	}
	shardOf := func(r *Results) Shard {
		if r.Shard.IsZero() && r.First == 0 {
			return Shard{1, 1, r.planned()}
		}
		return r.Shard
	}
	first, s0 := parts[0], shardOf(parts[0])
	byK := make([]int, s0.N+1) // byK[k] is 1 + the index of shard k in parts
	for i, p := range parts {
		s := shardOf(p)
		switch {
		case p.Partial():
			return nil, fmt.Errorf("%s: partial: %d of %d games of %s (an interrupted run: resume it, --resume, before merging)", names[i], p.Games, p.Planned, s.describe())
		case s.IsZero():
			return nil, fmt.Errorf("%s: games %d to %d, not a shard of a run (--shard K/N)", names[i], p.First, p.First+p.Games-1)
		case p.RulesHash != first.RulesHash:
			return nil, fmt.Errorf("%s: rules %s (hash %s), %s has %s (hash %s)", names[i], p.Rules, p.RulesHash, names[0], first.Rules, first.RulesHash)
		case p.Seed != first.Seed:
			return nil, fmt.Errorf("%s: seed %d, %s has seed %d", names[i], p.Seed, names[0], first.Seed)
		case !slices.Equal(p.names(), first.names()):
			return nil, fmt.Errorf("%s: strategies %s, %s has %s", names[i], strings.Join(p.names(), ","), names[0], strings.Join(first.names(), ","))
		case len(p.Pairs) != len(first.Pairs):
			return nil, fmt.Errorf("%s: %d paired comparisons, %s has %d (yams compare and yams sim do not merge)", names[i], len(p.Pairs), names[0], len(first.Pairs))
		case s.N != s0.N || s.Total != s0.Total:
			return nil, fmt.Errorf("%s: %s, %s is %s: not shards of the same run", names[i], s.describe(), names[0], s0.describe())
		case byK[s.K] != 0:
			return nil, fmt.Errorf("%s and %s are both shard %s: they overlap", names[byK[s.K]-1], names[i], s)
		}
		if f, g := s.Range(); p.First != f || p.Games != g {
			return nil, fmt.Errorf("%s: games %d to %d, shard %s of %d games is games %d to %d", names[i], p.First, p.First+p.Games-1, s, s.Total, f, f+g-1)
		}
		byK[s.K] = i + 1
	}
	for k := 1; k <= s0.N; k++ {
		if byK[k] == 0 {
			s := Shard{k, s0.N, s0.Total}
			f, g := s.Range()
			return nil, fmt.Errorf("shard %s (games %d to %d) is missing", s, f, f+g-1)
		}
	}
	var out *Results
	for k := 1; k <= s0.N; k++ {
		p := parts[byK[k]-1]
		if out == nil {
			out = p.clone()
			continue
		}
		if err := out.Merge(p); err != nil {
			return nil, fmt.Errorf("%s: %w", names[byK[k]-1], err)
		}
	}
	out.Shard = Shard{}
	return out, nil
}

// clone returns a deep copy of the counts of r, with its timings.
func (r *Results) clone() *Results {
	c := *r
	c.RuleOptions = slices.Clone(r.RuleOptions)
	c.Busy = slices.Clone(r.Busy)
	c.Summaries = nil
	for _, s := range r.Summaries {
		c.Summaries = append(c.Summaries, s.clone())
	}
	c.Pairs = nil
	for _, p := range r.Pairs {
		q := *p
		c.Pairs = append(c.Pairs, &q)
	}
	return &c
}

// clone returns a deep copy of s.
func (s *Summary) clone() *Summary {
	c := *s
	c.Columns = slices.Clone(s.Columns)
	c.Boxes = slices.Clone(s.Boxes)
	c.Scores.Counts = slices.Clone(s.Scores.Counts)
	c.ExtraBonuses.Counts = slices.Clone(s.ExtraBonuses.Counts)
	c.UpperBonus = slices.Clone(s.UpperBonus)
	c.UpperSubtotal = nil
	for _, h := range s.UpperSubtotal {
		c.UpperSubtotal = append(c.UpperSubtotal, Histogram{Min: h.Min, Counts: slices.Clone(h.Counts)})
	}
	c.Slots = slices.Clone(s.Slots)
	for i := range c.Slots {
		c.Slots[i].FillTurn = slices.Clone(s.Slots[i].FillTurn)
	}
	return &c
}
