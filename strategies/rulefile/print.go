package rulefile

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"yams/engine"
)

// String returns the file in its canonical spelling: the header as comments, then one
// rule a line, in the order of the file. Parse reads it back to the same rules.
func (f *File) String() string {
	var b strings.Builder
	for _, h := range f.Header {
		b.WriteString(strings.TrimRight("# "+h, " ") + "\n")
	}
	if len(f.Header) > 0 && (len(f.Rules) > 0 || len(f.Averages) > 0 || f.RuleSet != nil) {
		b.WriteString("\n")
	}
	if f.RuleSet != nil {
		b.WriteString("rules: " + f.RuleSet.String() + "\n")
	}
	if len(f.Averages) > 0 {
		b.WriteString(f.averagesText())
	}
	for i := range f.Rules {
		b.WriteString(f.Rules[i].String())
		b.WriteString("\n")
	}
	return b.String()
}

// String returns the rule set as the command line names it: "hasbro --rule joker=free".
func (r *RuleSetRef) String() string {
	s := r.Name
	for _, o := range r.Options {
		s += " --rule " + o
	}
	return s
}

// averagesText writes the averages, a few boxes a line, the lines after the first indented.
func (f *File) averagesText() string {
	var b strings.Builder
	line := "averages"
	for i, a := range f.Averages {
		item := " " + a.Box.ID + " " + strconv.FormatFloat(a.Value, 'f', -1, 64)
		if i < len(f.Averages)-1 {
			item += ","
		}
		if len(line)+len(item) > 88 {
			b.WriteString(line + "\n")
			line = "   "
		}
		line += item
	}
	b.WriteString(line + "\n")
	return b.String()
}

// String returns the rule in its canonical spelling, its comment after "#".
func (r *Rule) String() string {
	var s string
	if r.Default() {
		s = "otherwise " + r.Then.String()
	} else {
		s = "if " + CondString(r.If) + " then " + r.Then.String()
	}
	if r.Comment != "" {
		s += "  # " + r.Comment
	}
	return s
}

// CondString returns a condition in its canonical spelling.
func CondString(c Cond) string {
	return render(c, precOr, " and ", " or ", func(a *Atom, not bool) string {
		if not {
			return "not " + a.String()
		}
		return a.String()
	}, func(s string) string { return "not " + s })
}

// The precedences of the operators, from the loosest.
const (
	precOr = iota
	precAnd
	precNot
)

// render writes a condition: its atoms by atom (negated if not), its conjunctions and
// disjunctions joined by and and or, a negation of something else than an atom by not, in
// parentheses where the precedences need them (outer is that of the context).
func render(c Cond, outer int, and, or string, atom func(a *Atom, not bool) string, not func(string) string) string {
	wrap := func(s string, prec int) string {
		if prec < outer {
			return "(" + s + ")"
		}
		return s
	}
	switch c := c.(type) {
	case *Or, *And:
		join, inner, prec := or, precAnd, precOr
		if _, isAnd := c.(*And); isAnd {
			join, inner, prec = and, precNot, precAnd
		}
		var parts []string
		for _, t := range condTerms(c) {
			parts = append(parts, render(t, inner, and, or, atom, not))
		}
		return wrap(strings.Join(parts, join), prec)
	case *Not:
		if a, ok := c.Term.(*Atom); ok {
			return atom(a, true)
		}
		return not(render(c.Term, precNot+1, and, or, atom, not))
	case *Atom:
		return atom(c, false)
	}
	return ""
}

// String returns the atom in its canonical spelling.
func (a *Atom) String() string {
	var s string
	switch {
	case a.Feature == Count:
		s = faceWords[a.Face-1]
	case a.Feature.OfBox():
		s = a.Box.String() + " " + featureSyntax[a.Feature][0][0]
	default:
		s = strings.Join(featureSyntax[a.Feature][0], " ")
	}
	if a.Feature.Numeric() {
		s += " " + opText[a.Op] + " " + strconv.Itoa(a.Value)
	}
	return s
}

// String returns the box as a file writes it.
func (b BoxRef) String() string {
	if b.Group {
		return strings.Join(groupBox, " ")
	}
	return b.ID
}

// String returns the action in its canonical spelling.
func (a *Action) String() string {
	s := strings.Join(verbSyntax[a.Verb], " ")
	switch a.Verb {
	case KeepFaces:
		var faces []string
		for f := range 6 {
			if a.Faces&(1<<f) != 0 {
				faces = append(faces, faceWords[f])
			}
		}
		s += " " + list(faces, " and ")
	case KeepFor:
		s += " " + targetsText(a.Targets)
	case ScoreBox:
		s += " " + a.Box.String()
	case ScoreBest, ScoreCheapest, Scratch:
		if len(a.Targets) > 0 {
			s += " in " + targetsText(a.Targets)
		}
	}
	return s
}

func targetsText(ts []Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		if t.Set == OneBox {
			parts[i] = t.Box.String()
		} else {
			parts[i] = setWords[t.Set]
		}
	}
	return list(parts, " and ")
}

// list joins items with commas, the last with last: "a, b and c".
func list(items []string, last string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}

// Sentence is a rule in words.
type Sentence struct {
	Text string
	// Default marks the default of a list, the file's or, where the file gives none, the
	// built-in one.
	Default bool
}

// Words returns the rules in words in a language (en or fr): the keep rules, then the box
// rules, each list in its order with its default last (the built-in one where the file
// gives none). rules gives the boxes their labels; with nil, boxes go by their ids.
func (f *File) Words(rules *engine.Rules, lang string) (keeps, boxes []Sentence, err error) {
	w, ok := wordsFor(lang)
	if !ok {
		return nil, nil, fmt.Errorf("no words for language %q (en or fr)", lang)
	}
	averaged := len(f.Averages) > 0
	for i := range f.Rules {
		r := &f.Rules[i]
		s := Sentence{Text: w.rule(r, rules, averaged), Default: r.Default()}
		if r.Kind() == KeepRule {
			keeps = append(keeps, s)
		} else {
			boxes = append(boxes, s)
		}
	}
	for k, list := range []*[]Sentence{&keeps, &boxes} {
		if !f.hasDefault(Kind(k)) {
			text := w.implicitDefault[k]
			if averaged {
				text = w.implicitAveraged[k]
			}
			*list = append(*list, Sentence{Text: text, Default: true})
		}
	}
	return keeps, boxes, nil
}

// AveragesWords returns the averages of the file in words in a language (en or fr), "" if
// it declares none.
func (f *File) AveragesWords(rules *engine.Rules, lang string) (string, error) {
	w, ok := wordsFor(lang)
	if !ok {
		return "", fmt.Errorf("no words for language %q (en or fr)", lang)
	}
	if len(f.Averages) == 0 {
		return "", nil
	}
	parts := make([]string, len(f.Averages))
	for i, a := range f.Averages {
		parts[i] = boxLabel(rules, a.Box.ID, w.lang) + " " + w.decimal(a.Value)
	}
	return fmt.Sprintf(w.averages, strings.Join(parts, ", ")), nil
}

// Explain returns the rules in words in a language (en or fr), as a numbered text: the
// keep rules, then the box rules, numbered together from 1, each list with its default.
func (f *File) Explain(rules *engine.Rules, lang string) (string, error) {
	keeps, boxes, err := f.Words(rules, lang)
	if err != nil {
		return "", err
	}
	w, _ := wordsFor(lang)
	var b strings.Builder
	if f.RuleSet != nil {
		b.WriteString(fmt.Sprintf(w.writtenFor, f.RuleSet) + "\n")
	}
	if avg, _ := f.AveragesWords(rules, lang); avg != "" {
		b.WriteString(avg + "\n")
	}
	n := 0
	for _, list := range []struct {
		title string
		rs    []Sentence
	}{{w.keeps, keeps}, {w.boxes, boxes}} {
		fmt.Fprintf(&b, "%s%s\n", list.title, w.colon)
		for _, s := range list.rs {
			if s.Default {
				fmt.Fprintf(&b, "    %s\n", s.Text)
			} else {
				n++
				fmt.Fprintf(&b, "%3d. %s\n", n, s.Text)
			}
		}
	}
	return b.String(), nil
}

// hasDefault reports whether the file gives a default for the decisions of kind.
func (f *File) hasDefault(k Kind) bool {
	for i := range f.Rules {
		if f.Rules[i].Kind() == k && f.Rules[i].Default() {
			return true
		}
	}
	return false
}

func (w *words) rule(r *Rule, rules *engine.Rules, averaged bool) string {
	a := w.action(&r.Then, rules)
	if averaged && (r.Then.Verb == KeepFor || r.Then.Verb == ScoreBest) {
		a += w.aboveAverage
	}
	if r.Default() {
		return fmt.Sprintf(w.otherwise, a)
	}
	return fmt.Sprintf(w.ifThen, w.cond(r.If, rules, precOr), a)
}

func (w *words) cond(c Cond, rules *engine.Rules, outer int) string {
	return render(c, outer, w.and, w.or, func(a *Atom, not bool) string { return w.atom(a, rules, not) },
		func(s string) string { return fmt.Sprintf(w.not, s) })
}

// atom reads an atom in words, negated if not.
func (w *words) atom(a *Atom, rules *engine.Rules, not bool) string {
	if !a.Feature.Numeric() {
		form := w.feature[a.Feature]
		if not {
			form = w.notFeature[a.Feature]
		}
		if a.Feature.OfBox() {
			return fmt.Sprintf(form, w.box(a.Box, rules))
		}
		return form
	}
	op := a.Op
	if not {
		op = op.negate()
	}
	switch a.Feature {
	case Count:
		name := w.faces[a.Face-1]
		if a.Value == 1 {
			name = w.face[a.Face-1]
		}
		return fmt.Sprintf(w.count[op], a.Value, name)
	case Group:
		return fmt.Sprintf(w.group[op], a.Value)
	case Pays:
		return fmt.Sprintf(w.pays[op], w.box(a.Box, rules), w.number(a.Value))
	}
	return fmt.Sprintf(w.compare[op], w.subject[a.Feature], w.number(a.Value))
}

// decimal writes a number with its decimals, in the language's way.
func (w *words) decimal(x float64) string {
	s := strconv.FormatFloat(math.Abs(x), 'f', -1, 64)
	if w.lang == "fr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	if x < 0 {
		s = w.minus + s
	}
	return s
}

// number writes an integer, its sign the language's.
func (w *words) number(n int) string {
	if n < 0 {
		return w.minus + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// box names a box in a sentence.
func (w *words) box(b BoxRef, rules *engine.Rules) string {
	if b.Group {
		return w.groupBox
	}
	return fmt.Sprintf(w.boxName, boxLabel(rules, b.ID, w.lang))
}

// boxLabel returns the label of the box of id in a language, or the id without rules or
// such a box.
func boxLabel(rules *engine.Rules, id, lang string) string {
	if rules == nil {
		return id
	}
	i := boxIndex(rules, id)
	if i < 0 {
		return id
	}
	if fr := rules.Spec().Boxes[i].LabelFR; lang == "fr" && fr != "" {
		return fr
	}
	return rules.Boxes()[i].Label
}

func (w *words) action(a *Action, rules *engine.Rules) string {
	form := w.verb[a.Verb]
	switch a.Verb {
	case KeepFaces:
		var faces []string
		for f := range 6 {
			if a.Faces&(1<<f) != 0 {
				faces = append(faces, fmt.Sprintf(w.theFaces, w.faces[f]))
			}
		}
		return fmt.Sprintf(form, list(faces, w.lastAnd))
	case KeepFor:
		return fmt.Sprintf(form, w.targets(a.Targets, rules, false))
	case ScoreBox:
		return fmt.Sprintf(form, w.box(a.Box, rules))
	case ScoreBest, ScoreCheapest, Scratch:
		if len(a.Targets) > 0 {
			return form + fmt.Sprintf(w.among, w.targets(a.Targets, rules, true))
		}
	}
	return form
}

// targets names targets in a sentence; among for those a box is chosen among.
func (w *words) targets(ts []Target, rules *engine.Rules, among bool) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		switch {
		case t.Set == OneBox:
			parts[i] = w.box(t.Box, rules)
		case t.Set == Points && among:
			parts[i] = w.allBoxes
		default:
			parts[i] = w.sets[t.Set]
		}
	}
	return list(parts, w.lastAnd)
}
