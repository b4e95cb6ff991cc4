package summaryfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"yams/sim"
	"yams/sim/regret"

	"yams/engine"
)

// The regret of a strategy in a summary file ("regret", when the run measured it):
//
//	"regret": {"scale": 1048576,
//	  "total": {"sum": n, "squares": n, "mean": x, "ci95": [lo, hi]},
//	  "keep": [{...after roll 1}, {...after roll 2}], "box": {...},
//	  "by_box": {"<box>": {...}, ...}, "by_turn": [{...turn 1}, ...],
//	  "costly": {"0": n, "1": n, "5": n}, "costliest_kept": 20,
//	  "costliest": [{"game": g, "turn": t, "decision": "keep1" | "box", "dice": [..],
//	    "rolls_used": n, "sheet": {"<box>": score, ...}, "choice": [dice] | "<box>",
//	    "best": [dice] | "<box>", "value": x, "best_value": x, "cost": x,
//	    "units": [value, best value, cost]}, ...]}
//
// Sums and squares are integers in units of 1/scale points, the figures (mean and
// interval, in points per game) derived from them; a costly position's units are its
// values and cost as counted, which order the positions.

type jsonRegret struct {
	Scale     int64                                   `json:"scale"`
	Total     jsonSums                                `json:"total"`
	Keep      list[jsonSums, keepsLimit]              `json:"keep"`
	Box       jsonSums                                `json:"box"`
	ByBox     boundedObject[jsonSums, slotsLimit]     `json:"by_box"`
	ByTurn    list[jsonSums, slotsLimit]              `json:"by_turn"`
	Costly    boundedObject[int64, costlyLimit]       `json:"costly"`
	Keepmost  int                                     `json:"costliest_kept"`
	Costliest list[jsonCostlyPosition, costliestKept] `json:"costliest"`
}

type jsonSums struct {
	Sum     squares    `json:"sum"`
	Squares squares    `json:"squares"`
	Mean    float64    `json:"mean"`
	CI95    [2]float64 `json:"ci95"`
}

type jsonCostlyPosition struct {
	Game      int64                          `json:"game"`
	Turn      int                            `json:"turn"`
	Decision  string                         `json:"decision"`
	Dice      list[int, diceLimit]           `json:"dice"`
	RollsUsed int                            `json:"rolls_used"`
	Sheet     boundedObject[int, slotsLimit] `json:"sheet"`
	Choice    jsonChoice                     `json:"choice"`
	Best      jsonChoice                     `json:"best"`
	Value     float64                        `json:"value"`
	BestValue float64                        `json:"best_value"`
	Cost      float64                        `json:"cost"`
	Units     [3]int64                       `json:"units"`
}

func sumsJSON(s regret.Sums, games int64) jsonSums {
	st := s.Stats(games)
	return jsonSums{Sum: squares(s.Sum), Squares: squares(s.Squares), Mean: st.Mean, CI95: [2]float64{st.CI95.Lo, st.CI95.Hi}}
}

// decisionName names a decision: "keep1", "keep2"... or "box".
func decisionName(roll int) string {
	if roll == 0 {
		return "box"
	}
	return "keep" + strconv.Itoa(roll)
}

func keepDice(k engine.Keep) []int {
	d := []int{}
	for f, n := range k.Counts() {
		for range n {
			d = append(d, f+1)
		}
	}
	return d
}

// toJSON returns the regret as a summary file writes it; slots names the boxes.
func regretJSON(r *regret.Counts, games int64, slots []string) *jsonRegret {
	j := &jsonRegret{Scale: regret.Scale, Total: sumsJSON(r.Total, games), Box: sumsJSON(r.Box, games),
		Keep: []jsonSums{}, ByTurn: []jsonSums{}, ByBox: []member[jsonSums]{}, Costly: []member[int64]{},
		Keepmost: r.KeepMost, Costliest: []jsonCostlyPosition{}}
	for _, k := range r.Keep {
		j.Keep = append(j.Keep, sumsJSON(k, games))
	}
	for i, b := range r.ByBox {
		j.ByBox = append(j.ByBox, member[jsonSums]{slots[i], sumsJSON(b, games)})
	}
	for _, t := range r.ByTurn {
		j.ByTurn = append(j.ByTurn, sumsJSON(t, games))
	}
	for i, above := range regret.CostlyThresholds {
		j.Costly = append(j.Costly, member[int64]{strconv.FormatFloat(above, 'g', -1, 64), r.Costly[i]})
	}
	for _, p := range r.Costliest {
		jp := jsonCostlyPosition{Game: p.Game, Turn: p.Turn, Decision: decisionName(p.Roll), RollsUsed: p.RollsUsed,
			Sheet: []member[int]{}, Units: [3]int64{p.Value, p.BestValue, p.Cost},
			Value: float64(p.Value) / regret.Scale, BestValue: float64(p.BestValue) / regret.Scale, Cost: float64(p.Cost) / regret.Scale}
		for _, d := range p.Dice.Dice() {
			jp.Dice = append(jp.Dice, int(d))
		}
		for id, v := range p.Scores {
			if v >= 0 {
				jp.Sheet = append(jp.Sheet, member[int]{slots[id], int(v)})
			}
		}
		if p.Roll != 0 {
			jp.Choice, jp.Best = jsonChoice{Keep: keepDice(p.ChoiceKeep)}, jsonChoice{Keep: keepDice(p.BestKeep)}
		} else {
			jp.Choice, jp.Best = jsonChoice{Box: slots[p.ChoiceBox]}, jsonChoice{Box: slots[p.BestBox]}
		}
		j.Costliest = append(j.Costliest, jp)
	}
	return j
}

// jsonChoice is the choice, or the best option, of a costly position: the dice kept after
// a roll (an array of faces, empty for none), or a box (its name).
type jsonChoice struct {
	Keep list[int, diceLimit] // nil for a box
	Box  string
}

func (c jsonChoice) MarshalJSON() ([]byte, error) {
	if c.Keep != nil {
		return json.Marshal([]int(c.Keep))
	}
	return json.Marshal(c.Box)
}

func (c *jsonChoice) UnmarshalJSON(data []byte) error {
	*c = jsonChoice{}
	if len(data) > 0 && data[0] == '[' {
		return c.Keep.UnmarshalJSON(data)
	}
	if err := json.Unmarshal(data, &c.Box); err != nil {
		return errors.New("want a list of dice or the name of a box")
	}
	return nil
}

// String writes the choice as the file does, for a message.
func (c jsonChoice) String() string {
	b, _ := c.MarshalJSON()
	return string(b)
}

// maxCostKept bounds how many costliest positions a file may keep.
const maxCostKept = 10000

// regretOf rebuilds regret counts from a summary file and checks them: their shape is
// the rules', every sum within what games can cost, the squares consistent with the sums,
// the figures those of the counts, and the costliest positions real positions of the
// rules, in order.
func (b *sheetBounds) regretOf(j *jsonRegret, games int64) (*regret.Counts, error) {
	rules := b.rules
	bad := func(format string, args ...any) (*regret.Counts, error) {
		return nil, fmt.Errorf("regret: "+format, args...)
	}
	switch {
	case j.Scale != regret.Scale:
		return bad("scale %d, this yams counts in units of 1/%d point", j.Scale, regret.Scale)
	case len(rules.Columns()) != 1:
		return bad("regret is measured on sheets of one column")
	case len(j.Keep) != rules.Rolls()-1 || len(j.ByBox) != len(b.slots) || len(j.ByTurn) != b.turns:
		return bad("%d roll numbers, %d boxes, %d turns: the rules have %d, %d and %d", len(j.Keep), len(j.ByBox), len(j.ByTurn), rules.Rolls()-1, len(b.slots), b.turns)
	case j.Keepmost < 0 || j.Keepmost > maxCostKept || len(j.Costliest) > j.Keepmost:
		return bad("%d costliest positions of %d kept, at most %d", len(j.Costliest), j.Keepmost, maxCostKept)
	}
	r := regret.New(rules, j.Keepmost)
	// A game's decisions cost at most the spread of the values of its options, which the
	// highest score of the rules bounds, per decision.
	perGame := float64(b.scoreHi-b.scoreLo) * float64(rules.Rolls()*b.turns) * regret.Scale
	sums := func(name string, js jsonSums, into *regret.Sums) error {
		s := regret.Sums{Sum: sim.Uint128(js.Sum), Squares: sim.Uint128(js.Squares)}
		sum, sq := s.Sum.BigInt(), s.Squares.BigInt()
		n := big.NewInt(games)
		limit := new(big.Float).Mul(big.NewFloat(perGame), new(big.Float).SetInt(n))
		if new(big.Float).SetInt(sum).Cmp(limit) > 0 {
			return fmt.Errorf("regret.%s: a sum of %v is more than %d games can cost", name, sum, games)
		}
		// Cauchy–Schwarz: games × squares ≥ sum², and each game's square at most perGame².
		lhs := new(big.Int).Mul(n, sq)
		if lhs.Cmp(new(big.Int).Mul(sum, sum)) < 0 {
			return fmt.Errorf("regret.%s: squares too few for the sum", name)
		}
		if sum.Sign() == 0 && sq.Sign() != 0 {
			return fmt.Errorf("regret.%s: squares without a sum", name)
		}
		st := s.Stats(games)
		if !near(js.Mean, st.Mean) || !near(js.CI95[0], st.CI95.Lo) || !near(js.CI95[1], st.CI95.Hi) {
			return fmt.Errorf("regret.%s: the figures do not match the counts", name)
		}
		*into = s
		return nil
	}
	if err := sums("total", j.Total, &r.Total); err != nil {
		return nil, err
	}
	if err := sums("box", j.Box, &r.Box); err != nil {
		return nil, err
	}
	kinds := new(big.Int).Set(r.Box.Sum.BigInt())
	for i, k := range j.Keep {
		if err := sums(fmt.Sprintf("keep[%d]", i), k, &r.Keep[i]); err != nil {
			return nil, err
		}
		kinds.Add(kinds, r.Keep[i].Sum.BigInt())
	}
	byBox, byTurn := new(big.Int), new(big.Int)
	for i, m := range j.ByBox {
		if m.Key != b.slots[i] {
			return bad("by_box: %q, the rules' sheet has %q there", m.Key, b.slots[i])
		}
		if err := sums("by_box."+m.Key, m.Value, &r.ByBox[i]); err != nil {
			return nil, err
		}
		byBox.Add(byBox, r.ByBox[i].Sum.BigInt())
	}
	for i, t := range j.ByTurn {
		if err := sums(fmt.Sprintf("by_turn[%d]", i), t, &r.ByTurn[i]); err != nil {
			return nil, err
		}
		byTurn.Add(byTurn, r.ByTurn[i].Sum.BigInt())
	}
	total := r.Total.Sum.BigInt()
	if kinds.Cmp(total) != 0 || byBox.Cmp(total) != 0 || byTurn.Cmp(total) != 0 {
		return bad("the costs by decision, by box and by turn add up to %v, %v and %v, not the total %v", kinds, byBox, byTurn, total)
	}
	if len(j.Costly) != len(regret.CostlyThresholds) {
		return bad("costly: %d thresholds, want %d", len(j.Costly), len(regret.CostlyThresholds))
	}
	decisions := games * int64(rules.Rolls()*b.turns)
	for i, m := range j.Costly {
		if want := strconv.FormatFloat(regret.CostlyThresholds[i], 'g', -1, 64); m.Key != want {
			return bad("costly: %q, want %q", m.Key, want)
		}
		if m.Value < 0 || m.Value > decisions || (i > 0 && m.Value > r.Costly[i-1]) {
			return bad("costly.%s: %d decisions", m.Key, m.Value)
		}
		r.Costly[i] = m.Value
	}
	for i := range j.Costliest {
		p, err := b.costlyOf(&j.Costliest[i], games)
		if err != nil {
			return bad("costliest[%d]: %v", i, err)
		}
		if i > 0 && !r.Costliest[i-1].Before(&p) {
			return bad("costliest[%d]: out of order", i)
		}
		r.Costliest = append(r.Costliest, p)
	}
	return r, nil
}

// costlyOf rebuilds a costly position and checks it: a game of the file, a sheet the
// rules allow, dice, a choice and a best of the kind of the decision, values that add up.
func (b *sheetBounds) costlyOf(j *jsonCostlyPosition, games int64) (regret.Position, error) {
	rules := b.rules
	p := regret.Position{Game: j.Game, Turn: j.Turn, RollsUsed: j.RollsUsed, Value: j.Units[0], BestValue: j.Units[1], Cost: j.Units[2]}
	switch {
	case j.Turn < 1 || j.Turn > b.turns:
		return p, fmt.Errorf("turn %d", j.Turn)
	case j.RollsUsed < 1 || j.RollsUsed > rules.Rolls():
		return p, fmt.Errorf("%d rolls used", j.RollsUsed)
	case p.Cost <= 0 || p.BestValue-p.Value != p.Cost:
		return p, errors.New("the cost is not the best value less the value")
	case !near(j.Value, float64(p.Value)/regret.Scale) || !near(j.BestValue, float64(p.BestValue)/regret.Scale) || !near(j.Cost, float64(p.Cost)/regret.Scale):
		return p, errors.New("the values do not match their units")
	}
	roll, ok := engine.RollOf(j.Dice)
	if !ok {
		return p, fmt.Errorf("dice %v", j.Dice)
	}
	p.Dice = roll
	p.Scores = make([]int16, len(b.slots))
	for i := range p.Scores {
		p.Scores[i] = -1
	}
	for _, m := range j.Sheet {
		id := slices.Index(b.slots, m.Key)
		if id < 0 || p.Scores[id] >= 0 {
			return p, fmt.Errorf("sheet: box %q unknown or given twice", m.Key)
		}
		p.Scores[id] = int16(m.Value)
	}
	scores := make([]int, len(p.Scores))
	for i, v := range p.Scores {
		scores[i] = int(v)
	}
	if _, err := engine.SheetOf(rules, scores, 0); err != nil {
		return p, fmt.Errorf("sheet: %v", err)
	}
	keepOf := func(c jsonChoice) (engine.Keep, error) {
		if c.Keep == nil {
			return 0, errors.New("want a list of dice")
		}
		k, ok := engine.KeepOf(c.Keep)
		if !ok || !k.Within(roll) {
			return 0, fmt.Errorf("keep %v is not part of the roll", []int(c.Keep))
		}
		return k, nil
	}
	boxOf := func(c jsonChoice) (engine.BoxID, error) {
		id := slices.Index(b.slots, c.Box)
		if c.Keep != nil || id < 0 {
			return 0, fmt.Errorf("box %s", c)
		}
		return engine.BoxID(id), nil
	}
	var err error
	switch {
	case j.Decision == "box":
		if p.ChoiceBox, err = boxOf(j.Choice); err == nil {
			p.BestBox, err = boxOf(j.Best)
		}
	default:
		n, perr := strconv.Atoi(j.Decision[min(4, len(j.Decision)):])
		if len(j.Decision) < 5 || j.Decision[:4] != "keep" || perr != nil || n < 1 || n >= rules.Rolls() || n != j.RollsUsed {
			return p, fmt.Errorf("decision %q", j.Decision)
		}
		p.Roll = n
		if p.ChoiceKeep, err = keepOf(j.Choice); err == nil {
			p.BestKeep, err = keepOf(j.Best)
		}
	}
	if err != nil {
		return p, err
	}
	if j.Game < 0 || j.Game >= sim.MaxGames {
		return p, fmt.Errorf("game %d", j.Game)
	}
	return p, nil
}

// regret writes regret counts for the checksum.
func (e *encoder) regret(r *regret.Counts) {
	sums := func(s regret.Sums) {
		e.int(int64(s.Sum.Hi))
		e.int(int64(s.Sum.Lo))
		e.int(int64(s.Squares.Hi))
		e.int(int64(s.Squares.Lo))
	}
	e.str("regret")
	e.int(regret.Scale)
	sums(r.Total)
	sums(r.Box)
	e.int(int64(len(r.Keep)))
	for _, s := range r.Keep {
		sums(s)
	}
	for _, s := range r.ByBox {
		sums(s)
	}
	for _, s := range r.ByTurn {
		sums(s)
	}
	for _, c := range r.Costly {
		e.int(c)
	}
	e.int(int64(r.KeepMost))
	e.int(int64(len(r.Costliest)))
	for _, p := range r.Costliest {
		e.int(p.Game)
		e.int(int64(p.Turn))
		e.int(int64(p.Roll))
		e.int(int64(p.RollsUsed))
		e.int(int64(p.Dice))
		e.int(int64(p.ChoiceKeep))
		e.int(int64(p.BestKeep))
		e.int(int64(p.ChoiceBox))
		e.int(int64(p.BestBox))
		e.int(p.Value)
		e.int(p.BestValue)
		e.int(p.Cost)
		for _, v := range p.Scores {
			e.int(int64(v))
		}
	}
}
