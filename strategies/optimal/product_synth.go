package optimal

import (
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
)

// productSynth builds, for a state of a sheet of several columns, an engine.Sheet in that
// state: each column's boxes as the synth of that column alone fills them, written together
// on the sheet. An exact analysis of a strategy other than optimal asks the strategy for
// its decisions on it (see Analyze for what that assumes of the strategy).
type productSynth struct {
	pc     *product
	sy     []*synth       // by column
	col    []engine.Sheet // each column's sheet, alone
	scores []int
}

func newProductSynth(pc *product) (*productSynth, error) {
	ps := &productSynth{pc: pc, scores: make([]int, pc.rules.NumSlots())}
	bySpace := map[*space]*synth{}
	for _, sp := range pc.col {
		sy := bySpace[sp]
		if sy == nil {
			var err error
			if sy, err = newSynth(sp); err != nil {
				return nil, err
			}
			bySpace[sp] = sy
		}
		ps.sy = append(ps.sy, sy)
		ps.col = append(ps.col, engine.NewSheet(sp.rules))
	}
	return ps, nil
}

// sheet returns a sheet of the product's rules in state st.
func (ps *productSynth) sheet(st turnState) (engine.Sheet, error) {
	pc, nb := ps.pc, ps.pc.nb
	for c := range pc.col {
		mask, u, f := pc.columnState(st, c)
		if err := ps.sy[c].sheet(&ps.col[c], mask, u, f); err != nil {
			return engine.Sheet{}, err
		}
		for b := range nb {
			ps.scores[c*nb+b] = -1
			if ps.col[c].Filled(engine.BoxID(b)) {
				ps.scores[c*nb+b] = ps.col[c].Score(engine.BoxID(b))
			}
		}
	}
	s, err := engine.SheetOf(pc.rules, ps.scores, 0)
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

func (d *productStrategyDecider) begin(st turnState) error {
	s, err := d.ps.sheet(st)
	d.sheet = s
	return err
}

func (d *productStrategyDecider) keep(r engine.Roll, rollsLeft int) engine.Keep {
	k := d.st.Keep(&d.sheet, r, rollsLeft)
	if !k.Within(r) && d.e == nil {
		d.e = fmt.Errorf("strategy %s kept %v from roll %v", d.name, k, r)
	}
	return k
}

func (d *productStrategyDecider) box(r engine.Roll, rollsUsed int) int {
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

func (d *productStrategyDecider) err() error { return d.e }

// productAnalysisMemory is the memory of the exact analysis of a strategy other than
// optimal on a sheet of several columns: three float64 per state of the product of the
// columns' spaces with their exact subtotals, and the tables that build a sheet per state.
func productAnalysisMemory(r *engine.Rules) (int64, error) {
	values, _, err := productSizeOf(r, exactSpace)
	if err != nil {
		return 0, err
	}
	if values > 1<<56 {
		return 1 << 62, nil
	}
	return memlimit.Sum(memlimit.Mul(int64(values), 3*8), 64<<20), nil
}

// analyzeProductStrategy is Analyze on a sheet of several columns for a strategy other
// than optimal.
func analyzeProductStrategy(name string, info strategies.Info, r *engine.Rules, opts Options) (*Figures, error) {
	need, err := productAnalysisMemory(r)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("the exact analysis of %s on rules %s (%d columns)", name, r.Name(), len(r.Columns()))
	if err := memlimit.Check(what, need); err != nil {
		return nil, err
	}
	var best *Table
	base := need
	if opts.Regret {
		e := sharedFor(r, Mean)
		if e.err != nil {
			return nil, e.err
		}
		best = e.t
		base += int64(8 * len(best.v))
	}
	pc, err := newProductOf(r, exactSpace)
	if err != nil {
		return nil, err
	}
	f, err := analyze(pc, func() (decider, error) {
		st, err := info.New(r)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", name, err)
		}
		if _, random := st.(strategies.GameStarter); random {
			return nil, fmt.Errorf("strategy %s %w", name, ErrRandom)
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
