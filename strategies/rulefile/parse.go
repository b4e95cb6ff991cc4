package rulefile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"yams/engine"
)

// Error is a mistake in a rule file: where it is and what was expected. Its text is one
// line, "FILE:LINE:COLUMN: message".
type Error struct {
	File string
	Pos  Pos
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
}

// Limits of a rule file, far above any file a person writes or distill learns, and far
// below what would make compiling one slow.
const (
	MaxRules    = 1000
	maxNesting  = 32 // parentheses and "not"
	maxTermsAll = 64 // atoms of one condition
)

// ReadFile reads and parses the rule file at path (at most engine.MaxRuleFileBytes). Its
// errors are one line: "rule file PATH: problem" for the file, "PATH:LINE:COLUMN: problem"
// for its text.
func ReadFile(path string) (*File, error) {
	data, err := engine.ReadFileLimited("rule file", path, engine.MaxRuleFileBytes)
	if err != nil {
		return nil, err
	}
	f, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	f.dir = filepath.Dir(path)
	return f, nil
}

// Parse reads a rule file; name names it in errors. An error is an *Error: the first
// mistake, with its line and column.
func Parse(name string, src []byte) (*File, error) {
	toks, header, err := lex(name, src)
	if err != nil {
		return nil, err
	}
	p := &parser{name: name, toks: toks}
	f := &File{Name: name, Header: header}
	for p.peek().kind != tEOF {
		if len(f.Rules) == MaxRules {
			return nil, p.errorf(p.peek().pos, "more than %d rules", MaxRules)
		}
		if p.isWord("averages") {
			if err := p.averages(f); err != nil {
				return nil, err
			}
			continue
		}
		if t := p.peek(); t.kind == tWord && rulesWords[t.word] && p.peekAt(1).kind == tText {
			if err := p.ruleSet(f); err != nil {
				return nil, err
			}
			continue
		}
		r, err := p.rule()
		if err != nil {
			return nil, err
		}
		f.Rules = append(f.Rules, r)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

// check finds what the grammar lets through but can never make sense: two defaults of
// one kind, and rules after the default of their kind, which never apply.
func (f *File) check() error {
	var def [2]*Rule
	for i := range f.Rules {
		r := &f.Rules[i]
		k := r.Kind()
		if d := def[k]; d != nil {
			what := "keep"
			if k == BoxRule {
				what = "box"
			}
			if r.Default() {
				return &Error{File: f.Name, Pos: r.Pos, Msg: fmt.Sprintf("a second default for the %ss (the first is at line %d)", what, d.Pos.Line)}
			}
			return &Error{File: f.Name, Pos: r.Pos, Msg: fmt.Sprintf("this %s rule comes after the default for the %ss (line %d): it would never apply; move it above", what, what, d.Pos.Line)}
		}
		if r.Default() {
			def[k] = r
		}
	}
	return nil
}

type parser struct {
	name  string
	toks  []token
	i     int
	depth int
	atoms int
}

func (p *parser) peek() token        { return p.toks[p.i] }
func (p *parser) peekAt(n int) token { return p.toks[min(p.i+n, len(p.toks)-1)] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) errorf(pos Pos, format string, args ...any) error {
	return &Error{File: p.name, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// startsStatement reports whether the next token starts a rule, the averages or the line
// of rules.
func (p *parser) startsStatement() bool {
	t := p.peek()
	return t.kind == tWord && (t.word == "if" || t.word == "otherwise" || t.word == "averages" || rulesWords[t.word] && p.peekAt(1).kind == tText)
}

// isWord reports whether the next token is the word w.
func (p *parser) isWord(w string) bool {
	t := p.peek()
	return t.kind == tWord && t.word == w
}

// matches reports whether the tokens from the next one spell ph.
func (p *parser) matches(ph phrase) bool {
	for i, w := range ph {
		t := p.peekAt(i)
		if !(t.kind == tWord && t.word == w || t.kind == tNumber && t.text == w) {
			return false
		}
	}
	return true
}

// ruleSet reads the line "rules: NAME [--rule KEY=VALUE]...", which comes once, before
// the averages and the rules.
func (p *parser) ruleSet(f *File) error {
	word := p.next()
	text := p.next()
	switch {
	case f.RuleSet != nil:
		return p.errorf(word.pos, "a second line of rules (the first is at line %d)", f.RuleSet.Pos.Line)
	case len(f.Rules) > 0 || len(f.Averages) > 0:
		return p.errorf(word.pos, "the line of rules comes first, before the averages and the rules")
	}
	ref, col, msg := parseRuleSet(text.text)
	if msg != "" {
		return p.errorf(Pos{text.pos.Line, text.pos.Col + col}, "%s", msg)
	}
	ref.Pos = word.pos
	f.RuleSet = ref
	return nil
}

// ruleFlag comes before each option of a line of rules, as on the command line.
const ruleFlag = "--rule"

// parseRuleSet reads the rule set of a line of rules, "NAME [--rule KEY=VALUE]...": the
// reference, or where the text goes wrong (its column in the text, from 0) and why.
func parseRuleSet(text string) (*RuleSetRef, int, string) {
	const want = `expected the rules the file was written for, as --rules and --rule name them: "rules: yatzy" or "rules: hasbro --rule joker=free"`
	type field struct {
		text string
		col  int
	}
	var fields []field
	for i, col := 0, 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if r == ' ' || r == '\t' {
			i, col = i+n, col+1
			continue
		}
		j := strings.IndexAny(text[i:], " \t")
		if j < 0 {
			j = len(text) - i
		}
		fields = append(fields, field{text[i : i+j], col})
		col += utf8.RuneCountInString(text[i : i+j])
		i += j
	}
	if len(fields) == 0 || strings.HasPrefix(fields[0].text, "-") {
		return nil, 0, want
	}
	ref := &RuleSetRef{Name: fields[0].text}
	for i := 1; i < len(fields); i++ {
		if fields[i].text != ruleFlag {
			return nil, fields[i].col, fmt.Sprintf("expected --rule KEY=VALUE after the rules %s, found %q", ref.Name, fields[i].text)
		}
		if i++; i == len(fields) {
			return nil, utf8.RuneCountInString(text), "expected KEY=VALUE after --rule"
		}
		opt := fields[i].text
		if k, _, ok := strings.Cut(opt, "="); !ok || k == "" {
			return nil, fields[i].col, fmt.Sprintf("expected KEY=VALUE after --rule, found %q", opt)
		}
		ref.Options = append(ref.Options, opt)
	}
	return ref, 0, ""
}

// averages reads "averages BOX N, BOX N, ...".
func (p *parser) averages(f *File) error {
	p.next()
	for {
		t := p.peek()
		if t.kind != tWord || reserved[t.word] {
			return p.errorf(t.pos, "expected a box and its average (as \"full_house 22.6\"), found %s", t.describe())
		}
		if slices.ContainsFunc(f.Averages, func(a Average) bool { return a.Box.ID == t.word }) {
			return p.errorf(t.pos, "the average of %s given twice", t.word)
		}
		p.next()
		n := p.peek()
		if n.kind != tNumber {
			return p.errorf(n.pos, "expected the average of %s, a number (as 22.6), found %s", t.word, n.describe())
		}
		p.next()
		f.Averages = append(f.Averages, Average{Pos: t.pos, Box: BoxRef{Pos: t.pos, ID: t.word}, Value: n.val})
		if p.peek().kind != tComma {
			break
		}
		p.next()
	}
	if t := p.peek(); t.kind != tEOF && !p.startsStatement() {
		return p.errorf(t.pos, "expected \",\" and another box, or the end of the averages, found %s", t.describe())
	}
	return nil
}

func (p *parser) rule() (Rule, error) {
	t := p.next()
	var r Rule
	r.Pos = t.pos
	switch {
	case t.kind == tWord && t.word == "if":
		c, err := p.cond()
		if err != nil {
			return r, err
		}
		r.If = c
		if !p.isWord("then") {
			return r, p.errorf(p.peek().pos, "expected \"and\", \"or\" or \"then\" after the condition, found %s", p.peek().describe())
		}
		p.next()
	case t.kind == tWord && t.word == "otherwise":
	default:
		return r, p.errorf(t.pos, "expected a rule, starting with \"if\" or \"otherwise\" (or the boxes' averages), found %s", t.describe())
	}
	a, err := p.action()
	if err != nil {
		return r, err
	}
	r.Then = a
	r.Comment = p.toks[p.i-1].comment
	if t := p.peek(); t.kind != tEOF && !p.startsStatement() {
		return r, p.errorf(t.pos, "expected the end of the rule after %q, found %s (a rule is \"if CONDITION then ACTION\" or \"otherwise ACTION\")", p.toks[p.i-1].text, t.describe())
	}
	return r, nil
}

// cond reads a condition: terms joined by "or", each terms joined by "and", each "not"
// a term, a condition in parentheses, or an atom.
func (p *parser) cond() (Cond, error) {
	return p.joined("or", p.and, func(ts []Cond) Cond { return &Or{Terms: ts} })
}

func (p *parser) and() (Cond, error) {
	return p.joined("and", p.unary, func(ts []Cond) Cond { return &And{Terms: ts} })
}

// joined reads terms joined by the word op: one term is itself, several are join's.
func (p *parser) joined(op string, term func() (Cond, error), join func([]Cond) Cond) (Cond, error) {
	var terms []Cond
	for {
		t, err := term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
		if !p.isWord(op) {
			break
		}
		p.next()
	}
	if len(terms) == 1 {
		return terms[0], nil
	}
	return join(terms), nil
}

func (p *parser) unary() (Cond, error) {
	t := p.peek()
	if p.depth >= maxNesting {
		return nil, p.errorf(t.pos, "conditions nested more than %d deep", maxNesting)
	}
	switch {
	case t.kind == tWord && t.word == "not":
		p.next()
		p.depth++
		c, err := p.unary()
		p.depth--
		if err != nil {
			return nil, err
		}
		return &Not{Pos: t.pos, Term: c}, nil
	case t.kind == tLParen:
		p.next()
		p.depth++
		c, err := p.cond()
		p.depth--
		if err != nil {
			return nil, err
		}
		if p.peek().kind != tRParen {
			return nil, p.errorf(p.peek().pos, "expected \")\" to close the \"(\" of column %d, found %s", t.pos.Col, p.peek().describe())
		}
		p.next()
		return c, nil
	}
	if p.atoms++; p.atoms > maxTermsAll*MaxRules {
		return nil, p.errorf(t.pos, "too many conditions")
	}
	return p.atom()
}

// longest returns the feature whose spelling matches the most words from the next token,
// among those kinds accepts, and the number of words; 0 if none matches.
func (p *parser) longest(accept func(Feature) bool) (Feature, int) {
	best, n := noFeature, 0
	for f, spellings := range featureSyntax {
		if !accept(f) {
			continue
		}
		for _, ph := range spellings {
			if len(ph) > n && p.matches(ph) {
				best, n = f, len(ph)
			}
		}
	}
	return best, n
}

const conditionHelp = "a pattern (pair, two pairs, three of a kind, four of a kind, five of a kind, full house, small straight, large straight), " +
	"a number and a comparison (sum, group, group face, run, ones to sixes, turn, turns left, rolls left, upper, bonus needs, over par, BOX pays, as in \"sum >= 22\"), " +
	"BOX open, BOX filled, BOX scored, bonus won, bonus lost or bonus in play"

func (p *parser) atom() (Cond, error) {
	t := p.peek()
	a := &Atom{Pos: t.pos}
	if p.matches(groupBox) {
		a.Box = BoxRef{Pos: t.pos, Group: true}
		p.i += len(groupBox)
		return p.boxAtom(a)
	}
	if f, n := p.longest(func(f Feature) bool { return !f.OfBox() }); n > 0 {
		p.i += n
		a.Feature = f
		if f.Numeric() {
			return a, p.compare(a, strings.Join(featureSyntax[f][0], " "))
		}
		return a, nil
	}
	switch {
	case t.kind == tWord && t.word == "bonus":
		return nil, p.errorf(p.peekAt(1).pos, "expected \"won\", \"lost\", \"in play\" or \"needs\" after \"bonus\", found %s", p.peekAt(1).describe())
	case t.kind == tWord && faceOf(t.word) != 0 && p.peekAt(1).kind == tOp:
		p.next()
		a.Feature, a.Face = Count, faceOf(t.word)
		return a, p.compare(a, t.word)
	case t.kind == tWord && !reserved[t.word]:
		p.next()
		a.Box = BoxRef{Pos: t.pos, ID: t.word}
		return p.boxAtom(a)
	}
	return nil, p.errorf(t.pos, "expected a condition, found %s: %s", t.describe(), conditionHelp)
}

// boxAtom reads what follows a box in a condition.
func (p *parser) boxAtom(a *Atom) (Cond, error) {
	t := p.peek()
	f, n := p.longest(Feature.OfBox)
	if n == 0 {
		switch {
		case a.Box.Group:
			return nil, p.errorf(t.pos, "expected \"open\", \"filled\", \"scored\" or \"pays\" after \"group box\", found %s", t.describe())
		case faceOf(a.Box.ID) != 0:
			// An upper box's id is also a face: "sixes >= 3" counts the dice.
			return nil, p.errorf(t.pos, "expected a comparison (as in \"%s >= 3\", the dice showing the face) or \"open\", \"filled\", \"scored\" or \"pays\" (the box) after %q, found %s",
				a.Box.ID, a.Box.ID, t.describe())
		}
		return nil, p.errorf(a.Pos, "expected a condition, found %q (a box is followed by open, filled, scored or pays): %s", a.Box.ID, conditionHelp)
	}
	p.i += n
	a.Feature = f
	if f == Pays {
		return a, p.compare(a, "pays")
	}
	return a, nil
}

// valueRange are the values a numeric feature of the dice takes: a comparison with a
// number outside them is a mistake.
var valueRange = map[Feature][2]int{Count: {0, 5}, Group: {1, 5}, GroupFace: {1, 6}, Run: {1, 5}, Sum: {5, 30}}

// compare reads the comparison and the number of a numeric atom; after names what they
// follow.
func (p *parser) compare(a *Atom, after string) error {
	t := p.peek()
	if t.kind != tOp {
		return p.errorf(t.pos, "expected a comparison (>=, >, <=, <, = or !=) after %q, found %s", after, t.describe())
	}
	p.next()
	n := p.peek()
	if n.kind != tNumber || !n.whole {
		return p.errorf(n.pos, "expected a whole number after %q, found %s", t.text, n.describe())
	}
	p.next()
	a.Op, a.Value = t.op, n.num
	if r, ok := valueRange[a.Feature]; ok && (n.num < r[0] || n.num > r[1]) {
		return p.errorf(n.pos, "%s is %d to %d: %d is out of range", after, r[0], r[1], n.num)
	}
	if a.Feature != OverPar && n.num < 0 {
		return p.errorf(n.pos, "%s is never negative: %d is out of range", after, n.num)
	}
	return nil
}

// action reads the action of a rule.
func (p *parser) action() (Action, error) {
	t := p.peek()
	a := Action{Pos: t.pos}
	if t.kind != tWord || (t.word != "keep" && t.word != "score" && t.word != "scratch") {
		return a, p.errorf(t.pos, "expected an action (keep ..., score ... or scratch), found %s", t.describe())
	}
	p.next()
	switch t.word {
	case "keep":
		return a, p.keepAction(&a)
	case "score":
		return a, p.scoreAction(&a)
	}
	a.Verb = Scratch
	return a, p.among(&a)
}

func (p *parser) keepAction(a *Action) error {
	t := p.peek()
	switch {
	case p.isWord("all"):
		a.Verb = KeepAll
	case p.isWord("nothing"):
		a.Verb = KeepNothing
	case p.isWord("pairs"):
		a.Verb = KeepPairs
	case p.isWord("run"):
		a.Verb = KeepRun
	case p.isWord("group") && !p.matches(groupBox):
		a.Verb = KeepGroup
		if p.peekAt(1).kind == tWord && p.peekAt(1).word == "and" && p.peekAt(2).kind == tWord && p.peekAt(2).word == "kicker" {
			a.Verb = KeepGroupKicker
			p.i += 2
		}
	case p.isWord("for"):
		p.next()
		a.Verb = KeepFor
		return p.targets(a)
	case t.kind == tWord && faceOf(t.word) != 0:
		a.Verb = KeepFaces
		for {
			t := p.peek()
			f := 0
			if t.kind == tWord {
				f = faceOf(t.word)
			}
			if f == 0 {
				return p.errorf(t.pos, "expected a face (ones, twos, threes, fours, fives or sixes), found %s", t.describe())
			}
			if a.Faces&(1<<(f-1)) != 0 {
				return p.errorf(t.pos, "%s named twice", t.word)
			}
			a.Faces |= 1 << (f - 1)
			p.next()
			if !p.listGoesOn(func(t token) bool { return t.kind == tWord && faceOf(t.word) != 0 }) {
				return nil
			}
		}
	default:
		return p.errorf(t.pos, "expected what to keep after \"keep\" (all, nothing, group, group and kicker, pairs, run, for BOX, or faces such as \"fives and sixes\"), found %s", t.describe())
	}
	p.next()
	return nil
}

// listGoesOn consumes the "," or "and" that continues a list whose next item would be
// accepted, and reports whether it did.
func (p *parser) listGoesOn(item func(token) bool) bool {
	t := p.peek()
	if t.kind == tComma || t.kind == tWord && t.word == "and" && item(p.peekAt(1)) {
		p.next()
		return true
	}
	return false
}

func (p *parser) scoreAction(a *Action) error {
	t := p.peek()
	switch {
	case p.isWord("best"):
		p.next()
		a.Verb = ScoreBest
		return p.among(a)
	case p.isWord("cheapest"):
		p.next()
		a.Verb = ScoreCheapest
		return p.among(a)
	}
	a.Verb = ScoreBox
	b, ok := p.boxRef()
	if !ok {
		return p.errorf(t.pos, "expected a box (its id, as full_house, or group box), best or cheapest after \"score\", found %s", t.describe())
	}
	a.Box = b
	return nil
}

// among reads the optional "in TARGETS" of a box action.
func (p *parser) among(a *Action) error {
	if !p.isWord("in") {
		return nil
	}
	p.next()
	return p.targets(a)
}

// boxRef reads a box: an id or "group box".
func (p *parser) boxRef() (BoxRef, bool) {
	t := p.peek()
	if p.matches(groupBox) {
		p.i += len(groupBox)
		return BoxRef{Pos: t.pos, Group: true}, true
	}
	if t.kind == tWord && !reserved[t.word] {
		p.next()
		return BoxRef{Pos: t.pos, ID: t.word}, true
	}
	return BoxRef{}, false
}

// targets reads a list of targets: boxes, points, upper, lower.
func (p *parser) targets(a *Action) error {
	isTarget := func(t token) bool {
		return t.kind == tWord && (!reserved[t.word] || t.word == "points" || t.word == "upper" || t.word == "lower" || t.word == "group")
	}
	for {
		t := p.peek()
		tg := Target{Pos: t.pos}
		switch {
		case p.isWord("points"):
			tg.Set = Points
			p.next()
		case p.isWord("upper"):
			tg.Set = UpperBoxes
			p.next()
		case p.isWord("lower"):
			tg.Set = LowerBoxes
			p.next()
		default:
			b, ok := p.boxRef()
			if !ok {
				return p.errorf(t.pos, "expected a box (its id, as full_house, or group box), points, upper or lower, found %s", t.describe())
			}
			tg.Box = b
		}
		if slices.ContainsFunc(a.Targets, func(o Target) bool { return sameTarget(o, tg) }) {
			return p.errorf(t.pos, "%s named twice", t.text)
		}
		a.Targets = append(a.Targets, tg)
		if !p.listGoesOn(isTarget) {
			return nil
		}
	}
}

func sameTarget(a, b Target) bool {
	return a.Set == b.Set && a.Box.Group == b.Box.Group && a.Box.ID == b.Box.ID
}
