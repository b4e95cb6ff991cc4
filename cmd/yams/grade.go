package main

// yams replay --grade: every decision of a recorded game valued against optimal play.

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"yams/coach"
	"yams/engine"
	"yams/reports"
)

// gradedDecision is a decision of a recorded game with what it cost against optimal play.
type gradedDecision = coach.Decision

// gradeOutput is what replay --grade --json writes.
type gradeOutput = coach.Grade

// decisionChoice is a keep (the faces held) or a box (its id).
type decisionChoice = coach.Choice

// grade values every decision a record shows against optimal play.
func grade(rec *engine.Record, rules *engine.Rules, turns []engine.TurnResult) (*gradeOutput, error) {
	g, err := coach.GradeRecord(rec, rules, turns)
	return g, coachError(err)
}

// faces writes dice as the printed texts do: 2-2-4-5-6.
func faces(dice []int) string { return coach.Faces(dice) }

// rollFaces lists the faces of a roll, in increasing order.
func rollFaces(r engine.Roll) []int { return coach.RollFaces(r) }

// gradeCSV is grade.csv: a row per decision of the grading.
func gradeCSV(g *gradeOutput) []byte {
	head := []string{"turn", "decision", "dice", "choice", "best", "value", "best_value", "cost"}
	estimated := g.Estimate != ""
	if estimated {
		head = append(head, "cost_interval") // the half width of the cost's 95% interval
	}
	rows := [][]string{head}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, d := range g.Decisions {
		row := []string{strconv.Itoa(d.Turn), d.Decision, faces(d.Dice), d.Choice.String(), d.Best.String(), f(d.Value), f(d.BestValue), f(d.Cost)}
		if estimated {
			row = append(row, f(d.CostInterval))
		}
		rows = append(rows, row)
	}
	return csvBytes(rows)
}

// gradeWords are the words of a printed grading in a language.
type gradeWords struct {
	title, header                      string
	estimated, estimatedTotal          string
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
		total: "Cost of the decisions: %.2f points. Optimal play expects %.2f from the empty sheet; the game scored %d%s.",
		estimated: "Every decision of the game against column-tables's play (rules %s), in points of expected final score: ESTIMATED, not exact " +
			"(the sheet of several columns is too large for an exact solve). Each cost is measured over games played on from the position by column-tables, " +
			"the choice and the best on the same dice, ± the half width of its 95%% interval; a cost below 0 within its interval says the two are too close to tell apart.",
		estimatedTotal: "Cost of the decisions: %.2f ± %.2f points (estimated). column-tables expects %.2f ± %.2f from the empty sheet; the game scored %d%s.",
		ungraded:       "The record gives no keeps for turns %s: they are graded on their box (and a stop) only.",
	},
	"fr": {
		title: "Chaque décision de la partie face au jeu optimal (règles %s), en points de score final espéré",
		turn:  "tour", decision: "décision", dice: "dés", choice: "choix", best: "meilleur", cost: "coût",
		keep: "dés gardés après le lancer %d", box: "case", stop: "arrêt", none: "aucun",
		total: "Coût des décisions : %.2f points. Le jeu optimal espère %.2f depuis la feuille vide ; la partie a marqué %d%s.",
		estimated: "Chaque décision de la partie face au jeu de column-tables (règles %s), en points de score final espéré : ESTIMÉ, non exact " +
			"(la feuille de plusieurs colonnes est trop grande pour un calcul exact). Chaque coût est mesuré sur des parties jouées par column-tables depuis la position, " +
			"le choix et le meilleur avec les mêmes dés, ± la demi-largeur de son intervalle à 95 %% ; un coût sous 0 dans son intervalle dit que les deux sont trop proches pour être départagés.",
		estimatedTotal: "Coût des décisions : %.2f ± %.2f points (estimé). column-tables espère %.2f ± %.2f depuis la feuille vide ; la partie a marqué %d%s.",
		ungraded:       "L'enregistrement ne donne pas les dés gardés aux tours %s : ils ne sont jugés que sur leur case (et un arrêt).",
	},
}

// printGrade prints a grading as a table, in a language, as text or as Markdown.
func printGrade(w io.Writer, g *gradeOutput, rules *engine.Rules, lang string, markdown bool) {
	words := gradeLanguages[lang]
	if markdown {
		fmt.Fprint(w, "# ")
	}
	estimated := g.Estimate != ""
	if estimated {
		fmt.Fprintln(w, decimalText(lang, fmt.Sprintf(words.estimated+"\n", rules.Name())))
	} else {
		fmt.Fprintf(w, words.title+"\n\n", rules.Name())
	}
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
		cost := decimal(lang, d.Cost, 2)
		if estimated && d.CostInterval > 0 {
			cost += " ± " + decimal(lang, d.CostInterval, 2)
		}
		t.row(fmt.Sprint(d.Turn), kind, faces(d.Dice), name(d, d.Choice), name(d, d.Best), cost)
	}
	t.write(w)
	if !markdown {
		fmt.Fprintln(w)
	}
	partial := ""
	if !g.Complete {
		partial = map[string]string{"en": " so far", "fr": " jusqu'ici"}[lang]
	}
	if estimated {
		fmt.Fprintln(w, decimalText(lang, fmt.Sprintf(words.estimatedTotal, g.TotalCost, g.TotalCostInterval, g.OptimalStart, g.OptimalStartInterval, g.Score, partial)))
	} else {
		fmt.Fprintln(w, decimalText(lang, fmt.Sprintf(words.total, g.TotalCost, g.OptimalStart, g.Score, partial)))
	}
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
