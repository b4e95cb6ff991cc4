package goals

import (
	"fmt"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// GoalOf returns the goal of objective o (Target or Beat) on rules r: for beat:S, from S's
// exact distribution of the final score, which it analyses.
func GoalOf(r *engine.Rules, o solver.Objective) (widget.Goal, error) {
	if o.Kind == solver.Target {
		return widget.Goal{From: o.Target, Upto: o.Target}, nil
	}
	fig, err := analyzeOpponent(o.Opponent, r, analysis.Options{Distribution: true})
	if err != nil {
		return widget.Goal{}, fmt.Errorf("%w: %s needs the exact distribution of the final score of %s: %w", solver.ErrObjective, o, o.Opponent, err)
	}
	return beatGoal(fig.DistMin, fig.Distribution), nil
}

// beatGoal returns the goal of beating an opponent whose final score is lo+i with
// probability d[i]: u(s) = P(opponent < s) + P(opponent = s)/2. Each u is summed from
// the side where it is small (the probabilities below s, or 1 less those above), so that
// neither tail loses its digits to the other; u is 1 from the first score from which
// every u rounds to 1 in float64 (past the opponent's best score at the latest).
func beatGoal(lo int, d []float64) widget.Goal {
	n := len(d)
	below, above := make([]float64, n), make([]float64, n)
	for i := 1; i < n; i++ {
		below[i] = below[i-1] + d[i-1]
	}
	for i := n - 2; i >= 0; i-- {
		above[i] = above[i+1] + d[i+1]
	}
	util := make([]float64, n)
	for i := range n {
		if below[i] <= above[i] {
			util[i] = below[i] + d[i]/2
		} else {
			util[i] = 1 - (above[i] + d[i]/2)
		}
	}
	upto := lo + n
	for upto > lo && util[upto-1-lo] == 1 {
		upto--
	}
	return widget.Goal{From: lo, Upto: upto, Utilities: util[:upto-lo]}
}

// analyzeOpponent analyses the opponent of beat:S on rules of one column: target:T with
// the scores so far, any other strategy as the analysis of one column does (beat:S is no
// opponent of beat:S).
func analyzeOpponent(name string, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	if o, err := solver.ParseObjective(name); err == nil && o.Kind == solver.Target {
		return AnalyzeGoal(o, r, opts)
	}
	return analysis.AnalyzeOneColumn(name, r, opts)
}
