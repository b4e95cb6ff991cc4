package columns

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
	"yams/strategies/analysis"
)

// flexTable is what the choice among columns adds to the sum of the columns' values: a
// number for every count of open boxes per column. The sum of the columns' values is the
// value of playing them one after the other, every box a turn of its own; with several
// columns open, each turn's dice go where they serve best, and that is worth more the more
// boxes are open in more columns (on yams's top-down and bottom-up columns, about 89
// points at the start). It is fitted by simulation (fitFlex): the strategy's own games
// tell what each turn gains beyond the columns' values, from each count.
type flexTable struct {
	cols, radix int
	v           []float64
	// ok[i] tells a cell the games met often enough to be trusted: the strategy corrects
	// its choice of column only between trusted cells.
	ok []bool
	// fit says what produced the table (flexProvenance; empty in the tests' own fits).
	fit string
	// id is the table's identity (identity), worked out once.
	once sync.Once
	id   string
	// fallback is the value of an untrusted cell for the rollouts' control variate, by
	// count of open boxes (smooth), worked out once.
	fallbackOnce sync.Once
	fallback     []float64
}

// maxFlexCells bounds a flexTable: 14^5 cells for five columns of thirteen boxes.
const maxFlexCells = 1 << 20

// flexMinVisits is the visits of a cell by the games of a round that make it trusted.
const flexMinVisits = 64

func newFlexTable(cols, boxes int) (*flexTable, bool) {
	n := 1
	for range cols {
		n *= boxes + 1
		if n > maxFlexCells {
			return nil, false
		}
	}
	return &flexTable{cols: cols, radix: boxes + 1, v: make([]float64, n), ok: make([]bool, n)}, true
}

// cell returns the cell of a count of open boxes per column.
func (ft *flexTable) cell(open []int) int {
	i := 0
	for c := len(open) - 1; c >= 0; c-- {
		i = i*ft.radix + open[c]
	}
	return i
}

// delta returns what the table adds to scoring in column c from cell here: 0 unless both
// cells are trusted.
func (ft *flexTable) delta(here, c int) float64 {
	there := here - pow(ft.radix, c)
	if !ft.ok[here] || !ft.ok[there] {
		return 0
	}
	return ft.v[there] - ft.v[here]
}

// flexSums gathers, cell by cell, what the games went on to score beyond the columns'
// values from the turns that started in the cell.
type flexSums struct {
	sum, sq []float64 // the sums of what the games went on to score, and of its squares
	count   []int64
}

func newFlexSums(ft *flexTable) flexSums {
	return flexSums{sum: make([]float64, len(ft.v)), sq: make([]float64, len(ft.v)), count: make([]int64, len(ft.v))}
}

func (fs *flexSums) Add(o *flexSums) {
	for i := range fs.sum {
		fs.sum[i] += o.sum[i]
		fs.sq[i] += o.sq[i]
		fs.count[i] += o.count[i]
	}
}

// table returns the cells' values from the sums: the mean, over the turns that started in
// a cell, of what the game went on to score beyond the columns' values there (a Monte
// Carlo estimate: the estimate of each cell from the next ones, a temporal difference,
// was measured and plays worse, 345.7 against 349.1 on yams's top-down and bottom-up
// columns, for the counts are not the whole state); a cell is trusted when met at least
// flexMinVisits times, and a full sheet is 0. With before (the table the games played,
// nil for none), a cell that both trust is the mean of its value there and its new
// estimate: the fit's rounds move halfway, for a table estimated under one play changes
// the play it is used by (undamped, the rounds' tables oscillate: on hasbro's top-down and
// bottom-up columns, 332.2, 345.4, 350.0 after three rounds against 332.2, 346.4, 350.5
// damped, and 352.9 after six).
func (fs *flexSums) table(cols, radix int, before *flexTable) *flexTable {
	ft := &flexTable{cols: cols, radix: radix, v: make([]float64, len(fs.sum)), ok: make([]bool, len(fs.sum))}
	ft.ok[0] = true
	for i := 1; i < len(fs.sum); i++ {
		if fs.count[i] >= flexMinVisits {
			ft.v[i], ft.ok[i] = fs.sum[i]/float64(fs.count[i]), true
			if before != nil && before.ok[i] {
				ft.v[i] = (before.v[i] + ft.v[i]) / 2
			}
		}
	}
	return ft
}

// fitFlex fits the flexTable of the columns' strategy of d by simulation: rounds of
// games played by the strategy with the table of the round before (the first with none),
// each round's table made of its games' turns (flexSums.table: approximate policy
// iteration on the counts of open boxes, damped), the games telling what each turn was
// expected to gain (expectedGains: the turn's dice left out, which makes the estimate of
// a cell five times as precise as the game's final score does). Every round plays the
// same games on the same dice, turn by turn (engine.Tape), so that the rounds compare in
// pairs: the table kept is the one whose round scored the most, if that beats the round
// without a table by more than twice the standard error of the paired difference, and
// none otherwise. The games of a round are split in fixed chunks whose sums add in chunk
// order: the fit does not depend on the number of workers. It returns nil when the sheet
// has too many columns for a table of its counts, and a table that trusts no cell when
// no table earns its place.
func fitFlex(d *columnData, rounds, games int, seed uint64, workers int, progress func(round int)) (*flexTable, error) {
	r := d.rules
	ft, ok := newFlexTable(len(r.Columns()), r.NumBoxes())
	if !ok {
		return nil, nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var played []*flexTable // the table each round played with (nil: none)
	var scores [][]int32    // each round's final score of each game
	for round := range rounds + 1 {
		var flex *flexTable
		if round > 0 {
			flex = ft
		}
		total, score := playRound(d, flex, ft, games, seed, workers, expectedGains)
		played, scores = append(played, flex), append(scores, score)
		if round == rounds {
			break // the last round plays the last table, to weigh it
		}
		ft = total.table(ft.cols, ft.radix, flex)
		if progress != nil {
			progress(round + 1)
		}
	}
	best, bestGain := -1, 0.0
	for k := 1; k < len(scores); k++ {
		gain, se := pairedGain(scores[0], scores[k])
		if flexCurve != nil {
			flexCurve(k, played[k], gain, se)
		}
		if gain > 2*se && gain > bestGain {
			best, bestGain = k, gain
		}
	}
	if best < 0 {
		// No table earns its place: one that trusts no cell, which corrects nothing (and
		// which the cache keeps, so that the fit is not made again).
		none, _ := newFlexTable(ft.cols, ft.radix-1)
		return none, nil
	}
	return played[best], nil
}

// The target of a turn start in playRound: what the game went on to score beyond the
// columns' values, or the sum of what its turns were expected to gain (the same
// expectation, without the dice of the turns themselves).
const (
	finalScore    = false
	expectedGains = true
)

// flexCurve, when not nil, is told each round's table and what it gains over none, in
// the round's games (the test that measures the fit's curve, TestFlexFitCurve).
var flexCurve func(round int, ft *flexTable, gain, se float64)

// playRound plays games of column-tables on d with the flexTable flex (nil: none) on the
// dice of seed, with workers goroutines, and returns the sums of the cells of shape's
// counts (of the target expected) and each game's final score. The games are split in
// fixed chunks whose sums add in chunk order: the result does not depend on the number of
// workers.
func playRound(d *columnData, flex, shape *flexTable, games int, seed uint64, workers int, expected bool) (flexSums, []int32) {
	const chunk = 2048
	chunks := (games + chunk - 1) / chunk
	parts := make([]flexSums, chunks)
	score := make([]int32, games)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			fp := newFlexPlayer(newColumnTablesOf(d, flex), shape)
			fp.expected = expected
			for {
				k := int(next.Add(1)) - 1
				if k >= chunks {
					return
				}
				parts[k] = newFlexSums(shape)
				for g := k * chunk; g < min((k+1)*chunk, games); g++ {
					score[g] = fp.play(rand.NewPCG(seed, uint64(g)), &parts[k])
				}
			}
		})
	}
	wg.Wait()
	total := newFlexSums(shape)
	for i := range parts {
		total.Add(&parts[i])
	}
	return total, score
}

// pairedGain returns the mean of b[i] − a[i] and its standard error.
func pairedGain(a, b []int32) (mean, se float64) {
	n := float64(len(a))
	var sum, sq float64
	for i := range a {
		d := float64(b[i] - a[i])
		sum += d
		sq += d * d
	}
	mean = sum / n
	return mean, math.Sqrt(max(0, sq/n-mean*mean) / n)
}

// flexPlayer plays games of the columns' strategy and notes, at each turn start, the
// count of open boxes and what the sheet holds beyond the columns' values, or (expected)
// what the turn is expected to gain.
type flexPlayer struct {
	ct       *columnTables
	ft       *flexTable
	expected bool
	sheet    engine.Sheet
	tape     engine.Tape
	cells    []int
	bases    []float64
}

func newFlexPlayer(ct *columnTables, ft *flexTable) *flexPlayer {
	return &flexPlayer{ct: ct, ft: ft, sheet: engine.NewSheet(ct.rules)}
}

// base returns the sheet's points as the solver counts them plus the columns' values, and
// the cell of its count of open boxes.
func (fp *flexPlayer) base(sh *engine.Sheet) (float64, int) {
	ct := fp.ct
	filled := sh.FilledMask()
	x := analysis.SolverPoints(sh)
	var open [engine.MaxColumns]int
	for c := range ct.cols {
		p := &ct.cols[c]
		sp := p.sp
		mask, u, f := sp.ColumnState(sh, filled, c, ct.nb)
		x += p.t.Values[sp.Index(mask, u, f)]
		open[c] = ct.nb - bits.OnesCount32(mask)
	}
	return x, fp.ft.cell(open[:len(ct.cols)])
}

// play plays one game on dice g, a tape a turn, adds its turn starts to sums and returns
// its final score.
func (fp *flexPlayer) play(g *rand.PCG, sums *flexSums) int32 {
	ct, sh, tape := fp.ct, &fp.sheet, &fp.tape
	sh.Reset()
	fp.cells, fp.bases = fp.cells[:0], fp.bases[:0]
	rolls := ct.rolls
	for !sh.Done() {
		x, cell := fp.base(sh)
		if fp.expected {
			// What the turn's plan expects it to gain: the points and the columns' values
			// it adds, and the flexTable's correction of the column it will choose, which
			// is taken out below once the choice is made.
			ct.plan(sh)
			x = ct.solver.Expected()
		}
		fp.cells, fp.bases = append(fp.cells, cell), append(fp.bases, x)
		tape.Draw(g, rolls)
		roll := tape.First()
		used := 1
		for ; used < rolls && sh.Legal(roll, used+1) != 0; used++ {
			k := ct.Keep(sh, roll, rolls-used)
			if k == roll.Keep() {
				break
			}
			roll = tape.Reroll(k)
		}
		box := ct.Box(sh, roll, used)
		if fp.expected && ct.flex != nil {
			fp.bases[len(fp.bases)-1] -= ct.flex.delta(cell, int(box)/ct.nb)
		}
		sh.Fill(box, roll)
	}
	final := sh.Total()
	if fp.expected {
		// From each turn start, the sum of the expected gains of the turns left.
		acc := 0.0
		for i := len(fp.cells) - 1; i >= 0; i-- {
			acc += fp.bases[i]
			c := fp.cells[i]
			sums.sum[c] += acc
			sums.sq[c] += acc * acc
			sums.count[c]++
		}
		return int32(final)
	}
	for i, c := range fp.cells {
		d := float64(final) - fp.bases[i]
		sums.sum[c] += d
		sums.sq[c] += d * d
		sums.count[c]++
	}
	return int32(final)
}

// identity returns the fit's provenance and the sha256 of its cells (each value, NaN
// where the cell is not trusted), once.
func (ft *flexTable) identity() string {
	ft.once.Do(func() {
		h := sha256.New()
		var b [8]byte
		for i, x := range ft.v {
			if !ft.ok[i] {
				x = math.NaN()
			}
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
			h.Write(b[:])
		}
		ft.id = fmt.Sprintf("%s; cells sha256:%x", ft.fit, h.Sum(nil))
	})
	return ft.id
}
