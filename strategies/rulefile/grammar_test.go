package rulefile_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/exp/ebnf"

	"yams/engine"
	"yams/strategies/rulefile"
)

// The grammar of docs/rules.md is checked, so that the page and the parser cannot drift:
// golang.org/x/exp/ebnf verifies it (every production defined and reached), a matcher
// derives from it the files the parser reads (the examples, the rules of the page, random
// files) and refuses what the parser refuses, the sentences it derives parse, and its
// words are the parser's.

const rulesPage = "../../docs/rules.md"

// docGrammar reads and verifies the grammar of docs/rules.md: its block of code marked
// ebnf.
func docGrammar(t *testing.T) ebnf.Grammar {
	t.Helper()
	text := ""
	for _, b := range codeBlocks(t, rulesPage) {
		if b.fence == "ebnf" {
			text += b.text
		}
	}
	if text == "" {
		t.Fatalf("%s: no block of code marked ebnf", rulesPage)
	}
	g, err := ebnf.Parse(rulesPage, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := ebnf.Verify(g, "File"); err != nil {
		t.Fatal(err)
	}
	return g
}

// block is a block of code of a page: its fence's language and its text.
type block struct {
	fence, text string
	line        int
}

func codeBlocks(t *testing.T, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []block
	var cur *block
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if fence, ok := strings.CutPrefix(strings.TrimSpace(line), "```"); ok {
			if cur == nil {
				cur = &block{fence: fence, line: n + 1}
			} else {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.text += line + "\n"
		}
	}
	return out
}

// matcher derives terminals from a grammar: for a production and a position, every
// position where a derivation of the production may end (memoized: the grammar has no
// left recursion).
type matcher struct {
	g     ebnf.Grammar
	terms []rulefile.Terminal
	words map[string]bool // the grammar's words: not box ids
	memo  map[string]map[int][]int
}

func newMatcher(g ebnf.Grammar) *matcher {
	m := &matcher{g: g, words: map[string]bool{}}
	for _, w := range grammarTokens(g) {
		m.words[w] = true
	}
	return m
}

// derives reports whether the grammar derives the terminals from production start.
func (m *matcher) derives(start string, terms []rulefile.Terminal) bool {
	m.terms, m.memo = terms, map[string]map[int][]int{}
	return slices.Contains(m.name(start, 0), len(terms))
}

func (m *matcher) name(name string, pos int) []int {
	if ends, ok := m.memo[name][pos]; ok {
		return ends
	}
	var ends []int
	if isLexical(name) {
		if pos < len(m.terms) && m.lexical(name, m.terms[pos]) {
			ends = []int{pos + 1}
		}
	} else {
		ends = m.expr(m.g[name].Expr, pos)
	}
	if m.memo[name] == nil {
		m.memo[name] = map[int][]int{}
	}
	m.memo[name][pos] = ends
	return ends
}

// lexical matches a terminal with a lexical production of the grammar: a class of the
// lexer's tokens, as docs/rules.md says under the grammar.
func (m *matcher) lexical(name string, t rulefile.Terminal) bool {
	switch name {
	case "box_id":
		// Any word that is not a word of the grammar; the faces are box ids too.
		return t.Kind == rulefile.TermWord && (!m.words[t.Text] || slices.Contains(faces, t.Text))
	case "integer":
		return t.Kind == rulefile.TermNumber && t.Whole
	case "decimal":
		return t.Kind == rulefile.TermNumber
	case "rules_name":
		return t.Kind == rulefile.TermName
	case "rule_option":
		return t.Kind == rulefile.TermOption && strings.Contains(t.Text, "=")
	}
	return false
}

var faces = []string{"ones", "twos", "threes", "fours", "fives", "sixes"}

func (m *matcher) expr(e ebnf.Expression, pos int) []int {
	switch e := e.(type) {
	case nil:
		return []int{pos}
	case *ebnf.Name:
		return m.name(e.String, pos)
	case *ebnf.Token:
		if pos < len(m.terms) && m.terms[pos].Kind != rulefile.TermName && m.terms[pos].Kind != rulefile.TermOption && m.terms[pos].Text == e.String {
			return []int{pos + 1}
		}
		return nil
	case ebnf.Alternative:
		var ends []int
		for _, a := range e {
			ends = union(ends, m.expr(a, pos))
		}
		return ends
	case ebnf.Sequence:
		ends := []int{pos}
		for _, part := range e {
			var next []int
			for _, p := range ends {
				next = union(next, m.expr(part, p))
			}
			ends = next
		}
		return ends
	case *ebnf.Group:
		return m.expr(e.Body, pos)
	case *ebnf.Option:
		return union([]int{pos}, m.expr(e.Body, pos))
	case *ebnf.Repetition:
		ends, frontier := []int{pos}, []int{pos}
		for len(frontier) > 0 {
			var next []int
			for _, p := range frontier {
				for _, q := range m.expr(e.Body, p) {
					if !slices.Contains(ends, q) {
						ends, next = union(ends, []int{q}), union(next, []int{q})
					}
				}
			}
			frontier = next
		}
		return ends
	}
	panic("grammar: unexpected expression")
}

func union(a, b []int) []int {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

func isLexical(name string) bool { return name != "" && name[0] >= 'a' && name[0] <= 'z' }

// grammarTokens returns the words and signs of the grammar's productions that are not
// lexical (those of the lexical ones are characters).
func grammarTokens(g ebnf.Grammar) []string {
	seen := map[string]bool{}
	var walk func(e ebnf.Expression)
	walk = func(e ebnf.Expression) {
		switch e := e.(type) {
		case *ebnf.Token:
			seen[e.String] = true
		case ebnf.Alternative:
			for _, x := range e {
				walk(x)
			}
		case ebnf.Sequence:
			for _, x := range e {
				walk(x)
			}
		case *ebnf.Group:
			walk(e.Body)
		case *ebnf.Option:
			walk(e.Body)
		case *ebnf.Repetition:
			walk(e.Body)
		}
	}
	for name, p := range g {
		if !isLexical(name) {
			walk(p.Expr)
		}
	}
	var out []string
	for w := range seen {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// agrees checks that the grammar derives a text exactly when the parser reads it; a text
// the parser refuses for what the grammar does not say (a number out of range, a face
// named twice, a second default) is derived and refused.
func agrees(t *testing.T, m *matcher, where, src string) {
	t.Helper()
	_, perr := rulefile.Parse("x.rules", []byte(src))
	terms, lerr := rulefile.Terminals([]byte(src))
	derived := lerr == nil && m.derives("File", terms)
	switch {
	case perr == nil && !derived:
		t.Errorf("%s: the parser reads it, the grammar does not derive it:\n%s", where, src)
	case perr != nil && derived && !beyondGrammar(perr):
		t.Errorf("%s: the grammar derives it, the parser refuses it (%v):\n%s", where, perr, src)
	}
}

// beyondGrammar tells the mistakes that the notes under the grammar, not the grammar, say.
func beyondGrammar(err error) bool {
	for _, s := range []string{"out of range", "named twice", "never negative", "a second default", "after the default", "given twice",
		"a second line of rules", "comes first", "more than 6 decimals"} {
		if strings.Contains(err.Error(), s) {
			return true
		}
	}
	return false
}

func TestGrammarVerifies(t *testing.T) {
	docGrammar(t)
}

// The grammar's words are exactly the parser's, the English words of the language and the
// French twin of "rules".
func TestGrammarWordsAreTheParsers(t *testing.T) {
	g := docGrammar(t)
	words := grammarTokens(g)
	vocab := rulefile.Vocabulary()
	for _, w := range words {
		if !vocab[w] {
			t.Errorf("the grammar has %q, the parser does not know it", w)
		}
	}
	for w := range vocab {
		if !slices.Contains(words, w) {
			t.Errorf("the parser knows %q, the grammar has it not", w)
		}
	}
}

// Every example file, every rule file and rule of docs/rules.md (its blocks of code and
// the rules quoted in its tables), and the mistakes of the parser's tests: the grammar
// derives what the parser reads, and only that.
func TestGrammarDerivesTheExamples(t *testing.T) {
	m := newMatcher(docGrammar(t))
	examples, _ := filepath.Glob("../../examples/strategies/*.rules")
	if len(examples) == 0 {
		t.Fatal("no example file")
	}
	for _, path := range examples {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rulefile.Parse(path, src); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		agrees(t, m, path, string(src))
	}
	n := 0
	for _, b := range codeBlocks(t, rulesPage) {
		if b.fence == "" {
			agrees(t, m, fmt.Sprintf("%s, the block of line %d", rulesPage, b.line), b.text)
			n++
		}
	}
	page, err := os.ReadFile(rulesPage)
	if err != nil {
		t.Fatal(err)
	}
	// The rules the page quotes, the conditions among them given an action, the actions
	// left out ("then ...") written out; the schemes in capitals aside.
	quoted := regexp.MustCompile("`((?:if|otherwise) [^`]+)`").FindAllStringSubmatch(string(page), -1)
	for _, q := range quoted {
		rule := q[1]
		switch {
		case strings.ToLower(rule) != rule:
			continue
		case strings.HasSuffix(rule, " then ..."):
			rule = strings.TrimSuffix(rule, "...") + "keep all"
		case strings.HasPrefix(rule, "if ") && !strings.Contains(rule, " then "):
			rule += " then keep all"
		}
		if _, err := rulefile.Parse("x.rules", []byte(rule)); err != nil {
			t.Errorf("%s quotes %q, which the parser refuses: %v", rulesPage, q[1], err)
		}
		agrees(t, m, rulesPage+" quotes", rule)
	}
	if n < 2 || len(quoted) < 40 {
		t.Errorf("%d rule blocks and %d quoted rules in %s: the page changed, or its reading", n, len(quoted), rulesPage)
	}
	agrees(t, m, "everything", everything)
	for _, src := range []string{
		"if pair keep group", "if tripple then keep all", "otherwise keep for", "if pair then score", "if bonus then keep all",
		"if (pair then keep all", "if sixes open and then keep all", "if sixes then keep all", "if group box then keep all",
		"if sum >= 20.5 then keep all", "averages ones", "averages ones 1.5 twos 2", "averages 3", "if sum 20 then keep all",
		"if pair then keep sevens", "if pair then jump", "keep all", "if pair then", "rules: hasbro joker=free",
		"rules: hasbro --rule", "rules:", "if sixes >= 6 then keep all", "if pair then keep fives and fives",
		"rules: yams --rule joker=free --rule columns=free\notherwise keep group", "otherwise keep all\notherwise keep nothing",
	} {
		agrees(t, m, "mistake", src)
	}
	// The matcher refuses what it should: a check that cannot fail checks nothing.
	terms, _ := rulefile.Terminals([]byte("if pair keep group"))
	if m.derives("File", terms) {
		t.Error("the grammar derives \"if pair keep group\"")
	}
}

// Random files written by the tests' generator (every feature, comparison and action
// the rules allow, nested conditions) are derived by the grammar.
func TestGrammarDerivesRandomFiles(t *testing.T) {
	m := newMatcher(docGrammar(t))
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	g := &gen{rng: rand.New(rand.NewPCG(11, 12)), rules: r}
	for range 200 {
		f := g.file()
		if rand.N(2) == 0 {
			f.RuleSet = &rulefile.RuleSetRef{Name: "hasbro", Options: []string{"joker=free"}}
		}
		agrees(t, m, "random file", f.String())
	}
}

// Sentences derived at random from the grammar read in the parser, but for the mistakes
// the notes under the grammar name.
func TestGrammarSentencesParse(t *testing.T) {
	g := docGrammar(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 2000 {
		var b strings.Builder
		write(g, "File", rng, &b, 0)
		src := b.String()
		if _, err := rulefile.Parse("x.rules", []byte(src)); err != nil && !beyondGrammar(err) {
			t.Fatalf("sentence %d of the grammar: %v\n%s", i, err, src)
		}
	}
}

// write derives a random sentence of production name: a box id is chosen among a few,
// a number among those every feature takes.
func write(g ebnf.Grammar, name string, rng *rand.Rand, b *strings.Builder, depth int) {
	switch name {
	case "box_id":
		b.WriteString([]string{"full_house", "chance", "sixes", "yahtzee"}[rng.IntN(4)] + " ")
		return
	case "integer":
		b.WriteString("5 ")
		return
	case "decimal":
		b.WriteString("22.59 ")
		return
	case "rules_name":
		b.WriteString("hasbro ")
		return
	case "rule_option":
		b.WriteString("joker=free ")
		return
	}
	var expr func(e ebnf.Expression)
	expr = func(e ebnf.Expression) {
		switch e := e.(type) {
		case *ebnf.Name:
			write(g, e.String, rng, b, depth+1)
		case *ebnf.Token:
			if e.String == ":" {
				// The line of rules is a line of its own.
				b.WriteString(": ")
				return
			}
			b.WriteString(e.String + " ")
		case ebnf.Alternative:
			// Deep down, the last alternative, which in every production of the grammar
			// goes no deeper (an atom rather than a nested condition).
			if depth > 12 {
				expr(e[len(e)-1])
				return
			}
			expr(e[rng.IntN(len(e))])
		case ebnf.Sequence:
			for _, x := range e {
				expr(x)
			}
		case *ebnf.Group:
			expr(e.Body)
		case *ebnf.Option:
			if depth < 12 && rng.IntN(2) == 0 {
				expr(e.Body)
			}
		case *ebnf.Repetition:
			for n := rng.IntN(3); n > 0 && depth < 12; n-- {
				expr(e.Body)
			}
		}
	}
	expr(g[name].Expr)
	if name == "RuleSet" {
		b.WriteString("\n")
	}
}
