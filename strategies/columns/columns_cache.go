package columns

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"

	"yams/engine"
	"yams/internal/cachedir"
	"yams/internal/outfile"
	"yams/strategies/solver"
)

// columnData is what column-tables reads on a rule set of several columns: the exact
// table of each column played alone, and the flexTable fitted to the rule set. A process
// builds it once per rule set (columnDataFor) and its strategies share it read-only.
type columnData struct {
	rules  *engine.Rules
	tables []*solver.Table
	flex   *flexTable // nil on a sheet whose table of counts would be too large
}

// flexSeed is the dice's seed of the flexTable's fit.
const flexSeed = 0x636f6c756d6e73 // "columns"

// FitRounds and FitGames are the fit's rounds of games (and one more to weigh the last
// table) and the games of a round. Six rounds: the damped rounds settle by the fifth on the
// sheets measured (docs/columns.md). Variables for the tests, here and in the packages that
// play column-tables on their small sheets, which fit with fewer: the fit's provenance
// names both, so that a cache never reads one fit for another.
var FitRounds, FitGames = 6, 20000

// flexFitVersion is the version of the fit: raise it whenever fitFlex, or the play of
// column-tables it fits, changes, so that a cached fit made by an older build is made
// again rather than read.
const flexFitVersion = 3

// flexProvenance returns what produces the flexTable of this build: recorded in its file
// (solver.Meta.Fit), a file of another is fitted again.
func flexProvenance() string {
	return fmt.Sprintf("column-tables flexTable fit v%d: %d rounds of %d games, seed %#x, columns' tables v%d",
		flexFitVersion, FitRounds, FitGames, flexSeed, solver.TableVersion)
}

// errOtherFit rejects a flexTable file fitted otherwise than this build fits.
var errOtherFit = errors.New("fitted by another build")

var columnStore struct {
	sync.Mutex
	m map[string]*columnEntry
}

type columnEntry struct {
	once sync.Once
	d    *columnData
	err  error
}

// columnDataFor returns the process-wide columnData of rules r, loading or solving the
// columns' tables and loading or fitting the flexTable (and caching it) the first time.
func columnDataFor(r *engine.Rules) (*columnData, error) {
	columnStore.Lock()
	if columnStore.m == nil {
		columnStore.m = map[string]*columnEntry{}
	}
	e := columnStore.m[r.Hash()]
	if e == nil {
		e = &columnEntry{}
		columnStore.m[r.Hash()] = e
	}
	columnStore.Unlock()
	e.once.Do(func() { e.d, e.err = loadColumnData(r) })
	return e.d, e.err
}

// columnTables returns the exact tables of the columns of r, each played alone.
func columnTablesOf(r *engine.Rules) ([]*solver.Table, error) {
	var tables []*solver.Table
	for c, col := range r.Columns() {
		cr, err := r.ColumnRules(c)
		if err != nil {
			return nil, err
		}
		e := solver.SharedFor(cr, solver.Mean)
		if e.Err != nil {
			return nil, fmt.Errorf("the table of column %s: %w", col.Name, e.Err)
		}
		tables = append(tables, e.Table)
	}
	return tables, nil
}

func loadColumnData(r *engine.Rules) (*columnData, error) {
	tables, err := columnTablesOf(r)
	if err != nil {
		return nil, err
	}
	d := &columnData{rules: r, tables: tables}
	if _, ok := newFlexTable(len(r.Columns()), r.NumBoxes()); !ok {
		return d, nil
	}
	path, err := flexPath(r)
	var rejected error // a file of the fit that cannot be used: fitted again, and said
	if err == nil {
		ft, err := readTableFile(path, r, ColumnTablesName, flexProvenance())
		if err == nil {
			d.flex = ft
			return d, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			rejected = err
		}
	}
	notice := solver.Notice{Rules: r.Name(), Strategy: ColumnTablesName, Path: path, Layers: FitRounds, CacheBytes: int64(8 * pow(r.NumBoxes()+1, len(r.Columns()))), Rejected: rejected}
	solver.Tell(notice)
	ft, err := fitFlex(d, FitRounds, FitGames, flexSeed, 0, func(round int) {
		notice.Layer = round
		solver.Tell(notice)
	})
	if err != nil {
		return nil, err
	}
	notice.Done = true
	solver.Tell(notice)
	ft.fit = flexProvenance()
	d.flex = ft
	if path != "" {
		ft.writeTableFile(path, r, ColumnTablesName) // a table that cannot be cached is fitted again next time
	}
	return d, nil
}

// flexPath returns the cache file of the flexTable of rules r.
func flexPath(r *engine.Rules) (string, error) {
	dir, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, fmt.Sprintf("optimal-%s-%s.v%d.table", r.Hash(), ColumnTablesName, solver.TableVersion)), nil
}

// The flexTable's file is a table file (table.go) whose shape is (boxes, radix, columns,
// rolls, 0), whose metadata names the objective column-tables, and whose values are the
// table's cells: yams cache lists and clears it with the others.
func (ft *flexTable) Shape(r *engine.Rules) [5]uint32 {
	return [5]uint32{uint32(r.NumBoxes()), uint32(ft.radix), uint32(ft.cols), uint32(r.Rolls()), 0}
}

func (ft *flexTable) encode(w io.Writer, r *engine.Rules, objective string) error {
	h := sha256.New()
	cw := &solver.CountWriter{Widget: io.MultiWriter(w, h)}
	head := make([]byte, solver.HeaderSize)
	copy(head, solver.TableMagic)
	binary.LittleEndian.PutUint32(head[8:], solver.TableVersion)
	for i, x := range ft.Shape(r) {
		binary.LittleEndian.PutUint32(head[12+4*i:], x)
	}
	copy(head[32:64], r.Hash())
	m, err := json.Marshal(solver.Meta{Rules: r.Spec(), Objective: objective, Solved: time.Now().UTC().Truncate(time.Second), States: len(ft.v), Fit: ft.fit})
	if err != nil {
		return err
	}
	head = binary.LittleEndian.AppendUint32(head, uint32(len(m)))
	head = append(head, m...)
	head = binary.LittleEndian.AppendUint64(head, uint64(len(ft.v)))
	for i, x := range ft.v {
		if !ft.ok[i] {
			x = math.NaN() // a cell the games did not trust
		}
		head = binary.LittleEndian.AppendUint64(head, math.Float64bits(x))
	}
	cw.Write(head)
	cw.Write(h.Sum(nil))
	return cw.Err
}

// writeTableFile writes the table to path, its metadata naming objective (column-tables
// for a flexTable, column-tables calibration for a Calibration).
func (ft *flexTable) writeTableFile(path string, r *engine.Rules, objective string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return outfile.Write(path, func(w io.Writer) error { return ft.encode(w, r, objective) })
}

// readTableFile reads and checks a table file of rules r written by writeTableFile for
// objective, made as fit says (flexProvenance, calibrationProvenance).
func readTableFile(path string, r *engine.Rules, objective, fit string) (*flexTable, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return &solver.TableError{Path: path, Kind: solver.ErrCorrupt, Detail: fmt.Sprintf(format, args...)}
	}
	if err := solver.CheckHeadAndSum(path, data, int64(len(data)), func() ([]byte, error) {
		sum := sha256.Sum256(data[:len(data)-solver.SumSize])
		if !bytes.Equal(sum[:], data[len(data)-solver.SumSize:]) {
			return nil, nil
		}
		return sum[:], nil
	}); err != nil {
		return nil, err
	}
	ft, ok := newFlexTable(len(r.Columns()), r.NumBoxes())
	if !ok {
		return nil, bad("no table of counts for %d columns", len(r.Columns()))
	}
	src := bufio.NewReader(bytes.NewReader(data[:len(data)-solver.SumSize]))
	head := make([]byte, solver.HeaderSize+4)
	if _, err := io.ReadFull(src, head); err != nil {
		return nil, bad("header")
	}
	if hash := string(bytes.TrimRight(head[32:64], "\x00")); hash != r.Hash() {
		return nil, &solver.TableError{Path: path, Kind: solver.ErrForeign, Detail: fmt.Sprintf("rules hash %s, want %s", hash, r.Hash())}
	}
	for i, want := range ft.Shape(r) {
		if got := binary.LittleEndian.Uint32(head[12+4*i:]); got != want {
			return nil, bad("shape %d is %d, want %d", i, got, want)
		}
	}
	mb := make([]byte, binary.LittleEndian.Uint32(head[solver.HeaderSize:]))
	var m solver.Meta
	if _, err := io.ReadFull(src, mb); err != nil || json.Unmarshal(mb, &m) != nil || m.Objective != objective {
		return nil, bad("metadata")
	}
	if m.Fit != fit {
		made := fmt.Sprintf("%q", m.Fit)
		if m.Fit == "" {
			made = "no record of its fit (an older build's)"
		}
		return nil, &solver.TableError{Path: path, Kind: errOtherFit, Detail: fmt.Sprintf("%s, where this build's is %q", made, fit)}
	}
	ft.fit = fit
	var n uint64
	if err := binary.Read(src, binary.LittleEndian, &n); err != nil || n != uint64(len(ft.v)) {
		return nil, bad("%d values, want %d", n, len(ft.v))
	}
	vr := solver.ValueReader{Src: src, Left: 8 * len(ft.v), Chunk: make([]byte, 8<<10)}
	for i := range ft.v {
		x := vr.Next()
		ft.ok[i] = !math.IsNaN(x)
		if ft.ok[i] {
			ft.v[i] = x
		}
	}
	if vr.Err != nil {
		return nil, bad("values: %v", vr.Err)
	}
	if _, err := src.ReadByte(); !errors.Is(err, io.EOF) {
		return nil, bad("data after the values")
	}
	return ft, nil
}
