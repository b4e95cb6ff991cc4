package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
}

// command is one subcommand. Each lives in its own file and registers itself in init.
type command struct {
	name    string
	summary string
	// run executes the subcommand; env carries the streams. A returned usageError
	// exits with status 2, any other error with status 1.
	run func(env *env, args []string) error
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("yams: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// env is what a subcommand may touch of the outside world, so tests run it in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// interactive is true when stderr is a terminal: progress lines are shown.
	interactive bool
}

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

func run(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, interactive: isTerminal(stderr)}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return exitCode(stderr, c.run(e, []string{"--help"}))
			}
		}
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "yams: unknown command %q (commands: %s)\n", args[0], strings.Join(commandNames(), ", "))
		return 2
	}
	return exitCode(stderr, c.run(e, args[1:]))
}

func exitCode(stderr io.Writer, err error) int {
	if err == nil || errors.Is(err, pflag.ErrHelp) {
		return 0
	}
	// One line: a message never spans lines, whatever error it wraps.
	msg := strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")
	fmt.Fprintf(stderr, "yams: %s\n", msg)
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "yams plays Yahtzee and Yam's with bot strategies and reports how they compare.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: yams COMMAND [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'yams COMMAND --help' for the flags of a command.")
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
