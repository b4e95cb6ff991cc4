package external

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/internal/memlimit"
	"yams/strategies"
)

// TestFacesAreWholeNumbers: the dice of a keep are JSON integers. [5.0, 5.0] and 5e0 are
// numbers of the right value in other spellings, and are refused with a line that says
// how to write a face; [5, 5] is read, spaces or not.
func TestFacesAreWholeNumbers(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	c := newCodec(r, SlotNames(r, nil))
	roll, _ := engine.RollOf([]int{1, 2, 5, 5, 6})
	sheet := engine.NewSheet(r)
	reqs := []strategies.Request{{Game: 3, Turn: 1, Sheet: &sheet, Roll: roll, RollsUsed: 1, RollsLeft: 2}}
	answers := make([]strategies.Answer, 1)
	want, _ := engine.KeepOf([]int{5, 5})
	for _, good := range []string{`[5,5]`, `[ 5 , 5 ]`, `[5, 5]`} {
		if err := c.readAnswers([]byte(`{"type":"decide","answers":[`+good+`]}`), reqs, answers); err != nil || answers[0].Keep != want {
			t.Errorf("%s: %v, keep %v", good, err, answers[0].Keep)
		}
	}
	for _, bad := range []struct{ answer, face string }{
		{`[5.0, 5.0]`, `"5.0"`}, {`[5,5.0]`, `"5.0"`}, {`[5e0,5]`, `"5e0"`}, {`[5,"5"]`, `"\"5\""`}, {`[5,true]`, `"true"`}, {`[-5.5]`, `"-5.5"`},
	} {
		err := c.readAnswers([]byte(`{"type":"decide","answers":[`+bad.answer+`]}`), reqs, answers)
		if err == nil || !strings.Contains(err.Error(), "answer 1 of the batch of 1 (game 3, turn 1, keep of 1-2-5-5-6): keep ") ||
			!strings.Contains(err.Error(), ": "+bad.face+" is not a face: a face is a whole number from 1 to 6, written without a fraction or an exponent (5, not 5.0)") {
			t.Errorf("%s: %v", bad.answer, err)
		}
	}
}

// textProcess returns a process whose standard output reads text (its file, a pipe
// nobody writes, is there for the deadlines): what a bot wrote, without the cost of a
// pipe, which takes seconds for 64 MiB on a loaded machine.
func textProcess(t *testing.T, text []byte) *process {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return &process{stdout: r, out: bufio.NewReaderSize(bytes.NewReader(text), 1<<16), timeout: time.Minute}
}

// TestLineLimits: a line of the bot may be of maxHello bytes (64 KiB, the hello) exactly,
// its end not counted, whether "\n" or "\r\n"; a byte more is refused with the limit in
// words. An answer's line is read by the same code with maxLine, 64 MiB.
func TestLineLimits(t *testing.T) {
	if maxLine != 64<<20 || memlimit.FormatLimit(maxLine) != "64 MiB" || maxHello != 64<<10 {
		t.Errorf("limits %d (%s) and %d: docs/bots.md says 64 MiB and 64 KiB", maxLine, memlimit.FormatLimit(maxLine), maxHello)
	}
	checkLineLimit(t, maxHello, "64 KiB", []string{"\n", "\r\n"})
}

// TestAnswerLineLimit: an answer's line may be of 64 MiB exactly and no more, ended by
// "\r\n" (the end that could be mistaken for a byte of the line). Reading 64 MiB takes
// seconds on a loaded machine.
func TestAnswerLineLimit(t *testing.T) {
	exhaustive.Only(t)
	checkLineLimit(t, maxLine, "64 MiB", []string{"\r\n"})
}

// checkLineLimit checks that a line of limit bytes is read, and one of a byte more is
// refused in words, with each of the ends.
func checkLineLimit(t *testing.T, limit int, words string, ends []string) {
	for _, end := range ends {
		for _, n := range []int{limit, limit + 1} {
			line := bytes.Repeat([]byte{' '}, n)
			line[0], line[n-1] = '{', '}'
			p := textProcess(t, append(line, end...))
			got, err := p.receive("the test's line", limit)
			switch {
			case n <= limit && (err != nil || !bytes.Equal(got, line)):
				t.Errorf("a line of %d bytes and %q, limit %d: %d bytes read, %v", n, end, limit, len(got), err)
			case n > limit && (err == nil || err.Error() != "a line of more than "+words+" where the test's line was due"):
				t.Errorf("a line of %d bytes and %q, limit %d: %v", n, end, limit, err)
			}
		}
	}
}

// A batch is named with its size, its games and its turns, in the singular for one.
func TestDescribeBatch(t *testing.T) {
	one := []strategies.Request{{Game: 7, Turn: 3}}
	if got, want := describeBatch(1, one), "batch 1 (1 decision: game 7, turn 3)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	two := []strategies.Request{{Game: 7, Turn: 3}, {Game: 9, Turn: 2}}
	if got, want := describeBatch(4, two), "batch 4 (2 decisions: games 7 to 9, turns 2 to 3)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
