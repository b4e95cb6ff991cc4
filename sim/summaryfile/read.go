package summaryfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"slices"
	"strings"
	"unsafe"
	"yams/sim"

	"yams/engine"
)

// maxSummaryBytes bounds the size of a summary file: the largest sheet (64 boxes) with
// every score seen makes a few megabytes. (A variable, for a test to lower.)
var maxSummaryBytes = 64 << 20

// maxSummaryMemory bounds the memory that the counts read from a summary file take: the
// summaries of its strategies, their histograms at their widest under the file's rules
// (sheetBounds.summaryBytes), and its pairs. A run of a few hundred strategies under the
// widest rules there are stays within it; a file that would take more is refused before
// anything is allocated. (A variable, for a test to lower.)
var maxSummaryMemory = 256 << 20

// Read reads a summary file written by Write (yams sim --json, or a
// checkpoint) and rebuilds its results exactly. It checks the file: it is of this build's
// dice stream, its rule set compiles, every count is within what the rules allow and
// consistent with the others and with the number of games, the slice of games is that of
// its shard, the derived figures it rebuilds agree with those written, and last the
// checksum (Write writes one in every file) matches the content, so that a
// file truncated, damaged or edited after it was written is refused. A file without a
// checksum is refused too: yams never writes one. The checksum guards against damage,
// not forgery (anyone may compute one); the checks against the rules bound what a forged
// file can claim. Nothing is allocated from a count before it is checked: the strategies
// and pairs are counted, and the memory of their counts under the file's rules bounded
// (maxSummaryMemory), before any is decoded; the strategies are then decoded one at a
// time, and every list within them counted and bounded by what a run can hold (see
// limit), so that reading a file allocates a few times its size whatever it holds. The
// error names what is wrong, in one line; Read does not panic on any input. The
// timings of the results are zero.
func Read(r io.Reader) (*sim.Results, error) {
	data, err := readAtMost(r, maxSummaryBytes)
	if err != nil {
		return nil, err
	}
	// The file without its strategies and pairs first, kept as they are: they are
	// counted, and their memory bounded, before any is decoded.
	// (json.Unmarshal reads data in place, where a Decoder would copy it into a buffer of
	// its own.)
	var file jsonFile
	if err := json.Unmarshal(data, &file); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) && strings.Contains(se.Error(), "after top-level value") {
			return nil, errors.New("summary: data after the JSON object")
		}
		switch {
		case len(bytes.TrimSpace(data)) == 0:
			return nil, errors.New("summary: empty file")
		case errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON input"):
			return nil, errors.New("summary: truncated: the file ends in the middle of its JSON")
		}
		return nil, fmt.Errorf("summary: %w", err)
	}
	in := &file.jsonResults
	bad := func(format string, args ...any) (*sim.Results, error) {
		return nil, fmt.Errorf("summary: "+format, args...)
	}
	// The stream first: a file of another stream may hold other fields, and it is
	// refused for what it is.
	if stream := streamOf(in); stream != sim.StreamVersion {
		return bad("stream %d: the file was written by a build of yams with another dice stream (this one plays stream %d): its games are not this build's", stream, sim.StreamVersion)
	}
	n, err := file.count("strategies", file.Strategies)
	if err != nil {
		return bad("%v", err)
	}
	switch {
	case in.Games <= 0:
		return bad("games: %d, want at least one", in.Games)
	case n == 0:
		return bad("no strategies")
	case len(in.RuleSet) > engine.MaxRuleFileBytes:
		return bad("rule_set: %d bytes, more than the %d of a rule file", len(in.RuleSet), engine.MaxRuleFileBytes)
	}
	res := &sim.Results{Rules: in.Rules, RulesHash: in.RulesHash, Seed: in.Seed, First: in.First, Games: in.Games, Planned: in.Games}
	if len(in.RuleOptions) > 0 { // none is nil, whether the file writes [] or leaves them out
		res.RuleOptions = in.RuleOptions
	}
	var spec []byte // the canonical rule set of a file that records it; nil for an earlier file
	if res.RuleSet, spec, err = ruleSetOf(in); err != nil {
		return bad("%v", err)
	}
	if err := sliceFromJSON(res, in); err != nil {
		return bad("%v", err)
	}
	if err := provenanceFromJSON(res, in.Provenance); err != nil {
		return bad("%v", err)
	}
	sheet := boundsOf(res.RuleSet)
	if !slices.Equal(in.Columns, sheet.columns) {
		return bad("columns: %q, the columns of the rule set are %q", in.Columns, sheet.columns)
	}
	// The memory of the counts, estimated from the rules before anything is allocated.
	pairs, err := file.count("pairs", file.Pairs)
	if err != nil {
		return bad("%v", err)
	}
	if pairs > 0 && pairs != n*(n-1)/2 {
		return bad("pairs: %d pairs, want %d (every two strategies)", pairs, n*(n-1)/2)
	}
	if need := n*sheet.summaryBytes() + pairs*int(unsafe.Sizeof(sim.Pair{})+unsafe.Sizeof(jsonPair{})); need > maxSummaryMemory {
		return bad("strategies: %d strategies, whose counts under these rules take up to %d MiB: more than the %d MiB of a summary file", n, need>>20, maxSummaryMemory>>20)
	}
	// The strategies one at a time, each checked before the next is decoded.
	names := make(map[string]bool, n)
	err = eachElement(file.Strategies, func(i int, elem []byte) error {
		var js jsonStrategy
		if err := json.Unmarshal(elem, &js); err != nil {
			return fmt.Errorf("strategies[%d]: %w", i, err)
		}
		if names[js.Name] {
			return fmt.Errorf("strategy %s given twice", js.Name)
		}
		names[js.Name] = true
		s, err := sheet.summaryOf(&js, res.First, res.Games)
		if err != nil {
			return fmt.Errorf("strategies[%d] (%s): %w", i, js.Name, err)
		}
		res.Summaries = append(res.Summaries, s)
		res.Busy = append(res.Busy, 0)
		return nil
	})
	if err != nil {
		return bad("%v", err)
	}
	if pairs > 0 {
		in.Pairs = make([]jsonPair, 0, pairs)
		if err := json.Unmarshal(file.Pairs, &in.Pairs); err != nil {
			return bad("pairs: %v", err)
		}
		if err := pairsFromJSON(res, in.Pairs, sheet); err != nil {
			return bad("%v", err)
		}
	}
	var covered []byte // what the checksum covers as the rule set: the spec, the bots, the identities
	if spec != nil {
		if covered, err = checksummedSpec(res, spec); err != nil {
			return bad("%v", err)
		}
	} else if slices.ContainsFunc(res.Summaries, func(s *sim.Summary) bool { return s.Bot != nil }) {
		return bad("bot: a summary without rule_set, of a yams that did not record bots, names one")
	} else if slices.ContainsFunc(res.Summaries, func(s *sim.Summary) bool { return s.Identity != "" }) {
		return bad("identity: a summary without rule_set, of a yams that did not record identities, gives one")
	}
	// The checksum last: a file damaged in a way the checks above see is refused for
	// what they see, which says more than a checksum.
	switch {
	case in.Checksum == "":
		return bad("no checksum: yams writes one in every summary file; this one was not written by yams, or edited")
	case !validChecksum(in.Checksum):
		return bad("checksum %q: want %s and 64 hexadecimal digits", in.Checksum, checksumPrefix)
	case spec == nil && in.Checksum != checksumV1(res), spec != nil && in.Checksum != checksumV2(res, covered):
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

// readAtMost reads r to its end, at most limit bytes. A reader that knows its size (a
// file, a bytes.Reader) is refused at once when it is larger, and read into a buffer of
// its size.
func readAtMost(r io.Reader, limit int) ([]byte, error) {
	size := int64(bytes.MinRead)
	switch v := r.(type) {
	case interface{ Size() int64 }:
		size = v.Size()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	tooLarge := fmt.Errorf("summary: more than %d MiB: not a summary file", limit>>20)
	if size > int64(limit) {
		return nil, tooLarge
	}
	// Room for the content and the read that finds its end, so that the buffer never grows
	// for a file of the size it said.
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, int64(limit)+1)); err != nil {
		return nil, fmt.Errorf("summary: %w", err)
	}
	if buf.Len() > limit {
		return nil, tooLarge
	}
	return buf.Bytes(), nil
}

// jsonFile is a summary file as Read decodes it first: its strategies and its
// pairs kept as the file writes them, to be counted before any is decoded.
type jsonFile struct {
	jsonResults
	Strategies json.RawMessage `json:"strategies"`
	Pairs      json.RawMessage `json:"pairs,omitempty"`
}

// count returns the number of elements of a list of the file, which must be an array
// (or null, or absent: none).
func (*jsonFile) count(what string, raw json.RawMessage) (int, error) {
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return 0, nil
	case raw[0] != '[':
		return 0, fmt.Errorf("%s: want an array", what)
	}
	return countElements(raw), nil
}

// eachElement calls f with each element of raw, a JSON array that must be valid, in
// order: the next element is decoded only once f returns.
func eachElement(raw json.RawMessage, f func(i int, elem []byte) error) error {
	i := skipSpace(raw, 1) // after [
	for k := 0; i < len(raw) && raw[i] != ']'; k++ {
		end := valueEnd(raw, i)
		if err := f(k, raw[i:end]); err != nil {
			return err
		}
		if i = skipSpace(raw, end); i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return nil
}

// ruleSetOf returns the rule set of a summary file, and its canonical JSON for the
// checksum. A file records it ("rule_set"); Read checks that it has the file's
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
func sliceFromJSON(r *sim.Results, in *jsonResults) error {
	if in.First < 0 || in.First > sim.MaxGames || in.Games > sim.MaxGames-in.First {
		return fmt.Errorf("games %d to %d: out of 0 to %d", in.First, in.First+in.Games-1, int64(sim.MaxGames)-1)
	}
	if in.Partial {
		switch {
		case in.Planned <= in.Games || in.Planned > sim.MaxGames-in.First:
			return fmt.Errorf("partial: %d planned games for %d played: want more, and at most %d", in.Planned, in.Games, int64(sim.MaxGames)-in.First)
		case in.NextGame != in.First+in.Games:
			return fmt.Errorf("partial: next game %d, want %d (the first game and the games played)", in.NextGame, in.First+in.Games)
		}
		r.Planned = in.Planned
	} else if in.Planned != 0 || in.NextGame != 0 {
		return errors.New("planned_games and next_game are for partial results")
	}
	if in.Shard != nil {
		r.Shard = sim.Shard{K: in.Shard.Index, N: in.Shard.Count, Total: in.Shard.RunGames}
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
// the order Run gives them, and checks them against the summaries and the rules: a
// difference of two scores is within ±(highest − lowest score).
func pairsFromJSON(r *sim.Results, in []jsonPair, sheet *sheetBounds) error {
	want := sim.NewPairs(r.Names())
	if len(in) != len(want) {
		return fmt.Errorf("pairs: %d pairs, want %d (every two strategies)", len(in), len(want))
	}
	// The figures of each strategy once, not once per pair.
	stats := make(map[string]*sim.Stats, len(r.Summaries))
	sums := make(map[string]*big.Int, len(r.Summaries))
	for _, s := range r.Summaries {
		st := s.Stats()
		stats[s.Strategy] = &st
		sums[s.Strategy], _ = s.Scores.Sums()
	}
	spread := sheet.scoreHi - sheet.scoreLo
	for i, j := range in {
		p := want[i]
		if j.A != p.A || j.B != p.B {
			return fmt.Errorf("pairs[%d]: %s−%s, want %s−%s", i, j.A, j.B, p.A, p.B)
		}
		if j.Games != r.Games {
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
		p.Games, p.Sum, p.Squares, p.Wins, p.Ties, p.Losses = j.Games, j.Sum, sim.Uint128(j.Squares), j.Wins, j.Ties, j.Losses
		// The differences add up to the difference of the sums of the two histograms,
		// and the sum of their squares is at least sum²/games (Cauchy–Schwarz).
		if d := new(big.Int).Sub(sums[p.A], sums[p.B]); d.Cmp(big.NewInt(p.Sum)) != 0 {
			return fmt.Errorf("pairs[%d]: sum %d, the histograms give %v", i, p.Sum, d)
		}
		lhs := new(big.Int).Mul(big.NewInt(p.Games), p.Squares.BigInt())
		if s := big.NewInt(p.Sum); lhs.Cmp(s.Mul(s, s)) < 0 {
			return fmt.Errorf("pairs[%d]: squares %v are too few for the sum %d", i, p.Squares.BigInt(), p.Sum)
		}
		// A win is a difference of 1 to spread, a loss of −spread to −1, a tie of 0: the
		// sum and the squares are within what the record allows.
		sum, wins, losses := big.NewInt(p.Sum), big.NewInt(p.Wins), big.NewInt(p.Losses)
		d := big.NewInt(int64(spread))
		lo := new(big.Int).Sub(wins, new(big.Int).Mul(d, losses))
		hi := new(big.Int).Sub(new(big.Int).Mul(d, wins), losses)
		if sum.Cmp(lo) < 0 || sum.Cmp(hi) > 0 {
			return fmt.Errorf("pairs[%d]: sum %d with %d wins and %d losses: out of %v..%v, since scores differ by at most %d", i, p.Sum, p.Wins, p.Losses, lo, hi, spread)
		}
		if q := p.Squares.BigInt(); q.Cmp(new(big.Int).Add(wins, losses)) < 0 || !squaresWithin(p.Squares, spread, p.Wins+p.Losses) {
			return fmt.Errorf("pairs[%d]: squares %v with %d wins and %d losses: impossible, since scores differ by 1 to %d", i, q, p.Wins, p.Losses, spread)
		}
		st := p.Stats()
		un := sim.UnpairedStats(stats[p.A], stats[p.B])
		if !near(j.Mean, st.Mean) || !near(j.StdDev, st.StdDev) || !near(j.CI95[0], st.CI95.Lo) || !near(j.CI95[1], st.CI95.Hi) ||
			!near(j.UnpairedCI95[0], un.Lo) || !near(j.UnpairedCI95[1], un.Hi) {
			return fmt.Errorf("pairs[%d]: the figures do not match the counts", i)
		}
	}
	r.Pairs = want
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
