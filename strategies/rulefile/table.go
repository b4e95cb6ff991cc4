package rulefile

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"yams/engine"
	"yams/strategies"
)

// A program plays from a table of its decisions, computed once per rule set on every core
// as the heuristics' policy tables are (strategies/policytable.go): for every block (the
// filled boxes, whether the box of the extra bonus holds a score when the rules pay one,
// and the class of the upper subtotal), every roll, the keep after each roll but the last
// (a mask of the roll's dice) and the box. A decision is then a few reads.

// MaxTableBytes bounds the table of a program. A class of the upper subtotal is a
// copy of the table, and a file that compares the subtotal with many numbers makes many
// classes: past this size Compile's table is refused.
const MaxTableBytes = 1 << 30

type table struct {
	p      *Program
	nf     int // 2 when the rules pay an extra bonus: the yahtzee flag is part of a block
	levels int // rerolls: keeps per roll
	nbox   int // boxes per roll: one, or one per roll number
	stride int // bytes per roll
	// base[filled*nf+f] is the first slot of the filled boxes and flag (their classes
	// follow), -1 where no game goes; blockOf[slot] is the block of data that holds the
	// decisions of the slot (the classes that decide alike share one).
	base    []int32
	blockOf []int32
	data    []uint8
	// who, beside data when the program tracks its rules (TrackRules), is the index of
	// the rule that took each decision, in the list of its kind: what DeriveTable reads.
	who []uint8
}

// Bytes returns the size of the program's table of decisions, without building it.
func (p *Program) Bytes() int64 {
	blocks, _ := p.blocks()
	return int64(blocks) * engine.NumRolls * int64(p.stride())
}

func (p *Program) stride() int {
	n := p.rolls - 1
	if p.boxesByRoll {
		return n + p.rolls
	}
	return n + 1
}

func (p *Program) flags() int {
	if p.ybox >= 0 {
		return 2
	}
	return 1
}

// blocks numbers the blocks of the table.
func (p *Program) blocks() (int, []int32) {
	nf := p.flags()
	full := uint64(1)<<p.nb - 1
	base := make([]int32, (1<<p.nb)*nf)
	n := 0
	for m := range uint64(1 << p.nb) {
		for f := range nf {
			i := int(m)*nf + f
			if m == full || f == 1 && m&(1<<p.ybox) == 0 {
				base[i] = -1
				continue
			}
			base[i] = int32(n)
			n += len(p.bounds[p.upperOf(m)]) + 1
		}
	}
	return n, base
}

// table builds the program's table, once; every strategy of the program shares it.
func (p *Program) table() (*table, error) {
	p.tableOnce.Do(func() { p.tab, p.tabErr = p.buildTable() })
	return p.tab, p.tabErr
}

func (p *Program) buildTable() (*table, error) {
	if b := p.Bytes(); b > MaxTableBytes {
		return nil, fmt.Errorf("rule file %s: its table of decisions on rules %s would take %d MiB (at most %d): its comparisons of the upper subtotal split it into too many classes",
			p.File.Name, p.rules.Name(), b>>20, MaxTableBytes>>20)
	}
	_, base := p.blocks()
	t := &table{p: p, nf: p.flags(), levels: p.rolls - 1, stride: p.stride(), base: base}
	t.nbox = t.stride - t.levels
	t.data = make([]uint8, p.Bytes())
	if p.trackRules {
		t.who = make([]uint8, len(t.data))
	}
	t.fill(func(tn *Decider, g int) { t.fillGroup(tn, g) })
	t.share()
	return t, nil
}

// fill calls fillGroup for every group of the table that games reach, on every core.
func (t *table) fill(fillGroup func(tn *Decider, g int)) {
	groups := len(t.base)
	const chunk = 32
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			tn := t.p.NewDecider()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= groups {
					return
				}
				for g := lo; g < min(lo+chunk, groups); g++ {
					if t.base[g] >= 0 {
						fillGroup(tn, g)
					}
				}
			}
		})
	}
	wg.Wait()
}

// share stores once the blocks of the classes of a group that decide alike. A file that
// compares the upper subtotal with many numbers splits every group into many classes, but
// most of them decide as a neighbour does: hasbro-10.rules's table falls from 150 MiB to
// a fraction, and a game reads it from the caches rather than from memory.
func (t *table) share() {
	size := engine.NumRolls * t.stride
	t.blockOf = make([]int32, len(t.data)/size)
	n := 0 // the blocks kept, at the start of data
	for g, b := range t.base {
		if b < 0 {
			continue
		}
		first := n // the blocks of this group
		for c := range len(t.p.bounds[t.p.upperOf(uint64(g/t.nf))]) + 1 {
			slot := int(b) + c
			src := t.data[slot*size : (slot+1)*size]
			found := -1
			for k := first; k < n; k++ {
				// With the rules that decided: a derived table reads them.
				if bytes.Equal(t.data[k*size:(k+1)*size], src) && (t.who == nil || bytes.Equal(t.who[k*size:(k+1)*size], t.who[slot*size:(slot+1)*size])) {
					found = k
					break
				}
			}
			if found < 0 {
				// n ≤ slot: the block moves down over slots already read.
				copy(t.data[n*size:(n+1)*size], src)
				if t.who != nil {
					copy(t.who[n*size:(n+1)*size], t.who[slot*size:(slot+1)*size])
				}
				found, n = n, n+1
			}
			t.blockOf[slot] = int32(found)
		}
	}
	t.data = slices.Clone(t.data[:n*size])
	if t.who != nil {
		t.who = slices.Clone(t.who[:n*size])
	}
}

// fillGroup fills the blocks of the filled boxes and flag numbered g: one per class of the
// upper subtotal, each decided at the lowest subtotal of its class.
func (t *table) fillGroup(tn *Decider, g int) {
	p := t.p
	filled := uint64(g / t.nf)
	bounds := p.bounds[p.upperOf(filled)]
	for c := range len(bounds) + 1 {
		u := 0
		if c > 0 {
			u = int(bounds[c-1])
		}
		tn.Start(State{Filled: filled, Upper: u, YahtzeeScored: g%t.nf == 1})
		at := (int(t.base[g]) + c) * engine.NumRolls * t.stride
		row := t.data[at:]
		var who []uint8 // nil: not tracked
		if t.who != nil {
			who = t.who[at:]
		}
		for r := range engine.Roll(engine.NumRolls) {
			i := int(r) * t.stride
			for u := range t.levels {
				m, rule := tn.Keep(r, t.levels-u)
				row[i+u] = m
				if who != nil {
					who[i+u] = uint8(rule)
				}
			}
			for k := range t.nbox {
				b, rule := tn.Box(r, t.rollsUsed(k))
				row[i+t.levels+k] = uint8(b)
				if who != nil {
					who[i+t.levels+k] = uint8(rule)
				}
			}
		}
	}
}

// rollsUsed is the roll number of the k-th box of a cell: the last roll when a cell has
// one box for every roll number.
func (t *table) rollsUsed(k int) int {
	if t.nbox == 1 {
		return t.p.rolls
	}
	return k + 1
}

// block returns the offset in data of the decisions of sheet s.
func (t *table) block(s *engine.Sheet) int {
	p := t.p
	filled := s.FilledMask()
	g := int(filled) * t.nf
	if t.nf == 2 && s.Score(engine.BoxID(p.ybox)) > 0 {
		g++
	}
	return int(t.blockOf[int(t.base[g])+p.class(filled, s.Upper(0))]) * engine.NumRolls * t.stride
}

// player plays a program from its table. A turn asks up to three times about the same
// sheet: the block of its state is found once, on the first question.
type player struct {
	t      *table
	filled uint64
	upper  int
	score  int // of the box of the extra bonus
	at     int // the block of that sheet, or -1
}

func (pl *player) cell(s *engine.Sheet, r engine.Roll) []uint8 {
	i := pl.locate(s) + int(r)*pl.t.stride
	return pl.t.data[i : i+pl.t.stride]
}

// locate returns the block of sheet s, found again only when the sheet changed.
func (pl *player) locate(s *engine.Sheet) int {
	t := pl.t
	filled, upper := s.FilledMask(), s.Upper(0)
	score := 0
	if t.nf == 2 {
		score = s.Score(engine.BoxID(t.p.ybox))
	}
	if pl.at < 0 || filled != pl.filled || upper != pl.upper || score != pl.score {
		pl.filled, pl.upper, pl.score, pl.at = filled, upper, score, t.block(s)
	}
	return pl.at
}

// Block implements strategies.Blocked: the classes of a group that decide alike share
// their block of the table.
func (pl *player) Block(s *engine.Sheet) int { return pl.locate(s) }

// NewStrategy returns a strategy that plays the program, from its table of decisions
// (built on first use, on every core, and shared by the program's strategies).
func (p *Program) NewStrategy() (strategies.Strategy, error) {
	t, err := p.table()
	if err != nil {
		return nil, err
	}
	return &player{t: t, at: -1}, nil
}

// Keep implements strategies.Strategy.
func (pl *player) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	return r.Held(pl.cell(s, r)[pl.t.levels-rollsLeft])
}

// Box implements strategies.Strategy.
func (pl *player) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	i := pl.t.levels
	if pl.t.nbox > 1 {
		i += rollsUsed - 1
	}
	return engine.BoxID(pl.cell(s, r)[i])
}
