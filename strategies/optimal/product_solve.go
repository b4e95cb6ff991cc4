package optimal

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"time"

	"yams/engine"
)

// solveProduct computes the exact table of the mean of a sheet of several columns by
// backward induction over the number of boxes filled in all, the groups of a layer in
// parallel, each by the same sequential code: the table is the same, bit for bit, whatever
// the number of workers. It keeps the values only: the decisions of tens of millions of
// states would not fit, and play works a turn's decisions out from the values (one widget
// a turn, productStrategy).
func solveProduct(r *engine.Rules, workers int, progress ...func(layers int)) (*Table, error) {
	if err := checkProductMemory(r); err != nil {
		return nil, err
	}
	start := time.Now()
	pc, err := newProduct(r)
	if err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{rules: r, sp: pc.laneSpace(), pc: pc, obj: Mean,
		v: make([]float64, pc.numStates()), solved: time.Now().UTC().Truncate(time.Second)}
	ws := make([]*widget, workers)
	for i := range ws {
		ws[i] = newProductWidget(pc, t.v)
	}
	sp := pc.laneSpace()
	laneLayers := sp.layers()
	slots := r.NumSlots()
	for n := slots - 1; n >= 0; n-- {
		groups := pc.layerGroupsOf(n, laneLayers)
		forEach(ws, len(groups), func(w *widget, _, i int) {
			g := groups[i]
			w.setOuter(int(g.o))
			lanes := sp.lanes[sp.up(g.mask)]
			for lo := 0; lo < len(lanes); lo += maxLanes {
				block := lanes[lo:min(lo+maxLanes, len(lanes))]
				w.setLanes(block)
				e := w.evaluate(g.mask, int(g.f), false)
				for i, u := range block {
					t.v[pc.index(int(g.o), g.mask, int(u), int(g.f))] = e[i]
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
	if err := checkProductMemory(r); err != nil {
		return nil, st, err
	}
	path, err := cachePath(r, Mean)
	if err != nil {
		st.WriteErr = err
	}
	st.Path = path
	if path != "" && !force {
		start := time.Now()
		t, err := readTable(path, r)
		if err == nil && (t.obj != Mean || t.pc == nil) {
			err = &tableError{Path: path, Kind: errForeign, Detail: fmt.Sprintf("solved for %s, want the mean of several columns", t.obj)}
		}
		if err == nil {
			st.Loaded, st.Load = true, time.Since(start)
			return t, st, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	_, states, err := productSize(r)
	if err != nil {
		return nil, st, err
	}
	notice := Notice{Rules: r.Name(), Strategy: Mean.Strategy(), Path: path, Layers: r.NumSlots(), CacheBytes: int64(8 * states)}
	tell(notice)
	t, err := solveProduct(r, workers, func(layer int) {
		notice.Layer = layer
		tell(notice)
	})
	if err != nil {
		return nil, st, err
	}
	notice.Done = true
	tell(notice)
	if path != "" {
		st.WriteErr = t.writeFile(path)
	}
	return t, st, nil
}
