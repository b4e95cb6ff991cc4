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
		// Computed, the table grows a chunk at a time beside the layer in the making (the
		// tables are computed one after the other: one such layer at a time, whatever the
		// models); read, it takes what its file holds.
		probs := int64(remainingBytesPerState(r)/4*float64(sp.CountStates())) + remainingChunk
		if path, err := remainingPath(r, name); err == nil {
			if fi, err := os.Stat(path); err == nil {
				probs = fi.Size() / 4
			} else {
				tables[r.Hash()+" remaining: the layer in the making"] = layerMemory(sp, r)
			}
		}
		need := remainingMemory(sp, probs)
		if err := memlimit.Check(remainingWhat(r, name), need); err != nil {
			return nil, err
		}
		tables[r.Hash()+" remaining "+name] = need
	}
	return tables, nil
}

// columnsWinMemory estimates the tables win reads on rules r of several columns: each
// kind of column's optimal table and distributions of its points to come (counted once a
// kind, as on a sheet of that column alone), which column-tables's tables are among.
func columnsWinMemory(r *engine.Rules) (map[string]int64, error) {
	tables := map[string]int64{}
	for c := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, err
		}
		m, err := WinTablesMemory(cr, nil)
		if err != nil {
			return nil, err
		}
		maps.Copy(tables, m)
	}
	return tables, nil
}
