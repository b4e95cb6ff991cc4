package optimal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"yams/engine"
	"yams/internal/outfile"
)

// Table file layout, all integers little-endian:
//
//	magic "YAMS-OPT", version uint32, then nb, nu, nf, rolls, merge (uint32 each): the
//	shape of the state space; the rules hash (32 bytes, zero-padded); the number of
//	values (uint64); the values (float64 each, dense over the states); the SHA-256 of
//	everything before it.
//
// A reader checks all of it before trusting a single value: a file that fails is
// rebuilt, never used.
const (
	tableMagic   = "YAMS-OPT"
	tableVersion = 1
	headerSize   = 8 + 4 + 5*4 + 32 + 8
	sumSize      = sha256.Size
)

// EnvCacheDir names the environment variable that overrides the table cache directory.
const EnvCacheDir = "YAMS_CACHE_DIR"

// TableError is a table file that cannot be trusted: Kind says why.
type TableError struct {
	Path   string
	Kind   error // ErrCorrupt, ErrVersion or ErrForeign
	Detail string
}

func (e *TableError) Error() string {
	return fmt.Sprintf("table %s: %v: %s", e.Path, e.Kind, e.Detail)
}

func (e *TableError) Unwrap() error { return e.Kind }

// Reasons for rejecting a table file.
var (
	ErrCorrupt = errors.New("corrupt or truncated")
	ErrVersion = errors.New("unknown format version")
	ErrForeign = errors.New("made for other rules")
)

func (sp *space) shape() [5]uint32 {
	merge := uint32(0)
	if sp.merge {
		merge = 1
	}
	return [5]uint32{uint32(sp.nb), uint32(sp.nu), uint32(sp.nf), uint32(sp.rolls), merge}
}

// MarshalBinary encodes the table in the file format.
func (t *Table) MarshalBinary() ([]byte, error) {
	buf := make([]byte, headerSize, headerSize+8*len(t.v)+sumSize)
	copy(buf, tableMagic)
	binary.LittleEndian.PutUint32(buf[8:], tableVersion)
	for i, x := range t.sp.shape() {
		binary.LittleEndian.PutUint32(buf[12+4*i:], x)
	}
	h := t.rules.Hash()
	if len(h) > 32 {
		return nil, fmt.Errorf("rules hash %q longer than 32 bytes", h)
	}
	copy(buf[32:64], h)
	binary.LittleEndian.PutUint64(buf[64:], uint64(len(t.v)))
	for _, x := range t.v {
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
	}
	sum := sha256Sum(buf)
	return append(buf, sum[:]...), nil
}

func sha256Sum(b []byte) [sumSize]byte { return sha256.Sum256(b) }

// decodeTable checks and decodes a table file of rules; path names it in errors.
func decodeTable(path string, data []byte, r *engine.Rules) (*Table, error) {
	bad := func(kind error, format string, args ...any) error {
		return &TableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	if len(data) < headerSize+sumSize || string(data[:8]) != tableMagic {
		return nil, bad(ErrCorrupt, "no table header")
	}
	body, sum := data[:len(data)-sumSize], data[len(data)-sumSize:]
	if got := sha256Sum(body); !bytes.Equal(got[:], sum) {
		return nil, bad(ErrCorrupt, "checksum mismatch")
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != tableVersion {
		return nil, bad(ErrVersion, "version %d, this program reads %d", v, tableVersion)
	}
	hash := string(bytes.TrimRight(data[32:64], "\x00"))
	if hash != r.Hash() {
		return nil, bad(ErrForeign, "rules hash %s, want %s (%s)", hash, r.Hash(), r.Name())
	}
	sp, err := newSolverSpace(r)
	if err != nil {
		return nil, err
	}
	for i, want := range sp.shape() {
		if got := binary.LittleEndian.Uint32(data[12+4*i:]); got != want {
			return nil, bad(ErrForeign, "state space shape %d is %d, want %d", i, got, want)
		}
	}
	n := binary.LittleEndian.Uint64(data[64:])
	if n != uint64(sp.numStates()) || uint64(len(body)-headerSize) != 8*n {
		return nil, bad(ErrCorrupt, "%d values in %d bytes, want %d values", n, len(body)-headerSize, sp.numStates())
	}
	t := &Table{rules: r, sp: sp, v: make([]float64, n)}
	for i := range t.v {
		t.v[i] = math.Float64frombits(binary.LittleEndian.Uint64(body[headerSize+8*i:]))
	}
	return t, nil
}

// ReadTable reads and checks the table file of rules r.
func ReadTable(path string, r *engine.Rules) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return decodeTable(path, data, r)
}

// WriteFile writes the table atomically (see package outfile).
func (t *Table) WriteFile(path string) error {
	data, err := t.MarshalBinary()
	if err != nil {
		return err
	}
	return outfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// CacheDir returns the directory of cached tables: $YAMS_CACHE_DIR if set, else yams/
// in the user cache directory.
func CacheDir() (string, error) {
	if d := os.Getenv(EnvCacheDir); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set %s): %w", EnvCacheDir, err)
	}
	return filepath.Join(d, "yams"), nil
}

// CachePath returns the cache file of the table of rules r, named by the rules hash.
func CachePath(r *engine.Rules) (string, error) {
	d, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, fmt.Sprintf("optimal-%s.v%d.table", r.Hash(), tableVersion)), nil
}

// decisionsPath is the cache file of the decisions that go with a table file.
func decisionsPath(tablePath string) string {
	return strings.TrimSuffix(tablePath, ".table") + ".decisions"
}

// CacheStatus tells where a table and its decisions came from.
type CacheStatus struct {
	Path   string
	Loaded bool          // read from Path
	Load   time.Duration // time to read and check the file
	// Rejected is why an existing file was not used (nil if there was none or it was used).
	Rejected error
	// WriteErr is why the solved table could not be saved; the table is good all the same.
	WriteErr error

	// The same for the file of the optimal decisions of every state.
	DecisionsPath     string
	DecisionsLoaded   bool
	DecisionsTime     time.Duration // to read the file, or to work the decisions out
	DecisionsRejected error
	DecisionsWriteErr error
}

// LoadOrSolve returns the table of rules r from the cache, or solves it and saves it
// there, with the decisions of the optimal strategy in every state beside it (a second
// file, which makes a fresh process play at full speed from its first game). With force
// it solves whatever the cache holds.
func LoadOrSolve(r *engine.Rules, force bool, workers int) (*Table, CacheStatus, error) {
	t, _, st, err := loadOrSolve(r, force, workers)
	return t, st, err
}

func loadOrSolve(r *engine.Rules, force bool, workers int) (*Table, *policy, CacheStatus, error) {
	var st CacheStatus
	if len(r.Columns()) != 1 {
		return nil, nil, st, errColumns(r)
	}
	path, err := CachePath(r)
	if err != nil {
		st.WriteErr = err
	}
	st.Path = path
	if path != "" {
		st.DecisionsPath = decisionsPath(path)
	}
	if path != "" && !force {
		start := time.Now()
		t, err := ReadTable(path, r)
		if err == nil {
			st.Loaded, st.Load = true, time.Since(start)
			start = time.Now()
			p := newPolicy(t)
			err := p.readFile(st.DecisionsPath)
			if err == nil {
				st.DecisionsLoaded, st.DecisionsTime = true, time.Since(start)
				return t, p, st, nil
			}
			if !errors.Is(err, fs.ErrNotExist) {
				st.DecisionsRejected = err
			}
			p.fill(workers)
			st.DecisionsTime = time.Since(start)
			st.DecisionsWriteErr = p.writeFile(st.DecisionsPath)
			return t, p, st, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	start := time.Now()
	sp, err := newSolverSpace(r)
	if err != nil {
		return nil, nil, st, err
	}
	t, p := solveSpace(r, sp, workers, true)
	t.Elapsed = time.Since(start)
	if path != "" {
		st.WriteErr = t.WriteFile(path)
		st.DecisionsWriteErr = p.writeFile(st.DecisionsPath)
	}
	return t, p, st, nil
}
