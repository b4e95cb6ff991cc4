package analysis

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Figures are the exact figures of a strategy on a rule set: no sampling error, only
// floating-point rounding.
type Figures struct {
	Rules    string
	Strategy string
	Mean, SD float64
	// HasBonus tells whether the rules have an upper bonus; PUpperBonus is the
	// probability of earning it.
	HasBonus    bool
	PUpperBonus float64
	// HasYahtzee tells whether the sheet has a box for five of a kind (the yahtzee, Yam's or
	// Yatzy: engine.Rules.FiveOfAKindBox); PYahtzee is the probability
	// that it ends with a non-zero score.
	HasYahtzee bool
	PYahtzee   float64
	// ExtraBonuses is the expected number of extra five-of-a-kind bonuses.
	ExtraBonuses float64
	// Boxes are the figures of every box of the sheet, by BoxID (column after column).
	Boxes []BoxFigures
	// Columns, on a sheet of several columns, are each column's figures (PUpperBonus is
	// then their mean, and PYahtzee is not given: HasYahtzee is false).
	Columns []ColumnFigures
	// States is the number of turn-start states the strategy reaches with positive probability.
	States int
	// Distribution[i] is the probability of a final score of DistMin+i; nil unless asked for.
	Distribution []float64
	DistMin      int
	// DistributionBytes is the peak memory the distribution took.
	DistributionBytes int64
	// Objective is what the strategy maximises and the best value of it, as its solve
	// found it; nil for a strategy that is not played from a table of this package.
	Objective *ObjectiveFigure
	// Regret is where the strategy loses its points against optimal play; nil unless
	// asked for (Options.Regret).
	Regret  *Regret
	Elapsed time.Duration
	// Goal is the utility of the final score of target:T and beat:S.
	Goal *widget.Goal
}

// CostlyAbove are the costs, in points, above which Regret counts a decision costly: more
// than nothing (more than 1e-9, for the rounding of values equal in exact arithmetic), more
// than a point, more than five.
var CostlyAbove = [3]float64{0, 1, 5}

// costEpsilon is the cost below which a decision counts as free: two options of equal
// value in exact arithmetic may differ in the last bits of their computed values.
const costEpsilon = 1e-9

// Regret is the expected cost of a strategy's decisions against optimal play, in points of
// final score: at each decision, the value of the best option minus the value of the
// option taken, both under optimal play afterwards (Evaluator). Summed over a game, the
// costs add up to the optimal expected score minus the strategy's expected score: a
// strategy loses its points nowhere else.
type Regret struct {
	OptimalMean float64
	Total       float64
	// Keep[i] is the cost of the keeps decided after roll i+1 (keep1, keep2, ...); Box
	// that of the boxes.
	Keep []float64
	Box  float64
	// ByBox[b] is the cost of the turns that ended in box b (the keeps of the turn and its
	// box), ByTurn[t] that of turn t+1.
	ByBox  []float64
	ByTurn []float64
	// Costly[i] is the expected number of decisions per game that cost more than
	// CostlyAbove[i] points.
	Costly [len(CostlyAbove)]float64
}

// ObjectiveFigure is an objective and its exact value under the strategy that maximises
// it (Objective.Value: points, or a probability).
type ObjectiveFigure struct {
	solver.Objective
	Value float64
}

// ObjectiveFromDistribution recomputes the objective's value from the exact distribution
// of the final score, independently of the solve: the mean, for Risk the certainty
// equivalent (1/θ)·ln Σ p(s)·exp(θ·s), summed from the largest term so that no exp
// overflows, for Target P(score ≥ T), for Beat Σ p(s)·u(s) with u(s) the chance of
// beating the opponent with a score of s (a tie counting half; only in the figures of
// the beat:S strategy itself, which carry the opponent's distribution). It reports false
// without a distribution or an objective of the final score (the bonus).
func (f *Figures) ObjectiveFromDistribution() (float64, bool) {
	o := f.Objective
	if o == nil || f.Distribution == nil || o.Kind == solver.UpperBonus || (o.Kind == solver.Beat && f.Goal == nil) {
		return 0, false
	}
	if o.Kind == solver.Target || o.Kind == solver.Beat {
		g := f.Goal
		if o.Kind == solver.Target {
			g = &widget.Goal{From: o.Target, Upto: o.Target}
		}
		p := 0.0
		for i, x := range f.Distribution {
			p += x * g.Utility(f.DistMin+i)
		}
		return p, true
	}
	if o.Kind == solver.MeanScore {
		m := 0.0
		for i, p := range f.Distribution {
			m += p * float64(f.DistMin+i)
		}
		return m, true
	}
	top := math.Inf(-1)
	for i, p := range f.Distribution {
		if p > 0 {
			top = max(top, o.Theta*float64(f.DistMin+i))
		}
	}
	sum := 0.0
	for i, p := range f.Distribution {
		if p > 0 {
			sum += p * math.Exp(o.Theta*float64(f.DistMin+i)-top)
		}
	}
	return (top + math.Log(sum)) / o.Theta, true
}

// BoxFigures are the exact figures of one box: a box of the sheet, of column Column
// (always 0 on one column).
type BoxFigures struct {
	ID       string
	Column   int
	Mean     float64
	ZeroRate float64
}

// ColumnFigures are the exact figures of one column of a sheet of several columns.
type ColumnFigures struct {
	Name        string
	PUpperBonus float64
}

// Quantile returns the smallest score s with P(score <= s) >= q, from the distribution.
func (f *Figures) Quantile(q float64) int {
	c := 0.0
	for i, p := range f.Distribution {
		if c += p; c >= q-1e-12 {
			return f.DistMin + i
		}
	}
	return f.DistMin + len(f.Distribution) - 1
}

// Options tune an analysis.
type Options struct {
	Workers int // 0: one per CPU
	// Distribution asks for the exact distribution of the final score. It costs a
	// probability per reachable (state, score so far) pair: see DistributionBudget.
	Distribution bool
	// DistributionBudget bounds the memory of the whole analysis with a distribution, in
	// bytes (0: 4 GiB): the tables and decisions, and the distribution's probabilities
	// with the room the garbage collector needs to replace them as they grow. An
	// analysis that would need more stops with ErrTooLarge.
	// Regret asks where the strategy loses its points against optimal play
	// (Figures.Regret): the optimal table of the rules is loaded or solved for it.
	DistributionBudget int64
	Regret             bool
	// reach receives the probability of every state (AnalyzeReach).
	reach *[]float64
}

// Errors of an analysis.
var (
	// ErrTooLarge reports an exact distribution that does not fit in its memory budget.
	ErrTooLarge = errors.New("exact distribution too large")
	// ErrRandom reports a strategy that draws random numbers: its decisions are not a
	// function of the sheet and the dice.
	ErrRandom = errors.New("draws random numbers: its decisions are not a function of the sheet and the dice, so it has no exact analysis")
	// ErrTable reports a strategy that plays at a table: its decisions depend on the
	// other players' sheets.
	ErrTable = errors.New("plays at a table: its decisions depend on the other players' sheets, so it has no exact analysis alone")
)

// Decider is the decision rule an analysis follows: for a turn-start state, a keep for
// every roll and number of rolls left and a box for every final roll.
type Decider interface {
	Begin(st widget.TurnState) error
	Keep(r engine.Roll, rollsLeft int) engine.Keep
	Box(r engine.Roll, rollsUsed int) int
	Err() error
}

// OptimalDecider follows the optimal policy of a table: the decisions of a complete
// policy if it has one, else worked out state by state.
type OptimalDecider struct {
	Filler *solver.GroupFiller
	P      *solver.Policy
	out    [widget.NumRolls]uint32
}

func (d *OptimalDecider) Begin(st widget.TurnState) error {
	mask, u, f := st.Mask, st.U, st.F
	if !d.P.Ensure(mask, f, d.Filler) {
		d.Filler.Widget.Decide(mask, u, f, &d.out)
		return nil
	}
	id := d.P.Block(mask, u, f)
	if d.P.E16 != nil {
		for r, e := range d.P.E16[id*solver.BlockLen : id*solver.BlockLen+widget.NumRolls] {
			d.out[r] = uint32(e)
		}
	} else {
		copy(d.out[:], d.P.E32[id*solver.BlockLen:id*solver.BlockLen+widget.NumRolls])
	}
	return nil
}

func (d *OptimalDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	return widget.EntryKeep(d.out[r], r, rollsLeft)
}

func (d *OptimalDecider) Box(r engine.Roll, rollsUsed int) int { return widget.EntryBox(d.out[r]) }
func (d *OptimalDecider) Err() error                           { return nil }

// AnalyzeTable computes the exact figures of the optimal strategy of a table.
func AnalyzeTable(t *solver.Table, opts Options) (*Figures, error) {
	if t.Product != nil {
		return nil, widget.RefuseColumns(t.Rules, "the analysis of a table")
	}
	p := solver.PolicyOf(t)
	f, err := Analyze(t.Space, func() (Decider, error) {
		return &OptimalDecider{Filler: solver.NewGroupFiller(p), P: p}, nil
	}, opts, t, p.Bytes())
	if f != nil {
		f.Strategy = "optimal"
	}
	return f, err
}

// analyzeObjective analyses the strategy that plays for objective o from its table, and
// gives the objective's value the solve found; the regret is against the mean's table.
func analyzeObjective(o solver.Objective, r *engine.Rules, opts Options) (*Figures, error) {
	if o.Kind == solver.Target || o.Kind == solver.Beat {
		return nil, fmt.Errorf("%s: %w", o, errGoalAnalysis)
	}
	if len(r.Columns()) > 1 {
		return nil, widget.RefuseColumns(r, "the analysis of "+o.Strategy())
	}
	p, err := solver.AnalysisPolicy(r, o)
	if err != nil {
		return nil, err
	}
	best, base := p.Table, p.Bytes()
	if opts.Regret && o != solver.Mean {
		mp, err := solver.PolicyFor(r, solver.Mean)
		if err != nil {
			return nil, err
		}
		best, base = mp.Table, base+mp.Bytes()
	}
	f, err := Analyze(p.Space, func() (Decider, error) {
		return &OptimalDecider{Filler: solver.NewGroupFiller(p), P: p}, nil
	}, opts, best, base)
	if f != nil {
		f.Strategy = o.Strategy()
		f.Objective = &ObjectiveFigure{Objective: o, Value: p.Table.Value()}
	}
	return f, err
}

// AnalyzeOneColumn computes the exact figures of a registered strategy on rules r of one
// column, but for target:T and beat:S (analyzeGoal): the optimal strategy and those that
// play for bonus or risk:θ are analysed from their tables; any other strategy is asked for
// its decisions on a sheet built for each state (analyzeStrategy).
func AnalyzeOneColumn(name string, r *engine.Rules, opts Options) (*Figures, error) {
	if o, err := solver.ParseObjective(name); err == nil {
		return analyzeObjective(o, r, opts)
	}
	info, ok := strategies.Lookup(name)
	if !ok {
		_, err := strategies.New(name, r)
		return nil, err
	}
	if info.Table {
		return nil, fmt.Errorf("strategy %s %w", name, ErrTable)
	}
	f, _, err := analyzeStrategy(name, r, func() (strategies.Strategy, error) { return info.New(r) }, opts, false)
	return f, err
}

// errGoalAnalysis: the strategies of target:T and beat:S are analysed by analyzeGoal,
// which follows every score so far.
var errGoalAnalysis = errors.New("a goal of the final score, analysed with the scores so far (analyzeGoal)")

// analyzeStrategy analyses the strategy newStrategy builds (one per worker) on a sheet
// built for each state, and with reach the probability of every state.
func analyzeStrategy(name string, r *engine.Rules, newStrategy func() (strategies.Strategy, error), opts Options, reach bool) (*Figures, *Reach, error) {
	if len(r.Columns()) != 1 {
		// Analyze takes a sheet of several columns to analyzeProductStrategy; the
		// probability of each state is followed on one column only.
		return nil, nil, widget.RefuseColumns(r, "the reach of the states of "+name)
	}
	if err := memlimit.Check(fmt.Sprintf("the exact analysis of %s on rules %s", name, r.Name()), AnalysisMemory(r)); err != nil {
		return nil, nil, err
	}
	sp, err := widget.NewSpace(r, r.MaxUpper(), false)
	if err != nil {
		return nil, nil, err
	}
	sy, err := NewSynth(sp)
	if err != nil {
		return nil, nil, err
	}
	var best *solver.Table
	base := AnalysisMemory(r)
	if opts.Regret {
		p, err := solver.PolicyFor(r, solver.Mean)
		if err != nil {
			return nil, nil, err
		}
		best = p.Table
		base += p.Bytes()
	}
	var rc *Reach
	if reach {
		rc = &Reach{sp: sp, sy: sy}
		opts.reach = &rc.p
	}
	f, err := Analyze(sp, func() (Decider, error) {
		st, err := newStrategy()
		if err != nil {
			return nil, fmt.Errorf("strategy %s: %w", name, err)
		}
		if _, random := st.(strategies.GameStarter); random {
			return nil, fmt.Errorf("strategy %s %w", name, ErrRandom)
		}
		return &StrategyDecider{Synth: sy, Strategy: st, Name: name}, nil
	}, opts, best, base)
	if err != nil {
		return nil, nil, err
	}
	f.Strategy = name
	return f, rc, nil
}

// Transition is one outcome of a turn: the next state, the points gained and its probability.
type Transition struct {
	Next   int32
	Reward int32
	Q      float64
}

// TurnResult is the outcome of the turns of a batch of states, in state order.
type TurnResult struct {
	Src         []int32 // state of each group of transitions
	Count       []int32 // number of transitions of each group
	Transitions []Transition
	Stats       PartialStats
	err         error
}

type PartialStats struct {
	// boxSum and boxZero by box of the sheet (BoxID), bonus by column.
	boxSum, boxZero [engine.MaxSlots]float64
	bonus           [engine.MaxColumns]float64
	extra           float64
	// With regret: the expected cost of the keeps of each roll number, of the boxes, of
	// the turns that end in each box and of each turn, and the costly decisions.
	keepCost [engine.MaxRollsPerTurn]float64
	boxCost  float64
	byBox    [engine.MaxSlots]float64
	byTurn   [engine.MaxSlots]float64
	costly   [len(CostlyAbove)]float64
}

// addCost counts a decision of probability pm that costs cost in turn t.
func (st *PartialStats) addCost(pm, cost float64, t int) {
	st.byTurn[t] += pm * cost
	for i, above := range CostlyAbove {
		if cost > max(above, costEpsilon) {
			st.costly[i] += pm
		}
	}
}

// TurnWorker pushes the probability of one state through one turn.
type TurnWorker struct {
	ws    widget.Walked
	Space *widget.Space // ws's lane space: the boxes' score classes
	d     Decider
	mass  [widget.NumRolls]float64
	q     [widget.NumKeeps]float64
	// With regret: the evaluator of positions of the optimal table, and beside mass and q
	// the cost the games carry since the start of the turn (probability × cost).
	Ev    *Evaluator
	cmass [widget.NumRolls]float64
	cq    [widget.NumKeeps]float64
	// final[b][c]: probability of ending the turn in box b (a BoxID) with a roll of score
	// class c (five of a kind apart: fiveMass[b][face-1]).
	final    [engine.MaxSlots][256]float64
	fiveMass [engine.MaxSlots][engine.NumFaces]float64
	// ends are the turn's final masses of the last state worked out, in the order they
	// are emitted; a state of the same block (blockDecider) ends its turn alike, and
	// reuses them. block is that state's block and mask its filled boxes (block -1: none).
	ends  []turnEnd
	block int
	mask  uint32
}

// turnEnd is the probability of ending a turn in box b with a roll of score class c, or
// with five of a kind of face c+1.
type turnEnd struct {
	b, c int16
	five bool
	m    float64
}

// blockDecider is a decider that tells the block of a state's decisions: two states of the
// same block and the same filled boxes get the same decisions for every roll
// (strategies.Blocked), so that their turns end alike. -1: no block.
type blockDecider interface {
	Block() int
}

func NewTurnWorker(ws widget.Walked, d Decider) *TurnWorker {
	return &TurnWorker{ws: ws, Space: ws.LaneSpace(), d: d, block: -1}
}

func (tw *TurnWorker) Run(i int, p float64, out *TurnResult) error {
	sp := tw.Space
	state := tw.ws.State(i)
	if err := tw.d.Begin(state); err != nil {
		return err
	}
	ev := tw.Ev
	if ev != nil {
		// The optimal table's state: on one column its subtotal is capped and merged
		// (the analysis of another strategy keeps the exact one); several columns are
		// analysed on the table's own space.
		o, mask, u, f := state.O, state.Mask, state.U, state.F
		if pc := ev.t.Product; pc == nil {
			osp := ev.t.Space
			u = osp.Canon(mask, min(osp.UpperCap, u))
		} else if src, ok := tw.ws.(*widget.Product); ok && src != pc {
			o, mask, u, f = pc.StateOf(src, state)
		}
		if !ev.sameState(o, mask, u, f) {
			ev.startState(o, mask, u, f)
		}
	}
	rules := tw.ws.SheetRules()
	open := ^state.Filled & rules.SlotsMask()
	// A state whose decisions are those of the state before ends its turn alike: only
	// without regret, whose costs are the state's own.
	block := -1
	if bd, ok := tw.d.(blockDecider); ok && ev == nil {
		block = bd.Block()
	}
	if block < 0 || block != tw.block || state.Mask != tw.mask {
		if err := tw.play(state, p, open, out); err != nil {
			tw.block = -1
			return err
		}
		tw.block, tw.mask = block, state.Mask
	}
	out.Src = append(out.Src, int32(i))
	n := len(out.Transitions)
	st := &out.Stats
	for _, e := range tw.ends {
		b := int(e.b)
		var x widget.Fill
		if e.five {
			x = tw.ws.FillOf(state, b, widget.FivePoints(rules, state, b, widget.YahtzeeRolls[e.c]), true)
		} else {
			x = tw.ws.FillOf(state, b, sp.ClassScores[b%sp.NumBoxes][e.c], false)
		}
		out.Transitions = append(out.Transitions, Transition{Next: int32(x.Next), Reward: int32(x.Reward), Q: e.m})
		pm := p * e.m
		st.boxSum[b] += pm * float64(x.Points)
		if x.Points == 0 {
			st.boxZero[b] += pm
		}
		if x.UpperBonus {
			st.bonus[b/sp.NumBoxes] += pm
		}
		if x.ExtraBonus {
			st.extra += pm
		}
	}
	out.Count = append(out.Count, int32(len(out.Transitions)-n))
	return nil
}

// play plays the turn of a state (of probability p) with the decider's decisions, and
// leaves in tw.ends the probability of each way it ends (open: the open boxes).
func (tw *TurnWorker) play(state widget.TurnState, p float64, open uint64, out *TurnResult) error {
	sp := tw.Space
	ev := tw.Ev
	turn := state.Turn
	st := &out.Stats
	tw.mass = widget.RollProb
	clear(tw.cmass[:])
	for ru := 1; ru <= sp.Rolls; ru++ {
		for r, m := range tw.mass {
			if m == 0 {
				continue
			}
			roll := engine.Roll(r)
			c := tw.cmass[r]
			if ru < sp.Rolls {
				k := tw.d.Keep(roll, sp.Rolls-ru)
				if ev != nil {
					cost := max(0, ev.BestKeepValue(roll, ru)-ev.KeepValue(roll, ru, k))
					st.keepCost[ru-1] += p * m * cost
					st.addCost(p*m, cost, turn)
					c += m * cost
				}
				if k != roll.Keep() {
					tw.q[k] += m
					tw.cq[k] += c
					continue
				}
			}
			b := tw.d.Box(roll, ru)
			if e := tw.d.Err(); e != nil {
				return e
			}
			if ev != nil {
				cost := max(0, ev.BestBoxValue(roll, ru)-ev.BoxValue(roll, ru, engine.BoxID(b)))
				st.boxCost += p * m * cost
				st.addCost(p*m, cost, turn)
				st.byBox[b] += p * (c + m*cost)
			}
			if face := roll.OfAKind(); face != 0 {
				tw.fiveMass[b][face-1] += m
			} else {
				tw.final[b][sp.ScoreClass[b%sp.NumBoxes][r]] += m
			}
		}
		if e := tw.d.Err(); e != nil {
			return e
		}
		if ru == sp.Rolls {
			break
		}
		// The one-die-at-a-time recurrence, forwards: the mass of a keep spreads over
		// the keeps of one more die, and the cost its games carry with it.
		for k := range widget.RollBase {
			if x := tw.q[k]; x != 0 {
				x *= 1.0 / 6
				c := tw.cq[k] * (1.0 / 6)
				for _, a := range widget.KeepAdd[k] {
					tw.q[a] += x
					tw.cq[a] += c
				}
				tw.q[k], tw.cq[k] = 0, 0
			}
		}
		copy(tw.mass[:], tw.q[widget.RollBase:])
		clear(tw.q[widget.RollBase:])
		copy(tw.cmass[:], tw.cq[widget.RollBase:])
		clear(tw.cq[widget.RollBase:])
	}
	tw.ends = tw.ends[:0]
	for l := open; l != 0; l &= l - 1 {
		b := bits.TrailingZeros64(l)
		for c := range sp.ClassScores[b%sp.NumBoxes] {
			if m := tw.final[b][c]; m != 0 {
				tw.ends = append(tw.ends, turnEnd{b: int16(b), c: int16(c), m: m})
				tw.final[b][c] = 0
			}
		}
		for face, m := range tw.fiveMass[b] {
			if m != 0 {
				tw.ends = append(tw.ends, turnEnd{b: int16(b), c: int16(face), five: true, m: m})
				tw.fiveMass[b][face] = 0
			}
		}
	}
	return nil
}

// Analyze runs the forward pass: the probability of each turn-start state, layer by
// layer of filled boxes, with the first two moments of the score so far (sums of
// p·S and p·S² over the games in the state), from which the mean and the deviation
// follow exactly. Batches of states are worked out in parallel and merged in state
// order, so the figures do not depend on the number of workers. With opts.Regret, best
// is the optimal table the decisions are valued with. base is the memory already taken
// for the analysis (tables, decisions), which the distribution's budget leaves aside.
func Analyze(ws widget.Walked, newDecider func() (Decider, error), opts Options, best *solver.Table, base int64) (*Figures, error) {
	start := time.Now()
	r := ws.SheetRules()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	tws := make([]*TurnWorker, workers)
	for i := range tws {
		d, err := newDecider()
		if err != nil {
			return nil, err
		}
		tws[i] = NewTurnWorker(ws, d)
		if opts.Regret {
			tws[i].Ev = NewEvaluator(best)
			tws[i].Ev.Blocks = true
		}
	}
	n := ws.NumStates()
	p := make([]float64, n)
	a := make([]float64, n) // sum of p·S
	b2 := make([]float64, n)
	first := ws.GroupIndex(widget.StateGroup{}, 0)
	p[first] = 1
	var dist *distribution
	if opts.Distribution {
		dist = NewDistribution(n, opts.DistributionBudget, memlimit.Sum(base, int64(3*8*n)))
		dist.Set(first, 0, []float64{1})
	}
	nu := ws.LaneSpace().NumSubtotals
	turns := ws.Turns()
	var total PartialStats
	reached := 0
	const batch = 4096
	const chunk = 16
	var list []int
	// Result buffers are reused from batch to batch: the garbage collector would
	// otherwise interrupt the workers over and over.
	results := make([]TurnResult, batch/chunk)
	for layer := 0; layer < turns; layer++ {
		list = list[:0]
		for _, g := range ws.LayerGroups(layer) {
			// In the order of the states: a group's subtotals one after the other, which
			// an evaluator works out together.
			for u := range nu {
				if i := ws.GroupIndex(g, u); p[i] != 0 {
					list = append(list, i)
				}
			}
		}
		reached += len(list)
		for lo := 0; lo < len(list); lo += batch {
			part := list[lo:min(lo+batch, len(list))]
			results := results[:(len(part)+chunk-1)/chunk]
			for i := range results {
				res := &results[i]
				res.Src, res.Count, res.Transitions = res.Src[:0], res.Count[:0], res.Transitions[:0]
				res.Stats, res.err = PartialStats{}, nil
			}
			var next atomic.Int64
			var wg sync.WaitGroup
			for _, tw := range tws {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						c := int(next.Add(1)) - 1
						if c >= len(results) {
							return
						}
						res := &results[c]
						for _, i := range part[c*chunk : min((c+1)*chunk, len(part))] {
							if err := tw.Run(i, p[i], res); err != nil {
								res.err = err
								return
							}
						}
					}
				}()
			}
			wg.Wait()
			for ri := range results {
				res := &results[ri]
				if res.err != nil {
					return nil, res.err
				}
				k := 0
				for g, src := range res.Src {
					ps, as, bs := p[src], a[src], b2[src]
					for _, t := range res.Transitions[k : k+int(res.Count[g])] {
						x := float64(t.Reward)
						p[t.Next] += t.Q * ps
						a[t.Next] += t.Q * (as + ps*x)
						b2[t.Next] += t.Q * (bs + 2*as*x + ps*x*x)
					}
					if dist != nil {
						if err := dist.push(int(src), res.Transitions[k:k+int(res.Count[g])]); err != nil {
							return nil, err
						}
					}
					k += int(res.Count[g])
				}
				total.Add(&res.Stats)
			}
		}
		if dist != nil {
			for _, i := range list {
				dist.Drop(i)
			}
		}
	}
	ends := EndStates(ws)
	fig := &Figures{Rules: r.Name(), States: reached, HasBonus: r.UpperPoints() != 0, HasYahtzee: r.FiveOfAKindBox() >= 0}
	mean, m2 := 0.0, 0.0
	for _, i := range ends {
		mean += a[i]
		m2 += b2[i]
	}
	fig.Mean = mean
	fig.SD = math.Sqrt(max(0, m2-mean*mean))
	total.Fill(fig, r, best, opts.Regret)
	if dist != nil {
		fig.DistMin, fig.Distribution = dist.Final(ends)
		fig.DistributionBytes = dist.Peak
	}
	fig.Elapsed = time.Since(start)
	if opts.reach != nil {
		*opts.reach = p
	}
	return fig, nil
}

// EndStates returns the indices of the states of a full sheet, where games end.
func EndStates(ws widget.Walked) []int {
	var ends []int
	for _, g := range ws.LayerGroups(ws.Turns()) {
		for u := range ws.LaneSpace().NumSubtotals {
			ends = append(ends, ws.GroupIndex(g, u))
		}
	}
	return ends
}

// Fill sets the figures a forward pass sums into st: the bonus and yahtzee rates, the
// extra bonuses, the boxes' means and zero rates and, with regret, where the strategy
// loses its points against best, optimal's table. On a sheet of several columns the
// boxes are those of every column (BoxIDs), each column has its bonus rate, PUpperBonus
// is their mean, and PYahtzee (a game with some yahtzee box scored, which the boxes'
// rates do not give) is left out.
func (st *PartialStats) Fill(fig *Figures, r *engine.Rules, best *solver.Table, regret bool) {
	cols, nb := r.Columns(), r.NumBoxes()
	for c, col := range cols {
		fig.PUpperBonus += st.bonus[c] / float64(len(cols))
		if len(cols) > 1 {
			fig.Columns = append(fig.Columns, ColumnFigures{Name: col.Name, PUpperBonus: st.bonus[c]})
		}
	}
	fig.ExtraBonuses = st.extra
	for id := range r.NumSlots() {
		box := r.Boxes()[id%nb]
		fig.Boxes = append(fig.Boxes, BoxFigures{ID: box.ID, Column: id / nb, Mean: st.boxSum[id], ZeroRate: st.boxZero[id]})
	}
	if len(cols) > 1 {
		fig.HasYahtzee = false
	} else if fig.HasYahtzee {
		fig.PYahtzee = 1 - st.boxZero[r.FiveOfAKindBox()]
	}
	if regret {
		rg := &Regret{OptimalMean: best.Expected(), Keep: st.keepCost[:r.Rolls()-1], Box: st.boxCost,
			ByBox: st.byBox[:r.NumSlots()], ByTurn: st.byTurn[:r.NumSlots()], Costly: st.costly}
		rg.Total = rg.Box
		for _, c := range rg.Keep {
			rg.Total += c
		}
		fig.Regret = rg
	}
}

// Add adds the figures of a batch of states.
func (st *PartialStats) Add(o *PartialStats) {
	for bx := range st.boxSum {
		st.boxSum[bx] += o.boxSum[bx]
		st.boxZero[bx] += o.boxZero[bx]
		st.byBox[bx] += o.byBox[bx]
		st.byTurn[bx] += o.byTurn[bx]
	}
	for c := range st.bonus {
		st.bonus[c] += o.bonus[c]
	}
	st.extra += o.extra
	for i := range st.keepCost {
		st.keepCost[i] += o.keepCost[i]
	}
	st.boxCost += o.boxCost
	for i := range st.costly {
		st.costly[i] += o.costly[i]
	}
}

// walkedOf returns the space of table t as an analysis walks it.
func walkedOf(t *solver.Table) widget.Walked {
	if t.Product != nil {
		return t.Product
	}
	return t.Space
}
