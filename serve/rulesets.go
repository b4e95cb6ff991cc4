package serve

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"yams/coach"
	"yams/engine"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/tableplay"
)

// RuleSet is a rule set a game may be played under, as the command line named it.
type RuleSet struct {
	// Source is what a game record names the rules by: a preset's name or the path of a
	// rule file, as given on the command line; Options are the rule options applied.
	Source  string
	Options []string
	Rules   *engine.Rules
}

// ruleSet is a rule set of the server with what its games share, loaded the first time
// a game of the rules needs it: the values of the coach and a pool of their valuers,
// the strategies of the opponents, pools of each, and the analysts of win's chances.
type ruleSet struct {
	RuleSet
	id string
	// slots name the boxes of the sheet (coach.SlotNames).
	slots []string
	// budget is the server's, which every table a rule set loads is checked against first.
	budget *budget

	valuesOnce sync.Once
	values     *coach.Values
	valuesErr  error
	positions  pool[analysis.Positions]

	winOnce  sync.Once
	winErr   error
	analysts pool[*tableplay.WinAnalyst]

	mu         sync.Mutex
	strategies map[string]*strategyPool

	// progress is how far the preparation is (GET /api/rulesets/{id}/status).
	progress progress
}

// poolSize is how many of a pooled object (a valuer of positions, a strategy, an
// analyst) a rule set holds at most: one per processor, so that the work of every game
// proceeds on every processor while the memory stays that of a few. A game waits for
// one while all are in use, a few milliseconds.
var poolSize = max(2, runtime.GOMAXPROCS(0))

// pool holds at most poolSize objects made by make, each lent to one goroutine at a time.
type pool[T any] struct {
	once  sync.Once
	slots chan struct{}
	mu    sync.Mutex
	free  []T
	build func() (T, error)
}

// init sets what makes the pool's objects, once.
func (p *pool[T]) init(build func() (T, error)) {
	p.once.Do(func() {
		p.slots = make(chan struct{}, poolSize)
		p.build = build
	})
}

// get lends an object, made if none is free; put returns it.
func (p *pool[T]) get() (T, error) {
	p.slots <- struct{}{}
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return x, nil
	}
	p.mu.Unlock()
	x, err := p.build()
	if err != nil {
		<-p.slots
	}
	return x, err
}

func (p *pool[T]) put(x T) {
	p.mu.Lock()
	p.free = append(p.free, x)
	p.mu.Unlock()
	<-p.slots
}

// coachValues returns the values of the coach of the rules, loading (or solving) them
// the first time.
func (rs *ruleSet) coachValues() (*coach.Values, error) {
	rs.valuesOnce.Do(func() {
		if rs.valuesErr = rs.budget.admit(rs, "the values of the coach", useCoach); rs.valuesErr != nil {
			return
		}
		rs.setProgress(stageValues, 0, 1)
		rs.values, rs.valuesErr = coach.ValuesOf(rs.Rules)
		if rs.valuesErr == nil {
			rs.positions.init(rs.values.Positions)
			rs.setProgress(stageValues, 1, 1)
			rs.markReady()
		} else {
			rs.failProgress(rs.valuesErr)
		}
	})
	return rs.values, rs.valuesErr
}

// withPositions calls f with a valuer of the rules' positions.
func (rs *ruleSet) withPositions(f func(v *coach.Values, pos analysis.Positions) error) error {
	v, err := rs.coachValues()
	if err != nil {
		return err
	}
	pos, err := rs.positions.get()
	if err != nil {
		return err
	}
	defer rs.positions.put(pos)
	return f(v, pos)
}

// winReady reports whether the chances of winning can be shown on the rules (one column:
// on a sheet of several, win plays from estimates, and its analyst, which weighs
// decisions against optimal's exact ones, does not), loading win's distributions the
// first time.
func (rs *ruleSet) winReady() error {
	rs.winOnce.Do(func() {
		if len(rs.Rules.Columns()) > 1 {
			rs.winErr = fmt.Errorf("the chances of finishing first are worked out on sheets of one column only")
			return
		}
		if err := rs.budget.admit(rs, "the chances of finishing first (win's distributions)", useChances); err != nil {
			rs.winErr = err
			return
		}
		rs.setProgress(stageChances, 0, 1)
		defer rs.setProgress(stageChances, 1, 1)
		rs.analysts.init(func() (*tableplay.WinAnalyst, error) {
			return tableplay.NewWinAnalyst(rs.Rules, []string{"optimal"})
		})
		a, err := rs.analysts.get()
		if err != nil {
			rs.winErr = err
			return
		}
		rs.analysts.put(a)
	})
	return rs.winErr
}

// chances sets out[s] to the chance that seat s finishes first at table t (a tie
// shared), every player playing on as win models them.
func (rs *ruleSet) chances(t *strategies.Table, out []float64) error {
	if err := rs.winReady(); err != nil {
		return err
	}
	a, err := rs.analysts.get()
	if err != nil {
		return err
	}
	defer rs.analysts.put(a)
	a.Chances(t, out)
	return nil
}

// strategyPool lends the strategies of one name on a rule set.
type strategyPool struct {
	pool[strategies.Strategy]
	ready error
	once  sync.Once
}

// strategy returns the pool of the named built-in strategy on the rules, checking the
// first time that it fits in memory and can play them.
func (rs *ruleSet) strategy(info strategies.Info) (*strategyPool, error) {
	rs.mu.Lock()
	if rs.strategies == nil {
		rs.strategies = map[string]*strategyPool{}
	}
	sp := rs.strategies[info.Name]
	if sp == nil {
		sp = &strategyPool{}
		rs.strategies[info.Name] = sp
	}
	rs.mu.Unlock()
	sp.once.Do(func() {
		if err := rs.budget.admit(rs, "the strategy "+info.Name, info.Name); err != nil {
			sp.ready = fmt.Errorf("strategy %s cannot play rules %s: %w", info.Name, rs.Rules.Name(), err)
			return
		}
		sp.init(func() (strategies.Strategy, error) { return info.New(rs.Rules) })
		rs.setProgress(stageStrategies, 0, 1)
		defer rs.setProgress(stageStrategies, 1, 1)
		st, err := sp.get()
		if err != nil {
			sp.ready = fmt.Errorf("strategy %s cannot play rules %s: %w", info.Name, rs.Rules.Name(), err)
			return
		}
		sp.put(st)
	})
	return sp, sp.ready
}

// describe names the rule set with its options, as a user would pass them.
func (rs *RuleSet) describe() string {
	s := rs.Source
	for _, o := range rs.Options {
		s += " --rule " + o
	}
	return s
}

// ruleSetIDs names the rule sets for the API: their rules' names, the second of a name
// and those after it followed by their rank ("yams-2").
func ruleSetIDs(sets []RuleSet) []string {
	seen := map[string]int{}
	ids := make([]string, len(sets))
	for i, s := range sets {
		name := strings.ReplaceAll(s.Rules.Name(), " ", "_")
		seen[name]++
		ids[i] = name
		if n := seen[name]; n > 1 {
			ids[i] = fmt.Sprintf("%s-%d", name, n)
		}
	}
	return ids
}
