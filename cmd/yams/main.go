package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/pflag"

	"yams/internal/nearest"
	"yams/internal/provenance"
	"yams/strategies/external"
	"yams/strategies/rulefile"
	_ "yams/strategies/rulefile" // the strategies rules:FILE
	"yams/strategies/solver"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}

// command is one subcommand. Each lives in its own file and registers itself in init.
type command struct {
	name    string
	summary string
	// args names the arguments the command takes besides its flags, as its synopsis
	// shows them ("[FILE|-]"); empty if it takes none.
	args string
	// run executes the command. Its error is printed as one line, "yams: NAME: ...",
	// and sets the exit status: 2 for a usageError, the code of an exitError, 1 otherwise.
	run func(e *env, args []string) error
	// moreHelp, if not nil, prints what --help says after the flags.
	moreHelp func(w io.Writer)
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("yams: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// env is what a command may touch of the outside world, so that tests run it in-process.
type env struct {
	cmd    *command // the command running
	stdin  io.Reader
	stdout *output // the command's output, which remembers a write that failed
	stderr io.Writer
	// interactive is true when stderr is a terminal: progress lines are drawn.
	interactive bool
	// stdinTerminal is true when stdin is a terminal: a command that reads it says so.
	stdinTerminal bool
	// args is the command line after the program's name, which the files the command
	// writes record (env.record).
	args []string
	// lang is the language of what the command prints for its reader (--lang), "" for
	// English.
	lang string
	// flags are the command's flags (newFlags), and written the flags of the outputs it
	// has written (a file, a folder), for what a command halted by a signal says.
	flags     *pflag.FlagSet
	writtenMu sync.Mutex
	written   map[string]bool
	// halting is set when a signal halts the command (halt): from then on nothing else
	// it prints reaches the user, but the line that says so, on rawStderr.
	halting   atomic.Bool
	rawStderr io.Writer
	// solving is the solve whose progress a terminal's line shows (firstrun.go).
	solvingMu sync.Mutex
	solving   *solving
}

// wrote records that the output of the flag was written.
func (e *env) wrote(flag string) {
	e.writtenMu.Lock()
	defer e.writtenMu.Unlock()
	if e.written == nil {
		e.written = map[string]bool{}
	}
	e.written[flag] = true
}

// hasWritten reports whether the output of the flag was written.
func (e *env) hasWritten(flag string) bool {
	e.writtenMu.Lock()
	defer e.writtenMu.Unlock()
	return e.written[flag]
}

// console formats what the command prints in its language.
func (e *env) console() console { return console{e.lang} }

// note prints, on stderr, a remark of the command that does not stop it.
func (e *env) note(format string, args ...any) {
	fmt.Fprintf(e.stderr, "yams: %s: %s\n", e.cmd.name, fmt.Sprintf(format, args...))
}

func run(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	e := &env{stdin: stdin, rawStderr: stderr, interactive: isTerminal(stderr), stdinTerminal: isTerminal(stdin), args: args}
	e.stdout = &output{w: stdout, halting: &e.halting}
	e.stderr = &output{w: stderr, halting: &e.halting}
	return e.dispatch(args)
}

// dispatch runs the command that args name and returns the exit status.
func (e *env) dispatch(args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	name, rest := args[0], args[1:]
	if name == "--version" || name == "-version" {
		if len(rest) > 0 {
			return e.exit(usagef("--version takes no argument: yams --version, or yams version for the details"))
		}
		fmt.Fprintln(e.stdout, provenance.Current())
		return e.exit(nil)
	}
	if name == "help" || name == "-h" || name == "--help" {
		if len(rest) == 0 {
			usage(e.stdout)
			return e.exit(nil)
		}
		name, rest = rest[0], []string{"--help"}
	}
	c, ok := commands[name]
	if !ok {
		if near := nearest.Word(name, commandNames()); near != "" {
			return e.exit(usagef("unknown command %s: did you mean %s? (commands: %s; see yams --help)", quoteShort(name), near, strings.Join(commandNames(), ", ")))
		}
		return e.exit(usagef("unknown command %s (commands: %s; see yams --help)", quoteShort(name), strings.Join(commandNames(), ", ")))
	}
	e.cmd = c
	solver.SetNotify(e.solveNotice)
	defer solver.SetNotify(nil)
	defer e.endSolving()
	rulefile.SetNotify(func(line string) { e.note("%s", line) })
	defer rulefile.SetNotify(nil)
	return e.exit(c.run(e, rest))
}

// exit prints the error a command ended with, if any, as one line on stderr, and
// returns the exit status it calls for. A command that succeeded but could not write
// its output fails.
func (e *env) exit(err error) int {
	if e.halting.Load() {
		select {} // a signal halts the command: its goroutine says so and ends the process
	}
	lost := e.stdout.err
	switch {
	case lost != nil && (err == nil || errors.Is(err, pflag.ErrHelp) || errors.Is(err, lost)):
		err = fmt.Errorf("standard output: %w", lost)
	case err == nil || errors.Is(err, pflag.ErrHelp):
		return 0
	}
	// One line: a message never spans lines, whatever error it wraps.
	msg := strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")
	if e.cmd != nil {
		msg = e.cmd.name + ": " + msg
	}
	fmt.Fprintf(e.stderr, "yams: %s\n", msg)
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var be *external.Error
	if errors.As(err, &be) {
		return exitBot
	}
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// exitBot is the exit status of a run stopped by an external bot that failed.
const exitBot = 3

// usageError is a mistake of the user's: a flag, a file, a value. It exits with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// badInput marks err as caused by the user's input (exit status 2).
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// exitError carries an exit status chosen by the command, with a message.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }
