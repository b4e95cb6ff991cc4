package rulefile

import (
	"errors"
	"fmt"
	"slices"

	"yams/engine"
	"yams/internal/memlimit"
)

// A table derived from another. yams distill tries files that differ from the current one
// by one rule: building each one's table from nothing asks every rule of the file at
// every decision of every block, where only the decisions that the rules before the new
// one leave to later rules can change. DeriveTable reads those from the table of the file
// it starts from, which records the rule that took each decision (TrackRules), and asks
// the new rules alone; the table is the same, byte for byte, as Compile's would be.

// maxTracked is the most rules of a kind whose indices a tracked table records (a byte,
// the built-in default included).
const maxTracked = 255

// TrackRules makes the program's table record which rule took each decision, for the
// tables derived from it (DeriveTable). It must be called before the table is built: before
// the program's first strategy.
func (p *Program) TrackRules() { p.trackRules = true }

// DeriveTable builds the table of p, a program whose rules of kind k are those of base
// with the del rules from place on replaced by others (one rule inserted: del 0; a
// default replaced: del 1), from base's table, which must record its rules (TrackRules,
// and built). p's table records its rules too. It fails, and p builds its table as any
// program does, when p is not such a program of base: other rules outside the window,
// other averages, rules that read the rolls left where base's did not.
func (p *Program) DeriveTable(base *Program, k Kind, place, del int) error {
	bt, err := base.table()
	if err != nil {
		return err
	}
	if err := p.derivable(base, bt, k, place, del); err != nil {
		return err
	}
	p.trackRules = true
	// The plans of "keep for" are keyed by what they plan for: the programs of one rule
	// set share them.
	p.plans = base.plans
	built := false
	p.tableOnce.Do(func() {
		built = true
		p.tab, p.tabErr = p.deriveTable(base, bt, k, place, del)
	})
	if !built {
		return errors.New("rulefile: DeriveTable: the program's table is already built")
	}
	return p.tabErr
}

// derivable checks that p is base with rules [place, place+del) of kind k replaced.
func (p *Program) derivable(base *Program, bt *table, k Kind, place, del int) error {
	switch {
	case bt.who == nil:
		return errors.New("rulefile: DeriveTable: the base program does not track its rules")
	case p.rules != base.rules || p.avg != base.avg:
		return errors.New("rulefile: DeriveTable: other rules or averages than the base program's")
	case !p.sameStop || p.stride() != base.stride():
		return errors.New("rulefile: DeriveTable: a table of another layout (a first-roll-only column, or box rules that read the rolls left)")
	case len(p.keeps) > maxTracked || len(p.boxes) > maxTracked:
		return fmt.Errorf("rulefile: DeriveTable: more than %d rules of a kind", maxTracked-1)
	}
	lists := func(q *Program) [2][]crule { return [2][]crule{q.keeps, q.boxes} }
	pl, bl := lists(p), lists(base)
	same := func(a, b []crule) bool {
		return slices.EqualFunc(a, b, func(x, y crule) bool {
			return (x.src == nil) == (y.src == nil) && (x.src == nil || x.src.String() == y.src.String())
		})
	}
	if !same(pl[1-k], bl[1-k]) {
		return errors.New("rulefile: DeriveTable: the rules of the other kind differ")
	}
	ins := len(pl[k]) - len(bl[k]) + del
	if place < 0 || del < 0 || ins < 0 || place+del > len(bl[k])-1 || place+ins > len(pl[k])-1 ||
		!same(pl[k][:place], bl[k][:place]) || !same(pl[k][place+ins:], bl[k][place+del:]) {
		return fmt.Errorf("rulefile: DeriveTable: the rules are not the base's with rules %d to %d replaced", place, place+del)
	}
	// The classes of the upper subtotal refine base's: each lies within one of base's.
	for i := range p.bounds {
		for _, u := range base.bounds[i] {
			if _, found := slices.BinarySearch(p.bounds[i], u); !found {
				return errors.New("rulefile: DeriveTable: the classes of the upper subtotal do not refine the base's")
			}
		}
	}
	return nil
}

func (p *Program) deriveTable(base *Program, bt *table, k Kind, place, del int) (*table, error) {
	if err := memlimit.Check(p.tableWhat(), p.TableMemory()); err != nil {
		return nil, err
	}
	t := p.newTable()
	ins := len(p.keeps) - len(base.keeps) + del
	if k == BoxRule {
		ins = len(p.boxes) - len(base.boxes) + del
	}
	t.build(func(tn *Decider, g int, rows, who []uint8) {
		t.deriveGroup(tn, g, base, bt, k, place, ins, del, rows, who)
	})
	return t, nil
}

// deriveGroup fills the blocks of group g from base's: a decision that a rule before place
// took stays; the others go to the first new rule that decides, else to the rule of base
// that took them (its index shifted), else, where that rule was replaced, to the rules
// after the new ones.
func (t *table) deriveGroup(tn *Decider, g int, base *Program, bt *table, k Kind, place, ins, del int, rows, who []uint8) {
	p := t.p
	filled := uint64(g / t.nf)
	bounds := p.bounds[p.upperOf(filled)]
	active := make([]bool, ins)
	list := p.keeps
	if k == BoxRule {
		list = p.boxes
	}
	size := engine.NumRolls * t.stride
	for c := range len(bounds) + 1 {
		u := 0
		if c > 0 {
			u = int(bounds[c-1])
		}
		tn.Start(State{Filled: filled, Upper: u, YahtzeeScored: g%t.nf == 1})
		for j := range active {
			cond := list[place+j].cond
			active[j] = cond == nil || tn.pre(cond) != never
		}
		at := c * size
		from := bt.blockOf[int(bt.base[g])+base.class(filled, u)]
		copy(rows[at:at+size], bt.blocks[from])
		copy(who[at:at+size], bt.who[from])
		for r := range engine.Roll(engine.NumRolls) {
			i := at + int(r)*t.stride
			if k == KeepRule {
				for lv := range t.levels {
					left := t.levels - lv
					w := int(who[i+lv])
					if w < place {
						continue // a rule before the new ones took it
					}
					m, rule, ok := uint8(0), 0, false
					for j := range active {
						if active[j] {
							if m, ok = tn.keepBy(place+j, r, left); ok {
								rule = place + j
								break
							}
						}
					}
					switch {
					case ok:
					case w >= place+del:
						m, rule = rows[i+lv], w-del+ins // the rule of base that took it
					default:
						m, rule = tn.Keep(r, left) // base's rule was replaced
					}
					rows[i+lv], who[i+lv] = m, uint8(rule)
				}
				continue
			}
			for b := range t.nbox {
				j := i + t.levels + b
				w := int(who[j])
				if w < place {
					continue
				}
				used := t.rollsUsed(b)
				legal := p.rules.Legal(filled, r, used)
				box, rule, ok := 0, 0, false
				for a := range active {
					if active[a] && legal != 0 {
						if box, ok = tn.boxBy(place+a, r, used, legal); ok {
							rule = place + a
							break
						}
					}
				}
				switch {
				case ok:
					rows[j] = uint8(box)
				case w >= place+del:
					rule = w - del + ins
				default:
					box, rule = tn.Box(r, used)
					rows[j] = uint8(box)
				}
				who[j] = uint8(rule)
			}
		}
	}
}
