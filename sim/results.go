package sim

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"yams/engine"
	"yams/internal/provenance"
)

// Results are what a run found: one Summary per strategy, and how long it took.
type Results struct {
	Rules       string
	RulesHash   string
	RuleOptions []string
	// RuleSet is the rule set the games were played under (its name and hash are Rules
	// and RulesHash): every Results made by Run or read by summaryfile.Read has it.
	RuleSet *engine.Rules
	Seed    uint64
	// The results count games First to First+Games−1 of the seed. Planned is the
	// number of games the run set out to play from First: more than Games when it was
	// interrupted (Partial), and then the games played are still those of the first
	// indices. Shard is the shard of a larger run the results are of, if any.
	First     int64
	Games     int64
	Planned   int64
	Shard     Shard
	Summaries []*Summary
	// Pairs compares every two strategies game by game, A before B in the order of
	// Summaries, when Config.Pairs asked for it (nil otherwise).
	Pairs []*Pair

	// Provenance is the command that wrote the results (provenance.go), nil when it is
	// not known; Runs, when not that command alone played the games (a merge, a resume,
	// a report of a saved summary), the commands that played them. Neither is part of
	// what the games found: Merge and Run keep them aside from the counts, and the
	// checksum of a summary file does not cover them.
	Provenance *provenance.Record
	Runs       []provenance.Run

	// The timings are not part of the summary written as JSON: a summary is the same,
	// bit for bit, whenever and wherever its games are played. Resumed is the number of
	// games that came from Config.Resume, played by another run: the timings are those
	// of the other Games−Resumed.
	Resumed int64
	Workers int
	Setup   time.Duration   // building the strategies (their policy tables)
	Elapsed time.Duration   // playing
	Busy    []time.Duration // per strategy, the time the workers spent playing it
	// Outside is, per strategy, the processor time it took outside yams: that of an
	// external bot's processes (outsideTimer), zero for a built-in strategy.
	Outside []time.Duration
}

// outsideTimer is a batch strategy that runs outside yams (an external bot's process)
// and says, once closed, the processor time it took there.
type outsideTimer interface {
	OutsideTime() time.Duration
}

// GamesPerSecond returns the rate at which the run played strategy i: its games over the
// share of the elapsed time that the workers spent on it. Each worker times its part of
// each chunk strategy by strategy, so the time of a strategy is its own: a batch
// strategy's is the wait for its answers (an external bot's processes at work included),
// a built-in's its games. Both are of the wall clock, on processors that the workers
// share with the bots' processes: beside a bot, a built-in strategy plays slower than
// alone.
func (r *Results) GamesPerSecond(i int) float64 {
	var total time.Duration
	for _, b := range r.Busy {
		total += b
	}
	if r.Busy[i] <= 0 || r.Elapsed <= 0 {
		return math.Inf(1)
	}
	return float64(r.Games-r.Resumed) / (r.Elapsed.Seconds() * float64(r.Busy[i]) / float64(total))
}

// Partial reports whether the results are those of a run interrupted before its end:
// they count the first Games of the Planned games.
func (r *Results) Partial() bool { return r.Planned > r.Games }

// Merge adds the results of another run of the same rules, seed and strategies, of the
// slice of game indices just before or just after that of r (a shard, for instance).
// Of the two slices, the earlier must be complete (not Partial); the merged results are
// partial if the later one is. They are no longer of a shard (summaryfile.MergeShards checks that
// the shards of a run are all there).
func (r *Results) Merge(o *Results) error {
	names := (*Results).Names
	otherBot := checkSameBots(names(r), Bots(r.Summaries), Bots(o.Summaries), "one", "the other")
	otherStrategy := checkSameIdentities(names(r), Identities(r.Summaries), Identities(o.Summaries), "one", "the other")
	switch {
	case o.RulesHash != r.RulesHash:
		return fmt.Errorf("cannot merge results of different rules (%s %s, %s %s)", r.Rules, r.RulesHash, o.Rules, o.RulesHash)
	case o.Seed != r.Seed:
		return fmt.Errorf("cannot merge results of different seeds (%d, %d)", r.Seed, o.Seed)
	case !slices.Equal(names(r), names(o)):
		return fmt.Errorf("cannot merge results of different strategies (%v, %v)", names(r), names(o))
	case len(r.Pairs) != len(o.Pairs):
		return errors.New("cannot merge results with and without the paired comparison of the strategies")
	case otherBot != nil:
		return fmt.Errorf("cannot merge: %w", otherBot)
	case otherStrategy != nil:
		return fmt.Errorf("cannot merge: %w", otherStrategy)
	case o.First == r.First+r.Games && r.Partial(), r.First == o.First+o.Games && o.Partial():
		return errors.New("cannot merge results after partial results (an interrupted run): resume it first")
	case o.First != r.First+r.Games && r.First != o.First+o.Games:
		return fmt.Errorf("cannot merge games %d to %d with games %d to %d: the slices are not next to each other", r.First, r.First+r.Games-1, o.First, o.First+o.Games-1)
	}
	for i, p := range r.Pairs {
		if err := p.Merge(o.Pairs[i]); err != nil {
			return err
		}
	}
	for i, s := range r.Summaries {
		if err := s.merge(o.Summaries[i]); err != nil {
			return err
		}
		s.trim()
	}
	// Who played which games: both sides' runs. The writer of the merged results is
	// whoever writes them next (WrittenBy).
	r.Runs = joinRuns(r.PlayedBy(), o.PlayedBy())
	r.Provenance = nil
	r.First = min(r.First, o.First)
	r.Planned = r.PlannedGames() + o.PlannedGames() // the earlier slice is complete
	r.Games += o.Games
	r.Resumed += o.Resumed
	r.Shard = Shard{}
	r.Elapsed += o.Elapsed
	r.Setup += o.Setup
	for i := range r.Busy {
		if i < len(o.Busy) {
			r.Busy[i] += o.Busy[i]
		}
	}
	for i := range r.Outside {
		if i < len(o.Outside) {
			r.Outside[i] += o.Outside[i]
		}
	}
	return nil
}

// Names returns the strategies of the results, in order.
func (r *Results) Names() []string {
	var n []string
	for _, s := range r.Summaries {
		n = append(n, s.Strategy)
	}
	return n
}

// PlannedGames returns the games the results set out to play (Games when they are complete).
func (r *Results) PlannedGames() int64 { return max(r.Planned, r.Games) }

// Clone returns a deep copy of the counts of r, with its timings.
func (r *Results) Clone() *Results {
	c := *r
	c.RuleOptions = slices.Clone(r.RuleOptions)
	c.Runs = slices.Clone(r.Runs)
	c.Busy = slices.Clone(r.Busy)
	c.Outside = slices.Clone(r.Outside)
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
