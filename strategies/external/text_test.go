package external

import (
	"strings"
	"testing"
)

func TestPrintable(t *testing.T) {
	for _, c := range []struct {
		in   string
		most int
		want string
	}{
		{"plain words, été", 100, "plain words, été"},
		{"\x1b[2Jred\x1b[0m", 100, `\x1b[2Jred\x1b[0m`},
		{"two\nlines\r\x00", 100, `two\nlines\r\x00`},
		{"\u202egnp.exe", 100, `\u202egnp.exe`},
		{"bad \xff byte", 100, `bad \xff byte`},
		{"\u0085next line", 100, `\u0085next line`},
		{strings.Repeat("ab", 20), 10, strings.Repeat("ab", 5) + "… (40 bytes in all)"},
	} {
		if got := printable(c.in, c.most); got != c.want {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
