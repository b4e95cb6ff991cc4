package external_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/external"
)

// smallRules is a rule set of seven boxes (the upper section and chance), which every
// strategy solves in a moment.
const smallRules = `{"name": "small", "rolls": 3,
 "boxes": [
  {"id": "ones", "label": "Aces", "section": "upper", "kind": "face", "face": 1},
  {"id": "twos", "label": "Twos", "section": "upper", "kind": "face", "face": 2},
  {"id": "threes", "label": "Threes", "section": "upper", "kind": "face", "face": 3},
  {"id": "fours", "label": "Fours", "section": "upper", "kind": "face", "face": 4},
  {"id": "fives", "label": "Fives", "section": "upper", "kind": "face", "face": 5},
  {"id": "sixes", "label": "Sixes", "section": "upper", "kind": "face", "face": 6},
  {"id": "chance", "label": "Chance", "section": "lower", "kind": "chance", "add": "all"}],
 "upper_bonus": {"threshold": 63, "points": 35, "when": "complete"}}`

// TestServeRefusesFinishedGames: a request on a full sheet, a box or a keep, is answered
// with an error that says the game is over, by every strategy: none is asked a decision
// outside a game (optimal and the strategies of its tables indexed out of range there).
func TestServeRefusesFinishedGames(t *testing.T) {
	r, err := engine.Parse("small", []byte(smallRules))
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(r.Spec())
	names := external.SlotNames(r, nil)
	boxes, _ := json.Marshal(names)
	hello := fmt.Sprintf(`{"type":"hello","protocol":1,"rules":%s,"boxes":%s,"seed":1,"worker":0}`, spec, boxes)
	full := "1,2,3,4,5,6,5" // every box filled
	for _, kind := range []string{`"kind":"box","dice":[1,1,1,1,1],"rolls_used":3,"rolls_left":0,"legal":{}`, `"kind":"keep","dice":[1,1,1,1,1],"rolls_used":1,"rolls_left":2`} {
		request := fmt.Sprintf(`{"type":"decide","requests":[{"game":0,"seed":1,"turn":8,%s,"scores":[%s],"upper":[21],"upper_bonus":[0],"extra_bonuses":0,"total":26}]}`, kind, full)
		for _, name := range []string{"greedy", "upper-first", "random", "optimal", "bonus", "risk:0.1"} {
			var out bytes.Buffer
			err := external.Serve(strings.NewReader(hello+"\n"+request+"\n"), &out, name, func(r *engine.Rules) (strategies.Strategy, error) {
				return strategies.New(name, r)
			}, nil)
			if err == nil || !strings.Contains(err.Error(), "a request on a full sheet (its 7 boxes filled): the game is over") ||
				!strings.Contains(out.String(), `"type":"error"`) {
				t.Errorf("%s, %.20s: %v; %s", name, kind, err, out.String())
			}
		}
	}
}
