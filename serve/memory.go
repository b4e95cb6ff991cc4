package serve

import (
	"errors"
	"slices"
	"sync"

	"yams/internal/memlimit"
	"yams/strategies/optimal"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// What a rule set holds besides its opponents' strategies, named among the uses of
// budget.admit.
const (
	useCoach   = "the coach" // the values of its positions and the pool of their valuers
	useChances = "win"       // win's distributions and the pool of its analysts
)

// budget holds what the rule sets of a server hold in memory, estimated before each
// thing is loaded, so that what one rule set loads is checked, with all that the other
// rule sets already hold, against --max-memory (memlimit): a server keeps every table it
// has loaded until it stops, for the games to come.
type budget struct {
	mu   sync.Mutex
	held map[*ruleSet]int64
	uses map[*ruleSet][]string
}

func newBudget() *budget {
	return &budget{held: map[*ruleSet]int64{}, uses: map[*ruleSet][]string{}}
}

// admit checks, before rule set rs loads what use needs (useCoach, useChances or the
// name of an opponent's strategy), that the process stays within the budget: rs's tables
// estimated with use among its uses (optimal.PlayMemory, which counts each table once
// and what each pooled object adds, poolSize of them), plus what the other rule sets
// hold and the process itself. It records the use once admitted.
func (b *budget) admit(rs *ruleSet, what, use string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	uses := b.uses[rs]
	if !slices.Contains(uses, use) {
		uses = append(slices.Clone(uses), use)
	}
	need, err := ruleSetMemory(rs, uses)
	if err != nil {
		return err
	}
	total := memlimit.Sum(memlimit.Process, need)
	others := false
	for other, n := range b.held {
		if other != rs && n > 0 {
			total, others = memlimit.Sum(total, n), true
		}
	}
	if others {
		what += " with the tables of the other rule sets"
	}
	if err := memlimit.Check(what, total); err != nil {
		return err
	}
	b.held[rs], b.uses[rs] = need, uses
	return nil
}

// ruleSetMemory estimates what rule set rs holds for uses, without the process itself.
// The coach reads the exact table with an evaluator per valuer, as the regret of a run
// does, or, on a sheet without an exact solve, the tables of column-tables.
func ruleSetMemory(rs *ruleSet, uses []string) (int64, error) {
	var names []string
	regret := false
	for _, u := range uses {
		switch u {
		case useCoach:
			_, err := solver.TablesMemory(rs.Rules, solver.Mean)
			switch {
			case err == nil:
				regret = true
			case errors.Is(err, widget.ErrColumns):
				names = append(names, "column-tables")
			default:
				return 0, err
			}
		default:
			names = append(names, u)
		}
	}
	shared, perWorker, err := optimal.PlayMemory(rs.Rules, names, regret)
	if err != nil {
		return 0, err
	}
	return memlimit.Sum(shared-memlimit.Process, memlimit.Mul(perWorker, int64(poolSize))), nil
}
