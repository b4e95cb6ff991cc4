package summaryfile

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"yams/sim"
)

// MergeShards adds up the results of the N shards of a run (sim.Config.Shard), given in any
// order, into the results of the whole run: exactly those of one run of all the games.
// names[i] names parts[i] (a file) in the errors. It refuses results that do not belong
// together (other rules, seed, strategies or comparison in pairs; shards of another
// split or another number of games), shards given twice or missing, and partial shards
// (interrupted runs, to be resumed first). Results that are not a shard count as shard
// 1/1 of their games when they start at game 0. The parts are not changed.
func MergeShards(names []string, parts []*sim.Results) (*sim.Results, error) {
	if len(parts) == 0 {
		return nil, errors.New("no results to merge")
	}
	if len(names) != len(parts) {
		return nil, errors.New("merge: a name for every part")
	}
	shardOf := func(r *sim.Results) sim.Shard {
		if r.Shard.IsZero() && r.First == 0 {
			return sim.Shard{K: 1, N: 1, Total: r.PlannedGames()}
		}
		return r.Shard
	}
	first, s0 := parts[0], shardOf(parts[0])
	// The shards given, by index: never a slot per claimed shard, since N comes from the
	// files (a shard of 2^60 one-game shards is a valid file).
	byK := make(map[int]int, len(parts)) // the index in parts of shard K
	// The bot and the identity of each strategy, as the first part that records it says,
	// and that part.
	known, knownIn := make([]*sim.BotIdentity, len(first.Summaries)), make([]string, len(first.Summaries))
	identity, identityIn := make([]string, len(first.Summaries)), make([]string, len(first.Summaries))
	for i, p := range parts {
		s := shardOf(p)
		switch {
		case p.Partial():
			return nil, fmt.Errorf("%s: partial: %d of %d games of %s (an interrupted run: resume it, --resume, before merging)", names[i], p.Games, p.Planned, s.Describe())
		case s.IsZero():
			return nil, fmt.Errorf("%s: games %d to %d, not a shard of a run (--shard K/N)", names[i], p.First, p.First+p.Games-1)
		case p.RulesHash != first.RulesHash:
			return nil, fmt.Errorf("%s: rules %s (hash %s), %s has %s (hash %s)", names[i], p.Rules, p.RulesHash, names[0], first.Rules, first.RulesHash)
		case p.Seed != first.Seed:
			return nil, fmt.Errorf("%s: seed %d, %s has seed %d", names[i], p.Seed, names[0], first.Seed)
		case !slices.Equal(p.Names(), first.Names()):
			return nil, fmt.Errorf("%s: strategies %s, %s has %s", names[i], strings.Join(p.Names(), ","), names[0], strings.Join(first.Names(), ","))
		case len(p.Pairs) != len(first.Pairs):
			return nil, fmt.Errorf("%s: %d paired comparisons, %s has %d (yams compare and yams sim do not merge)", names[i], len(p.Pairs), names[0], len(first.Pairs))
		case p.MeasuresRegret() != first.MeasuresRegret():
			return nil, fmt.Errorf("%s and %s: one measures regret (--regret), the other does not", names[i], names[0])
		case s.N != s0.N || s.Total != s0.Total:
			return nil, fmt.Errorf("%s: %s, %s is %s: not shards of the same run", names[i], s.Describe(), names[0], s0.Describe())
		}
		for j, sm := range p.Summaries {
			switch {
			case sm.Bot == nil:
			case known[j] == nil:
				known[j], knownIn[j] = sm.Bot, names[i]
			case !known[j].Equal(sm.Bot):
				return nil, &sim.OtherBotError{Strategy: sm.Strategy, In: knownIn[j], OtherIn: names[i], Bot: known[j], Other: sm.Bot}
			}
			switch {
			case sm.Identity == "":
			case identity[j] == "":
				identity[j], identityIn[j] = sm.Identity, names[i]
			case identity[j] != sm.Identity:
				return nil, &sim.OtherStrategyError{Strategy: sm.Strategy, In: identityIn[j], OtherIn: names[i], Identity: identity[j], Other: sm.Identity}
			}
		}
		if err := s.Check(); err != nil {
			return nil, fmt.Errorf("%s: %w", names[i], err)
		}
		if j, dup := byK[s.K]; dup {
			return nil, fmt.Errorf("%s and %s are both shard %s: they overlap", names[j], names[i], s)
		}
		if f, g := s.Range(); p.First != f || p.Games != g {
			return nil, fmt.Errorf("%s: games %d to %d, shard %s of %d games is games %d to %d", names[i], p.First, p.First+p.Games-1, s, s.Total, f, f+g-1)
		}
		byK[s.K] = i
	}
	// The shards in order; the first index missing is the first that is not its rank.
	ks := slices.Sorted(maps.Keys(byK))
	if len(ks) != s0.N {
		k := len(ks) + 1
		for i, kk := range ks {
			if kk != i+1 {
				k = i + 1
				break
			}
		}
		s := sim.Shard{K: k, N: s0.N, Total: s0.Total}
		f, g := s.Range()
		return nil, fmt.Errorf("shard %s (games %d to %d) is missing", s, f, f+g-1)
	}
	out := parts[byK[ks[0]]].Clone()
	for _, k := range ks[1:] {
		if err := out.Merge(parts[byK[k]]); err != nil {
			return nil, fmt.Errorf("%s: %w", names[byK[k]], err)
		}
	}
	out.Shard = sim.Shard{}
	return out, nil
}
