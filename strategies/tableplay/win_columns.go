package tableplay

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/columns"
	"yams/strategies/turnplan"
	"yams/strategies/widget"
)

// columnsWin plays "win" on a sheet of several columns, where no exact table of the whole
// sheet exists (or, where one does, no table of the distributions of its points to come):
// it plays wherever column-tables plays, from estimates.
//
// A player's points still to come are estimated as the sum of its columns' played alone
// (each column's distribution under optimal play of that column: a remaining table of
// the column's rules, exact) plus what the choice among columns adds, column-tables's
// calibration (columns.Calibration, the mean measured over its games for each count of
// open boxes per column), a shift of the sum's distribution. That is win's model of its
// own future and of every other player's: column-tables's play, whose calibration it is.
// With one column open the estimate is exact (the calibration is 0 there), and win then
// decides as it does on that column alone.
//
// A turn's options are valued as on one column: a final score s is worth u(s), the
// chance that nobody ends above s, from the others' estimated distributions; ending the
// turn in column c, with reward points and the column in state next, is worth
//
//	Σ_r P_c(r points to come from next) · u_c(points so far + reward + r)
//
// where u_c(y) = Σ_k Q_c(k) · u(y + k) folds in the other columns' points to come and
// the calibration after the turn (Q_c, their distribution shifted). The keeps then
// maximise the expectation of the best (column, box) of the final roll (a
// turnplan.TurnSolver, as column-tables plans its turns). Options whose chances differ
// by less than about 1e-10 are told apart by the expected final score; where u is the same
// over every final score the turn can reach, and in the first half of the game, it plays
// column-tables's decisions.
type columnsWin struct {
	sh    *columnsWinShared
	ct    strategies.Strategy // column-tables: the opening and settled turns
	table *strategies.Table
	// opening is the turns at the start of its game that it plays as column-tables does.
	opening int
	// The turn in play: what its decisions depend on, whether it is settled, its plan.
	key, next          []int64
	has, settled       bool
	solver             turnplan.TurnSolver
	first, later       [widget.NumRolls]float64
	boxFirst, boxLater [widget.NumRolls]uint8
	anySec             bool
	gains              []columns.ColumnGains
	// Scratch: the own columns' states, the others' (nc a player) and points, their
	// distributions, u and u_c.
	own    []colState
	others []colState
	otherP []int
	opp    []opponent
	oppQ   []shifted
	util   winUtility
	uc     []float64
	conv   convolver
	bound  [engine.MaxColumns][2]int
	q      [engine.MaxColumns]shifted
}

// colState is a column's state on a sheet: its index in the column's space, and the
// state's parts.
type colState struct {
	i    int
	mask uint32
	u, f int
	open int
}

// columnsWinShared is what the workers' win strategies of a rule set of several columns
// share: each column's distributions of the points to come (a column's, played alone
// under optimal play) and column-tables's calibration.
type columnsWinShared struct {
	rules *engine.Rules
	nb    int
	cols  []*remaining
	sec   []bool
	cal   *columns.Calibration
}

var columnsWinShares struct {
	sync.Mutex
	m map[string]*columnsWinShared
}

// columnsWinSharedFor returns the process-wide tables of win on rules r of several
// columns, made once.
func columnsWinSharedFor(r *engine.Rules) (*columnsWinShared, error) {
	columnsWinShares.Lock()
	defer columnsWinShares.Unlock()
	if sh := columnsWinShares.m[r.Hash()]; sh != nil {
		return sh, nil
	}
	sh := &columnsWinShared{rules: r, nb: r.NumBoxes()}
	for c, col := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, err
		}
		rm, err := remainingFor(cr, "optimal")
		if err != nil {
			return nil, fmt.Errorf("win: the points to come of column %s: %w", col.Name, err)
		}
		sh.cols, sh.sec = append(sh.cols, rm), append(sh.sec, col.FirstRollOnly)
	}
	cal, err := columns.CalibrationFor(r)
	if err != nil {
		return nil, fmt.Errorf("win: %w", err)
	}
	sh.cal = cal
	if columnsWinShares.m == nil {
		columnsWinShares.m = map[string]*columnsWinShared{}
	}
	columnsWinShares.m[r.Hash()] = sh
	return sh, nil
}

func newColumnsWin(r *engine.Rules) (*columnsWin, error) {
	sh, err := columnsWinSharedFor(r)
	if err != nil {
		return nil, err
	}
	ct, err := strategies.New(columns.ColumnTablesName, r)
	if err != nil {
		return nil, err
	}
	n := len(r.Columns())
	return &columnsWin{sh: sh, ct: ct, opening: columnsWinOpening(r.NumSlots()), gains: make([]columns.ColumnGains, n), own: make([]colState, n)}, nil
}

// columnsWinOpening is the turns at the start of a game of several columns that win plays
// as column-tables does: see columnsWinOpeningShare.
func columnsWinOpening(turns int) int { return int(float64(turns) * columnsWinOpeningShare) }

// columnsWinOpeningShare is the share of a game of several columns that win plays as
// column-tables does.
//
// Against column-tables at two players, the same dice, from the first quarter of the game
// and from its half: on the family sheet 51.87% and 51.67% of 20,000 tables (± 0.69%), the
// half three times as fast; on yams's free and top-down columns 50.60% and 50.87% of
// 100,000 (± 0.31%; the first without the spread of the comparison, columnsWin.excess).
const columnsWinOpeningShare = 0.5

// Join implements strategies.TableStrategy: every other player is modelled as
// column-tables plays (WinAssumes).
func (s *columnsWin) Join(players []string) error {
	if len(players) > winKeyWords {
		return fmt.Errorf("%d players: win plays at a table of %d at most", len(players), winKeyWords)
	}
	return nil
}

// DependsOn implements strategies.Dependent: what its play reads beyond the rules and the
// build, column-tables's fit and its calibration, so that the games of two are never added
// up.
func (s *columnsWin) DependsOn() string {
	d := "win: column-tables's calibration " + s.sh.cal.Identity()
	if ct, ok := s.ct.(strategies.Dependent); ok {
		d += "; " + ct.DependsOn()
	}
	return d
}

// SeeTable implements strategies.TableStrategy.
func (s *columnsWin) SeeTable(t *strategies.Table) { s.table = t }

// Keep returns the keep of the best chance of winning.
func (s *columnsWin) Keep(sh *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if s.load(sh); s.settled {
		return s.ct.Keep(sh, r, rollsLeft)
	}
	return s.solver.Keep(r, rollsLeft)
}

// Box returns the (column, box) of the best chance of winning.
func (s *columnsWin) Box(sh *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if s.load(sh); s.settled {
		return s.ct.Box(sh, r, rollsUsed)
	}
	if rollsUsed == 1 && s.anySec {
		return engine.BoxID(s.boxFirst[r])
	}
	return engine.BoxID(s.boxLater[r])
}

// states sets st to the columns' states of sheet sh and returns its points so far (the
// upper bonus counted as soon as earned, as the columns' tables count it).
func (s *columnsWin) states(sh *engine.Sheet, st []colState) int {
	filled := sh.FilledMask()
	for c, rm := range s.sh.cols {
		sp := rm.sp
		mask, u, f := sp.ColumnState(sh, filled, c, s.sh.nb)
		st[c] = colState{i: sp.Index(mask, u, f), mask: mask, u: u, f: f, open: s.sh.nb - bits.OnesCount32(mask)}
	}
	return int(analysis.SolverPoints(sh))
}

// load plans the turn of sheet own at the table last seen, unless it is planned.
func (s *columnsWin) load(own *engine.Sheet) {
	if own.Rules() != s.sh.rules && own.Rules().Hash() != s.sh.rules.Hash() {
		panic(fmt.Sprintf("tableplay: a sheet of rules %s handed to the strategy win of rules %s", own.Rules().Name(), s.sh.rules.Name()))
	}
	t := s.table
	if t == nil || len(t.Sheets) < 2 || own.Turn() < s.opening {
		s.settled, s.has = true, false
		return
	}
	// The key: every player's columns' states and points, the own first.
	p := s.states(own, s.own)
	s.next = s.next[:0]
	for _, st := range s.own {
		s.next = append(s.next, int64(st.i))
	}
	s.next = append(s.next, int64(p))
	nc := len(s.own)
	s.others, s.otherP = s.others[:0], s.otherP[:0]
	for seat, o := range t.Sheets {
		if seat == t.Seat {
			continue
		}
		k := len(s.others)
		s.others = slices.Grow(s.others, nc)[:k+nc]
		op := s.states(o, s.others[k:])
		s.otherP = append(s.otherP, op)
		for _, st := range s.others[k:] {
			s.next = append(s.next, int64(st.i))
		}
		s.next = append(s.next, int64(op))
	}
	if s.has && slices.Equal(s.key, s.next) {
		return
	}
	s.key, s.next = s.next, s.key
	s.has = true
	s.settled = !s.plan(p)
}

// plan plans the turn of the own columns' states (s.own) with p points so far against
// the others of the key, and reports false where the turn is settled.
func (s *columnsWin) plan(p int) bool {
	nc := len(s.own)
	// The others' final scores, spread by what the columns played alone leave out of the
	// variance of their points to come and of this player's own (the comparison of two
	// final scores depends on the variance of their difference: the own part is put on
	// each other player's, exactly so at two players, the own part taken as at the turn's
	// start for every option).
	ownSpread := s.excess(s.own)
	s.opp = s.opp[:0]
	for j, op := range s.otherP {
		var open [engine.MaxColumns]int
		var w [engine.MaxColumns]int64
		st := s.others[j*nc : (j+1)*nc]
		for c, x := range st {
			open[c], w[c] = x.open, int64(x.i)
		}
		for len(s.oppQ) <= j {
			s.oppQ = append(s.oppQ, shifted{})
		}
		s.oppQ[j] = s.conv.sum(s.sh.cols, w[:nc], -1, s.sh.cal.Beyond(open[:nc]), ownSpread+s.excess(st), s.oppQ[j])
		s.opp = append(s.opp, opponent{lo: op + s.oppQ[j].lo, p: s.oppQ[j].p})
	}
	// The own options: for each open column, the final scores its options reach, and the
	// others' points to come after the turn.
	lo, hi := math.MaxInt, math.MinInt
	var idx [engine.MaxColumns]int64
	var open [engine.MaxColumns]int
	for c, st := range s.own {
		idx[c], open[c] = int64(st.i), st.open
	}
	// What the choice among columns adds to the points to come after the turn, the same
	// for every option: the calibration from this turn's start, less this turn's share
	// (the mean, over the open columns, of the calibration after a turn in each). The
	// choice of a column takes column-tables's own correction alone (Choice): differences
	// of the calibration between counts are its turns' means, too noisy to steer by (a
	// correction fitted from them plays worse on most sheets, columns.flexTable).
	beyond, nopen := 0.0, 0
	for c, st := range s.own {
		if st.open > 0 {
			open[c]--
			beyond += s.sh.cal.Beyond(open[:nc])
			open[c]++
			nopen++
		}
	}
	beyond /= float64(nopen)
	for c, st := range s.own {
		if st.open == 0 {
			continue
		}
		rm := s.sh.cols[c]
		b := &s.bound[c]
		b[0], b[1] = math.MaxInt, math.MinInt
		s.gains[c].Work(rm.sp, st.mask, st.u, st.f, s.sh.sec[c], func(next, reward int) float64 {
			l, d := rm.dist(next)
			b[0], b[1] = min(b[0], p+reward+l), max(b[1], p+reward+l+len(d)-1)
			return 0
		})
		s.q[c] = s.conv.sum(s.sh.cols, idx[:nc], c, beyond+s.sh.cal.Choice(open[:nc], c), 0, s.q[c])
		lo, hi = min(lo, b[0]+s.q[c].lo), max(hi, b[1]+s.q[c].lo+len(s.q[c].p)-1)
	}
	s.util.fillU(lo, hi, s.opp)
	if s.util.settled() {
		return false
	}
	for r := range widget.NumRolls {
		s.first[r], s.later[r] = math.Inf(-1), math.Inf(-1)
	}
	s.anySec = false
	for c, st := range s.own {
		if st.open == 0 {
			continue
		}
		rm, b, q := s.sh.cols[c], s.bound[c], &s.q[c]
		// u_c(y) for y from b[0] to b[1], and the tie-break: the expected final score.
		n := b[1] - b[0] + 1
		if cap(s.uc) < n {
			s.uc = make([]float64, n)
		}
		uc := s.uc[:n]
		for y := range uc {
			uc[y] = winDot(q.p, s.util.u[b[0]+y+q.lo-s.util.uLo:]) + winTieBreak*(float64(b[0]+y)+q.mean)
		}
		s.gains[c].Work(rm.sp, st.mask, st.u, st.f, s.sh.sec[c], func(next, reward int) float64 {
			l, d := rm.dist(next)
			return winDot(d, uc[p+reward+l-b[0]:])
		})
		g := &s.gains[c]
		s.anySec = s.anySec || s.sh.sec[c]
		slot := uint8(c * s.sh.nb)
		lg, lb := g.Later(s.sh.sec[c])
		for r := range widget.NumRolls {
			if x := g.Gain[0][r]; x > s.first[r] {
				s.first[r], s.boxFirst[r] = x, slot+g.Box[0][r]
			}
			if x := lg[r]; x > s.later[r] {
				s.later[r], s.boxLater[r] = x, slot+lb[r]
			}
		}
	}
	if s.anySec {
		s.solver.Plan(&s.first, &s.later, s.sh.rules.Rolls())
	} else {
		s.solver.Plan(&s.later, &s.later, s.sh.rules.Rolls())
	}
	return true
}

// excess is the variance of the points still to come from the columns' states st that the
// columns played alone leave out: the calibration's spread less the sum of the columns'
// variances, 0 if less (and with one column open, where the columns' tables are exact).
func (s *columnsWin) excess(st []colState) float64 {
	var open [engine.MaxColumns]int
	v := 0.0
	for c, x := range st {
		open[c] = x.open
		l, d := s.sh.cols[c].dist(x.i)
		var m, m2 float64
		for k, p := range d {
			y := float64(l + k)
			m += float64(p) * y
			m2 += float64(p) * y * y
		}
		v += m2 - m*m
	}
	return max(0, s.sh.cal.Spread(open[:len(st)])-v)
}

// shifted is a distribution of points: the probability of lo+k is p[k]; mean is its mean.
type shifted struct {
	lo   int
	p    []float32
	mean float64
}

// convolver sums the points to come of columns: the convolution of their distributions,
// shifted by the calibration. The sum so far is kept reversed, so that each of its
// probabilities is a dot product of a column's distribution with a contiguous stretch of
// it (winDot: the AVX kernels, the same bits on every processor).
type convolver struct {
	a, b   []float64
	kernel []float32
	// weights is normalKernel's scratch: a decision allocates nothing.
	weights []float64
}

// add convolves the sum with distribution d.
func (cv *convolver) add(d []float32) {
	na, nd := len(cv.a), len(d)
	n := na + nd - 1
	cv.b = slices.Grow(cv.b[:0], n)[:n]
	for m := range n {
		k0, k1 := max(0, m-na+1), min(nd-1, m)
		cv.b[n-1-m] = winDot(d[k0:k1+1], cv.a[na-1-m+k0:])
	}
	cv.a, cv.b = cv.b, cv.a
}

// minSpread is the least variance (in points²) by which a sum is spread.
const minSpread = 1

// normalKernel appends to dst the weights of a bell of variance v over the integers from
// −k to k (k = 5·√v, beyond which less than 1e-6 of it lies), exp(−j²/2v) normalised,
// worked out by products from one exponential of a series, so that the weights have the
// same bits on every processor. w is scratch, returned grown.
func normalKernel(dst []float32, w []float64, v float64) ([]float32, []float64) {
	k := int(math.Ceil(5 * math.Sqrt(v)))
	// r = exp(−1/2v) by its series, x small; then w_j = r^(j²), w_{j+1} = w_j·r^(2j+1).
	x := -1 / (2 * v)
	r, term := 1.0, 1.0
	for n := 1; n < 30; n++ {
		term *= x / float64(n)
		r += term
	}
	w = slices.Grow(w[:0], k+1)[:k+1]
	w[0] = 1
	step, sum := r, 1.0
	for j := 1; j <= k; j++ {
		w[j] = w[j-1] * step
		step *= r * r
		sum += 2 * w[j]
	}
	for j := -k; j <= k; j++ {
		dst = append(dst, float32(w[abs(j)]/sum))
	}
	return dst, w
}

func abs(j int) int {
	if j < 0 {
		return -j
	}
	return j
}

// sum returns the distribution of the points still to come of the columns in states w
// (indices of each column's space) but column skip (−1: none), plus beyond points (split
// between the two integers around it, so that the mean moves by beyond exactly), its
// probabilities written over those of into.
//
// With spread, the sum is spread further by a centred bell of that variance (normalKernel):
// the part of the points to come's variance that the columns played alone do not show.
func (cv *convolver) sum(cols []*remaining, w []int64, skip int, beyond, spread float64, into shifted) shifted {
	cv.a = append(cv.a[:0], 1) // reversed: a[len(a)−1−i] is the probability of lo+i
	lo := 0
	for c, rm := range cols {
		if c == skip {
			continue
		}
		l, d := rm.dist(int(w[c]))
		lo += l
		if len(d) == 1 && d[0] == 1 {
			continue // a full column
		}
		cv.add(d)
	}
	if spread >= minSpread {
		cv.kernel, cv.weights = normalKernel(cv.kernel[:0], cv.weights, spread)
		cv.add(cv.kernel)
		lo -= len(cv.kernel) / 2
	}
	base := math.Floor(beyond)
	frac := beyond - base
	lo += int(base)
	na := len(cv.a)
	out := into.p[:0]
	mean := 0.0
	for i := range na + 1 {
		x := 0.0
		if i < na {
			x += (1 - frac) * cv.a[na-1-i]
		}
		if i > 0 {
			x += frac * cv.a[na-i]
		}
		out = append(out, float32(x))
		mean += x * float64(lo+i)
	}
	return shifted{lo: lo, p: out, mean: mean}
}
