package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// sheetRules are rule sets whose sheets differ: every preset, and sheets of several
// columns in fixed orders, with a "sec" column, and with a subtracted box.
var sheetRules = []struct {
	name string
	opts []string
}{
	{"hasbro", nil}, {"verhoeff", nil}, {"yams", nil}, {"yams-app", nil}, {"yams-wiki", nil}, {"yatzy", nil},
	{"hasbro", []string{"columns=top_down,bottom_up,free"}},
	{"yams", []string{"columns=top_down,free,bottom_up,sec"}},
	{"yams-wiki", []string{"columns=free,free"}},
}

// Over random games, every shortcut of the sheet says what the long way says: Legal on a
// sheet of free columns what the columns' rules give, Total the sum of the columns'
// sections and bonuses, and SheetOf, told the scores, the sheet that Fill wrote.
func TestSheetShortcuts(t *testing.T) {
	for _, c := range sheetRules {
		t.Run(c.name+" "+joinOptions(c.opts), func(t *testing.T) {
			rules := mustLoad(t, c.name, c.opts...)
			g := rand.New(rand.NewPCG(1, 2))
			for range 300 {
				s := NewSheet(rules)
				for !s.Done() {
					r := Roll(g.IntN(NumRolls))
					if g.IntN(4) == 0 {
						r = fiveOf(1 + g.IntN(NumFaces)) // often enough for the joker and the bonus
					}
					used := 1 + g.IntN(rules.Rolls())
					legal := s.Legal(r, used)
					if want := rules.legalByColumn(s.filled, r, used); legal != want {
						t.Fatalf("Legal(%s, %d) = %b, want %b", r, used, legal, want)
					}
					if legal == 0 {
						continue
					}
					pick := g.IntN(bits.OnesCount64(legal))
					for range pick {
						legal &= legal - 1
					}
					id := BoxID(bits.TrailingZeros64(legal))
					if got, want := s.Fill(id, r), s.Score(id); got != want {
						t.Fatalf("Fill returned %d, wrote %d", got, want)
					}
					total := s.ExtraTotal()
					for col := range rules.Columns() {
						total += s.ColumnTotal(col)
					}
					if s.Total() != total {
						t.Fatalf("Total %d, columns and bonuses %d", s.Total(), total)
					}
					scores := make([]int, rules.NumSlots())
					for id := range scores {
						scores[id] = -1
						if s.Filled(BoxID(id)) {
							scores[id] = s.Score(BoxID(id))
						}
					}
					told, err := SheetOf(rules, scores, s.ExtraBonuses())
					if err != nil || told != s {
						t.Fatalf("SheetOf: %+v, %v; want %+v", told, err, s)
					}
				}
			}
		})
	}
}

func joinOptions(opts []string) string {
	if len(opts) == 0 {
		return "-"
	}
	return opts[0]
}
