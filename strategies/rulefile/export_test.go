package rulefile

import "strings"

// What the tests of the grammar (grammar_test.go) read of the lexer and of the parser's
// vocabulary.

// TerminalKind is what a terminal of the grammar of docs/rules.md is.
type TerminalKind uint8

const (
	TermWord   TerminalKind = iota // a word, lower case: a keyword or a box id
	TermNumber                     // a number as written
	TermSign                       // a comparison, ",", "(", ")", ":" or "--rule"
	TermName                       // the rules a line of rules names
	TermOption                     // an option of a line of rules, KEY=VALUE
)

// Terminal is a token of a rule file as the grammar reads it.
type Terminal struct {
	Kind  TerminalKind
	Text  string
	Whole bool // a number without decimals
}

// Terminals splits a rule file into the terminals of the grammar: the lexer's tokens,
// the line of rules split into its ":", name, "--rule" and options.
func Terminals(src []byte) ([]Terminal, error) {
	toks, _, err := lex("x.rules", src)
	if err != nil {
		return nil, err
	}
	var out []Terminal
	for _, t := range toks {
		switch t.kind {
		case tWord:
			out = append(out, Terminal{Kind: TermWord, Text: t.word})
		case tNumber:
			out = append(out, Terminal{Kind: TermNumber, Text: t.text, Whole: t.whole})
		case tOp, tComma, tLParen, tRParen:
			out = append(out, Terminal{Kind: TermSign, Text: t.text})
		case tText:
			out = append(out, Terminal{Kind: TermSign, Text: ":"})
			for i, f := range strings.Fields(t.text) {
				switch {
				case i == 0:
					out = append(out, Terminal{Kind: TermName, Text: f})
				case f == ruleFlag:
					out = append(out, Terminal{Kind: TermSign, Text: f})
				default:
					out = append(out, Terminal{Kind: TermOption, Text: f})
				}
			}
		}
	}
	return out, nil
}

// Vocabulary returns every word and sign the lexer and the parser know: keywords,
// features, verbs, sets of boxes, the faces, the comparisons and the signs.
func Vocabulary() map[string]bool {
	v := map[string]bool{",": true, "(": true, ")": true, ":": true, ruleFlag: true}
	for w := range reserved {
		v[w] = true
	}
	for w := range rulesWords {
		v[w] = true
	}
	for _, w := range faceWords {
		v[w] = true
	}
	for _, ps := range featureSyntax {
		for _, p := range ps {
			for _, w := range p {
				v[w] = true
			}
		}
	}
	for _, p := range verbSyntax {
		for _, w := range p {
			v[w] = true
		}
	}
	for _, w := range setWords {
		v[w] = true
	}
	for _, w := range groupBox {
		v[w] = true
	}
	for _, o := range ops {
		v[o.text] = true
	}
	return v
}
