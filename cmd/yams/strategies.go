package main

// Choosing the strategies of a run and building them.


import (
	"errors"
	"fmt"
	"strings"

	"yams/engine"
	"yams/strategies"
)

// resolveStrategies returns the strategies named by --strategy or, without it, every
// heuristic and optimal when it is registered.
func resolveStrategies(names []string, named bool) ([]strategies.Info, error) {
	var infos []strategies.Info
	if !named {
		for _, info := range strategies.All() {
			if info.Heuristic {
				infos = append(infos, info)
			}
		}
		if info, ok := strategies.Lookup("optimal"); ok && !info.Heuristic {
			infos = append(infos, info)
		}
		return infos, nil
	}
	if len(names) == 0 {
		return nil, usagef("sim: --strategy: no strategy given (strategies: %s)", strings.Join(strategies.Names(), ", "))
	}
	for _, n := range names {
		n = strings.TrimSpace(n)
		info, ok := strategies.Lookup(n)
		if !ok {
			return nil, usagef("sim: unknown strategy %q (strategies: %s)", n, strings.Join(strategies.Names(), ", "))
		}
		for _, o := range infos {
			if o.Name == n {
				return nil, usagef("sim: strategy %s given twice", n)
			}
		}
		infos = append(infos, info)
	}
	return infos, nil
}

// buildStrategies builds each strategy once for the rules. A strategy that cannot play
// them is an error when it was named, and left out with a note when it was a default.
func buildStrategies(rules *engine.Rules, infos []strategies.Info, named bool) ([]strategies.Info, []strategies.Strategy, []string, error) {
	var (
		kept  []strategies.Info
		built []strategies.Strategy
		notes []string
	)
	for _, info := range infos {
		st, err := info.New(rules)
		if err != nil {
			if named {
				return nil, nil, nil, badInput(fmt.Errorf("sim: strategy %s: %w", info.Name, err))
			}
			notes = append(notes, fmt.Sprintf("sim: %s left out: %v", info.Name, err))
			continue
		}
		kept = append(kept, info)
		built = append(built, st)
	}
	if len(kept) == 0 {
		return nil, nil, nil, badInput(errors.New("sim: no strategy can play these rules"))
	}
	return kept, built, notes, nil
}

// lookupStrategies finds the named strategies; distinct says a strategy may be named
// once only (a comparison), not several times (a table).
func lookupStrategies(names []string, distinct bool) ([]strategies.Info, error) {
	var infos []strategies.Info
	for _, n := range names {
		n = strings.TrimSpace(n)
		info, ok := strategies.Lookup(n)
		if !ok {
			return nil, usagef("compare: unknown strategy %q (strategies: %s)", n, strings.Join(strategies.Names(), ", "))
		}
		for _, o := range infos {
			if distinct && o.Name == n {
				return nil, usagef("compare: strategy %s given twice", n)
			}
		}
		infos = append(infos, info)
	}
	return infos, nil
}
