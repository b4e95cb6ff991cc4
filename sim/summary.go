package sim

import (
	"fmt"
	"yams/sim/regret"

	"math/bits"
	"slices"
	"strconv"
	"strings"
	"yams/sim/estimate"

	"yams/engine"
)

// Summary is what a strategy's games add up to, as integer counts only: the counts of
// two runs add exactly, so chunks, workers and shards merge without loss, and the
// statistics (Stats) are derived from the counts when they are shown.
//
// Boxes are counted per slot of the sheet (column × box, as engine.BoxID numbers them).
type Summary struct {
	Strategy string
	// Columns labels the columns of the sheet (their names, made unique); Boxes holds the
	// box ids of one column; YahtzeeBox is the index in Boxes of the five-of-a-kind box
	// (the yahtzee), or -1 if the sheet has none.
	Columns    []string
	Boxes      []string
	YahtzeeBox int

	Games int64
	// Scores counts the final scores.
	Scores Histogram
	// UpperBonus[c] counts the games whose column c earned the upper bonus, and
	// UpperSubtotal[c] their upper subtotals.
	UpperBonus    []int64
	UpperSubtotal []Histogram
	// YahtzeeScored counts the games with a non-zero score in a yahtzee box.
	YahtzeeScored int64
	// ExtraBonuses counts the games by their number of extra five-of-a-kind bonuses.
	ExtraBonuses Histogram
	// JokerGames counts the games in which at least one joker was scored.
	JokerGames int64
	Slots      []SlotCounts
	// Blocks[b] adds up the games of index 2^b−1 to 2^(b+1)−2, so that the running mean
	// after 1, 3, 7, 15... games, a convergence plot, is the sum of the first Blocks.
	// Blocks are of game indices, not of the order games finish in: they merge exactly.
	Blocks [64]BlockSums
	// Regret is the cost of the strategy's decisions against optimal play, when the run
	// measured it (Config.Regret); nil otherwise.
	Regret *regret.Counts
	// Bot says which program played the games of an external bot (identified); nil for
	// a built-in strategy, and in a summary written before yams recorded it.
	Bot *BotIdentity
	// Identity is a hash of what the strategy's play depends on beyond its name and the
	// build (identity.go): "sha256:" and 64 hexadecimal digits; "" for a built-in
	// strategy, and in a summary written before yams recorded it.
	Identity string

	ymask uint64 // the slots of the yahtzee box
}

// BotIdentity is which program played an external bot's games: the name and version it
// gave in its hello, and the command it was started with. Results of two identities are
// never added up (resume, merge): they are the games of two programs.
type BotIdentity struct {
	Name, Version string
	Command       []string
}

// identified is a batch strategy that says which program plays it (an external bot):
// Run records it in the strategy's Summary.
type identified interface {
	Identity() (name, version string, command []string)
}

// Equal reports whether b and o are the same program.
func (b *BotIdentity) Equal(o *BotIdentity) bool {
	return b.Name == o.Name && b.Version == o.Version && slices.Equal(b.Command, o.Command)
}

// String writes the identity on one line: its name and version quoted (a bot chooses
// them), and its command.
func (b *BotIdentity) String() string {
	return fmt.Sprintf("%q version %q (command %s)", b.Name, b.Version, strconv.Quote(strings.Join(b.Command, " ")))
}

// OtherBotError refuses to add up the results of a strategy played by two different
// bots, by a resume or a merge. in and otherIn say where each identity comes from: "the
// checkpoint" and "this run", or two files.
type OtherBotError struct {
	Strategy    string
	Bot, Other  *BotIdentity
	In, OtherIn string
}

func (e *OtherBotError) Error() string {
	return fmt.Sprintf("strategy %s: %s was played by bot %s, %s by bot %s: the games of two programs do not add up",
		e.Strategy, e.In, e.Bot, e.OtherIn, e.Other)
}

// checkSameBots returns an *OtherBotError for the first strategy whose bots in a and in b
// (the identities of the same strategies, in order) are both known and differ. A strategy
// without an identity (a built-in one, or a summary written before yams recorded them)
// goes with any.
func checkSameBots(names []string, a, b []*BotIdentity, in, otherIn string) error {
	for i := range min(len(names), len(a), len(b)) {
		if x, y := a[i], b[i]; x != nil && y != nil && !x.Equal(y) {
			return &OtherBotError{Strategy: names[i], In: in, OtherIn: otherIn, Bot: x, Other: y}
		}
	}
	return nil
}

// Bots returns the identities of the Bots of the summaries, nil for a strategy without.
func Bots(summaries []*Summary) []*BotIdentity {
	ids := make([]*BotIdentity, len(summaries))
	for i, s := range summaries {
		ids[i] = s.Bot
	}
	return ids
}

// BlockSums is the count, sum and sum of squares of the scores of a block of games.
type BlockSums struct {
	Games, Sum int64
	Squares    Uint128
}

// Uint128 is an unsigned integer of 128 bits: a sum of squares of a billion games of a
// multi-column sheet overflows 64.
type Uint128 = estimate.Uint128

// Block returns the Block of game index g.
func Block(g int64) int { return bits.Len64(uint64(g)+1) - 1 }

// SlotCounts is what the games wrote in one box.
type SlotCounts struct {
	Sum    int64 // of the scores written in the box
	Zeros  int64 // games in which the box holds 0
	Jokers int64 // games in which the box took a joker
	// FillTurn[t] counts the games in which the box was filled in turn t+1.
	FillTurn []int64
}

// NewSummary returns an empty summary of a strategy's games under the rules, its
// histograms sized for every score the rules allow.
func NewSummary(strategy string, rules *engine.Rules) *Summary {
	cols := rules.Columns()
	s := &Summary{
		Strategy:      strategy,
		Columns:       ColumnLabels(rules),
		YahtzeeBox:    rules.FiveOfAKindBox(),
		UpperBonus:    make([]int64, len(cols)),
		UpperSubtotal: make([]Histogram, len(cols)),
		ExtraBonuses:  NewHistogram(0, rules.NumSlots()),
		Slots:         make([]SlotCounts, rules.NumSlots()),
	}
	for _, b := range rules.Boxes() {
		s.Boxes = append(s.Boxes, b.ID)
	}
	lo, hi := ScoreRange(rules)
	s.Scores = NewHistogram(lo, hi)
	for c := range cols {
		s.UpperSubtotal[c] = NewHistogram(0, rules.MaxUpper())
	}
	for i := range s.Slots {
		s.Slots[i].FillTurn = make([]int64, len(s.Slots))
	}
	s.setMask()
	return s
}

// EmptySummary returns a summary of no games of a sheet of those columns and boxes (as
// Summary's fields of those names hold them), its counts left to the caller: a reader of
// a summary file allocates each once it has checked it.
func EmptySummary(strategy string, columns, boxes []string, yahtzeeBox int) *Summary {
	s := &Summary{Strategy: strategy, Columns: columns, Boxes: boxes, YahtzeeBox: yahtzeeBox}
	s.setMask()
	return s
}

func (s *Summary) setMask() {
	s.ymask = 0
	if s.YahtzeeBox >= 0 {
		for c := range s.Columns {
			s.ymask |= 1 << (c*len(s.Boxes) + s.YahtzeeBox)
		}
	}
}

// ColumnLabels returns the labels of the columns of the rules: their names, unique by
// construction whatever the names. A dot, which separates the column from the box in the
// box keys of a summary file ("free.ones"), becomes "_"; a name that several columns
// share (once its dots are replaced) is followed by the column's position ("free#2");
// and a label so made that is still another column's label ("a#2" named so, besides two
// columns named "a") is followed by its position again until no other column has it.
func ColumnLabels(rules *engine.Rules) []string {
	cols := rules.Columns()
	names := make([]string, len(cols))
	count := map[string]int{}
	for i, c := range cols {
		names[i] = strings.ReplaceAll(c.Name, ".", "_")
		count[names[i]]++
	}
	// The names no other column has are kept; the others take their position, in order.
	taken := map[string]bool{}
	for _, n := range names {
		if count[n] == 1 {
			taken[n] = true
		}
	}
	labels := make([]string, len(cols))
	for i, n := range names {
		labels[i] = n
		if count[n] == 1 {
			continue
		}
		suffix := "#" + strconv.Itoa(i+1)
		labels[i] += suffix
		for taken[labels[i]] {
			labels[i] += suffix
		}
		taken[labels[i]] = true
	}
	return labels
}

// ScoreRange bounds the final score under the rules.
func ScoreRange(rules *engine.Rules) (lo, hi int) {
	for b, box := range rules.Boxes() {
		best := 0
		for r := range engine.Roll(engine.NumRolls) {
			best = max(best, rules.Score(b, r))
		}
		for f := 1; f <= engine.NumFaces; f++ {
			best = max(best, rules.JokerScore(b, f))
		}
		if box.Subtract {
			lo -= best
		} else {
			hi += best
		}
	}
	cols := len(rules.Columns())
	hi = cols*(hi+rules.UpperPoints()) + rules.NumSlots()*rules.ExtraPoints()
	return cols * lo, hi
}

// Add counts a finished game, of index index in its run.
func (s *Summary) Add(index int64, g *Game) {
	sh := &g.Sheet
	s.Games++
	total := sh.Total()
	s.Scores.Add(total)
	b := &s.Blocks[Block(index)]
	b.Games++
	b.Sum += int64(total)
	b.Squares = b.Squares.Add(estimate.Square(int64(total)))
	for c := range s.UpperBonus {
		s.UpperSubtotal[c].Add(sh.Upper(c))
		if sh.UpperBonus(c) != 0 {
			s.UpperBonus[c]++
		}
	}
	s.ExtraBonuses.Add(sh.ExtraBonuses())
	for m := s.ymask; m != 0; m &= m - 1 {
		if sh.Score(engine.BoxID(bits.TrailingZeros64(m))) > 0 {
			s.YahtzeeScored++
			break
		}
	}
	if g.Jokers != 0 {
		s.JokerGames++
		for m := g.Jokers; m != 0; m &= m - 1 {
			s.Slots[bits.TrailingZeros64(m)].Jokers++
		}
	}
	turns := g.Turn[:len(s.Slots)]
	for i := range s.Slots {
		sl := &s.Slots[i]
		v := int64(sh.Score(engine.BoxID(i)))
		sl.Sum += v
		sl.Zeros += zero(v)
		sl.FillTurn[turns[i]-1]++
	}
}

// zero returns 1 if v is 0, else 0, without a branch: whether a box holds 0 is as good
// as random, and a mispredicted branch costs more than the arithmetic.
func zero(v int64) int64 { return 1 + (v|-v)>>63 }

// merge adds the counts of o, a summary of the same strategy on the same sheet.
func (s *Summary) merge(o *Summary) error {
	switch {
	case o.Strategy != s.Strategy:
		return fmt.Errorf("cannot merge the summary of %s into that of %s", o.Strategy, s.Strategy)
	case !slices.Equal(o.Columns, s.Columns) || !slices.Equal(o.Boxes, s.Boxes) || o.YahtzeeBox != s.YahtzeeBox:
		return fmt.Errorf("%s: cannot merge summaries of different sheets", s.Strategy)
	case s.Bot != nil && o.Bot != nil && !s.Bot.Equal(o.Bot):
		return &OtherBotError{Strategy: s.Strategy, In: "a summary", OtherIn: "the other", Bot: s.Bot, Other: o.Bot}
	case s.Identity != "" && o.Identity != "" && s.Identity != o.Identity:
		return &OtherStrategyError{Strategy: s.Strategy, In: "a summary", OtherIn: "the other", Identity: s.Identity, Other: o.Identity}
	}
	// Counts without regret merge into counts with it only when they hold no game (a
	// fresh summary takes the regret of what merges into it).
	if o.Regret != nil && s.Regret == nil && s.Games == 0 {
		s.Regret = o.Regret.Empty()
	}
	if (o.Regret == nil) != (s.Regret == nil) && o.Games != 0 {
		return fmt.Errorf("%s: cannot merge summaries with and without regret", s.Strategy)
	}
	if o.Regret != nil && s.Regret != nil {
		if err := s.Regret.Merge(o.Regret); err != nil {
			return fmt.Errorf("%s: %w", s.Strategy, err)
		}
	}
	if s.Bot == nil { // a summary takes the identity of what merges into it
		s.Bot = o.Bot
	}
	if s.Identity == "" {
		s.Identity = o.Identity
	}
	s.Games += o.Games
	s.Scores.Merge(&o.Scores)
	for c := range s.UpperBonus {
		s.UpperBonus[c] += o.UpperBonus[c]
		s.UpperSubtotal[c].Merge(&o.UpperSubtotal[c])
	}
	s.YahtzeeScored += o.YahtzeeScored
	s.ExtraBonuses.Merge(&o.ExtraBonuses)
	s.JokerGames += o.JokerGames
	for i, b := range o.Blocks {
		s.Blocks[i].Games += b.Games
		s.Blocks[i].Sum += b.Sum
		s.Blocks[i].Squares = s.Blocks[i].Squares.Add(b.Squares)
	}
	for i := range s.Slots {
		a, b := &s.Slots[i], &o.Slots[i]
		a.Sum += b.Sum
		a.Zeros += b.Zeros
		a.Jokers += b.Jokers
		for t, n := range b.FillTurn {
			a.FillTurn[t] += n
		}
	}
	return nil
}

// trim drops the empty ends of the histograms, so that equal counts make equal summaries
// however the histograms were sized.
func (s *Summary) trim() {
	s.Scores.Trim()
	s.ExtraBonuses.Trim()
	for c := range s.UpperSubtotal {
		s.UpperSubtotal[c].Trim()
	}
}

// SlotName returns the name of a slot: the box id on a sheet of one column,
// "column.box" on a sheet of several.
func (s *Summary) SlotName(id int) string {
	nb := len(s.Boxes)
	if len(s.Columns) == 1 {
		return s.Boxes[id%nb]
	}
	return s.Columns[id/nb] + "." + s.Boxes[id%nb]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// clone returns a deep copy of s.
func (s *Summary) clone() *Summary {
	c := *s
	c.Columns = slices.Clone(s.Columns)
	c.Boxes = slices.Clone(s.Boxes)
	c.Scores.Counts = slices.Clone(s.Scores.Counts)
	c.ExtraBonuses.Counts = slices.Clone(s.ExtraBonuses.Counts)
	c.UpperBonus = slices.Clone(s.UpperBonus)
	c.UpperSubtotal = nil
	for _, h := range s.UpperSubtotal {
		c.UpperSubtotal = append(c.UpperSubtotal, Histogram{Min: h.Min, Counts: slices.Clone(h.Counts)})
	}
	if s.Regret != nil {
		c.Regret = s.Regret.Clone()
	}
	c.Slots = slices.Clone(s.Slots)
	for i := range c.Slots {
		c.Slots[i].FillTurn = slices.Clone(s.Slots[i].FillTurn)
	}
	return &c
}
