package tableplay

import (
	"maps"
	"os"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// WinTablesMemory estimates, before anything is read or computed, the tables the win
// players of a table of players (Info.Name of each, in any seat) read on rules r: the
// optimal table, and the distributions of the points still to come of win's own model
// (optimal's) and of the model of every other player's strategy (WinAssumes), each
// counted once, keyed as strategies.Info.Memory keys its tables. A table already in the
// cache counts at the size of its file, one to compute at remainingBytesPerState and the
// chunk it grows by.
func WinTablesMemory(r *engine.Rules, players []string) (map[string]int64, error) {
	if len(r.Columns()) != 1 {
		return columnsWinMemory(r)
	}
	tables, err := solver.TablesMemory(r, solver.Mean)
	if err != nil {
		return nil, err
	}
	sp, err := widget.NewSolverSpace(r)
	if err != nil {
		return nil, err
	}
	models := map[string]bool{"optimal": true}
	for _, name := range players {
		if info, err := strategies.Resolve(name); err == nil && info.Table {
			continue // win, or another player that sees the table: modelled as optimal
		}
		as, _, err := WinAssumes(r, name)
		if err != nil {
			return nil, err
		}
		switch o, err := solver.ParseObjective(name); {
		case as != "":
			models[as] = true
		case err == nil:
			models[o.Strategy()] = true
		default:
			models[name] = true
		}
	}
	for name := range models {
		need, _, err := remainingTableMemory(r, sp, name, tables)
		if err != nil {
			return nil, err
		}
		tables[r.Hash()+" remaining "+name] = need
	}
	return tables, nil
}

// remainingTableMemory estimates the remaining table of strategy name on rules r (space
// sp): read, what its file holds; computed, about remainingBytesPerState a state and the
// chunk it grows by, with the layer in the making added to tables (the tables are
// computed one after the other: one such layer at a time). It reports whether the table
// is in the cache, and fails where the table alone would not fit.
func remainingTableMemory(r *engine.Rules, sp *widget.Space, name string, tables map[string]int64) (int64, bool, error) {
	probs := int64(remainingBytesPerState(r)/4*float64(sp.CountStates())) + remainingChunk
	cached := false
	if path, err := remainingPath(r, name); err == nil {
		if fi, err := os.Stat(path); err == nil {
			probs, cached = fi.Size()/4, true
		}
	}
	if !cached {
		tables[r.Hash()+" remaining: the layer in the making"] = layerMemory(sp, r)
	}
	need := remainingMemory(sp, probs)
	if err := memlimit.Check(remainingWhat(r, name), need); err != nil {
		return 0, false, err
	}
	return need, cached, nil
}

// columnsWinMemory estimates the tables win reads on rules r of several columns: each
// kind of column's distributions of its points to come (counted once a kind), and, for
// a kind whose distributions are not in the cache, the optimal table of the column they
// are computed from; column-tables's own tables are its Info.Memory.
func columnsWinMemory(r *engine.Rules) (map[string]int64, error) {
	tables := map[string]int64{}
	for c := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, err
		}
		sp, err := widget.NewSolverSpace(cr)
		if err != nil {
			return nil, err
		}
		need, cached, err := remainingTableMemory(cr, sp, "optimal", tables)
		if err != nil {
			return nil, err
		}
		tables[cr.Hash()+" remaining optimal"] = need
		if !cached {
			m, err := solver.TablesMemory(cr, solver.Mean)
			if err != nil {
				return nil, err
			}
			maps.Copy(tables, m)
		}
	}
	return tables, nil
}
