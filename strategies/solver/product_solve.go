package solver

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"time"

	"yams/engine"
	"yams/strategies/widget"
)

// SolveProduct computes the exact table of the mean of a sheet of several columns by
// backward induction over the number of boxes filled in all, the groups of a layer in
// parallel, each by the same sequential code: the table is the same, bit for bit, whatever
// the number of workers. It keeps the values only: the decisions of tens of millions of
// states would not fit, and play works a turn's decisions out from the values (one widget
// a turn, productStrategy).
func SolveProduct(r *engine.Rules, workers int, progress ...func(layers int)) (*Table, error) {
	if err := widget.CheckProductMemory(r); err != nil {
		return nil, err
	}
	start := time.Now()
	pc, err := widget.NewProduct(r)
	if err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{Rules: r, Space: pc.LaneSpace(), Product: pc, Obj: Mean,
		Values: make([]float64, pc.NumStates()), Solved: time.Now().UTC().Truncate(time.Second)}
	ws := make([]*widget.Widget, workers)
	for i := range ws {
		ws[i] = widget.NewProductWidget(pc, t.Values)
	}
	sp := pc.LaneSpace()
	laneLayers := sp.Layers()
	slots := r.NumSlots()
	for n := slots - 1; n >= 0; n-- {
		groups := pc.LayerGroupsOf(n, laneLayers)
		ForEach(ws, len(groups), func(w *widget.Widget, _, i int) {
			g := groups[i]
			w.SetOuter(int(g.O))
			lanes := sp.Lanes[sp.Up(g.Mask)]
			for lo := 0; lo < len(lanes); lo += widget.MaxLanes {
				block := lanes[lo:min(lo+widget.MaxLanes, len(lanes))]
				w.SetLanes(block)
				e := w.Evaluate(g.Mask, int(g.F), false)
				for i, u := range block {
					t.Values[pc.Index(int(g.O), g.Mask, int(u), int(g.F))] = e[i]
				}
			}
		})
		for _, f := range progress {
			f(slots - n)
		}
	}
	t.Elapsed = time.Since(start)
	return t, nil
}

// loadOrSolveProduct is loadOrSolve for the mean on a sheet of several columns: the table
// of values from the cache, or solved (a widget a group, every column's boxes) and saved.
func loadOrSolveProduct(r *engine.Rules, force bool, workers int) (*Table, CacheStatus, error) {
	var st CacheStatus
	if err := widget.CheckProductMemory(r); err != nil {
		return nil, st, err
	}
	path, err := CachePath(r, Mean)
	if err != nil {
		st.WriteErr = err
	}
	st.Path = path
	if path != "" && !force {
		start := time.Now()
		t, err := readTable(path, r)
		if err == nil && (t.Obj != Mean || t.Product == nil) {
			err = &TableError{Path: path, Kind: ErrForeign, Detail: fmt.Sprintf("solved for %s, want the mean of several columns", t.Obj)}
		}
		if err == nil {
			st.Loaded, st.Load = true, time.Since(start)
			return t, st, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	_, states, err := widget.ProductSize(r)
	if err != nil {
		return nil, st, err
	}
	notice := Notice{Rules: r.Name(), Strategy: Mean.Strategy(), Path: path, Layers: r.NumSlots(), CacheBytes: int64(8 * states), Rejected: st.Rejected}
	Tell(notice)
	t, err := SolveProduct(r, workers, func(layer int) {
		notice.Layer = layer
		Tell(notice)
	})
	if err != nil {
		return nil, st, err
	}
	notice.Done = true
	Tell(notice)
	if path != "" {
		st.WriteErr = t.writeFile(path)
	}
	return t, st, nil
}
