package solver

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/widget"
)

// ObjectiveKind is what a strategy of this package maximises.
type ObjectiveKind int

const (
	// MeanScore maximises the expected final score: the strategy "optimal".
	MeanScore ObjectiveKind = iota
	// Risk maximises the certainty equivalent (1/θ)·ln E[exp(θ·score)]: for θ > 0
	// (seeking risk) E[exp(θ·score)], for θ < 0 (averse to it) −E[exp(θ·score)].
	Risk
	// UpperBonus maximises the probability of the upper bonus.
	UpperBonus
	// Target maximises the probability that the final score reaches Target points.
	Target
	// Beat maximises the probability of beating an opponent who plays strategy Opponent on
	// their own dice, a tie counting half.
	Beat
)

// Objective is what a solve maximises: its kind and, for Risk, θ (in 1/points).
//
// Every objective is solved in the same state space by the same widget and kernels as
// the mean: a state's value is, for Risk, V = sign(θ)·E[exp(θ·points still to come)],
// for UpperBonus the probability of earning the bonus still to come. Both are
// expectations, so a chance node is the same weighted mean as for the expected score
// and a choice the same maximum (for θ < 0, the sign makes the maximum of V the minimum
// of E[exp(θ·rest)]); only what scoring a box is worth changes: exp(θ·reward) times the
// next state's V for Risk (rewards multiply under the exponential), 1 when the box
// brings the upper subtotal to the threshold plus the next state's probability for
// UpperBonus. θ = 0 is the mean itself.
//
// Target and Beat are not expectations of a sum of per-turn terms: they are expectations
// of a function of the final score (a step at T; the opponent's distribution function),
// so a turn's worth depends on the points already scored. They are solved over (state,
// score so far) pairs (target.go), by the same widget and kernels, whose lanes are then
// those pairs.
type Objective struct {
	Kind  ObjectiveKind
	Theta float64
	// Target is the score to reach, for the kind Target.
	Target int
	// Opponent is the strategy to beat, for the kind Beat.
	Opponent string
}

// Mean is the objective of the strategy "optimal".
var Mean = Objective{Kind: MeanScore}

// Kind names of the objectives, as JSON and the cache list them.
var kindNames = [...]string{MeanScore: "mean", Risk: "risk", UpperBonus: "bonus", Target: "target", Beat: "beat"}

// KindName returns "mean", "risk", "bonus", "target" or "beat" (or "invalid" for a kind
// out of range).
func (o Objective) KindName() string {
	if o.Kind < MeanScore || o.Kind > Beat {
		return "invalid"
	}
	return kindNames[o.Kind]
}

// String names the objective as the cache and the table file's metadata do: "mean",
// "risk:0.05", "bonus", "target:300".
func (o Objective) String() string {
	switch o.Kind {
	case Risk:
		return "risk:" + strconv.FormatFloat(o.Theta, 'g', -1, 64)
	case Target:
		return "target:" + strconv.Itoa(o.Target)
	case Beat:
		return "beat:" + o.Opponent
	}
	return o.KindName()
}

// Strategy returns the name of the strategy that plays for the objective: "optimal" for
// the mean, else the objective's name.
func (o Objective) Strategy() string {
	if o.Kind == MeanScore {
		return "optimal"
	}
	return o.String()
}

// HasParameter reports whether the objective has a parameter (θ, or the target).
func (o Objective) HasParameter() bool { return o.Kind == Risk || o.Kind == Target }

// Parameter returns θ for Risk, the target score for Target, else 0.
func (o Objective) Parameter() float64 {
	if o.Kind == Target {
		return float64(o.Target)
	}
	return o.Theta
}

// ParseObjective reads the name of a strategy of this package: "optimal" (or "mean"),
// "risk:θ", "bonus", "target:T" or "beat:S". risk:0 is the mean, beat:mean beat:optimal.
// Its error is one line. Whether S names a strategy with an exact analysis is known only
// with the rules (the solve of beat:S analyses S).
func ParseObjective(name string) (Objective, error) {
	switch name {
	case "optimal", "mean":
		return Mean, nil
	case "bonus":
		return Objective{Kind: UpperBonus}, nil
	}
	if opp, ok := strings.CutPrefix(name, "beat:"); ok {
		if opp == "" {
			return Objective{}, errors.New("beat: names no opponent (beat:S, such as beat:optimal or beat:greedy)")
		}
		if strings.HasPrefix(opp, "beat:") {
			return Objective{}, fmt.Errorf("%s: the opponent of beat:S cannot itself be a beat: strategy", name)
		}
		if o, err := ParseObjective(opp); err == nil {
			opp = o.Strategy()
		}
		// The opponent names a strategy of the registry (which also keeps the name, part
		// of a cache file's, to names the registry makes).
		if _, err := strategies.Resolve(opp); err != nil {
			return Objective{}, fmt.Errorf("the opponent: %w", err)
		}
		return Objective{Kind: Beat, Opponent: opp}, nil
	}
	if param, ok := strings.CutPrefix(name, "target:"); ok {
		t, err := parseTarget(param)
		if err != nil {
			return Objective{}, err
		}
		return Objective{Kind: Target, Target: t}, nil
	}
	param, ok := strings.CutPrefix(name, "risk:")
	if !ok {
		return Objective{}, fmt.Errorf("unknown objective %q (optimal, risk:θ, bonus, target:T, beat:S)", name)
	}
	theta, err := parseTheta(param)
	if err != nil {
		return Objective{}, err
	}
	if theta == 0 {
		return Mean, nil
	}
	return Objective{Kind: Risk, Theta: theta}, nil
}

// parseTheta reads θ: a finite number, at most 1 in size (beyond, a single point of score
// weighs e times the next: nothing a player would call a taste for risk).
func parseTheta(s string) (float64, error) {
	theta, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(theta) || math.IsInf(theta, 0) {
		return 0, fmt.Errorf("θ %q is not a number (risk:θ, such as risk:0.02 or risk:-0.01)", s)
	}
	if math.Abs(theta) > 1 {
		return 0, fmt.Errorf("θ = %s is beyond ±1 (risk:θ weighs a point e^θ times the point before it)", s)
	}
	// The values are sign(θ)·E[exp(θ·rest)], 1 + θ·rest to first order: below minTheta the
	// differences between options drown in the rounding of float64.
	if theta != 0 && math.Abs(theta) < minTheta {
		return 0, fmt.Errorf("θ = %s is too close to 0 to be told from optimal in float64 (|θ| at least %g; risk:0 is optimal)", s, minTheta)
	}
	return theta, nil
}

// parseTarget reads the T of target:T: a whole number of points. Whether a game can fall
// short of it and reach it is the rules' to say (Objective.check): a subtracted box can
// make a total negative.
func parseTarget(s string) (int, error) {
	t, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("target %q is not a whole number of points (target:T, such as target:300)", s)
	}
	return t, nil
}

// minTheta is the smallest |θ| of risk:θ. Values near 1 + θ·rest keep about 16 digits,
// so two options whose expected rests differ by d points differ in value by about θ·d:
// at θ = 1e-6 ties appear only below d ≈ 1e-10 points, and the certainty equivalent,
// ln(V)/θ, is off by about 1e-10 points; at θ = 1e-300, exp(θ·x) is 1 and every option
// ties.
const minTheta = 1e-6

// ErrObjective reports an objective the rules do not allow.
var ErrObjective = errors.New("objective not available")

// Check reports, without solving anything, why objective o cannot be solved on rules r
// (an error wrapping ErrObjective, or ErrColumns), if it cannot: bonus on rules without
// an upper bonus, a θ for which exp(θ·score) leaves float64, an objective that is not
// one ParseObjective makes.
func (o Objective) Check(r *engine.Rules) error {
	if err := o.Valid(); err != nil {
		return err
	}
	if len(r.Columns()) != 1 {
		if o != Mean {
			return widget.RefuseColumns(r, o.String())
		}
		return widget.CheckProductMemory(r)
	}
	if err := o.CheckRules(r); err != nil {
		return err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return err
	}
	return o.CheckSpace(sp)
}

// Valid refuses an Objective built by hand that ParseObjective would not make: a kind
// out of range, θ on another kind than Risk, a θ of Risk that is 0, not finite, or out
// of range.
func (o Objective) Valid() error {
	switch {
	case o.Kind < MeanScore || o.Kind > Beat:
		return fmt.Errorf("%w: objective kind %d", ErrObjective, int(o.Kind))
	case o.Kind != Risk && o.Theta != 0:
		return fmt.Errorf("%w: θ = %g on objective %s, which has none", ErrObjective, o.Theta, kindNames[o.Kind])
	case o.Kind != Target && o.Target != 0:
		return fmt.Errorf("%w: a target of %d on objective %s, which has none", ErrObjective, o.Target, kindNames[o.Kind])
	case (o.Kind == Beat) != (o.Opponent != ""):
		return fmt.Errorf("%w: objective %s with opponent %q", ErrObjective, kindNames[o.Kind], o.Opponent)
	case o.Kind == Risk:
		if _, err := parseTheta(strconv.FormatFloat(o.Theta, 'g', -1, 64)); err != nil || o.Theta == 0 {
			return fmt.Errorf("%w: risk:%g (θ = 0 is the mean; |θ| from %g to 1)", ErrObjective, o.Theta, minTheta)
		}
	}
	return nil
}

// check reports why the objective cannot be solved on the rules' space, if it cannot:
// exp(θ·score) must stay within float64 over every score the rules allow (checkRules
// refuses the bonus on rules without one before the space is built).
func (o Objective) CheckSpace(sp *widget.Space) error {
	switch o.Kind {
	case Risk:
		// exp overflows past 709.78 and loses precision into subnormals past −708.
		if hi := sp.ScoreBound(); math.Abs(o.Theta)*float64(hi) > 700 {
			return fmt.Errorf("%w: risk:%g on rules %s: exp(θ·score) leaves the range of float64 for scores up to %d (|θ| at most %.4g)",
				ErrObjective, o.Theta, sp.Rules.Name(), hi, 700/float64(hi))
		}
	case Target:
		lowest, highest := sp.FinalBounds()
		switch {
		case o.Target > highest:
			return fmt.Errorf("%w: %s on rules %s: no game reaches %d (%d bounds the highest score): there is nothing to play for", ErrObjective, o, sp.Rules.Name(), o.Target, highest)
		case o.Target <= lowest:
			return fmt.Errorf("%w: %s on rules %s: every game scores at least %d: there is nothing to play for", ErrObjective, o, sp.Rules.Name(), lowest)
		}
		return checkGoal(sp, o, widget.Goal{From: o.Target, Upto: o.Target})
	case Beat:
		// Before the opponent is analysed: the widest goal its scores could make.
		lowest, highest := sp.FinalBounds()
		return checkGoal(sp, o, widget.Goal{From: lowest, Upto: highest + 1})
	}
	return nil
}

// terminal is the value of a state with every box filled.
func (o Objective) terminal() float64 {
	if o.Kind == Risk {
		return math.Copysign(1, o.Theta)
	}
	return 0
}

// Value converts the value of a state under the objective into the objective's unit:
// points for the mean and the certainty equivalent of Risk, a probability for the bonus.
func (o Objective) Value(v float64) float64 {
	if o.Kind == Risk {
		return math.Log(math.Abs(v)) / o.Theta
	}
	return v
}

// Unit names what Value measures: "points" or "probability".
func (o Objective) Unit() string {
	if o.Kind == UpperBonus || o.Kind == Target || o.Kind == Beat {
		return "probability"
	}
	return "points"
}

// Describe says in a few words what the objective maximises, for messages and lists.
func (o Objective) Describe() string {
	switch o.Kind {
	case Risk:
		if o.Theta > 0 {
			return fmt.Sprintf("seeks risk: maximises E[exp(%g·score)], the certainty equivalent (1/θ)·ln E[exp(θ·score)]", o.Theta)
		}
		return fmt.Sprintf("averse to risk: minimises E[exp(%g·score)], maximising the certainty equivalent (1/θ)·ln E[exp(θ·score)]", o.Theta)
	case UpperBonus:
		return "maximises the probability of the upper bonus, then the expected score once the bonus is earned or out of reach"
	case Target:
		return fmt.Sprintf("maximises the probability of a final score of %d or more, then the expected score once the target is reached or out of reach", o.Target)
	case Beat:
		return fmt.Sprintf("maximises the probability of beating %s, who plays on their own dice (a tie counts half), then the expected score once the game is won or lost", o.Opponent)
	}
	return "maximises the expected final score"
}

// CheckRules refuses rules an objective cannot be solved on, before anything is built.
func (o Objective) CheckRules(r *engine.Rules) error {
	if o.Kind == UpperBonus && r.UpperPoints() == 0 {
		return fmt.Errorf("%w: rules %s have no upper bonus for the strategy bonus to aim at", ErrObjective, r.Name())
	}
	return nil
}
