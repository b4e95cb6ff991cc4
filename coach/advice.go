package coach

import (
	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/rollout"
)

// Option is an option at a position with its value.
type Option struct {
	Keep   *[]int  `json:"keep,omitempty"` // the dice held (all five: stop)
	Box    string  `json:"box,omitempty"`
	Points *int    `json:"points,omitempty"` // what the box scores now
	Value  float64 `json:"value"`            // expected final score, optimal play after
	Cost   float64 `json:"cost"`             // against the best option
	// Where the values are estimated: the half widths of the 95% intervals of the value
	// and of the cost, and the games played on after the option where it was measured
	// (none: valued by column-tables's values against a measured option).
	Interval     float64 `json:"interval,omitempty"`
	CostInterval float64 `json:"cost_interval,omitempty"`
	Games        int     `json:"games,omitempty"`
}

// Advice is the ranking of the options at a position: what yams advise --json writes.
type Advice struct {
	Rules     string   `json:"rules"`
	RulesHash string   `json:"rules_hash"`
	Turn      int      `json:"turn"`
	Dice      []int    `json:"dice"`
	RollsUsed int      `json:"rolls_used"`
	RollsLeft int      `json:"rolls_left"`
	Score     int      `json:"score"` // of the sheet now
	Value     float64  `json:"value"` // the best option's
	Keeps     []Option `json:"keeps,omitempty"`
	Boxes     []Option `json:"boxes"`
	// Exact is false when the values are column-tables's estimate (a sheet of several
	// columns too large for an exact solve, more than one column of it open), and
	// Estimate then says why.
	Exact    bool   `json:"exact"`
	Estimate string `json:"estimate,omitempty"`
	// Where the values are estimated, the best option's value is measured by games of
	// column-tables played on from the position: Interval is the half width of its 95%
	// interval, EstimateGames the games.
	Interval      float64 `json:"interval,omitempty"`
	EstimateGames int     `json:"estimate_games,omitempty"`
}

// Ranking is what a valuer of positions whose values are measured gives
// (columns.ColumnEstimate): every option ranked, with its value's interval and its cost
// against the best measured on the same dice, and an option judged measured too.
type Ranking interface {
	RankKeeps(r engine.Roll, used int, judged *engine.Keep) []rollout.Ranked
	RankBoxes(r engine.Roll, used int, judged *engine.BoxID) []rollout.Ranked
}

// Advise ranks the options at a position: the keeps of roll r, reached after used rolls,
// if rolls are left, and the boxes it may go in. pos has been started on sheet (Start);
// why, if not nil, says why its values are estimated.
func Advise(pos analysis.Positions, why error, sheet *engine.Sheet, r engine.Roll, used int) Advice {
	rules := sheet.Rules()
	out := Advice{Rules: rules.Name(), RulesHash: rules.Hash(), Turn: sheet.Turn() + 1, Dice: RollFaces(r), RollsUsed: used,
		RollsLeft: rules.Rolls() - used, Score: sheet.Total(), Boxes: []Option{}, Exact: pos.Exact()}
	if why != nil && !out.Exact {
		out.Estimate = why.Error()
	}
	if out.RollsLeft > 0 && sheet.Legal(r, used+1) == 0 {
		out.RollsLeft = 0 // only a first-roll ("sec") column is left
	}
	slots := SlotNames(rules)
	if m, ok := pos.(Ranking); ok {
		if out.RollsLeft > 0 {
			for _, x := range m.RankKeeps(r, used, nil) {
				held := KeepFaces(x.Option.Keep)
				out.Keeps = append(out.Keeps, rankedOption(x, out.Exact, Option{Keep: &held}))
			}
			out.Value = out.Keeps[0].Value
		}
		for i, x := range m.RankBoxes(r, used, nil) {
			points := sheet.Points(x.Option.Box, r)
			out.Boxes = append(out.Boxes, rankedOption(x, out.Exact, Option{Box: slots[x.Option.Box], Points: &points}))
			if i == 0 && out.RollsLeft == 0 {
				out.Value = x.Value
			}
		}
		if !out.Exact {
			best := out.Boxes[0]
			if out.RollsLeft > 0 {
				best = out.Keeps[0]
			}
			out.Interval, out.EstimateGames = best.Interval, best.Games
		}
		return out
	}
	if out.RollsLeft > 0 {
		out.Value = pos.BestKeepValue(r, used)
		for _, o := range pos.Keeps(r, used) {
			held := KeepFaces(o.Keep)
			out.Keeps = append(out.Keeps, Option{Keep: &held, Value: o.Value, Cost: max(0, out.Value-o.Value)})
		}
	} else {
		out.Value = pos.BestBoxValue(r, used)
	}
	best := pos.BestBoxValue(r, used)
	for _, o := range pos.Boxes(r, used) {
		points := sheet.Points(o.Box, r)
		out.Boxes = append(out.Boxes, Option{Box: slots[o.Box], Points: &points, Value: o.Value, Cost: max(0, best-o.Value)})
	}
	return out
}

// rankedOption fills o with what a ranking says of an option: its value and cost, and
// where they are estimated, their intervals and the games measured.
func rankedOption(x rollout.Ranked, exact bool, o Option) Option {
	o.Value, o.Cost = x.Value, x.Cost
	if !exact {
		o.Interval, o.CostInterval, o.Games = x.Interval, x.CostInterval, x.Games
	}
	return o
}
