package columns

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/strategies/solver"
)

// Calibration is what column-tables goes on to score beyond the sum of its columns'
// values, as it plays (its flexTable included), from each count of open boxes per
// column: the mean, over the turns of its own games that started there, of the final
// score less the points so far and Σ_c V_c. Added to the points so far and the columns'
// values, it is the strategy's expected final score from a position, calibrated on its
// games; the strategy win plays several columns from it (strategies/tableplay), as its
// own future and every other player's.
//
// A cell is its own mean where its games measure it to half a point (a standard error of
// 0.5 or less, from 64 turns on); elsewhere the mean of the turns that started with as
// many boxes open in as many columns stands for it. With one column open it is 0: the
// strategy then plays that column as optimal plays it alone, whose expected points still
// to come are V_c exactly.
type Calibration struct {
	ft *flexTable
	// spread is the variance of what column-tables goes on to score beyond the points so
	// far and the columns' values, by count, trusted and completed as ft is.
	spread *flexTable
	flex   *flexTable // column-tables's own correction, nil if none
}

// The calibration's games and their dice.
const (
	calibrationSeed    = 0x63616c6962 // "calib"
	calibrationVersion = 1
	// calibrationSE is the standard error under which a cell is its own mean.
	calibrationSE = 0.5
)

// CalibrationGames is the games of the calibration (a variable: the tests calibrate small
// sheets with fewer, here and in the packages that play win on several columns; the
// calibration's provenance names it).
var CalibrationGames = 32768

// calibrationProvenance returns what produces the calibration of this build: the games,
// their dice, and the play of column-tables, which the flexTable's fit names.
func calibrationProvenance() string {
	return fmt.Sprintf("column-tables calibration v%d: %d games, seed %#x, standard error %g; %s",
		calibrationVersion, CalibrationGames, calibrationSeed, calibrationSE, flexProvenance())
}

// CalibrationName names the calibration in the notices of its measure (solver.Notice's
// Strategy, its Layers the games) and in its file in the cache.
const CalibrationName = ColumnTablesName + " calibration"

// calibrationObjective and spreadObjective are the objectives of the calibration's two
// files: its means, and its variances.
const (
	calibrationObjective = CalibrationName
	spreadObjective      = CalibrationName + " spread"
)

var calibrationStore struct {
	sync.Mutex
	m map[string]*calibrationEntry
}

type calibrationEntry struct {
	once sync.Once
	c    *Calibration
	err  error
}

// CalibrationFor returns the process-wide calibration of column-tables on rules r of
// several columns, read from the cache or measured (and cached) the first time. A sheet
// whose table of counts would be too large (more than 2^20 cells) has none: an error.
func CalibrationFor(r *engine.Rules) (*Calibration, error) {
	calibrationStore.Lock()
	if calibrationStore.m == nil {
		calibrationStore.m = map[string]*calibrationEntry{}
	}
	e := calibrationStore.m[r.Hash()]
	if e == nil {
		e = &calibrationEntry{}
		calibrationStore.m[r.Hash()] = e
	}
	calibrationStore.Unlock()
	e.once.Do(func() { e.c, e.err = loadCalibration(r) })
	return e.c, e.err
}

func loadCalibration(r *engine.Rules) (*Calibration, error) {
	if len(r.Columns()) < 2 {
		return nil, fmt.Errorf("rules %s have one column: no choice among columns to calibrate", r.Name())
	}
	if _, ok := newFlexTable(len(r.Columns()), r.NumBoxes()); !ok {
		return nil, fmt.Errorf("rules %s: %d columns of %d boxes make too many counts of open boxes to calibrate", r.Name(), len(r.Columns()), r.NumBoxes())
	}
	d, err := columnDataFor(r)
	if err != nil {
		return nil, err
	}
	path, err := calibrationPath(r, calibrationObjective)
	spath, serr := calibrationPath(r, spreadObjective)
	var rejected error
	if err == nil && serr == nil {
		ft, err := readTableFile(path, r, calibrationObjective, calibrationProvenance())
		if err == nil {
			var spread *flexTable
			spread, err = readTableFile(spath, r, spreadObjective, calibrationProvenance())
			if err == nil {
				return &Calibration{ft: ft, spread: spread, flex: d.flex}, nil
			}
		}
		if !errors.Is(err, fs.ErrNotExist) {
			rejected = err
		}
	}
	notice := solver.Notice{Rules: r.Name(), Strategy: CalibrationName, Path: path, Layers: CalibrationGames, CacheBytes: int64(16 * pow(r.NumBoxes()+1, len(r.Columns()))), Rejected: rejected}
	solver.Tell(notice)
	c := calibrate(d, CalibrationGames, calibrationSeed, runtime.GOMAXPROCS(0))
	c.ft.fit, c.spread.fit = calibrationProvenance(), calibrationProvenance()
	notice.Layer, notice.Done = CalibrationGames, true
	solver.Tell(notice)
	if err == nil && serr == nil {
		// One that cannot be cached is measured again next time.
		if c.ft.writeTableFile(path, r, calibrationObjective) == nil {
			c.spread.writeTableFile(spath, r, spreadObjective)
		}
	}
	return c, nil
}

// calibrationPath returns the cache file of the calibration of rules r whose objective
// is objective (calibrationObjective, spreadObjective).
func calibrationPath(r *engine.Rules, objective string) (string, error) {
	dir, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	name := strings.ReplaceAll(objective, " ", "-")
	return filepath.Join(dir, fmt.Sprintf("optimal-%s-%s.v%d.table", r.Hash(), name, solver.TableVersion)), nil
}

// calibrate measures the calibration of column-tables on d from games on the dice of
// seed, with workers goroutines (the result does not depend on their number).
func calibrate(d *columnData, games int, seed uint64, workers int) *Calibration {
	r := d.rules
	ft, _ := newFlexTable(len(r.Columns()), r.NumBoxes())
	sums, _ := playRound(d, d.flex, ft, games, seed, workers, finalScore) // the spread is the games' own
	// The coarse cells: as many boxes open in as many columns.
	cols, nb := ft.cols, r.NumBoxes()
	coarse := func(cell int) (key, openCols int) {
		total := 0
		for c := 0; c < cols; c++ {
			n := cell % ft.radix
			cell /= ft.radix
			total += n
			if n > 0 {
				openCols++
			}
		}
		return total*(cols+1) + openCols, openCols
	}
	nc := (cols*nb + 1) * (cols + 1)
	csum, csq, ccount := make([]float64, nc), make([]float64, nc), make([]int64, nc)
	for i, n := range sums.count {
		k, _ := coarse(i)
		csum[k] += sums.sum[i]
		csq[k] += sums.sq[i]
		ccount[k] += n
	}
	spread, _ := newFlexTable(cols, nb)
	variance := func(sum, sq float64, n int64) float64 {
		m := sum / float64(n)
		return max(0, sq/float64(n)-m*m)
	}
	for i := range ft.v {
		ft.ok[i], spread.ok[i] = true, true
		k, openCols := coarse(i)
		n := sums.count[i]
		switch {
		case openCols <= 1:
			ft.v[i], spread.v[i] = 0, 0
		case n >= flexMinVisits && math.Sqrt(variance(sums.sum[i], sums.sq[i], n)/float64(n)) <= calibrationSE:
			ft.v[i], spread.v[i] = sums.sum[i]/float64(n), variance(sums.sum[i], sums.sq[i], n)
		case ccount[k] >= flexMinVisits:
			ft.v[i], spread.v[i] = csum[k]/float64(ccount[k]), variance(csum[k], csq[k], ccount[k])
		default:
			ft.v[i], spread.v[i] = 0, 0 // no game comes here
		}
	}
	return &Calibration{ft: ft, spread: spread, flex: d.flex}
}

// Beyond returns what column-tables goes on to score beyond the points so far and the
// columns' values from a sheet with open[c] boxes open in column c.
func (c *Calibration) Beyond(open []int) float64 { return c.ft.v[c.ft.cell(open)] }

// Spread returns the variance of what column-tables goes on to score from a sheet with
// open[c] boxes open in column c, less the points so far and the columns' values (so the
// uncertainty of Beyond's estimate included), and 0 where one column is open: the
// columns' tables then give the distribution exactly.
func (c *Calibration) Spread(open []int) float64 { return c.spread.v[c.spread.cell(open)] }

// Choice returns what column-tables adds to scoring in column col from a sheet with
// open[c] boxes open in column c, beside the columns' values: its flexTable's correction,
// 0 where it has none and where one column is open (the correction then moves every
// option alike, and what the choice among columns adds is exactly 0).
func (c *Calibration) Choice(open []int, col int) float64 {
	openCols := 0
	for _, n := range open {
		if n > 0 {
			openCols++
		}
	}
	if c.flex == nil || openCols < 2 {
		return 0
	}
	return c.flex.delta(c.flex.cell(open), col)
}

// Identity returns what produced the calibration and the sha256 of its cells, means and
// spreads.
func (c *Calibration) Identity() string {
	return c.ft.identity() + "; spread " + strings.TrimPrefix(c.spread.identity(), c.spread.fit+"; ")
}
