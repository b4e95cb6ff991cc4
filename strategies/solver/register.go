package solver

import (
	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

func init() {
	strategies.Register(objectiveInfo(Mean, "maximises the expected final score exactly, from a table solved by backward induction (cached on disk)"))
	strategies.Register(objectiveInfo(Objective{Kind: UpperBonus}, "maximises the probability of the upper bonus exactly, then the expected score once the bonus is earned or out of reach (a table cached on disk)"))
	strategies.RegisterFamily(strategies.Family{
		Prefix:      "risk",
		Syntax:      "risk:θ",
		Description: "maximises the certainty equivalent (1/θ)·ln E[exp(θ·score)] exactly: θ > 0 seeks risk, θ < 0 avoids it, risk:0 is optimal (a table per θ, cached on disk)",
		Info: func(param string) (strategies.Info, error) {
			o, err := ParseObjective("risk:" + param)
			if err != nil {
				return strategies.Info{}, err
			}
			if o == Mean {
				info, _ := strategies.Lookup("optimal")
				return info, nil
			}
			return objectiveInfo(o, o.Describe()), nil
		},
	})
}

// objectiveInfo is the registry's entry of the strategy that plays for objective o.
func objectiveInfo(o Objective, description string) strategies.Info {
	return strategies.Info{
		Name:        o.Strategy(),
		Description: description,
		Memory:      func(r *engine.Rules) (map[string]int64, error) { return TablesMemory(r, o) },
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			if len(r.Columns()) > 1 {
				// Several columns: the values of the product of the columns, the
				// decisions worked out turn by turn.
				if o != Mean {
					return nil, widget.RefuseColumns(r, o.String())
				}
				e := SharedFor(r, Mean)
				if e.Err != nil {
					return nil, e.Err
				}
				return newProductStrategy(e.Table), nil
			}
			p, err := PolicyFor(r, o)
			if err != nil {
				return nil, err
			}
			return NewStrategyFrom(p), nil
		},
	}
}
