package engine

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zeros is an endless reader, like /dev/zero on standard input.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// wantOneLine checks that err is a one-line error that contains every part of want.
func wantOneLine(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want an error with %q", want)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error %q is not one line", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q lacks %q", msg, w)
		}
	}
}

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadRefusesDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	t.Run("rules", func(t *testing.T) {
		_, err := Load("/dev/zero")
		wantOneLine(t, err, "rules /dev/zero: a device, not a regular file")
	})
	t.Run("record", func(t *testing.T) {
		_, err := ReadRecordFile("/dev/zero")
		wantOneLine(t, err, "record /dev/zero: a device, not a regular file")
	})
}

func TestReadRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Run("rules", func(t *testing.T) {
		_, err := Load(dir)
		wantOneLine(t, err, "rules "+dir+": a directory, not a regular file")
	})
	t.Run("record", func(t *testing.T) {
		_, err := ReadRecordFile(dir)
		wantOneLine(t, err, "record "+dir+": a directory, not a regular file")
	})
}

func TestReadLimits(t *testing.T) {
	cases := []struct {
		name  string
		limit int64
		valid string
		read  func(path string) error
		want  string
	}{
		{"rules", MaxRuleFileBytes, `{"extends": "hasbro", "name": "mine"}`,
			func(p string) error { _, err := Load(p); return err }, "more than the limit of 1 MiB"},
		{"record", MaxRecordBytes, `{"rules": "hasbro", "turns": []}`,
			func(p string) error { _, err := ReadRecordFile(p); return err }, "more than the limit of 4 MiB"},
	}
	// A valid file padded with spaces to the size wanted.
	padded := func(valid string, size int64) []byte {
		return []byte(valid + strings.Repeat(" ", int(size)-len(valid)))
	}
	for _, c := range cases {
		t.Run(c.name+" at the limit", func(t *testing.T) {
			if err := c.read(writeFile(t, "full.json", padded(c.valid, c.limit))); err != nil {
				t.Errorf("a valid file of %d bytes refused: %v", c.limit, err)
			}
		})
		t.Run(c.name+" just over", func(t *testing.T) {
			p := writeFile(t, "big.json", padded(c.valid, c.limit+1))
			wantOneLine(t, c.read(p), c.name+" "+p+": ", c.want)
		})
	}
	t.Run("reader just over", func(t *testing.T) {
		_, err := ReadLimited("summary", "standard input", strings.NewReader("12345"), 4)
		wantOneLine(t, err, "summary standard input: more than the limit of 4 bytes")
	})
	t.Run("reader at the limit", func(t *testing.T) {
		data, err := ReadLimited("summary", "standard input", strings.NewReader("1234"), 4)
		if err != nil || string(data) != "1234" {
			t.Errorf("got %q, %v; want 1234", data, err)
		}
	})
	t.Run("endless standard input", func(t *testing.T) {
		_, err := ReadRecord(zeros{}, "standard input")
		wantOneLine(t, err, "record standard input: more than the limit of 4 MiB")
	})
}

func TestReadRecord(t *testing.T) {
	const game = `{"rules": "hasbro", "turns": [{"dice": [6,6,6,6,6], "box": "yahtzee"}]}`
	t.Run("file", func(t *testing.T) {
		rec, err := ReadRecordFile(writeFile(t, "game.json", []byte(game)))
		if err != nil || rec.Rules != "hasbro" || len(rec.Turns) != 1 || rec.Turns[0].Box != "yahtzee" {
			t.Errorf("got %+v, %v", rec, err)
		}
	})
	t.Run("reader", func(t *testing.T) {
		rec, err := ReadRecord(strings.NewReader(game), "standard input")
		if err != nil || rec.Rules != "hasbro" || len(rec.Turns) != 1 {
			t.Errorf("got %+v, %v", rec, err)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		_, err := ReadRecord(strings.NewReader(`{"rules": "hasbro",`), "standard input")
		wantOneLine(t, err, "record standard input: empty or truncated JSON")
	})
	t.Run("missing file", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "none.json")
		_, err := ReadRecordFile(p)
		wantOneLine(t, err, "record "+p+": no such file or directory")
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("error %v does not wrap fs.ErrNotExist", err)
		}
	})
	t.Run("reader fails", func(t *testing.T) {
		_, err := ReadRecord(io.MultiReader(strings.NewReader("{"), failingReader{}), "standard input")
		wantOneLine(t, err, "record standard input: disk on fire")
	})
	// A record saved by an editor that marks UTF-8 reads as the same record; a mark
	// anywhere else is still malformed JSON.
	t.Run("byte order mark", func(t *testing.T) {
		rec, err := ReadRecordFile(writeFile(t, "bom.json", []byte("\uFEFF"+game)))
		if err != nil || rec.Rules != "hasbro" || len(rec.Turns) != 1 || rec.Turns[0].Box != "yahtzee" {
			t.Errorf("got %+v, %v", rec, err)
		}
		if _, err := ReadRecord(strings.NewReader(" \uFEFF"+game), "standard input"); err == nil {
			t.Errorf("a byte order mark after a space is read")
		}
	})
}

// A name that an error line repeats is cut in its middle beyond 100 characters, its end
// (a file's name) kept: an unknown rule set of 100 KB named in a record gives a line
// a person reads.
func TestEchoName(t *testing.T) {
	long := strings.Repeat("a", 60) + strings.Repeat("b", 100_000) + strings.Repeat("c", 20)
	for name, want := range map[string]string{
		"hasbro":                 "hasbro",
		strings.Repeat("é", 100): strings.Repeat("é", 100),
		strings.Repeat("é", 101): strings.Repeat("é", 60) + "…" + strings.Repeat("é", 20),
		long:                     strings.Repeat("a", 60) + "…" + strings.Repeat("c", 20),
	} {
		if got := EchoName(name); got != want {
			t.Errorf("EchoName(%d runes) = %q, want %q", len([]rune(name)), got, want)
		}
	}
	_, err := Load(long)
	wantOneLine(t, err, `unknown rules "`+EchoName(long)+`": not a preset`)
	if len(err.Error()) > 300 {
		t.Errorf("an error line of %d bytes", len(err.Error()))
	}
	_, err = Load("dir/" + long)
	wantOneLine(t, err, "rules dir/"+strings.Repeat("a", 56)+"…")
	if len(err.Error()) > 300 {
		t.Errorf("an error line of %d bytes", len(err.Error()))
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }
