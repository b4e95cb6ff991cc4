package rulefile

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies/turnplan"
)

// The definitions of docs/rules.md that the code could break: the ranges of the numbers
// of the sheet, the upper subtotal not capped at the threshold, the costs of "score
// cheapest" fixed for a rule set.

const rulesPage = "../../docs/rules.md"

// pageTable returns the rows of the table of docs/rules.md whose header row starts with
// head: the cells of each row, trimmed.
func pageTable(t *testing.T, head string) [][]string {
	t.Helper()
	page, err := os.ReadFile(rulesPage)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	in := false
	for _, line := range strings.Split(string(page), "\n") {
		switch {
		case strings.HasPrefix(line, head):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "|"):
			var cells []string
			for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
				cells = append(cells, strings.TrimSpace(c))
			}
			rows = append(rows, cells)
		case in:
			return rows
		}
	}
	if !in {
		t.Fatalf("%s: no table headed %q", rulesPage, head)
	}
	return rows
}

// Every number of the sheet stays in the range docs/rules.md gives it on hasbro, at every
// position (the filled boxes, every upper subtotal they can hold), and reaches both ends.
func TestRangesOfTheNumbers(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(&File{Name: "x.rules"}, r)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{}
	span := regexp.MustCompile(`^(-?\d+) to (-?\d+)$`)
	for _, row := range pageTable(t, "| number | from | to | on hasbro |") {
		m := span.FindStringSubmatch(row[3])
		if m == nil {
			t.Fatalf("%s: the range of %s on hasbro is %q, not \"A to B\"", rulesPage, row[0], row[3])
		}
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		want[strings.Trim(strings.ReplaceAll(row[0], "*box* ", ""), "`")] = [2]int{lo, hi}
	}
	got := map[string][2]int{}
	see := func(name string, v int) {
		g, ok := got[name]
		if !ok {
			g = [2]int{v, v}
		}
		got[name] = [2]int{min(g[0], v), max(g[1], v)}
	}
	// The subtotals each set of filled upper boxes can hold: any number of dice of the face,
	// zero to five, in each.
	subtotals := func(filled uint64) []int {
		sums := []int{0}
		for l := filled & p.upperMask; l != 0; l &= l - 1 {
			face := r.Boxes()[bits.TrailingZeros64(l)].Face
			var next []int
			for _, s := range sums {
				for k := range 6 {
					next = append(next, s+k*face)
				}
			}
			slices.Sort(next)
			sums = slices.Compact(next)
		}
		return sums
	}
	numbers := map[string]Feature{"upper": Upper, "bonus needs": BonusNeeds, "over par": OverPar, "turn": Turn, "turns left": TurnsLeft}
	dc := p.NewDecider()
	all := uint64(1)<<p.nb - 1
	for filled := range all {
		for _, u := range subtotals(filled) {
			dc.Start(State{Filled: filled, Upper: u})
			for name, f := range numbers {
				see(name, dc.number(&catom{f: f}, 0, 0))
			}
		}
		for b := range p.nb {
			for roll := range engine.Roll(engine.NumRolls) {
				see("pays", dc.number(&catom{f: Pays, box: b}, roll, 0))
			}
		}
	}
	// The rolls left a decision reads: a keep's rerolls left, a box's rolls not used.
	for left := 1; left < p.rolls; left++ {
		see("rolls left", left)
	}
	for used := 1; used <= p.rolls; used++ {
		see("rolls left", p.rolls-used)
	}
	for name := range numbers {
		if _, ok := want[name]; !ok {
			t.Errorf("%s gives no range for %s", rulesPage, name)
		}
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s on hasbro: from %d to %d, %s says %d to %d", name, got[name][0], got[name][1], rulesPage, w[0], w[1])
		}
	}
}

// The upper subtotal is the sum of the upper boxes as written, not capped at the bonus's
// threshold: on the six boxes (threshold 40, par 42 once the three upper boxes are
// filled), "upper >= 60" holds at 64, "over par = 6" at 48, where a subtotal capped at 40
// would hold neither; "bonus needs" is 0 past the threshold. The table a strategy plays
// from decides as the decider does.
func TestUpperIsNotCapped(t *testing.T) {
	r := exacttest.SixBoxes(t)
	f, err := Parse("x.rules", []byte(`if upper >= 60 then keep all
if bonus needs = 0 and over par = 6 then keep sixes
if bonus needs = 3 then keep fours
otherwise keep nothing`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(f, r)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.NewStrategy()
	if err != nil {
		t.Fatal(err)
	}
	roll, _ := engine.RollOf([]int{1, 2, 4, 6, 6})
	sixes, _ := engine.KeepOf([]int{6, 6})
	four, _ := engine.KeepOf([]int{4})
	for _, c := range []struct {
		threes, fives, sixes int
		want                 engine.Keep
	}{
		{15, 25, 24, roll.Keep()},   // 64
		{9, 15, 24, sixes},          // 48: the bonus won, 6 over par
		{9, 20, 24, engine.Keep(0)}, // 53: 11 over par
		{3, 10, 24, four},           // 37: 3 short of the bonus
	} {
		sheet, err := engine.SheetOf(r, []int{c.threes, c.fives, c.sixes, -1, -1, -1}, 0)
		if err != nil {
			t.Fatal(err)
		}
		dc := p.NewDecider()
		dc.Start(p.StateOf(&sheet))
		mask, _ := dc.Keep(roll, 2)
		if got := st.Keep(&sheet, roll, 2); got != c.want || roll.Held(mask) != c.want {
			t.Errorf("upper %d: the table keeps %v, the decider %v, want %v", sheet.Upper(0), got, roll.Held(mask), c.want)
		}
	}
}

// The costs of "score cheapest" are those docs/rules.md gives on hasbro, one turn played
// for each box alone, and fixed for the rule set: the same with averages or without, and
// the same box chosen among the same legal boxes at any position.
func TestCheapestCostsAreFixed(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	rows := pageTable(t, "| box | ones | yahtzee |")
	page := map[string]float64{}
	ids, costs := rowsOf(t, rows)
	for i, id := range ids {
		page[id] = costs[i]
	}
	_, solo := turnplan.SoloTurns(r)
	var order []string
	for b, box := range r.Boxes() {
		if math.Abs(solo[b]-page[box.ID]) > 0.005 {
			t.Errorf("the cost of %s: %.4f, %s gives %.2f", box.ID, solo[b], rulesPage, page[box.ID])
		}
		order = append(order, box.ID)
	}
	plain, err := Compile(&File{Name: "x.rules"}, r)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(order, func(a, b string) int { return int(plain.cheap[boxIndex(r, a)] - plain.cheap[boxIndex(r, b)]) })
	if !slices.Equal(order, ids) {
		t.Errorf("score cheapest ranks %v, %s %v", order, rulesPage, ids)
	}
	averaged, err := Parse("x.rules", []byte("averages ones 30, chance -20, yahtzee 5\notherwise score cheapest"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(averaged, r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.cheap, plain.cheap) {
		t.Errorf("with averages the costs rank %v, without %v", p.cheap, plain.cheap)
	}
	// At any position, whatever the turn, the subtotal and the file's averages, the roll
	// goes to the first box of the page's order that may take it.
	rng := rand.New(rand.NewPCG(1, 9))
	all := uint64(1)<<r.NumBoxes() - 1
	for range 200 {
		st := State{Filled: rng.Uint64() & all &^ (1 << rng.IntN(r.NumBoxes())), Upper: rng.IntN(90)}
		roll := engine.Roll(rng.IntN(engine.NumRolls))
		legal := r.Legal(st.Filled, roll, 3)
		want := ""
		for _, id := range ids {
			if legal&(1<<boxIndex(r, id)) != 0 {
				want = id
				break
			}
		}
		for _, q := range []*Program{p, plain} {
			dc := q.NewDecider()
			dc.Start(st)
			if b, ok := dc.BoxOf(&Act{a: caction{verb: ScoreCheapest, targets: all}}, roll, 3); !ok || r.Boxes()[b].ID != want {
				t.Fatalf("filled %b, upper %d, roll %v: score cheapest chose %s, want %s", st.Filled, st.Upper, roll, r.Boxes()[b].ID, want)
			}
		}
	}
}

// rowsOf reads the table of costs: its header row names the boxes, its row the costs.
func rowsOf(t *testing.T, rows [][]string) ([]string, []float64) {
	t.Helper()
	page, _ := os.ReadFile(rulesPage)
	var ids []string
	for _, line := range strings.Split(string(page), "\n") {
		if strings.HasPrefix(line, "| box | ones | yahtzee |") {
			for _, c := range strings.Split(strings.Trim(line, "|"), "|")[1:] {
				ids = append(ids, strings.TrimSpace(c))
			}
		}
	}
	if len(rows) != 1 || len(rows[0]) != len(ids)+1 {
		t.Fatalf("%s: the table of costs has %d rows for %d boxes", rulesPage, len(rows), len(ids))
	}
	var costs []float64
	for _, c := range rows[0][1:] {
		v, err := strconv.ParseFloat(c, 64)
		if err != nil {
			t.Fatal(err)
		}
		costs = append(costs, v)
	}
	return ids, costs
}

// The order of ties of "score best" is the one docs/rules.md gives on hasbro, with the
// chances and costs it is made from; at any position, "score best" takes the box of the
// most points (the joker applied, the extra bonus included) that comes first in it.
func TestTieOrderOfThePage(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	const head = "| box | yahtzee | large_straight |"
	var ids []string
	page, _ := os.ReadFile(rulesPage)
	for _, line := range strings.Split(string(page), "\n") {
		if strings.HasPrefix(line, head) {
			for _, c := range strings.Split(strings.Trim(line, "|"), "|")[1:] {
				ids = append(ids, strings.TrimSpace(c))
			}
		}
	}
	var order []string
	for _, id := range turnplan.TieOrder(r) {
		order = append(order, r.Boxes()[id].ID)
	}
	if !slices.Equal(ids, order) {
		t.Fatalf("%s orders the ties %v, TieOrder %v", rulesPage, ids, order)
	}
	hit, mean := turnplan.SoloTurns(r)
	rows := pageTable(t, head)
	if len(rows) != 2 || rows[0][0] != "chance" || rows[1][0] != "cost" {
		t.Fatalf("%s: the table of ties has rows %v, want chance and cost", rulesPage, rows)
	}
	for i, id := range ids {
		b := boxIndex(r, id)
		for _, c := range []struct {
			cell   string
			v, tol float64
		}{{rows[0][i+1], hit[b], 0.00005}, {rows[1][i+1], mean[b], 0.005}} {
			if v, err := strconv.ParseFloat(c.cell, 64); err != nil || math.Abs(v-c.v) > c.tol {
				t.Errorf("%s, %s: %s gives %q, SoloTurns %.6f", rulesPage, id, rulesPage, c.cell, c.v)
			}
		}
	}
	p, err := Compile(&File{Name: "x.rules"}, r)
	if err != nil {
		t.Fatal(err)
	}
	dc := p.NewDecider()
	rng := rand.New(rand.NewPCG(4, 40))
	all := uint64(1)<<r.NumBoxes() - 1
	ties := 0
	for range 3000 {
		st := State{Filled: rng.Uint64() & all &^ (1 << rng.IntN(r.NumBoxes())), YahtzeeScored: rng.IntN(2) == 0}
		if st.Filled&(1<<boxIndex(r, "yahtzee")) == 0 {
			st.YahtzeeScored = false
		}
		roll := engine.Roll(rng.IntN(engine.NumRolls))
		if rng.IntN(4) == 0 {
			roll, _ = engine.RollOf([]int{3, 3, 3, 3, 3})
		}
		legal := r.Legal(st.Filled, roll, 3)
		want, best, n := "", -1, 0
		for _, id := range ids {
			b := boxIndex(r, id)
			if legal&(1<<b) == 0 {
				continue
			}
			v := r.Points(st.Filled, engine.BoxID(b), roll)
			if st.YahtzeeScored && roll.OfAKind() != 0 {
				v += r.ExtraPoints()
			}
			switch {
			case v > best:
				want, best, n = id, v, 1
			case v == best:
				n++
			}
		}
		if n > 1 {
			ties++
		}
		dc.Start(st)
		if b, ok := dc.BoxOf(&Act{a: caction{verb: ScoreBest, targets: all}}, roll, 3); !ok || r.Boxes()[b].ID != want {
			t.Fatalf("filled %b, roll %v: score best chose %s, want %s", st.Filled, roll, r.Boxes()[b].ID, want)
		}
	}
	if ties < 300 {
		t.Errorf("%d ties in 3,000 positions: the test does not test the order", ties)
	}
}
