package main

// What compare --players adds at a table where a player plays win: what win assumes of
// the others, and the analysis of its decisions for --out.

import (
	"fmt"
	"io"
	"slices"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/tableplay"
)

// winAnalyst returns the maker of the analysts of a table where a player plays win (for
// --out: its decisions against optimal's, and the chances along a game), or nil.
func winAnalyst(rules *engine.Rules, infos []strategies.Info) func() (strategies.TableAnalyst, error) {
	var names []string
	seated := false
	for _, info := range infos {
		names = append(names, info.Name)
		seated = seated || info.Name == "win"
	}
	first := slices.IndexFunc(infos, func(i strategies.Info) bool { return i.Table })
	if !seated || infos[first].Name != "win" || len(rules.Columns()) > 1 {
		// On several columns win plays from estimates, and its decisions are not analysed
		// against an exact strategy's.
		return nil
	}
	return func() (strategies.TableAnalyst, error) { return tableplay.NewWinAnalyst(rules, names) }
}

// printWinAssumes says how win expects each other player of the table to play, where it
// is not as they do.
func printWinAssumes(w io.Writer, c console, rules *engine.Rules, infos []strategies.Info) {
	if !slices.ContainsFunc(infos, func(i strategies.Info) bool { return i.Name == "win" }) {
		return
	}
	var seen []string
	for i, info := range infos {
		if slices.Contains(seen, info.Name) {
			continue
		}
		seen = append(seen, info.Name)
		if info.Name == "win" && !slices.ContainsFunc(infos[i+1:], func(o strategies.Info) bool { return o.Name == "win" }) {
			continue // the one player of win: its own play is not a model
		}
		as, why, err := tableplay.WinAssumes(rules, info.Name)
		if err != nil || as == "" {
			continue
		}
		fmt.Fprintln(w, c.f("win expects %s to play the rest of a game as %s does: %s", info.Name, as, c.t(why)))
	}
}
