package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"yams/engine"
	"yams/reports"
)

func init() {
	register(&command{
		name:    "replay",
		summary: "check a recorded game against its rules and print its sheet",
		args:    "[FILE|-]",
		run:     runReplay,
	})
}

// replayColumn is one column of a replayed sheet in the JSON output.
type replayColumn struct {
	Name          string         `json:"name"`
	Boxes         map[string]int `json:"boxes"`
	UpperSubtotal int            `json:"upper_subtotal"`
	UpperBonus    int            `json:"upper_bonus"`
	Total         int            `json:"total"`
}

// replayTurn is one turn of a replayed game in the JSON output.
type replayTurn struct {
	Turn      int    `json:"turn"`
	Dice      []int  `json:"dice"` // the final roll, faces in increasing order
	RollsUsed int    `json:"rolls_used,omitempty"`
	Box       string `json:"box"`
	Column    int    `json:"column"`
	Points    int    `json:"points"`
	Bonus     int    `json:"bonus,omitempty"`
	Joker     bool   `json:"joker,omitempty"`
}

// replayOutput is the JSON of yams replay --json. Boxes, subtotals and bonuses add up
// every column; a sheet of several columns also lists them one by one.
type replayOutput struct {
	Rules         string         `json:"rules"`
	RulesHash     string         `json:"rules_hash"`
	Complete      bool           `json:"complete"`
	TurnsPlayed   int            `json:"turns_played"`
	Boxes         map[string]int `json:"boxes"`
	UpperSubtotal int            `json:"upper_subtotal"`
	UpperBonus    int            `json:"upper_bonus"`
	YahtzeeBonus  int            `json:"yahtzee_bonus"`
	ExtraYahtzees int            `json:"extra_yahtzees"`
	Total         int            `json:"total"`
	Columns       []replayColumn `json:"columns,omitempty"`
	Turns         []replayTurn   `json:"turns"`
}

func runReplay(e *env, args []string) error {
	var legacy bool // --json given as the switch it was
	err := replay(e, args, &legacy)
	return legacyJSONNote(e, legacy, err)
}

func replay(e *env, args []string, legacy *bool) error {
	fs := newFlags(e)
	jsonOut := addJSONFlag(fs, "the sheet (or the grading)")
	out := addOutDir(fs, "the sheet (or the grading): as JSON, as Markdown and as CSV (sheet.json, sheet.md and turns.csv, a row per turn; with --grade grade.json, grade.md and grade.csv, a row per decision)")
	grading := fs.Bool("grade", false, "value every decision of the game against optimal play: what each cost, the best choice, the total")
	lang := addLangFlag(fs, true)
	memory := addMemoryFlag(fs)
	if err := parseLegacyCommand(fs, args, legacy, memory, lang, out); err != nil {
		return err
	}
	name := "-"
	switch fs.NArg() {
	case 0:
	case 1:
		name = fs.Arg(0)
	default:
		return usagef("want one record file (or - for standard input), got %d arguments", fs.NArg())
	}
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	rec, rules, sheet, turns, err := readRecord(e, name)
	if err != nil {
		return err
	}
	// The whole output is built before any of it is written, so that nothing partial
	// reaches standard output.
	var result any
	var text, markdown bytes.Buffer
	var files []namedFile
	if *grading {
		g, err := grade(rec, rules, turns)
		if err != nil {
			return err
		}
		printGrade(&text, g, rules, lang.lang, false)
		printGrade(&markdown, g, rules, lang.lang, true)
		result, files = g, []namedFile{{"grade.json", nil}, {"grade.md", markdown.Bytes()}, {"grade.csv", gradeCSV(g)}}
	} else {
		r := replayResult(&sheet, turns)
		printSheet(&text, &sheet, r, lang.lang, false)
		printSheet(&markdown, &sheet, r, lang.lang, true)
		result, files = r, []namedFile{{"sheet.json", nil}, {"sheet.md", markdown.Bytes()}, {"turns.csv", turnsCSV(rules, turns)}}
	}
	js, err := indentedJSON(result)
	if err != nil {
		return err
	}
	files[0].data = js
	return writeResults(e, text.Bytes(), js, jsonOut, out, files)
}

// indentedJSON returns v as indented JSON and a newline, as every --json writes it.
func indentedJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// turnsCSV is turns.csv: a row per turn of a replayed game, its final roll, the rolls it
// took, the box it filled (and the column, from 0) and what the box and the extra bonus
// scored.
func turnsCSV(rules *engine.Rules, turns []engine.TurnResult) []byte {
	rows := [][]string{{"turn", "dice", "rolls_used", "column", "box", "points", "bonus", "joker"}}
	for i, t := range turns {
		c, b := rules.Split(t.Box)
		rows = append(rows, []string{strconv.Itoa(i + 1), t.Roll.String(), strconv.Itoa(t.RollsUsed), strconv.Itoa(c),
			rules.Boxes()[b].ID, strconv.Itoa(t.Points), strconv.Itoa(t.Bonus), strconv.FormatBool(t.Joker)})
	}
	return csvBytes(rows)
}

// csvBytes writes rows as CSV.
func csvBytes(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows) // a bytes.Buffer does not fail
	return b.Bytes()
}

func replayResult(s *engine.Sheet, turns []engine.TurnResult) replayOutput {
	rules := s.Rules()
	out := replayOutput{
		Rules:         rules.Name(),
		RulesHash:     rules.Hash(),
		Complete:      s.Done(),
		TurnsPlayed:   s.Turn(),
		Boxes:         map[string]int{},
		YahtzeeBonus:  s.ExtraTotal(),
		ExtraYahtzees: s.ExtraBonuses(),
		Total:         s.Total(),
		Turns:         []replayTurn{},
	}
	multi := len(rules.Columns()) > 1
	names := slotNames(rules) // "top_down.ones" on several columns, as advise and the API key them
	for c, col := range rules.Columns() {
		rc := replayColumn{Name: col.Name, Boxes: map[string]int{}, UpperSubtotal: s.Upper(c), UpperBonus: s.UpperBonus(c), Total: s.ColumnTotal(c)}
		for b, box := range rules.Boxes() {
			id := rules.Slot(c, b)
			if !s.Filled(id) {
				continue
			}
			rc.Boxes[box.ID] = s.Score(id)
			out.Boxes[names[id]] = s.Score(id)
		}
		out.UpperSubtotal += rc.UpperSubtotal
		out.UpperBonus += rc.UpperBonus
		if multi {
			out.Columns = append(out.Columns, rc)
		}
	}
	for i, t := range turns {
		c, b := rules.Split(t.Box)
		out.Turns = append(out.Turns, replayTurn{Turn: i + 1, Dice: rollFaces(t.Roll), RollsUsed: t.RollsUsed,
			Box: rules.Boxes()[b].ID, Column: c, Points: t.Points, Bonus: t.Bonus, Joker: t.Joker})
	}
	return out
}

// sheetWords are the words of a printed sheet in a language.
type sheetWords struct {
	rules, complete                      string // "Rules %s (%s)", "complete"
	partial                              func(played, turns int) string
	upperSubtotal, upperBonus            string
	middleTotal, lowerTotal, columnTotal string
	extraBonuses, total                  string // "Extra %s bonuses: ", "Total: "
	columnNames                          map[string]string
}

var sheetLanguages = map[string]*sheetWords{
	"en": {
		rules: "Rules %s (%s)", complete: "complete",
		partial:       func(played, turns int) string { return fmt.Sprintf("partial, %d of %d turns", played, turns) },
		upperSubtotal: "Upper subtotal", upperBonus: "Upper bonus",
		middleTotal: "Middle total", lowerTotal: "Lower total", columnTotal: "Column total",
		extraBonuses: "Extra %s bonuses: ", total: "Total: ",
	},
	"fr": {
		rules: "Règles %s (%s)", complete: "partie terminée",
		partial: func(played, turns int) string {
			if played < 2 { // singular in French
				return fmt.Sprintf("partie en cours, %d tour joué sur %d", played, turns)
			}
			return fmt.Sprintf("partie en cours, %d tours joués sur %d", played, turns)
		},
		upperSubtotal: "Sous-total", upperBonus: "Prime",
		middleTotal: "Total II", lowerTotal: "Total bas", columnTotal: "Total de la colonne",
		extraBonuses: "Primes de %s supplémentaires : ", total: "Total : ",
		// The columns a rule file leaves unnamed take the name of their order, in English;
		// the reports name them so in French too.
		columnNames: map[string]string{"free": "libre", "top_down": "descendante", "bottom_up": "montante", "sec": "sèche"},
	},
}

// printSheet prints the sheet of a replayed game in a language: the boxes section by
// section with their subtotals and bonuses, a column per column of the sheet, and the
// total.
func printSheet(w io.Writer, s *engine.Sheet, out replayOutput, lang string, markdown bool) {
	words := sheetLanguages[lang]
	rules := s.Rules()
	cols := rules.Columns()
	status := words.complete
	if !out.Complete {
		status = words.partial(out.TurnsPlayed, rules.NumSlots())
	}
	if markdown {
		fmt.Fprint(w, "# ")
	}
	fmt.Fprintf(w, words.rules+"\n\n", rules.Name(), status)
	t := &textTable{markdown: markdown}
	if len(cols) > 1 || markdown {
		head := []string{""}
		for _, col := range cols {
			name := col.Name
			if fr, ok := words.columnNames[name]; ok {
				name = fr
			}
			head = append(head, name)
		}
		t.row(head...)
	}
	row := func(label string, value func(c int) string) {
		cells := []string{label}
		for c := range cols {
			cells = append(cells, value(c))
		}
		t.row(cells...)
	}
	section := func(sec engine.Section, total string, value func(c int) int) {
		filled := false
		for b, box := range rules.Boxes() {
			if box.Section != sec {
				continue
			}
			filled = true
			label := reports.BoxLabel(rules, b, lang)
			if box.Subtract {
				label += " (−)"
			}
			row(label, func(c int) string {
				id := rules.Slot(c, b)
				if !s.Filled(id) {
					return "·"
				}
				return strconv.Itoa(s.Score(id))
			})
		}
		if filled {
			row(total, func(c int) string { return strconv.Itoa(value(c)) })
		}
	}
	section(engine.Upper, words.upperSubtotal, s.Upper)
	if slices.ContainsFunc(rules.Boxes(), func(b engine.Box) bool { return b.Section == engine.Upper }) {
		row(words.upperBonus, func(c int) string { return strconv.Itoa(s.UpperBonus(c)) })
	}
	section(engine.Middle, words.middleTotal, func(c int) int { return s.SectionTotal(c, engine.Middle) })
	section(engine.Lower, words.lowerTotal, func(c int) int { return s.SectionTotal(c, engine.Lower) })
	if len(cols) > 1 {
		row(words.columnTotal, func(c int) string { return strconv.Itoa(s.ColumnTotal(c)) })
	}
	t.write(w)
	if !markdown {
		fmt.Fprintln(w)
	}
	if rules.ExtraPoints() > 0 {
		fmt.Fprintf(w, words.extraBonuses+"%d × %d = %d\n", reports.BoxLabel(rules, rules.YahtzeeBox(), lang), s.ExtraBonuses(), rules.ExtraPoints(), s.ExtraTotal())
	}
	fmt.Fprintf(w, "%s%d\n", words.total, s.Total())
}
