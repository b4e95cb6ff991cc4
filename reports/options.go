package reports

import (
	"slices"
	"yams/engine"
	"yams/strategies"
)

// Options choose how a report is written.
type Options struct {
	// Lang is the language of the labels: "en" (the default) or "fr".
	Lang string
	// Rules, when given, replace the rule set the results carry (sim.Results.RuleSet),
	// and must have the results' hash.
	Rules *engine.Rules
	// Bots are the names of the strategies that are external bots, drawn as bots
	// whatever their names (ExternalBots gives them): a table's results do not say
	// which players are bots, a run's summaries do (sim.Summary.Bot).
	Bots []string
}

// ExternalBots returns the names of the external bots among strategies: those played
// through a batch alone, with no strategy of one game at a time (strategies.Info).
func ExternalBots(infos []strategies.Info) []string {
	var names []string
	for _, info := range infos {
		if info.New == nil && info.NewBatch != nil && !slices.Contains(names, info.Name) {
			names = append(names, info.Name)
		}
	}
	return names
}
