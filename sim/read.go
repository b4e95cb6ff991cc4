package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"yams/engine"
)

// Bounds on what a summary file may hold, so that a hostile or corrupt file cannot make
// the reader allocate without limit.
const (
	maxScore    = 1 << 20
	maxSubtotal = 1 << 16
)

// maxSummaryBytes bounds the size of a summary file: the largest sheet (64 boxes) with
// every score seen makes a few megabytes. (A variable, for a test to lower.)
var maxSummaryBytes = 64 << 20

// ReadSummary reads a summary file written by WriteJSON (yams sim --json, or a
// checkpoint) and rebuilds its results exactly. It checks the file: every count is
// present and consistent with the number of games, the slice of games is that of its
// shard, the derived figures it rebuilds agree with those written, and last the checksum
// (Results.WriteJSON writes one in every file) matches the content, so that a file
// truncated, damaged or edited after it was written is refused. A file without a
// checksum is refused too: yams never writes one. The error names what is wrong;
// ReadSummary does not panic on any input. The timings of the results are zero.
func ReadSummary(r io.Reader) (*Results, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(maxSummaryBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("summary: %w", err)
	}
	if len(data) > maxSummaryBytes {
		return nil, fmt.Errorf("summary: more than %d MiB: not a summary file", maxSummaryBytes>>20)
	}
	var in jsonResults
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("summary: %w", err)
	}
	if dec.More() {
		return nil, errors.New("summary: data after the JSON object")
	}
	bad := func(format string, args ...any) (*Results, error) {
		return nil, fmt.Errorf("summary: "+format, args...)
	}
	// The stream first: a file of another stream may hold other fields, and it is
	// refused for what it is.
	if stream := streamOf(&in); stream != StreamVersion {
		return bad("stream %d: the file was written by a build of yams with another dice stream (this one plays stream %d): its games are not this build's", stream, StreamVersion)
	}
	switch {
	case in.Games <= 0:
		return bad("games: %d, want at least one", in.Games)
	case len(in.Strategies) == 0:
		return bad("no strategies")
	case len(in.Columns) == 0 || len(in.Columns) > engine.MaxColumns:
		return bad("columns: want 1 to %d, got %d", engine.MaxColumns, len(in.Columns))
	}
	res := &Results{Rules: in.Rules, RulesHash: in.RulesHash, RuleOptions: in.RuleOptions, Seed: in.Seed, First: in.First, Games: in.Games, Planned: in.Games}
	var spec []byte // the canonical rule set of a file that records it; nil for an earlier file
	if res.RuleSet, spec, err = ruleSetOf(&in); err != nil {
		return bad("%v", err)
	}
	if err := res.sliceFromJSON(&in); err != nil {
		return bad("%v", err)
	}
	for i, js := range in.Strategies {
		s, err := fromJSON(&js, in.Columns, in.Games)
		if err != nil {
			return bad("strategies[%d] (%s): %v", i, js.Name, err)
		}
		for _, o := range res.Summaries {
			if o.Strategy == s.Strategy {
				return bad("strategy %s given twice", s.Strategy)
			}
		}
		res.Summaries = append(res.Summaries, s)
		res.Busy = append(res.Busy, 0)
	}
	if len(in.Pairs) > 0 {
		if err := res.pairsFromJSON(in.Pairs); err != nil {
			return bad("%v", err)
		}
	}
	// The checksum last: a file damaged in a way the checks above see is refused for
	// what they see, which says more than a checksum.
	switch {
	case in.Checksum == "":
		return bad("no checksum: yams writes one in every summary file; this one was not written by yams, or edited")
	case !validChecksum(in.Checksum):
		return bad("checksum %q: want %s and 64 hexadecimal digits", in.Checksum, checksumPrefix)
	case spec == nil && in.Checksum != res.checksumV1(), spec != nil && in.Checksum != res.checksumV2(spec):
		return bad("checksum mismatch: the file was damaged or edited after yams wrote it")
	// After the checksum, which sees an edit of either first: a file whose rule set is
	// not that of its name and hash was not written by yams.
	case res.RuleSet.Name() != in.Rules:
		return bad("rule_set: named %q, the file's rules are %q", res.RuleSet.Name(), in.Rules)
	case res.RuleSet.Hash() != in.RulesHash:
		return bad("rule_set: its hash is %s, the file's rules_hash is %s", res.RuleSet.Hash(), in.RulesHash)
	}
	return res, nil
}

// ruleSetOf returns the rule set of a summary file, and its canonical JSON for the
// checksum. A file records it ("rule_set"); ReadSummary checks that it has the file's
// name and hash after the checksum. A file written before it was recorded names a preset
// instead, whose hash with the file's options must be the file's: a summary never makes
// the reader load a file by name (a hostile one could name /dev/zero), so the results of
// a rule file of those days cannot be read; spec is then nil.
func ruleSetOf(in *jsonResults) (rules *engine.Rules, spec []byte, err error) {
	if len(in.RuleSet) == 0 {
		data, ok := engine.PresetJSON(in.Rules)
		if ok {
			rules, err = engine.Parse("preset "+in.Rules, data, in.RuleOptions...)
		}
		if !ok || err != nil || rules.Hash() != in.RulesHash {
			return nil, nil, fmt.Errorf("no rule_set, and rules %q with options %q are no preset of hash %s: a summary of an earlier yams played under a rule file cannot be checked", in.Rules, in.RuleOptions, in.RulesHash)
		}
		return rules, nil, nil
	}
	if rules, err = engine.Parse("rule_set", in.RuleSet); err != nil {
		return nil, nil, err
	}
	if spec, err = ruleSetJSON(rules); err != nil {
		return nil, nil, err
	}
	return rules, spec, nil
}

func validChecksum(s string) bool {
	hex, ok := strings.CutPrefix(s, checksumPrefix)
	return ok && len(hex) == 64 && strings.Trim(hex, "0123456789abcdef") == ""
}

// sliceFromJSON reads and checks the slice of games of the results: their first game,
// their shard, and for partial results the games planned and the next game to play.
func (r *Results) sliceFromJSON(in *jsonResults) error {
	if in.First < 0 || in.First > MaxGames || in.Games > MaxGames-in.First {
		return fmt.Errorf("games %d to %d: out of 0 to %d", in.First, in.First+in.Games-1, int64(MaxGames)-1)
	}
	if in.Partial {
		switch {
		case in.Planned <= in.Games || in.Planned > MaxGames-in.First:
			return fmt.Errorf("partial: %d planned games for %d played: want more, and at most %d", in.Planned, in.Games, int64(MaxGames)-in.First)
		case in.NextGame != in.First+in.Games:
			return fmt.Errorf("partial: next game %d, want %d (the first game and the games played)", in.NextGame, in.First+in.Games)
		}
		r.Planned = in.Planned
	} else if in.Planned != 0 || in.NextGame != 0 {
		return errors.New("planned_games and next_game are for partial results")
	}
	if in.Shard != nil {
		r.Shard = Shard{K: in.Shard.Index, N: in.Shard.Count, Total: in.Shard.RunGames}
		if err := r.Shard.Check(); err != nil {
			return err
		}
		if first, games := r.Shard.Range(); r.First != first || r.Planned != games {
			return fmt.Errorf("shard %s of %d games is games %d to %d, not %d to %d", r.Shard, r.Shard.Total, first, first+games-1, r.First, r.First+r.Planned-1)
		}
	}
	return nil
}

// pairsFromJSON rebuilds the pairs of the results, which must be every two strategies in
// the order Run gives them, and checks them against the summaries.
func (r *Results) pairsFromJSON(in []jsonPair) error {
	var names []string
	for _, s := range r.Summaries {
		names = append(names, s.Strategy)
	}
	want := pairsOf(names)
	if len(in) != len(want) {
		return fmt.Errorf("pairs: %d pairs, want %d (every two strategies)", len(in), len(want))
	}
	for i, j := range in {
		p := want[i]
		if j.A != p.A || j.B != p.B {
			return fmt.Errorf("pairs[%d]: %s−%s, want %s−%s", i, j.A, j.B, p.A, p.B)
		}
		if j.Games != r.Games || j.Squares == nil {
			return fmt.Errorf("pairs[%d]: games %d, want %d", i, j.Games, r.Games)
		}
		for _, c := range []struct {
			what string
			n    int64
		}{{"wins", j.Wins}, {"ties", j.Ties}, {"losses", j.Losses}} {
			if err := inRange(fmt.Sprintf("pairs[%d].%s", i, c.what), c.n, r.Games); err != nil {
				return err
			}
		}
		if j.Wins+j.Ties+j.Losses != r.Games {
			return fmt.Errorf("pairs[%d]: wins, ties and losses add up to %d games, want %d", i, j.Wins+j.Ties+j.Losses, r.Games)
		}
		sq, ok := Uint128Of(j.Squares)
		if !ok {
			return fmt.Errorf("pairs[%d]: squares out of range", i)
		}
		p.Games, p.Sum, p.Squares, p.Wins, p.Ties, p.Losses = j.Games, j.Sum, sq, j.Wins, j.Ties, j.Losses
		// The differences add up to the difference of the sums of the two histograms,
		// and the sum of their squares is at least sum²/games (Cauchy–Schwarz).
		sa, _ := r.summary(p.A).Scores.Sums()
		sb, _ := r.summary(p.B).Scores.Sums()
		if d := new(big.Int).Sub(sa, sb); d.Cmp(big.NewInt(p.Sum)) != 0 {
			return fmt.Errorf("pairs[%d]: sum %d, the histograms give %v", i, p.Sum, d)
		}
		lhs := new(big.Int).Mul(big.NewInt(p.Games), sq.Big())
		if s := big.NewInt(p.Sum); lhs.Cmp(s.Mul(s, s)) < 0 {
			return fmt.Errorf("pairs[%d]: squares %v are too few for the sum %d", i, j.Squares, p.Sum)
		}
		if (p.Sum > 0 && p.Wins == 0) || (p.Sum < 0 && p.Losses == 0) {
			return fmt.Errorf("pairs[%d]: sum %d with %d wins and %d losses", i, p.Sum, p.Wins, p.Losses)
		}
		st := p.Stats()
		un := Unpaired(r.summary(p.A), r.summary(p.B))
		if !near(j.Mean, st.Mean) || !near(j.StdDev, st.StdDev) || !near(j.CI95[0], st.CI95.Lo) || !near(j.CI95[1], st.CI95.Hi) ||
			!near(j.UnpairedCI95[0], un.Lo) || !near(j.UnpairedCI95[1], un.Hi) {
			return fmt.Errorf("pairs[%d]: the figures do not match the counts", i)
		}
	}
	r.Pairs = want
	return nil
}

// fromJSON rebuilds a Summary from its JSON form and checks it.
func fromJSON(j *jsonStrategy, columns []string, games int64) (*Summary, error) {
	if j.Name == "" {
		return nil, errors.New("no name")
	}
	if j.Games != games {
		return nil, fmt.Errorf("games: %d, the file says %d", j.Games, games)
	}
	s := &Summary{Strategy: j.Name, Columns: slices.Clone(columns), Games: games, YahtzeeBox: -1}
	nc := len(columns)
	if len(j.Boxes) == 0 || len(j.Boxes)%nc != 0 || len(j.Boxes) > engine.MaxSlots {
		return nil, fmt.Errorf("boxes: %d boxes for %d columns", len(j.Boxes), nc)
	}
	nb := len(j.Boxes) / nc
	slots := len(j.Boxes)
	for i, m := range j.Boxes {
		c, id := 0, m.Key
		if nc > 1 {
			c = i / nb
			var ok bool
			if id, ok = strings.CutPrefix(m.Key, columns[c]+"."); !ok {
				return nil, fmt.Errorf("boxes: %q: want a box of column %q", m.Key, columns[c])
			}
		}
		if c == 0 {
			if id == "" || slices.Contains(s.Boxes, id) {
				return nil, fmt.Errorf("boxes: %q: empty or given twice", m.Key)
			}
			s.Boxes = append(s.Boxes, id)
		} else if id != s.Boxes[i%nb] {
			return nil, fmt.Errorf("boxes: %q: want the boxes of every column in the same order", m.Key)
		}
	}
	var err error
	if s.Scores, err = histogram(j.Histogram, 0); err != nil {
		return nil, fmt.Errorf("histogram: %w", err)
	}
	if err := checkCounts("histogram", &s.Scores, -maxScore, maxScore, games); err != nil {
		return nil, err
	}
	if s.ExtraBonuses, err = histogram(j.Yahtzee.ExtraBonus, 0); err != nil {
		return nil, fmt.Errorf("yahtzee.extra_bonus: %w", err)
	}
	if err := checkCounts("yahtzee.extra_bonus", &s.ExtraBonuses, 0, slots, games); err != nil {
		return nil, err
	}
	if nc > 1 {
		if len(j.ByColumn) != nc {
			return nil, fmt.Errorf("by_column: %d columns, want %d", len(j.ByColumn), nc)
		}
		for c, jc := range j.ByColumn {
			if jc.Name != columns[c] {
				return nil, fmt.Errorf("by_column[%d]: column %q, want %q", c, jc.Name, columns[c])
			}
			h, err := histogram(jc.UpperSubtotal, 0)
			if err != nil {
				return nil, fmt.Errorf("by_column[%d].upper_subtotal: %w", c, err)
			}
			if err := checkCounts(fmt.Sprintf("by_column[%d].upper_subtotal", c), &h, 0, maxSubtotal, games); err != nil {
				return nil, err
			}
			s.UpperSubtotal = append(s.UpperSubtotal, h)
			s.UpperBonus = append(s.UpperBonus, jc.UpperBonus.Count)
		}
	} else {
		h, err := histogram(j.UpperSubtotal, 0)
		if err != nil {
			return nil, fmt.Errorf("upper_subtotal: %w", err)
		}
		if err := checkCounts("upper_subtotal", &h, 0, maxSubtotal, games); err != nil {
			return nil, err
		}
		s.UpperSubtotal = []Histogram{h}
		s.UpperBonus = []int64{j.UpperBonus.Count}
	}
	var bonus int64
	for c, n := range s.UpperBonus {
		if n < 0 || n > games {
			return nil, fmt.Errorf("upper_bonus: count %d of column %s out of 0..%d", n, columns[c], games)
		}
		bonus += n
	}
	if bonus != j.UpperBonus.Count {
		return nil, fmt.Errorf("upper_bonus: count %d, the columns add up to %d", j.UpperBonus.Count, bonus)
	}

	if j.Yahtzee.Box != "" {
		if s.YahtzeeBox = slices.Index(s.Boxes, j.Yahtzee.Box); s.YahtzeeBox < 0 {
			return nil, fmt.Errorf("yahtzee.box: no box %q", j.Yahtzee.Box)
		}
	}
	s.YahtzeeScored = j.Yahtzee.Scored
	s.JokerGames = j.JokerGames
	if err := inRange("yahtzee.scored", s.YahtzeeScored, games); err != nil {
		return nil, err
	}
	if err := inRange("joker_games", s.JokerGames, games); err != nil {
		return nil, err
	}
	if len(j.Joker) != slots {
		return nil, fmt.Errorf("joker: %d boxes, want %d", len(j.Joker), slots)
	}
	s.Slots = make([]SlotCounts, slots)
	for i, m := range j.Boxes {
		sl := &s.Slots[i]
		if j.Joker[i].Key != m.Key {
			return nil, fmt.Errorf("joker: %q, want %q", j.Joker[i].Key, m.Key)
		}
		sl.Sum, sl.Zeros, sl.Jokers = m.Value.Sum, m.Value.Zeros, j.Joker[i].Value
		if err := inRange("boxes."+m.Key+".zeros", sl.Zeros, games); err != nil {
			return nil, err
		}
		if err := inRange("joker."+m.Key, sl.Jokers, games); err != nil {
			return nil, err
		}
		if math.Abs(float64(sl.Sum)) > maxScore*float64(games) {
			return nil, fmt.Errorf("boxes.%s.sum: %d is impossible", m.Key, sl.Sum)
		}
		h, err := histogram(m.Value.FillTurn, -1)
		if err != nil {
			return nil, fmt.Errorf("boxes.%s.fill_turn: %w", m.Key, err)
		}
		if err := checkCounts("boxes."+m.Key+".fill_turn", &h, 0, slots-1, games); err != nil {
			return nil, err
		}
		sl.FillTurn = make([]int64, slots)
		for t, n := range h.Counts {
			sl.FillTurn[h.Min+t] = n
		}
	}
	s.setMask()

	var blockGames int64
	for i, jb := range j.Convergence {
		b := block(jb.First)
		if jb.First < 0 || jb.First != 1<<b-1 || (i > 0 && jb.First <= j.Convergence[i-1].First) {
			return nil, fmt.Errorf("convergence[%d]: first %d: want 0, 1, 3, 7... in increasing order", i, jb.First)
		}
		if jb.Games <= 0 || jb.Games > int64(1)<<b || jb.Squares == nil {
			return nil, fmt.Errorf("convergence[%d]: %d games in a block of %d", i, jb.Games, int64(1)<<b)
		}
		sq, ok := Uint128Of(jb.Squares)
		if !ok {
			return nil, fmt.Errorf("convergence[%d]: squares out of range", i)
		}
		s.Blocks[b] = Block{Games: jb.Games, Sum: jb.Sum, Squares: sq}
		blockGames += jb.Games
	}
	// The blocks hold the same games as the histogram: the same count, sum and squares.
	var blockSum, blockSquares big.Int
	for _, b := range s.Blocks {
		blockSum.Add(&blockSum, big.NewInt(b.Sum))
		blockSquares.Add(&blockSquares, b.Squares.Big())
	}
	if sum, squares := s.Scores.Sums(); blockGames != games || blockSum.Cmp(sum) != 0 || blockSquares.Cmp(squares) != 0 {
		return nil, errors.New("convergence: the blocks do not add up to the histogram")
	}
	for i, r := range s.Convergence() {
		jb := j.Convergence[i]
		if jb.RunningGames != r.Games || !near(jb.RunningMean, r.Mean) || !near(jb.RunningCI95[0], r.CI95.Lo) || !near(jb.RunningCI95[1], r.CI95.Hi) {
			return nil, fmt.Errorf("convergence[%d]: running figures do not match the counts", i)
		}
	}

	// The derived figures must be those of the counts: a file edited by hand, or
	// damaged, fails here rather than feed a report numbers that do not add up.
	st := s.Stats()
	for _, f := range []struct {
		name      string
		got, want float64
	}{{"mean", j.Mean, st.Mean}, {"stddev", j.StdDev, st.StdDev}, {"upper_bonus.rate", j.UpperBonus.Rate, st.UpperBonus.Rate},
		{"yahtzee.scored_rate", j.Yahtzee.ScoredRate, st.YahtzeeScored.Rate}, {"joker_rate", j.JokerRate, st.Joker.Rate}} {
		if !near(f.got, f.want) {
			return nil, fmt.Errorf("%s: %v, the counts give %v", f.name, f.got, f.want)
		}
	}
	for i, m := range j.Boxes {
		if !near(m.Value.Mean, st.Slots[i].Mean) || !near(m.Value.ZeroRate, st.Slots[i].ZeroRate) {
			return nil, fmt.Errorf("boxes.%s: mean %v and zero_rate %v, the counts give %v and %v",
				m.Key, m.Value.Mean, m.Value.ZeroRate, st.Slots[i].Mean, st.Slots[i].ZeroRate)
		}
	}
	if len(j.Percentiles) != len(PercentileRanks) {
		return nil, fmt.Errorf("percentiles: %d, want %d", len(j.Percentiles), len(PercentileRanks))
	}
	for i, p := range PercentileRanks {
		key := "p" + strconv.Itoa(p)
		k := slices.IndexFunc(j.Percentiles, func(m member[int]) bool { return m.Key == key })
		if k < 0 || j.Percentiles[k].Value != st.Percentiles[i] {
			return nil, fmt.Errorf("percentiles: %s is not %d, which the counts give", key, st.Percentiles[i])
		}
	}
	return s, nil
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}

func inRange(what string, n, games int64) error {
	if n < 0 || n > games {
		return fmt.Errorf("%s: %d out of 0..%d", what, n, games)
	}
	return nil
}

// histogram rebuilds a Histogram from its JSON counts, in any order; offset is added to
// the keys.
func histogram(o object[int64], offset int) (Histogram, error) {
	var h Histogram
	if len(o) == 0 {
		return h, nil
	}
	values := make([]int, len(o))
	for i, m := range o {
		v, err := strconv.Atoi(m.Key)
		if err != nil || v < -maxScore || v > maxScore {
			return h, fmt.Errorf("key %q: want an integer within ±%d", m.Key, maxScore)
		}
		if m.Value <= 0 {
			return h, fmt.Errorf("%q: count %d, want a positive count", m.Key, m.Value)
		}
		values[i] = v + offset
	}
	h = newHistogram(slices.Min(values), slices.Max(values))
	for i, m := range o {
		if h.Counts[values[i]-h.Min] != 0 {
			return h, fmt.Errorf("key %q: value given twice", m.Key)
		}
		h.Counts[values[i]-h.Min] = m.Value
	}
	return h, nil
}

// checkCounts checks that h counts want values, all within lo..hi.
func checkCounts(what string, h *Histogram, lo, hi int, want int64) error {
	var total int64
	for _, n := range h.Counts {
		total += n
		if total < 0 {
			return fmt.Errorf("%s: counts overflow", what)
		}
	}
	if total != want {
		return fmt.Errorf("%s: counts %d games, want %d", what, total, want)
	}
	if len(h.Counts) > 0 && (h.Min < lo || h.Max() > hi) {
		return fmt.Errorf("%s: values %d..%d out of %d..%d", what, h.Min, h.Max(), lo, hi)
	}
	return nil
}

// streamOf returns the stream version of a summary file: 1 when it records none, as
// every file written before it was recorded.
func streamOf(in *jsonResults) int {
	if in.Stream == nil {
		return 1
	}
	return *in.Stream
}
