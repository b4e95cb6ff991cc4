package optimal

import (
	"yams/engine"
	"yams/strategies"
)

// NewStrategy returns the optimal strategy of the rules a table solves (or, for a table of
// risk:θ or bonus, the strategy that plays for it). Strategies built from the same table
// share its decision cache; on a sheet of several columns, each works its turns out from
// the values. A table of target:T or beat:S has no decisions to share: its strategy is
// strategies.New("target:T", rules), and NewStrategy panics on it.
func NewStrategy(t *Table) strategies.Strategy {
	if t.gv != nil {
		panic("optimal: NewStrategy of a table of " + t.Objective().String() + ", which plays through strategies.New")
	}
	if t.pc != nil {
		return newProductStrategy(t)
	}
	return newStrategyFrom(policyOf(t))
}

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
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			if len(r.Columns()) > 1 {
				// Several columns: the values of the product of the columns, the
				// decisions worked out turn by turn.
				if o != Mean {
					return nil, errColumns(r, o.String())
				}
				e := sharedFor(r, Mean)
				if e.err != nil {
					return nil, e.err
				}
				return newProductStrategy(e.t), nil
			}
			p, err := policyFor(r, o)
			if err != nil {
				return nil, err
			}
			return newStrategyFrom(p), nil
		},
	}
}
