package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"yams/engine"
)

func init() {
	register(&command{
		name:    "rules",
		summary: "list the rule presets, print one as a rule file, or explain it",
		args:    "[NAME|FILE]",
		run:     runRules,
		moreHelp: func(w io.Writer) {
			fmt.Fprintln(w, "Without a name, lists the presets. With one, prints its rule file: copy it, edit it,")
			fmt.Fprintln(w, "and pass the file to --rules.")
			fmt.Fprintln(w, "\nRule options (--rule, or \"options\" in a rule file):")
			for _, k := range engine.OptionKeys {
				fmt.Fprintln(w, "  "+k)
			}
		},
	})
}

func runRules(e *env, args []string) error {
	fs := newFlags(e)
	var options []string
	addRuleOptionFlag(fs, &options)
	explain := fs.Bool("explain", false, "describe the rules in words instead of printing the rule file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		if len(options) > 0 || *explain {
			return usagef("--rule and --explain need a preset name or a rule file")
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		for _, n := range engine.Presets() {
			r, err := engine.Load(n)
			if err != nil {
				return err
			}
			def := ""
			if n == engine.DefaultPreset {
				def = " (default)"
			}
			fmt.Fprintf(tw, "%s%s\t%s (%s)\n", n, def, r.Spec().Title, r.Spec().Source)
		}
		return tw.Flush()
	case 1:
	default:
		return usagef("want one preset name or rule file, got %d arguments", fs.NArg())
	}
	name := fs.Arg(0)
	rules, err := engine.Load(name, options...)
	if err != nil {
		return badInput(err)
	}
	if *explain {
		return explainRules(e, rules)
	}
	if raw, ok := engine.PresetJSON(name); ok && len(options) == 0 {
		_, err := e.stdout.Write(raw)
		return err
	}
	_, err = e.stdout.Write(rules.JSON())
	return err
}

// explainRules describes a rule set in words: what each box takes and scores, the
// bonuses, the joker and the sheet.
func explainRules(e *env, r *engine.Rules) error {
	w := e.stdout
	spec := r.Spec()
	fmt.Fprintf(w, "%s: %s\n", spec.Name, spec.Title)
	if spec.Source != "" {
		fmt.Fprintf(w, "Source: %s\n", spec.Source)
	}
	fmt.Fprintf(w, "Rules hash: %s\n\n", r.Hash())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "box\tlabel\tsection\tscores\tbest")
	for i, b := range spec.Boxes {
		label := b.Label
		if b.LabelFR != "" && b.LabelFR != b.Label {
			label += " / " + b.LabelFR
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\n", b.ID, label, b.Section, b.Describe(), bestScore(r, i))
	}
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Rolls per turn: %d (a player may stop after any roll)\n", r.Rolls())
	if r.UpperPoints() > 0 {
		when := "once the upper section is complete"
		if r.UpperWhenReached() {
			when = "as soon as the upper subtotal reaches it"
		}
		fmt.Fprintf(w, "Upper bonus: %d points when the upper subtotal is at least %d, counted %s\n", r.UpperPoints(), r.UpperThreshold(), when)
	} else {
		fmt.Fprintln(w, "Upper bonus: none")
	}
	if r.ExtraPoints() > 0 {
		fmt.Fprintf(w, "Extra five of a kind: %d points each while the %s box holds a non-zero score\n", r.ExtraPoints(), r.Boxes()[r.YahtzeeBox()].ID)
	} else {
		fmt.Fprintln(w, "Extra five of a kind: no bonus")
	}
	switch r.Joker() {
	case engine.ForcedJoker:
		fmt.Fprintln(w, "Joker: forced. Once the yahtzee box is filled (50 or 0), five of a kind goes in the matching upper box if empty, else in any empty lower box at the fixed scores, else for zero in an empty upper box")
	case engine.FreeJoker:
		fmt.Fprintln(w, "Joker: free. Five of a kind may go in any empty box; fixed scores apply once the yahtzee box and the matching upper box are both filled")
	default:
		fmt.Fprintln(w, "Joker: none. Five of a kind scores like any other roll")
	}
	var cols []string
	for _, c := range r.Columns() {
		s := c.Order.String()
		if c.FirstRollOnly {
			s += ", first roll only"
		}
		cols = append(cols, fmt.Sprintf("%s (%s)", c.Name, s))
	}
	fmt.Fprintf(w, "Sheet: %s: %s; a game lasts %d turns\n", plural(len(cols), "column", "columns"), strings.Join(cols, ", "), r.NumSlots())
	return nil
}

// bestScore is the best score box b of the rules can take: its highest, or its lowest
// for a box subtracted from the total (the Minimum).
func bestScore(r *engine.Rules, b int) int {
	subtract := r.Boxes()[b].Subtract
	best := r.Score(b, 0)
	for roll := range engine.Roll(engine.NumRolls) {
		if s := r.Score(b, roll); subtract && s < best || !subtract && s > best {
			best = s
		}
	}
	return best
}
