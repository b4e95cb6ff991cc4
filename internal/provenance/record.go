package provenance

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Record says which build of yams wrote a file, when, and with what command.
type Record struct {
	Yams Build `json:"yams"`
	// Date is when the command wrote the file, in UTC, to the second (RFC 3339).
	Date string `json:"date"`
	// Command is the command line, quoted for a POSIX shell (Quote), "yams" standing for
	// the program's path.
	Command string `json:"command"`
}

// DateLayout is the layout of Record.Date.
const DateLayout = time.RFC3339

// New returns the record of the running binary, of the command yams args (the arguments
// after the program's name) at now.
func New(args []string, now time.Time) Record {
	return Record{Yams: Current(), Date: now.UTC().Format(DateLayout), Command: Quote(append([]string{"yams"}, args...))}
}

// Time returns the date of the record; false if it has none that parses.
func (r Record) Time() (time.Time, bool) {
	t, err := time.Parse(DateLayout, r.Date)
	return t, err == nil
}

// Check reports what is wrong with a record read from a file, in one line.
func (r Record) Check() error {
	if _, ok := r.Time(); !ok {
		return fmt.Errorf("date %q: want a date and time as RFC 3339 writes it (2026-07-01T15:04:05Z)", clip(r.Date))
	}
	if strings.TrimSpace(r.Command) == "" {
		return errors.New("command: empty")
	}
	return nil
}

// Run is the record of a command that played a slice of the games of a file's results:
// games First to First+Games−1.
type Run struct {
	Record
	First int64 `json:"first"`
	Games int64 `json:"games"`
}

// clip shortens a value quoted in an error to what a line can hold.
func clip(s string) string {
	const most = 60
	if len(s) > most {
		return s[:most] + "..."
	}
	return s
}
