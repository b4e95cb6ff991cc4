package strategies

import (
	"yams/engine"
	"yams/strategies/turnplan"
)

func init() {
	Register(Info{
		Name:        "greedy",
		Description: "best score this turn: keeps that maximise the expected best score at the end of the turn, no look-ahead",
		Heuristic:   true,
		New:         func(r *engine.Rules) (Strategy, error) { return newGreedy(r) },
	})
}

// greedy is Glenn's greedy strategy: it plays each turn as if it were the last. It keeps
// the dice that maximise the expected best score available at the end of this turn, and
// scores the final roll in the box that scores most now (the extra bonus included; a
// subtracted box counts negatively), ties going to the box that is harder to fill later
// (see the package documentation).
//
// On a sheet of one column its whole policy is computed once per rule set and shared; on
// a sheet of several columns it plans each turn when the turn starts, from a cache of
// turn plans shared by the workers.
type greedy struct {
	t    *greedyTables
	live *turnplan.Live
}

type greedyTables struct {
	plan   *turnplan.Planner
	policy *turnplan.Policy // nil for a sheet of several columns
}

var greedyCache tableCache[greedyTables]

// newGreedy returns the greedy strategy for the rules.
func newGreedy(rules *engine.Rules) (*greedy, error) {
	t := greedyCache.get(rules.Hash(), func() *greedyTables { return newGreedyTables(rules) })
	g := &greedy{t: t}
	if t.policy == nil {
		g.live = turnplan.NewLive(t.plan)
	}
	return g, nil
}

func newGreedyTables(rules *engine.Rules) *greedyTables {
	t := &greedyTables{plan: turnplan.New(rules, 1, greedyWorth(rules), nil, turnplan.Ranks(turnplan.TieOrder(rules)))}
	if len(rules.Columns()) == 1 {
		t.policy = turnplan.NewPolicy(t.plan, []uint8{0}, nil)
	}
	return t
}

// greedyWorth is the score itself, negative for a subtracted box.
func greedyWorth(rules *engine.Rules) func(st uint8, b, points int) float64 {
	boxes := rules.Boxes()
	return func(_ uint8, b, points int) float64 {
		if boxes[b].Subtract {
			return -float64(points)
		}
		return float64(points)
	}
}

// state numbers the position of a sheet of one column in the policy table.
func (t *greedyTables) state(s *engine.Sheet) int { return t.policy.State(0, s) }

// Block implements Blocked: the state of the policy table, -1 on several columns.
func (g *greedy) Block(s *engine.Sheet) int {
	if g.live != nil {
		return -1
	}
	return g.t.state(s)
}

// Keep implements Strategy.
func (g *greedy) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if g.live != nil {
		p := g.t.plan.Position(s)
		return g.live.Keep(&p, r, rollsLeft)
	}
	return g.t.policy.Keep(g.t.state(s), r, rollsLeft)
}

// Box implements Strategy.
func (g *greedy) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if g.live != nil {
		p := g.t.plan.Position(s)
		id, _ := g.t.plan.Best(&p, r, s.Legal(r, rollsUsed))
		return id
	}
	return g.t.policy.Box(g.t.state(s), r)
}
