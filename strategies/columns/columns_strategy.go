package columns

import (
	"math"
	"math/bits"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/rollout"
	"yams/strategies/solver"
	"yams/strategies/turnplan"
	"yams/strategies/widget"
)

// ColumnTablesName is the name of the strategy that plays a sheet of several columns from
// the exact tables of its columns played alone.
const ColumnTablesName = "column-tables"

func init() {
	strategies.Register(strategies.Info{
		Name: ColumnTablesName,
		Description: "plays a sheet of several columns from the exact tables of its columns played alone: each turn, the keeps and the (column, box) " +
			"that maximise the points scored plus the columns' values afterwards; not an exact solve (optimal is, where the sheet fits); on one column it is optimal",
		New:    func(r *engine.Rules) (strategies.Strategy, error) { return newColumnTables(r) },
		Memory: columnTablesMemory,
	})
}

// columnTablesMemory estimates the tables column-tables reads: the values of each kind of
// column's optimal table, played alone.
func columnTablesMemory(r *engine.Rules) (map[string]int64, error) {
	tables := map[string]int64{}
	for c := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, err
		}
		need, err := solver.ValuesMemory(cr)
		if err != nil {
			return nil, err
		}
		tables[solver.TableKey(cr, solver.Mean)] = need
	}
	return tables, nil
}

// columnTables plays a sheet of several columns from V_c, the exact value of each column c
// played alone (its table: engine.Rules.ColumnRules). Each turn it chooses the keeps and
// the (column, box) that maximise the expectation of the points the turn scores plus
// Σ_c V_c(the column's state afterwards): the value of the rest of the game, were the
// columns played one after the other. The choice of the column is made once the dice are
// seen, as the rules allow, so the strategy takes the flexibility of the columns at this
// turn but not at the next ones; how far it stays from the exact optimum is measured where
// the sheet has one (README).
//
// A turn changes one column, so the strategy keeps, for each column, what scoring in it
// is worth for every final roll (gain: the best box of the column, its points and its
// value gained, minus the value of the column as it stands) and works that out again for
// the column the last turn filled only; the turn's plan is then the best gain of the
// columns, roll by roll, through a TurnSolver. Decisions allocate nothing. On a sheet of
// one column the strategy is the optimal strategy.
type columnTables struct {
	rules  *engine.Rules
	nb     int
	rolls  int
	cols   []columnPart
	solver turnplan.TurnSolver
	key    solver.SheetKey // the turn planned
	// first and later: the worth of ending the turn with each roll after the first roll
	// and after a later one; box*: the BoxID that takes it.
	first, later       [widget.NumRolls]float64
	boxFirst, boxLater [widget.NumRolls]uint8
	anySec             bool
	ybox               int
	// flex, when not nil, is what the choice among columns adds to the sum of their
	// values, by count of open boxes.
	flex *flexTable
	// cv is the turn worked out for the rollouts' control variate (TurnStart).
	cv struct {
		fast bool
		h    float64 // h now plus the columns' common adjustment (fast)
		turn rollout.Turn
	}
}

// columnPart is one column of the sheet, as columnTables values it.
type columnPart struct {
	t   *solver.Table // the column played alone
	sp  *widget.Space
	sec bool // takes first rolls only
	// state is the index of the column's state whose gains are below (−1: none yet).
	state int
	mask  uint32
	// What each final roll gains in the column, worked out for state.
	ColumnGains
}

func newColumnTables(r *engine.Rules) (strategies.Strategy, error) {
	if len(r.Columns()) == 1 {
		return strategies.New("optimal", r)
	}
	d, err := columnDataFor(r)
	if err != nil {
		return nil, err
	}
	return newColumnTablesOf(d, d.flex), nil
}

// newColumnTablesOf returns the strategy that plays from the columns' tables of d and, if
// not nil, the flexTable flex.
func newColumnTablesOf(d *columnData, flex *flexTable) *columnTables {
	r := d.rules
	s := &columnTables{rules: r, nb: r.NumBoxes(), rolls: r.Rolls(), ybox: r.YahtzeeBox(), flex: flex}
	for c, col := range r.Columns() {
		s.cols = append(s.cols, columnPart{t: d.tables[c], sp: d.tables[c].Space, sec: col.FirstRollOnly, state: -1})
	}
	return s
}

// gains works out what scoring each final roll in column c is worth from state (mask,
// u, f) of the column: the points and the value gained, minus the column's value now.
func (p *columnPart) gains(mask uint32, u, f int) {
	v := p.t.Values
	cur := v[p.sp.Index(mask, u, f)]
	p.ColumnGains.Work(p.sp, mask, u, f, p.sec, func(next, reward int) float64 { return float64(reward) + v[next] - cur })
}

// plan plans the turn of sheet sh, unless it is the turn planned.
func (s *columnTables) plan(sh *engine.Sheet) {
	k := solver.SheetKeyOf(sh, s.ybox, s.nb)
	if k == s.key {
		return
	}
	s.key = k
	filled := sh.FilledMask()
	for c := range s.cols {
		p := &s.cols[c]
		sp := p.sp
		mask, u, f := sp.ColumnState(sh, filled, c, s.nb)
		if i := sp.Index(mask, u, f); i != p.state {
			p.state, p.mask = i, mask
			p.gains(mask, u, f)
		}
	}
	// The best box of each roll over the columns that take any roll (later), then, if a
	// "sec" column is open, over those and the sec columns for a first roll (first): the
	// first column among equals, as one pass over the columns in order would choose.
	s.anySec = false
	for r := range widget.NumRolls {
		s.later[r] = math.Inf(-1)
	}
	var open [engine.MaxColumns]int
	for c := range s.cols {
		open[c] = s.nb - bits.OnesCount32(s.cols[c].mask)
	}
	var delta [engine.MaxColumns]float64
	for c := range s.cols {
		p := &s.cols[c]
		if p.mask == p.sp.FullMask {
			continue
		}
		if s.flex != nil {
			delta[c] = s.flex.delta(s.flex.cell(open[:len(s.cols)]), c)
		}
		if p.sec {
			s.anySec = true
			continue
		}
		slot, d := uint8(c*s.nb), delta[c]
		for r := range widget.NumRolls {
			if x := p.Gain[0][r] + d; x > s.later[r] {
				s.later[r], s.boxLater[r] = x, slot+p.Box[0][r]
			}
		}
	}
	if s.anySec {
		s.first, s.boxFirst = s.later, s.boxLater
		for c := range s.cols {
			p := &s.cols[c]
			if !p.sec || p.mask == p.sp.FullMask {
				continue
			}
			slot, d := uint8(c*s.nb), delta[c]
			for r := range widget.NumRolls {
				x, cur := p.Gain[0][r]+d, s.first[r]
				if x > cur || x == cur && !math.IsInf(x, -1) && int(s.boxFirst[r])/s.nb > c {
					s.first[r], s.boxFirst[r] = x, slot+p.Box[0][r]
				}
			}
		}
	}
	if s.anySec {
		s.solver.Plan(&s.first, &s.later, s.rolls)
	} else {
		s.solver.Plan(&s.later, &s.later, s.rolls)
	}
}

// Keep returns the keep of the turn's plan.
func (s *columnTables) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	s.plan(sh)
	return s.solver.Keep(r, rollsLeft)
}

// Box returns the (column, box) of the highest worth for the final roll r.
func (s *columnTables) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	s.plan(sh)
	if rollsUsed == 1 && s.anySec {
		return engine.BoxID(s.boxFirst[r])
	}
	return engine.BoxID(s.boxLater[r])
}

// pow returns b to the power e.
func pow(b, e int) int {
	x := 1
	for range e {
		x *= b
	}
	return x
}

// DependsOn returns what column-tables's play reads beyond the rules and the build: its
// flexTable, which a fit computed (possibly an older build's, read from the cache), as
// the fit's provenance and a digest of its cells. The simulator records it, and never
// adds up the games of two fits (strategies.Dependent).
func (s *columnTables) DependsOn() string {
	if s.flex == nil {
		return "column-tables: no flexTable"
	}
	return s.flex.identity()
}
