package columns

import (
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// productSynth builds, for a state of a sheet of several columns, an engine.Sheet in that
// state: each column's boxes as the synth of that column alone fills them, written together
// on the sheet. An exact analysis of a strategy other than optimal asks the strategy for
// its decisions on it (see Analyze for what that assumes of the strategy).
type productSynth struct {
	pc     *widget.Product
	sy     []*analysis.Synth // by column
	col    []engine.Sheet    // each column's sheet, alone
	scores []int
}

func newProductSynth(pc *widget.Product) (*productSynth, error) {
	ps := &productSynth{pc: pc, scores: make([]int, pc.Rules.NumSlots())}
	bySpace := map[*widget.Space]*analysis.Synth{}
	for _, sp := range pc.Cols {
		sy := bySpace[sp]
		if sy == nil {
			var err error
			if sy, err = analysis.NewSynth(sp); err != nil {
				return nil, err
			}
			bySpace[sp] = sy
		}
		ps.sy = append(ps.sy, sy)
		ps.col = append(ps.col, engine.NewSheet(sp.Rules))
	}
	return ps, nil
}

// Sheet returns a sheet of the product's rules in state st.
func (ps *productSynth) Sheet(st widget.TurnState) (engine.Sheet, error) {
	pc, nb := ps.pc, ps.pc.NumBoxes
	for c := range pc.Cols {
		mask, u, f := pc.ColumnState(st, c)
		if err := ps.sy[c].Sheet(&ps.col[c], mask, u, f); err != nil {
			return engine.Sheet{}, err
		}
		for b := range nb {
			ps.scores[c*nb+b] = -1
			if ps.col[c].Filled(engine.BoxID(b)) {
				ps.scores[c*nb+b] = ps.col[c].Score(engine.BoxID(b))
			}
		}
	}
	s, err := engine.SheetOf(pc.Rules, ps.scores, 0)
	if err != nil {
		return s, fmt.Errorf("optimal: a sheet of state %+v: %w", st, err)
	}
	return s, nil
}

// productStrategyDecider asks a Strategy for its decisions on a sheet of several columns
// built for each state.
type productStrategyDecider struct {
	ps    *productSynth
	st    strategies.Strategy
	name  string
	sheet engine.Sheet
	e     error
}

func (d *productStrategyDecider) Begin(st widget.TurnState) error {
	s, err := d.ps.Sheet(st)
	d.sheet = s
	return err
}

func (d *productStrategyDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	k := d.st.Keep(&d.sheet, r, rollsLeft)
	if !k.Within(r) && d.e == nil {
		d.e = fmt.Errorf("strategy %s kept %v from roll %v", d.name, k, r)
	}
	return k
}

func (d *productStrategyDecider) Box(r engine.Roll, rollsUsed int) int {
	b := int(d.st.Box(&d.sheet, r, rollsUsed))
	legal := d.sheet.Legal(r, rollsUsed)
	if b >= engine.MaxSlots || legal&(1<<b) == 0 {
		if d.e == nil {
			d.e = fmt.Errorf("strategy %s chose box %d, not legal for roll %v on sheet %#x", d.name, b, r, d.sheet.FilledMask())
		}
		return bits.TrailingZeros64(legal)
	}
	return b
}

func (d *productStrategyDecider) Err() error { return d.e }

// analysisSpace returns how the exact analysis of strategy name lays out the states of
// each column: with the exact upper subtotal, which a heuristic may read; for
// column-tables, which reads each column's state as the solver does (the subtotal capped
// at the threshold of the bonus, and none without a bonus), capped so, which takes far
// fewer states (a sheet without an upper bonus has one subtotal, not a hundred).
func analysisSpace(name string) func(*engine.Rules) (*widget.Space, error) {
	if name == ColumnTablesName {
		return cappedSpace
	}
	return widget.ExactSpace
}

// cappedSpace returns the space of one column with the upper subtotal capped at the
// threshold of the bonus (0 without a bonus), subtotals out of reach of the bonus kept
// apart: a state of it is what column-tables reads of a column, and every state has a
// sheet (Synth).
func cappedSpace(r *engine.Rules) (*widget.Space, error) {
	return widget.NewSpace(r, r.UpperThreshold()*min(1, r.UpperPoints()), false)
}

// productAnalysisMemory is the memory of the exact analysis of a strategy on a sheet of
// several columns: three float64 per state of the product of the columns' spaces (laid
// out by space), and the tables that build a sheet per state.
func productAnalysisMemory(space func(*engine.Rules) (*widget.Space, error), r *engine.Rules) (int64, error) {
	values, _, err := widget.ProductSizeOf(r, space)
	if err != nil {
		return 0, err
	}
	if values > 1<<56 {
		return 1 << 62, nil
	}
	return memlimit.Sum(memlimit.Mul(int64(values), 3*8), 64<<20), nil
}

// AnalyzeProductStrategy is Analyze on a sheet of several columns for a strategy other
// than optimal.
func AnalyzeProductStrategy(name string, info strategies.Info, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	return analyzeProductStrategyIn(analysisSpace(name), name, info, r, opts)
}

// analyzeProductStrategyIn is AnalyzeProductStrategy with the columns' states laid out by
// space.
func analyzeProductStrategyIn(space func(*engine.Rules) (*widget.Space, error), name string, info strategies.Info, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	need, err := productAnalysisMemory(space, r)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("the exact analysis of %s on rules %s (%d columns)", name, r.Name(), len(r.Columns()))
	if err := memlimit.Check(what, need); err != nil {
		return nil, err
	}
	var best *solver.Table
	base := need
	if opts.Regret {
		e := solver.SharedFor(r, solver.Mean)
		if e.Err != nil {
			return nil, e.Err
		}
		best = e.Table
		base += int64(8 * len(best.Values))
	}
	pc, err := widget.NewProductOf(r, space)
	if err != nil {
		return nil, err
	}
	f, err := analysis.Analyze(pc, func() (analysis.Decider, error) {
		st, err := info.New(r)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", name, err)
		}
		if _, random := st.(strategies.GameStarter); random {
			return nil, fmt.Errorf("strategy %s %w", name, analysis.ErrRandom)
		}
		ps, err := newProductSynth(pc)
		if err != nil {
			return nil, err
		}
		return &productStrategyDecider{ps: ps, st: st, name: name}, nil
	}, opts, best, base)
	if f != nil {
		f.Strategy = name
	}
	return f, err
}
