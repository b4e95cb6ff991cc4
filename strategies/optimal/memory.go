package optimal

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"

	"yams/engine"
	"yams/internal/memlimit"
)

// spaceShape returns the size of the state space of rules with u capped at capUpper,
// without building it: the boxes, the upper boxes, the subtotals and the flags.
func spaceShape(r *engine.Rules, capUpper int) (nb, nUp, nu, nf int) {
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

// shapeMemory bounds what the state space of a solve of r takes before it is built: the
// values of every state of the dense space (8 bytes a state), the space's tables (about
// as much again) and the tables of the upper subtotals. A solve or a load is checked
// against it first, so that a rule set whose space alone is too large is refused
// without building anything.
func shapeMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := spaceShape(r, r.UpperThreshold()*min(1, r.UpperPoints()))
	states := memlimit.Mul(memlimit.Mul(1<<nb, int64(nu)), int64(nf))
	return memlimit.Sum(memlimit.Mul(states, 16), memlimit.Mul(1<<nUp, int64(nu)*4), 8<<nb, 64<<20)
}

// tableMemory estimates the memory of the optimal strategy of space sp, loaded or solved:
// the values of the dense space, the decisions of play once every group of reachable
// states is decoded (2 bytes a roll), the coded decisions (about 45 bytes a reachable
// state), and the widgets and buffers. On hasbro: 266 MiB, against a peak of 253 MiB for
// an exact analysis of optimal, which decodes every group.
func tableMemory(sp *space) int64 {
	reach := int64(sp.countStates())
	return memlimit.Sum(memlimit.Mul(int64(sp.numStates()), 8), memlimit.Mul(reach, 2*blockLen+53), 64<<20)
}

// tableWhat names the optimal strategy of r in a *memlimit.Error.
func tableWhat(r *engine.Rules) string {
	return "the optimal strategy of rules " + r.Name() + " (its table and decisions)"
}

// checkShapeMemory refuses the optimal strategy of r when the bound of its space is over
// the limit: checked before the space is built, so that nothing is built for it.
func checkShapeMemory(r *engine.Rules) error { return memlimit.Check(tableWhat(r), shapeMemory(r)) }

// checkTableMemory refuses the optimal strategy of space sp, once built, when its table
// and decisions would take more than the limit.
func checkTableMemory(sp *space) error { return memlimit.Check(tableWhat(sp.rules), tableMemory(sp)) }

// analysisMemory estimates the memory of an exact analysis of a strategy other than
// optimal on r: three float64 per state of the space of exact subtotals, and the tables
// that build a sheet for each state.
func analysisMemory(r *engine.Rules) int64 {
	nb, nUp, nu, nf := spaceShape(r, r.MaxUpper())
	states := memlimit.Mul(memlimit.Mul(1<<nb, int64(nu)), int64(nf))
	return memlimit.Sum(memlimit.Mul(states, 3*8), memlimit.Mul(1<<nUp, int64(nu)*3), 8<<nb, 64<<20)
}

// bytes returns the memory of the policy and its table's values once every group is
// decoded (the most it takes).
func (p *policy) bytes() int64 {
	return int64(2*len(p.e16)+4*len(p.e32)+4*len(p.base)+2*len(p.rank)+4*len(p.ready)) + int64(8*len(p.t.v))
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
	Done       bool
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

func tell(n Notice) {
	if f := notify.Load(); f != nil {
		(*f)(n)
	}
}

// reachedShare divides distributionPeak into the estimate of an analysis: the bound
// counts every state a game can reach, and a strategy reaches fewer (optimal's peak and
// the bound: 231 and 444 MiB on hasbro, 57.8 and 61.5 on yams-app, 2.4 and 8.9 on the
// tests' short sheet). Half the bound, times distGCRoom, puts hasbro's analysis with its
// distribution at 991 MiB, where the analysis itself refuses a limit below about 1,000
// (and the process peaks at 843): an estimate as close as the solve's, where the bound
// itself would refuse hasbro's distribution below 1,657 MiB. An analysis that needs
// more than its estimate is still refused as its distribution grows.
const reachedShare = 2

// distributionPeak bounds the memory of the probabilities of an exact distribution of
// the final score over space sp: the analysis holds, for every state of two consecutive
// layers of filled boxes, a dense vector of the scores so far a game can have there, from
// the lowest to the highest. A state's scores so far span at most what its filled boxes
// can hold apart: the lowest to the highest score of each lower box (a joker's
// included, a subtracted box's reversed), the upper boxes' where the subtotal does not
// fix their sum (a subtotal capped, or merged with others out of reach of the bonus),
// and an extra bonus for each box filled after a scored five of a kind.
func distributionPeak(sp *space) int64 {
	var lo, hi [engine.MaxBoxes]int // each box's lowest and highest contribution to the total
	for b := range sp.nb {
		s := sp.boxScores(b)
		if sp.nf == 2 && b == sp.ybox {
			// The flag says whether the box holds 0 (f = 0) or not (f = 1): its span
			// is that of its non-zero scores.
			s = slices.DeleteFunc(s, func(x int) bool { return x == 0 })
		}
		lo[b], hi[b] = s[0], s[len(s)-1]
		if sp.sign[b] < 0 {
			lo[b], hi[b] = -hi[b], -lo[b]
		}
	}
	// The room a vector takes as it grows (distribution.grow): 16 scores on either side.
	const slack = 32
	layers := sp.layers()
	perLayer := make([]int64, len(layers))
	for k, masks := range layers {
		for _, mask := range masks {
			lower, upperMax := 0, 0
			for m := mask; m != 0; m &= m - 1 {
				b := bits.TrailingZeros32(m)
				if sp.upper&(1<<b) != 0 {
					upperMax += hi[b]
				} else {
					lower += hi[b] - lo[b]
				}
			}
			for f := range sp.nf {
				if !sp.groupValid(mask, f) {
					continue
				}
				extras := 0
				if f == 1 {
					extras = sp.extra * (k - 1)
				}
				for _, u := range sp.lanes[sp.up(mask)] {
					upper := 0
					switch {
					case sp.merge && u == 0:
						upper = max(0, min(sp.deadBelow[sp.up(mask)], upperMax+1)-1)
					case int(u) == sp.cap:
						upper = max(0, upperMax-sp.cap)
					}
					perLayer[k] += int64(8 * (lower + upper + extras + 1 + slack))
				}
			}
		}
	}
	var peak int64
	for k := range len(perLayer) - 1 {
		peak = max(peak, perLayer[k]+perLayer[k+1])
	}
	return peak
}

// The memory of what each worker of a simulation holds of its own: its copy of each
// strategy (scratch space, caches) and, measuring regret, its evaluator. The tables they
// share are counted once, where they are loaded or solved.

// sheetShape is what the memory of a worker's structures depends on: the space of a
// column (of the lane column on a sheet of several), the columns of the sheet, and
// whether the value of ending a turn is the same after every roll (no "sec" column).
type sheetShape struct {
	sp       *space
	columns  int
	sameStop bool
}

// shapeOf returns the shape of a sheet of one column.
func shapeOf(sp *space) sheetShape { return sheetShape{sp, 1, sp.sameStop} }

// boxRows is the number of distinct scores of the boxes of the sheet, over its columns:
// the rows a widget values the boxes in.
func (sh sheetShape) boxRows() int {
	rows := 0
	for b := range sh.sp.nb {
		rows += sh.columns * len(sh.sp.clsScore[b])
	}
	return rows
}

// widgetMemory is the memory of a widget of the shape (newWidgetFor): the rows of a turn
// for maxLanes states at once.
func widgetMemory(sh sheetShape) int64 {
	const s = maxLanes
	sp := sh.sp
	n := sp.rolls * numKeeps * s * 8 // lvl
	if !sh.sameStop {
		n += (sp.rolls-1)*numRolls*s*8 + numRolls*s // stop, boxLast
	}
	n += (sp.rolls - 1) * (numRolls*s + 8)               // keep
	n += 2*rollBase*s*8 + max(sh.boxRows(), 1)*s*8 + s*8 // m, mk, cv, e
	n += numRolls*s + 8 + numRolls*s*8                   // box, argf
	return int64(n) + int64(unsafe.Sizeof(widget{}))
}

// goalCacheMemory is the memory of a goal strategy's cache of decisions (newGoalCache).
func goalCacheMemory(rolls int) int64 {
	words := int64(1)
	if wideEntries(rolls) {
		words = 2
	}
	return 8<<goalCacheLog2 + 2*numRolls*words<<goalCacheLog2
}

// turnCacheMemory is the memory of an Evaluator's cache of turns once every slot is
// filled (newTurnCache allocates a slot's values when it first fills it).
func turnCacheMemory(sh sheetShape) int64 {
	size := 1 + sh.sp.rolls*numKeeps + sh.boxRows() // before, the levels, the boxes
	if !sh.sameStop {
		size += (sh.sp.rolls - 1) * numRolls
	}
	slot := 8 + 1 + int64(unsafe.Sizeof([]float64(nil))) + 8*int64(size) // key, hits, values
	return slot<<turnCacheLog2 + int64(unsafe.Sizeof(turnCache{}))
}

// evaluatorMemory is the memory of an Evaluator at its largest: its widget, its rows of
// the boxes and its cache of turns full.
func evaluatorMemory(sh sheetShape) int64 {
	return widgetMemory(sh) + turnCacheMemory(sh) + int64(8*maxLanes*(sh.boxRows()+1)) + int64(unsafe.Sizeof(Evaluator{}))
}

// strategyMemory is the memory of the optimal strategy of a worker: on a sheet of one
// column a Strategy (newStrategyFrom), its widget and the buffer its group filler works
// out a group's decisions with; on a sheet of several a productStrategy, its widget and
// its cache of turns, filled.
func strategyMemory(sh sheetShape) int64 {
	if sh.columns > 1 {
		return widgetMemory(sh) + int64(1<<productCacheLog2)*int64(8+unsafe.Sizeof(productTurn{})) + int64(unsafe.Sizeof(productStrategy{}))
	}
	return widgetMemory(sh) + int64(4*maxLanes*blockLen) + int64(unsafe.Sizeof(Strategy{}))
}

// goalWorkerMemory is the memory of a worker's goal strategy (goalBatch): its cache of
// decisions, its widget, the optimal strategy it plays where the goal is settled, and the
// turns of the games in play that miss the cache.
func goalWorkerMemory(sh sheetShape) int64 {
	return goalCacheMemory(sh.sp.rolls) + widgetMemory(sh) + strategyMemory(sh) +
		goalBatchGames*int64(unsafe.Sizeof(goalMiss{})) + int64(unsafe.Sizeof(goalBatch{}))
}

// playShape returns the shape of the sheet of rules r, and the memory of the optimal
// strategy's table, estimated before anything is built beyond the columns' spaces: the
// bound of the space is checked first, the product of the columns' for several.
func playShape(r *engine.Rules) (sheetShape, int64, error) {
	if len(r.Columns()) == 1 {
		if err := checkShapeMemory(r); err != nil {
			return sheetShape{}, 0, err
		}
		sp, err := newSolverSpace(r)
		if err != nil {
			return sheetShape{}, 0, err
		}
		return shapeOf(sp), tableMemory(sp), nil
	}
	if err := checkProductMemory(r); err != nil {
		return sheetShape{}, 0, err
	}
	values, _, err := productSize(r)
	if err != nil {
		return sheetShape{}, 0, err
	}
	cols, lane, err := columnSpaces(r)
	if err != nil {
		return sheetShape{}, 0, err
	}
	sh := sheetShape{sp: cols[lane], columns: len(cols), sameStop: true}
	for _, c := range r.Columns() {
		sh.sameStop = sh.sameStop && !c.FirstRollOnly
	}
	return sh, productMemory(values), nil
}

// PlayMemory estimates the memory a simulation of the strategies names on rules r takes
// (of one column or several),
// with regret the evaluator of every decision: shared, what the workers share, the tables
// of this package's strategies that the process holds (the strategies built, as a run
// builds them before its games) and the table the evaluators read; and perWorker, what each
// worker adds, its copy of each strategy of this package and its evaluator. A goal
// strategy (target:T, beat:S) keeps a cache of decisions of 64 MiB per worker (128 MiB
// on rules of more than three rolls), an evaluator a cache of turns (24 MB on hasbro);
// the other strategies of this package a widget of a megabyte or two, the heuristics
// nothing worth counting. Names that are not of this package add nothing.
func PlayMemory(r *engine.Rules, names []string, regret bool) (shared, perWorker int64, err error) {
	var sh *sheetShape
	var table int64
	shape := func() (sheetShape, error) {
		if sh == nil {
			s, t, err := playShape(r)
			if err != nil {
				return s, err
			}
			sh, table = &s, t
		}
		return *sh, nil
	}
	for _, name := range names {
		if name == "win" {
			s, err := shape()
			if err != nil {
				return 0, 0, err
			}
			perWorker += winWorkerMemory(s)
			continue
		}
		o, perr := ParseObjective(name)
		if perr != nil {
			continue
		}
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		if o.Kind == Target || o.Kind == Beat {
			perWorker += goalWorkerMemory(s)
		} else {
			perWorker += strategyMemory(s)
		}
	}
	if regret {
		s, err := shape()
		if err != nil {
			return 0, 0, err
		}
		// The evaluator reads a table of its own (LoadOrSolve), and takes the best
		// options from a strategy of it.
		shared += table
		perWorker += evaluatorMemory(s) + strategyMemory(s)
	}
	return shared + sharedMemory(r) + winSharedMemory(r), perWorker, nil
}

// winWorkerMemory is the memory of a worker's win strategy (newWinStrategyOf): the
// optimal strategy it plays in the opening and where the game is settled, and its winTurn.
func winWorkerMemory(sh sheetShape) int64 {
	return strategyMemory(sh) + winTurnMemory(sh.sp) + int64(unsafe.Sizeof(winStrategy{}))
}

// winSharedMemory is the memory of the distributions of the points still to come that
// the process holds for the win strategies of rules r (winSharedFor): the player's own and
// every model of the others, each once. The policy beside them is sharedMemory's.
func winSharedMemory(r *engine.Rules) int64 {
	winShares.Lock()
	sh := winShares.m[r.Hash()]
	winShares.Unlock()
	if sh == nil {
		return 0
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	seen := map[*remaining]bool{}
	var n int64
	for _, m := range sh.models {
		if !seen[m.rm] {
			seen[m.rm] = true
			n += m.rm.bytes()
		}
	}
	return n
}

// sharedMemory is the memory of the tables of rules r that the process keeps for the
// strategies that play them (sharedFor): a policy's table and decisions at their largest,
// a goal's values. It is called once the strategies are built, not while a table is
// loaded or solved.
func sharedMemory(r *engine.Rules) int64 {
	shared.Lock()
	defer shared.Unlock()
	var n int64
	for key, e := range shared.m {
		if !strings.HasPrefix(key, r.Hash()+" ") || e.t == nil {
			continue
		}
		switch {
		case e.p != nil:
			n += e.p.bytes()
		case e.t.gv != nil:
			n += 8 * int64(len(e.t.gv.v))
		}
	}
	return n
}

// CheckAnalysis refuses, before anything is loaded, solved or analysed, an exact analysis
// of strategy name on rules r (Analyze, with opts) whose estimate is over the limit:
// the bound of the state space first, without building it, then the tables the analysis
// loads or solves (a goal's values, the optimal strategy's table beside it, the mean's
// for regret), its arrays over the states, what its workers hold (opts.Workers, 0 for one
// per CPU), and with a distribution the probabilities of the scores so far (half their
// bound, distributionPeak/reachedShare, distGCRoom times over for the copies the garbage
// collector has yet to reclaim), against opts.DistributionBudget (or the limit). Analyze checks as it goes
// too; this check spares a computation of minutes that would be refused in the end. It
// is nil for a name of no strategy and for rules no analysis takes (Analyze says what is
// wrong with them); on a sheet of several columns it checks the table alone.
func CheckAnalysis(name string, r *engine.Rules, opts Options) error {
	return checkAnalyses([]string{name}, r, opts, false)
}

// CheckAnalyses is CheckAnalysis for the analyses of names one after another, as yams
// frontier runs them, optimal's first: its table stays in memory for the others.
func CheckAnalyses(names []string, r *engine.Rules, opts Options) error {
	return checkAnalyses(names, r, opts, true)
}

func checkAnalyses(names []string, r *engine.Rules, opts Options, meanKept bool) error {
	for _, name := range names {
		if err := checkAnalysis(name, r, opts, meanKept); err != nil {
			return err
		}
	}
	return nil
}

// checkAnalysis is CheckAnalysis; meanKept says that the process holds the mean's table
// beside the analysis.
func checkAnalysis(name string, r *engine.Rules, opts Options, meanKept bool) error {
	if len(r.Columns()) != 1 {
		// A sheet of several columns: its table is checked before anything is built;
		// the analysis checks the rest as it goes.
		return checkProductMemory(r)
	}
	limit := memlimit.Limit()
	if opts.Distribution && opts.DistributionBudget > 0 {
		limit = opts.DistributionBudget
	}
	what := fmt.Sprintf("the exact analysis of %s on rules %s", name, r.Name())
	if opts.Distribution {
		what += " with its distribution"
	}
	check := func(need int64) error {
		if need > limit {
			return &memlimit.Error{What: what, Need: need, Limit: limit}
		}
		return nil
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// What the workers of the analysis hold: each a widget it decides with (a goal's
	// worker two, the goal's and the mean's), and with regret an evaluator of its own,
	// which evaluates blocks of states without a cache of turns.
	perWorkers := func(sp *space, widgets int64) int64 {
		n := widgets * widgetMemory(shapeOf(sp))
		if opts.Regret {
			n += evaluatorMemory(shapeOf(sp)) - turnCacheMemory(shapeOf(sp))
		}
		return memlimit.Mul(int64(workers), n)
	}
	// The probabilities of the scores so far, and a vector's header for every state.
	distribution := func(sp *space) int64 {
		return memlimit.Sum(int64(32*sp.numStates()), memlimit.Mul(distGCRoom, distributionPeak(sp)/reachedShare))
	}
	o, perr := ParseObjective(name)
	if perr != nil {
		// A strategy analysed state by state, over the exact subtotals.
		if err := check(analysisMemory(r)); err != nil {
			return err
		}
		sp, err := newSpace(r, r.MaxUpper(), false)
		if err != nil {
			return nil
		}
		need := memlimit.Sum(analysisMemory(r), perWorkers(sp, 1))
		if opts.Regret {
			if err := check(memlimit.Sum(need, shapeMemory(r))); err != nil {
				return err
			}
			ssp, err := newSolverSpace(r)
			if err != nil {
				return nil
			}
			need = memlimit.Sum(need, tableMemory(ssp))
		}
		if opts.Distribution {
			need = memlimit.Sum(need, distribution(sp))
		}
		return check(need)
	}
	if err := check(shapeMemory(r)); err != nil {
		return err
	}
	sp, err := newSolverSpace(r)
	if err != nil {
		return nil
	}
	table := tableMemory(sp)
	// The table, the moments of every state, and the workers.
	need := memlimit.Sum(table, int64(3*8*sp.numStates()), perWorkers(sp, 1))
	switch o.Kind {
	case Target, Beat:
		// The goal's values beside the mean's table, a second widget per worker; the
		// distribution is always computed. Beat's goal is at most as wide as the scores.
		gl := goal{from: o.Target, upto: o.Target}
		if o.Kind == Beat {
			lowest, highest := sp.finalBounds()
			gl = goal{from: lowest, upto: highest + 1}
		} else if err := o.check(sp); err != nil {
			if errors.Is(err, memlimit.ErrTooLarge) {
				return err
			}
			return nil // Analyze says what is wrong with the target
		}
		values := memlimit.Mul(8, newGoalValues(sp, gl).size())
		return check(memlimit.Sum(need, perWorkers(sp, 1), values, distribution(sp)))
	case UpperBonus:
		need = memlimit.Sum(need, table) // the mean's table, which bonus plays once the bonus is settled
	case Risk:
		if opts.Regret || meanKept {
			need = memlimit.Sum(need, table) // the mean's table beside
		}
	}
	if opts.Distribution {
		need = memlimit.Sum(need, distribution(sp))
	}
	return check(need)
}
