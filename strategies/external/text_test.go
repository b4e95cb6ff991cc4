package external

import (
	"bytes"
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

// TestRelay: the lines of a bot's standard error are passed on whole, each after the
// prefix, whatever pieces they come in; a line without end is passed on in bounded
// pieces, and the last one at flush; the last lines are kept, printable.
func TestRelay(t *testing.T) {
	var out bytes.Buffer
	r := newRelay(&out, "[p] ")
	for _, piece := range []string{"one ", "line\nand", " another\r\n", "\x1b[31mred\n", strings.Repeat("x", maxRelayLine+5), "\nlast"} {
		r.Write([]byte(piece))
	}
	r.flush()
	want := "[p] one line\n[p] and another\n[p] \x1b[31mred\n[p] " + strings.Repeat("x", maxRelayLine) + "\n[p] xxxxx\n[p] last\n"
	if out.String() != want {
		t.Errorf("relayed %.200q..., want %.200q...", out.String(), want)
	}
	last := r.last()
	if len(last) != tailLines || last[0] != "and another" || last[1] != `\x1b[31mred` || last[4] != "last" || len(last[2]) > tailWidth+40 {
		t.Errorf("last lines %.400q", last)
	}
}
