package rulefile

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
)

// A program plays from a table of its decisions, computed once per rule set on every core
// as the heuristics' policy tables are (strategies/turnplan/policytable.go): for every block (the
// filled boxes, whether the box of the extra bonus holds a score when the rules pay one,
// and the class of the upper subtotal), every roll, the keep after each roll but the last
// (a mask of the roll's dice) and the box. A decision is then a few reads.
//
// The classes of a group of filled boxes that decide alike share one block: a file that
// compares the upper subtotal with many numbers splits every group into many classes, but
// most decide as a neighbour does (hasbro-10.rules's table is a third of its size before
// sharing). Each group's classes are decided into a scratch buffer and only its distinct
// blocks kept, so that a build holds the shared table, never the table before sharing.

type table struct {
	p      *Program
	nf     int // 2 when the rules pay an extra bonus: the yahtzee flag is part of a block
	levels int // rerolls: keeps per roll
	nbox   int // boxes per roll: one, or one per roll number
	stride int // bytes per roll
	// base[filled*nf+f] is the first slot of the filled boxes and flag (their classes
	// follow), -1 where no game goes; blockOf[slot] is the block that holds the decisions
	// of the slot, blocks[b] its decisions (NumRolls·stride bytes).
	base    []int32
	blockOf []int32
	blocks  [][]uint8
	// who, beside blocks when the program tracks its rules (TrackRules), is the index of
	// the rule that took each decision, in the list of its kind: what DeriveTable reads.
	who [][]uint8
}

// Bytes returns the size of the program's table of decisions before the classes of the
// upper subtotal that decide alike share their decisions (a class is a copy of the table,
// and a file that compares the subtotal with many numbers makes many), without building it.
func (p *Program) Bytes() int64 {
	return memlimit.Mul(int64(p.slots()), engine.NumRolls*int64(p.stride()))
}

// slots counts the blocks of the table before sharing: a class of the upper subtotal of
// each group of filled boxes and flag that games reach.
func (p *Program) slots() int {
	n := 0
	full := uint64(1)<<p.nb - 1
	for m := range full {
		classes := len(p.bounds[p.upperOf(m)]) + 1
		n += classes
		if p.ybox >= 0 && m&(1<<p.ybox) != 0 {
			n += classes // the yahtzee box scored, or not
		}
	}
	return n
}

// TableMemory bounds the memory building the program's table takes, to be checked
// against the budget (memlimit) before anything is built: the blocks kept when no two
// classes of a group decide alike (the table before sharing, Bytes), with what the
// chunks they are taken from leave unused, the same again for the rules that took each
// decision where they are tracked (TrackRules), the numbering of the blocks, each core's
// scratch of a group and decider, and the plans of "keep for" the program keeps. The
// classes that decide alike, most of them in most files, share their blocks: a build
// takes less, down to a fraction. The tests measure a build's peak against it.
func (p *Program) TableMemory() int64 {
	copies := int64(1)
	if p.trackRules {
		copies = 2
	}
	workers := int64(runtime.GOMAXPROCS(0))
	slots := int64(p.slots())
	groups := int64(1) << p.nb * int64(p.flags())
	maxClasses := 0
	for _, b := range p.bounds {
		maxClasses = max(maxClasses, len(b)+1)
	}
	group := int64(maxClasses) * engine.NumRolls * int64(p.stride()) // a group's blocks, at most
	chunks := p.Bytes()/arenaChunk + workers
	return memlimit.Sum(
		memlimit.Mul(copies, memlimit.Sum(
			p.Bytes(),
			memlimit.Mul(chunks, group),             // the ends of chunks too short for a group
			memlimit.Mul(workers, arenaChunk+group), // each worker's last chunk, its scratch
			memlimit.Mul(slots, 24),                 // a slice for each block
			memlimit.Mul(groups, 24),                // the blocks of each group
		)),
		memlimit.Mul(slots, 4),    // blockOf
		memlimit.Mul(groups, 3*4), // base, the first block of each group, the slot bounds
		p.planMemory(groups),
		memlimit.Mul(workers, deciderBytes),
		programBytes,
	)
}

// Sizes of what a build holds besides its table: a decider (its turn plans, about 80 KB,
// and its memo of box choices), the program's own tables (the vectors of the boxes, the
// numbering of the filled upper boxes, the bounds of the classes).
const (
	deciderBytes = 256 << 10
	programBytes = 1 << 20
)

// planMemory bounds the plans of "keep for" the program keeps: one for each worth vector
// met, at most one per group and target set ("keep for group box" plans for the box of
// each face), up to maxCachedPlans; each its keeps and its entry in the cache's map.
func (p *Program) planMemory(groups int64) int64 {
	type set struct {
		targets uint64
		group   bool
	}
	seen := map[set]bool{}
	sets := int64(0)
	for _, r := range p.keeps { // the built-in default, keep for points, among them
		if s := (set{r.act.targets, r.act.group}); r.act.verb == KeepFor && !seen[s] {
			seen[s] = true
			sets++
			if s.group {
				sets += engine.NumFaces - 1 // the group's box is that of each face in turn
			}
		}
	}
	plans := min(memlimit.Mul(groups, sets), maxCachedPlans)
	return memlimit.Mul(plans, int64(engine.NumRolls*(p.rolls-1))+planEntryBytes)
}

// planEntryBytes is what a plan costs besides its keeps: its key, its slice header and
// the map's share of buckets and overhead.
const planEntryBytes = 128

// tableWhat names a program's table in the messages of the memory budget.
func (p *Program) tableWhat() string {
	return fmt.Sprintf("the table of decisions of rule file %s on rules %s", p.File.Name, p.rules.Name())
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

// table builds the program's table, or reads it from the cache (UseCache), once; every
// strategy of the program shares it.
func (p *Program) table() (*table, error) {
	p.tableOnce.Do(func() {
		if p.cache && !p.trackRules {
			p.tab, p.tabErr = p.cachedTable()
		} else {
			p.tab, p.tabErr = p.buildTable()
		}
	})
	return p.tab, p.tabErr
}

func (p *Program) buildTable() (*table, error) {
	if err := memlimit.Check(p.tableWhat(), p.TableMemory()); err != nil {
		return nil, err
	}
	t := p.newTable()
	t.build(t.fillGroup)
	return t, nil
}

// newTable returns the program's table with its slots numbered, its blocks to build.
func (p *Program) newTable() *table {
	_, base := p.blocks()
	t := &table{p: p, nf: p.flags(), levels: p.rolls - 1, stride: p.stride(), base: base}
	t.nbox = t.stride - t.levels
	return t
}

// arenaChunk is the size of the chunks a build takes its blocks from: large enough that
// the end of a chunk too short for a group wastes little, small enough for a short game.
const arenaChunk = 4 << 20

// arena hands out the memory of a worker's blocks from chunks, so that a group's few
// blocks are not an allocation of their own rounded up to a size class.
type arena struct{ free []uint8 }

func (a *arena) take(n int) []uint8 {
	if n > len(a.free) {
		a.free = make([]uint8, max(n, arenaChunk))
	}
	out := a.free[:n:n]
	a.free = a.free[n:]
	return out
}

// build decides every group that games reach, on every core: fillGroup writes the blocks
// of the group's classes, one after the other, into rows (and the rules that decided into
// who, when tracked); the distinct ones are kept. Then the blocks are numbered in the
// order of the slots, so that a table is the same whatever the cores.
func (t *table) build(fillGroup func(tn *Decider, g int, rows, who []uint8)) {
	p := t.p
	size := engine.NumRolls * t.stride
	groups := len(t.base)
	slots := 0
	maxClasses := 1
	for g, b := range t.base {
		if b >= 0 {
			classes := len(p.bounds[p.upperOf(uint64(g/t.nf))]) + 1
			slots = max(slots, int(b)+classes)
			maxClasses = max(maxClasses, classes)
		}
	}
	t.blockOf = make([]int32, slots)
	kept := make([][]uint8, groups) // the distinct blocks of each group, one after the other
	var keptWho [][]uint8
	if p.trackRules {
		keptWho = make([][]uint8, groups)
	}
	const chunk = 32
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			tn := p.NewDecider()
			rows := make([]uint8, maxClasses*size)
			var who []uint8
			var mem, memWho arena
			if p.trackRules {
				who = make([]uint8, maxClasses*size)
			}
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= groups {
					return
				}
				for g := lo; g < min(lo+chunk, groups); g++ {
					if t.base[g] < 0 {
						continue
					}
					classes := len(p.bounds[p.upperOf(uint64(g/t.nf))]) + 1
					fillGroup(tn, g, rows[:classes*size], who[:min(len(who), classes*size)])
					firsts := t.keepDistinct(g, classes, rows, who)
					kept[g] = mem.take(len(firsts) * size)
					for k, c := range firsts {
						copy(kept[g][k*size:], rows[c*size:(c+1)*size])
					}
					if p.trackRules {
						keptWho[g] = memWho.take(len(firsts) * size)
						for k, c := range firsts {
							copy(keptWho[g][k*size:], who[c*size:(c+1)*size])
						}
					}
				}
			}
		})
	}
	wg.Wait()
	// Number the blocks: those of group g follow those of the groups before it.
	first := make([]int32, groups)
	n := int32(0)
	for g := range groups {
		first[g] = n
		n += int32(len(kept[g]) / size)
	}
	t.blocks = make([][]uint8, 0, n)
	if p.trackRules {
		t.who = make([][]uint8, 0, n)
	}
	for g, b := range t.base {
		if b < 0 {
			continue
		}
		for i := 0; i < len(kept[g]); i += size {
			t.blocks = append(t.blocks, kept[g][i:i+size:i+size])
			if p.trackRules {
				t.who = append(t.who, keptWho[g][i:i+size:i+size])
			}
		}
		classes := len(p.bounds[p.upperOf(uint64(g/t.nf))]) + 1
		for c := range classes {
			t.blockOf[int(b)+c] += first[g]
		}
	}
}

// keepDistinct finds the distinct blocks of group g's classes, decided in rows (with the
// rules that decided in who, when tracked: blocks alike in decisions but not in rules are
// two): it numbers each class's block within the group in blockOf, in order of first
// class, and returns the first class of each.
func (t *table) keepDistinct(g, classes int, rows, who []uint8) []int {
	size := engine.NumRolls * t.stride
	block := func(buf []uint8, c int) []uint8 { return buf[c*size : (c+1)*size] }
	var firsts []int
	for c := range classes {
		found := -1
		for k, f := range firsts {
			if bytes.Equal(block(rows, f), block(rows, c)) && (who == nil || bytes.Equal(block(who, f), block(who, c))) {
				found = k
				break
			}
		}
		if found < 0 {
			found = len(firsts)
			firsts = append(firsts, c)
		}
		t.blockOf[int(t.base[g])+c] = int32(found)
	}
	return firsts
}

// fillGroup decides the classes of the filled boxes and flag numbered g, one after the
// other into rows (and the rules that decided into who, unless nil): each decided at the
// lowest subtotal of its class.
func (t *table) fillGroup(tn *Decider, g int, rows, who []uint8) {
	p := t.p
	filled := uint64(g / t.nf)
	bounds := p.bounds[p.upperOf(filled)]
	for c := range len(bounds) + 1 {
		u := 0
		if c > 0 {
			u = int(bounds[c-1])
		}
		tn.Start(State{Filled: filled, Upper: u, YahtzeeScored: g%t.nf == 1})
		at := c * engine.NumRolls * t.stride
		row := rows[at:]
		var rowWho []uint8
		if len(who) > 0 {
			rowWho = who[at:]
		}
		for r := range engine.Roll(engine.NumRolls) {
			i := int(r) * t.stride
			for u := range t.levels {
				m, rule := tn.Keep(r, t.levels-u)
				row[i+u] = m
				if rowWho != nil {
					rowWho[i+u] = uint8(rule)
				}
			}
			for k := range t.nbox {
				b, rule := tn.Box(r, t.rollsUsed(k))
				row[i+t.levels+k] = uint8(b)
				if rowWho != nil {
					rowWho[i+t.levels+k] = uint8(rule)
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

// block returns the block of the decisions of sheet s.
func (t *table) block(s *engine.Sheet) int {
	p := t.p
	filled := s.FilledMask()
	g := int(filled) * t.nf
	if t.nf == 2 && s.Score(engine.BoxID(p.ybox)) > 0 {
		g++
	}
	return int(t.blockOf[int(t.base[g])+p.class(filled, s.Upper(0))])
}

// player plays a program from its table. A turn asks up to three times about the same
// sheet: the block of its state is found once, on the first question.
type player struct {
	t      *table
	filled uint64
	upper  int
	score  int     // of the box of the extra bonus
	at     int     // the block of that sheet, or -1
	row    []uint8 // its decisions
}

func (pl *player) cell(s *engine.Sheet, r engine.Roll) []uint8 {
	pl.locate(s)
	i := int(r) * pl.t.stride
	return pl.row[i : i+pl.t.stride]
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
		pl.row = t.blocks[pl.at]
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
