package main

// yams replay --grade: every decision of a recorded game valued against optimal play.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/reports"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// gradedDecision is a decision of a recorded game with what it cost against optimal play.
type gradedDecision struct {
	Turn int `json:"turn"`
	// Decision is "keep1", "keep2"... (the keep after that roll; holding every die is
	// stopping) or "box".
	Decision string `json:"decision"`
	Dice     []int  `json:"dice"` // the roll decided on, faces in increasing order
	// Choice and Best are the keep (the faces held, [] for none) or the box (its id).
	Choice    decisionChoice `json:"choice"`
	Best      decisionChoice `json:"best"`
	Value     float64        `json:"value"`      // the expected final score after the choice, optimal play after
	BestValue float64        `json:"best_value"` // the same after the best choice
	Cost      float64        `json:"cost"`
}

// gradeOutput is what replay --grade --json writes.
type gradeOutput struct {
	Rules     string `json:"rules"`
	RulesHash string `json:"rules_hash"`
	// OptimalStart is the expected final score of optimal play from the empty sheet.
	OptimalStart float64 `json:"optimal_start"`
	Score        int     `json:"score"` // the score of the sheet the record fills
	Complete     bool    `json:"complete"`
	TotalCost    float64 `json:"total_cost"`
	// Ungraded lists the turns whose keeps the record does not give (graded on their
	// box, and their stop if they stopped early, only).
	Ungraded  []int            `json:"keeps_not_recorded,omitempty"`
	Decisions []gradedDecision `json:"decisions"`
}

// grade values every decision a record shows against optimal play.
func grade(rec *engine.Record, rules *engine.Rules, turns []engine.TurnResult) (*gradeOutput, error) {
	tab, _, err := solver.LoadOrSolve(rules, false, 0)
	if errors.Is(err, widget.ErrColumns) || errors.Is(err, memlimit.ErrTooLarge) {
		return nil, badInput(err)
	}
	if err != nil {
		return nil, err
	}
	ev := analysis.NewEvaluator(tab)
	out := &gradeOutput{Rules: rules.Name(), RulesHash: rules.Hash(), OptimalStart: tab.Expected(), Decisions: []gradedDecision{}}
	sheet := engine.NewSheet(rules)
	slots := slotNames(rules)
	for i, res := range turns {
		if err := ev.Start(&sheet); err != nil {
			return nil, err
		}
		t := rec.Turns[i]
		add := func(d gradedDecision) {
			d.Turn, d.Cost = i+1, max(0, d.BestValue-d.Value)
			out.TotalCost += d.Cost
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
			case j == len(rolls)-1 && used < rules.Rolls() && sheet.Legal(r, used+1) != 0:
				k = r.Keep() // stopped with rolls left
			default:
				continue
			}
			add(gradedDecision{Decision: fmt.Sprintf("keep%d", used), Dice: rollFaces(r), Choice: keepChoice(k),
				Best: keepChoice(ev.BestKeep(r, used)), Value: ev.KeepValue(r, used, k), BestValue: ev.BestKeepValue(r, used)})
		}
		used := max(res.RollsUsed, 1)
		add(gradedDecision{Decision: "box", Dice: rollFaces(res.Roll), Choice: decisionChoice{Box: slots[res.Box]}, Best: decisionChoice{Box: slots[ev.BestBox(res.Roll, used)]},
			Value: ev.BoxValue(res.Roll, used, res.Box), BestValue: ev.BestBoxValue(res.Roll, used)})
		sheet.Fill(res.Box, res.Roll)
	}
	out.Score, out.Complete = sheet.Total(), sheet.Done()
	return out, nil
}

// decisionChoice is a keep (the faces held) or a box (its id): an array of faces or a
// string in JSON, as the summary file writes the costliest positions.
type decisionChoice struct {
	Keep []int // nil for a box
	Box  string
}

func keepChoice(k engine.Keep) decisionChoice { return decisionChoice{Keep: keepFaces(k)} }

func (c decisionChoice) MarshalJSON() ([]byte, error) {
	if c.Keep != nil {
		return json.Marshal(c.Keep)
	}
	return json.Marshal(c.Box)
}

func (c *decisionChoice) UnmarshalJSON(data []byte) error {
	*c = decisionChoice{}
	if len(data) > 0 && data[0] == '[' {
		c.Keep = []int{}
		return json.Unmarshal(data, &c.Keep)
	}
	return json.Unmarshal(data, &c.Box)
}

// String writes the choice: a box's id, a keep's faces joined by dashes, "-" for none.
func (c decisionChoice) String() string {
	if c.Keep == nil {
		return c.Box
	}
	if len(c.Keep) == 0 {
		return "-"
	}
	return faces(c.Keep)
}

// faces writes dice as the printed texts do: 2-2-4-5-6.
func faces(dice []int) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, "-")
}

// rollFaces lists the faces of a roll, in increasing order.
func rollFaces(r engine.Roll) []int {
	d := r.Dice()
	out := make([]int, len(d))
	for i, x := range d {
		out[i] = int(x)
	}
	return out
}

// gradeCSV is grade.csv: a row per decision of the grading.
func gradeCSV(g *gradeOutput) []byte {
	rows := [][]string{{"turn", "decision", "dice", "choice", "best", "value", "best_value", "cost"}}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, d := range g.Decisions {
		rows = append(rows, []string{strconv.Itoa(d.Turn), d.Decision, faces(d.Dice), d.Choice.String(), d.Best.String(), f(d.Value), f(d.BestValue), f(d.Cost)})
	}
	return csvBytes(rows)
}

// gradeWords are the words of a printed grading in a language.
type gradeWords struct {
	title, header                      string
	turn, decision, dice, choice, best string
	cost, keep, box, stop, none        string
	total                              string
	ungraded                           string
}

var gradeLanguages = map[string]*gradeWords{
	"en": {
		title: "Every decision of the game against optimal play (rules %s), in points of expected final score",
		turn:  "turn", decision: "decision", dice: "dice", choice: "choice", best: "best", cost: "cost",
		keep: "keep after roll %d", box: "box", stop: "stop", none: "none",
		total:    "Cost of the decisions: %.2f points. Optimal play expects %.2f from the empty sheet; the game scored %d%s.",
		ungraded: "The record gives no keeps for turns %s: they are graded on their box (and a stop) only.",
	},
	"fr": {
		title: "Chaque décision de la partie face au jeu optimal (règles %s), en points de score final espéré",
		turn:  "tour", decision: "décision", dice: "dés", choice: "choix", best: "meilleur", cost: "coût",
		keep: "dés gardés après le lancer %d", box: "case", stop: "arrêt", none: "aucun",
		total:    "Coût des décisions : %.2f points. Le jeu optimal espère %.2f depuis la feuille vide ; la partie a marqué %d%s.",
		ungraded: "L'enregistrement ne donne pas les dés gardés aux tours %s : ils ne sont jugés que sur leur case (et un arrêt).",
	},
}

// printGrade prints a grading as a table, in a language, as text or as Markdown.
func printGrade(w io.Writer, g *gradeOutput, rules *engine.Rules, lang string, markdown bool) {
	words := gradeLanguages[lang]
	if markdown {
		fmt.Fprint(w, "# ")
	}
	fmt.Fprintf(w, words.title+"\n\n", rules.Name())
	t := &textTable{markdown: markdown}
	t.row(words.turn, words.decision, words.dice, words.choice, words.best, words.cost)
	labels, slots := reports.SlotLabels(rules, lang), slotNames(rules)
	name := func(d gradedDecision, c decisionChoice) string {
		switch {
		case c.Keep == nil:
			return labels[slices.Index(slots, c.Box)]
		case len(c.Keep) == 0:
			return words.none
		case len(c.Keep) == len(d.Dice):
			return words.stop
		}
		return c.String()
	}
	for _, d := range g.Decisions {
		kind := words.box
		if d.Decision != "box" {
			var n int
			fmt.Sscanf(d.Decision, "keep%d", &n)
			kind = fmt.Sprintf(words.keep, n)
		}
		t.row(fmt.Sprint(d.Turn), kind, faces(d.Dice), name(d, d.Choice), name(d, d.Best), decimal(lang, d.Cost, 2))
	}
	t.write(w)
	if !markdown {
		fmt.Fprintln(w)
	}
	partial := ""
	if !g.Complete {
		partial = map[string]string{"en": " so far", "fr": " jusqu'ici"}[lang]
	}
	fmt.Fprintln(w, decimalText(lang, fmt.Sprintf(words.total, g.TotalCost, g.OptimalStart, g.Score, partial)))
	if len(g.Ungraded) > 0 {
		var turns []string
		for _, n := range g.Ungraded {
			turns = append(turns, fmt.Sprint(n))
		}
		fmt.Fprintln(w, fmt.Sprintf(words.ungraded, strings.Join(turns, ", ")))
	}
}

// decimal formats x with digits decimals, with a decimal comma in French.
func decimal(lang string, x float64, digits int) string {
	return decimalText(lang, fmt.Sprintf("%.*f", digits, x))
}

// decimalText turns the decimal points of a text's numbers into commas in French.
func decimalText(lang, s string) string {
	if lang != "fr" {
		return s
	}
	b := []byte(s)
	for i := 1; i+1 < len(b); i++ {
		if b[i] == '.' && b[i-1] >= '0' && b[i-1] <= '9' && b[i+1] >= '0' && b[i+1] <= '9' {
			b[i] = ','
		}
	}
	return string(b)
}
