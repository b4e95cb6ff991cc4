package coach

import (
	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/columns"
)

// Option is an option at a position with its value.
type Option struct {
	Keep   *[]int  `json:"keep,omitempty"` // the dice held (all five: stop)
	Box    string  `json:"box,omitempty"`
	Points *int    `json:"points,omitempty"` // what the box scores now
	Value  float64 `json:"value"`            // expected final score, optimal play after
	Cost   float64 `json:"cost"`             // against the best option
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
	// columns too large for an exact solve), and Estimate then says why.
	Exact    bool   `json:"exact"`
	Estimate string `json:"estimate,omitempty"`
	// Where the values are estimated, the best option's value is measured by games of
	// column-tables played on from the position: Interval is the half width of its 95%
	// interval, EstimateGames the games.
	Interval      float64 `json:"interval,omitempty"`
	EstimateGames int     `json:"estimate_games,omitempty"`
}

// Advise ranks the options at a position: the keeps of roll r, reached after used rolls,
// if rolls are left, and the boxes it may go in. pos has been started on sheet (Start);
// why, if not nil, says why its values are estimated.
func Advise(pos analysis.Positions, why error, sheet *engine.Sheet, r engine.Roll, used int) Advice {
	rules := sheet.Rules()
	out := Advice{Rules: rules.Name(), RulesHash: rules.Hash(), Turn: sheet.Turn() + 1, Dice: RollFaces(r), RollsUsed: used,
		RollsLeft: rules.Rolls() - used, Score: sheet.Total(), Boxes: []Option{}, Exact: pos.Exact()}
	if why != nil {
		out.Estimate = why.Error()
	}
	if m, ok := pos.(interface {
		Figure(engine.Roll, int) columns.Figure
	}); ok {
		fig := m.Figure(r, used)
		out.Interval, out.EstimateGames = fig.HalfWidth, fig.Games
	}
	if out.RollsLeft > 0 && sheet.Legal(r, used+1) == 0 {
		out.RollsLeft = 0 // only a first-roll ("sec") column is left
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
	slots := SlotNames(rules)
	for _, o := range pos.Boxes(r, used) {
		points := sheet.Points(o.Box, r)
		out.Boxes = append(out.Boxes, Option{Box: slots[o.Box], Points: &points, Value: o.Value, Cost: max(0, best-o.Value)})
	}
	return out
}
