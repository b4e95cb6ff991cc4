package summaryfile

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"yams/sim"

	"yams/engine"
)

// summaryOf rebuilds the Summary of a strategy from its JSON form, of games first to
// first+games−1, and checks it: every count within what the rules allow, the counts
// consistent with each other (they add up to the histogram, game by game and turn by
// turn), and every figure written the one the counts give. Histograms are allocated
// once their keys are checked, within the rules' bounds.
func (b *sheetBounds) summaryOf(j *jsonStrategy, first, games int64) (*sim.Summary, error) {
	if j.Name == "" {
		return nil, errors.New("no name")
	}
	if j.Games != games {
		return nil, fmt.Errorf("games: %d, the file says %d", j.Games, games)
	}
	s := sim.EmptySummary(j.Name, slices.Clone(b.columns), slices.Clone(b.boxes), b.yahtzee)
	s.Games = games
	if err := b.layoutOf(j); err != nil {
		return nil, err
	}
	var err error
	if s.Bot, err = botOf(j.Bot); err != nil {
		return nil, err
	}
	if j.Identity != "" && !sim.ValidIdentity(j.Identity) {
		return nil, fmt.Errorf("identity %.80q: want %s and 64 lowercase hexadecimal digits", j.Identity, sim.IdentityPrefix)
	}
	s.Identity = j.Identity
	if s.Scores, err = histogramOf("histogram", j.Histogram, 0, b.scoreLo, b.scoreHi, games); err != nil {
		return nil, err
	}
	if s.ExtraBonuses, err = histogramOf("yahtzee.extra_bonus", j.Yahtzee.ExtraBonus, 0, 0, b.extra, games); err != nil {
		return nil, err
	}
	if err := b.upperOf(s, j); err != nil {
		return nil, err
	}
	if err := b.boxesOf(s, j); err != nil {
		return nil, err
	}
	if err := b.yahtzeeOf(s, j); err != nil {
		return nil, err
	}
	if err := b.totalsAddUp(s); err != nil {
		return nil, err
	}
	if err := b.blocksOf(s, j.Convergence, first); err != nil {
		return nil, err
	}
	if j.Regret != nil {
		if s.Regret, err = b.regretOf(j.Regret, games); err != nil {
			return nil, err
		}
	}
	// The derived figures must be those of the counts: a file edited by hand, or
	// damaged, fails here rather than feed a report numbers that do not add up.
	st := s.Stats()
	if err := sameFigures(j, summaryJSON(s, &st)); err != nil {
		return nil, err
	}
	return s, nil
}

// layoutOf checks that the boxes of the file are those of the rules' sheet, in its order.
func (b *sheetBounds) layoutOf(j *jsonStrategy) error {
	if len(j.Boxes) != len(b.slots) {
		return fmt.Errorf("boxes: %d boxes, the rule set's sheet has %d", len(j.Boxes), len(b.slots))
	}
	if len(j.Joker) != len(b.slots) {
		return fmt.Errorf("joker: %d boxes, want %d", len(j.Joker), len(b.slots))
	}
	for i, name := range b.slots {
		if j.Boxes[i].Key != name {
			return fmt.Errorf("boxes: %q, the rule set's sheet has %q there", j.Boxes[i].Key, name)
		}
		if j.Joker[i].Key != name {
			return fmt.Errorf("joker: %q, want %q", j.Joker[i].Key, name)
		}
	}
	return nil
}

// upperOf reads the upper subtotals and bonuses of the columns. At the end of a game the
// upper section is complete, so a column earns the bonus exactly when its subtotal
// reaches the threshold: the bonus counts follow from the subtotals. On a sheet of
// several columns, the subtotals of the file's "upper_subtotal" are those of the
// columns added up.
func (b *sheetBounds) upperOf(s *sim.Summary, j *jsonStrategy) error {
	nc := len(b.columns)
	type column struct {
		what      string
		subtotals []member[int64]
		bonus     int64
	}
	cols := []column{{"upper_subtotal", j.UpperSubtotal, j.UpperBonus.Count}}
	if nc > 1 {
		if len(j.ByColumn) != nc {
			return fmt.Errorf("by_column: %d columns, want %d", len(j.ByColumn), nc)
		}
		cols = cols[:0]
		for c, jc := range j.ByColumn {
			if jc.Name != b.columns[c] {
				return fmt.Errorf("by_column[%d]: column %q, want %q", c, jc.Name, b.columns[c])
			}
			cols = append(cols, column{fmt.Sprintf("by_column[%d].upper_subtotal", c), jc.UpperSubtotal, jc.UpperBonus.Count})
		}
	} else if j.ByColumn != nil {
		return errors.New("by_column: for a sheet of several columns")
	}
	threshold := b.rules.UpperThreshold()
	var sum sim.Histogram
	for c, col := range cols {
		h, err := histogramOf(col.what, col.subtotals, 0, 0, b.upper, s.Games)
		if err != nil {
			return err
		}
		var want int64
		if b.hasUpperBonus() {
			for i, n := range h.Counts {
				if h.Min+i >= threshold {
					want += n
				}
			}
		}
		if col.bonus != want {
			return fmt.Errorf("upper_bonus: count %d of column %s, its subtotals give %d", col.bonus, b.columns[c], want)
		}
		s.UpperSubtotal = append(s.UpperSubtotal, h)
		s.UpperBonus = append(s.UpperBonus, col.bonus)
		sum.Merge(&h)
	}
	if nc > 1 {
		if s.Games > math.MaxInt64/int64(nc) {
			return fmt.Errorf("upper_subtotal: %d games × %d columns is more than a count holds", s.Games, nc)
		}
		all, err := histogramOf("upper_subtotal", j.UpperSubtotal, 0, 0, b.upper, s.Games*int64(nc))
		if err != nil {
			return err
		}
		if sum.Trim(); sum.Min != all.Min || !slices.Equal(sum.Counts, all.Counts) {
			return errors.New("upper_subtotal: the subtotals of the columns do not add up to it")
		}
	}
	return nil
}

// boxesOf reads what the games wrote in each box: the sum of its scores, its zeros, its
// jokers and the turns it was filled in, each within what the rules allow.
func (b *sheetBounds) boxesOf(s *sim.Summary, j *jsonStrategy) error {
	games, nb := s.Games, len(b.boxes)
	joker := b.rules.Joker() != engine.NoJoker
	jokerBox := b.rules.YahtzeeBox()
	s.Slots = make([]sim.SlotCounts, len(b.slots))
	perTurn := make([]int64, b.turns)
	for i, m := range j.Boxes {
		sl, box, what := &s.Slots[i], i%nb, "boxes."+m.Key
		sl.Sum, sl.Zeros, sl.Jokers = m.Value.Sum, m.Value.Zeros, j.Joker[i].Value
		if err := inRange(what+".zeros", sl.Zeros, games); err != nil {
			return err
		}
		if sl.Zeros > 0 && b.boxLo[box] > 0 {
			return fmt.Errorf("%s.zeros: %d, but the box never holds less than %d", what, sl.Zeros, b.boxLo[box])
		}
		// The games without a zero scored from the least to the most the box may hold.
		scored := games - sl.Zeros
		if scored > 0 && b.boxLeast[box] == 0 {
			return fmt.Errorf("%s.zeros: %d of %d games, but the box never holds more than 0", what, sl.Zeros, games)
		}
		if !scaledWithin(sl.Sum, b.boxLeast[box], b.boxHi[box], scored) {
			return fmt.Errorf("%s.sum: %d over %d games without a zero, out of %d to %d each", what, sl.Sum, scored, b.boxLeast[box], b.boxHi[box])
		}
		if err := inRange("joker."+m.Key, sl.Jokers, games); err != nil {
			return err
		}
		if sl.Jokers > 0 && (!joker || box == jokerBox) {
			return fmt.Errorf("joker.%s: %d, but the box never takes a joker under these rules", m.Key, sl.Jokers)
		}
		h, err := histogramOf(what+".fill_turn", m.Value.FillTurn, -1, 0, b.turns-1, games)
		if err != nil {
			return err
		}
		sl.FillTurn = make([]int64, b.turns)
		for t, n := range h.Counts {
			sl.FillTurn[h.Min+t] = n
			// Each count is at most games, so the sums stay far from overflowing.
			if perTurn[h.Min+t] += n; perTurn[h.Min+t] > games {
				return fmt.Errorf("%s.fill_turn: more than %d games fill a box in turn %d", what, games, h.Min+t+1)
			}
		}
	}
	// Every turn of every game fills one box.
	for t, n := range perTurn {
		if n != games {
			return fmt.Errorf("fill_turn: %d boxes filled in turn %d of %d games", n, t+1, games)
		}
	}
	var most, all int64
	for _, sl := range s.Slots {
		most, all = max(most, sl.Jokers), all+sl.Jokers
	}
	s.JokerGames = j.JokerGames
	if s.JokerGames < most || s.JokerGames > min(all, games) {
		return fmt.Errorf("joker_games: %d, the jokers of the boxes give %s", s.JokerGames, between(most, min(all, games)))
	}
	return nil
}

// yahtzeeOf reads the games with a scored five-of-a-kind box: those of a column with a
// non-zero score in it, so at least the most of any column and at most all of them.
func (b *sheetBounds) yahtzeeOf(s *sim.Summary, j *jsonStrategy) error {
	want := ""
	if b.yahtzee >= 0 {
		want = b.boxes[b.yahtzee]
	}
	if j.Yahtzee.Box != want {
		return fmt.Errorf("yahtzee.box: %q, the rule set's is %q", j.Yahtzee.Box, want)
	}
	s.YahtzeeScored = j.Yahtzee.Scored
	var most, all int64
	if b.yahtzee >= 0 {
		for c := range b.columns {
			scored := s.Games - s.Slots[c*len(b.boxes)+b.yahtzee].Zeros
			most, all = max(most, scored), all+scored
		}
	}
	if s.YahtzeeScored < most || s.YahtzeeScored > min(all, s.Games) {
		return fmt.Errorf("yahtzee.scored: %d, the zeros of the box give %s", s.YahtzeeScored, between(most, min(all, s.Games)))
	}
	return nil
}

// totalsAddUp checks the sums of the boxes against the histograms: a game's score is
// what its boxes hold (those subtracted counted negatively), its upper bonuses and its
// extra bonuses; a column's upper subtotal is what its upper boxes hold.
func (b *sheetBounds) totalsAddUp(s *sim.Summary) error {
	nb := len(b.boxes)
	total := new(big.Int)
	var t big.Int
	for c := range b.columns {
		upper := new(big.Int)
		for box := range nb {
			sum := big.NewInt(s.Slots[c*nb+box].Sum)
			if b.isUpper(box) {
				upper.Add(upper, sum)
			}
			total.Add(total, t.Mul(sum, big.NewInt(b.sign(box))))
		}
		if got, _ := s.UpperSubtotal[c].Sums(); got.Cmp(upper) != 0 {
			return fmt.Errorf("upper_subtotal: the subtotals of column %s add up to %v, its upper boxes to %v", b.columns[c], got, upper)
		}
		total.Add(total, t.Mul(big.NewInt(s.UpperBonus[c]), big.NewInt(int64(b.rules.UpperPoints()))))
	}
	extra, _ := s.ExtraBonuses.Sums()
	total.Add(total, t.Mul(extra, big.NewInt(int64(b.rules.ExtraPoints()))))
	if got, _ := s.Scores.Sums(); got.Cmp(total) != 0 {
		return fmt.Errorf("histogram: the scores add up to %v, the boxes and bonuses to %v", got, total)
	}
	return nil
}

// blocksOf reads the blocks of game indices: exactly those that games first to
// first+games−1 fall in, each with its number of games, and their sums and squares
// within the rules' scores and adding up to the histogram.
func (b *sheetBounds) blocksOf(s *sim.Summary, in []jsonBlock, first int64) error {
	last := first + s.Games - 1
	k := 0
	for bl := sim.Block(first); bl <= sim.Block(last); bl++ {
		lo, hi := max(first, int64(1)<<bl-1), min(last, int64(1)<<(bl+1)-2)
		n := hi - lo + 1
		if k >= len(in) || in[k].First != int64(1)<<bl-1 || in[k].Games != n {
			return fmt.Errorf("convergence[%d]: want the block of games from %d, with %d of them", k, int64(1)<<bl-1, n)
		}
		jb := in[k]
		sq := sim.Uint128(jb.Squares)
		// n·squares ≥ sum² (Cauchy–Schwarz), and every score within the rules'.
		lhs := new(big.Int).Mul(big.NewInt(n), sq.BigInt())
		sum := big.NewInt(jb.Sum)
		if !scaledWithin(jb.Sum, b.scoreLo, b.scoreHi, n) || !squaresWithin(sq, max(-b.scoreLo, b.scoreHi), n) || lhs.Cmp(sum.Mul(sum, sum)) < 0 {
			return fmt.Errorf("convergence[%d]: sum %d and squares %v of %d games are impossible with scores of %d to %d", k, jb.Sum, sq.BigInt(), n, b.scoreLo, b.scoreHi)
		}
		s.Blocks[bl] = sim.BlockSums{Games: n, Sum: jb.Sum, Squares: sq}
		k++
	}
	if k != len(in) {
		return fmt.Errorf("convergence: %d blocks, games %d to %d fall in %d", len(in), first, last, k)
	}
	// The blocks hold the same games as the histogram: the same sum and squares.
	var blockSum, blockSquares big.Int
	for _, bl := range s.Blocks {
		blockSum.Add(&blockSum, big.NewInt(bl.Sum))
		blockSquares.Add(&blockSquares, bl.Squares.BigInt())
	}
	if sum, squares := s.Scores.Sums(); blockSum.Cmp(sum) != 0 || blockSquares.Cmp(squares) != 0 {
		return errors.New("convergence: the blocks do not add up to the histogram")
	}
	return nil
}

// sameFigures compares the figures of a strategy in a file with those its counts give
// (want, as Write would write them): every one, to the last bits of a float64.
func sameFigures(got *jsonStrategy, want jsonStrategy) error {
	type figure struct {
		name      string
		got, want float64
	}
	interval := func(name string, got, want [2]float64) []figure {
		return []figure{{name + "[0]", got[0], want[0]}, {name + "[1]", got[1], want[1]}}
	}
	figures := []figure{
		{"mean", got.Mean, want.Mean}, {"stddev", got.StdDev, want.StdDev}, {"stderr", got.StdErr, want.StdErr},
		{"min", float64(got.Min), float64(want.Min)}, {"max", float64(got.Max), float64(want.Max)},
		{"upper_bonus.count", float64(got.UpperBonus.Count), float64(want.UpperBonus.Count)},
		{"upper_bonus.rate", got.UpperBonus.Rate, want.UpperBonus.Rate},
		{"yahtzee.scored_rate", got.Yahtzee.ScoredRate, want.Yahtzee.ScoredRate},
		{"joker_rate", got.JokerRate, want.JokerRate},
	}
	figures = append(figures, interval("ci95", got.CI95, want.CI95)...)
	figures = append(figures, interval("upper_bonus.ci95", got.UpperBonus.CI95, want.UpperBonus.CI95)...)
	figures = append(figures, interval("yahtzee.scored_ci95", got.Yahtzee.ScoredCI95, want.Yahtzee.ScoredCI95)...)
	for c, wc := range want.ByColumn {
		gc := got.ByColumn[c] // upperOf checked the columns
		name := fmt.Sprintf("by_column[%d].upper_bonus", c)
		figures = append(figures, figure{name + ".rate", gc.UpperBonus.Rate, wc.UpperBonus.Rate})
		figures = append(figures, interval(name+".ci95", gc.UpperBonus.CI95, wc.UpperBonus.CI95)...)
	}
	for i, m := range want.Boxes {
		g := got.Boxes[i].Value // layoutOf checked the boxes
		figures = append(figures, figure{"boxes." + m.Key + ".mean", g.Mean, m.Value.Mean}, figure{"boxes." + m.Key + ".zero_rate", g.ZeroRate, m.Value.ZeroRate})
	}
	for i, w := range want.Convergence {
		g, name := got.Convergence[i], fmt.Sprintf("convergence[%d]", i) // blocksOf checked the blocks
		figures = append(figures, figure{name + ".running_games", float64(g.RunningGames), float64(w.RunningGames)},
			figure{name + ".running_mean", g.RunningMean, w.RunningMean})
		figures = append(figures, interval(name+".running_ci95", g.RunningCI95, w.RunningCI95)...)
	}
	for _, f := range figures {
		if !near(f.got, f.want) {
			return fmt.Errorf("%s: %v, the counts give %v", f.name, f.got, f.want)
		}
	}
	if len(got.Percentiles) != len(want.Percentiles) {
		return fmt.Errorf("percentiles: %d, want %d", len(got.Percentiles), len(want.Percentiles))
	}
	for _, w := range want.Percentiles {
		k := slices.IndexFunc(got.Percentiles, func(m member[int]) bool { return m.Key == w.Key })
		if k < 0 || got.Percentiles[k].Value != w.Value {
			return fmt.Errorf("percentiles: %s is not %d, which the counts give", w.Key, w.Value)
		}
	}
	return nil
}

// between writes the range lo..hi for a message: "lo to hi", or "lo" alone.
func between(lo, hi int64) string {
	if lo == hi {
		return strconv.FormatInt(lo, 10)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// near reports whether a figure read is the one computed, to the last bits: a machine
// may round the last bit otherwise.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}

func inRange(what string, n, games int64) error {
	if n < 0 || n > games {
		return fmt.Errorf("%s: %d out of 0..%d", what, n, games)
	}
	return nil
}

// histogramOf rebuilds a histogram from the counts of a summary file, in any order, which
// must count want values in all; offset is added to the keys, which must then lie
// within lo..hi, the bounds of the rules. It allocates the span of the keys only once
// every key and count is checked.
func histogramOf(what string, o []member[int64], offset, lo, hi int, want int64) (sim.Histogram, error) {
	var h sim.Histogram
	if len(o) == 0 {
		if want != 0 {
			return h, fmt.Errorf("%s: counts 0 games, want %d", what, want)
		}
		return h, nil
	}
	var total int64
	vmin, vmax := hi, lo
	for _, m := range o {
		v, err := strconv.Atoi(m.Key)
		if err != nil || strconv.Itoa(v) != m.Key {
			return h, fmt.Errorf("%s: key %q: want an integer", what, m.Key)
		}
		if v+offset < lo || v+offset > hi {
			return h, fmt.Errorf("%s: key %q: out of %d..%d under these rules", what, m.Key, lo-offset, hi-offset)
		}
		if m.Value <= 0 {
			return h, fmt.Errorf("%s: %q: count %d, want a positive count", what, m.Key, m.Value)
		}
		// Each count at most want, the sum checked as it grows: no overflow.
		if total += min(m.Value, want+1); total > want {
			return h, fmt.Errorf("%s: counts more than %d games", what, want)
		}
		vmin, vmax = min(vmin, v+offset), max(vmax, v+offset)
	}
	if total != want {
		return h, fmt.Errorf("%s: counts %d games, want %d", what, total, want)
	}
	h = sim.NewHistogram(vmin, vmax)
	for _, m := range o {
		v, _ := strconv.Atoi(m.Key)
		if h.Counts[v+offset-h.Min] != 0 {
			return h, fmt.Errorf("%s: key %q: value given twice", what, m.Key)
		}
		h.Counts[v+offset-h.Min] = m.Value
	}
	return h, nil
}
