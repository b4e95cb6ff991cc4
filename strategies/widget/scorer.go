package widget

import (
	"math"
	"slices"
)

// ScoreBound bounds the size of the final score and of the points still to come in any
// state: every box's best score (a joker's included), the upper bonus, an extra bonus
// for every box.
func (sp *Space) ScoreBound() int {
	n := sp.UpperBonus + sp.NumBoxes*sp.ExtraBonus
	for b := range sp.NumBoxes {
		n += slices.Max(sp.BoxScores(b))
	}
	return n
}

// scorer is what scoring a box is worth under an objective other than the mean, for
// the widget: the reward of the points gained and how it combines with the next state's
// value. For risk:θ, exp(θ·reward) times the next state's value; for the bonus, 1 when
// the box brings the upper subtotal to the threshold plus the next state's probability.
type scorer struct {
	// risk: the objective is risk:θ (else the bonus); expReward[x-rewardLo] is exp(θ·x)
	// for every reward x a box can bring.
	risk      bool
	expReward []float64
	rewardLo  int
}

// NewRiskScorer returns the scorer of risk:θ on sp.
func NewRiskScorer(sp *Space, theta float64) *scorer {
	hi := sp.ScoreBound()
	sc := &scorer{risk: true, rewardLo: -hi, expReward: make([]float64, 2*hi+1)}
	for i := range sc.expReward {
		sc.expReward[i] = math.Exp(theta * float64(i+sc.rewardLo))
	}
	return sc
}

// BonusScorer is the scorer of the upper bonus.
var BonusScorer = &scorer{}

// Settled reports whether lane subtotal u of a sheet with mask filled has the bonus
// decided: earned (u at the threshold, where the solver caps it) or out of reach (the
// merged subtotal 0). There the bonus objective is indifferent to every option.
func (sp *Space) Settled(mask uint32, u int) bool {
	if u >= sp.threshold {
		return true
	}
	return u == 0 && sp.Merged && sp.DeadBelow[sp.Up(mask)] > 0
}

// scoreValues is widget.scoreValues under the objective: dst[i] is the value of scoring
// pts in box b (reward points, the extra bonus included) from subtotal lanes[i], next
// the values of the group the box leads to.
func (sc *scorer) scoreValues(sp *Space, mask uint32, b, pts, reward int, next []float64, lanes []uint16, dst []float64) {
	upper := sp.UpperMask&(1<<b) != 0
	dead := 0
	if upper && sp.Merged {
		dead = sp.DeadBelow[sp.Up(mask|1<<b)]
	}
	for i, u := range lanes {
		t, bonus := int(u), 0
		if upper {
			t, bonus = sp.UpperStep(t, pts, dead)
		}
		if sc.risk {
			dst[i] = sc.expReward[reward+bonus-sc.rewardLo] * next[t]
		} else if bonus != 0 {
			dst[i] = 1 + next[t]
		} else {
			dst[i] = next[t]
		}
	}
}
