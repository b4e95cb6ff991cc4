package solver

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
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
	"yams/internal/cachedir"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/widget"
)

// Table file layout, all integers little-endian:
//
//	magic "YAMS-OPT", version uint32, then nb, nu, nf, rolls, merge (uint32 each): the
//	shape of the state space; the rules hash (32 bytes, zero-padded); the length of the
//	metadata (uint32) and the metadata, JSON (the rule set, the objective, the date of
//	the solve: what yams cache lists); the number of values (uint64) and the values
//	(float64 each) of the states games reach, group after group in increasing mask and
//	flag, each group's subtotals in increasing order; the number of groups (uint64, 0
//	when the file has no decisions), then the number of layers (uint32), the code
//	lengths of each layer's tables (decisions.go), the offsets of the groups' decisions
//	(uint64 each, one more than the groups) and the decisions; the SHA-256 of everything
//	before it.
//
// A reader checks all of it before trusting a single value: a file that fails is
// rebuilt, never used.
const (
	TableMagic   = "YAMS-OPT"
	TableVersion = 3
	HeaderSize   = 8 + 4 + 5*4 + 32
	SumSize      = sha256.Size
)

// TableError is a table file that cannot be trusted: Kind says why.
type TableError struct {
	Path   string
	Kind   error // errCorrupt, errVersion or errForeign
	Detail string
}

func (e *TableError) Error() string {
	return fmt.Sprintf("table %s: %v: %s", e.Path, e.Kind, e.Detail)
}

func (e *TableError) Unwrap() error { return e.Kind }

// Reasons for rejecting a table file.
var (
	ErrCorrupt = errors.New("corrupt or truncated")
	errVersion = errors.New("unknown format version")
	ErrForeign = errors.New("made for other rules")
)

// Meta is the metadata of a table file.
type Meta struct {
	Rules     engine.Spec `json:"rules"`
	Objective string      `json:"objective"`
	Solved    time.Time   `json:"solved"`
	States    int         `json:"states"`
	// Goal is the utility of the final score of target:T and beat:S (for beat:S, from the
	// opponent's distribution when it was solved).
	Goal *goalMeta `json:"goal,omitempty"`
	// Fit says what produced a table fitted by games rather than solved (column-tables's
	// flexTable): its fit's version and parameters. A reader refits a file whose Fit is
	// not the one its build would make.
	Fit string `json:"fit,omitempty"`
}

// goalMeta is a goal as the metadata holds it.
type goalMeta struct {
	From    int       `json:"from"`
	Upto    int       `json:"upto"`
	Utility []float64 `json:"utility"`
}

// encode writes the table in the file format.
func (t *Table) encode(w io.Writer) (int64, error) {
	h := sha256.New()
	cw := &CountWriter{Widget: io.MultiWriter(w, h)}
	head := make([]byte, HeaderSize)
	copy(head, TableMagic)
	binary.LittleEndian.PutUint32(head[8:], TableVersion)
	for i, x := range t.Space.Shape() {
		binary.LittleEndian.PutUint32(head[12+4*i:], x)
	}
	hash := t.Rules.Hash()
	if len(hash) > 32 {
		return 0, fmt.Errorf("rules hash %q longer than 32 bytes", hash)
	}
	copy(head[32:64], hash)
	md := Meta{Rules: t.Rules.Spec(), Objective: t.Obj.String(), Solved: t.Solved, States: t.States()}
	if gv := t.GoalValues; gv != nil {
		md.Goal = &goalMeta{From: gv.From, Upto: gv.Upto, Utility: gv.Utilities}
	}
	m, err := json.Marshal(md)
	if err != nil {
		return 0, err
	}
	head = binary.LittleEndian.AppendUint32(head, uint32(len(m)))
	head = append(head, m...)
	buf := make([]byte, 0, 1<<16)
	put := func(x float64) {
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		if len(buf) == cap(buf) {
			cw.Write(buf)
			buf = buf[:0]
		}
	}
	if t.GoalValues != nil {
		// target:T, beat:S: the values of the (state, score so far) pairs, as they lie in memory.
		head = binary.LittleEndian.AppendUint64(head, uint64(len(t.GoalValues.Values)))
		cw.Write(head)
		for _, x := range t.GoalValues.Values {
			put(x)
		}
	} else if t.Product != nil {
		// Several columns: the values of the product's reachable states.
		head = binary.LittleEndian.AppendUint64(head, uint64(t.Product.CountStates()))
		cw.Write(head)
		t.Product.EachState(func(i int) { put(t.Values[i]) })
	} else {
		head = binary.LittleEndian.AppendUint64(head, uint64(t.Space.CountStates()))
		cw.Write(head)
		t.Space.EachState(func(i int) { put(t.Values[i]) })
	}
	cw.Write(buf)
	var groups []byte
	if d := t.dec; d == nil {
		groups = binary.LittleEndian.AppendUint64(nil, 0)
	} else {
		groups = binary.LittleEndian.AppendUint64(nil, uint64(len(d.off)-1))
		groups = binary.LittleEndian.AppendUint32(groups, uint32(len(d.lens)))
		for _, l := range d.lens {
			groups = append(groups, l...)
		}
		for _, o := range d.off {
			groups = binary.LittleEndian.AppendUint64(groups, o)
		}
	}
	cw.Write(groups)
	if t.dec != nil {
		cw.Write(t.dec.data)
	}
	cw.Write(h.Sum(nil))
	return cw.n, cw.Err
}

// CountWriter counts what it writes and keeps the first error.
type CountWriter struct {
	Widget io.Writer
	n      int64
	Err    error
}

func (c *CountWriter) Write(b []byte) (int, error) {
	if c.Err != nil {
		return 0, c.Err
	}
	n, err := c.Widget.Write(b)
	c.n += int64(n)
	c.Err = err
	return n, err
}

// Encoded returns the table in the file format.
func (t *Table) Encoded() ([]byte, error) {
	var b bytes.Buffer
	_, err := t.encode(&b)
	return b.Bytes(), err
}

// decodeTable checks and decodes a table file of rules r held in memory; path names it in
// errors.
func decodeTable(path string, data []byte, r *engine.Rules) (*Table, error) {
	if err := CheckHeadAndSum(path, data, int64(len(data)), func() ([]byte, error) {
		sum := sha256.Sum256(data[:len(data)-SumSize])
		if !bytes.Equal(sum[:], data[len(data)-SumSize:]) {
			return nil, nil
		}
		return sum[:], nil
	}); err != nil {
		return nil, err
	}
	return decodeBody(path, bufio.NewReader(bytes.NewReader(data)), int64(len(data)-SumSize), r)
}

// readTable reads and checks the table file of rules r. The file is read twice, a chunk
// at a time: its checksum first, then its contents, the values going straight to where
// they are kept. A table of target:T or beat:S takes a gigabyte or more: reading it whole
// before decoding it would take twice that.
func readTable(path string, r *engine.Rules) (*Table, error) {
	f, size, err := OpenChecked(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeBody(path, bufio.NewReaderSize(io.LimitReader(f, size-SumSize), 1<<20), size-SumSize, r)
}

// OpenChecked opens a file of the table format and checks its header and its checksum,
// reading it a chunk at a time; it returns the file at its start, and its size.
func OpenChecked(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	size := fi.Size()
	head := make([]byte, min(size, HeaderSize))
	if _, err := io.ReadFull(f, head); err != nil {
		f.Close()
		return nil, 0, &TableError{Path: path, Kind: ErrCorrupt, Detail: "no table header"}
	}
	err = CheckHeadAndSum(path, head, size, func() ([]byte, error) {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		h := sha256.New()
		if _, err := io.Copy(h, io.LimitReader(f, size-SumSize)); err != nil {
			return nil, err
		}
		sum := make([]byte, SumSize)
		if _, err := io.ReadFull(f, sum); err != nil || !bytes.Equal(h.Sum(nil), sum) {
			return nil, nil
		}
		return sum, nil
	})
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, size, nil
}

// CheckShape checks the shape of the state space that the header head of a table file
// records against sp's.
func CheckShape(head []byte, sp *widget.Space) error {
	for i, want := range sp.Shape() {
		if got := binary.LittleEndian.Uint32(head[12+4*i:]); got != want {
			return fmt.Errorf("state space shape %d is %d, want %d", i, got, want)
		}
	}
	return nil
}

// ReadMeta reads the metadata of a table file, its length then its JSON, into v, with
// take, which returns the next n bytes of the file or false when it holds fewer.
func ReadMeta[N int64 | uint64](take func(n N) ([]byte, bool), v any) bool {
	mlen, ok := take(4)
	var mb []byte
	if ok {
		mb, ok = take(N(binary.LittleEndian.Uint32(mlen)))
	}
	return ok && json.Unmarshal(mb, v) == nil
}

// CheckHeadAndSum checks the magic and the version of a table file of size bytes, whose
// first bytes are head, then its checksum: sum returns the checksum if it matches the
// file's contents, nil if it does not.
func CheckHeadAndSum(path string, head []byte, size int64, sum func() ([]byte, error)) error {
	bad := func(kind error, format string, args ...any) error {
		return &TableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	if size < HeaderSize+4+SumSize || len(head) < HeaderSize || string(head[:8]) != TableMagic {
		return bad(ErrCorrupt, "no table header")
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != TableVersion {
		return bad(errVersion, "version %d, this program reads %d", v, TableVersion)
	}
	ok, err := sum()
	if err != nil {
		return err
	}
	if ok == nil {
		return bad(ErrCorrupt, "checksum mismatch")
	}
	return nil
}

// decodeBody decodes the body of a table file of rules r (n bytes: the file but its
// checksum), whose magic, version and checksum are checked.
func decodeBody(path string, src *bufio.Reader, n int64, r *engine.Rules) (*Table, error) {
	bad := func(kind error, format string, args ...any) error {
		return &TableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	body := &Sections{Src: src, Left: n}
	take := body.Take
	head, _ := take(HeaderSize)
	hash := string(bytes.TrimRight(head[32:64], "\x00"))
	if hash != r.Hash() {
		return nil, bad(ErrForeign, "rules hash %s, want %s (%s)", hash, r.Hash(), r.Name())
	}
	var sp *widget.Space
	var pc *widget.Product
	var err error
	if len(r.Columns()) > 1 {
		// A sheet of several columns: its product space (the caller has checked its
		// memory), the lane column's shape in the header.
		if pc, err = widget.NewProduct(r); err != nil {
			return nil, err
		}
		sp = pc.LaneSpace()
	} else if sp, err = widget.NewSolverSpace(r); err != nil {
		return nil, err
	}
	if err := CheckShape(head, sp); err != nil {
		return nil, bad(ErrForeign, "%v", err)
	}
	var m Meta
	if !ReadMeta(take, &m) {
		return nil, bad(ErrCorrupt, "metadata")
	}
	obj, err := ParseObjective(m.Objective)
	if err != nil {
		return nil, bad(ErrCorrupt, "metadata: %v", err)
	}
	nb, ok := take(8)
	count := uint64(0)
	if ok {
		count = binary.LittleEndian.Uint64(nb)
	}
	states := uint64(sp.CountStates())
	if pc != nil {
		if obj != Mean {
			return nil, bad(ErrCorrupt, "metadata: %s on a sheet of several columns", obj)
		}
		states = uint64(pc.CountStates())
	}
	var gv *widget.GoalValues
	if obj.Kind == Target || obj.Kind == Beat {
		gl, err := m.Goal.CheckSpace(obj)
		if err != nil {
			return nil, bad(ErrCorrupt, "metadata: %v", err)
		}
		if err := checkGoal(sp, obj, gl); err != nil {
			return nil, bad(ErrCorrupt, "metadata: %v", err)
		}
		gv = widget.NewGoalValues(sp, gl)
		states = uint64(gv.Size())
	}
	if !ok || count != states || 8*states > uint64(body.Left) {
		return nil, bad(ErrCorrupt, "%d values, want %d", count, states)
	}
	// The values, a chunk at a time, straight into their place: a table of a goal or of
	// several columns takes a gigabyte or more, which a copy would double.
	t := &Table{Rules: r, Space: sp, Solved: m.Solved, Obj: obj, Product: pc}
	vr := ValueReader{Src: src, Left: int(8 * states), Chunk: make([]byte, 8<<10)}
	switch {
	case gv != nil:
		gv.Values = make([]float64, states)
		for k := range gv.Values {
			gv.Values[k] = vr.Next()
		}
		t.GoalValues = gv
	case pc != nil:
		t.Values = make([]float64, pc.NumStates())
		pc.EachState(func(i int) { t.Values[i] = vr.Next() })
	default:
		t.Values = make([]float64, sp.NumStates())
		sp.EachState(func(i int) { t.Values[i] = vr.Next() })
	}
	if vr.Err != nil {
		return nil, bad(ErrCorrupt, "values: %v", vr.Err)
	}
	body.Left -= int64(8 * states)
	gh, ok := take(8)
	if !ok {
		return nil, bad(ErrCorrupt, "no decisions header")
	}
	groups := binary.LittleEndian.Uint64(gh)
	if groups == 0 {
		if body.Left != 0 {
			return nil, bad(ErrCorrupt, "%d bytes after the values", body.Left)
		}
		return t, nil
	}
	lh, ok := take(4)
	if !ok || groups != uint64(sp.NumFlags<<sp.NumBoxes) || binary.LittleEndian.Uint32(lh) != uint32(sp.NumBoxes) {
		return nil, bad(ErrCorrupt, "decisions of %d groups in layers, want %d groups in %d layers", groups, sp.NumFlags<<sp.NumBoxes, sp.NumBoxes)
	}
	lens := make([][]uint8, sp.NumBoxes)
	for i := range lens {
		if lens[i], ok = take(int64(numCodeLengths)); !ok {
			return nil, bad(ErrCorrupt, "truncated code lengths")
		}
	}
	ob, ok := take(int64(8 * (groups + 1)))
	if !ok {
		return nil, bad(ErrCorrupt, "truncated decisions")
	}
	rest, _ := take(body.Left)
	off := make([]uint64, groups+1)
	for i := range off {
		off[i] = binary.LittleEndian.Uint64(ob[8*i:])
		if (i > 0 && off[i] < off[i-1]) || off[i] > uint64(len(rest)) {
			return nil, bad(ErrCorrupt, "decision offsets out of order")
		}
	}
	if off[0] != 0 || off[groups] != uint64(len(rest)) {
		return nil, bad(ErrCorrupt, "decisions of %d bytes, the offsets say %d", len(rest), off[groups])
	}
	d, err := newDecisionStream(sp.Rolls, lens, off, rest)
	if err != nil {
		return nil, bad(ErrCorrupt, "%v", err)
	}
	t.dec = d
	return t, nil
}

// Sections reads the sections of a table file's body one after another, Left bytes, never
// past them: a length read from a corrupt file cannot make its reader allocate more than
// the file holds.
type Sections struct {
	Src  io.Reader
	Left int64 // the bytes not read yet; a caller that reads Src itself counts them off
}

// Take reads the next n bytes; false where fewer are left, or n < 0.
func (s *Sections) Take(n int64) ([]byte, bool) {
	if n > s.Left || n < 0 {
		return nil, false
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(s.Src, b); err != nil {
		return nil, false
	}
	s.Left -= n
	return b, true
}

// ValueReader reads the values of a table file, left bytes, a chunk at a time; after an
// error it reads zeros and keeps the error.
type ValueReader struct {
	Src   *bufio.Reader
	Left  int
	Chunk []byte
	buf   []byte
	Err   error
}

func (vr *ValueReader) Next() float64 {
	if len(vr.buf) < 8 {
		n := min(len(vr.Chunk), vr.Left)
		if vr.Err != nil || n < 8 {
			if vr.Err == nil {
				vr.Err = io.ErrUnexpectedEOF
			}
			return 0
		}
		vr.buf = vr.Chunk[:n]
		if _, err := io.ReadFull(vr.Src, vr.buf); err != nil {
			vr.Err, vr.buf = err, nil
			return 0
		}
		vr.Left -= n
	}
	x := math.Float64frombits(binary.LittleEndian.Uint64(vr.buf))
	vr.buf = vr.buf[8:]
	return x
}

// check returns the goal of objective o that the metadata holds, if it is one.
func (g *goalMeta) CheckSpace(o Objective) (widget.Goal, error) {
	if g == nil {
		return widget.Goal{}, fmt.Errorf("no goal for %s", o)
	}
	gl := widget.Goal{From: g.From, Upto: g.Upto, Utilities: g.Utility}
	if o.Kind == Target && (gl.From != o.Target || gl.Upto != o.Target || len(gl.Utilities) != 0) {
		return widget.Goal{}, fmt.Errorf("goal [%d, %d) for %s", gl.From, gl.Upto, o)
	}
	if gl.From < 0 || gl.Upto < gl.From || len(gl.Utilities) != gl.Upto-gl.From {
		return widget.Goal{}, fmt.Errorf("goal [%d, %d) with %d utilities", gl.From, gl.Upto, len(gl.Utilities))
	}
	for _, u := range gl.Utilities {
		if !(u >= 0 && u <= 1) {
			return widget.Goal{}, fmt.Errorf("utility %v outside [0, 1]", u)
		}
	}
	return gl, nil
}

// CachePath returns the cache file of the table of rules r for objective o, named by the
// rules hash and, but for the mean, the objective (risk:0.05 as risk=0.05).
func CachePath(r *engine.Rules, o Objective) (string, error) {
	d, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	name := r.Hash()
	switch {
	case o.Kind == Beat:
		name += "-beat=" + StrategyFileKey(o.Opponent)
	case o != Mean:
		name += "-" + strings.ReplaceAll(o.String(), ":", "=")
	}
	return filepath.Join(d, fmt.Sprintf("optimal-%s.v%d.table", name, TableVersion)), nil
}

// StrategyFileKey returns how strategy name stands in the name of a file cached from its
// games: as itself (risk:0.1 as risk=0.1) for a built-in, whose play the build fixes;
// as a hash of its name and of its Identity for a strategy whose play lies in a file
// (rules:FILE), whose name may hold a path and whose play changes with the file.
func StrategyFileKey(name string) string {
	info, err := strategies.Resolve(name)
	if err == nil && info.Identity == "" && plainFileName(name) {
		return strings.ReplaceAll(name, ":", "=")
	}
	h := sha256.New()
	io.WriteString(h, name)
	h.Write([]byte{0})
	io.WriteString(h, info.Identity)
	return "h" + hex.EncodeToString(h.Sum(nil)[:8])
}

// plainFileName reports whether name can stand in a file name as it is.
func plainFileName(name string) bool {
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_.:,+", c)) {
			return false
		}
	}
	return name != "" && !strings.HasPrefix(name, ".")
}

// CacheStatus tells where a table came from.
type CacheStatus struct {
	Path   string
	Loaded bool          // read from Path
	Load   time.Duration // time to read and check the file
	// Rejected is why an existing file was not used (nil if there was none or it was used).
	Rejected error
	// WriteErr is why the solved table could not be saved; the table is good all the same.
	WriteErr error
}

// LoadOrSolve returns the table of rules r from the cache, or solves it and saves it
// there, with the decisions of the optimal strategy in every state (which makes a fresh
// process play at full speed from its first game). With force it solves whatever the
// cache holds.
func LoadOrSolve(r *engine.Rules, force bool, workers int) (*Table, CacheStatus, error) {
	t, _, st, err := LoadOrSolveObjective(r, Mean, force, workers, nil)
	return t, st, err
}

// goalFunc returns the goal of objective o (target:T, beat:S) on rules r, worked out
// only when its table is solved: for beat:S, from the opponent's exact distribution,
// which the analysis above this solver computes.
type goalFunc func(r *engine.Rules, o Objective) (widget.Goal, error)

// loadOrSolve is LoadOrSolve for objective o: each objective has its own file. The bonus
// objective loads or solves the mean's table first (see Objective); target:T and beat:S
// ask goalOf for their goal when their table must be solved.
func LoadOrSolveObjective(r *engine.Rules, o Objective, force bool, workers int, goalOf goalFunc) (*Table, *Policy, CacheStatus, error) {
	var st CacheStatus
	if err := o.Valid(); err != nil {
		return nil, nil, st, err
	}
	if len(r.Columns()) != 1 {
		if o != Mean {
			return nil, nil, st, widget.RefuseColumns(r, o.String())
		}
		t, st, err := loadOrSolveProduct(r, force, workers)
		return t, nil, st, err
	}
	if err := o.CheckRules(r); err != nil {
		return nil, nil, st, err
	}
	// The space's bound first: nothing is built for a rule set too large.
	if err := CheckShapeMemory(r); err != nil {
		return nil, nil, st, err
	}
	final := o.Kind == Target || o.Kind == Beat
	var sp *widget.Space
	if final {
		// Before a file is read or an opponent analysed: a goal the rules refuse, or one
		// whose values would not fit in memory.
		var err error
		if sp, err = widget.NewSolverSpace(r); err != nil {
			return nil, nil, st, err
		}
		if err := o.CheckSpace(sp); err != nil {
			return nil, nil, st, err
		}
	}
	var meanV []float64
	if o.Kind == UpperBonus {
		p, err := PolicyFor(r, Mean)
		if err != nil {
			return nil, nil, st, err
		}
		meanV = p.Table.Values
	}
	path, err := CachePath(r, o)
	if err != nil {
		st.WriteErr = err
	}
	st.Path = path
	if path != "" && !force {
		start := time.Now()
		if final {
			// Before the file is read: its values may take gigabytes (a byte of memory per
			// byte of file: it is read a chunk at a time).
			if fi, err := os.Stat(path); err == nil {
				if err := memlimit.Check(goalWhat(r, o), goalMemory(sp, fi.Size()/8)); err != nil {
					return nil, nil, st, err
				}
			}
		}
		t, err := readTable(path, r)
		if err == nil && t.Obj != o {
			err = &TableError{Path: path, Kind: ErrForeign, Detail: fmt.Sprintf("solved for %s, want %s", t.Obj, o)}
		}
		if err == nil && t.GoalValues != nil {
			st.Loaded, st.Load = true, time.Since(start)
			return t, nil, st, nil
		}
		if err == nil && t.dec != nil {
			if err := checkTableMemory(t.Space); err != nil {
				return nil, nil, st, err
			}
			t.MeanValues = meanV
			st.Loaded, st.Load = true, time.Since(start)
			return t, PolicyOf(t), st, nil
		}
		if err == nil {
			err = &TableError{Path: path, Kind: ErrCorrupt, Detail: "no decisions"}
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	start := time.Now()
	if sp == nil {
		if sp, err = widget.NewSolverSpace(r); err != nil {
			return nil, nil, st, err
		}
		if err := o.CheckSpace(sp); err != nil {
			return nil, nil, st, err
		}
	}
	if err := checkTableMemory(sp); err != nil {
		return nil, nil, st, err
	}
	var gv *widget.GoalValues
	if final {
		if goalOf == nil {
			return nil, nil, st, fmt.Errorf("optimal: the table of %s solved without the goal of its final score", o)
		}
		gl, err := goalOf(r, o)
		if err != nil {
			return nil, nil, st, err
		}
		// The opponent's goal, now known: within the solver's lanes and the memory.
		if err := checkGoal(sp, o, gl); err != nil {
			return nil, nil, st, err
		}
		gv = widget.NewGoalValues(sp, gl)
	}
	// A file holds about 8 bytes of value and 45 of decisions per state; a goal's, 8
	// bytes per (state, score so far) pair.
	notice := Notice{Rules: r.Name(), Strategy: o.Strategy(), Path: path, Layers: sp.NumBoxes, CacheBytes: fileBytes(sp, o), Rejected: st.Rejected}
	if gv != nil {
		notice.CacheBytes = 8 * gv.Size()
	}
	Tell(notice)
	layerDone := func(layer int) {
		notice.Layer = layer
		Tell(notice)
	}
	var t *Table
	var p *Policy
	if gv != nil {
		t = &Table{Rules: r, Space: sp, Obj: o, GoalValues: gv}
		solveGoal(t, workers, layerDone)
	} else {
		t, p = SolveTable(&Table{Rules: r, Space: sp, Obj: o, MeanValues: meanV}, workers, true, layerDone)
	}
	t.Elapsed = time.Since(start)
	notice.Done = true
	Tell(notice)
	if path != "" {
		st.WriteErr = t.writeFile(path)
		if st.WriteErr == nil {
			removeOlderVersions(path, r)
		}
	}
	if p != nil {
		t.pol.Store(p)
	}
	return t, p, st, nil
}

// removeOlderVersions removes the cache files of r, of every objective, written by
// earlier versions of the format, which no version of yams that writes path reads again.
func removeOlderVersions(path string, r *engine.Rules) {
	dir := filepath.Dir(path)
	for v := 1; v < TableVersion; v++ {
		for _, ext := range []string{"table", "decisions"} {
			mean := filepath.Join(dir, fmt.Sprintf("optimal-%s.v%d.%s", r.Hash(), v, ext))
			others, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("optimal-%s-*.v%d.%s", r.Hash(), v, ext)))
			for _, old := range append(others, mean) {
				os.Remove(old)
			}
		}
	}
}

// fileBytes is about the size of the table file of space sp with its decisions for
// objective o: its value and coded decisions a reachable state, 46 bytes for the mean
// and risk:θ (44 to 49 measured on hasbro, yatzy, yams and yams-app), 78 for the bonus,
// whose many ties code more decisions (77.4 to 77.6 measured on hasbro, yatzy and yams);
// the offset of every group's decisions (8 bytes each, reached or not: on a sheet of few
// reachable states, an ordered column, most of the file); and the header with its
// metadata.
func fileBytes(sp *widget.Space, o Objective) int64 {
	perState := int64(46)
	if o.Kind == UpperBonus {
		perState = 78
	}
	return perState*int64(sp.CountStates()) + 8*int64(sp.NumFlags<<sp.NumBoxes+1) + int64(HeaderSize) + 2<<10
}
