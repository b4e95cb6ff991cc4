package columns

import (
	"slices"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// productDecider follows the optimal strategy of a sheet of several columns in an exact
// analysis: the decisions of a state are worked out with those of the other subtotals
// of its block of lanes (an analysis visits a group's states one after the other), and
// read from the widget's rows.
type productDecider struct {
	w     *widget.Widget
	valid bool
	g     widget.StateGroup
	lanes []uint16 // the block worked out
	i     int      // the lane of the current state
}

func newProductDecider(t *solver.Table) *productDecider { return &productDecider{w: t.NewWidget()} }

func (d *productDecider) Begin(st widget.TurnState) error {
	g := widget.StateGroup{O: int32(st.O), Mask: st.Mask, F: uint8(st.F)}
	if d.valid && g == d.g {
		if i, ok := slices.BinarySearch(d.lanes, uint16(st.U)); ok {
			d.i = i
			return nil
		}
	}
	w, sp := d.w, d.w.Space
	all := sp.Lanes[sp.Up(st.Mask)]
	pos, _ := slices.BinarySearch(all, uint16(st.U))
	lo := pos / widget.MaxLanes * widget.MaxLanes
	d.lanes = all[lo:min(lo+widget.MaxLanes, len(all))]
	d.g, d.valid, d.i = g, true, pos-lo
	w.SetOuter(st.O)
	w.SetLanes(d.lanes)
	w.Evaluate(st.Mask, st.F, true)
	return nil
}

func (d *productDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	w := d.w
	rank := w.Keep[w.Space.Rolls-1-rollsLeft][int(r)*w.S+d.i]
	if rank == 0 {
		return r.Keep()
	}
	return widget.RankKeep[rank]
}

func (d *productDecider) Box(r engine.Roll, rollsUsed int) int {
	w := d.w
	if rollsUsed == 1 || w.BoxLast == nil {
		return int(w.Box[int(r)*w.S+d.i])
	}
	return int(w.BoxLast[int(r)*w.S+d.i])
}

func (d *productDecider) Err() error { return nil }

// AnalyzeProduct computes the exact figures of the optimal strategy of a sheet of several
// columns, from its table.
func AnalyzeProduct(t *solver.Table, opts analysis.Options) (*analysis.Figures, error) {
	f, err := analysis.Analyze(t.Product, func() (analysis.Decider, error) { return newProductDecider(t), nil }, opts, t, int64(8*len(t.Values)))
	if f != nil {
		f.Strategy = "optimal"
		f.Objective = &analysis.ObjectiveFigure{Objective: solver.Mean, Value: t.Value()}
	}
	return f, err
}
