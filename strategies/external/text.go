package external

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable returns text a bot wrote as it may be shown in one line of yams's messages:
// its control characters (a terminal's escape sequences, line breaks) and the characters
// that reorder text on screen written as escapes (\x1b, \u202e), invalid UTF-8 as \xNN;
// cut after most bytes, with the length of the whole.
func printable(s string, most int) string {
	var b strings.Builder
	for i, r := range s {
		if b.Len() >= most {
			fmt.Fprintf(&b, "… (%d bytes in all)", len(s))
			break
		}
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				fmt.Fprintf(&b, `\x%02x`, s[i])
				continue
			}
			b.WriteRune(r)
		case r < 0x80 && unicode.IsControl(r):
			if i := strings.IndexRune("\a\b\f\n\r\t\v", r); i >= 0 {
				b.WriteString(`\` + "abfnrtv"[i:i+1])
			} else {
				fmt.Fprintf(&b, `\x%02x`, r)
			}
		case unicode.IsControl(r) || reorders(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// reorders reports whether r changes the order or the lines in which a terminal shows
// text: the bidirectional embeddings, overrides and isolates, and the line and paragraph
// separators.
func reorders(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029 || r == 0x200e || r == 0x200f || r == 0x061c
}
