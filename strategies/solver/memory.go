package solver

import (
	"os"
	"strings"
	"sync/atomic"
	"unsafe"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/widget"
)

// SpaceShape returns the size of the state space of rules with u capped at capUpper,
// without building it: the boxes, the upper boxes, the subtotals and the flags.
func SpaceShape(r *engine.Rules, capUpper int) (nb, nUp, nu, nf int) {
	nb = r.NumBoxes()
	for b := range nb {
		if r.IsUpper(b) {
			nUp++
		}
	}
	nf = 1
	if r.ExtraPoints() != 0 {
		nf = 2
	}
	return nb, nUp, capUpper + 1, nf
}

// ShapeMemory bounds what the state space of a solve of r takes before it is built: the
// values of every state of the dense space (8 bytes a state), the space's tables (about
// as much again) and the tables of the upper subtotals. A solve or a load is checked
// against it first, so that a rule set whose space alone is too large is refused
// without building anything.
func ShapeMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := SpaceShape(r, r.UpperThreshold()*min(1, r.UpperPoints()))
	states := memlimit.Mul(memlimit.Mul(1<<nb, int64(nu)), int64(nf))
	return memlimit.Sum(memlimit.Mul(states, 16), memlimit.Mul(1<<nUp, int64(nu)*4), 8<<nb, 64<<20)
}

// TableMemory estimates the memory of the optimal strategy of space sp, loaded or solved:
// the values of the dense space, the decisions of play once every group of reachable
// states is decoded (2 bytes a roll), the coded decisions (about 45 bytes a reachable
// state), and the widgets and buffers. On hasbro: 266 MiB, against a peak of 253 MiB for
// an exact analysis of optimal, which decodes every group.
func TableMemory(sp *widget.Space) int64 {
	reach := int64(sp.CountStates())
	return memlimit.Sum(memlimit.Mul(int64(sp.NumStates()), 8), memlimit.Mul(reach, 2*BlockLen+53), 64<<20)
}

// LoadMemory estimates the memory of the optimal table of space sp while it is loaded or
// solved, before any group's decisions are decoded for play: the values of the dense
// space, the coded decisions (about 45 bytes a reachable state) and the buffers and
// widgets of the solve. Play decodes a group's decisions the first time a game reaches
// it, up to TableMemory.
func LoadMemory(sp *widget.Space) int64 {
	return memlimit.Sum(memlimit.Mul(int64(sp.NumStates()), 8), memlimit.Mul(int64(sp.CountStates()), 53), 16<<20)
}

// tableWhat names the optimal strategy of r in a *memlimit.Error.
func tableWhat(r *engine.Rules) string {
	return "the optimal strategy of rules " + r.Name() + " (its table and decisions)"
}

// CheckShapeMemory refuses the optimal strategy of r when the bound of its space is over
// the limit: checked before the space is built, so that nothing is built for it.
func CheckShapeMemory(r *engine.Rules) error { return memlimit.Check(tableWhat(r), ShapeMemory(r)) }

// checkTableMemory refuses the table of space sp, once the space is built, when loading
// or solving it would take more than the limit (LoadMemory). What playing from it adds
// is counted by the estimate of the run (strategies.Info.Memory, TablesMemory).
func checkTableMemory(sp *widget.Space) error {
	return memlimit.Check(tableWhat(sp.Rules), LoadMemory(sp))
}

// Bytes returns the memory of the policy and its table's values once every group is
// decoded (the most it takes).
func (p *Policy) Bytes() int64 {
	return int64(2*len(p.E16)+4*len(p.E32)+4*len(p.base)+2*len(p.rank)+4*len(p.ready)) + int64(8*len(p.Table.Values))
}

// Notice is what a solve for the cache tells as it goes (SetNotify): that it starts (the
// rule set is not in the cache), how far it is, and that it is done.
type Notice struct {
	Rules string // the rule set's name
	// Strategy is the strategy the table is solved for: "optimal", or an objective's
	// name (risk:0.05, bonus).
	Strategy string
	Path     string // the cache file the solve writes
	// Layer of Layers: the layers of filled boxes solved so far (0 at the start).
	Layer, Layers int
	// CacheBytes is the size the cache file will have, about.
	CacheBytes int64
	// Rejected, when the cache held a file for the table that could not be used
	// (damaged, cut short, of another format), says why: the table is made again.
	Rejected error
	Done     bool
}

var notify atomic.Pointer[func(Notice)]

// SetNotify makes every solve for the cache call f as it goes (nil: no notices); yams
// says on a terminal what the first run on a rule set is doing.
func SetNotify(f func(Notice)) {
	if f == nil {
		notify.Store(nil)
		return
	}
	notify.Store(&f)
}

func Tell(n Notice) {
	if f := notify.Load(); f != nil {
		(*f)(n)
	}
}

// The memory of what each worker of a simulation holds of its own: its copy of each
// strategy (scratch space, caches) and, measuring regret, its evaluator. The tables they
// share are counted once, where they are loaded or solved.

// StrategyMemory is the memory of the optimal strategy of a worker on a sheet of one
// column: a Strategy (newStrategyFrom), its widget and the buffer its group filler works
// out a group's decisions with.
func StrategyMemory(sh widget.SheetShape) int64 {
	return widget.WidgetMemory(sh) + int64(4*widget.MaxLanes*BlockLen) + int64(unsafe.Sizeof(Strategy{}))
}

// SharedMemory is the memory of the tables of rules r that the process keeps for the
// strategies that play them (sharedFor): a policy's table and decisions at their largest,
// a goal's values. It is called once the strategies are built, not while a table is
// loaded or solved.
func SharedMemory(r *engine.Rules) int64 {
	shared.Lock()
	defer shared.Unlock()
	var n int64
	for key, e := range shared.m {
		if !strings.HasPrefix(key, r.Hash()+" ") || e.Table == nil {
			continue
		}
		switch {
		case e.p != nil:
			n += e.p.Bytes()
		case e.Table.GoalValues != nil:
			n += 8 * int64(len(e.Table.GoalValues.Values))
		}
	}
	return n
}

// ValuesMemory estimates the optimal table of rules r of one column read for its values
// alone, as column-tables reads each column's (LoadMemory: never decoded for play). The
// key is TableKey(r, Mean), whose estimate for play (TablesMemory) is larger: a process
// that plays the table too holds that.
func ValuesMemory(r *engine.Rules) (int64, error) {
	if err := CheckShapeMemory(r); err != nil {
		return 0, err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return 0, err
	}
	return LoadMemory(sp), nil
}

// TableKey names the table of rules r for objective o among the tables a process holds:
// the key of SharedFor, and of the estimates of strategies.Info.Memory.
func TableKey(r *engine.Rules, o Objective) string { return r.Hash() + " " + o.String() }

// TablesMemory estimates, before anything is read or solved, the tables a strategy that
// plays for objective o on rules r holds, by TableKey: the mean's table and its
// decisions on one column (TableMemory), or the product of the columns' values on
// several (the mean only); bonus reads the mean's table beside its own; target:T and
// beat:S hold their pairs' values beside the mean's table (the size of the cached file,
// or for beat:S, before its opponent is analysed, the widest its goal can be). It fails
// where the objective cannot be solved on r, or a table alone would not fit in
// --max-memory.
func TablesMemory(r *engine.Rules, o Objective) (map[string]int64, error) {
	if err := o.Valid(); err != nil {
		return nil, err
	}
	if len(r.Columns()) > 1 {
		if o != Mean {
			return nil, widget.RefuseColumns(r, o.String())
		}
		_, table, err := widget.ProductTable(r)
		if err != nil {
			return nil, err
		}
		return map[string]int64{TableKey(r, Mean): table}, nil
	}
	if err := o.CheckRules(r); err != nil {
		return nil, err
	}
	if err := CheckShapeMemory(r); err != nil {
		return nil, err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return nil, err
	}
	table := TableMemory(sp)
	tables := map[string]int64{TableKey(r, Mean): table}
	switch o.Kind {
	case UpperBonus, Risk:
		tables[TableKey(r, o)] = table
	case Target, Beat:
		gl := widget.Goal{From: o.Target, Upto: o.Target}
		if o.Kind == Beat {
			lowest, highest := sp.FinalBounds()
			gl = widget.Goal{From: lowest, Upto: highest + 1}
		}
		pairs := widget.NewGoalValues(sp, gl).Size()
		if path, err := CachePath(r, o); err == nil {
			if fi, err := os.Stat(path); err == nil {
				pairs = fi.Size() / 8
			}
		}
		tables[TableKey(r, o)] = memlimit.Mul(pairs, 8)
	}
	for key, need := range tables {
		if err := memlimit.Check(tableWhatFor(r, key), need); err != nil {
			return nil, err
		}
	}
	return tables, nil
}

// tableWhatFor names the table of key on r in a *memlimit.Error.
func tableWhatFor(r *engine.Rules, key string) string {
	return "the table of " + strings.TrimPrefix(key, r.Hash()+" ") + " on rules " + r.Name()
}
