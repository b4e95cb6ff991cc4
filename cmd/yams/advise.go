package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"yams/coach"
	"yams/engine"
	"yams/reports"
)

func init() {
	register(&command{
		name:    "advise",
		summary: "rank every option at a position of play (keeps and boxes) by its expected final score under optimal play",
		args:    "[RECORD|-]",
		run:     runAdvise,
	})
}

// adviceOutput is what advise --json writes: the coach's advice at a position.
type adviceOutput = coach.Advice

func runAdvise(e *env, args []string) error {
	var legacy bool // --json given as the switch it was
	err := adviseAt(e, args, &legacy)
	return legacyJSONNote(e, legacy, err)
}

func adviseAt(e *env, args []string, legacy *bool) error {
	fs := newFlags(e)
	diceFlag := fs.String("dice", "", "the dice rolled, `D,D,D,D,D` (such as 2,2,4,5,6)")
	roll := fs.Int("roll", 1, "the rolls thrown in the turn so far, `N` (1 to the rules' rolls)")
	rulesFlags := addRulesFlags(fs)
	scores := fs.StringArray("score", nil, "a box already filled, `ID=POINTS` (COLUMN.ID=POINTS on a sheet of several columns; repeatable), when no record gives the sheet")
	extra := fs.Int("extra", 0, "the extra five-of-a-kind bonuses earned, `N`, when no record gives the sheet")
	jsonOut := addJSONFlag(fs, "the options")
	out := addOutDir(fs, "the options: as JSON, as Markdown and as CSV (advice.json, advice.md, advice.csv)")
	lang := addLangFlag(fs, true)
	memory := addMemoryFlag(fs)
	if err := parseLegacyCommand(fs, args, legacy, memory, lang, out); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("want one record file (or - for standard input), got %d arguments", fs.NArg())
	}
	dice, err := parseDice(*diceFlag)
	if err != nil {
		return err
	}
	var sheet engine.Sheet
	if fs.NArg() == 1 {
		if fs.Changed("rules") || fs.Changed("rule") || len(*scores) > 0 || fs.Changed("extra") {
			return usagef("a record gives the rules and the sheet: --rules, --rule, --score and --extra are for a position without one")
		}
		if sheet, err = recordSheet(e, fs.Arg(0)); err != nil {
			return err
		}
	} else {
		rules, err := rulesFlags.load()
		if err != nil {
			return err
		}
		if sheet, err = flagSheet(rules, *scores, *extra); err != nil {
			return err
		}
	}
	rules := sheet.Rules()
	if sheet.Done() {
		return usagef("the sheet is full: the game is over")
	}
	if *roll < 1 || *roll > rules.Rolls() {
		return usagef("--roll %d: want 1 to %d, the rolls of a turn of rules %s", *roll, rules.Rolls(), rules.Name())
	}
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	values, err := coach.ValuesOf(rules)
	if err != nil {
		return coachError(err)
	}
	pos, err := values.Positions()
	if err != nil {
		return err
	}
	if err := pos.Start(&sheet); err != nil {
		return badInput(err)
	}
	r, _ := engine.RollOf(dice)
	a := coach.Advise(pos, values.Estimate, &sheet, r, *roll)
	js, err := indentedJSON(a)
	if err != nil {
		return err
	}
	var text, markdown bytes.Buffer
	printAdvice(&text, a, rules, lang.lang, false)
	printAdvice(&markdown, a, rules, lang.lang, true)
	return writeResults(e, text.Bytes(), js, jsonOut, out, []namedFile{{"advice.json", js}, {"advice.md", markdown.Bytes()}, {"advice.csv", adviceCSV(a)}})
}

// adviceCSV is advice.csv: a row per option, the keeps (if rolls are left) then the
// boxes, each with its expected final score and its cost.
func adviceCSV(a adviceOutput) []byte {
	rows := [][]string{{"option", "keep", "box", "points", "value", "cost"}}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, o := range a.Keeps {
		rows = append(rows, []string{"keep", faces(*o.Keep), "", "", f(o.Value), f(o.Cost)})
	}
	for _, o := range a.Boxes {
		rows = append(rows, []string{"box", "", o.Box, strconv.Itoa(*o.Points), f(o.Value), f(o.Cost)})
	}
	return csvBytes(rows)
}

// coachError returns an error of the coach, one of the rules marked as the user's.
func coachError(err error) error {
	var re *coach.RulesError
	if errors.As(err, &re) {
		return badInput(re.Err)
	}
	return err
}

// parseDice reads --dice: five faces from 1 to 6, separated by commas.
func parseDice(s string) ([]int, error) {
	if s == "" {
		return nil, usagef("--dice: give the dice rolled, such as --dice 2,2,4,5,6")
	}
	var dice []int
	for _, f := range strings.Split(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || d < 1 || d > engine.NumFaces {
			return nil, usagef("--dice %s: %q is not a face from 1 to 6", s, f)
		}
		dice = append(dice, d)
	}
	if len(dice) != engine.NumDice {
		return nil, usagef("--dice %s: %d dice, want 5", s, len(dice))
	}
	return dice, nil
}

// recordSheet reads a partial game record and returns the sheet it fills.
func recordSheet(e *env, name string) (engine.Sheet, error) {
	_, _, sheet, _, err := readRecord(e, name)
	return sheet, err
}

// flagSheet builds the sheet of --score and --extra.
func flagSheet(rules *engine.Rules, scores []string, extra int) (engine.Sheet, error) {
	values := make([]int, rules.NumSlots())
	for i := range values {
		values[i] = -1
	}
	slots := slotNames(rules)
	for _, s := range scores {
		id, v, ok := strings.Cut(s, "=")
		points, err := strconv.Atoi(strings.TrimSpace(v))
		b := slices.Index(slots, strings.TrimSpace(id))
		switch {
		case !ok || err != nil:
			return engine.Sheet{}, usagef("--score %s: want ID=POINTS, such as --score %s=8", s, slots[1])
		case points < 0:
			return engine.Sheet{}, usagef("--score %s: a box holds 0 points or more (a box subtracted from the total too: its score as written)", s)
		case b < 0:
			return engine.Sheet{}, usagef("--score %s: no box %q in rules %s (boxes: %s)", s, id, rules.Name(), strings.Join(slots, ", "))
		case values[b] >= 0:
			return engine.Sheet{}, usagef("--score %s: box %s given twice", s, id)
		}
		values[b] = points
	}
	sheet, err := engine.SheetOf(rules, values, extra)
	if err != nil {
		flag := "--score"
		if extra != 0 && strings.Contains(err.Error(), "extra bonuses") {
			flag = "--extra"
		}
		return sheet, usagef("%s: %v", flag, err)
	}
	return sheet, nil
}

// keepFaces lists the faces a keep holds.
func keepFaces(k engine.Keep) []int { return coach.KeepFaces(k) }

// printAdvice prints the options of a position, the best first, as text or as Markdown.
func printAdvice(w io.Writer, a adviceOutput, rules *engine.Rules, lang string, markdown bool) {
	fr := lang == "fr"
	dice := faces(a.Dice)
	if markdown {
		fmt.Fprint(w, "# ")
	}
	switch {
	case fr && a.Exact:
		fmt.Fprintf(w, "Règles %s, tour %d, dés %s après le lancer %d sur %d ; la feuille marque %d.\n", a.Rules, a.Turn, dice, a.RollsUsed, rules.Rolls(), a.Score)
		fmt.Fprintln(w, decimalText(lang, fmt.Sprintf("Score final espéré du meilleur choix, en jouant au mieux ensuite : %.2f\n", a.Value)))
	case fr:
		fmt.Fprintf(w, "Règles %s, tour %d, dés %s après le lancer %d sur %d ; la feuille marque %d.\n", a.Rules, a.Turn, dice, a.RollsUsed, rules.Rolls(), a.Score)
		fmt.Fprintln(w, "Valeurs ESTIMÉES par column-tables, non exactes : la feuille de plusieurs colonnes est trop grande pour un calcul exact.")
		fmt.Fprintln(w, decimalText(lang, fmt.Sprintf("Score final estimé du meilleur choix : %.2f ± %.2f (intervalle à 95 %%, mesuré sur %d parties jouées par column-tables depuis cette position ; les coûts sont ceux de column-tables)\n", a.Value, a.Interval, a.EstimateGames)))
	case a.Exact:
		fmt.Fprintf(w, "Rules %s, turn %d, dice %s after roll %d of %d; the sheet holds %d.\n", a.Rules, a.Turn, dice, a.RollsUsed, rules.Rolls(), a.Score)
		fmt.Fprintf(w, "Expected final score of the best choice, playing optimally after: %.2f\n\n", a.Value)
	default:
		fmt.Fprintf(w, "Rules %s, turn %d, dice %s after roll %d of %d; the sheet holds %d.\n", a.Rules, a.Turn, dice, a.RollsUsed, rules.Rolls(), a.Score)
		fmt.Fprintln(w, "Values ESTIMATED by column-tables, not exact: the sheet of several columns is too large for an exact solve.")
		fmt.Fprintf(w, "Estimated final score of the best choice: %.2f ± %.2f (95%% interval, measured over %d games played on from here by column-tables; the costs are column-tables's own)\n\n", a.Value, a.Interval, a.EstimateGames)
	}
	head := "expected score"
	if !a.Exact {
		head = "estimated score"
	}
	if fr {
		head = "score espéré"
		if !a.Exact {
			head = "score estimé"
		}
	}
	if len(a.Keeps) > 0 {
		t := &textTable{markdown: markdown}
		if fr {
			t.row("garder", head, "coût")
		} else {
			t.row("keep", head, "cost")
		}
		for _, o := range a.Keeps {
			held := faces(*o.Keep)
			switch {
			case len(*o.Keep) == engine.NumDice && fr:
				held = "tous (s'arrêter)"
			case len(*o.Keep) == engine.NumDice:
				held = "all (stop)"
			case held == "" && fr:
				held = "aucun (tout relancer)"
			case held == "":
				held = "none (reroll all)"
			}
			t.row(held, decimal(lang, o.Value, 2), decimal(lang, o.Cost, 2))
		}
		t.write(w)
		if !markdown {
			fmt.Fprintln(w)
		}
	}
	t := &textTable{markdown: markdown}
	if fr {
		t.row("case", "points", head, "coût")
	} else {
		t.row("box", "points", head, "cost")
	}
	labels, slots := reports.SlotLabels(rules, lang), slotNames(rules)
	for _, o := range a.Boxes {
		t.row(labels[slices.Index(slots, o.Box)], strconv.Itoa(*o.Points), decimal(lang, o.Value, 2), decimal(lang, o.Cost, 2))
	}
	t.write(w)
	if len(a.Keeps) > 0 {
		if fr {
			fmt.Fprintln(w, "(les cases si l'on s'arrête maintenant)")
		} else {
			fmt.Fprintln(w, "(the boxes, if you stop now)")
		}
	}
}
