package rollout

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"yams/engine"
	"yams/strategies"
)

// Prefix is the family of the look-ahead: rollout:S improves strategy S by rollouts.
const Prefix = "rollout"

// Settings are what the look-ahead measures at a decision: up to Most options, those
// whose value by S's own reckoning is within Margin points of the best (every option
// where S values none), each played on for Games games (whole chunks) on the same dice.
type Settings struct {
	Games  int
	Margin float64
	Most   int
}

// DefaultSettings are the look-ahead's of rollout:S.
var DefaultSettings = Settings{Games: 32, Margin: 3, Most: 3}

func init() {
	strategies.RegisterFamily(strategies.Family{
		Prefix: Prefix,
		Syntax: Prefix + ":[G:]S",
		Description: "the one-step look-ahead of strategy S: at a decision where S's own values of the best options are close, " +
			"each is played on by S for G games (32 by default) on the same dice and the best measured is taken",
		Info: familyInfo,
	})
}

// ParseName splits the parameter of rollout:[G:]S into its settings and S.
func ParseName(param string) (Settings, string, error) {
	set := DefaultSettings
	head, rest, ok := strings.Cut(param, ":")
	if ok && head != "" && head[0] >= '0' && head[0] <= '9' {
		g, err := strconv.Atoi(head)
		if err != nil || g < Chunk || g > 1<<16 || g%Chunk != 0 {
			return set, "", fmt.Errorf("the games of the look-ahead, %q, are not a multiple of %d from %d to 65,536", head, Chunk, Chunk)
		}
		set.Games, param = g, rest
	}
	if param == "" {
		return set, "", fmt.Errorf("no strategy to look ahead with: rollout:[G:]S")
	}
	return set, param, nil
}

func familyInfo(param string) (strategies.Info, error) {
	set, name, err := ParseName(param)
	if err != nil {
		return strategies.Info{}, err
	}
	of, err := strategies.Resolve(name)
	if err != nil {
		return strategies.Info{}, err
	}
	if of.New == nil || of.Table {
		return strategies.Info{}, fmt.Errorf("strategy %s does not play a game of its own, which the look-ahead plays on with", of.Name)
	}
	canonical := Prefix + ":" + of.Name
	if set.Games != DefaultSettings.Games {
		canonical = fmt.Sprintf("%s:%d:%s", Prefix, set.Games, of.Name)
	}
	return strategies.Info{
		Name: canonical,
		Description: fmt.Sprintf("the one-step look-ahead of %s: the closest options (up to %d, within %g points of %s's best) played on by %s for %d games each on the same dice",
			of.Name, set.Most, set.Margin, of.Name, of.Name, set.Games),
		Memory:   of.Memory,
		Identity: of.Identity,
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			return New(r, func() (strategies.Strategy, error) { return of.New(r) }, set)
		},
	}, nil
}

// Lookahead is rollout:S: strategy S, but at a decision where S's best options are close
// by its own values (a Valued S; every option where S values none), the one of them that
// games of S played on from the position score the most (Ranker). Games of a position
// are played on dice drawn from a hash of the position (Position.Seed), so that it
// decides alike wherever the position is met, on whichever worker: its play is a
// function of the position, as every strategy's.
type Lookahead struct {
	rules  *engine.Rules
	set    Settings
	base   strategies.Strategy
	m      *Measurer
	ranker *Ranker // where base is Valued
	opts   []Option
}

// New returns the look-ahead of the strategy that build makes (two copies: one decides,
// the other plays the rollouts).
func New(r *engine.Rules, build func() (strategies.Strategy, error), set Settings) (*Lookahead, error) {
	base, err := build()
	if err != nil {
		return nil, err
	}
	l := &Lookahead{rules: r, set: set, base: base, m: NewMeasurer(r, build, 1)}
	if v, ok := base.(Valued); ok {
		l.ranker = NewRanker(l.m, v, CoachSettings{Games: set.Games, LookGames: set.Games, Margin: set.Margin, Most: set.Most})
	}
	return l, nil
}

// DependsOn is the base's (its fit, for column-tables).
func (l *Lookahead) DependsOn() string {
	if d, ok := l.base.(strategies.Dependent); ok {
		return d.DependsOn()
	}
	return ""
}

// Keep implements strategies.Strategy.
func (l *Lookahead) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	used := l.rules.Rolls() - rollsLeft
	if l.ranker != nil {
		if k, err := l.ranker.DecideKeep(sh, r, used); err == nil {
			return k
		}
		return l.base.Keep(sh, r, rollsLeft)
	}
	own := l.base.Keep(sh, r, rollsLeft)
	l.opts = append(l.opts[:0], KeepOption(own))
	for _, k := range engine.SubKeeps(r) {
		if k != own {
			l.opts = append(l.opts, KeepOption(k))
		}
	}
	return l.best(sh, r, used).Keep
}

// Box implements strategies.Strategy.
func (l *Lookahead) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if l.ranker != nil {
		if b, err := l.ranker.DecideBox(sh, r, rollsUsed); err == nil {
			return b
		}
		return l.base.Box(sh, r, rollsUsed)
	}
	own := l.base.Box(sh, r, rollsUsed)
	l.opts = append(l.opts[:0], BoxOption(own))
	for lg := sh.Legal(r, rollsUsed); lg != 0; lg &= lg - 1 {
		if id := engine.BoxID(bits.TrailingZeros64(lg)); id != own {
			l.opts = append(l.opts, BoxOption(id))
		}
	}
	return l.best(sh, r, rollsUsed).Box
}

// best measures every option of l.opts, the base's own first, and returns the best
// measured (the base's own among equals).
func (l *Lookahead) best(sh *engine.Sheet, r engine.Roll, used int) Option {
	if len(l.opts) < 2 {
		return l.opts[0]
	}
	ms, err := l.m.Measure(&Position{Sheet: sh, Roll: r, Used: used}, l.opts, l.set.Games)
	if err != nil {
		return l.opts[0]
	}
	best, bestMean := 0, math.Inf(-1)
	for i := range l.opts {
		if x := ms.Figure(i).Mean; x > bestMean {
			best, bestMean = i, x
		}
	}
	return l.opts[best]
}
