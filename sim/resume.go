package sim

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

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
	case !slices.Equal(res.Names(), names):
		return fmt.Errorf("the checkpoint is of strategies %s, this run plays %s", strings.Join(res.Names(), ","), strings.Join(names, ","))
	case (len(res.Pairs) > 0) != (cfg.Pairs && len(names) > 1):
		if cfg.Pairs {
			return errors.New("the checkpoint does not compare the strategies in pairs (yams sim), this run does (yams compare)")
		}
		return errors.New("the checkpoint compares the strategies in pairs (yams compare), this run does not (yams sim)")
	case res.MeasuresRegret() != (cfg.Regret != nil):
		if cfg.Regret != nil {
			return errors.New("the checkpoint does not measure regret, this run does (--regret)")
		}
		return errors.New("the checkpoint measures regret (--regret), this run does not")
	case res.Shard != cfg.Shard:
		return fmt.Errorf("the checkpoint is %s, this run is %s", res.Shard.Describe(), cfg.Shard.Describe())
	case res.First != cfg.First:
		return fmt.Errorf("the checkpoint's games start at index %d, this run's at %d", res.First, cfg.First)
	case res.PlannedGames() != cfg.Games:
		return fmt.Errorf("the checkpoint is of a run of %d games, this run plays %d", res.PlannedGames(), cfg.Games)
	}
	for _, s := range res.Summaries {
		want := NewSummary(s.Strategy, cfg.Rules)
		if !slices.Equal(s.Columns, want.Columns) || !slices.Equal(s.Boxes, want.Boxes) || s.YahtzeeBox != want.YahtzeeBox {
			return fmt.Errorf("the checkpoint's sheet (%s: columns %s, boxes %s) is not that of the rules", s.Strategy, strings.Join(s.Columns, ","), strings.Join(s.Boxes, ","))
		}
	}
	return nil
}
