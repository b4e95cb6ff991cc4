package main

// The files of the commands: the summaries and game records they read, and the one way they write a
// result, checked before the work and written at the end through yams/internal/outfile.

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/outfile"
	"yams/sim"
)

// readSummaryFile reads and checks a summary file (sim.ReadSummary); its errors name the file.
func readSummaryFile(path string) (*sim.Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res, err := sim.ReadSummary(f) // a file, which ReadSummary reads at its size
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return res, nil
}

// readRecord reads a game record, "-" for standard input (saying so on a terminal), with
// engine's size limit (a file that is not a regular one is refused), loads its rules and
// replays it. Its errors are the user's: one line naming the record.
func readRecord(e *env, name string) (*engine.Record, *engine.Rules, engine.Sheet, []engine.TurnResult, error) {
	var (
		rec *engine.Record
		err error
	)
	if name == "-" {
		if e.stdinTerminal {
			e.note("reading a game record from standard input (Ctrl-D to end)")
		}
		name = "standard input"
		rec, err = engine.ReadRecord(e.stdin, name)
	} else {
		rec, err = engine.ReadRecordFile(name)
	}
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(err)
	}
	if rec.Rules == "" {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: no rules given (\"rules\": a preset name or a rule file)", name))
	}
	rules, err := engine.Load(rec.Rules, rec.Options...)
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: %w", name, err))
	}
	sheet, turns, err := engine.Replay(rec, rules)
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: %w", name, err))
	}
	return rec, rules, sheet, turns, nil
}

// outputFile is a file a command writes a result into, named by a flag: "-" is standard
// output where the flag allows it (stdoutOK). It is checked before the work (check), so that a path
// that cannot be written is refused at once, not after hours of games, and written at
// the end (write) through outfile: what the file held before stays intact until then,
// and a command that fails leaves it as it was.
type outputFile struct {
	flag     string
	path     string
	stdoutOK bool
}

// addOutputFile declares the flag of an output file; stdoutOK says whether "-" names
// standard output.
func addOutputFile(fs *pflag.FlagSet, flag, usage string, stdoutOK bool) *outputFile {
	o := &outputFile{flag: flag, stdoutOK: stdoutOK}
	fs.StringVar(&o.path, flag, "", usage)
	return o
}

// given reports whether the flag names a destination.
func (o *outputFile) given() bool { return o.path != "" }

// toStdout reports whether the output goes to standard output ("-").
func (o *outputFile) toStdout() bool { return o.stdoutOK && o.path == "-" }

// check makes sure the file can be written; a path that cannot is the user's mistake.
func (o *outputFile) check() error {
	switch {
	case !o.given() || o.toStdout():
		return nil
	case o.path == "-":
		return usagef("--%s -: give a file (this output does not go to standard output)", o.flag)
	}
	if err := outfile.Check(o.path); err != nil {
		return badInput(fmt.Errorf("--%s: %w", o.flag, err))
	}
	return nil
}

// write writes the output with write: to standard output for "-", else to the file,
// which then holds either what it held before or the whole new content.
func (o *outputFile) write(e *env, write func(io.Writer) error) error {
	var err error
	switch {
	case !o.given():
		return nil
	case o.toStdout():
		err = write(e.stdout)
	default:
		err = outfile.Write(o.path, write)
	}
	if err != nil {
		return fmt.Errorf("--%s: %w", o.flag, err)
	}
	return nil
}

// output is a command's standard output. It remembers the first write that failed (a
// full disk, /dev/full), after which it writes nothing more: the command then fails
// (env.exit) rather than exit 0 with its output lost.
type output struct {
	w   io.Writer
	err error
}

func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}
