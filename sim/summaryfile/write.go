package summaryfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"yams/sim"
)

func counts(h *sim.Histogram, offset int) []member[int64] {
	o := []member[int64]{}
	for i, n := range h.Counts {
		if n != 0 {
			o = append(o, member[int64]{strconv.Itoa(h.Min + i + offset), n})
		}
	}
	return o
}

func rate(p sim.Proportion) jsonRate {
	return jsonRate{Count: p.Count, Rate: p.Rate, CI95: [2]float64{p.CI95.Lo, p.CI95.Hi}}
}

// Write writes the results as the summary file. The results must carry the rule set
// they were played under (sim.Results.RuleSet, which sim.Run and Read set), of their name
// and hash: the file records it, and a file that Read would refuse is not written.
func Write(w io.Writer, r *sim.Results) error {
	switch {
	case r.RuleSet == nil:
		return errors.New("sim: the results have no rule set (Results.RuleSet): a summary file records it")
	case r.RuleSet.Hash() != r.RulesHash || r.RuleSet.Name() != r.Rules:
		return fmt.Errorf("sim: the results are of rules %s (hash %s), their rule set is %s (hash %s)", r.Rules, r.RulesHash, r.RuleSet.Name(), r.RuleSet.Hash())
	}
	spec, err := ruleSetJSON(r.RuleSet)
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	covered, err := checksummedSpec(r, spec)
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	out := jsonResults{
		Rules: r.Rules, RulesHash: r.RulesHash, RuleOptions: append(list[string, unbounded]{}, r.RuleOptions...),
		Seed: r.Seed, Stream: new(sim.StreamVersion), First: r.First, Games: r.Games, Strategies: []jsonStrategy{},
		RuleSet: spec, Provenance: provenanceJSON(r), Checksum: checksumV2(r, covered),
	}
	if !r.Shard.IsZero() {
		out.Shard = &jsonShard{Index: r.Shard.K, Count: r.Shard.N, RunGames: r.Shard.Total}
	}
	if r.Partial() {
		out.Partial, out.Planned, out.NextGame = true, r.Planned, r.First+r.Games
	}
	if len(r.Summaries) > 0 {
		out.Columns = r.Summaries[0].Columns
	}
	// The figures of each strategy once, not once per pair.
	stats := make(map[string]*sim.Stats, len(r.Summaries))
	for _, s := range r.Summaries {
		st := s.Stats()
		stats[s.Strategy] = &st
		out.Strategies = append(out.Strategies, summaryJSON(s, &st))
	}
	for _, p := range r.Pairs {
		st := p.Stats()
		un := sim.UnpairedStats(stats[p.A], stats[p.B])
		out.Pairs = append(out.Pairs, jsonPair{
			A: p.A, B: p.B, Games: p.Games, Sum: p.Sum, Squares: squares(p.Squares),
			Wins: p.Wins, Ties: p.Ties, Losses: p.Losses,
			Mean: st.Mean, StdDev: st.StdDev, CI95: [2]float64{st.CI95.Lo, st.CI95.Hi},
			UnpairedCI95: [2]float64{un.Lo, un.Hi},
		})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// toJSON returns the summary as a summary file writes it; st are its figures (Stats).
func summaryJSON(s *sim.Summary, st *sim.Stats) jsonStrategy {
	j := jsonStrategy{
		Name: s.Strategy, Bot: botJSON(s.Bot), Identity: s.Identity, Games: s.Games,
		Mean: st.Mean, StdDev: st.StdDev, StdErr: st.StdErr, CI95: [2]float64{st.CI95.Lo, st.CI95.Hi},
		Min: st.Min, Max: st.Max,
		Histogram:  counts(&s.Scores, 0),
		UpperBonus: rate(st.UpperBonus),
		Yahtzee: jsonYahtzee{
			Scored: s.YahtzeeScored, ScoredRate: st.YahtzeeScored.Rate,
			ScoredCI95: [2]float64{st.YahtzeeScored.CI95.Lo, st.YahtzeeScored.CI95.Hi},
			ExtraBonus: counts(&s.ExtraBonuses, 0),
		},
		JokerGames: s.JokerGames, JokerRate: st.Joker.Rate,
		Joker: []member[int64]{}, Boxes: []member[jsonBox]{},
	}
	for i, p := range sim.PercentileRanks {
		j.Percentiles = append(j.Percentiles, member[int]{"p" + strconv.Itoa(p), st.Percentiles[i]})
	}
	conv := s.Convergence()
	j.Convergence = []jsonBlock{}
	for i, b := range s.Blocks {
		if b.Games == 0 {
			continue
		}
		r := conv[len(j.Convergence)]
		j.Convergence = append(j.Convergence, jsonBlock{
			First: 1<<i - 1, Games: b.Games, Sum: b.Sum, Squares: squares(b.Squares),
			RunningGames: r.Games, RunningMean: r.Mean, RunningCI95: [2]float64{r.CI95.Lo, r.CI95.Hi},
		})
	}
	if s.YahtzeeBox >= 0 {
		j.Yahtzee.Box = s.Boxes[s.YahtzeeBox]
	}
	var all sim.Histogram
	for c := range s.Columns {
		all.Merge(&s.UpperSubtotal[c])
		if len(s.Columns) > 1 {
			j.ByColumn = append(j.ByColumn, jsonColumn{
				Name:          s.Columns[c],
				UpperBonus:    rate(sim.Wilson(s.UpperBonus[c], s.Games)),
				UpperSubtotal: counts(&s.UpperSubtotal[c], 0),
			})
		}
	}
	j.UpperSubtotal = counts(&all, 0)
	for i, sl := range s.Slots {
		name := s.SlotName(i)
		j.Joker = append(j.Joker, member[int64]{name, sl.Jokers})
		j.Boxes = append(j.Boxes, member[jsonBox]{name, jsonBox{
			Mean: st.Slots[i].Mean, ZeroRate: st.Slots[i].ZeroRate,
			Sum: sl.Sum, Zeros: sl.Zeros,
			FillTurn: counts(&sim.Histogram{Min: 0, Counts: sl.FillTurn}, 1),
		}})
	}
	if s.Regret != nil {
		slots := make([]string, len(s.Slots))
		for i := range slots {
			slots[i] = s.SlotName(i)
		}
		j.Regret = regretJSON(s.Regret, s.Games, slots)
	}
	return j
}
