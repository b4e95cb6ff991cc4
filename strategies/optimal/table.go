package optimal

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
	tableMagic   = "YAMS-OPT"
	tableVersion = 3
	headerSize   = 8 + 4 + 5*4 + 32
	sumSize      = sha256.Size
)

// tableError is a table file that cannot be trusted: Kind says why.
type tableError struct {
	Path   string
	Kind   error // errCorrupt, errVersion or errForeign
	Detail string
}

func (e *tableError) Error() string {
	return fmt.Sprintf("table %s: %v: %s", e.Path, e.Kind, e.Detail)
}

func (e *tableError) Unwrap() error { return e.Kind }

// Reasons for rejecting a table file.
var (
	errCorrupt = errors.New("corrupt or truncated")
	errVersion = errors.New("unknown format version")
	errForeign = errors.New("made for other rules")
)

// meta is the metadata of a table file.
type meta struct {
	Rules     engine.Spec `json:"rules"`
	Objective string      `json:"objective"`
	Solved    time.Time   `json:"solved"`
	States    int         `json:"states"`
	// Goal is the utility of the final score of target:T and beat:S (for beat:S, from the
	// opponent's distribution when it was solved).
	Goal *goalMeta `json:"goal,omitempty"`
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
	cw := &countWriter{w: io.MultiWriter(w, h)}
	head := make([]byte, headerSize)
	copy(head, tableMagic)
	binary.LittleEndian.PutUint32(head[8:], tableVersion)
	for i, x := range t.sp.shape() {
		binary.LittleEndian.PutUint32(head[12+4*i:], x)
	}
	hash := t.rules.Hash()
	if len(hash) > 32 {
		return 0, fmt.Errorf("rules hash %q longer than 32 bytes", hash)
	}
	copy(head[32:64], hash)
	md := meta{Rules: t.rules.Spec(), Objective: t.obj.String(), Solved: t.solved, States: t.States()}
	if gv := t.gv; gv != nil {
		md.Goal = &goalMeta{From: gv.from, Upto: gv.upto, Utility: gv.util}
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
	if t.gv != nil {
		// target:T, beat:S: the values of the (state, score so far) pairs, as they lie in memory.
		head = binary.LittleEndian.AppendUint64(head, uint64(len(t.gv.v)))
		cw.Write(head)
		for _, x := range t.gv.v {
			put(x)
		}
	} else if t.pc != nil {
		// Several columns: the values of the product's reachable states.
		head = binary.LittleEndian.AppendUint64(head, uint64(t.pc.countStates()))
		cw.Write(head)
		t.pc.eachState(func(i int) { put(t.v[i]) })
	} else {
		head = binary.LittleEndian.AppendUint64(head, uint64(t.sp.countStates()))
		cw.Write(head)
		t.sp.eachState(func(i int) { put(t.v[i]) })
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
	return cw.n, cw.err
}

// countWriter counts what it writes and keeps the first error.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	c.n += int64(n)
	c.err = err
	return n, err
}

// encoded returns the table in the file format.
func (t *Table) encoded() ([]byte, error) {
	var b bytes.Buffer
	_, err := t.encode(&b)
	return b.Bytes(), err
}

// decodeTable checks and decodes a table file of rules r held in memory; path names it in
// errors.
func decodeTable(path string, data []byte, r *engine.Rules) (*Table, error) {
	if err := checkHeadAndSum(path, data, int64(len(data)), func() ([]byte, error) {
		sum := sha256.Sum256(data[:len(data)-sumSize])
		if !bytes.Equal(sum[:], data[len(data)-sumSize:]) {
			return nil, nil
		}
		return sum[:], nil
	}); err != nil {
		return nil, err
	}
	return decodeBody(path, bufio.NewReader(bytes.NewReader(data)), int64(len(data)-sumSize), r)
}

// readTable reads and checks the table file of rules r. The file is read twice, a chunk
// at a time: its checksum first, then its contents, the values going straight to where
// they are kept. A table of target:T or beat:S takes a gigabyte or more: reading it whole
// before decoding it would take twice that.
func readTable(path string, r *engine.Rules) (*Table, error) {
	f, size, err := openChecked(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeBody(path, bufio.NewReaderSize(io.LimitReader(f, size-sumSize), 1<<20), size-sumSize, r)
}

// openChecked opens a file of the table format and checks its header and its checksum,
// reading it a chunk at a time; it returns the file at its start, and its size.
func openChecked(path string) (*os.File, int64, error) {
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
	head := make([]byte, min(size, headerSize))
	if _, err := io.ReadFull(f, head); err != nil {
		f.Close()
		return nil, 0, &tableError{Path: path, Kind: errCorrupt, Detail: "no table header"}
	}
	err = checkHeadAndSum(path, head, size, func() ([]byte, error) {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		h := sha256.New()
		if _, err := io.Copy(h, io.LimitReader(f, size-sumSize)); err != nil {
			return nil, err
		}
		sum := make([]byte, sumSize)
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

// checkShape checks the shape of the state space that the header head of a table file
// records against sp's.
func checkShape(head []byte, sp *space) error {
	for i, want := range sp.shape() {
		if got := binary.LittleEndian.Uint32(head[12+4*i:]); got != want {
			return fmt.Errorf("state space shape %d is %d, want %d", i, got, want)
		}
	}
	return nil
}

// readMeta reads the metadata of a table file, its length then its JSON, into v, with
// take, which returns the next n bytes of the file or false when it holds fewer.
func readMeta[N int64 | uint64](take func(n N) ([]byte, bool), v any) bool {
	mlen, ok := take(4)
	var mb []byte
	if ok {
		mb, ok = take(N(binary.LittleEndian.Uint32(mlen)))
	}
	return ok && json.Unmarshal(mb, v) == nil
}

// checkHeadAndSum checks the magic and the version of a table file of size bytes, whose
// first bytes are head, then its checksum: sum returns the checksum if it matches the
// file's contents, nil if it does not.
func checkHeadAndSum(path string, head []byte, size int64, sum func() ([]byte, error)) error {
	bad := func(kind error, format string, args ...any) error {
		return &tableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	if size < headerSize+4+sumSize || len(head) < headerSize || string(head[:8]) != tableMagic {
		return bad(errCorrupt, "no table header")
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != tableVersion {
		return bad(errVersion, "version %d, this program reads %d", v, tableVersion)
	}
	ok, err := sum()
	if err != nil {
		return err
	}
	if ok == nil {
		return bad(errCorrupt, "checksum mismatch")
	}
	return nil
}

// decodeBody decodes the body of a table file of rules r (n bytes: the file but its
// checksum), whose magic, version and checksum are checked.
func decodeBody(path string, src *bufio.Reader, n int64, r *engine.Rules) (*Table, error) {
	bad := func(kind error, format string, args ...any) error {
		return &tableError{Path: path, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	left := uint64(n)
	take := func(n uint64) ([]byte, bool) {
		if n > left {
			return nil, false
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(src, b); err != nil {
			return nil, false
		}
		left -= n
		return b, true
	}
	head, _ := take(headerSize)
	hash := string(bytes.TrimRight(head[32:64], "\x00"))
	if hash != r.Hash() {
		return nil, bad(errForeign, "rules hash %s, want %s (%s)", hash, r.Hash(), r.Name())
	}
	var sp *space
	var pc *product
	var err error
	if len(r.Columns()) > 1 {
		// A sheet of several columns: its product space (the caller has checked its
		// memory), the lane column's shape in the header.
		if pc, err = newProduct(r); err != nil {
			return nil, err
		}
		sp = pc.laneSpace()
	} else if sp, err = newSolverSpace(r); err != nil {
		return nil, err
	}
	if err := checkShape(head, sp); err != nil {
		return nil, bad(errForeign, "%v", err)
	}
	var m meta
	if !readMeta(take, &m) {
		return nil, bad(errCorrupt, "metadata")
	}
	obj, err := ParseObjective(m.Objective)
	if err != nil {
		return nil, bad(errCorrupt, "metadata: %v", err)
	}
	nb, ok := take(8)
	count := uint64(0)
	if ok {
		count = binary.LittleEndian.Uint64(nb)
	}
	states := uint64(sp.countStates())
	if pc != nil {
		if obj != Mean {
			return nil, bad(errCorrupt, "metadata: %s on a sheet of several columns", obj)
		}
		states = uint64(pc.countStates())
	}
	var gv *goalValues
	if obj.Kind == Target || obj.Kind == Beat {
		gl, err := m.Goal.check(obj)
		if err != nil {
			return nil, bad(errCorrupt, "metadata: %v", err)
		}
		if err := checkGoal(sp, obj, gl); err != nil {
			return nil, bad(errCorrupt, "metadata: %v", err)
		}
		gv = newGoalValues(sp, gl)
		states = uint64(gv.size())
	}
	if !ok || count != states || 8*states > left {
		return nil, bad(errCorrupt, "%d values, want %d", count, states)
	}
	// The values, a chunk at a time, straight into their place: a table of a goal or of
	// several columns takes a gigabyte or more, which a copy would double.
	t := &Table{rules: r, sp: sp, solved: m.Solved, obj: obj, pc: pc}
	vr := valueReader{src: src, left: int(8 * states), chunk: make([]byte, 8<<10)}
	switch {
	case gv != nil:
		gv.v = make([]float64, states)
		for k := range gv.v {
			gv.v[k] = vr.next()
		}
		t.gv = gv
	case pc != nil:
		t.v = make([]float64, pc.numStates())
		pc.eachState(func(i int) { t.v[i] = vr.next() })
	default:
		t.v = make([]float64, sp.numStates())
		sp.eachState(func(i int) { t.v[i] = vr.next() })
	}
	if vr.err != nil {
		return nil, bad(errCorrupt, "values: %v", vr.err)
	}
	left -= 8 * states
	gh, ok := take(8)
	if !ok {
		return nil, bad(errCorrupt, "no decisions header")
	}
	groups := binary.LittleEndian.Uint64(gh)
	if groups == 0 {
		if left != 0 {
			return nil, bad(errCorrupt, "%d bytes after the values", left)
		}
		return t, nil
	}
	lh, ok := take(4)
	if !ok || groups != uint64(sp.nf<<sp.nb) || binary.LittleEndian.Uint32(lh) != uint32(sp.nb) {
		return nil, bad(errCorrupt, "decisions of %d groups in layers, want %d groups in %d layers", groups, sp.nf<<sp.nb, sp.nb)
	}
	lens := make([][]uint8, sp.nb)
	for i := range lens {
		if lens[i], ok = take(uint64(numCodeLengths)); !ok {
			return nil, bad(errCorrupt, "truncated code lengths")
		}
	}
	ob, ok := take(8 * (groups + 1))
	if !ok {
		return nil, bad(errCorrupt, "truncated decisions")
	}
	rest, _ := take(left)
	off := make([]uint64, groups+1)
	for i := range off {
		off[i] = binary.LittleEndian.Uint64(ob[8*i:])
		if (i > 0 && off[i] < off[i-1]) || off[i] > uint64(len(rest)) {
			return nil, bad(errCorrupt, "decision offsets out of order")
		}
	}
	if off[0] != 0 || off[groups] != uint64(len(rest)) {
		return nil, bad(errCorrupt, "decisions of %d bytes, the offsets say %d", len(rest), off[groups])
	}
	d, err := newDecisionStream(sp.rolls, lens, off, rest)
	if err != nil {
		return nil, bad(errCorrupt, "%v", err)
	}
	t.dec = d
	return t, nil
}

// valueReader reads the values of a table file, left bytes, a chunk at a time; after an
// error it reads zeros and keeps the error.
type valueReader struct {
	src   *bufio.Reader
	left  int
	chunk []byte
	buf   []byte
	err   error
}

func (vr *valueReader) next() float64 {
	if len(vr.buf) < 8 {
		n := min(len(vr.chunk), vr.left)
		if vr.err != nil || n < 8 {
			if vr.err == nil {
				vr.err = io.ErrUnexpectedEOF
			}
			return 0
		}
		vr.buf = vr.chunk[:n]
		if _, err := io.ReadFull(vr.src, vr.buf); err != nil {
			vr.err, vr.buf = err, nil
			return 0
		}
		vr.left -= n
	}
	x := math.Float64frombits(binary.LittleEndian.Uint64(vr.buf))
	vr.buf = vr.buf[8:]
	return x
}

// check returns the goal of objective o that the metadata holds, if it is one.
func (g *goalMeta) check(o Objective) (goal, error) {
	if g == nil {
		return goal{}, fmt.Errorf("no goal for %s", o)
	}
	gl := goal{from: g.From, upto: g.Upto, util: g.Utility}
	if o.Kind == Target && (gl.from != o.Target || gl.upto != o.Target || len(gl.util) != 0) {
		return goal{}, fmt.Errorf("goal [%d, %d) for %s", gl.from, gl.upto, o)
	}
	if gl.from < 0 || gl.upto < gl.from || len(gl.util) != gl.upto-gl.from {
		return goal{}, fmt.Errorf("goal [%d, %d) with %d utilities", gl.from, gl.upto, len(gl.util))
	}
	for _, u := range gl.util {
		if !(u >= 0 && u <= 1) {
			return goal{}, fmt.Errorf("utility %v outside [0, 1]", u)
		}
	}
	return gl, nil
}

// cachePath returns the cache file of the table of rules r for objective o, named by the
// rules hash and, but for the mean, the objective (risk:0.05 as risk=0.05).
func cachePath(r *engine.Rules, o Objective) (string, error) {
	d, err := cachedir.Dir()
	if err != nil {
		return "", err
	}
	name := r.Hash()
	switch {
	case o.Kind == Beat:
		name += "-beat=" + strategyFileKey(o.Opponent)
	case o != Mean:
		name += "-" + strings.ReplaceAll(o.String(), ":", "=")
	}
	return filepath.Join(d, fmt.Sprintf("optimal-%s.v%d.table", name, tableVersion)), nil
}

// strategyFileKey returns how strategy name stands in the name of a file cached from its
// games: as itself (risk:0.1 as risk=0.1) for a built-in, whose play the build fixes;
// as a hash of its name and of its Identity for a strategy whose play lies in a file
// (rules:FILE), whose name may hold a path and whose play changes with the file.
func strategyFileKey(name string) string {
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
	t, _, st, err := loadOrSolve(r, Mean, force, workers, nil)
	return t, st, err
}

// goalFunc returns the goal of objective o (target:T, beat:S) on rules r, worked out
// only when its table is solved: for beat:S, from the opponent's exact distribution,
// which the analysis above this solver computes.
type goalFunc func(r *engine.Rules, o Objective) (goal, error)

// loadOrSolve is LoadOrSolve for objective o: each objective has its own file. The bonus
// objective loads or solves the mean's table first (see Objective); target:T and beat:S
// ask goalOf for their goal when their table must be solved.
func loadOrSolve(r *engine.Rules, o Objective, force bool, workers int, goalOf goalFunc) (*Table, *policy, CacheStatus, error) {
	var st CacheStatus
	if err := o.valid(); err != nil {
		return nil, nil, st, err
	}
	if len(r.Columns()) != 1 {
		if o != Mean {
			return nil, nil, st, errColumns(r, o.String())
		}
		t, st, err := loadOrSolveProduct(r, force, workers)
		return t, nil, st, err
	}
	if err := o.checkRules(r); err != nil {
		return nil, nil, st, err
	}
	// The space's bound first: nothing is built for a rule set too large.
	if err := checkShapeMemory(r); err != nil {
		return nil, nil, st, err
	}
	final := o.Kind == Target || o.Kind == Beat
	var sp *space
	if final {
		// Before a file is read or an opponent analysed: a goal the rules refuse, or one
		// whose values would not fit in memory.
		var err error
		if sp, err = newSolverSpace(r); err != nil {
			return nil, nil, st, err
		}
		if err := o.check(sp); err != nil {
			return nil, nil, st, err
		}
	}
	var meanV []float64
	if o.Kind == UpperBonus {
		p, err := policyFor(r, Mean)
		if err != nil {
			return nil, nil, st, err
		}
		meanV = p.t.v
	}
	path, err := cachePath(r, o)
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
		if err == nil && t.obj != o {
			err = &tableError{Path: path, Kind: errForeign, Detail: fmt.Sprintf("solved for %s, want %s", t.obj, o)}
		}
		if err == nil && t.gv != nil {
			st.Loaded, st.Load = true, time.Since(start)
			return t, nil, st, nil
		}
		if err == nil && t.dec != nil {
			if err := checkTableMemory(t.sp); err != nil {
				return nil, nil, st, err
			}
			t.meanV = meanV
			st.Loaded, st.Load = true, time.Since(start)
			return t, policyOf(t), st, nil
		}
		if err == nil {
			err = &tableError{Path: path, Kind: errCorrupt, Detail: "no decisions"}
		}
		if !errors.Is(err, fs.ErrNotExist) {
			st.Rejected = err
		}
	}
	start := time.Now()
	if sp == nil {
		if sp, err = newSolverSpace(r); err != nil {
			return nil, nil, st, err
		}
		if err := o.check(sp); err != nil {
			return nil, nil, st, err
		}
	}
	if err := checkTableMemory(sp); err != nil {
		return nil, nil, st, err
	}
	var gv *goalValues
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
		gv = newGoalValues(sp, gl)
	}
	// A file holds about 8 bytes of value and 45 of decisions per state; a goal's, 8
	// bytes per (state, score so far) pair.
	notice := Notice{Rules: r.Name(), Strategy: o.Strategy(), Path: path, Layers: sp.nb, CacheBytes: int64(53 * sp.countStates())}
	if gv != nil {
		notice.CacheBytes = 8 * gv.size()
	}
	tell(notice)
	layerDone := func(layer int) {
		notice.Layer = layer
		tell(notice)
	}
	var t *Table
	var p *policy
	if gv != nil {
		t = &Table{rules: r, sp: sp, obj: o, gv: gv}
		solveGoal(t, workers, layerDone)
	} else {
		t, p = solveTable(&Table{rules: r, sp: sp, obj: o, meanV: meanV}, workers, true, layerDone)
	}
	t.Elapsed = time.Since(start)
	notice.Done = true
	tell(notice)
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
	for v := 1; v < tableVersion; v++ {
		for _, ext := range []string{"table", "decisions"} {
			mean := filepath.Join(dir, fmt.Sprintf("optimal-%s.v%d.%s", r.Hash(), v, ext))
			others, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("optimal-%s-*.v%d.%s", r.Hash(), v, ext)))
			for _, old := range append(others, mean) {
				os.Remove(old)
			}
		}
	}
}
