package coach

import (
	"encoding/json"
	"fmt"
	"math"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/rollout"
)

// Decision is a decision of a recorded game with what it cost against optimal play.
type Decision struct {
	Turn int `json:"turn"`
	// Decision is "keep1", "keep2"... (the keep after that roll; holding every die is
	// stopping) or "box".
	Decision string `json:"decision"`
	Dice     []int  `json:"dice"` // the roll decided on, faces in increasing order
	// Choice and Best are the keep (the faces held, [] for none) or the box (its id).
	Choice    Choice  `json:"choice"`
	Best      Choice  `json:"best"`
	Value     float64 `json:"value"`      // the expected final score after the choice, optimal play after
	BestValue float64 `json:"best_value"` // the same after the best choice
	// Cost is BestValue less Value. Where the values are estimated it is measured, game by
	// game on the same dice, and CostInterval is the half width of its 95% interval: a
	// cost below 0 within its interval says the two are too close to tell apart on the
	// games played.
	Cost         float64 `json:"cost"`
	CostInterval float64 `json:"cost_interval,omitempty"`
}

// Grade is every decision of a recorded game valued: what yams replay --grade --json
// writes.
type Grade struct {
	Rules     string `json:"rules"`
	RulesHash string `json:"rules_hash"`
	// OptimalStart is the expected final score of optimal play from the empty sheet
	// (estimated: of column-tables, OptimalStartInterval the half width of its 95%
	// interval).
	OptimalStart         float64 `json:"optimal_start"`
	OptimalStartInterval float64 `json:"optimal_start_interval,omitempty"`
	Score                int     `json:"score"` // the score of the sheet the record fills
	Complete             bool    `json:"complete"`
	TotalCost            float64 `json:"total_cost"`
	// TotalCostInterval is the half width of the 95% interval of TotalCost where the
	// costs are measured (each decision's games are its own: their variances add).
	TotalCostInterval float64 `json:"total_cost_interval,omitempty"`
	// Ungraded lists the turns whose keeps the record does not give (graded on their
	// box, and their stop if they stopped early, only).
	Ungraded  []int      `json:"keeps_not_recorded,omitempty"`
	Decisions []Decision `json:"decisions"`
	// Estimate, when the values are column-tables's estimate rather than exact, says why.
	Estimate string `json:"estimate,omitempty"`
}

// GradeRecord values every decision a replayed record shows against optimal play, from
// the exact table of its rules, or, on a sheet of several columns without one, against
// column-tables's play, each decision measured (columns.ColumnEstimate).
func GradeRecord(rec *engine.Record, rules *engine.Rules, turns []engine.TurnResult) (*Grade, error) {
	v, err := ValuesOf(rules)
	if err != nil {
		return nil, err
	}
	pos, err := v.Positions()
	if err != nil {
		return nil, err
	}
	return GradeWith(v, pos, rec, rules, turns)
}

// GradeWith values every decision a replayed record shows (turns, engine.Replay's) with
// pos, a valuer of positions of v.
func GradeWith(v *Values, pos analysis.Positions, rec *engine.Record, rules *engine.Rules, turns []engine.TurnResult) (*Grade, error) {
	start, err := v.OptimalStart(pos)
	if err != nil {
		return nil, err
	}
	ev := valuerOf(pos)
	out := &Grade{Rules: rules.Name(), RulesHash: rules.Hash(), OptimalStart: start, Decisions: []Decision{}}
	if v.Estimate != nil {
		out.Estimate = v.Estimate.Error()
		if f, ok := pos.(interface {
			Figure(engine.Roll, int) rollout.Figure
		}); ok {
			out.OptimalStartInterval = f.Figure(0, 0).HalfWidth
		}
	}
	variance := 0.0
	sheet := engine.NewSheet(rules)
	slots := SlotNames(rules)
	for i, res := range turns {
		if err := ev.Start(&sheet); err != nil {
			return nil, err
		}
		t := rec.Turns[i]
		add := func(d Decision) {
			d.Turn = i + 1
			out.TotalCost += d.Cost
			variance += d.CostInterval * d.CostInterval
			out.Decisions = append(out.Decisions, d)
		}
		rolls := make([]engine.Roll, len(t.Rolls))
		for j, dice := range t.Rolls {
			rolls[j], _ = engine.RollOf(dice)
		}
		if len(rolls) > 1 && t.Keeps == nil {
			out.Ungraded = append(out.Ungraded, i+1)
		}
		for j, r := range rolls {
			used := j + 1
			var k engine.Keep
			switch {
			case j < len(rolls)-1 && t.Keeps != nil:
				k, _ = engine.KeepOf(t.Keeps[j])
			case j == len(rolls)-1 && StopIsDecision(&sheet, r, used):
				k = r.Keep() // stopped with rolls left
			default:
				continue
			}
			add(judgeKeep(ev, r, used, k))
		}
		add(judgeBox(ev, slots, res.Roll, max(res.RollsUsed, 1), res.Box))
		sheet.Fill(res.Box, res.Roll)
	}
	out.Score, out.Complete = sheet.Total(), sheet.Done()
	out.TotalCostInterval = math.Sqrt(variance)
	return out, nil
}

// StopIsDecision reports whether scoring roll r, reached after used rolls on sheet, is
// also the decision to stop rolling: rolls are left, and a box would take a later roll.
func StopIsDecision(sheet *engine.Sheet, r engine.Roll, used int) bool {
	return used < sheet.Rules().Rolls() && sheet.Legal(r, used+1) != 0
}

// JudgeKeep values keep k of roll r, reached after used rolls (holding every die:
// stopping), at the position pos has been started on: the decision as Grade lists it,
// its turn left to the caller.
func JudgeKeep(pos analysis.Positions, r engine.Roll, used int, k engine.Keep) Decision {
	return judgeKeep(valuerOf(pos), r, used, k)
}

// JudgeBox values box b for the final roll r, reached after used rolls, at the position
// pos has been started on: the decision as Grade lists it, its turn left to the caller.
func JudgeBox(pos analysis.Positions, rules *engine.Rules, r engine.Roll, used int, b engine.BoxID) Decision {
	return judgeBox(valuerOf(pos), SlotNames(rules), r, used, b)
}

func judgeKeep(ev valuer, r engine.Roll, used int, k engine.Keep) Decision {
	d := Decision{Decision: fmt.Sprintf("keep%d", used), Dice: RollFaces(r), Choice: keepChoice(k)}
	if m, ok := rankingOf(ev); ok {
		list := m.RankKeeps(r, used, &k)
		d.Best = keepChoice(list[0].Option.Keep)
		measured(&d, list, rollout.KeepOption(k))
		return d
	}
	d.Best, d.Value, d.BestValue = keepChoice(ev.BestKeep(r, used)), ev.KeepValue(r, used, k), ev.BestKeepValue(r, used)
	d.Cost = max(0, d.BestValue-d.Value)
	return d
}

func judgeBox(ev valuer, slots []string, r engine.Roll, used int, b engine.BoxID) Decision {
	d := Decision{Decision: "box", Dice: RollFaces(r), Choice: Choice{Box: slots[b]}}
	if m, ok := rankingOf(ev); ok {
		list := m.RankBoxes(r, used, &b)
		d.Best = Choice{Box: slots[list[0].Option.Box]}
		measured(&d, list, rollout.BoxOption(b))
		return d
	}
	d.Best, d.Value, d.BestValue = Choice{Box: slots[ev.BestBox(r, used)]}, ev.BoxValue(r, used, b), ev.BestBoxValue(r, used)
	d.Cost = max(0, d.BestValue-d.Value)
	return d
}

// rankingOf returns the measured ranking behind ev, where its values are estimated at
// the position started.
func rankingOf(ev valuer) (Ranking, bool) {
	var pos analysis.Positions = ev
	if r, ok := ev.(ranked); ok {
		pos = r.Positions
	}
	m, ok := pos.(Ranking)
	return m, ok && !pos.Exact()
}

// measured sets the figures of decision d, option chosen, from a measured ranking whose
// best is first.
func measured(d *Decision, list []rollout.Ranked, chosen rollout.Option) {
	d.BestValue = list[0].Value
	for _, x := range list {
		if x.Option == chosen {
			d.Value, d.Cost, d.CostInterval = x.Value, x.Cost, x.CostInterval
		}
	}
}

// Choice is a keep (the faces held) or a box (its id): an array of faces or a string in
// JSON, as the summary file writes the costliest positions.
type Choice struct {
	Keep []int // nil for a box
	Box  string
}

func keepChoice(k engine.Keep) Choice { return Choice{Keep: KeepFaces(k)} }

func (c Choice) MarshalJSON() ([]byte, error) {
	if c.Keep != nil {
		return json.Marshal(c.Keep)
	}
	return json.Marshal(c.Box)
}

func (c *Choice) UnmarshalJSON(data []byte) error {
	*c = Choice{}
	if len(data) > 0 && data[0] == '[' {
		c.Keep = []int{}
		return json.Unmarshal(data, &c.Keep)
	}
	return json.Unmarshal(data, &c.Box)
}

// String writes the choice: a box's id, a keep's faces joined by dashes, "-" for none.
func (c Choice) String() string {
	if c.Keep == nil {
		return c.Box
	}
	if len(c.Keep) == 0 {
		return "-"
	}
	return Faces(c.Keep)
}
