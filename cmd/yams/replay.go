package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

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
	Dice      string `json:"dice"`
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
	fs := newFlags(e)
	asJSON := fs.Bool("json", false, "print the sheet as JSON")
	lang := fs.String("lang", "en", "the language `LANG` of the printed sheet: en or fr")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *lang != "en" && *lang != "fr" {
		return usagef("--lang %q: want en or fr", *lang)
	}
	name := "-"
	switch fs.NArg() {
	case 0:
	case 1:
		name = fs.Arg(0)
	default:
		return usagef("want one record file (or - for standard input), got %d arguments", fs.NArg())
	}
	var (
		data []byte
		err  error
	)
	if name == "-" {
		data, err = io.ReadAll(e.stdin)
		name = "standard input"
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return badInput(err)
	}
	rec, err := engine.ParseRecord(data)
	if err != nil {
		return badInput(fmt.Errorf("record %s: %w", name, err))
	}
	if rec.Rules == "" {
		return badInput(fmt.Errorf("record %s: no rules given (\"rules\": a preset name or a rule file)", name))
	}
	rules, err := engine.Load(rec.Rules, rec.Options...)
	if err != nil {
		return badInput(fmt.Errorf("record %s: %w", name, err))
	}
	sheet, turns, err := engine.Replay(rec, rules)
	if err != nil {
		return badInput(fmt.Errorf("record %s: %w", name, err))
	}
	out := replayResult(&sheet, turns)
	// Build the whole output before writing it, so that nothing partial reaches stdout.
	var buf bytes.Buffer
	if *asJSON {
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		printSheet(&buf, &sheet, out, *lang == "fr")
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
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
	for c, col := range rules.Columns() {
		rc := replayColumn{Name: col.Name, Boxes: map[string]int{}, UpperSubtotal: s.Upper(c), UpperBonus: s.UpperBonus(c), Total: s.ColumnTotal(c)}
		for b, box := range rules.Boxes() {
			id := rules.Slot(c, b)
			if !s.Filled(id) {
				continue
			}
			rc.Boxes[box.ID] = s.Score(id)
			key := box.ID
			if multi {
				key = fmt.Sprintf("%d.%s", c, box.ID)
			}
			out.Boxes[key] = s.Score(id)
		}
		out.UpperSubtotal += rc.UpperSubtotal
		out.UpperBonus += rc.UpperBonus
		if multi {
			out.Columns = append(out.Columns, rc)
		}
	}
	for i, t := range turns {
		c, b := rules.Split(t.Box)
		out.Turns = append(out.Turns, replayTurn{Turn: i + 1, Dice: t.Roll.String(), RollsUsed: t.RollsUsed,
			Box: rules.Boxes()[b].ID, Column: c, Points: t.Points, Bonus: t.Bonus, Joker: t.Joker})
	}
	return out
}

func printSheet(w io.Writer, s *engine.Sheet, out replayOutput, fr bool) {
	rules := s.Rules()
	cols := rules.Columns()
	status := "complete"
	if !out.Complete {
		status = fmt.Sprintf("partial, %d of %d turns", out.TurnsPlayed, rules.NumSlots())
	}
	fmt.Fprintf(w, "Rules %s (%s)\n\n", rules.Name(), status)
	// Labels align left and numbers right: each number is padded to its column's width.
	width := make([]int, len(cols))
	for c, col := range cols {
		width[c] = max(6, len(col.Name))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(cols) > 1 {
		fmt.Fprint(tw, "\t")
		for c, col := range cols {
			fmt.Fprintf(tw, "%*s\t", width[c], col.Name)
		}
		fmt.Fprintln(tw)
	}
	row := func(label string, value func(c int) string) {
		fmt.Fprintf(tw, "%s\t", label)
		for c := range cols {
			fmt.Fprintf(tw, "%*s\t", width[c], value(c))
		}
		fmt.Fprintln(tw)
	}
	sectionRows := func(sec engine.Section) {
		for b, box := range rules.Boxes() {
			if box.Section != sec {
				continue
			}
			lang := "en"
			if fr {
				lang = "fr"
			}
			label := reports.BoxLabel(rules, b, lang)
			if box.Subtract {
				label += " (−)"
			}
			row(label, func(c int) string {
				id := rules.Slot(c, b)
				if !s.Filled(id) {
					return "·"
				}
				return fmt.Sprint(s.Score(id))
			})
		}
	}
	has := func(sec engine.Section) bool {
		for _, b := range rules.Boxes() {
			if b.Section == sec {
				return true
			}
		}
		return false
	}
	words := map[bool][4]string{false: {"Upper subtotal", "Upper bonus", "Middle total", "Lower total"}, true: {"Sous-total", "Prime", "Total II", "Total bas"}}[fr]
	if has(engine.Upper) {
		sectionRows(engine.Upper)
		row(words[0], func(c int) string { return fmt.Sprint(s.Upper(c)) })
		row(words[1], func(c int) string { return fmt.Sprint(s.UpperBonus(c)) })
	}
	if has(engine.Middle) {
		sectionRows(engine.Middle)
		row(words[2], func(c int) string { return fmt.Sprint(s.SectionTotal(c, engine.Middle)) })
	}
	if has(engine.Lower) {
		sectionRows(engine.Lower)
		row(words[3], func(c int) string { return fmt.Sprint(s.SectionTotal(c, engine.Lower)) })
	}
	if len(cols) > 1 {
		row("Column total", func(c int) string { return fmt.Sprint(s.ColumnTotal(c)) })
	}
	tw.Flush()
	fmt.Fprintln(w)
	if rules.ExtraPoints() > 0 {
		fmt.Fprintf(w, "Extra five-of-a-kind bonuses: %d × %d = %d\n", s.ExtraBonuses(), rules.ExtraPoints(), s.ExtraTotal())
	}
	fmt.Fprintf(w, "Total: %d\n", s.Total())
}
