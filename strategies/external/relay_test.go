package external

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

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

// relayed returns the lines a relay passes on from the bot's standard error text, written
// in pieces of the given size (0: in one write), the last one flushed.
func relayed(text string, piece int) []string {
	var out bytes.Buffer
	r := newRelay(&out, "")
	for b := []byte(text); len(b) > 0; {
		k := len(b)
		if piece > 0 {
			k = min(k, piece)
		}
		r.Write(b[:k])
		b = b[k:]
	}
	r.flush()
	return strings.SplitAfter(out.String(), "\n")
}

// TestRelayLongLines: a line of exactly 64 KiB, or a multiple of it, is passed on as
// that many pieces and nothing more (no empty line after it), whatever pieces it comes
// in (the 32 KiB of a pipe's copy, a byte at a time around the boundary) and however it
// ends ("\n", "\r\n", its '\r' and '\n' in two writes, or not at all); a line a byte
// longer is a piece and a byte; a byte shorter, one line.
func TestRelayLongLines(t *testing.T) {
	const k = maxRelayLine
	for _, n := range []int{k - 1, k, k + 1, 2 * k, 2*k + 1, 3 * k} {
		for _, end := range []string{"\n", "\r\n", ""} {
			text := strings.Repeat("x", n) + end + "next\n"
			var want []string
			if end == "" { // the line goes on into "next"
				want = pieces(strings.Repeat("x", n) + "next")
			} else {
				want = append(pieces(strings.Repeat("x", n)), "next\n")
			}
			want = append(want, "")
			for _, piece := range []int{0, 1 << 15, k, k - 1, 1, 7} {
				if piece == 1 && n > k+1 {
					continue // a byte at a time: the boundaries of the shorter lines say it
				}
				got := relayed(text, piece)
				if strings.Join(got, "") != strings.Join(want, "") {
					t.Errorf("a line of %d bytes ending %q, written in pieces of %d: %d lines (%s), want %d (%s)",
						n, end, piece, len(got), lengths(got), len(want), lengths(want))
				}
			}
		}
	}
}

// pieces returns the lines a line of a bot is passed on as: its pieces of maxRelayLine
// bytes, each ended.
func pieces(line string) []string {
	var p []string
	for ; len(line) > maxRelayLine; line = line[maxRelayLine:] {
		p = append(p, line[:maxRelayLine]+"\n")
	}
	return append(p, line+"\n")
}

// lengths writes the lengths of lines, for a message.
func lengths(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, len(l))
	}
	return b.String()
}

// TestRelayLogLimit: a relay into a log passes on whole lines up to its limit, exactly,
// then a note, then nothing of the bot's; the last lines are still kept for the messages,
// and the lines dropped are counted at the end.
func TestRelayLogLimit(t *testing.T) {
	var out bytes.Buffer
	r := newLogRelay(&out, 100)
	for i := range 14 {
		fmt.Fprintf(r, "line %04d\n", i) // 10 bytes with its end: 10 lines fit in the limit
	}
	r.Write([]byte("unended"))
	r.flush()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 12 || lines[9] != "line 0009" {
		t.Fatalf("log %q: want the 10 lines that fit, a note and the count", out.String())
	}
	if !strings.Contains(lines[10], "this log stops here, at its limit of 100 bytes") {
		t.Errorf("note %q", lines[10])
	}
	if lines[11] != "[yams] dropped past the limit of this log: 5 lines, 48 bytes" {
		t.Errorf("count %q", lines[11])
	}
	if last := r.last(); len(last) != tailLines || last[tailLines-1] != "unended" {
		t.Errorf("last lines %q", last)
	}
}
