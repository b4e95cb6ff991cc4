package rulefile

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenKind is the kind of a token of a rule file.
type tokenKind uint8

const (
	tWord   tokenKind = iota // a keyword or a box id, in lower case
	tNumber                  // a number, perhaps negative, perhaps with decimals
	tOp                      // a comparison
	tComma
	tLParen
	tRParen
	tText // the rest of a line after "rules:": the rule set a file was written for
	tEOF
)

// token is a word, a number or a sign of a rule file, where it starts and how it was
// written.
type token struct {
	kind tokenKind
	pos  Pos
	text string // as written
	word string // tWord: lower case
	num  int    // tNumber, a whole number
	val  float64
	// whole tells a number without decimals.
	whole bool
	op    Op // tOp
	// comment is the comment that ends the token's line, if the token is the last of it.
	comment string
	// line is true for the first token of a line.
	first bool
}

// describe names a token for an error message: "then", "end of file".
func (t token) describe() string {
	if t.kind == tEOF {
		return "the end of the file"
	}
	return fmt.Sprintf("%q", t.text)
}

// maxNumber bounds the numbers of a file: no feature comes near it, and it keeps every
// sum of two numbers far from overflow.
const maxNumber = 1_000_000

// byteOrderMark is the UTF-8 byte-order mark that editors on Windows write at the start
// of a text file: not part of the text, it is skipped.
const byteOrderMark = "\uFEFF"

// lex splits a rule file into tokens. Newlines are spaces: a rule may run over several
// lines (the grammar tells where each rule ends). A comment runs from "#" to the end of
// its line; the comments before the first token are the file's header. A byte-order mark
// at the start is skipped (the columns count from the character after it).
func lex(name string, src []byte) ([]token, []string, error) {
	src = bytes.TrimPrefix(src, []byte(byteOrderMark))
	var toks []token
	var header []string
	line, col := 1, 1
	firstOnLine := true
	i := 0
	fail := func(format string, args ...any) error {
		return &Error{File: name, Pos: Pos{line, col}, Msg: fmt.Sprintf(format, args...)}
	}
	if !utf8.Valid(src) {
		// Find the line of the first invalid byte, for the message.
		for j := 0; j < len(src); {
			r, n := utf8.DecodeRune(src[j:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			j += n
		}
		return nil, nil, fail("not UTF-8 text")
	}
	for i < len(src) {
		r, n := utf8.DecodeRune(src[i:])
		start := Pos{line, col}
		switch {
		case r == '\n':
			i += n
			line, col = line+1, 1
			firstOnLine = true
			continue
		case r == '#':
			end := i
			for end < len(src) && src[end] != '\n' {
				end++
			}
			text := strings.TrimSpace(strings.TrimPrefix(string(src[i:end]), "#"))
			if len(toks) == 0 {
				header = append(header, text)
			} else if !firstOnLine {
				toks[len(toks)-1].comment = text
			}
			col += utf8.RuneCount(src[i:end])
			i = end
			continue
		case unicode.IsSpace(r):
			i += n
			col++
			continue
		}
		t := token{pos: start, first: firstOnLine}
		firstOnLine = false
		switch {
		case isWordRune(r) && !unicode.IsDigit(r):
			j := i
			for j < len(src) {
				c, m := utf8.DecodeRune(src[j:])
				if !isWordRune(c) {
					break
				}
				j += m
			}
			t.kind, t.text = tWord, string(src[i:j])
			t.word = strings.ToLower(t.text)
			col += utf8.RuneCount(src[i:j])
			i = j
			if colon := rulesColon(src, i); t.first && rulesWords[t.word] && colon >= 0 {
				// "rules: NAME --rule KEY=VALUE": the rest of the line is the rule set,
				// as the command line names it.
				toks = append(toks, t)
				col += utf8.RuneCount(src[i : colon+1])
				i = colon + 1
				end := i
				for end < len(src) && src[end] != '\n' && src[end] != '#' {
					end++
				}
				text := string(src[i:end])
				lead := len(text) - len(strings.TrimLeft(text, " \t"))
				t = token{kind: tText, pos: Pos{line, col + lead}, text: strings.TrimSpace(text)}
				col += utf8.RuneCount(src[i:end])
				i = end
			}
		case unicode.IsDigit(r) || r == '-' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			whole := true
			if j+1 < len(src) && src[j] == '.' && src[j+1] >= '0' && src[j+1] <= '9' {
				whole = false
				for j++; j < len(src) && src[j] >= '0' && src[j] <= '9'; j++ {
				}
			}
			t.kind, t.text, t.whole = tNumber, string(src[i:j]), whole
			if j < len(src) {
				if c, _ := utf8.DecodeRune(src[j:]); isWordRune(c) {
					return nil, nil, fail("a number followed by a letter: %q", string(src[i:j])+string(c))
				}
			}
			v, bad := parseNumber(t.text)
			if bad != "" {
				return nil, nil, fail("%s", bad)
			}
			t.val = v
			if whole {
				t.num = int(v)
			}
			col += j - i
			i = j
		case r == ',':
			t.kind, t.text = tComma, ","
			i, col = i+n, col+1
		case r == '(':
			t.kind, t.text = tLParen, "("
			i, col = i+n, col+1
		case r == ')':
			t.kind, t.text = tRParen, ")"
			i, col = i+n, col+1
		default:
			op, width, ok := lexOp(src[i:])
			if !ok {
				return nil, nil, fail("unexpected character %q", r)
			}
			t.kind, t.op, t.text = tOp, op, string(src[i:i+width])
			i += width
			col += utf8.RuneCount(src[i-width : i])
		}
		toks = append(toks, t)
	}
	toks = append(toks, token{kind: tEOF, pos: Pos{line, col}, first: true})
	return toks, header, nil
}

// rulesWords are the spellings of the word that starts the line of the rule set a file
// was written for, in English and French.
var rulesWords = map[string]bool{"rules": true, "règles": true}

// rulesColon returns the index of the ":" that follows the word ending at i, after spaces
// or tabs on its line, or -1.
func rulesColon(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i < len(src) && src[i] == ':' {
		return i
	}
	return -1
}

func isWordRune(r rune) bool {
	return r == '_' || r == '\'' || r == '’' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// parseNumber reads a decimal number of at most maxNumber in absolute value and at most
// six decimals (more would mean nothing to a score); its error says which. Its digits
// are not counted: 0000012 is 12, as docs/rules.md says.
func parseNumber(s string) (float64, string) {
	shown := s // a number of a thousand digits is named by its first
	if len(shown) > 24 {
		shown = shown[:20] + "…"
	}
	_, frac, _ := strings.Cut(s, ".")
	if len(frac) > 6 {
		return 0, fmt.Sprintf("number %s has more than 6 decimals", shown)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Abs(v) > maxNumber {
		return 0, fmt.Sprintf("number %s out of range (at most %d in size)", shown, maxNumber)
	}
	return v, ""
}

// ops are the spellings of the comparisons, the longest first.
var ops = []struct {
	text string
	op   Op
}{
	{">=", GE}, {"<=", LE}, {"!=", NE}, {"==", EQ}, {"≥", GE}, {"≤", LE}, {"≠", NE},
	{">", GT}, {"<", LT}, {"=", EQ},
}

func lexOp(b []byte) (Op, int, bool) {
	for _, o := range ops {
		if strings.HasPrefix(string(b[:min(len(b), 3)]), o.text) {
			return o.op, len(o.text), true
		}
	}
	return 0, 0, false
}

// opText is the canonical spelling of each comparison.
var opText = [...]string{GE: ">=", GT: ">", LE: "<=", LT: "<", EQ: "=", NE: "!="}
