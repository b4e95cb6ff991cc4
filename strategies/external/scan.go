package external

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// scanner reads the JSON of the protocol's hot messages (requests on the bot's side,
// answers on yams's) without reflection or allocation: encoding/json takes several
// microseconds a request, more than the rest of a decision. It reads any valid JSON
// (members in any order, any spacing, members it does not know skipped) and reports the
// first thing it cannot read with its offset.
type scanner struct {
	b   []byte
	i   int
	err error
}

func (s *scanner) fail(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf("offset %d: %s", s.i, fmt.Sprintf(format, args...))
	}
}

func (s *scanner) ws() {
	if s.i < len(s.b) && s.b[s.i] > ' ' {
		return // no space: the usual case of a message on one line
	}
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek returns the next byte after spaces, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// eat consumes c, or fails.
func (s *scanner) eat(c byte) bool {
	if s.peek() != c {
		s.fail("want %q", c)
		return false
	}
	s.i++
	return true
}

// literal consumes the word w (true, false, null).
func (s *scanner) literal(w string) bool {
	if s.peek() == w[0] && len(s.b)-s.i >= len(w) && string(s.b[s.i:s.i+len(w)]) == w {
		s.i += len(w)
		return true
	}
	return false
}

// str reads a string. It returns the bytes of the input when the string has no escape
// (no allocation), else a decoded copy.
func (s *scanner) str() []byte {
	if !s.eat('"') {
		return nil
	}
	start := s.i
	n := bytes.IndexByte(s.b[start:], '"')
	if n < 0 {
		s.fail("unterminated string")
		return nil
	}
	if bytes.IndexByte(s.b[start:start+n], '\\') >= 0 {
		return s.escaped(start)
	}
	s.i = start + n + 1
	return s.b[start : start+n]
}

// escaped reads the rest of a string that has escapes, from start, with strconv.
func (s *scanner) escaped(start int) []byte {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '\\':
			s.i += 2
		case '"':
			s.i++
			u, err := strconv.Unquote(string(s.b[start-1 : s.i]))
			if err != nil || !utf8.ValidString(u) {
				s.fail("malformed string")
				return nil
			}
			return []byte(u)
		default:
			s.i++
		}
	}
	s.fail("unterminated string")
	return nil
}

// int reads an integer (no fraction nor exponent).
func (s *scanner) int() int64 {
	s.ws()
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	var v uint64
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		if v > (1<<63-1)/10 {
			s.fail("number out of range")
			return 0
		}
		v = v*10 + uint64(s.b[s.i]-'0')
		s.i++
	}
	if s.i == digits || (s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E')) {
		s.i = start
		s.fail("want a whole number")
		return 0
	}
	if s.b[start] == '-' {
		return -int64(v)
	}
	return int64(v)
}

// object calls member with each key of an object, the scanner on the member's value,
// which member must read (or skip).
func (s *scanner) object(member func(key []byte)) {
	if !s.eat('{') {
		return
	}
	if s.peek() == '}' {
		s.i++
		return
	}
	for s.err == nil {
		key := s.str()
		if !s.eat(':') {
			return
		}
		member(key)
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return
		default:
			s.fail("want , or } in an object")
			return
		}
	}
}

// array calls elem for each element, the scanner on it.
func (s *scanner) array(elem func()) {
	if !s.eat('[') {
		return
	}
	if s.peek() == ']' {
		s.i++
		return
	}
	for s.err == nil {
		elem()
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return
		default:
			s.fail("want , or ] in a list")
			return
		}
	}
}

// skip reads a value of any kind and ignores it.
func (s *scanner) skip() {
	switch s.peek() {
	case '{':
		s.object(func([]byte) { s.skip() })
	case '[':
		s.array(s.skip)
	case '"':
		s.str()
	case 't':
		s.literal("true")
	case 'f':
		s.literal("false")
	case 'n':
		s.literal("null")
	default:
		s.number()
	}
}

// number reads a number to skip it. It reads the characters a number is made of without
// checking their order: a value skipped is not used.
func (s *scanner) number() {
	s.ws()
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		if (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			s.i++
			continue
		}
		break
	}
	if s.i == start {
		s.fail("want a value")
	}
}

// end checks that nothing but spaces follows.
func (s *scanner) end() {
	if s.peek() != 0 {
		s.fail("data after the message")
	}
}
