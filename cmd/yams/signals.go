package main

// Interruption by SIGINT (Ctrl-C), SIGTERM (a batch system's notice) and SIGHUP (the
// terminal closed), each as SIGTERM is: a run stops in good order and writes what it
// played; a second signal, or the first for a command that cannot stop in good order,
// halts it at once (halt).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"yams/internal/outfile"
)

// stopSignals are the signals that stop a command.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// exitProcess ends the process (os.Exit; a test replaces it).
var exitProcess = os.Exit

// pause, when not nil, is called at the named points of a command where a test holds it
// to send it a signal at a known moment, or breaks it (signals_test.go): "distill-step",
// once a rule is learned; "out-fill", before the files of --out are written into path,
// the folder aside; "checkpoint-written", once the last checkpoint of a run has taken
// its place, before the run goes on. It is nil in yams.
var pause func(point, path string)

// interruptible returns a context that the first stop signal cancels, with the signal as
// its cause (interruption); the signal then calls each of onSignal, which stop at once
// what the context cannot (the processes of external bots, waited for in a read). A
// second signal halts the command (halt): the process ends at once.
func (e *env) interruptible(onSignal ...func()) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(signalError{sig})
			for _, f := range onSignal {
				f()
			}
		case <-done:
			return
		}
		select {
		case sig := <-ch:
			e.halt(sig, "again")
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// haltOnSignal makes the first stop signal halt the command, one that cannot stop in good
// order (distill: its learning cannot be stopped half-way); progress, if not nil, says how
// far it got. It returns the function that ends the handling.
func (e *env) haltOnSignal(progress func() string) func() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			where := ""
			if progress != nil {
				where = progress()
			}
			e.halt(sig, where)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// halt ends the process at once on sig, with the exit status 128 + its number: the writes
// under way are undone, or finished if they were taking their place (outfile.Halt), so
// that every output is whole or as it was; nothing the command prints after it reaches
// the user; and one line says what happened, which outputs were written and which were
// left as they were. when says when it came ("again", or how far the command got).
func (e *env) halt(sig os.Signal, when string) {
	e.halting.Store(true)
	outfile.Halt()
	name, code := signalName(sig), 130
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	msg := "interrupted by " + name
	if when != "" {
		msg += " " + when
	}
	msg += ": stopped at once"
	var written, left []string
	if e.flags != nil {
		e.flags.VisitAll(func(f *pflag.Flag) {
			if f.Annotations[annotationOutput] == nil || f.Value.String() == "" {
				return
			}
			what := "--" + f.Name + " " + f.Value.String()
			// outfile says which files took their place, final once it has halted:
			// a checkpoint replaced just before, whose writer had yet to say so, is
			// written, not left as it was.
			if e.hasWritten(f.Name) || outfile.Written(f.Value.String()) {
				written = append(written, what)
			} else {
				left = append(left, what)
			}
		})
	}
	switch {
	case len(written) == 0 && len(left) == 0:
	case len(written) == 0:
		msg += "; nothing written, " + strings.Join(left, " and ") + " left as " + itWas(len(left))
	default:
		msg += "; written: " + strings.Join(written, ", ")
		if len(left) > 0 {
			msg += "; left as " + itWas(len(left)) + ": " + strings.Join(left, ", ")
		}
	}
	fmt.Fprintf(e.rawStderr, "yams: %s: %s\n", e.cmd.name, msg)
	exitProcess(code)
}

// itWas is "it was" for one output, "they were" for several.
func itWas(n int) string {
	if n == 1 {
		return "it was"
	}
	return "they were"
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "interrupted by " + signalName(e.sig) }

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// interruption returns the signal that cancelled ctx and the exit status that says so,
// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP); ok is
// false if no signal did.
func interruption(ctx context.Context) (name string, code int, ok bool) {
	var se signalError
	if !errors.As(context.Cause(ctx), &se) {
		return "", 0, false
	}
	code = 130
	if s, isSys := se.sig.(syscall.Signal); isSys {
		code = 128 + int(s)
	}
	return signalName(se.sig), code, true
}
